// The terminal table fits the terminal: on every capture, in every language, at 60, 80, 100 and
// 132 columns, by default and with -v, no line is wider than the width, except a line whose only
// overflow is one token that has no place to break (a path, a long name) set after its label.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <vector>

#include "gpuwhy/base/sys.h"
#include "gpuwhy/base/text.h"
#include "gpuwhy/i18n/i18n.h"
#include "gpuwhy/render/render.h"
#include "report_common_test.h"

namespace gpuwhy {
namespace {

using report_test::all_captures;
using report_test::capture_rel;
using report_test::grade;
using report_test::load_capture;

/// A word with wide (Korean, Japanese) characters may break anywhere; an ASCII one may not.
bool unbreakable(const std::string& token) {
  for (std::size_t k = 0; k < token.size();) {
    char32_t cp = 0;
    const std::size_t n = std::max<std::size_t>(1, text::next_codepoint(token, k, &cp));
    if (text::display_width(token.substr(k, n)) > 1) return false;
    k += n;
  }
  return !token.empty();
}

/// The line fits, or what overflows is its last token, which cannot be broken and has nothing
/// before it but the indentation and a detail label (it starts its line's text).
::testing::AssertionResult fits(const std::string& line, std::size_t width) {
  if (text::display_width(line) <= width) return ::testing::AssertionSuccess();
  const auto sp = line.rfind(' ');
  const std::string token = sp == std::string::npos ? line : line.substr(sp + 1);
  std::string before = sp == std::string::npos ? "" : line.substr(0, sp);
  int words = 0;
  for (std::size_t i = 0; i < before.size(); ++i) {
    if (before[i] != ' ' && (i == 0 || before[i - 1] == ' ')) ++words;
  }
  if (unbreakable(token) && words <= 2) return ::testing::AssertionSuccess();
  return ::testing::AssertionFailure() << text::display_width(line) << " > " << width << ": " << line;
}

TEST(TableWidth, NoLineWiderThanTheTerminalOnAnyCapture) {
  const auto captures = all_captures();
  ASSERT_FALSE(captures.empty());
  int lines = 0;
  for (const auto& [version, scenario] : captures) {
    const auto bundle = load_capture(version, scenario);
    ASSERT_TRUE(bundle.has_value());
    const RunResult run = grade(*bundle, capture_rel(version, scenario));
    for (auto lang : i18n::kLangs) {
      for (std::size_t width : {60U, 80U, 100U, 132U}) {
        for (bool verbose : {false, true}) {
          render::Options o;
          o.lang = lang;
          o.width = width;
          o.verbose = verbose;
          o.unicode = true;
          for (const auto& l : text::lines(render::table(run, o))) {
            ++lines;
            EXPECT_TRUE(fits(l, width)) << version << "/" << scenario << " " << i18n::to_string(lang)
                                        << (verbose ? " -v" : "");
          }
        }
      }
    }
  }
  EXPECT_GT(lines, 1000);
}

TEST(TableWidth, FromTheTerminalElseColumnsElse80) {
  EXPECT_EQ(sys::table_width(132, {{"COLUMNS", "60"}}), 132U);
  EXPECT_EQ(sys::table_width(0, {{"COLUMNS", "60"}}), 60U);
  EXPECT_EQ(sys::table_width(0, {}), 80U);
  for (const char* bad : {"", "0", "-5", "wide", "99999"}) {
    EXPECT_EQ(sys::table_width(0, {{"COLUMNS", bad}}), 80U) << bad;
  }
}

TEST(TableWidth, NeverBreaksAnAsciiWordWhereASpaceWouldDo) {
  RunResult r;
  CheckResult c;
  c.id = "step1.namespace";
  c.step = 1;
  c.points = 2;
  c.outcome.status = Status::kFail;
  c.outcome.hint =
      raw("Create it with kubectl create namespace gpu-why and then run "
          "/root/gpuwhy/a-very-long-path/that/does/not/fit/anywhere/in/sixty/columns/at/all.yaml again.");
  r.checks.push_back(c);
  render::Options o;
  o.width = 60;
  const std::string out = render::table(r, o);
  std::string joined;
  for (const auto& l : text::lines(out)) {
    EXPECT_TRUE(fits(l, 60)) << out;
    joined += l + "\n";
  }
  // Every word of the hint is whole on some line.
  for (const char* w : {"kubectl", "namespace", "gpu-why",
                        "/root/gpuwhy/a-very-long-path/that/does/not/fit/anywhere/in/sixty/columns/at/all.yaml"}) {
    EXPECT_NE(joined.find(w), std::string::npos) << w << "\n" << out;
  }
}

}  // namespace
}  // namespace gpuwhy
