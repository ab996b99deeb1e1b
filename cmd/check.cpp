// `gpuwhy check`: collect once (live or from bundles), run the pure checks, render.
#include "check.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <exception>
#include <filesystem>
#include <functional>
#include <map>
#include <optional>
#include <set>
#include <stdexcept>
#include <system_error>
#include <thread>

#include <fmt/format.h>

#include "checks.h"
#include "common.h"
#include "completion.h"
#include "gpuwhy/base/base64.h"
#include "gpuwhy/base/error.h"
#include "gpuwhy/base/files.h"
#include "gpuwhy/base/ordered_pool.h"
#include "gpuwhy/base/sys.h"
#include "gpuwhy/base/text.h"
#include "gpuwhy/collect/watch.h"
#include "gpuwhy/i18n/i18n.h"
#include "gpuwhy/integrity/integrity.h"
#include "gpuwhy/lab/lab.h"
#include "gpuwhy/model/bundle.h"
#include "gpuwhy/render/render.h"
#include "pages.h"
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

RunMeta meta_for(const Snapshot& snap, i18n::Lang lang, std::string generated_at = sys::now_rfc3339()) {
  RunMeta m;
  m.gpuwhy_version = GPUWHY_VERSION;
  m.lab_id = std::string(lab::kLabId);
  m.generated_at = std::move(generated_at);
  m.taken_at = snap.taken_at;
  m.server_version = snap.server_version();
  m.source = snap.source;
  m.lang = i18n::to_string(lang);
  m.warnings = snap.warnings;
  return m;
}

// POSIX precedence: the first of LC_ALL, LC_CTYPE, LANG that is set decides the character set.
bool utf8_locale(const std::map<std::string, std::string>& env) {
  for (const char* name : {"LC_ALL", "LC_CTYPE", "LANG"}) {
    auto it = env.find(name);
    if (it == env.end() || it->second.empty()) continue;
    const std::string v = text::to_lower_ascii(it->second);
    return v.find("utf-8") != std::string::npos || v.find("utf8") != std::string::npos;
  }
  return false;
}

// A machine format (CSV, TAP, ...) printed on a terminal: each line sanitised, since student file
// names and messages in it would otherwise reach the terminal raw. Piped or redirected output is
// left byte-exact. (The table sanitises its own fields and keeps its colour codes.)
std::string shown_on(bool tty, render::Format f, std::string text) {
  if (!tty || f == render::Format::kTable) return text;
  std::string out;
  out.reserve(text.size());
  std::size_t i = 0;
  while (i < text.size()) {
    const std::size_t nl = std::min(text.find('\n', i), text.size());
    out += text::sanitize_terminal(std::string_view(text).substr(i, nl - i));
    if (nl < text.size()) out += '\n';
    i = nl + 1;
  }
  return out;
}

// A report file never carries terminal colour codes.
render::Options for_file(render::Options o) {
  o.color = false;
  return o;
}

bool selected_pass(const RunResult& r) {
  return std::all_of(r.checks.begin(), r.checks.end(), [](const CheckResult& c) {
    return c.outcome.status == Status::kPass || c.outcome.status == Status::kSkip;
  });
}

// ---- phase 1: validate -------------------------------------------------------------------

enum class Source { kLive, kBundle, kBatch };

