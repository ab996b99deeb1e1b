// Who needs help on the class page: the students ranked by root causes and then by score, those
// flagged (late, suspect, not on the roster) and those with no score (incomplete, missing); the
// roster's names beside the ids; a missing student's id matched to a submission one typo away; a
// student's page headed by their name and id. Classes are built from real captures.
#include <algorithm>
#include <string>
#include <vector>

#include "../../lib/src/render/render_detail.h"
#include "gpuwhy/base/text.h"
#include "gpuwhy/i18n/i18n.h"
#include "report_common_test.h"

namespace gpuwhy {
namespace {

using namespace report_test;  // NOLINT(google-build-using-namespace): the shared test helpers

constexpr const char* kVersion = "v1.34.0";

#define SKIP_WITHOUT_CAPTURES()                                                              \
  if (!load_capture(kVersion, "solution")) {                                                 \
    GTEST_SKIP() << "the " << kVersion << " captures are not there yet: nothing to compare"; \
  }

render::BatchRow row_of(const std::string& user, const std::string& scenario) {
  const nlohmann::json bundle = *load_capture(kVersion, scenario);
  RunResult run = checks_only(bundle, capture_rel(kVersion, scenario));
  run.meta.taken_at = bundle.value("taken_at", "");
  return {capture_rel(kVersion, scenario), user, std::move(run), "", "pages/" + user + ".html"};
}

std::vector<std::string> help_users(const render::detail::ClassSummary& s) {
  std::vector<std::string> out;
  for (const std::uint32_t i : s.help) out.push_back(s.scored[i].user);
  return out;
}

TEST(EditDistance, OneTypoIsOneByCharacterNotByte) {
  EXPECT_EQ(text::edit_distance("2026027", "20260127"), 1U);   // a digit dropped
  EXPECT_EQ(text::edit_distance("20260172", "20260127"), 1U);  // two neighbours swapped
  EXPECT_EQ(text::edit_distance("20260128", "20260127"), 1U);  // one replaced
  EXPECT_EQ(text::edit_distance("2026127", "20260172"), 2U);
  EXPECT_EQ(text::edit_distance("김민준", "김민지"), 1U);  // three bytes each, one character
  EXPECT_EQ(text::edit_distance("Alice", "alice"), 0U);
  EXPECT_EQ(text::edit_distance("", "ab"), 2U);
}

// The scores of these captures (gpuwhy check --format csv): noexecute-taint 54, capacity-only 57,
// taint-wrong-key 59, allocatable-one 60, toleration-too-broad 70 of 72; each has one root cause.
TEST(ClassHelp, MostRootCausesFirstThenLowestScoreAndNoOneWhoLostNothing) {
  SKIP_WITHOUT_CAPTURES();
  std::vector<render::BatchRow> rows{row_of("a", "toleration-too-broad"), row_of("b", "solution"),
                                     row_of("c", "capacity-only"),        row_of("d", "noexecute-taint"),
                                     row_of("e", "allocatable-one"),      row_of("f", "taint-wrong-key")};
  // e's run fails one more check at its root (its first passing one): two root causes rank first.
  for (auto& c : rows[4].run->checks) {
    if (c.outcome.status != Status::kPass) continue;
    c.outcome.status = Status::kFail;
    c.score = 0;
    break;
  }
  render::Options o;
  o.concepts = checks::concepts();
  const auto s = render::detail::class_summary(rows, o);
  EXPECT_EQ(help_users(s), (std::vector<std::string>{"e", "d", "c", "f", "a"}));
}

TEST(ClassHelp, LateAndOffTheRosterAreListedWhateverTheScore) {
  SKIP_WITHOUT_CAPTURES();
  const std::vector<render::BatchRow> rows{row_of("s1", "solution"), row_of("s2", "solution"),
                                           row_of("s3", "capacity-only")};
  render::Options o;
  o.roster = std::vector<std::string>{"s1", "s3"};
  const auto s = render::detail::class_summary(rows, o);
  // s2 has every point but is not on the roster; s1 is neither flagged nor short of a point.
  EXPECT_EQ(help_users(s), (std::vector<std::string>{"s3", "s2"}));
}

TEST(ClassHelp, NamesFromTheRosterAndTheIdTypedOneDigitShort) {
  SKIP_WITHOUT_CAPTURES();
  const std::vector<render::BatchRow> rows{row_of("20260101", "solution"), row_of("2026027", "capacity-only"),
                                           row_of("2027", "capacity-only")};
  render::Options o;
  o.roster = std::vector<std::string>{"20260101", "20260127", "20260199"};
  o.names = {{"20260101", "Kim Minji"}, {"20260127", "Tanaka Yuki"}};
  const auto s = render::detail::class_summary(rows, o);
  ASSERT_EQ(s.missing, (std::vector<std::string>{"20260127", "20260199"}));
  EXPECT_EQ(s.missing_names, (std::vector<std::string>{"Tanaka Yuki", ""}));
  // 2026027 is one digit short of 20260127; 2027 is four away from both: no one's.
  EXPECT_EQ(s.missing_near, (std::vector<std::vector<std::string>>{{"2026027"}, {}}));
  EXPECT_EQ(s.scored[0].name, "Kim Minji");

  const std::string html = render::detail::batch_html(s, o);
  EXPECT_NE(html.find("<span class=\"name\">Kim Minji</span> <span class=\"id\">20260101</span>"), std::string::npos);
  EXPECT_NE(html.find("data-near=\"2026027\""), std::string::npos);
  EXPECT_NE(html.find(i18n::render(msg("ui.class.near-miss", {{"user", "2026027"}}), i18n::Lang::kEn)),
            std::string::npos);
  // The help block comes before the students by step, and lists the missing students in it.
  const auto help = html.find("<section id=\"help\">");
  const auto grid = html.find("<section id=\"students-section\">");
  ASSERT_NE(help, std::string::npos);
  EXPECT_LT(help, grid);
  const auto missing = html.find("data-kind=\"missing\"", help);
  EXPECT_LT(missing, grid);
  const std::string md = render::detail::batch_markdown(s, o);
  EXPECT_NE(md.find("Tanaka Yuki 20260127"), std::string::npos) << md;
}

TEST(StudentPageHead, NameIdScoreAndRootCausesFirst) {
  SKIP_WITHOUT_CAPTURES();
  const render::BatchRow row = row_of("20260105", "capacity-only");
  render::Options o;
  o.user = "20260105";
  o.user_name = "Garcia <Luis>";
  const std::string html = render::render(render::Format::kHtml, *row.run, o);
  EXPECT_NE(html.find("<h1>Garcia &lt;Luis&gt;</h1>"), std::string::npos);
  EXPECT_NE(html.find("data-user=\"20260105\""), std::string::npos);
  EXPECT_NE(html.find("data-roots=\"step2.allocatable\""), std::string::npos);
  const auto head = html.find("<h1>");
  const auto root_line = html.find("id=\"root-line\"");
  EXPECT_LT(head, root_line);
  EXPECT_LT(root_line, html.find("<section class=\"roots\""));
  // Without --user the page keeps its title and says no one's name.
  const std::string plain = render::render(render::Format::kHtml, *row.run, render::Options{});
  EXPECT_NE(plain.find("<h1>" + i18n::text("ui.report.title", i18n::Lang::kEn) + "</h1>"), std::string::npos);
  EXPECT_EQ(plain.find("id=\"student\""), std::string::npos);
}

}  // namespace
}  // namespace gpuwhy
