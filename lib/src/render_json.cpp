// The native JSON report (`--format json`) and the batch JSON summary.
// The shape is published in schema/report.schema.json; fields are only ever added.
#include <algorithm>

#include <nlohmann/json.hpp>

#include "gpuwhy/error.h"
#include "gpuwhy/render.h"

namespace gpuwhy::render {

using ojson = nlohmann::ordered_json;

namespace {

// null when the message says nothing, so consumers can tell "no hint" from an empty text.
ojson text_or_null(const Msg& m, i18n::Lang lang) {
  if (is_empty(m)) return nullptr;
  return text_of(m, lang);
}

ojson check_json(const CheckResult& c, const Options& opts) {
  const Status st = c.outcome.status;
  ojson j;
  j["id"] = c.id;
  j["step"] = c.step;
  j["title"] = check_title(c, opts.lang);
  j["status"] = to_string(st);
  j["points"] = c.points;
  // An `error` check was not graded and a `skip` check was not selected: neither is a zero.
  j["score"] = (st == Status::kPass || st == Status::kFail) ? ojson(c.score) : ojson(nullptr);
  j["expected"] = opts.hide_expected ? ojson(nullptr) : text_or_null(c.outcome.expected, opts.lang);
  j["actual"] = text_or_null(c.outcome.actual, opts.lang);
  j["hint"] = text_or_null(c.outcome.hint, opts.lang);
  // The hint's catalog id: the same mistake has the same id whatever the values in its text.
  j["hint_id"] = c.outcome.hint.id.empty() ? ojson(nullptr) : ojson(c.outcome.hint.id);
  ojson ev = ojson::array();
  for (const auto& line : c.outcome.evidence) ev.push_back(clean_utf8(line));
  j["evidence"] = std::move(ev);
  return j;
}

std::string dump(const ojson& j) {
  // Every string was cleaned to valid UTF-8 on the way in; `replace` is a second safety net so a
  // stray byte can never turn a report into an exception.
  return j.dump(2, ' ', false, ojson::error_handler_t::replace) + "\n";
}

}  // namespace

ojson json_value(const RunResult& run, const Options& opts) {
  const RunMeta& m = run.meta;
  ojson j;
  j["schema_version"] = kReportSchemaVersion;
  j["kind"] = "gpuwhy-report";
  j["gpuwhy_version"] = clean_utf8(m.gpuwhy_version);
  j["lab_id"] = clean_utf8(m.lab_id);
  j["generated_at"] = clean_utf8(m.generated_at);
  j["server_version"] = clean_utf8(m.server_version);
  j["source"] = clean_utf8(m.source);
  j["lang"] = i18n::to_string(opts.lang);
  j["complete"] = run.complete();
  j["score"] = run.score();
  j["max_score"] = run.max_score();
  int graded_max = 0;
  for (const auto& c : run.checks) {
    if (c.outcome.status == Status::kPass || c.outcome.status == Status::kFail) graded_max += c.points;
  }
  j["graded_max_score"] = graded_max;
  j["exit_code"] = run.exit_code();
  j["expected_hidden"] = opts.hide_expected;
  j["totals"] = ojson{{"checks", static_cast<int>(run.checks.size())},
                      {"passed", run.count(Status::kPass)},
                      {"failed", run.count(Status::kFail)},
                      {"errors", run.count(Status::kError)},
                      {"skipped", run.count(Status::kSkip)}};
  ojson steps = ojson::array();
  for (const auto& s : step_summaries(run)) {
    steps.push_back(ojson{{"step", s.step},
                          {"score", s.score},
                          {"max_score", s.max_score},
                          {"complete", s.complete()},
                          {"passed", s.passed},
                          {"failed", s.failed},
                          {"errors", s.errors},
                          {"skipped", s.skipped}});
  }
  j["steps"] = std::move(steps);
  ojson warnings = ojson::array();
  for (const auto& w : m.warnings) warnings.push_back(clean_utf8(w));
  j["warnings"] = std::move(warnings);
  ojson checks = ojson::array();
  for (const auto& c : run.checks) checks.push_back(check_json(c, opts));
  j["checks"] = std::move(checks);
  return j;
}

std::string json(const RunResult& run, const Options& opts) {
  return dump(json_value(run, opts));
}

namespace detail {

std::string batch_json(const std::vector<BatchRow>& rows, const Options& opts) {
  std::string generated_at = opts.generated_at;
  if (generated_at.empty()) {
    // RFC 3339 times in UTC with the same layout sort as text; the cmd writes them that way.
    for (const auto& r : rows) {
      if (r.run) generated_at = std::max(generated_at, r.run->meta.generated_at);
    }
  }
  ojson j;
  j["schema_version"] = kBatchSchemaVersion;
  j["kind"] = "gpuwhy-batch";
  j["gpuwhy_version"] = GPUWHY_VERSION;
  j["generated_at"] = clean_utf8(generated_at);
  ojson subs = ojson::array();
  for (const auto& r : rows) {
    ojson s;
    s["user"] = clean_utf8(r.user);
    s["origin"] = clean_utf8(r.origin);
    if (r.run) {
      const bool complete = r.run->complete();
      s["complete"] = complete;
      // The summary's score is a grade: none when grading was incomplete (the report keeps the detail).
      s["score"] = complete ? ojson(r.run->score()) : ojson(nullptr);
      s["max_score"] = r.run->max_score();
      s["exit_code"] = r.run->exit_code();
      s["error"] = nullptr;
      s["report"] = json_value(*r.run, opts);
    } else {
      s["complete"] = false;
      s["score"] = nullptr;
      s["max_score"] = nullptr;
      s["exit_code"] = kExitIncomplete;  // the bundle could not be graded
      s["error"] = one_line(r.error.empty() ? std::string("bundle could not be graded") : r.error, 500);
      s["report"] = nullptr;
    }
    subs.push_back(std::move(s));
  }
  j["submissions"] = std::move(subs);
  return dump(j);
}

}  // namespace detail

}  // namespace gpuwhy::render
