// The terminal table renderer: grouping, marks, details, summary lines, alignment by display
// width, colour and Unicode only on request.
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "gpuwhy/base/text.h"
#include "gpuwhy/base/wrap.h"
#include "gpuwhy/render/render.h"

namespace gpuwhy::render {
namespace {

CheckResult check(std::string id, int step, Status st, int points, Outcome o = {}) {
  CheckResult c;
  c.id = std::move(id);
  c.step = step;
  c.points = points;
  o.status = st;
  c.outcome = std::move(o);
  c.score = st == Status::kPass ? points : 0;
  return c;
}

RunResult sample() {
  RunResult r;
  r.checks.push_back(
      check("step1.namespace", 1, Status::kPass, 2,
            Outcome{Status::kPass, raw("ns"), raw("Active"), {}, {raw("namespace gpu-why: phase Active")}}));
  r.checks.push_back(check("step2.allocatable", 2, Status::kFail, 3,
                           Outcome{Status::kFail,
                                   raw("lab-node-0 allocatable = 2"),
                                   raw("absent"),
                                   raw("Capacity is set but allocatable is not: the scheduler uses allocatable, so it "
                                       "sees no GPU on lab-node-0 and GPU pods stay Pending. Patch "
                                       "/status/allocatable/nvidia.com~1gpu to \"2\" as well."),
                                   {raw("lab-node-0 status.allocatable[nvidia.com/gpu]: <absent>")}}));
  return r;
}

std::vector<std::string> lines_of(const std::string& s) {
  return text::lines(s);
}

// The first line of `ls` that holds `word` (a row label: "actual", "hint").
std::vector<std::string>::const_iterator line_with(const std::vector<std::string>& ls, std::string_view word) {
  return std::find_if(ls.begin(), ls.end(), [word](const std::string& l) { return l.find(word) != std::string::npos; });
}

TEST(Table, GroupsMarksDetailsAndSummary) {
  const std::string out = table(sample(), Options{});
  // A step whose checks all pass is one line, with its points; its checks are not listed.
  EXPECT_EQ(out.find("step1.namespace"), std::string::npos) << out;
  EXPECT_NE(out.find("[PASS] Step 1 — namespace and GPU discovery labels"), std::string::npos) << out;
  // At 80 columns the id column would cost the titles a third of the line: titles only.
  EXPECT_NE(out.find("  [FAIL] lab-node-0 allocatable shows nvidia.com/gpu: 2"), std::string::npos);
  EXPECT_NE(out.find("[FAIL] Step 2 — advertise nvidia.com/gpu in node status"), std::string::npos);
  EXPECT_NE(out.find("expected   lab-node-0 allocatable = 2"), std::string::npos);
  EXPECT_NE(out.find("actual     absent"), std::string::npos);
  EXPECT_NE(out.find("hint       Capacity is set"), std::string::npos);
  EXPECT_NE(out.find("evidence   lab-node-0 status.allocatable"), std::string::npos);
  // Evidence of a pass only with --verbose.
  EXPECT_EQ(out.find("namespace gpu-why: phase Active"), std::string::npos);
  const auto ls = lines_of(out);
  EXPECT_NE(std::find(ls.begin(), ls.end(), "1 passed, 1 failed (1 root cause(s))"), ls.end()) << out;
  EXPECT_EQ(out.find("incomplete"), std::string::npos);
  EXPECT_EQ(out.find("\x1b["), std::string::npos);
  EXPECT_EQ(out.find("✔"), std::string::npos);
  // The last lines: the score, then what to do about the first root cause (its whole hint: the
  // fault, then the action), and its id.
  const auto score = std::find(ls.begin(), ls.end(), "score 2/5");
  ASSERT_NE(score, ls.end()) << out;
  ASSERT_GE(ls.end() - score, 2) << out;
  EXPECT_EQ(*(score + 1), "Fix first: Capacity is set but allocatable is not: the scheduler uses") << out;
  EXPECT_EQ(ls.back(), "           (step2.allocatable)") << out;
  // Every line fits the default width, 80 columns.
  for (const auto& l : ls) EXPECT_LE(text::display_width(l), 80U) << l;
}

TEST(Table, VerboseHideExpectedColourUnicode) {
  Options o;
  o.verbose = true;
  o.hide_expected = true;
  o.color = true;
  o.unicode = true;
  const std::string out = table(sample(), o);
  EXPECT_NE(out.find("namespace gpu-why: phase Active"), std::string::npos);
  EXPECT_EQ(out.find("lab-node-0 allocatable = 2"), std::string::npos);
  EXPECT_NE(out.find("✔"), std::string::npos);
  EXPECT_NE(out.find("✘"), std::string::npos);
  EXPECT_NE(out.find("\x1b[32m"), std::string::npos);
  EXPECT_NE(out.find("\x1b[31m"), std::string::npos);
  EXPECT_EQ(out.find("[PASS]"), std::string::npos);
}

TEST(Table, ErrorsSkipsAndIncomplete) {
  RunResult r = sample();
  r.checks.push_back(check("step2.capacity", 2, Status::kError, 2,
                           Outcome{Status::kError,
                                   raw("x"),
                                   raw("connection refused"),
                                   msg("hint.env.unavailable", {{"what", "the nodes"}, {"rule", "r"}}),
                                   {}}));
  r.checks.push_back(check("step3.not-created", 3, Status::kSkip, 1));
  r.checks.push_back(check("step8.format", 8, Status::kSkip, 2));
  const std::string out = table(r, Options{});
  const auto ls = lines_of(out);
  EXPECT_NE(std::find(ls.begin(), ls.end(), "1 passed, 1 failed (1 root cause(s)), 1 errors, 2 skipped"), ls.end())
      << out;
  EXPECT_NE(out.find("[ERR ] lab-node-0 capacity shows nvidia.com/gpu: 2"), std::string::npos) << out;
  // From 100 columns on, the ids have their column.
  Options wide;
  wide.width = 100;
  EXPECT_NE(table(r, wide).find("[ERR ] step2.capacity"), std::string::npos);
  EXPECT_NE(out.find("-/2"), std::string::npos);
  EXPECT_NE(out.find("Not your work"), std::string::npos);
  EXPECT_NE(out.find("grading incomplete"), std::string::npos);
  // A step whose checks are all unselected is left out.
  EXPECT_EQ(out.find("Step 3"), std::string::npos);
  EXPECT_EQ(out.find("Step 8"), std::string::npos);
  // Incomplete: no score line (2 of the 7 points were evaluated, and that is no grade).
  EXPECT_EQ(std::find(ls.begin(), ls.end(), "score 2/7"), ls.end()) << out;
  EXPECT_EQ(out.find("score "), std::string::npos) << out;
  EXPECT_EQ(out.find("2/7"), std::string::npos) << out;
}

TEST(Table, AlignsWideCharactersByDisplayWidth) {
  // Titles fall back to the id when the catalog has none: use Korean and Japanese ids.
  RunResult r;
  r.checks.push_back(check("step1.테인트", 1, Status::kPass, 2));
  r.checks.push_back(check("step1.テイント確認", 1, Status::kPass, 3));
  r.checks.push_back(check("step1.ascii-only-name", 1, Status::kPass, 10));
  Options o;
  o.verbose = true;  // every check, not the step's one line
  const std::string out = table(r, o);
  std::vector<std::size_t> columns;
  for (const auto& l : lines_of(out)) {
    if (l.rfind("  [PASS]", 0) != 0) continue;  // a check line, not the step's
    const auto slash = l.rfind(' ');
    columns.push_back(text::display_width(l.substr(0, slash)));
  }
  ASSERT_EQ(columns.size(), 3U) << out;
  EXPECT_EQ(columns[0], columns[1]) << out;
  EXPECT_EQ(columns[1], columns[2]) << out;
}

TEST(Table, WrapsLongCjkHintsWithoutSpaces) {
  RunResult r;
  std::string hint;
  for (int i = 0; i < 80; ++i) hint += "가";
  r.checks.push_back(
      check("step1.namespace", 1, Status::kFail, 2, Outcome{Status::kFail, raw("a"), raw("b"), raw(hint), {}}));
  const std::string out = table(r, Options{});
  int hint_lines = 0;
  for (const auto& l : lines_of(out)) {
    EXPECT_LE(text::display_width(l), 80U) << l;
    if (l.find("가") != std::string::npos) ++hint_lines;
  }
  EXPECT_GE(hint_lines, 2);
}

// Japanese text without spaces wraps between its characters, never inside a run of ASCII written
// in it (an operator name, a file path), and fills each line.
TEST(Table, WrapsJapaneseBetweenCharactersButNeverInsideAsciiWords) {
  RunResult r;
  std::string hint;
  for (int i = 0; i < 6; ++i)
    hint += "トレレーションの値がテイントの値と違います。operator Equal では k8s/trainer2.yaml を";
  r.checks.push_back(
      check("step1.namespace", 1, Status::kFail, 2, Outcome{Status::kFail, raw("a"), raw("b"), raw(hint), {}}));
  const std::string out = table(r, Options{});
  int hint_lines = 0;
  std::map<std::string, int> whole;
  for (const auto& l : lines_of(out)) {
    EXPECT_LE(text::display_width(l), 80U) << l;
    if (l.rfind("Fix first", 0) == 0) break;  // the hint again, as the summary's first fix
    if (l.find("値") != std::string::npos) ++hint_lines;
    for (const char* word : {"operator", "Equal", "k8s/trainer2.yaml"}) {
      for (auto at = l.find(word); at != std::string::npos; at = l.find(word, at + 1)) ++whole[word];
    }
  }
  EXPECT_GE(hint_lines, 4);
  // Each of the six is on one line, whole.
  EXPECT_EQ(whole["operator"], 6) << out;
  EXPECT_EQ(whole["Equal"], 6) << out;
  EXPECT_EQ(whole["k8s/trainer2.yaml"], 6) << out;
  const auto units = text::break_units("違います。operator Equal");
  ASSERT_EQ(units.size(), 6U);
  EXPECT_EQ(units[3].text, "す。");  // closing punctuation stays with what it closes
  EXPECT_EQ(units[4].text, "operator");
  EXPECT_TRUE(units[5].space_before);
}

// A toleration printed as one JSON token (the way the checks show what the student wrote) is
// wider than the value column at 80 columns: it wraps after its `,` (else `:`), never past the line.
TEST(Table, WrapsLongJsonTokensAtCommasAndColons) {
  const std::string token =
      R"([{"effect":"NoSchedule","key":"nvidia.com/gpu","operator":"Equal","value":"present"},)"
      R"({"effect":"NoExecute","key":"node.kubernetes.io/not-ready","operator":"Exists","tolerationSeconds":300}])";
  RunResult r;
  r.checks.push_back(check("step7.same-as-trainer2", 7, Status::kFail, 2,
                           Outcome{Status::kFail,
                                   raw("trainer2's tolerations"),
                                   raw(token),
                                   raw("The tolerations differ: " + token),
                                   {raw("tolerations " + token)}}));
  const std::string out = table(r, Options{});
  const auto ls = lines_of(out);
  for (const auto& l : ls) EXPECT_LE(text::display_width(l), 80U) << l << "\n" << out;
  auto it = line_with(ls, "actual");
  ASSERT_NE(it, ls.end()) << out;
  EXPECT_TRUE(it->back() == ',' || it->back() == ':') << *it;
  std::string rejoined = it->substr(it->find('['));
  for (++it; it != ls.end() && it->find("hint") == std::string::npos; ++it) rejoined += text::trim(*it);
  EXPECT_EQ(rejoined, token) << out;
}

// The field path the apiserver names in a refused node affinity is 110 columns with no space: it
// wraps after a `.`, never past the line; a file path or URL (with a '/') stays whole.
TEST(Table, WrapsLongFieldPathsAfterADot) {
  const std::string path =
      "spec.affinity.nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution.nodeSelectorTerms[0]."
      "matchExpressions[0].values";
  RunResult r;
  r.checks.push_back(check("step7.same-as-trainer2", 7, Status::kFail, 2,
                           Outcome{Status::kFail,
                                   raw("trainer2"),
                                   raw("k8s/trainer3.yaml: " + path + ": []"),
                                   raw("k8s/trainer3.yaml: " + path + ": the operators In and NotIn need a value"),
                                   {}}));
  const std::string out = table(r, Options{});
  const auto ls = lines_of(out);
  for (const auto& l : ls) EXPECT_LE(text::display_width(l), 80U) << l << "\n" << out;
  auto it = line_with(ls, "actual");
  ASSERT_NE(it, ls.end()) << out;
  std::string rejoined = text::trim(it->substr(it->find("actual") + 6));
  for (++it; it != ls.end() && it->find("hint") == std::string::npos; ++it) {
    EXPECT_TRUE(rejoined.back() == '.' || rejoined.back() == ':') << rejoined;
    rejoined += (rejoined.back() == ':' ? " " : "") + text::trim(*it);
  }
  EXPECT_EQ(rejoined, "k8s/trainer3.yaml: " + path + ": []") << out;
  // A URL wider than the line is left whole on a line of its own (a terminal can still open it).
  const std::string url = "https://example.com/" + std::string(90, 'a') + ".html";
  RunResult u;
  u.checks.push_back(check("step7.same-as-trainer2", 7, Status::kFail, 2,
                           Outcome{Status::kFail, raw("x"), raw(url), raw("see " + url), {}}));
  EXPECT_NE(table(u, Options{}).find(url), std::string::npos);
}

}  // namespace
}  // namespace gpuwhy::render
