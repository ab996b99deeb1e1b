#include "options.h"

#include <sys/stat.h>

#include <algorithm>
#include <filesystem>
#include <map>
#include <string>

#include <fmt/format.h>

#include "gpuwhy/base/duration.h"
#include "gpuwhy/base/files.h"
#include "gpuwhy/base/sys.h"
#include "gpuwhy/base/text.h"
#include "gpuwhy/collect/collect.h"
#include "gpuwhy/lab/lab.h"
#include "gpuwhy/render/pages.h"
#include "gpuwhy/render/render.h"

namespace gpuwhy::checks {

namespace fs = std::filesystem;

namespace {

Error usage(i18n::Lang lang, const std::string& id, std::map<std::string, std::string> args) {
  return Error(ErrorKind::kUsage, i18n::render(msg(id, std::move(args)), lang));
}

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

kube::LoadOptions load_options(const ConnectionFlags& flags) {
  kube::LoadOptions lopts = kube::default_load_options();
  if (!flags.kubeconfig.empty()) lopts.kubeconfig = flags.kubeconfig;
  if (!flags.context.empty()) lopts.context = flags.context;
  return lopts;
}

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

std::string resolve_dir(const std::string& flag, i18n::Lang lang) {
  std::error_code ec;
  if (flag.empty()) {
    const fs::path here = fs::current_path(ec);
    if (!ec && is_lab_folder(here)) return here.string();
    if (const std::string above = lab_above(here); !above.empty())
      throw usage(lang, "cli.error.dir-inside-lab", {{"dir", here.string()}, {"lab", above}});
    const fs::path fallback(lab::kDefaultDir);
    if (is_lab_folder(fallback)) return fallback.string();
    throw usage(lang, "cli.error.no-lab-dir", {{"here", here.string()}, {"dir", fallback.string()}});
  }
  const fs::path dir(flag);
  const auto st = fs::status(dir, ec);
  if (!fs::exists(st)) throw usage(lang, "cli.error.dir-missing", {{"dir", flag}});
  if (!fs::is_directory(st)) throw usage(lang, "cli.error.dir-not-folder", {{"dir", flag}});
  if (is_lab_folder(dir)) return flag;
  if (const std::string above = lab_above(dir); !above.empty())
    throw usage(lang, "cli.error.dir-inside-lab", {{"dir", flag}, {"lab", above}});
  throw usage(lang, "cli.error.dir-not-lab", {{"dir", flag}});
}

void list_budget_from_env(kube::ClientOptions& opts) {
  const auto env = sys::environment();
  opts.list_max_bytes = env_limit(env, "GPUWHY_LIST_MAX_BYTES");
  opts.list_max_items = env_limit(env, "GPUWHY_LIST_MAX_ITEMS");
}

Kubeconfig load_kubeconfig(const ConnectionFlags& flags) {
  Kubeconfig kc;
  kube::LoadOptions lopts = load_options(flags);
  lopts.read_file = [&kc, read = lopts.read_file](const std::string& path) {
    kc.read.push_back({path, "cli.input.kubeconfig"});
    return read(path);
  };
  try {
    kc.cfg = kube::load_config(lopts);
  } catch (const Error& e) {
    // Said once, by live_problem_line, like every other cause.
    kc.why = FetchError{e.kind(), 0, e.what(), e.id(), e.args()};
  }
  return kc;
}

LiveConnection connect(Kubeconfig kc, const ConnectionFlags& flags, const std::function<void(const Msg&)>& warn) {
  LiveConnection c;
  c.cfg = std::move(kc.cfg);
  c.why = std::move(kc.why);
  if (!c.cfg) return c;
  for (const auto& w : c.cfg->warnings) warn(w);
  c.opts.request_timeout = parse_duration(flags.request_timeout, "--request-timeout");
  if (c.opts.request_timeout.count() > 0 && c.opts.request_timeout < c.opts.connect_timeout)
    c.opts.connect_timeout = c.opts.request_timeout;
  c.opts.overall_timeout = parse_duration(flags.timeout, "--timeout");
  list_budget_from_env(c.opts);
  return c;
}

std::optional<std::string> live_problem_line(const Snapshot& snap, i18n::Lang lang) {
  // Also dry runs the apiserver answered with 401/403/429/5xx; a 404 only for the namespace.
  const std::vector<FetchError> causes = fetch_errors(snap);
  if (causes.empty()) return std::nullopt;
  const FetchError& first = causes.front();
  std::string line = first.id.empty() ? first.message : i18n::render(Msg{first.id, first.args}, lang);
  if (causes.size() > 1) {
    line += " " + i18n::render(msg("cli.error.more-reads", {{"count", std::to_string(causes.size() - 1)}}), lang);
  }
  return line;
}

std::vector<Input> lab_inputs(const std::string& dir) {
  std::vector<Input> out;
  for (const auto rel : lab::kStudentFiles) out.push_back({dir + "/" + std::string(rel), "cli.input.lab-file"});
  return out;
}

void refuse_empty_output(const std::string& output, i18n::Lang lang) {
  if (output.empty()) throw usage(lang, "cli.error.empty-output", {});
}

void refuse_output_target(const std::string& output, const std::string& pages_dir, i18n::Lang lang) {
  refuse_empty_output(output, lang);
  if (output == "-" || files::is_std_stream(output)) return;
  // stat, never open: opening a FIFO waits for a reader. A link is judged by what it leads to.
  struct stat st {};
  if (::stat(output.c_str(), &st) == 0 && !S_ISREG(st.st_mode) && !S_ISDIR(st.st_mode)) {
    throw usage(lang, "cli.error.output-not-regular", {{"output", output}, {"kind@", files::kind_id_of(st.st_mode)}});
  }
  if (names_pages_list(output, pages_dir)) throw usage(lang, "cli.error.output-is-pages-list", {{"output", output}});
}

void refuse_output_over_inputs(const std::string& output, const std::vector<Input>& inputs, i18n::Lang lang) {
  refuse_output_target(output, "", lang);
  if (output == "-") return;
  const auto out = files::identity(output);
  if (!out) return;  // a new file: nothing is overwritten
  for (const Input& in : inputs) {
    if (files::identity(in.path) != out) continue;
    const std::string what = i18n::render(msg(in.what, {{"file", in.path}}), lang);
    throw usage(lang, "cli.error.output-is-input", {{"output", output}, {"what", what}});
  }
}

std::string with_suggestion(std::string message, std::string_view word, const std::vector<std::string>& candidates,
                            i18n::Lang lang) {
  const std::string best = text::closest(word, candidates);
  if (best.empty()) return message;
  return message + "; " + i18n::render(msg("cli.error.did-you-mean", {{"suggestion", best}}), lang);
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
  for (const i18n::LangRow& l : i18n::kLangRows) out.emplace_back(l.code);
  return out;
}

std::string listed(const std::vector<std::string>& items, i18n::Lang lang, const char* last) {
  std::string out = items.empty() ? std::string() : items.front();
  for (std::size_t i = 1; i < items.size(); ++i) {
    out = i18n::text(i + 1 == items.size() ? last : "cli.list-more", lang, {{"list", out}, {"item", items[i]}});
  }
  return out;
}

std::string format_help(i18n::Lang lang) {
  return i18n::text("cli.opt.format", lang, {{"formats", listed(render::format_names(), lang)}});
}

std::string lang_help(i18n::Lang lang) {
  return i18n::text("cli.opt.lang", lang, {{"langs", listed(lang_names(), lang)}});
}

i18n::Lang lang_of(const std::string& flag) {
  const auto env = sys::environment();
  if (flag.empty()) return i18n::choose_lang(std::nullopt, env);
  // A language we do not have is refused, never a silent fall back to English; the message is
  // in the language the environment asks for.
  if (!i18n::parse_lang_flag(flag)) {
    const i18n::Lang said = i18n::choose_lang(std::nullopt, env);
    throw Error(ErrorKind::kUsage, with_suggestion(i18n::render(msg("cli.error.lang", {{"value", flag}}), said), flag,
                                                   lang_names(), said));
  }
  return i18n::choose_lang(flag, env);
}

}  // namespace gpuwhy::checks