/// Every flag, checked and resolved before any request or file read.
struct Plan {
  i18n::Lang lang = i18n::Lang::kEn;
  render::Format format = render::Format::kTable;
  checks::Selection sel;
  render::Options ropts;  ///< for stdout
  bool tty = false;
  bool require_integrity = false;  ///< --require-integrity
  Source source = Source::kLive;
  std::chrono::milliseconds wait{0};
  std::string output;         ///< "" or "-" = the report goes to stdout
  std::string github_output;  ///< the file $GITHUB_OUTPUT names, with --github-output; else ""
  unsigned jobs = 1;          ///< bundles of a batch graded at once
  std::string pages;          ///< --pages DIR of a batch; "" = no student pages
  std::string dir;            ///< the lab folder of a live run (resolve_dir); "" otherwise
  [[nodiscard]] bool report_to_file() const { return !output.empty() && output != "-"; }
  /// The terminal gets the table when the report goes elsewhere.
  [[nodiscard]] bool report_elsewhere() const { return report_to_file() || !github_output.empty(); }
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
  r.unicode = (tty || o.color == "always") && utf8_locale(env);
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

// The checks' run of a snapshot, with what its own consistency says (integrity::check) and whether
// it is a bundle published with gpuwhy (integrity::published): never a change to the score.
RunResult graded_run(const Snapshot& snap, const Plan& p, RunMeta meta) {
  RunResult run = checks::run(snap, p.sel, std::move(meta));
  run.integrity.checked = true;
  run.integrity.findings = integrity::check(snap);
  for (Finding& f : integrity::published(snap)) run.integrity.findings.push_back(std::move(f));
  return run;
}

// With --require-integrity a suspect run is refused as an environment error (exit 3): each of
// its integrity lines is said on stderr, naming the bundle. The report keeps its score.
int integrity_exit(const RunResult& run, const Plan& p, int rc) {
  if (!p.require_integrity || !run.integrity.suspect()) return rc;
  for (const auto& line : render::integrity_lines(run, p.lang))
    print_error(i18n::render(msg("cli.error.integrity", {{"source", run.meta.source}, {"line", line}}), p.lang));
  return std::max(rc, kExitIncomplete);
}

Graded grade_one(const Snapshot& snap, const Plan& p) {
  Graded g;
  g.run = graded_run(snap, p, meta_for(snap, p.lang));
  g.exit_code = integrity_exit(*g.run, p, g.run->exit_code());
  return g;
}

// An input that cannot be read (a --snapshot bundle, a --kubeconfig file) is said in one line
// naming the path: a path that names nothing is a usage error (2), any other failure leaves the
// grading incomplete (3). Nothing is graded and no lab file is read.
Graded input_error(const Error& e, const std::string& path, const Plan& p, std::string source,
                   const std::string& cause) {
  print_error(error_text(e));
  struct stat st {};
  const bool missing = ::lstat(path.c_str(), &st) != 0 && (errno == ENOENT || errno == ENOTDIR);
  Snapshot snap;
  snap.source = std::move(source);
  Graded g;
  g.run = checks::not_graded(p.sel, meta_for(snap, p.lang), error_text(e), cause);
  g.exit_code = missing ? kExitUsage : kExitIncomplete;
  g.input_error = true;
  return g;
}

// A bundle that cannot be read is an input error (input_error): a mistyped path must not turn
// into advice to create files; a report file asked for still gets a valid, incomplete report.
Graded grade_bundle(const std::string& path, const Plan& p) {
  Snapshot snap;
  try {
    snap = load_bundle(path);
  } catch (const Error& e) {
    return input_error(e, path, p, "bundle " + path, "input");
  }
  return grade_one(snap, p);
}

render::BatchRow batch_row(const BundleEntry& entry, const Plan& p, const std::string& generated_at) {
  render::BatchRow row;
  row.origin = entry.path;
  row.user = submission_name(entry.path);
  if (!entry.error.empty()) {
    row.error = entry.error;
    return row;
  }
  try {
    Snapshot snap = load_bundle(entry.path, entry.beneath);
    row.run = graded_run(snap, p, meta_for(snap, p.lang, generated_at));
    // The file a bundle was handed in as names its row; a `student` saying otherwise is a finding.
    for (Finding& f : integrity::student_mismatch(snap, row.user)) row.run->integrity.findings.push_back(std::move(f));
  } catch (const Error& e) {
    row.error = error_text(e);         // the line a single run prints for the same bundle
  } catch (const std::exception& e) {  // a bad bundle never stops the batch
    row.error = fmt::format("bundle {}: {}", entry.path, e.what());
  }
  return row;
}

// What the selected checks read (Input bits): all that --wait follows.
unsigned selected_reads(const checks::Selection& sel) {
  unsigned reads = 0;
  for (const auto& c : checks::all()) {
    if (sel.selects(c)) reads |= c.reads;
  }
  return reads;
}

void print_waiting(const RunResult& r, std::chrono::steady_clock::time_point deadline, i18n::Lang lang) {
  const auto left = std::chrono::duration_cast<std::chrono::seconds>(deadline - std::chrono::steady_clock::now());
  fmt::print(stderr, "gpuwhy: {}\n",
             i18n::render(msg("cli.waiting", {{"count", std::to_string(r.count(Status::kFail))},
                                              {"seconds", std::to_string(std::max<long long>(0, left.count()))}}),
                          lang));
}

// Live: collect, grade, and with --wait follow the cluster (watches from the first snapshot's
// resourceVersions, the files read again) and grade again on each change, until the selected
// checks pass, grading becomes incomplete, or the time runs out.
Graded grade_live(const CheckOptions& o, const Plan& p) {
  using Clock = std::chrono::steady_clock;
  const std::string& dir = p.dir;
  const auto started = Clock::now();
  const auto deadline = started + p.wait;
  const LiveConnection conn = connect_live(o.conn);
  // A kubeconfig named with --kubeconfig that cannot be used is the user's input, like a bundle;
  // one found by default ($KUBECONFIG, ~/.kube/config) still lets the lab files be graded.
  if (!conn.cfg && !o.conn.kubeconfig.empty()) {
    return input_error(Error(conn.why.kind, conn.why.message, conn.why.id, conn.why.args), o.conn.kubeconfig, p, "live",
                       "kubeconfig");
  }
  Snapshot snap = collect_live(conn, dir, !o.no_dry_run);
  Graded g = grade_one(snap, p);
  const auto done = [](const Graded& x) { return selected_pass(*x.run) || !x.run->complete(); };
  if (conn.cfg && !done(g) && Clock::now() + std::chrono::seconds(1) < deadline) {
    print_waiting(*g.run, deadline, p.lang);
    FollowOptions fo;
    fo.dir = dir;
    fo.dry_run = !o.no_dry_run;
    fo.reads = selected_reads(p.sel);
    fo.deadline = deadline;
    fo.poll_only = o.poll;
    int failing = g.run->count(Status::kFail);
    const int first_requests = snap.requests;
    const std::size_t first_bytes = snap.bytes_received;
    const FollowStats st = follow(
        *conn.cfg, conn.opts, snap, fo,
        [&](const Snapshot& s) {
          g = grade_one(s, p);
          if (done(g)) return true;
          if (g.run->count(Status::kFail) != failing) {
            failing = g.run->count(Status::kFail);
            print_waiting(*g.run, deadline, p.lang);
          }
          return false;
        },
        [&](const std::string& why) {
          fmt::print(stderr, "gpuwhy: {}\n",
                     text::sanitize_terminal(i18n::render(msg("cli.watch-fallback", {{"reason", why}}), p.lang)));
        });
    const auto waited = std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - started);
    fmt::print(stderr, "gpuwhy: {}\n",
               i18n::render(
                   msg("cli.waited", {{"seconds", fmt::format("{:.1f}", static_cast<double>(waited.count()) / 1000.0)},
                                      {"requests", std::to_string(first_requests + st.requests)},
                                      {"watches", std::to_string(st.watches)},
                                      {"bytes", std::to_string(first_bytes + st.bytes_received)},
                                      {"grades", std::to_string(st.grades)}}),
                   p.lang));
  }
  report_live_problems(snap);
  return g;
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

// GitHub Actions step outputs: `name=value` lines appended to the file $GITHUB_OUTPUT names (the
// runner reads it after the step; other steps wrote lines before). The reporter decodes `result`
// from base64, so the one-line JSON goes as base64 and the file is only ever appended to.
void append_github_output(const std::string& path, const std::string& report, i18n::Lang lang) {
  std::string json = report;
  while (!json.empty() && json.back() == '\n') json.pop_back();
  const std::string line = "result=" + base64::encode(json) + "\n";
  const int fd = ::open(path.c_str(), O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0644);
  bool ok = fd >= 0;
  std::string reason = ok ? "" : std::strerror(errno);
  std::size_t done = 0;
  while (ok && done < line.size()) {
    const ssize_t n = ::write(fd, line.data() + done, line.size() - done);
    if (n < 0 && errno == EINTR) continue;
    ok = n > 0;
    if (!ok) reason = std::strerror(errno);
    if (ok) done += static_cast<std::size_t>(n);
  }
  if (fd >= 0 && ::close(fd) != 0 && ok) {
    ok = false;
    reason = std::strerror(errno);
  }
  if (!ok) {
    throw Error(ErrorKind::kIo,
                i18n::render(msg("cli.error.github-output-write", {{"path", path}, {"reason", reason}}), lang));
  }
}

/// One place a report goes: the format and options it is written in, and where its text goes.
struct Target {
  render::Format format;
  render::Options opts;
  render::BatchWriter::Sink sink;
};

/// How the report of a run or a batch is emitted. The terminal shows the table when the report
/// goes elsewhere, and nothing when `quiet_table` and the table is what it would show.
struct Emitting {
  std::string generated_at;  ///< a batch's one time, in every report's options; "" for a run
  bool stream = false;       ///< the terminal may get the text as it comes (a batch)
  bool quiet_table = false;  ///< a one-line input error said it all
};

/// Writes the report into each target, in any order; returns the exit code of what was graded.
using WriteReport = std::function<int(const std::vector<Target>&)>;

// Where a report goes: the --output file (written as it comes, put in place at the end),
// $GITHUB_OUTPUT (appended to at the end) and the terminal (a pipe gets a streamed report as it
// comes; else the terminal gets it at the end, sanitised line by line on a terminal).
class Outputs {
 public:
  Outputs(const Plan& p, const Emitting& how) : plan_(p) {
    if (p.report_to_file()) {
      try {
        file_.emplace(p.output);
      } catch (const Error& e) {
        file_error_ = e.what();
      }
    }
    stream_term_ = how.stream && (!p.tty || shown() == render::Format::kTable);
  }

