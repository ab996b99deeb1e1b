// `gpuwhy check`: collect once (live or from bundles), run the pure checks, render.
#include "check.h"

#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <map>
#include <optional>
#include <set>
#include <stdexcept>
#include <system_error>
#include <thread>

#include <fmt/format.h>

#include "batch.h"
#include "checks.h"
#include "common.h"
#include "completion.h"
#include "gpuwhy/base/error.h"
#include "gpuwhy/base/files.h"
#include "gpuwhy/base/sys.h"
#include "gpuwhy/base/text.h"
#include "gpuwhy/i18n/i18n.h"
#include "gpuwhy/lab/lab.h"
#include "gpuwhy/model/bundle.h"
#include "gpuwhy/render/outputs.h"
#include "gpuwhy/render/pages.h"
#include "gpuwhy/render/render.h"
#include "grade.h"
#include "live.h"
#include "roster.h"

namespace gpuwhy::cli {

namespace fs = std::filesystem;

namespace {

struct CheckOptions {
  std::string dir;
  ConnectionFlags conn;
  std::vector<std::string> steps;  ///< as given: "2" or "step2"
  std::vector<std::string> ids;
  std::string wait = "0";
  bool poll = false;  ///< --poll: with --wait, a whole snapshot each second instead of watches
  std::vector<std::string> snapshots;
  bool no_dry_run = false;
  std::string format = "table";
  std::string output;
  bool verbose = false;
  bool hide_expected = false;
  bool require_integrity = false;  ///< --require-integrity: a suspect bundle exits 3
  std::string user;
  std::string lang;
  std::string color = "auto";
  bool github_output = false;   ///< --github-output: append result=<base64> to $GITHUB_OUTPUT
  std::string jobs;             ///< "" = one per core
  std::string roster;           ///< --roster FILE: the ids a batch expects
  std::string due;              ///< --due TIME (RFC 3339)
  std::string pages;            ///< --pages DIR: each student's own page goes there
  std::set<std::string> given;  ///< the flags named on the command line
};

// ---- phase 1: validate -------------------------------------------------------------------

enum class Source { kLive, kBundle, kBatch };

/// Every flag, checked and resolved before any request or file read.
struct Plan : render::OutputPlan {
  checks::Selection sel;
  bool require_integrity = false;  ///< --require-integrity
  Source source = Source::kLive;
  std::chrono::milliseconds wait{0};
  unsigned jobs = 1;  ///< bundles of a batch graded at once
  std::string pages;  ///< --pages DIR of a batch; "" = no student pages
  std::string dir;    ///< the lab folder of a live run (resolve_dir); "" otherwise
};

Error usage_error(i18n::Lang lang, const std::string& id, std::map<std::string, std::string> args) {
  return Error(ErrorKind::kUsage, i18n::render(msg(id, std::move(args)), lang));
}

// The steps of --step, each "2" or "step2"; a word that names no step is compared with the step
// names (`--step setp2`: did you mean "step2"?).
std::vector<int> validate_selection(const CheckOptions& o, i18n::Lang lang) {
  for (const auto& id : o.ids) {
    if (checks::find(id) == nullptr) {
      throw Error(ErrorKind::kUsage, with_suggestion(i18n::render(msg("cli.error.unknown-check", {{"id", id}}), lang),
                                                     id, checks::ids(), lang));
    }
  }
  std::vector<int> steps;
  for (const auto& word : o.steps) {
    const auto s = step_number(word);
    if (s && *s >= 1 && *s <= lab::kSteps) {
      steps.push_back(*s);
      continue;
    }
    const std::string why =
        i18n::render(msg("cli.error.bad-step", {{"step", word}, {"steps", std::to_string(lab::kSteps)}}), lang);
    throw Error(ErrorKind::kUsage, s ? why : with_suggestion(why, word, step_names(), lang));
  }
  return steps;
}

// Which snapshots are graded: the live cluster, one bundle, or a batch (several bundles or a
// folder; a stat, no read). Flags that only a live run uses are a usage error with bundles.
Source validate_source(const CheckOptions& o, i18n::Lang lang) {
  if (o.snapshots.empty()) return Source::kLive;
  for (const char* flag :
       {"--dir", "--wait", "--poll", "--no-dry-run", "--kubeconfig", "--context", "--request-timeout", "--timeout"}) {
    if (o.given.count(flag) != 0) throw usage_error(lang, "cli.error.live-only", {{"flag", flag}});
  }
  std::error_code ec;
  const bool batch = o.snapshots.size() > 1 || fs::is_directory(o.snapshots.front(), ec);
  return batch ? Source::kBatch : Source::kBundle;
}

void validate_format(const Plan& p, const CheckOptions& o) {
  using render::Format;
  if (o.github_output && p.format != Format::kGithubClassroom) {
    throw usage_error(p.lang, "cli.error.github-output-format", {});
  }
  if (p.source == Source::kBatch) {
    // A batch gives one summary for many students (render::kFormats says in which formats); the
    // per-student ones (junit, gradescope, lti, tap, github-classroom) are a usage error there.
    if (!render::info(p.format).batches()) throw usage_error(p.lang, "cli.error.batch-format", {{"format", o.format}});
    if (!o.user.empty()) throw usage_error(p.lang, "cli.error.batch-user", {});
  } else if (p.format == Format::kLti && o.user.empty()) {
    throw usage_error(p.lang, "cli.error.lti-needs-user", {});
  }
}

/// Most --jobs accepted: far more threads than cores only costs memory.
constexpr unsigned kMaxJobs = 1024;

// --jobs N: a whole number from 1 to kMaxJobs, for bundles only (a live check grades one
// snapshot); by default one worker per core.
unsigned validate_jobs(const CheckOptions& o, Source source, i18n::Lang lang) {
  if (o.given.count("--jobs") == 0) return std::max(1U, std::thread::hardware_concurrency());
  const std::string& v = o.jobs;
  const bool digits =
      !v.empty() && v.size() <= 4 && std::all_of(v.begin(), v.end(), [](char c) { return c >= '0' && c <= '9'; });
  const unsigned n = digits ? static_cast<unsigned>(std::stoul(v)) : 0;
  if (n < 1 || n > kMaxJobs) {
    throw usage_error(lang, "cli.error.bad-jobs", {{"value", v}, {"max", std::to_string(kMaxJobs)}});
  }
  if (source == Source::kLive) throw usage_error(lang, "cli.error.bundle-only", {{"flag", "--jobs"}});
  return n;
}

// The local files a live or bundle run reads (a batch's are its entries: run_batch).
std::vector<Input> read_inputs(const CheckOptions& o, const Plan& p) {
  if (p.source == Source::kBundle) return {{o.snapshots.front(), "cli.input.bundle"}};
  if (p.source != Source::kLive) return {};
  std::vector<Input> in = kubeconfig_inputs(o.conn);
  for (Input& f : lab_inputs(p.dir)) in.push_back(std::move(f));
  return in;
}

render::Options terminal_options(const CheckOptions& o, i18n::Lang lang, bool tty) {
  render::Options r;
  r.lang = lang;
  r.verbose = o.verbose;
  r.hide_expected = o.hide_expected;
  r.user = o.user;
  const auto env = sys::environment();
  const bool no_color = env.count("NO_COLOR") != 0 && !env.at("NO_COLOR").empty();
  // Colour only on a terminal and never with NO_COLOR (no-color.org).
  r.color = o.color == "always" || (o.color == "auto" && tty && !no_color);
  // Unicode marks only where the terminal's locale is UTF-8; ASCII everywhere else.
  r.unicode = (tty || o.color == "always") && render::utf8_locale(env);
  // The terminal's width (TIOCGWINSZ), else COLUMNS, else 80: no table line is wider.
  r.width = sys::table_width(tty ? sys::terminal_columns(STDOUT_FILENO) : 0, env);
  r.step_max.assign(lab::kSteps, 0);
  for (const auto& c : checks::all()) r.step_max.at(static_cast<std::size_t>(c.step - 1)) += c.points;
  return r;
}

// The class page's own flags (a batch only): --roster is read here, so a roster that cannot be
// used is a usage error before any bundle is; --due must be an RFC 3339 time; --pages must be a
// folder or nothing yet. Every batch's reports get the lab's concepts.
void validate_class_flags(const CheckOptions& o, Plan& p) {
  for (const char* flag : {"--roster", "--due", "--pages"}) {
    if (o.given.count(flag) != 0 && p.source != Source::kBatch) {
      throw usage_error(p.lang, "cli.error.batch-only", {{"flag", flag}});
    }
  }
  if (p.source != Source::kBatch) return;
  p.ropts.concepts = checks::concepts();
  if (o.given.count("--due") != 0) {
    if (!sys::parse_rfc3339(o.due)) throw usage_error(p.lang, "cli.error.bad-due", {{"value", o.due}});
    p.ropts.due = o.due;
  }
  if (o.given.count("--pages") != 0) {
    struct stat st {};
    if (o.pages.empty() || (::stat(o.pages.c_str(), &st) == 0 && !S_ISDIR(st.st_mode))) {
      throw usage_error(p.lang, "cli.error.pages-not-folder", {{"path", o.pages}});
    }
    p.pages = o.pages;
  }
  if (o.given.count("--roster") != 0) {
    Roster r = read_roster(o.roster, p.lang);
    for (std::size_t i = 0; i < r.ids.size() && i < r.names.size(); ++i) {
      if (!r.names[i].empty()) p.ropts.names.emplace(r.ids[i], r.names[i]);
    }
    p.ropts.roster = std::move(r.ids);
  }
}

Plan validate(const CheckOptions& o) {
  Plan p;
  p.lang = lang_from(o.lang);
  const auto f = render::parse_format(o.format);
  if (!f) {
    throw Error(ErrorKind::kUsage,
                with_suggestion(i18n::render(msg("cli.error.unknown-format", {{"format", o.format}}), p.lang), o.format,
                                render::format_names(), p.lang));
  }
  p.format = *f;
  p.sel = checks::Selection{validate_selection(o, p.lang), o.ids};
  p.wait = parse_duration(o.wait, "--wait");
  (void)parse_duration(o.conn.request_timeout, "--request-timeout");
  (void)parse_duration(o.conn.timeout, "--timeout");
  kube::ClientOptions limits;
  list_budget_from_env(limits);
  p.source = validate_source(o, p.lang);
  validate_format(p, o);
  p.jobs = validate_jobs(o, p.source, p.lang);
  p.require_integrity = o.require_integrity;
  p.tty = ::isatty(STDOUT_FILENO) != 0;
  p.ropts = terminal_options(o, p.lang, p.tty);
  validate_class_flags(o, p);
  p.output = o.output;
  if (o.given.count("--output") != 0) {
    refuse_empty_output(o.output, p.lang);
    refuse_output_target(o.output, p.pages, p.lang);
  }
  if (o.github_output) {
    const auto env = sys::environment();
    const auto it = env.find("GITHUB_OUTPUT");
    if (it == env.end() || it->second.empty()) throw usage_error(p.lang, "cli.error.github-output-unset", {});
    p.github_output = it->second;
  }
  // The lab folder last: a misused flag is said first, and nothing is read before this.
  if (p.source == Source::kLive) p.dir = resolve_dir(o.dir, p.lang);
  if (o.given.count("--output") != 0) refuse_output_over_inputs(o.output, read_inputs(o, p), p.lang);
  return p;
}

// ---- phase 2: obtain snapshots and grade -------------------------------------------------

/// What was graded: one run (a batch is written as it is graded: run_batch).
struct Graded {
  std::optional<RunResult> run;
  int exit_code = kExitPass;
  bool input_error = false;  ///< the input could not be read: one line said it, no table follows
};

// With --require-integrity a suspect run is refused as an environment error (exit 3): each of
// its integrity lines is said on stderr, naming the bundle. The report keeps its score.
int integrity_exit(const RunResult& run, const Plan& p) {
  if (p.require_integrity && run.integrity.suspect()) {
    for (const auto& line : render::integrity_lines(run, p.lang))
      print_error(i18n::render(msg("cli.error.integrity", {{"source", run.meta.source}, {"line", line}}), p.lang));
  }
  return checks::exit_code(run, p.require_integrity);
}

// An input that cannot be read (a --snapshot bundle, a --kubeconfig file) is said in one line
// naming the path: a path that names nothing is a usage error (2), any other failure leaves the
// grading incomplete (3). Nothing is graded and no lab file is read.
Graded input_error(const Error& e, const std::string& path, const Plan& p, std::string source,
                   const std::string& cause) {
  print_error(error_text(e));
  Snapshot snap;
  snap.source = std::move(source);
  return {checks::not_graded(p.sel, checks::meta_for(snap, p.lang, sys::now_rfc3339()), error_text(e), cause),
          checks::input_exit(path), true};
}

// A bundle that cannot be read is an input error (input_error): a report file asked for still
// gets a valid, incomplete report.
Graded grade_bundle(const std::string& path, const Plan& p) {
  checks::BundleGrade b = checks::grade_bundle(path, p.sel, p.lang, message_lang(), sys::now_rfc3339());
  if (b.error) {
    print_error(error_text(*b.error));
    return {std::move(b.run), b.input_exit, true};
  }
  const int rc = integrity_exit(b.run, p);
  return {std::move(b.run), rc, false};
}

void print_waiting(const RunResult& r, std::chrono::steady_clock::time_point deadline, i18n::Lang lang) {
  const auto left = std::chrono::duration_cast<std::chrono::seconds>(deadline - std::chrono::steady_clock::now());
  fmt::print(stderr, "gpuwhy: {}\n",
             i18n::render(msg("cli.waiting", {{"count", std::to_string(r.count(Status::kFail))},
                                              {"seconds", std::to_string(std::max<long long>(0, left.count()))}}),
                          lang));
}

// Live (checks::grade_live): collect, grade, and with --wait follow the cluster and grade again
// on each change; what it waits for and what following cost are said on stderr.
Graded grade_live(const CheckOptions& o, const Plan& p) {
  using Clock = std::chrono::steady_clock;
  const auto started = Clock::now();
  const auto deadline = started + p.wait;
  const LiveConnection conn = connect_live(o.conn);
  // A kubeconfig named with --kubeconfig that cannot be used is the user's input, like a bundle;
  // one found by default ($KUBECONFIG, ~/.kube/config) still lets the lab files be graded.
  if (!conn.cfg && !o.conn.kubeconfig.empty()) {
    return input_error(Error(conn.why.kind, conn.why.message, conn.why.id, conn.why.args), o.conn.kubeconfig, p, "live",
                       "kubeconfig");
  }
  checks::LiveGrading lg;
  lg.dir = p.dir;
  lg.dry_run = !o.no_dry_run;
  lg.poll = o.poll;
  lg.sel = p.sel;
  lg.lang = p.lang;
  lg.deadline = deadline;
  lg.waiting = [&](const RunResult& r) { print_waiting(r, deadline, p.lang); };
  lg.fallback = [&](const std::string& why) {
    fmt::print(stderr, "gpuwhy: {}\n",
               text::sanitize_terminal(i18n::render(msg("cli.watch-fallback", {{"reason", why}}), p.lang)));
  };
  checks::LiveGrade l = checks::grade_live(conn.cfg, conn.opts, conn.why, lg);
  if (l.followed) {
    const auto waited = std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - started);
    fmt::print(stderr, "gpuwhy: {}\n",
               i18n::render(
                   msg("cli.waited", {{"seconds", fmt::format("{:.1f}", static_cast<double>(waited.count()) / 1000.0)},
                                      {"requests", std::to_string(l.first_requests + l.stats.requests)},
                                      {"watches", std::to_string(l.stats.watches)},
                                      {"bytes", std::to_string(l.first_bytes + l.stats.bytes_received)},
                                      {"grades", std::to_string(l.stats.grades)}}),
                   p.lang));
  }
  report_live_problems(l.snap);
  const int rc = integrity_exit(l.run, p);
  return {std::move(l.run), rc, false};
}

Graded grade(const CheckOptions& o, const Plan& p) {
  switch (p.source) {
    case Source::kBundle: return grade_bundle(o.snapshots.front(), p);
    case Source::kBatch: throw std::logic_error("a batch is graded by run_batch, as it is written");
    case Source::kLive: break;
  }
  return grade_live(o, p);
}

// ---- phase 3: emit -----------------------------------------------------------------------

// A run: each report rendered whole.
int emit_run(const Plan& p, const Graded& g) {
  render::Emitting how;
  how.quiet_table = g.input_error;
  return render::emit(p, how, print_error, [&g](const std::vector<render::Target>& targets) {
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

// A batch (checks::Batch reads each bundle once): every row goes, in order, to each report being written and is then
// let go. json and csv are written a row at a time; table, html and markdown keep only a summary
// of each row (render::BatchWriter). With --pages, each graded student's page is written first and
// the row links to it; a page that could not be written makes the batch incomplete, as a report
// file that could not be written does.
int run_batch(const CheckOptions& o, const Plan& p) {
  std::vector<BundleEntry> entries = find_bundles(o.snapshots);
  refuse_output_over_batch(o, entries, p);
  std::optional<render::PageWriter> pages;
  if (!p.pages.empty()) {
    pages.emplace(p.pages, render::report_folder(p), p.lang,
                  [](bool warning, const std::string& line) { warning ? print_warning(line) : print_error(line); });
  }
  use_batch_allocator();
  render::Emitting how;
  how.generated_at = sys::now_rfc3339();
  how.stream = true;
  checks::Batch batch(std::move(entries), {p.sel, p.lang, message_lang(), how.generated_at, p.jobs, {}});
  return render::emit(p, how, print_error, [&](const std::vector<render::Target>& targets) {
    std::vector<render::BatchWriter> writers;
    for (const render::Target& t : targets) writers.emplace_back(t.format, t.opts, t.sink);
    int rc = kExitPass;
    // Pages are written here, in the rows' order, so two submissions of one id get their names
    // ("~2") the same way whatever --jobs is.
    batch.run([&p](const render::BatchRow& row) { return student_page(row, p); },
              [&](render::BatchRow&& row, std::string&& page) {
                if (pages && !page.empty()) row.page = pages->write(row.user, page);
                rc = std::max(rc, row.run ? integrity_exit(*row.run, p) : kExitIncomplete);
                for (auto& w : writers) w.add(row);
              });
    for (auto& w : writers) w.finish();
    if (pages && (!pages->finish() || pages->failed())) rc = std::max(rc, kExitIncomplete);
    return rc;
  });
}

int run_check(const CheckOptions& o) {
  const Plan plan = validate(o);  // usage errors: exit 2 before any request or file read
  if (plan.source == Source::kBatch) return run_batch(o, plan);
  const Graded graded = grade(o, plan);
  return emit_run(plan, graded);
}

}  // namespace

void setup_check(CLI::App& app, int& exit_code, i18n::Lang lang) {
  const auto t = [lang](const char* id) { return i18n::text(id, lang); };
  auto opts = std::make_shared<CheckOptions>();
  CLI::App* sub = app.add_subcommand("check", t("cli.check"));
  sub->add_option("--dir", opts->dir, t("cli.opt.dir"));
  add_connection_flags(*sub, opts->conn, lang);
  sub->add_option("--step", opts->steps, t("cli.opt.step"));
  sub->add_option("--check", opts->ids, t("cli.opt.check"));
  sub->add_option("--wait", opts->wait, t("cli.opt.wait"));
  sub->add_option("--snapshot", opts->snapshots, t("cli.opt.snapshot"));
  sub->add_option("--jobs,-j", opts->jobs, t("cli.opt.jobs"))->type_name("INT");
  sub->add_option("--roster", opts->roster, t("cli.opt.roster"))->type_name("FILE");
  sub->add_option("--due", opts->due, t("cli.opt.due"))->type_name("TIME");
  sub->add_option("--pages", opts->pages, t("cli.opt.pages"))->type_name("DIR");
  sub->add_flag("--require-integrity", opts->require_integrity, t("cli.opt.require-integrity"));
  sub->add_flag("--no-dry-run", opts->no_dry_run, t("cli.opt.no-dry-run"));
  sub->add_flag("--poll", opts->poll, t("cli.opt.poll"));
  sub->add_option("--format", opts->format, t("cli.opt.format"))
      ->capture_default_str()
      ->check(choices(render::format_names()));
  sub->add_option("--output,-o", opts->output, t("cli.opt.output"));
  sub->add_flag("--verbose,-v", opts->verbose, t("cli.opt.verbose"));
  sub->add_flag("--hide-expected", opts->hide_expected, t("cli.opt.hide-expected"));
  sub->add_option("--user", opts->user, t("cli.opt.user"));
  sub->add_option("--lang", opts->lang, t("cli.opt.lang"))->check(choices(lang_names()));
  sub->add_flag("--github-output", opts->github_output, t("cli.opt.github-output"));
  sub->add_option("--color", opts->color, t("cli.opt.color"))->check(CLI::IsMember({"auto", "always", "never"}));
  sub->callback([opts, sub, &exit_code]() {
    for (const CLI::Option* opt : sub->get_options()) {
      if (opt->count() > 0) opts->given.insert(opt->get_name());
    }
    exit_code = run_check(*opts);
  });
}

}  // namespace gpuwhy::cli
