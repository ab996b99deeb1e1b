#include "common.h"

#include "gpuwhy/base/text.h"

#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <map>
#include <string>

#include <fmt/format.h>

#include "gpuwhy/base/error.h"
#include "gpuwhy/base/files.h"
#include "gpuwhy/base/sys.h"
#include "gpuwhy/base/text.h"
#include "gpuwhy/lab/lab.h"
#include "gpuwhy/render/pages.h"
#include "grade.h"
#include "live.h"

namespace gpuwhy::cli {

namespace fs = std::filesystem;

std::string with_suggestion(std::string message, std::string_view word, const std::vector<std::string>& candidates,
                            i18n::Lang lang) {
  const std::string best = text::closest(word, candidates);
  if (best.empty()) return message;
  return message + "; " + i18n::render(msg("cli.error.did-you-mean", {{"suggestion", best}}), lang);
}

void add_connection_flags(CLI::App& app, ConnectionFlags& flags, i18n::Lang lang) {
  app.add_option("--kubeconfig", flags.kubeconfig, i18n::text("cli.opt.kubeconfig", lang));
  app.add_option("--context", flags.context, i18n::text("cli.opt.context", lang));
  app.add_option("--request-timeout", flags.request_timeout, i18n::text("cli.opt.request-timeout", lang))
      ->capture_default_str();
  app.add_option("--timeout", flags.timeout, i18n::text("cli.opt.timeout", lang))->capture_default_str();
}

namespace {

// A lab folder holds the student's k8s/ or out/ (or both).
bool is_lab_folder(const fs::path& dir) {
  std::error_code ec;
  return fs::is_directory(dir / "k8s", ec) || fs::is_directory(dir / "out", ec);
}

// `dir` is a lab's own k8s/ or out/: the lab folder above it, else "".
std::string lab_above(const fs::path& dir) {
  std::error_code ec;
  fs::path abs = fs::absolute(dir, ec).lexically_normal();
  if (ec) return {};
  if (!abs.has_filename()) abs = abs.parent_path();  // "out/" -> "out"
  const std::string name = abs.filename().string();
  if (name != "k8s" && name != "out") return {};
  return is_lab_folder(abs.parent_path()) ? abs.parent_path().string() : std::string();
}

Error not_a_lab(i18n::Lang lang, const std::string& id, std::map<std::string, std::string> args) {
  return Error(ErrorKind::kUsage, i18n::render(msg(id, std::move(args)), lang));
}

}  // namespace

std::string resolve_dir(const std::string& flag, i18n::Lang lang) {
  std::error_code ec;
  if (flag.empty()) {
    const fs::path here = fs::current_path(ec);
    if (!ec && is_lab_folder(here)) return here.string();
    if (const std::string above = lab_above(here); !above.empty())
      throw not_a_lab(lang, "cli.error.dir-inside-lab", {{"dir", here.string()}, {"lab", above}});
    const fs::path fallback(lab::kDefaultDir);
    if (is_lab_folder(fallback)) return fallback.string();
    throw not_a_lab(lang, "cli.error.no-lab-dir", {{"here", here.string()}, {"dir", fallback.string()}});
  }
  const fs::path dir(flag);
  const auto st = fs::status(dir, ec);
  if (!fs::exists(st)) throw not_a_lab(lang, "cli.error.dir-missing", {{"dir", flag}});
  if (!fs::is_directory(st)) throw not_a_lab(lang, "cli.error.dir-not-folder", {{"dir", flag}});
  if (is_lab_folder(dir)) return flag;
  if (const std::string above = lab_above(dir); !above.empty())
    throw not_a_lab(lang, "cli.error.dir-inside-lab", {{"dir", flag}, {"lab", above}});
  throw not_a_lab(lang, "cli.error.dir-not-lab", {{"dir", flag}});
}

namespace {

// GPUWHY_<name> as a whole number from 1; 0 when it is not set (the default stands).
std::size_t env_limit(const std::map<std::string, std::string>& env, const std::string& name) {
  const auto it = env.find(name);
  if (it == env.end() || it->second.empty()) return 0;
  const std::string& v = it->second;
  const bool digits = v.size() <= 18 && std::all_of(v.begin(), v.end(), [](char c) { return c >= '0' && c <= '9'; });
  const std::size_t n = digits ? std::stoull(v) : 0;
  if (n == 0) {
    throw Error(ErrorKind::kUsage, fmt::format("{}=\"{}\": not a whole number from 1", name, v),
                "cli.error.bad-env-number", {{"name", name}, {"value", v}});
  }
  return n;
}

}  // namespace

void list_budget_from_env(kube::ClientOptions& opts) {
  const auto env = sys::environment();
  opts.list_max_bytes = env_limit(env, "GPUWHY_LIST_MAX_BYTES");
  opts.list_max_items = env_limit(env, "GPUWHY_LIST_MAX_ITEMS");
}

LiveConnection connect_live(const ConnectionFlags& flags) {
  LiveConnection c;
  kube::LoadOptions lopts = kube::default_load_options();
  if (!flags.kubeconfig.empty()) lopts.kubeconfig = flags.kubeconfig;
  if (!flags.context.empty()) lopts.context = flags.context;
  try {
    c.cfg = kube::load_config(lopts);
  } catch (const Error& e) {
    // Reported once, by report_live_problems, like every other cause.
    c.why = FetchError{e.kind(), 0, e.what(), e.id(), e.args()};
    return c;
  }
  for (const auto& w : c.cfg->warnings) print_warning(w);
  c.opts.request_timeout = parse_duration(flags.request_timeout, "--request-timeout");
  if (c.opts.request_timeout.count() > 0 && c.opts.request_timeout < c.opts.connect_timeout)
    c.opts.connect_timeout = c.opts.request_timeout;
  c.opts.overall_timeout = parse_duration(flags.timeout, "--timeout");
  list_budget_from_env(c.opts);
  return c;
}

Snapshot collect_live(const LiveConnection& conn, const std::string& dir, bool dry_run) {
  return checks::collect_live(conn.cfg, conn.opts, conn.why, dir, dry_run);
}

Snapshot collect_live(const ConnectionFlags& flags, const std::string& dir, bool dry_run) {
  return collect_live(connect_live(flags), dir, dry_run);
}

namespace {
i18n::Lang stderr_lang = i18n::Lang::kEn;  // NOLINT(cppcoreguidelines-avoid-non-const-global-variables): set by main

// A message a user reads: its catalog text (`id`, `args`) in the language of the messages, or
// `english` when it has none.
std::string words_of(const std::string& id, const std::map<std::string, std::string>& args,
                     const std::string& english) {
  return id.empty() ? english : i18n::render(Msg{id, args}, stderr_lang);
}
}  // namespace

bool report_live_problems(const Snapshot& snap) {
  // Also dry runs the apiserver answered with 401/403/429/5xx; a 404 only for the namespace.
  const std::vector<FetchError> causes = fetch_errors(snap);
  if (causes.empty()) return false;
  const FetchError& first = causes.front();
  std::string line = words_of(first.id, first.args, first.message);
  if (causes.size() > 1) {
    line +=
        " " + i18n::render(msg("cli.error.more-reads", {{"count", std::to_string(causes.size() - 1)}}), stderr_lang);
  }
  print_error(line);
  return true;
}

void write_file_atomic(const std::string& path, const std::string& content) {
  files::write_atomic(path, content);
}

namespace {
void (*batch_allocator)() = nullptr;  // NOLINT(cppcoreguidelines-avoid-non-const-global-variables): set once by main
}  // namespace

void set_batch_allocator(void (*tune)()) {
  batch_allocator = tune;
}

void use_batch_allocator() {
  if (batch_allocator != nullptr) batch_allocator();
}

std::vector<Input> kubeconfig_inputs(const ConnectionFlags& flags) {
  std::vector<Input> out;
  kube::LoadOptions lopts = kube::default_load_options();
  if (!flags.kubeconfig.empty()) lopts.kubeconfig = flags.kubeconfig;
  if (!flags.context.empty()) lopts.context = flags.context;
  lopts.read_file = [&out, read = lopts.read_file](const std::string& path) {
    out.push_back({path, "cli.input.kubeconfig"});
    return read(path);
  };
  try {
    (void)kube::load_config(lopts);
  } catch (const Error&) {
    // A kubeconfig that cannot be used is said once, by the collection; what it read is known.
  }
  return out;
}

std::vector<Input> lab_inputs(const std::string& dir) {
  std::vector<Input> out;
  for (const auto rel : lab::kStudentFiles) out.push_back({dir + "/" + std::string(rel), "cli.input.lab-file"});
  return out;
}

void refuse_empty_output(const std::string& output, i18n::Lang lang) {
  if (output.empty()) throw Error(ErrorKind::kUsage, i18n::render(msg("cli.error.empty-output", {}), lang));
}

namespace {

// Whether `output` is, or would be, the list of a --pages folder (or its lock): by its name as
// given or as its links resolve, or, with `pages_dir`, by device and inode (a hard link).
bool names_pages_list(const std::string& output, const std::string& pages_dir) {
  const auto is_list = [](const fs::path& p) {
    const std::string name = p.filename().string();
    return name == render::kPagesList ||
           name == std::string(render::kPagesList) + std::string(render::kPagesLockSuffix);
  };
  std::error_code ec;
  const fs::path real = fs::weakly_canonical(fs::absolute(output, ec), ec);
  if (is_list(output) || (!ec && is_list(real))) return true;
  if (pages_dir.empty()) return false;
  const auto out = files::identity(output);
  return out && out == files::identity((fs::path(pages_dir) / render::kPagesList).string());
}

}  // namespace

void refuse_output_target(const std::string& output, const std::string& pages_dir, i18n::Lang lang) {
  refuse_empty_output(output, lang);
  if (output == "-" || files::is_std_stream(output)) return;
  // stat, never open: opening a FIFO waits for a reader. A link is judged by what it leads to.
  struct stat st {};
  if (::stat(output.c_str(), &st) == 0 && !S_ISREG(st.st_mode) && !S_ISDIR(st.st_mode)) {
    throw Error(ErrorKind::kUsage, i18n::render(msg("cli.error.output-not-regular",
                                                    {{"output", output}, {"kind@", files::kind_id_of(st.st_mode)}}),
                                                lang));
  }
  if (names_pages_list(output, pages_dir)) {
    throw Error(ErrorKind::kUsage, i18n::render(msg("cli.error.output-is-pages-list", {{"output", output}}), lang));
  }
}

void refuse_output_over_inputs(const std::string& output, const std::vector<Input>& inputs, i18n::Lang lang) {
  refuse_output_target(output, "", lang);
  if (output == "-") return;
  const auto out = files::identity(output);
  if (!out) return;  // a new file: nothing is overwritten
  for (const Input& in : inputs) {
    if (files::identity(in.path) != out) continue;
    const std::string what = i18n::render(msg(in.what, {{"file", in.path}}), lang);
    throw Error(ErrorKind::kUsage,
                i18n::render(msg("cli.error.output-is-input", {{"output", output}, {"what", what}}), lang));
  }
}

void set_message_lang(i18n::Lang lang) {
  stderr_lang = lang;
}

void print_error(const std::string& line) {
  // Messages quote file names, apiserver answers and bundle fields: one sanitised line each.
  fmt::print(stderr, "{} {}\n", i18n::text("cli.prefix.error", stderr_lang), text::sanitize_terminal(line));
}

std::string error_text(const Error& e) {
  return checks::error_text(e, stderr_lang);
}

i18n::Lang message_lang() {
  return stderr_lang;
}

void print_warning(const std::string& line) {
  fmt::print(stderr, "{} {}\n", i18n::text("cli.prefix.warning", stderr_lang), text::sanitize_terminal(line));
}

void print_warning(const Msg& m) {
  print_warning(i18n::render(m, stderr_lang));
}

std::string& top_lang_flag() {
  static std::string flag;
  return flag;
}

i18n::Lang lang_from(const std::string& command_flag) {
  const std::string& flag = command_flag.empty() ? top_lang_flag() : command_flag;
  const auto env = sys::environment();
  std::optional<std::string> f;
  if (!flag.empty()) {
    // A language we do not have is refused (exit 2), never a silent fall back to English; the
    // message is in the language the environment asks for.
    if (!i18n::parse_lang_flag(flag)) {
      const i18n::Lang said = i18n::choose_lang(std::nullopt, env);
      throw Error(ErrorKind::kUsage, with_suggestion(i18n::render(msg("cli.error.lang", {{"value", flag}}), said), flag,
                                                     lang_names(), said));
    }
    f = flag;
  }
  return i18n::choose_lang(f, env);
}

std::optional<int> step_number(std::string_view word) {
  std::string w = text::to_lower_ascii(word);
  if (w.rfind("step", 0) == 0) w.erase(0, 4);
  if (w.empty() || w.size() > 3 || !std::all_of(w.begin(), w.end(), [](char c) { return c >= '0' && c <= '9'; })) {
    return std::nullopt;
  }
  return std::stoi(w);
}

std::vector<std::string> step_names() {
  std::vector<std::string> out;
  for (int s = 1; s <= lab::kSteps; ++s) out.push_back("step" + std::to_string(s));
  return out;
}

std::vector<std::string> lang_names() {
  std::vector<std::string> out;
  for (const i18n::Lang l : i18n::kLangs) out.push_back(i18n::to_string(l));
  return out;
}

}  // namespace gpuwhy::cli
