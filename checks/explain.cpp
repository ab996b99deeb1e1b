#include "explain.h"

#include <string_view>
#include <utility>

#include <fmt/format.h>

#include "gpuwhy/base/text.h"
#include "gpuwhy/base/wrap.h"
#include "gpuwhy/lab/lab.h"

namespace gpuwhy::checks {

namespace {

// `line` as it is when it fits (its spaces kept), else wrapped.
std::string fit(const std::string& line, std::size_t width) {
  return text::display_width(line) <= width ? line + "\n" : text::wrap(line, width, "");
}

// ---- sections ------------------------------------------------------------------------------

// `part` without a leading label that the heading already says ("Usual mistakes: X" under the
// heading "Usual mistakes" is X); any other label stays ("This is the classic mistake ...: X").
std::string without_heading(const std::string& part, const std::string& heading) {
  const auto colon = part.find(": ");
  if (colon == std::string::npos || colon == 0 || heading.rfind(part.substr(0, colon), 0) != 0) return part;
  return text::trim(part.substr(colon + 2));
}

// Parts of one section joined: a space between sentences, none after a wide full stop (Japanese).
void append(std::string& to, const std::string& part) {
  std::size_t last = to.size();
  while (last > 0 && (static_cast<unsigned char>(to[last - 1]) & 0xC0U) == 0x80U) --last;  // UTF-8 continuation
  if (last > 0 && text::display_width(std::string_view(to).substr(last - 1)) < 2) to += ' ';
  to += part;
}

std::string explain_one(const CheckInfo& c, i18n::Lang l, std::size_t width) {
  const std::string id(c.id);
  std::string out = fit(fmt::format("{} — {}", id, i18n::text("check." + id + ".title", l, lab::names())), width);
  out +=
      fit(fmt::format("{}: {}  {}: {}", i18n::text("ui.col.step", l), c.step, i18n::text("ui.col.points", l), c.points),
          width);
  const auto parts = i18n::parts("check." + id + ".explain", l, lab::names());
  for (const auto& [name, heading_id] :
       {std::pair{"what", "ui.explain.what"}, std::pair{"why", "ui.explain.why"}, std::pair{"look", "ui.explain.look"},
        std::pair{"mistakes", "ui.explain.mistakes"}}) {
    const std::string heading = i18n::text(heading_id, l);
    std::string body;
    for (const auto& p : parts) {
      if (p.name == name) append(body, without_heading(p.text, heading));
    }
    // How to look yourself ends with the kubectl command that shows the fact (check.<id>.look).
    if (std::string_view(name) == "look") append(body, i18n::text("check." + id + ".look", l, lab::names()));
    if (body.empty()) continue;  // no text for this section: left out, never made up
    out += "\n" + fit(heading, width) + text::wrap(body, width, width >= 20 ? "  " : "");
  }
  return out;
}

}  // namespace

std::string explain_page(const std::vector<const CheckInfo*>& found, i18n::Lang lang, std::size_t width) {
  std::string out;
  // A step: its title first ("Step 2 — advertise nvidia.com/gpu in node status").
  if (found.size() > 1)
    out = fit(i18n::text("ui.step." + std::to_string(found.front()->step), lang, lab::names()), width);
  for (const CheckInfo* c : found) out += "\n" + explain_one(*c, lang, width);
  if (found.size() == 1) out.erase(0, 1);
  return out;
}

}  // namespace gpuwhy::checks
