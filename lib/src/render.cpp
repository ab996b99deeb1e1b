// Renderer dispatch, batch summaries and the helpers every renderer shares.
// Each format lives in its own render_<format>.cpp.
#include "gpuwhy/render.h"

#include <algorithm>
#include <map>

#include "gpuwhy/error.h"
#include "render_detail.h"

namespace gpuwhy::render {

// Defined in render_csv.cpp and render_json.cpp; only this file dispatches to them.
namespace detail {
std::string batch_csv(const std::vector<BatchRow>& rows, const Options& opts);
std::string batch_json(const std::vector<BatchRow>& rows, const Options& opts);
std::string batch_html(const std::vector<BatchRow>& rows, const Options& opts);
std::string batch_markdown(const std::vector<BatchRow>& rows, const Options& opts);
}  // namespace detail

std::vector<std::string> format_names() {
  return {"table", "json", "junit", "gradescope", "lti", "tap", "csv", "html", "markdown", "github-classroom"};
}

std::optional<Format> parse_format(std::string_view name) {
  const auto names = format_names();
  for (std::size_t i = 0; i < names.size(); ++i) {
    if (names[i] == name) return static_cast<Format>(i);
  }
  return std::nullopt;
}

std::string render(Format format, const RunResult& run, const Options& opts) {
  switch (format) {
    case Format::kTable: return table(run, opts);
    case Format::kJson: return json(run, opts);
    case Format::kJunit: return junit(run, opts);
    case Format::kGradescope: return gradescope(run, opts);
    case Format::kLti: return lti(run, opts);
    case Format::kTap: return tap(run, opts);
    case Format::kCsv: return csv(run, opts);
    case Format::kHtml: return html(run, opts);
    case Format::kMarkdown: return markdown(run, opts);
    case Format::kGithubClassroom: return github_classroom(run, opts);
  }
  throw Error(ErrorKind::kUsage, "unknown output format");
}

std::string batch(Format format, const std::vector<BatchRow>& rows, const Options& opts) {
  switch (format) {
    case Format::kCsv: return detail::batch_csv(rows, opts);
    case Format::kJson: return detail::batch_json(rows, opts);
    case Format::kTable: return detail::batch_table(rows, opts);
    case Format::kHtml: return detail::batch_html(rows, opts);
    case Format::kMarkdown: return detail::batch_markdown(rows, opts);
    default: break;
  }
  throw Error(ErrorKind::kUsage,
              "several bundles give a batch summary: use --format table, csv, json, html or markdown");
}

// ---- Shared helpers.

bool is_empty(const Msg& m) {
  if (!m.id.empty()) return false;
  auto it = m.args.find("text");
  return it == m.args.end() || it->second.empty();
}

std::string text_of(const Msg& m, i18n::Lang lang) {
  return clean_utf8(i18n::render(m, lang));
}

std::string check_title(const CheckResult& check, i18n::Lang lang) {
  const std::string id = "check." + check.id + ".title";
  std::string t = i18n::text(id, lang);
  // i18n falls back to the catalog id itself; the check id reads better than that.
  if (t == id || t.empty()) return clean_utf8(check.id);
  return clean_utf8(t);
}

std::string summary_line(const RunResult& run, i18n::Lang lang) {
  return one_line(i18n::render(msg("ui.report.summary", {{"score", std::to_string(run.score())},
                                                         {"max_score", std::to_string(run.max_score())},
                                                         {"passed", std::to_string(run.count(Status::kPass))},
                                                         {"failed", std::to_string(run.count(Status::kFail))},
                                                         {"errors", std::to_string(run.count(Status::kError))},
                                                         {"skipped", std::to_string(run.count(Status::kSkip))}}),
                               lang),
                  1000);
}

std::string incomplete_line(const RunResult& run, i18n::Lang lang) {
  return one_line(
      i18n::render(msg("ui.report.grading-incomplete", {{"errors", std::to_string(run.count(Status::kError))}}), lang),
      1000);
}

std::vector<StepSummary> step_summaries(const RunResult& run) {
  std::map<int, StepSummary> by_step;
  for (const auto& c : run.checks) {
    StepSummary& s = by_step[c.step];
    s.step = c.step;
    s.score += c.score;
    switch (c.outcome.status) {
      case Status::kPass: ++s.passed; break;
      case Status::kFail: ++s.failed; break;
      case Status::kError: ++s.errors; break;
      case Status::kSkip: ++s.skipped; break;
    }
    if (c.outcome.status != Status::kSkip) s.max_score += c.points;
  }
  std::vector<StepSummary> out;
  out.reserve(by_step.size());
  for (auto& [step, s] : by_step) out.push_back(s);
  return out;
}

}  // namespace gpuwhy::render
