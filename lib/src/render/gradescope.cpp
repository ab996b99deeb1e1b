// Gradescope autograder results.json (`--format gradescope`), after the published spec
// (gradescope/autograder_samples: docs/specs.md).
//
// An incomplete run (any `error` check) must not become a grade of zero. results.json has no
// "not graded" state: a top-level `score` overrides the test total, and the platform's own
// "failed at no fault of the student" flag (`autograder_error`) is only set when results.json is
// missing or malformed. So, when grading is incomplete:
//   - there is no top-level `score` (and no `max_score`): we never hand Gradescope a total;
//   - a check that could not be evaluated is an informational test (no `score`/`max_score`, status
//     "failed", an output that says it was not the student's fault), never a test scored 0;
//   - checks that were graded keep their real points, so the student still sees what to fix;
//   - the top-level `output` starts with "grading incomplete", and `extra_data.complete` is false,
//     so an autograder wrapper can act on it (e.g. discard the run; `gpuwhy check` also exits 3).
// Unselected checks are left out: they are not part of this grading.
//
// Causes: a failed test's output starts with "root cause" or "caused by: TITLE (ID)", its tags
// add "root-cause" or "caused-by:ID", the top-level output ends with the "Fix first" line, and
// `extra_data.roots` lists the root causes (the report JSON's `roots`).
//
// `--hide-expected`: a test's visibility applies to the whole test, so the expected value moves
// out of the visible test into a companion informational test with visibility "after_due_date".
#include <map>

#include <fmt/format.h>

#include <nlohmann/json.hpp>

#include "gpuwhy/render/render.h"

namespace gpuwhy::render {

using ojson = nlohmann::ordered_json;

namespace {

std::string label(std::string_view id, const Options& opts) {
  return i18n::text(id, opts.lang);
}

std::string test_output(const RunResult& run, const CheckResult& c, const Options& opts, bool with_expected) {
  const auto& o = c.outcome;
  std::string out;
  if (const std::string cause = cause_line(run, c, opts.lang); !cause.empty()) out += cause + "\n";
  if (c.outcome.status == Status::kError) out += label("ui.report.not-evaluated", opts) + "\n";
  const auto add = [&](std::string_view id, const Msg& m) {
    if (!is_empty(m)) out += label(id, opts) + ": " + text_of(m, opts.lang) + "\n";
  };
  if (with_expected) add("ui.report.expected", o.expected);
  add("ui.report.actual", o.actual);
  add("ui.report.hint", o.hint);
  if (!o.evidence.empty() && (o.status != Status::kPass || opts.verbose)) {
    out += label("ui.report.evidence", opts) + ":\n";
    for (const auto& line : o.evidence) out += "  " + clean_utf8(text_of(line, opts.lang)) + "\n";
  }
  return out;
}

}  // namespace

std::string gradescope(const RunResult& run, const Options& opts) {
  const bool complete = run.complete();
  ojson j;
  if (complete) {
    j["score"] = run.score();
    j["max_score"] = run.max_score();  // informational; Gradescope takes the maximum from the assignment
  }
  std::string output;
  if (!complete) output += incomplete_line(run, opts.lang) + "\n";
  output += summary_line(run, opts.lang) + "\n";
  for (const auto& w : run.meta.warnings)
    output += label("ui.report.warning", opts) + ": " + one_line(text_of(w, opts.lang), 500) + "\n";
  if (const std::string fix = fix_first_line(run, opts.lang); !fix.empty()) output += fix + "\n";
  for (const auto& line : integrity_lines(run, opts.lang)) output += line + "\n";
  j["output"] = output;
  ojson tests = ojson::array();
  std::map<int, int> index_in_step;
  for (const auto& c : run.checks) {
    const Status st = c.outcome.status;
    if (st == Status::kSkip) continue;
    const std::string number = fmt::format("{}.{}", c.step, ++index_in_step[c.step]);
    const std::string name = one_line(c.id + ": " + check_title(c, opts.lang));
    ojson t;
    t["name"] = name;
    t["number"] = number;
    if (complete && st != Status::kError) {  // an incomplete run posts no score, not even per test
      t["score"] = c.score;
      t["max_score"] = c.points;
    }
    t["status"] = st == Status::kPass ? "passed" : "failed";
    t["output"] = test_output(run, c, opts, !opts.hide_expected);
    t["visibility"] = "visible";
    t["tags"] = ojson::array({fmt::format("step{}", c.step), c.id, to_string(st)});
    if (st == Status::kFail) {
      t["tags"].push_back(c.outcome.caused_by.empty() ? std::string("root-cause") : "caused-by:" + c.outcome.caused_by);
    }
    tests.push_back(std::move(t));
    if (opts.hide_expected && st != Status::kPass && !is_empty(c.outcome.expected)) {
      ojson e;
      e["name"] = one_line(c.id + ": " + label("ui.report.expected", opts));
      e["number"] = number;
      e["status"] = st == Status::kPass ? "passed" : "failed";
      e["output"] = label("ui.report.expected", opts) + ": " + text_of(c.outcome.expected, opts.lang) + "\n";
      e["visibility"] = "after_due_date";
      e["tags"] = ojson::array({fmt::format("step{}", c.step), c.id, "expected"});
      tests.push_back(std::move(e));
    }
  }
  j["tests"] = std::move(tests);
  j["extra_data"] = ojson{{"gpuwhy_version", clean_utf8(run.meta.gpuwhy_version)},
                          {"lab_id", clean_utf8(run.meta.lab_id)},
                          {"generated_at", clean_utf8(run.meta.generated_at)},
                          {"complete", complete},
                          {"roots", run.roots()},
                          {"exit_code", run.exit_code()},
                          {"expected_hidden", opts.hide_expected}};
  return j.dump(2, ' ', false, ojson::error_handler_t::replace) + "\n";
}

}  // namespace gpuwhy::render
