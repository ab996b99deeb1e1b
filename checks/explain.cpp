#include "explain.h"

#include <algorithm>
#include <array>
#include <functional>
#include <map>
#include <string_view>
#include <utility>

#include <fmt/format.h>

#include "gpuwhy/base/error.h"
#include "gpuwhy/base/text.h"
#include "gpuwhy/base/wrap.h"
#include "gpuwhy/lab/lab.h"
#include "options.h"

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

namespace {

/// Most candidates an ambiguous word lists.
constexpr std::size_t kMaxCandidates = 10;

Error usage(const char* id, std::map<std::string, std::string> args, i18n::Lang lang) {
  return Error(ErrorKind::kUsage, i18n::render(msg(id, std::move(args)), lang));
}

// The part of an id after its step: "allocatable" of "step2.allocatable".
std::string_view name_part(std::string_view id) {
  const auto dot = id.find('.');
  return dot == std::string_view::npos ? id : id.substr(dot + 1);
}

std::vector<const CheckInfo*> matching(const std::function<bool(const CheckInfo&)>& pred) {
  std::vector<const CheckInfo*> out;
  for (const CheckInfo& c : all()) {
    if (pred(c)) out.push_back(&c);
  }
  return out;
}

}  // namespace

std::string list_page(i18n::Lang l) {
  std::vector<std::array<std::string, 4>> rows;
  rows.push_back({i18n::text("ui.col.id", l), i18n::text("ui.col.step", l), i18n::text("ui.col.points", l),
                  i18n::text("ui.col.title", l)});
  for (const auto& c : all()) {
    rows.push_back({std::string(c.id), std::to_string(c.step), std::to_string(c.points),
                    i18n::text(fmt::format("check.{}.title", c.id), l, lab::names())});
  }
  std::array<std::size_t, 3> w{};
  for (const auto& r : rows) {
    for (std::size_t i = 0; i < w.size(); ++i) w[i] = std::max(w[i], text::display_width(r[i]));
  }
  std::string out;
  for (const auto& r : rows) {
    out += text::pad(r[0], w[0]) + "  " + text::pad(r[1], w[1]) + "  " + text::pad(r[2], w[2]) + "  " + r[3] + "\n";
  }
  return out;
}

std::vector<const CheckInfo*> explained(const std::string& word, i18n::Lang lang) {
  // Japanese keyboards type full-width letters and digits (ｓｔｅｐ２): read them as ASCII.
  const std::string w = text::to_lower_ascii(text::trim(text::nfkc(word)));
  if (const CheckInfo* c = find(w)) return {c};
  if (const auto step = step_number(w)) {
    if (*step < 1 || *step > lab::kSteps)
      throw usage("cli.error.explain-step", {{"step", word}, {"steps", std::to_string(lab::kSteps)}}, lang);
    return matching([s = *step](const CheckInfo& c) { return c.step == s; });
  }
  auto found = matching([&w](const CheckInfo& c) { return name_part(c.id) == w; });
  if (found.empty() && !w.empty()) {
    found = matching([&w](const CheckInfo& c) { return c.id.find(w) != std::string_view::npos; });
  }
  if (found.size() == 1) return found;
  if (found.size() > 1) {
    std::vector<std::string> ids;
    for (const CheckInfo* c : found) {
      if (ids.size() == kMaxCandidates) {
        ids.emplace_back("…");
        break;
      }
      ids.emplace_back(c->id);
    }
    throw usage("cli.error.ambiguous-check",
                {{"word", word}, {"count", std::to_string(found.size())}, {"ids", text::join(ids)}}, lang);
  }
  std::vector<std::string> words = checks::ids();
  for (const auto& s : step_names()) words.push_back(s);
  for (const CheckInfo& c : all()) {
    const std::string part(name_part(c.id));
    if (std::find(words.begin(), words.end(), part) == words.end()) words.push_back(part);
  }
  throw Error(ErrorKind::kUsage,
              with_suggestion(i18n::render(msg("cli.error.no-such-check", {{"id", word}}), lang), w, words, lang));
}

}  // namespace gpuwhy::checks
