// Every word of the command line in the user's language, and a suggestion wherever a word can be
// mistyped (issue 36, parts 1 and 2): CLI11's own errors said from the catalog with a translated
// "gpuwhy: error:", "did you mean" for flags, --format values, commands, check ids and steps,
// `gpuwhy` alone listing the commands, and `explain` taking a step or a part of an id and
// printing its sections wrapped to the terminal.
#include <gtest/gtest.h>

#include <algorithm>
#include <set>
#include <string>
#include <vector>

#include "../tools/run_binary.h"
#include "checks.h"
#include "gpuwhy/i18n.h"
#include "gpuwhy/text.h"

namespace gpuwhy {
namespace {

using i18n::Lang;
using testing_tools::RunOutput;
using testing_tools::TempDir;

// Runs gpuwhy with `args` in language `lang` (GPUWHY_LANG; no locale, no kubeconfig), COLUMNS
// `columns`, stdout not a terminal.
RunOutput run(const std::string& lang, const std::vector<std::string>& args, const std::string& columns = "80") {
  static const TempDir tmp;
  std::vector<std::string> argv{"/usr/bin/env",
                                "-u",
                                "LC_ALL",
                                "-u",
                                "LC_MESSAGES",
                                "-u",
                                "LANG",
                                "-u",
                                "KUBECONFIG",
                                "HOME=/nonexistent",
                                "GPUWHY_LANG=" + lang,
                                "COLUMNS=" + columns,
                                GPUWHY_BINARY};
  argv.insert(argv.end(), args.begin(), args.end());
  return testing_tools::run_binary(argv, tmp.path());
}

// ---- part 1: the prefixes and CLI11's errors in the user's language -------------------------------

TEST(CliWords, ThePrefixesAreTranslated) {
  EXPECT_EQ(i18n::text("cli.prefix.error", Lang::kKo), "gpuwhy: 오류:");
  EXPECT_EQ(i18n::text("cli.prefix.error", Lang::kJa), "gpuwhy: エラー:");
  EXPECT_EQ(i18n::text("cli.prefix.warning", Lang::kKo), "gpuwhy: 경고:");
  EXPECT_EQ(i18n::text("cli.prefix.warning", Lang::kJa), "gpuwhy: 警告:");
  // An error a command raises itself gets the same prefix as CLI11's.
  const RunOutput r = run("ja", {"check", "--step", "9"});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(r.err.rfind("gpuwhy: エラー: --step 9", 0), 0U) << r.err;
}

}  // namespace
}  // namespace gpuwhy
