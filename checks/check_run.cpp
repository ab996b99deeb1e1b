#include "check_run.h"

#include <algorithm>
#include <chrono>
#include <optional>
#include <stdexcept>
#include <vector>

#include <fmt/format.h>

#include "batch.h"
#include "gpuwhy/base/error.h"
#include "gpuwhy/base/sys.h"
#include "gpuwhy/base/text.h"
#include "gpuwhy/model/bundle.h"
#include "gpuwhy/render/outputs.h"
#include "gpuwhy/render/pages.h"
#include "gpuwhy/render/render.h"
#include "grade.h"
#include "live.h"

namespace gpuwhy::checks {

namespace {

/// What was graded: one run (a batch is written as it is graded: run_batch).
struct Graded {
  std::optional<RunResult> run;
  int exit_code = kExitPass;
  bool input_error = false;  ///< the input could not be read: one line said it, no table follows
};

// With --require-integrity a suspect run is refused as an environment error (exit 3): each of
// its integrity lines is said on stderr, naming the bundle. The report keeps its score.
int integrity_exit(const RunResult& run, const Plan& p, const Say& say) {
  if (p.require_integrity && run.integrity.suspect()) {
    for (const auto& line : render::integrity_lines(run, p.lang))
      say.error(i18n::render(msg("cli.error.integrity", {{"source", run.meta.source}, {"line", line}}), p.lang));
  }
  return exit_code(run, p.require_integrity);
}

// An input that cannot be read (a --kubeconfig file) is said in one line naming the path: a path
// that names nothing is a usage error (2), any other failure leaves the grading incomplete (3).
// Nothing is graded and no lab file is read.
Graded input_error(const Error& e, const std::string& path, const Plan& p, const Say& say, std::string source,
                   const std::string& cause) {
  const std::string line = error_text(e, say.messages);
  say.error(line);
  Snapshot snap;
  snap.source = std::move(source);
  return {not_graded(p.sel, meta_for(snap, p.lang, sys::now_rfc3339()), line, cause), input_exit(path), true};
}

// A bundle that cannot be read is an input error: a report file asked for still gets a valid,
// incomplete report.
Graded grade_one_bundle(const std::string& path, const Plan& p, const Say& say) {
  BundleGrade b = grade_bundle(path, p.sel, p.lang, say.messages, sys::now_rfc3339());
  if (b.error) {
    say.error(error_text(*b.error, say.messages));
    return {std::move(b.run), b.input_exit, true};
  }
  const int rc = integrity_exit(b.run, p, say);
  return {std::move(b.run), rc, false};
}

// Live (grade_live): collect, grade, and with --wait follow the cluster and grade again on each
// change; what it waits for and what following cost are said on stderr.
Graded grade_live_run(const CheckOptions& o, const Plan& p, const Say& say) {
  using Clock = std::chrono::steady_clock;
  const auto started = Clock::now();
  const auto deadline = started + p.wait;
  const LiveConnection conn =
      connect(p.kubeconfig ? *p.kubeconfig : load_kubeconfig(o.conn), o.conn, say.kubeconfig_warning);
  // A kubeconfig named with --kubeconfig that cannot be used is the user's input, like a bundle;
  // one found by default ($KUBECONFIG, ~/.kube/config) still lets the lab files be graded.
  if (!conn.cfg && !o.conn.kubeconfig.empty()) {
    return input_error(Error(conn.why.kind, conn.why.message, conn.why.id, conn.why.args), o.conn.kubeconfig, p, say,
                       "live", "kubeconfig");
  }
  LiveGrading lg;
  lg.dir = p.dir;
  lg.dry_run = !o.no_dry_run;
  lg.poll = o.poll;
  lg.sel = p.sel;
  lg.lang = p.lang;
  lg.deadline = deadline;
  lg.waiting = [&](const RunResult& r) {
    const auto left = std::chrono::duration_cast<std::chrono::seconds>(deadline - Clock::now());
    say.note(i18n::render(msg("cli.waiting", {{"count", std::to_string(r.count(Status::kFail))},
                                              {"seconds", std::to_string(std::max<long long>(0, left.count()))}}),
                          p.lang));
  };
  lg.fallback = [&](const std::string& why) {
    say.note(text::sanitize_terminal(i18n::render(msg("cli.watch-fallback", {{"reason", why}}), p.lang)));
  };
  LiveGrade l = grade_live(conn.cfg, conn.opts, conn.why, lg);
  if (l.followed) {
    const auto waited = std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - started);
    say.note(i18n::render(
        msg("cli.waited", {{"seconds", fmt::format("{:.1f}", static_cast<double>(waited.count()) / 1000.0)},
                           {"requests", std::to_string(l.first_requests + l.stats.requests)},
                           {"watches", std::to_string(l.stats.watches)},
                           {"bytes", std::to_string(l.first_bytes + l.stats.bytes_received)},
                           {"grades", std::to_string(l.stats.grades)}}),
        p.lang));
  }
  if (const auto line = live_problem_line(l.snap, say.messages)) say.error(*line);
  const int rc = integrity_exit(l.run, p, say);
  return {std::move(l.run), rc, false};
}

// A run: each report rendered whole.
int emit_run(const Plan& p, const Graded& g, const Say& say) {
  render::Emitting how;
  how.quiet_table = g.input_error;
  return render::emit(p, how, say.error, [&g](const std::vector<render::Target>& targets) {
    for (const render::Target& t : targets) t.sink(render::render(t.format, *g.run, t.opts));
    return g.exit_code;
  });
}

// The student's own page of a graded row (--pages): the run in full, as `check --snapshot FILE
// --format html --user ID` shows it; "" when the batch writes no pages or the bundle was not graded.
std::string student_page(const render::BatchRow& row, const Plan& p) {
  if (p.pages.empty() || !row.run) return "";
  render::Options opts = render::for_file(p.ropts);
  opts.user = row.user;
  if (const auto it = p.ropts.names.find(row.user); it != p.ropts.names.end()) opts.user_name = it->second;
  opts.concepts.clear();  // a class's, not a student's
  opts.roster.reset();
  opts.names.clear();
  opts.due.clear();
  return render::render(render::Format::kHtml, *row.run, opts);
}

// The local files a batch reads: its bundles and the roster; -o may name none of them.
void refuse_output_over_batch(const CheckOptions& o, const std::vector<BundleEntry>& entries, const Plan& p) {
  if (o.given.count("--output") == 0) return;
  std::vector<Input> in;
  in.reserve(entries.size() + 1);
  for (const BundleEntry& e : entries) in.push_back({e.path, "cli.input.bundle"});
  if (p.ropts.roster) in.push_back({o.roster, "cli.input.roster"});
  refuse_output_over_inputs(o.output, in, p.lang);
}

// A batch (Batch reads each bundle once): every row goes, in order, to each report being written and is then let go.
// json and csv are written a row at a time; table, html and markdown keep only a summary of each row
// (render::BatchWriter). With --pages, each graded student's page is written first and the row links to it; a page
// that could not be written makes the batch incomplete, as a report file that could not be written does.
int run_batch(const CheckOptions& o, const Plan& p, const Say& say) {
  std::vector<BundleEntry> entries = find_bundles(o.snapshots);
  refuse_output_over_batch(o, entries, p);
  std::optional<render::PageWriter> pages;
  if (!p.pages.empty()) {
    pages.emplace(p.pages, render::report_folder(p), p.lang,
                  [&say](bool warning, const std::string& line) { warning ? say.warning(line) : say.error(line); });
  }
  if (say.batch_starts) say.batch_starts();
  render::Emitting how;
  how.generated_at = sys::now_rfc3339();
  how.stream = true;
  Batch batch(std::move(entries), {p.sel, p.lang, say.messages, how.generated_at, p.jobs, {}});
  return render::emit(p, how, say.error, [&](const std::vector<render::Target>& targets) {
    std::vector<render::BatchWriter> writers;
    for (const render::Target& t : targets) writers.emplace_back(t.format, t.opts, t.sink);
    int rc = kExitPass;
    // Pages are written here, in the rows' order, so two submissions of one id get their names
    // ("~2") the same way whatever --jobs is.
    batch.run([&p](const render::BatchRow& row) { return student_page(row, p); },
              [&](render::BatchRow&& row, std::string&& page) {
                if (pages && !page.empty()) row.page = pages->write(row.user, page);
                rc = std::max(rc, row.run ? integrity_exit(*row.run, p, say) : kExitIncomplete);
                for (auto& w : writers) w.add(row);
              });
    for (auto& w : writers) w.finish();
    if (pages && (!pages->finish() || pages->failed())) rc = std::max(rc, kExitIncomplete);
    return rc;
  });
}

}  // namespace

int run_check(const CheckOptions& o, const Plan& p, const Say& say) {
  switch (p.source) {
    case Source::kBatch: return run_batch(o, p, say);
    case Source::kBundle: return emit_run(p, grade_one_bundle(o.snapshots.front(), p, say), say);
    case Source::kLive: break;
  }
  return emit_run(p, grade_live_run(o, p, say), say);
}

}  // namespace gpuwhy::checks
