// TAP version 14 (`--format tap`): the plan first, one test point per check in lab order,
// `# SKIP` for unselected checks, and a YAML diagnostic block under every fail and error.
// A check that could not be evaluated is `not ok ... # error` with `severity: error`; there is no
// `Bail out!`, because every other check still ran.
#include <fmt/format.h>

#include "gpuwhy/render/render.h"

namespace gpuwhy::render {

namespace {

// The description is one line; TAP 14 makes `#` start a directive and `\` escape, so both are escaped.
std::string description(std::string_view s) {
  std::string out;
  for (char c : one_line(s, 300)) {
    if (c == '#' || c == '\\') out += '\\';
    out += c;
  }
  return out;
}

// A YAML double-quoted scalar. Valid UTF-8 passes through; every character YAML does not allow
// unescaped in a stream (C0 controls, DEL, C1 controls, U+FFFE, U+FFFF) is written as an escape.
std::string yaml_quote(std::string_view in) {
  return "\"" +
         text::escape_each(clean_utf8(in),
                           [](char32_t cp) -> std::string {
                             switch (cp) {
                               case '"': return "\\\"";
                               case '\\': return "\\\\";
                               case '\n': return "\\n";
                               case '\t': return "\\t";
                               case '\r': return "\\r";
                               default: break;
                             }
                             // C0 controls, DEL and the C1 controls U+0080..U+009F; U+FFFE and U+FFFF are not printable
                             // in YAML.
                             if (cp < 0x20 || (cp >= 0x7F && cp <= 0x9F))
                               return fmt::format("\\x{:02X}", static_cast<unsigned>(cp));
                             if (cp == 0xFFFE || cp == 0xFFFF)
                               return fmt::format("\\u{:04X}", static_cast<unsigned>(cp));
                             return "";
                           }) +
         "\"";
}

}  // namespace

std::string tap(const RunResult& run, const Options& opts) {
  std::string out = "TAP version 14\n";
  out += fmt::format("1..{}\n", run.checks.size());
  std::size_t n = 0;
  for (const auto& c : run.checks) {
    ++n;
    const Status st = c.outcome.status;
    const std::string desc = description(c.id + ": " + check_title(c, opts.lang));
    switch (st) {
      case Status::kPass: out += fmt::format("ok {} - {}\n", n, desc); continue;
      case Status::kSkip:
        out += fmt::format("ok {} - {} # SKIP {}\n", n, desc,
                           description(i18n::text("ui.report.not-selected", opts.lang)));
        continue;
      case Status::kFail: out += fmt::format("not ok {} - {}\n", n, desc); break;
      case Status::kError: out += fmt::format("not ok {} - {} # error\n", n, desc); break;
    }
    const auto& o = c.outcome;
    out += "  ---\n";
    out += "  id: " + yaml_quote(c.id) + "\n";
    out += "  severity: " + std::string(st == Status::kError ? "error" : "fail") + "\n";
    out += fmt::format("  points: {}\n", c.points);
    // A check that could not be evaluated has no score: it is not a zero.
    if (st == Status::kFail) out += fmt::format("  score: {}\n", c.score);
    // Which failures are root causes, and which follow from another.
    if (st == Status::kFail && o.caused_by.empty()) out += "  root: true\n";
    if (st == Status::kFail && !o.caused_by.empty()) out += "  caused_by: " + yaml_quote(o.caused_by) + "\n";
    if (!opts.hide_expected && !is_empty(o.expected))
      out += "  expected: " + yaml_quote(text_of(o.expected, opts.lang)) + "\n";
    if (!is_empty(o.actual)) out += "  actual: " + yaml_quote(text_of(o.actual, opts.lang)) + "\n";
    if (!is_empty(o.hint)) out += "  hint: " + yaml_quote(text_of(o.hint, opts.lang)) + "\n";
    if (!o.evidence.empty()) {
      out += "  evidence:\n";
      for (const auto& line : o.evidence) out += "    - " + yaml_quote(text_of(line, opts.lang)) + "\n";
    }
    out += "  ...\n";
  }
  if (!run.complete()) out += "# " + incomplete_line(run, opts.lang) + "\n";
  out += "# " + summary_line(run, opts.lang) + "\n";
  for (const auto& line : integrity_lines(run, opts.lang)) out += "# " + line + "\n";
  return out;
}

}  // namespace gpuwhy::render