  ~Outputs() = default;
  Outputs(const Outputs&) = delete;  // the targets' sinks point at this one
  Outputs& operator=(const Outputs&) = delete;
  Outputs(Outputs&&) = delete;
  Outputs& operator=(Outputs&&) = delete;

  [[nodiscard]] std::vector<Target> targets(const Emitting& how) {
    render::Options file_opts = for_file(plan_.ropts);
    render::Options term_opts = plan_.ropts;
    file_opts.generated_at = term_opts.generated_at = how.generated_at;
    std::vector<Target> out;
    if (file_) out.push_back({plan_.format, file_opts, [this](std::string_view s) { to_file(s); }});
    if (!plan_.github_output.empty()) {
      out.push_back({plan_.format, file_opts, [this](std::string_view s) { github_ += s; }});
    }
    if (!(how.quiet_table && shown() == render::Format::kTable)) {
      out.push_back({shown(), term_opts, [this](std::string_view s) { to_term(s); }});
    }
    return out;
  }

  /// Puts every report in place; a report that could not be written is said in one line and
  /// makes the run incomplete (`rc` becomes 3). The terminal's text is shown after them.
  int finish(int rc) {
    if (file_ && file_error_.empty()) {
      try {
        file_->commit();
      } catch (const Error& e) {
        file_error_ = e.what();
      }
    }
    file_.reset();  // an uncommitted temp file goes
    if (!file_error_.empty()) {
      print_error(file_error_);
      rc = kExitIncomplete;
    }
    if (!plan_.github_output.empty()) {
      try {
        append_github_output(plan_.github_output, github_, plan_.lang);
      } catch (const Error& e) {
        print_error(e.what());
        rc = kExitIncomplete;
      }
    }
    if (!stream_term_) fmt::print("{}", shown_on(plan_.tty, shown(), std::move(term_)));
    (void)std::fflush(stdout);
    return rc;
  }

