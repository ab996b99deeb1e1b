// The native JSON report (`--format json`) and the batch JSON summary.
// The shape is published in schema/report.schema.json; fields are only ever added.
#include <algorithm>

#include <fmt/format.h>

#include "gpuwhy/base/error.h"
#include "gpuwhy/i18n/i18n.h"
#include "gpuwhy/render/render.h"
#include "json/json_out.h"
#include "render_detail.h"

namespace gpuwhy::render {

using detail::JsonOut;

namespace {

// null when the message says nothing, so consumers can tell "no hint" from an empty text.
void text_or_null(JsonOut& w, std::string_view key, const Msg& m, i18n::Lang lang) {
  if (is_empty(m)) {
    w.null_member(key);
  } else {
    // text_of() without its clean_utf8: JsonOut writes text that is not UTF-8 cleaned the same way.
    w.member(key, i18n::render(m, lang));
  }
}

void check_json(JsonOut& w, const CheckResult& c, const Options& opts) {
  const Status st = c.outcome.status;
  w.begin_object();
  w.member("id", c.id);
  w.member("step", c.step);
  w.member("title", check_title(c, opts.lang));
  w.member("status", to_string(st));
  w.member("points", c.points);
  // An `error` check was not graded and a `skip` check was not selected: neither is a zero.
  if (st == Status::kPass || st == Status::kFail) {
    w.member("score", c.score);
  } else {
    w.null_member("score");
  }
  if (opts.hide_expected) {
    w.null_member("expected");
  } else {
    text_or_null(w, "expected", c.outcome.expected, opts.lang);
  }
  text_or_null(w, "actual", c.outcome.actual, opts.lang);
  text_or_null(w, "hint", c.outcome.hint, opts.lang);
  // The hint's catalog id: the same mistake has the same id whatever the values in its text.
  if (c.outcome.hint.id.empty()) {
    w.null_member("hint_id");
  } else {
    w.member("hint_id", c.outcome.hint.id);
  }
  w.key("evidence");
  w.begin_array();
  for (const auto& line : c.outcome.evidence) w.value(i18n::render(line, opts.lang));
  w.end_array();
  // The failed check whose failure explains this one; null on a root cause and on every non-failure.
  if (c.outcome.caused_by.empty()) {
    w.null_member("caused_by");
  } else {
    w.member("caused_by", c.outcome.caused_by);
  }
  w.end_object();
}

void strings_member(JsonOut& w, std::string_view key, const std::vector<std::string>& list) {
  w.key(key);
  w.begin_array();
  for (const auto& s : list) w.value(s);
  w.end_array();
}

void step_json(JsonOut& w, const StepSummary& s) {
  w.begin_object();
  w.member("step", s.step);
  w.member("score", s.score);
  w.member("max_score", s.max_score);
  w.member("complete", s.complete());
  w.member("passed", s.passed);
  w.member("failed", s.failed);
  w.member("errors", s.errors);
  w.member("skipped", s.skipped);
  w.end_object();
}

// Whether the snapshot reads as the cluster left it: never a change to the score.
void integrity_json(JsonOut& w, const Integrity& in, i18n::Lang lang) {
  w.key("integrity");
  w.begin_object();
  w.member("status", integrity_status(in));
  w.key("findings");
  w.begin_array();
  for (const auto& f : in.findings) {
    w.begin_object();
    w.member("id", f.id);
    w.member("message", i18n::render(f.text, lang));
    strings_member(w, "objects", f.objects);
    w.end_object();
  }
  w.end_array();
  strings_member(w, "same_cluster_as", in.same_cluster_as);
  w.member("same_cluster_count", static_cast<int>(in.same_cluster_count));
  strings_member(w, "same_bundle_as", in.same_bundle_as);
  w.member("same_bundle_count", static_cast<int>(in.same_bundle_count));
  w.end_object();
}

// The native report, written into `w` (at the top level or as a member's value).
void report_json(JsonOut& w, const RunResult& run, const Options& opts) {
  const RunMeta& m = run.meta;
  w.begin_object();
  w.member("schema_version", kReportSchemaVersion);
  w.member("kind", "gpuwhy-report");
  w.member("gpuwhy_version", m.gpuwhy_version);
  w.member("lab_id", m.lab_id);
  w.member("generated_at", m.generated_at);
  w.member("taken_at", m.taken_at);
  w.member("server_version", m.server_version);
  w.member("source", m.source);
  w.member("lang", i18n::to_string(opts.lang));
  w.member("complete", run.complete());
  w.member("score", run.score());
  w.member("max_score", run.max_score());
  int graded_max = 0;
  for (const auto& c : run.checks) {
    if (c.outcome.status == Status::kPass || c.outcome.status == Status::kFail) graded_max += c.points;
  }
  w.member("graded_max_score", graded_max);
  w.member("exit_code", run.exit_code());
  w.member("expected_hidden", opts.hide_expected);
  w.key("totals");
  w.begin_object();
  w.member("checks", static_cast<int>(run.checks.size()));
  w.member("passed", run.count(Status::kPass));
  w.member("failed", run.count(Status::kFail));
  w.member("errors", run.count(Status::kError));
  w.member("skipped", run.count(Status::kSkip));
  w.end_object();
  w.key("steps");
  w.begin_array();
  for (const auto& s : step_summaries(run)) step_json(w, s);
  w.end_array();
  std::vector<std::string> warnings;
  warnings.reserve(m.warnings.size());
  for (const Msg& x : m.warnings) warnings.push_back(text_of(x, opts.lang));
  strings_member(w, "warnings", warnings);
  strings_member(w, "roots", run.roots());
  integrity_json(w, run.integrity, opts.lang);
  w.key("checks");
  w.begin_array();
  for (const auto& c : run.checks) check_json(w, c, opts);
  w.end_array();
  w.end_object();
}

}  // namespace

std::string json(const RunResult& run, const Options& opts) {
  std::string out;
  out.reserve(4096 + 1024 * run.checks.size());
  JsonOut w(out);
  report_json(w, run, opts);
  out += '\n';
  return out;
}

namespace detail {

void batch_json_head(JsonOut& w, const std::string& generated_at) {
  w.begin_object();
  w.member("schema_version", kBatchSchemaVersion);
  w.member("kind", "gpuwhy-batch");
  w.member("gpuwhy_version", GPUWHY_VERSION);
  w.member("generated_at", generated_at);
  w.key("submissions");
  w.begin_array();
}

void batch_json_row(JsonOut& w, const BatchRow& r, const RowFlags& flags, const Options& opts) {
  w.begin_object();
  w.member("user", r.user);
  w.member("origin", r.origin);
  // When the run was taken, and what --due and --roster make of it (null: no such flag, or no time).
  if (flags.taken_at.empty()) {
    w.null_member("taken_at");
  } else {
    w.member("taken_at", flags.taken_at);
  }
  for (const auto& [key, v] :
       {std::pair<const char*, std::optional<bool>>{"late", flags.late}, {"on_roster", flags.on_roster}}) {
    if (v) {
      w.member(key, *v);
    } else {
      w.null_member(key);
    }
  }
  if (r.page.empty()) {
    w.null_member("page");
  } else {
    w.member("page", r.page);
  }
  if (r.run) {
    const bool complete = r.run->complete();
    w.member("complete", complete);
    // The summary's score is a grade: none when grading was incomplete (the report keeps the detail).
    if (complete) {
      w.member("score", r.run->score());
    } else {
      w.null_member("score");
    }
    w.member("max_score", r.run->max_score());
    w.member("exit_code", r.run->exit_code());
    w.null_member("error");
    w.key("report");
    report_json(w, *r.run, opts);
  } else {
    w.member("complete", false);
    w.null_member("score");
    w.null_member("max_score");
    w.member("exit_code", kExitIncomplete);  // the bundle could not be graded
    w.member("error", one_line(r.error.empty() ? std::string("bundle could not be graded") : r.error, 500));
    w.null_member("report");
  }
  w.end_object();
}

namespace {

void class_rates(JsonOut& w, std::string_view name, const std::vector<PassRate>& rates, bool steps) {
  w.key(name);
  w.begin_array();
  for (const auto& r : rates) {
    w.begin_object();
    if (steps) {
      w.member("step", r.step);
    } else {
      w.member("id", r.id);
    }
    w.member("passed", r.passed);
    w.member("graded", r.graded);
    w.end_object();
  }
  w.end_array();
}

void users(JsonOut& w, const ClassSummary& s, const std::vector<std::uint32_t>& students) {
  w.key("students");
  w.begin_array();
  for (const auto& u : s.users(students)) w.value(u);
  w.end_array();
}

// What to reteach (concepts, most students first) and the root causes (most students first), as
// the class page ranks them.
void class_roots(JsonOut& w, const ClassSummary& s) {
  w.key("concepts");
  w.begin_array();
  for (const auto& c : s.concepts) {
    w.begin_object();
    w.member("id", c.id);
    w.member("count", static_cast<int>(c.students.size()));
    w.key("roots");
    w.begin_array();
    for (const std::size_t r : c.roots) w.value(s.roots[r].check_id);
    w.end_array();
    users(w, s, c.students);
    w.end_object();
  }
  w.end_array();
  w.key("roots");
  w.begin_array();
  for (const auto& r : s.roots) {
    w.begin_object();
    w.member("id", r.check_id);
    w.member("count", static_cast<int>(r.students.size()));
    users(w, s, r.students);
    w.end_object();
  }
  w.end_array();
}

// Who is missing (--roster) and how many came late (--due); null without them.
void class_roster(JsonOut& w, const ClassSummary& s) {
  w.key("missing");
  if (s.has_roster) {
    w.begin_array();
    for (const auto& id : s.missing) w.value(id);
    w.end_array();
    w.member("not_on_roster", static_cast<int>(s.not_on_roster));
  } else {
    w.null();
    w.null_member("not_on_roster");
  }
  w.member("suspect", static_cast<int>(s.suspect));
  if (s.due.empty()) {
    w.null_member("due");
    w.null_member("late");
  } else {
    w.member("due", s.due);
    w.member("late", static_cast<int>(s.late));
  }
}

}  // namespace

// The class's numbers as the class page and the Markdown summary show them, so a dashboard need
// not recompute them: submissions, scored and not, score statistics in % of the maximum, perfect
// scores, and pass counts per step (students) and per check (worst first, as the page).
void batch_json_class(JsonOut& w, const ClassSummary& s) {
  w.key("class");
  w.begin_object();
  w.member("submissions", static_cast<int>(s.submissions));
  w.member("scored", static_cast<int>(s.scored.size()));
  w.member("incomplete", static_cast<int>(s.incomplete.size()));
  w.member("perfect", static_cast<int>(s.perfect));
  w.key("score_percent");
  if (s.scored.empty()) {
    w.null();
  } else {
    w.begin_object();
    for (const auto& [k, v] : {std::pair<const char*, double>{"mean", s.mean_percent},
                               {"median", s.median_percent},
                               {"min", s.min_percent},
                               {"max", s.max_percent}}) {
      w.key(k);
      w.number(fmt::format("{:.1f}", v));
    }
    w.end_object();
  }
  class_rates(w, "steps", s.steps, true);
  class_rates(w, "checks", s.checks, false);
  class_roots(w, s);
  class_roster(w, s);
  w.end_object();
}

void batch_json_tail(JsonOut& w, std::string& out, const ClassSummary& s) {
  w.end_array();
  batch_json_class(w, s);
  w.end_object();
  out += '\n';
}

}  // namespace detail

}  // namespace gpuwhy::render
