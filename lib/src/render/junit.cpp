// JUnit XML (`--format junit`), shaped for the strictest common consumers (Jenkins, GitLab):
// an XML prolog, ONE <testsuites> root whose counts are the sums of its suites' counts (the
// kube-bench #883 and kubeconform #246 mistakes), a one-line `message` with the details in the
// element body (kubescape #2101), and unique classname + name pairs (GitLab drops duplicates).
// The shape is checked against schema/junit.xsd in the tests.
#include <fmt/format.h>

#include "gpuwhy/base/text.h"
#include "gpuwhy/render/render.h"

namespace gpuwhy::render {

namespace {

// XML-escapes valid UTF-8. Characters XML 1.0 forbids (C0 controls other than tab, LF and CR;
// U+FFFE and U+FFFF) cannot even be written as character references, so they become U+FFFD.
// In attributes tab, LF and CR are written as references so attribute normalisation keeps them;
// in text CR is, so it survives line-end normalisation.
std::string xml_escape(std::string_view in, bool attribute) {
  return text::escape_each(clean_utf8(in), [attribute](char32_t cp) -> std::string {
    switch (cp) {
      case '&': return "&amp;";
      case '<': return "&lt;";
      case '>': return "&gt;";
      case '"': return attribute ? "&quot;" : "";
      case '\'': return attribute ? "&apos;" : "";
      case '\r': return "&#13;";
      case '\n': return attribute ? "&#10;" : "";
      case '\t': return attribute ? "&#9;" : "";
      default: break;
    }
    if (cp < 0x20 || cp == 0xFFFE || cp == 0xFFFF) return "\xEF\xBF\xBD";  // not even as a reference
    return "";
  });
}

std::string attr(std::string_view s) {
  return xml_escape(s, true);
}
std::string body(std::string_view s) {
  return xml_escape(s, false);
}

// expected / actual / hint / evidence, one labelled block each; labels come from the catalog.
std::string details(const RunResult& run, const CheckResult& c, const Options& opts) {
  const auto& o = c.outcome;
  std::string out;
  const auto add = [&](std::string_view label_id, const Msg& m) {
    if (is_empty(m)) return;
    out += i18n::text(label_id, opts.lang) + ": " + text_of(m, opts.lang) + "\n";
  };
  // A failure says whether it is a root cause or which failed check it follows from.
  if (o.status == Status::kFail)
    out += o.caused_by.empty() ? i18n::text("ui.report.root-cause", opts.lang) + "\n"
                               : cause_line(run, c, opts.lang) + "\n";
  if (!opts.hide_expected) add("ui.report.expected", o.expected);
  add("ui.report.actual", o.actual);
  add("ui.report.hint", o.hint);
  if (!o.evidence.empty()) {
    out += i18n::text("ui.report.evidence", opts.lang) + ":\n";
    for (const auto& line : o.evidence) out += "  " + text_of(line, opts.lang) + "\n";
  }
  return out;
}

// The headline a CI page shows: what is wrong (the first sentence of a root's hint), the fault a
// consequence follows from, or what an error could not read. A bare value ("none") says nothing.
std::string message_of(const RunResult& run, const CheckResult& c, const Options& opts) {
  const auto& o = c.outcome;
  if (o.status == Status::kFail && !o.caused_by.empty()) return one_line(cause_line(run, c, opts.lang));
  if (o.status == Status::kFail && !is_empty(o.hint)) {
    if (std::string fault = first_sentence(text_of(o.hint, opts.lang)); !fault.empty()) return fault;
  }
  if (!is_empty(o.actual)) return one_line(text_of(o.actual, opts.lang));
  if (!is_empty(o.hint)) return one_line(text_of(o.hint, opts.lang));
  return one_line(check_title(c, opts.lang));
}

std::string suite_name(int step) {
  return fmt::format("gpuwhy.step{}", step);
}

void property(std::string& out, std::string_view name, std::string_view value) {
  out += fmt::format("      <property name=\"{}\" value=\"{}\"/>\n", attr(name), attr(value));
}

}  // namespace

std::string junit(const RunResult& run, const Options& opts) {
  const RunMeta& m = run.meta;
  std::string out = "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n";
  // No check is timed separately, so every time is 0 and the sums hold trivially.
  out += fmt::format("<testsuites name=\"{}\" tests=\"{}\" failures=\"{}\" errors=\"{}\" skipped=\"{}\" time=\"0\">\n",
                     attr("gpuwhy " + m.lab_id), run.checks.size(), run.count(Status::kFail), run.count(Status::kError),
                     run.count(Status::kSkip));
  for (const auto& s : step_summaries(run)) {
    out +=
        fmt::format("  <testsuite name=\"{}\" tests=\"{}\" failures=\"{}\" errors=\"{}\" skipped=\"{}\" time=\"0\">\n",
                    suite_name(s.step), s.passed + s.failed + s.errors + s.skipped, s.failed, s.errors, s.skipped);
    out += "    <properties>\n";
    property(out, "lab_id", m.lab_id);
    property(out, "gpuwhy_version", m.gpuwhy_version);
    property(out, "generated_at", m.generated_at);
    property(out, "server_version", m.server_version);
    property(out, "step_score", std::to_string(s.score));
    property(out, "step_max_score", std::to_string(s.max_score));
    property(out, "run_score", std::to_string(run.score()));
    property(out, "run_max_score", std::to_string(run.max_score()));
    property(out, "run_complete", run.complete() ? "true" : "false");
    property(out, "run_roots", text::join(run.roots(), " "));
    property(out, "expected_hidden", opts.hide_expected ? "true" : "false");
    for (const auto& w : m.warnings) property(out, "warning", one_line(text_of(w, opts.lang), 500));
    property(out, "integrity", integrity_status(run.integrity));
    for (const auto& line : integrity_lines(run, opts.lang)) property(out, "integrity_finding", line);
    out += "    </properties>\n";
    for (const auto& c : run.checks) {
      if (c.step != s.step) continue;
      out += fmt::format("    <testcase classname=\"{}\" name=\"{}\" time=\"0\"", suite_name(c.step),
                         attr(one_line(c.id + ": " + check_title(c, opts.lang))));
      switch (c.outcome.status) {
        case Status::kPass:
          if (opts.verbose && !c.outcome.evidence.empty()) {
            out += ">\n      <system-out>" + body(details(run, c, opts)) + "</system-out>\n    </testcase>\n";
          } else {
            out += "/>\n";
          }
          break;
        case Status::kFail:
          out += fmt::format(">\n      <failure message=\"{}\" type=\"fail\">{}</failure>\n    </testcase>\n",
                             attr(message_of(run, c, opts)), body(details(run, c, opts)));
          break;
        case Status::kError:
          out += fmt::format(">\n      <error message=\"{}\" type=\"error\">{}</error>\n    </testcase>\n",
                             attr(message_of(run, c, opts)), body(details(run, c, opts)));
          break;
        case Status::kSkip:
          out += fmt::format(">\n      <skipped message=\"{}\"/>\n    </testcase>\n",
                             attr(i18n::text("ui.report.not-selected", opts.lang)));
          break;
      }
    }
    out += "  </testsuite>\n";
  }
  out += "</testsuites>\n";
  return out;
}

}  // namespace gpuwhy::render