 private:
  /// The terminal gets the table when the report goes elsewhere.
  [[nodiscard]] render::Format shown() const {
    return plan_.report_elsewhere() ? render::Format::kTable : plan_.format;
  }
  void to_file(std::string_view s) {
    if (!file_error_.empty()) return;  // the first failure is the one said
    try {
      file_->write(s);
    } catch (const Error& e) {
      file_error_ = e.what();
    }
  }
  void to_term(std::string_view s) {
    if (stream_term_) {
      (void)std::fwrite(s.data(), 1, s.size(), stdout);
    } else {
      term_ += s;
    }
  }

  const Plan& plan_;
  std::optional<files::AtomicWriter> file_;
  std::string file_error_;  ///< said at the end, as a report that cannot be written always is
  std::string github_;
  std::string term_;
  bool stream_term_ = false;
};

// The same for a run and a batch: `write` sends the report to every place it goes, which are
// then put in place. A report that cannot be written is said in one line and makes the run
// incomplete; the terminal still shows its part.
int emit(const Plan& p, const Emitting& how, const WriteReport& write) {
  Outputs out(p, how);
  const int rc = write(out.targets(how));
  return out.finish(rc);
}

// A run: each report rendered whole.
int emit_run(const Plan& p, const Graded& g) {
  Emitting how;
  how.quiet_table = g.input_error;
  return emit(p, how, [&g](const std::vector<Target>& targets) {
    for (const Target& t : targets) t.sink(render::render(t.format, *g.run, t.opts));
    return g.exit_code;
  });
}

// ---- A batch's kin: who shares a cluster or a bundle (integrity::match).

/// The batch's groups of one cluster and of one bundle (integrity::match), and each entry's name.
struct Kin {
  integrity::Match match;
  std::vector<std::string> users;
  /// The others of a group by name (the first Integrity::kMaxNamed) and their number.
  void name(const std::vector<std::size_t>& others, std::vector<std::string>& named, std::size_t& count) const {
    count = others.size();
    for (std::size_t k = 0; k < others.size() && k < Integrity::kMaxNamed; ++k) named.push_back(users[others[k]]);
  }
};

/// An entry's submission name (its file's) and what identifies its cluster; an entry that cannot be
/// read identifies none and matches nothing.
std::pair<std::string, integrity::ClusterId> identify(const BundleEntry& entry) {
  std::pair<std::string, integrity::ClusterId> out{submission_name(entry.path), {}};
  if (!entry.error.empty()) return out;
  try {
    const std::string text = files::read_file_bounded(entry.path, kMaxBundleBytes, entry.beneath);
    const Snapshot snap = parse_bundle(text, entry.path);
    out.second = integrity::cluster_id(snap, text);
  } catch (const std::exception&) {  // grading says why, in the row
  }
  return out;
}

// Every entry is read once before the batch is graded, so that each row, written as it comes in
// every format (CSV and JSON a row at a time), can name the others of its cluster.
Kin batch_kin(const std::vector<BundleEntry>& entries, unsigned jobs) {
  std::vector<std::string> users;
  std::vector<integrity::ClusterId> ids;
  users.reserve(entries.size());
  ids.reserve(entries.size());
  pool::ordered_map(
      entries.size(), jobs, 4 * std::max<std::size_t>(1, jobs), [&](std::size_t i) { return identify(entries[i]); },
      [&](std::pair<std::string, integrity::ClusterId>&& x) {
        users.push_back(std::move(x.first));
        x.second.node_uids.shrink_to_fit();
        x.second.traces.shrink_to_fit();
        ids.push_back(std::move(x.second));
      });
  Kin kin;
  kin.match = integrity::match(ids);
  kin.users = std::move(users);
  return kin;
}

/// A graded row, and its student's own page (--pages) while it waits for its turn: "" = none.
struct GradedRow {
  render::BatchRow row;
  std::string page;
};

// The row of `entry`, with the student's own page (the run in full, as `check --snapshot FILE
// --format html --user ID` shows it) when the batch writes pages and the bundle was graded.
GradedRow graded_row(const BundleEntry& entry, const Plan& p, const std::string& generated_at, const Kin& kin,
                     std::size_t i) {
  GradedRow g{batch_row(entry, p, generated_at), ""};
  if (g.row.run) {
    Integrity& in = g.row.run->integrity;
    kin.name(kin.match.same_cluster(i), in.same_cluster_as, in.same_cluster_count);
    kin.name(kin.match.same_bundle(i), in.same_bundle_as, in.same_bundle_count);
  }
  if (p.pages.empty() || !g.row.run) return g;
  render::Options opts = for_file(p.ropts);
  opts.user = g.row.user;
  if (const auto it = p.ropts.names.find(g.row.user); it != p.ropts.names.end()) opts.user_name = it->second;
  opts.concepts.clear();  // a class's, not a student's
  opts.roster.reset();
  opts.names.clear();
  opts.due.clear();
  g.page = render::render(render::Format::kHtml, *g.row.run, opts);
  return g;
}

// The folder the class report is in: the links to the students' pages start there.
fs::path report_folder(const Plan& p) {
  if (!p.report_to_file()) return ".";
  const fs::path parent = fs::path(p.output).parent_path();
  return parent.empty() ? fs::path(".") : parent;
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

// A batch: every row goes, as it is graded and in order, to each report being written and is then
// let go. json and csv are written a row at a time; table, html and markdown keep only a summary
// of each row (render::BatchWriter). With --pages, each graded student's page is written first and
// the row links to it; a page that could not be written makes the batch incomplete, as a report
// file that could not be written does.
int run_batch(const CheckOptions& o, const Plan& p) {
  const std::vector<BundleEntry> entries = find_bundles(o.snapshots);
  refuse_output_over_batch(o, entries, p);
  std::optional<PageWriter> pages;
  if (!p.pages.empty()) pages.emplace(p.pages, report_folder(p), p.lang);
  use_batch_allocator();
  const Kin kin = batch_kin(entries, p.jobs);
  Emitting how;
  how.generated_at = sys::now_rfc3339();
  how.stream = true;
  return emit(p, how, [&](const std::vector<Target>& targets) {
    std::vector<render::BatchWriter> writers;
    for (const Target& t : targets) writers.emplace_back(t.format, t.opts, t.sink);
    int rc = kExitPass;
    // Rows are pure functions of their entry and of the batch's one time (checks and renderers
    // share nothing mutable; the catalogs are constant), so the rows written are the same for
    // every --jobs. At most a few rows a worker are graded ahead of the one written, so a batch
    // holds a few rows at a time, not all of them. Pages are written here, in the rows' order, so
    // two submissions of one id get their names ("~2") the same way whatever --jobs is.
    pool::ordered_map(
        entries.size(), p.jobs, 4 * std::max<std::size_t>(1, p.jobs),
        [&](std::size_t i) { return graded_row(entries[i], p, how.generated_at, kin, i); },
        [&](GradedRow&& g) {
          if (pages && !g.page.empty()) g.row.page = pages->write(g.row.user, g.page);
          g.page = std::string();
          rc = std::max(rc, g.row.run ? integrity_exit(*g.row.run, p, g.row.run->exit_code()) : kExitIncomplete);
          for (auto& w : writers) w.add(g.row);
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
