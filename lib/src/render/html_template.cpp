// The HTML report's template (report.html.tmpl): its named blocks filled, {{text}} slots escaped
// and {{{markup}}} slots as given. The student's page (html.cpp) and the class page
// (class_html.cpp) are made only of these blocks.
#include "html_template.h"

#include <map>
#include <stdexcept>
#include <string>
#include <string_view>

#include "gpuwhy/base/text.h"
#include "gpuwhy/i18n/i18n.h"
#include "render_detail.h"

namespace gpuwhy::render {

namespace detail {
extern const std::string_view kReportTemplate;  // generated from report.html.tmpl (CMakeLists.txt)
}  // namespace detail

namespace html_tmpl {

std::string escape_html(std::string_view in) {
  return text::escape_each(clean_utf8(in), [](char32_t cp) -> std::string {
    switch (cp) {
      case '&': return "&amp;";
      case '<': return "&lt;";
      case '>': return "&gt;";
      case '"': return "&quot;";
      case '\'': return "&#39;";
      case '\n':
      case '\t': return "";
      case '\r': return "\n";
      default: break;
    }
    // C0/C1 controls and noncharacters are not text a browser shows: U+FFFD says something was there.
    if (cp < 0x20 || (cp >= 0x7F && cp < 0xA0) || cp == 0xFFFE || cp == 0xFFFF) return "\xEF\xBF\xBD";
    return "";
  });
}

Slot markup(std::string html) {
  return Slot{std::move(html), true};
}
Slot txt(std::string text) {
  return Slot{std::move(text), false};
}
Slot num(long n) {
  return Slot{std::to_string(n), false};
}

std::string_view block(std::string_view name) {
  const std::string open = "<!--#" + std::string(name) + "-->";
  const std::string close = "<!--/" + std::string(name) + "-->";
  const std::string_view t = detail::kReportTemplate;
  const std::size_t a = t.find(open);
  const std::size_t b = a == std::string_view::npos ? a : t.find(close, a);
  if (b == std::string_view::npos) throw std::logic_error("report.html.tmpl has no block " + std::string(name));
  return t.substr(a + open.size(), b - a - open.size());
}

// Fills one block. A slot must be given with the kind the template asks for: {{x}} is always
// escaped text, so nothing a student wrote can ever be inserted as markup.
std::string fill(std::string_view name, const Slots& slots) {
  const std::string_view b = block(name);
  std::string out;
  std::size_t i = 0;
  while (i < b.size()) {
    const std::size_t at = b.find("{{", i);
    if (at == std::string_view::npos) break;
    out.append(b.substr(i, at - i));
    const bool raw = b.compare(at, 3, "{{{") == 0;
    const std::size_t start = at + (raw ? 3 : 2);
    const std::size_t end = b.find(raw ? "}}}" : "}}", start);
    if (end == std::string_view::npos) throw std::logic_error("unclosed slot in block " + std::string(name));
    const std::string key(b.substr(start, end - start));
    const auto it = slots.find(key);
    if (it == slots.end() || it->second.markup != raw) {
      throw std::logic_error("block " + std::string(name) + ": slot " + key + " missing or of the wrong kind");
    }
    out += raw ? it->second.value : escape_html(it->second.value);
    i = end + (raw ? 3 : 2);
  }
  out.append(b.substr(i));
  return out;
}

std::string tr(const char* id, i18n::Lang lang) {
  return i18n::text(id, lang);
}

std::string page(const std::string& title, std::string body, i18n::Lang lang) {
  return fill("page", {{"lang", txt(i18n::to_string(lang))},
                       {"title", txt(title)},
                       {"version", txt(GPUWHY_VERSION)},
                       {"body", markup(std::move(body))}});
}

std::string meta_text(const RunMeta& m, i18n::Lang lang) {
  return i18n::render(msg("ui.report.meta", {{"version", m.gpuwhy_version},
                                             {"server", m.server_version.empty() ? "-" : m.server_version},
                                             {"generated_at", m.generated_at},
                                             {"source", detail::source_text(m.source, lang)}}),
                      lang);
}

}  // namespace html_tmpl

}  // namespace gpuwhy::render
