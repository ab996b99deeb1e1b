#pragma once
/// The HTML report's template (report.html.tmpl): named blocks, {{text}} slots (always escaped, so
/// nothing a student wrote is ever markup) and {{{markup}}} slots made from other blocks.

#include <map>
#include <string>
#include <string_view>

#include "gpuwhy/i18n/i18n.h"
#include "gpuwhy/model/result.h"

namespace gpuwhy::render::html_tmpl {

/// A value for a slot: text (escaped when filled) or markup made from other blocks.
struct Slot {
  std::string value;
  bool markup = false;
};
using Slots = std::map<std::string, Slot>;

Slot markup(std::string html);
Slot txt(std::string text);
Slot num(long n);

/// Text as HTML: escaped, each control character shown as U+FFFD.
std::string escape_html(std::string_view in);
/// The block `name` with its slots filled; a slot missing or of the wrong kind is a logic_error.
std::string fill(std::string_view name, const Slots& slots);
/// The catalog text `id`.
std::string tr(const char* id, i18n::Lang lang);
/// A whole page around `body`.
std::string page(const std::string& title, std::string body, i18n::Lang lang);
/// The line under a report's title: versions, time, source.
std::string meta_text(const RunMeta& m, i18n::Lang lang);

}  // namespace gpuwhy::render::html_tmpl
