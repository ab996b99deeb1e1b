// The command line in the reader's language: help and usage errors follow the locale and --lang
// (the built binary).
#include <gtest/gtest.h>

#include <map>
#include <optional>
#include <set>
#include <sstream>
#include <string>
#include <tuple>
#include <vector>

#include "gpuwhy/base/text.h"
#include "gpuwhy/i18n/i18n.h"
#include "gpuwhy/lab/lab.h"
#include "gpuwhy/render/render.h"
#include "langs.h"
#include "options.h"
#include "report_common_test.h"

namespace gpuwhy::report_test {
namespace {

using i18n::Lang;

const std::vector<std::pair<Lang, std::string>> kAllLangs = gpuwhy_test::named_langs();

std::vector<std::string> split_lines(const std::string& s) {
  std::vector<std::string> out;
  std::istringstream in(s);
  std::string line;
  while (std::getline(in, line)) out.push_back(line);
  return out;
}

// Runs the real binary with a clean locale environment plus `env`.
CommandResult run_gpuwhy(const std::string& env, const std::string& args) {
  return run_command("env -u LC_ALL -u LC_MESSAGES -u LANG -u GPUWHY_LANG " + env + " " + sh_quote(GPUWHY_BINARY) +
                     " " + args);
}

TEST(I18nCli, HelpFollowsTheLocaleAndTheFlag) {
  // Wide enough that no description is wrapped: each text is found whole.
  const auto ko = run_gpuwhy("LANG=ko_KR.UTF-8 COLUMNS=1000", "check --help");
  EXPECT_EQ(ko.exit_code, 0) << ko.output;
  for (const char* id :
       {"cli.check", "cli.opt.snapshot", "cli.opt.kubeconfig", "cli.help", "cli.label.usage", "cli.group.options"}) {
    EXPECT_NE(ko.output.find(i18n::text(id, Lang::kKo)), std::string::npos) << id << "\n" << ko.output;
  }
  for (const std::string& help : {checks::format_help(Lang::kKo), checks::lang_help(Lang::kKo)})
    EXPECT_NE(ko.output.find(help), std::string::npos) << help << "\n" << ko.output;
  EXPECT_EQ(ko.output.find("Options:"), std::string::npos) << ko.output;
  const auto ja = run_gpuwhy("LANG=ko_KR.UTF-8 COLUMNS=1000", "check --lang ja --help");
  EXPECT_NE(ja.output.find(checks::format_help(Lang::kJa)), std::string::npos) << ja.output;
  const auto top = run_gpuwhy("GPUWHY_LANG=ja COLUMNS=1000", "--help");
  for (const char* id :
       {"cli.app", "cli.list", "cli.explain", "cli.snapshot", "cli.version", "cli.group.subcommands"}) {
    EXPECT_NE(top.output.find(i18n::text(id, Lang::kJa)), std::string::npos) << id << "\n" << top.output;
  }
  const auto en = run_gpuwhy("LANG=C COLUMNS=1000", "snapshot --help");
  EXPECT_NE(en.output.find(i18n::text("cli.opt.bundle-output", Lang::kEn)), std::string::npos) << en.output;
}

TEST(I18nCli, UsageErrorsAreTranslated) {
  const auto step = run_gpuwhy("LANG=ko_KR.UTF-8", "check --step 9 --snapshot /nonexistent.json");
  EXPECT_EQ(step.exit_code, 2) << step.output;
  EXPECT_NE(step.output.find(i18n::render(msg("cli.error.bad-step", {{"step", "9"}, {"steps", "8"}}), Lang::kKo)),
            std::string::npos)
      << step.output;
  const auto check = run_gpuwhy("LANG=ja_JP.UTF-8", "explain step9.nothing");
  EXPECT_EQ(check.exit_code, 2) << check.output;
  EXPECT_NE(check.output.find(i18n::render(msg("cli.error.no-such-check", {{"id", "step9.nothing"}}), Lang::kJa)),
            std::string::npos)
      << check.output;
  const auto parse = run_gpuwhy("LANG=ko_KR.UTF-8", "check --no-such-flag");
  EXPECT_EQ(parse.exit_code, 2) << parse.output;
  EXPECT_NE(parse.output.find(i18n::text("cli.error.more-info", Lang::kKo)), std::string::npos) << parse.output;
}

TEST(I18nCli, ListColumnsAlignInEveryLanguage) {
  for (const auto& [lang, name] : kAllLangs) {
    const auto r = run_gpuwhy("", "list --lang " + name);
    ASSERT_EQ(r.exit_code, 0) << r.output;
    std::set<std::size_t> title_cols;
    for (const auto& line : split_lines(r.output)) {
      // The title is the fourth column: after three runs of "two or more spaces".
      std::size_t pos = 0;
      for (int col = 0; col < 3; ++col) {
        pos = line.find("  ", pos);
        ASSERT_NE(pos, std::string::npos) << line;
        pos = line.find_first_not_of(' ', pos);
      }
      title_cols.insert(text::display_width(line.substr(0, pos)));
    }
    EXPECT_EQ(title_cols.size(), 1U) << name << ":\n" << r.output;
  }
}

// Every cli.* text is used by the command line (a stale id would be translated for nothing): by
// cmd/, or by what decides the flags' meaning and runs a command for it in checks/ (options.cpp,
// check_plan.cpp, check_run.cpp, explain.cpp, roster.cpp).
TEST(I18nCli, EveryCliIdIsUsed) {
  std::string sources;
  for (const char* dir : {"cmd", "checks"}) {
    for (const auto& e : fs::directory_iterator(source_dir() / dir)) sources += read_text(e.path());
  }
  for (const auto& [id, text] : i18n::catalog(Lang::kEn)) {
    if (id.rfind("cli.", 0) != 0) continue;
    EXPECT_NE(sources.find("\"" + id + "\""), std::string::npos) << id << " is not used in cmd/ or checks/";
  }
}

}  // namespace
}  // namespace gpuwhy::report_test
