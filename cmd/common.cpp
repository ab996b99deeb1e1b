#include "common.h"

#include <cstdio>

#include <fmt/format.h>

#include "completion.h"
#include "gpuwhy/base/text.h"
#include "grade.h"
#include "live.h"

namespace gpuwhy::cli {

namespace {
i18n::Lang stderr_lang = i18n::Lang::kEn;  // NOLINT(cppcoreguidelines-avoid-non-const-global-variables): set by main
void (*batch_allocator)() = nullptr;  // NOLINT(cppcoreguidelines-avoid-non-const-global-variables): set once by main
}  // namespace

void add_connection_flags(CLI::App& app, ConnectionFlags& flags, i18n::Lang lang) {
  app.add_option("--kubeconfig", flags.kubeconfig, i18n::text("cli.opt.kubeconfig", lang));
  app.add_option("--context", flags.context, i18n::text("cli.opt.context", lang));
  app.add_option("--request-timeout", flags.request_timeout, i18n::text("cli.opt.request-timeout", lang))
      ->capture_default_str();
  app.add_option("--timeout", flags.timeout, i18n::text("cli.opt.timeout", lang))->capture_default_str();
}

void add_lang_option(CLI::App& app, std::string& flag, i18n::Lang lang) {
  app.add_option("--lang", flag, checks::lang_help(lang))->check(choices(lang_names()));
}

LiveConnection connect_live(checks::Kubeconfig kc, const ConnectionFlags& flags) {
  return checks::connect(std::move(kc), flags, [](const Msg& w) { print_warning(w); });
}

Snapshot collect_live(checks::Kubeconfig kc, const ConnectionFlags& flags, const std::string& dir, bool dry_run) {
  const LiveConnection conn = connect_live(std::move(kc), flags);
  return checks::collect_live(conn.cfg, conn.opts, conn.why, dir, dry_run);
}

bool report_live_problems(const Snapshot& snap) {
  const auto line = checks::live_problem_line(snap, stderr_lang);
  if (line) print_error(*line);
  return line.has_value();
}

void set_batch_allocator(void (*tune)()) {
  batch_allocator = tune;
}

void use_batch_allocator() {
  if (batch_allocator != nullptr) batch_allocator();
}

void set_message_lang(i18n::Lang lang) {
  stderr_lang = lang;
}

i18n::Lang message_lang() {
  return stderr_lang;
}

void print_error(const std::string& line) {
  // Messages quote file names, apiserver answers and bundle fields: one sanitised line each.
  fmt::print(stderr, "{} {}\n", i18n::text("cli.prefix.error", stderr_lang), text::sanitize_terminal(line));
}

void print_warning(const std::string& line) {
  fmt::print(stderr, "{} {}\n", i18n::text("cli.prefix.warning", stderr_lang), text::sanitize_terminal(line));
}

void print_warning(const Msg& m) {
  print_warning(i18n::render(m, stderr_lang));
}

std::string error_text(const Error& e) {
  return checks::error_text(e, stderr_lang);
}

std::string& top_lang_flag() {
  static std::string flag;
  return flag;
}

i18n::Lang lang_from(const std::string& command_flag) {
  return checks::lang_of(command_flag.empty() ? top_lang_flag() : command_flag);
}

}  // namespace gpuwhy::cli
