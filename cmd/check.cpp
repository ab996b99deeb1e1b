// `gpuwhy check`: collect once (live or from bundles), run the pure checks, render.
#include "check.h"

#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <map>
#include <thread>

#include <fmt/format.h>

#include "checks.h"
#include "common.h"
#include "gpuwhy/error.h"
#include "gpuwhy/i18n.h"
#include "gpuwhy/json_bounded.h"
#include "gpuwhy/lab.h"
#include "gpuwhy/render.h"
#include "gpuwhy/text.h"

namespace gpuwhy::cli {

namespace fs = std::filesystem;

namespace {

struct CheckOptions {
  std::string dir;
  ConnectionFlags conn;
  std::vector<int> steps;
  std::vector<std::string> ids;
  std::string wait = "0";
  std::vector<std::string> snapshots;
  bool no_dry_run = false;
  std::string format = "table";
  std::string output;
  bool verbose = false;
  bool hide_expected = false;
  std::string user;
  std::string lang;
  std::string color = "auto";
};

std::string now_rfc3339() {
  const auto t = std::chrono::system_clock::to_time_t(std::chrono::system_clock::now());
  std::tm tm{};
  gmtime_r(&t, &tm);
  return fmt::format("{:04}-{:02}-{:02}T{:02}:{:02}:{:02}Z", tm.tm_year + 1900, tm.tm_mon + 1, tm.tm_mday, tm.tm_hour,
                     tm.tm_min, tm.tm_sec);
}

RunMeta meta_for(const Snapshot& snap, i18n::Lang lang) {
  RunMeta m;
  m.gpuwhy_version = GPUWHY_VERSION;
  m.lab_id = std::string(lab::kLabId);
  m.generated_at = now_rfc3339();
  m.server_version = snap.server_version();
  m.source = snap.source;
  m.lang = i18n::to_string(lang);
  m.warnings = snap.warnings;
  return m;
}

Snapshot load_bundle(const std::string& path) {
  nlohmann::json j;
  {
    // The text is dropped before the snapshot is built: peak memory holds one copy, not two.
    const std::string text = read_file_bounded(path, 64UL * 1024 * 1024);
    try {
      // Depth and value budget while parsing: a hostile bundle is an error row, never a stack
      // overflow or gigabytes of memory.
      j = jsonb::parse(text);
    } catch (const Error& e) {
      throw Error(ErrorKind::kParse, fmt::format("bundle {}: {}", path, e.what()));
    }
    if (j.is_discarded()) {
      throw Error(ErrorKind::kParse, fmt::format("bundle {}: not valid JSON ({})", path, jsonb::syntax_error(text)));
    }
  }
  return from_bundle(j, path);
}

/// One entry of a batch: a bundle path to grade, or an entry that cannot be one (its cause).
struct BatchEntry {
  std::string path;
  std::string error;  ///< "" when `path` is to be loaded
};

// Expands folders into the *.json entries they hold (recursively, sorted; links are not
// followed into folders). Every entry named *.json becomes a row whatever it is (a dangling or
// looping link, a FIFO, an unreadable file: load_bundle says why), and so does a folder that
// cannot be listed; a folder with no *.json at all is a usage error (exit 2).
std::vector<BatchEntry> expand_bundles(const std::vector<std::string>& args) {
  std::vector<BatchEntry> out;
  for (const auto& a : args) {
    std::error_code ec;
    if (!fs::is_directory(a, ec)) {
      out.push_back({a, ""});
      continue;
    }
    std::vector<BatchEntry> found;
    fs::recursive_directory_iterator it(a, fs::directory_options::none, ec);
    if (ec) found.push_back({a, fmt::format("{}: cannot list the folder: {}", a, ec.message())});
    for (; !ec && it != fs::recursive_directory_iterator(); it.increment(ec)) {
      const fs::path& p = it->path();
      std::error_code sec;
      const bool dir = it->is_directory(sec) && !it->is_symlink(sec);
      if (dir) {
        // A subfolder that cannot be listed is a row of its own, not a silent gap.
        std::error_code lec;
        fs::directory_iterator probe(p, lec);
        if (lec) {
          found.push_back({p.string(), fmt::format("{}: cannot list the folder: {}", p.string(), lec.message())});
          it.disable_recursion_pending();
        }
        continue;
      }
      if (p.extension() == ".json") found.push_back({p.string(), ""});
    }
    if (ec) found.push_back({a, fmt::format("{}: listing the folder stopped: {}", a, ec.message())});
    if (found.empty()) {
      throw Error(ErrorKind::kUsage, fmt::format("{}: the folder holds no *.json bundle to grade", a));
    }
    std::sort(found.begin(), found.end(), [](const BatchEntry& x, const BatchEntry& y) { return x.path < y.path; });
    out.insert(out.end(), found.begin(), found.end());
  }
  return out;
}

// The submission's name: the bundle's file name, or its folder's when the file is "bundle.json".
std::string user_of(const std::string& path) {
  const fs::path p(path);
  if (p.stem() == "bundle" && p.has_parent_path() && !p.parent_path().filename().empty()) {
    return p.parent_path().filename().string();
  }
  return p.stem().string();
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

int run_check(const CheckOptions& o) {
  const i18n::Lang lang = lang_from(o.lang);
  const auto fmt_opt = render::parse_format(o.format);
  const auto usage = [lang](const std::string& id, std::map<std::string, std::string> args) {
    return Error(ErrorKind::kUsage, i18n::render(msg(id, std::move(args)), lang));
  };
  if (!fmt_opt) throw usage("cli.error.unknown-format", {{"format", o.format}});
  checks::Selection sel{o.steps, o.ids};
  for (const auto& id : o.ids) {
    if (checks::find(id) == nullptr) {
      throw Error(ErrorKind::kUsage, with_suggestion(i18n::render(msg("cli.error.unknown-check", {{"id", id}}), lang),
                                                     id, checks::ids(), lang));
    }
  }
  for (int s : o.steps) {
    if (s < 1 || s > 8) throw usage("cli.error.bad-step", {{"step", std::to_string(s)}});
  }
  render::Options ropts;
  ropts.lang = lang;
  ropts.verbose = o.verbose;
  ropts.hide_expected = o.hide_expected;
  ropts.user = o.user;
  const bool tty = ::isatty(STDOUT_FILENO) != 0;
  const auto env = environment();
  const bool no_color = env.count("NO_COLOR") != 0 && !env.at("NO_COLOR").empty();
  // The table goes to stdout; colour only on a terminal and never with NO_COLOR (no-color.org).
  ropts.color = o.color == "always" || (o.color == "auto" && tty && !no_color);
  // Unicode marks only where the terminal's locale is UTF-8; ASCII everywhere else.
  ropts.unicode = (tty || o.color == "always") && utf8_locale(env);

  // Flags are checked before anything is read, whichever mode runs.
  const auto wait = parse_duration(o.wait, "--wait");
  (void)parse_duration(o.conn.request_timeout, "--request-timeout");
  (void)parse_duration(o.conn.timeout, "--timeout");

  // Offline: one or more bundles.
  if (!o.snapshots.empty()) {
    const auto entries = expand_bundles(o.snapshots);
    if (entries.size() == 1 && !fs::is_directory(o.snapshots.front())) {
      const std::string& path = entries.front().path;
      Snapshot snap;
      try {
        snap = load_bundle(path);
      } catch (const Error& e) {
        print_error(e.what());
        // The report still says what happened: every check is an error.
        snap = collect_files_only(CollectOptions{"", false}, FetchError{e.kind(), 0, e.what()});
        snap.source = "bundle " + path;
      }
      RunResult r = checks::run(snap, sel, meta_for(snap, lang));
      if (!o.output.empty()) write_file_atomic(o.output, render::render(*fmt_opt, r, for_file(ropts)));
      if (o.output.empty() || *fmt_opt != render::Format::kTable) {
        const auto shown = o.output.empty() ? *fmt_opt : render::Format::kTable;
        fmt::print("{}", shown_on(tty, shown, render::render(shown, r, ropts)));
      }
      return r.exit_code();
    }
    std::vector<render::BatchRow> rows;
    int worst = kExitPass;
    for (const auto& [p, cause] : entries) {
      render::BatchRow row;
      row.origin = p;
      row.user = user_of(p);
      if (!cause.empty()) {
        row.error = cause;
        worst = kExitIncomplete;
        rows.push_back(std::move(row));
        continue;
      }
      try {
        Snapshot snap = load_bundle(p);
        row.run = checks::run(snap, sel, meta_for(snap, lang));
        worst = std::max(worst, row.run->exit_code());
      } catch (const Error& e) {
        row.error = e.what();
        worst = kExitIncomplete;
      } catch (const std::exception& e) {  // a bad bundle never stops the batch
        row.error = fmt::format("bundle {}: {}", p, e.what());
        worst = kExitIncomplete;
      }
      rows.push_back(std::move(row));
    }
    const auto bfmt = *fmt_opt == render::Format::kTable ? render::Format::kCsv : *fmt_opt;
    const std::string out = render::batch(bfmt, rows, ropts);
    if (!o.output.empty()) {
      write_file_atomic(o.output, out);
    } else {
      fmt::print("{}", shown_on(tty, bfmt, out));
    }
    return worst;
  }

  // Live.
  const std::string dir = resolve_dir(o.dir);
  const auto deadline = std::chrono::steady_clock::now() + wait;
  Snapshot snap = collect_live(o.conn, dir, !o.no_dry_run);
  RunResult r = checks::run(snap, sel, meta_for(snap, lang));
  while (!selected_pass(r) && r.complete() && std::chrono::steady_clock::now() + std::chrono::seconds(1) < deadline) {
    const int pending = r.count(Status::kFail);
    const auto left = std::chrono::duration_cast<std::chrono::seconds>(deadline - std::chrono::steady_clock::now());
    fmt::print(
        stderr, "gpuwhy: {}\n",
        i18n::render(
            msg("cli.waiting", {{"count", std::to_string(pending)}, {"seconds", std::to_string(left.count())}}), lang));
    std::this_thread::sleep_for(std::chrono::seconds(1));
    snap = collect_live(o.conn, dir, !o.no_dry_run);
    r = checks::run(snap, sel, meta_for(snap, lang));
  }
  report_live_problems(snap);
  if (!o.output.empty()) {
    try {
      write_file_atomic(o.output, render::render(*fmt_opt, r, for_file(ropts)));
    } catch (const Error& e) {
      print_error(e.what());
      fmt::print("{}", render::render(render::Format::kTable, r, ropts));
      return kExitIncomplete;
    }
    fmt::print("{}", render::render(render::Format::kTable, r, ropts));
  } else {
    fmt::print("{}", shown_on(tty, *fmt_opt, render::render(*fmt_opt, r, ropts)));
  }
  return r.exit_code();
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
  sub->add_flag("--no-dry-run", opts->no_dry_run, t("cli.opt.no-dry-run"));
  sub->add_option("--format", opts->format, t("cli.opt.format"))->capture_default_str();
  sub->add_option("--output,-o", opts->output, t("cli.opt.output"));
  sub->add_flag("--verbose,-v", opts->verbose, t("cli.opt.verbose"));
  sub->add_flag("--hide-expected", opts->hide_expected, t("cli.opt.hide-expected"));
  sub->add_option("--user", opts->user, t("cli.opt.user"));
  sub->add_option("--lang", opts->lang, t("cli.opt.lang"));
  sub->add_option("--color", opts->color, t("cli.opt.color"))->check(CLI::IsMember({"auto", "always", "never"}));
  sub->callback([opts, &exit_code]() { exit_code = run_check(*opts); });
}

}  // namespace gpuwhy::cli
