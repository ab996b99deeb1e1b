// `gpuwhy check`: its flags declared, then checks::validate (every usage error, before any
// request or file read) and checks::run_check (grade, render), which say on stderr through us.
#include "check.h"

#include <unistd.h>

#include <cstdio>
#include <memory>

#include <fmt/format.h>

#include "check_plan.h"
#include "check_run.h"
#include "common.h"
#include "completion.h"
#include "gpuwhy/render/render.h"

namespace gpuwhy::cli {

namespace {

int run_check(checks::CheckOptions& o) {
  if (o.lang.empty()) o.lang = top_lang_flag();
  const checks::Plan plan = checks::validate(o, ::isatty(STDOUT_FILENO) != 0);  // usage errors: exit 2
  checks::Say say;
  say.error = [](const std::string& line) { print_error(line); };
  say.warning = [](const std::string& line) { print_warning(line); };
  say.note = [](const std::string& line) { fmt::print(stderr, "gpuwhy: {}\n", line); };
  say.kubeconfig_warning = [](const Msg& m) { print_warning(m); };
  say.messages = message_lang();
  say.batch_starts = use_batch_allocator;
  return checks::run_check(o, plan, say);
}

}  // namespace

void setup_check(CLI::App& app, int& exit_code, i18n::Lang lang) {
  const auto t = [lang](const char* id) { return i18n::text(id, lang); };
  auto opts = std::make_shared<checks::CheckOptions>();
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
  sub->add_option("--format", opts->format, checks::format_help(lang))
      ->capture_default_str()
      ->check(choices(render::format_names()));
  sub->add_option("--output,-o", opts->output, t("cli.opt.output"));
  sub->add_flag("--verbose,-v", opts->verbose, t("cli.opt.verbose"));
  sub->add_flag("--hide-expected", opts->hide_expected, t("cli.opt.hide-expected"));
  sub->add_option("--user", opts->user, t("cli.opt.user"));
  add_lang_option(*sub, opts->lang, lang);
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
