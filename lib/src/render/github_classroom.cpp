// GitHub Classroom (`--format github-classroom`): the runner result that the autograding grading
// reporter (github-education-resources/autograding-grading-reporter) reads. Each runner step of a
// Classroom workflow sets an output `result` = base64 of this JSON; the reporter decodes
// `<RUNNER>_RESULTS`, lists `tests[].name/status/message`, sums `tests[].score` against
// `max_score` and fails the job when `status` is "fail" or "error". The test entries carry the
// fields the Classroom graders write (name, status, score, message, test_code, filename, line_no,
// duration in ms).
//
// An incomplete run (any check `error`) is status "error" with max_score 0: the reporter skips a
// runner without max_score when it posts points, so no partial or zero grade reaches Classroom,
// and the job still fails ("Some tests errored").
//
// A suspect bundle (integrity findings) is one more test entry, "integrity", failed and worth nothing: the
// reporter lists it with its findings beside the checks; the points, max_score and the run's
// status stay the checks' (a score is never changed by it; `--require-integrity` refuses it).
#include <nlohmann/json.hpp>

#include "gpuwhy/render/render.h"
#include "render_detail.h"

namespace gpuwhy::render {

namespace {

using ojson = nlohmann::ordered_json;

// Whether the failure is a root cause or follows from another, then expected / actual / hint on
// one line each, labels from the catalog.
std::string message_of(const RunResult& run, const CheckResult& c, const Options& opts) {
  const auto& o = c.outcome;
  std::string m = cause_line(run, c, opts.lang);
  const auto add = [&](const char* label_id, const Msg& value) {
    if (is_empty(value)) return;
    if (!m.empty()) m += "\n";
    m += i18n::text(label_id, opts.lang) + ": " + one_line(text_of(value, opts.lang), 1000);
  };
  if (!opts.hide_expected) add("ui.report.expected", o.expected);
  add("ui.report.actual", o.actual);
  add("ui.report.hint", o.hint);
  return m;
}

ojson test_of(const RunResult& run, const CheckResult& c, const Options& opts) {
  const Status st = c.outcome.status;
  ojson t;
  // The reporter posts names and messages as Markdown (a PR comment): no mention may come of them.
  t["name"] = detail::defuse_mentions(c.id + ": " + check_title(c, opts.lang));
  t["status"] = to_string(st);
  t["score"] = st == Status::kPass ? c.score : 0;
  t["message"] = st == Status::kPass ? std::string() : detail::defuse_mentions(message_of(run, c, opts));
  t["test_code"] = "gpuwhy check --check " + c.id;
  t["filename"] = "";
  t["line_no"] = 0;
  t["duration"] = 0;  // the checks are pure functions of one snapshot: no time of their own
  return t;
}

ojson integrity_test(const RunResult& run, const Options& opts) {
  std::string m;
  for (const auto& line : integrity_lines(run, opts.lang)) m += (m.empty() ? "" : "\n") + line;
  ojson t;
  t["name"] = i18n::text("ui.integrity.label", opts.lang);
  t["status"] = "fail";
  t["score"] = 0;
  t["message"] = detail::defuse_mentions(m);
  t["test_code"] = "gpuwhy check --require-integrity";
  t["filename"] = "";
  t["line_no"] = 0;
  t["duration"] = 0;
  return t;
}

}  // namespace

std::string github_classroom(const RunResult& run, const Options& opts) {
  const bool complete = run.complete();
  ojson j;
  j["version"] = 1;
  j["status"] = !complete ? "error" : (run.count(Status::kFail) > 0 ? "fail" : "pass");
  j["max_score"] = complete ? run.max_score() : 0;
  ojson tests = ojson::array();
  for (const auto& c : run.checks) {
    if (c.outcome.status != Status::kSkip) tests.push_back(test_of(run, c, opts));
  }
  if (run.integrity.suspect()) tests.push_back(integrity_test(run, opts));
  j["tests"] = std::move(tests);
  return j.dump(-1, ' ', false, ojson::error_handler_t::replace) + "\n";
}

}  // namespace gpuwhy::render
