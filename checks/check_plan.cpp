#include "check_plan.h"

#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <map>
#include <system_error>
#include <thread>

#include "gpuwhy/base/duration.h"
#include "gpuwhy/base/error.h"
#include "gpuwhy/base/sys.h"
#include "gpuwhy/lab/lab.h"
#include "roster.h"

namespace gpuwhy::checks {

namespace fs = std::filesystem;

namespace {

Error usage_error(i18n::Lang lang, const std::string& id, std::map<std::string, std::string> args) {
  return Error(ErrorKind::kUsage, i18n::render(msg(id, std::move(args)), lang));
}

// The steps of --step, each "2" or "step2"; a word that names no step is compared with the step
// names (`--step setp2`: did you mean "step2"?).
std::vector<int> validate_selection(const CheckOptions& o, i18n::Lang lang) {
  for (const auto& id : o.ids) {
    if (find(id) == nullptr) {
      throw Error(ErrorKind::kUsage,
                  with_suggestion(i18n::render(msg("cli.error.unknown-check", {{"id", id}}), lang), id, ids(), lang));
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
    // per-student ones are a usage error there, as a format that needs --user is without it.
    if (!render::info(p.format).batches()) {
      std::vector<std::string> batches;
      for (const auto& row : render::kFormats) {
        if (row.batches()) batches.emplace_back(row.name);
      }
      throw usage_error(p.lang, "cli.error.batch-format",
                        {{"format", o.format}, {"formats", listed(batches, p.lang, "cli.list-or")}});
    }
    if (!o.user.empty()) throw usage_error(p.lang, "cli.error.batch-user", {});
  } else if (render::info(p.format).needs_user() && o.user.empty()) {
    throw usage_error(p.lang, "cli.error.format-needs-user", {{"format", o.format}});
  }
}

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
  for (const auto& c : all()) r.step_max.at(static_cast<std::size_t>(c.step - 1)) += c.points;
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
  p.ropts.concepts = concepts();
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

}  // namespace

std::vector<Input> read_inputs(const CheckOptions& o, const Plan& p) {
  if (p.source == Source::kBundle) return {{o.snapshots.front(), "cli.input.bundle"}};
  if (p.source != Source::kLive) return {};
  std::vector<Input> in = p.kubeconfig ? p.kubeconfig->read : load_kubeconfig(o.conn).read;
  for (Input& f : lab_inputs(p.dir)) in.push_back(std::move(f));
  return in;
}

Plan validate(const CheckOptions& o, bool tty) {
  Plan p;
  p.lang = lang_of(o.lang);
  const auto f = render::parse_format(o.format);
  if (!f) {
    throw Error(ErrorKind::kUsage,
                with_suggestion(i18n::render(msg("cli.error.unknown-format", {{"format", o.format}}), p.lang), o.format,
                                render::format_names(), p.lang));
  }
  p.format = *f;
  p.sel = Selection{validate_selection(o, p.lang), o.ids};
  p.wait = parse_duration(o.wait, "--wait");
  (void)parse_duration(o.conn.request_timeout, "--request-timeout");
  (void)parse_duration(o.conn.timeout, "--timeout");
  kube::ClientOptions limits;
  list_budget_from_env(limits);
  p.source = validate_source(o, p.lang);
  validate_format(p, o);
  p.jobs = validate_jobs(o, p.source, p.lang);
  p.require_integrity = o.require_integrity;
  p.tty = tty;
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
  if (p.source == Source::kLive) {
    p.dir = resolve_dir(o.dir, p.lang);
    p.kubeconfig = load_kubeconfig(o.conn);
  }
  if (o.given.count("--output") != 0) refuse_output_over_inputs(o.output, read_inputs(o, p), p.lang);
  return p;
}

}  // namespace gpuwhy::checks
