// The three word answers of gate-report.txt as students write them: the rule stated for FRACTIONAL,
// Korean and Japanese "not needed", the apiserver's error as the answer, overcommit, synonyms,
// Markdown around an answer or a key, and step 1's label named as what the scheduler sees.
#include <gtest/gtest.h>

#include <map>
#include <string>
#include <vector>

#include "captured_checks.h"
#include "checks.h"
#include "gpuwhy/lab/lab.h"
#include "gpuwhy/model/snapshot.h"

namespace gpuwhy {
namespace {

using gpuwhy_test::bundles_of;
using gpuwhy_test::report_with;
using gpuwhy_test::result;
using gpuwhy_test::solution;

// The status of `key`'s check with the solution's gate report, `key` answered `value`.
Status graded(const std::string& key, const std::string& value, std::string* hint = nullptr) {
  static const std::map<std::string, std::string> kCheck{{"REQUESTS_EQUAL_LIMITS", "step8.requests-equal-limits"},
                                                         {"FRACTIONAL", "step8.fractional"},
                                                         {"SCHEDULER_SEES", "step8.scheduler-sees"},
                                                         {"USED", "step8.used"},
                                                         {"PENDING", "step8.pending"}};
  Snapshot s = solution();
  s.files[std::string(lab::kFileGateReport)].content = report_with({{key, value}});
  const RunResult r = checks::run(s, checks::Selection{}, RunMeta{});
  const auto& c = result(r, kCheck.at(key));
  if (hint != nullptr) *hint = std::string(c.outcome.hint.id);
  return c.outcome.status;
}

void expect_all(const std::string& key, const std::vector<std::string>& values, Status want) {
  for (const auto& v : values) {
    std::string hint;
    EXPECT_EQ(graded(key, v, &hint), want) << key << "=" << v << " " << hint;
  }
}

TEST(Step8Answers, FractionalAnsweredByTheIntegerRule) {
  if (bundles_of("solution").empty()) GTEST_SKIP();
  expect_all("FRACTIONAL",
             {"정수", "정수여야 합니다", "정수 필요", "정수 필수", "정수로만 가능", "integer", "integers",
              "whole numbers", "integer required", "needs to be an integer", "整数", "整数が必要", "整数必須",
              "no (must be an integer)", "non-integer values are rejected", "정수가 아니면 거절", "整数でない値は拒否"},
             Status::kPass);
  expect_all("FRACTIONAL",
             {"정수일 필요 없음", "정수가 아니어도 됨", "need not be an integer", "整数である必要はない",
              "yes, integers and fractions", "fractions allowed, not only integers", "non-integer values are allowed",
              "정수가 아닌 값도 가능"},
             Status::kFail);
}

TEST(Step8Answers, NotNeededInKoreanAndJapaneseIsNo) {
  if (bundles_of("solution").empty()) GTEST_SKIP();
  expect_all("REQUESTS_EQUAL_LIMITS",
             {"같을 필요 없습니다", "필요 없다", "필요없다", "필요 없어요", "일치할 필요는 없다", "必要なし"},
             Status::kFail);
  expect_all("REQUESTS_EQUAL_LIMITS", {"필요함", "같아야 합니다", "必要"}, Status::kPass);
}

TEST(Step8Answers, DifferingIsAnErrorOrOvercommitIsRefused) {
  if (bundles_of("solution").empty()) GTEST_SKIP();
  expect_all("REQUESTS_EQUAL_LIMITS",
             {"다르면 에러", "다르면 파드 생성 실패", "mismatch causes an error", "다를 수 없다", "다를 수 없음",
              "오버커밋 불가", "no overcommit", "overcommit not allowed",
              "must be equal because they cannot be overcommitted", "yes because overcommit is not allowed",
              "must be equal otherwise error", "같아야 함 아니면 에러", "yes else the pod fails"},
             Status::kPass);
  expect_all("FRACTIONAL", {"에러", "error", "refused", "prohibited", "nope", "아뇨", "エラー"}, Status::kPass);
}

TEST(Step8Answers, SynonymsAndMarkdown) {
  if (bundles_of("solution").empty()) GTEST_SKIP();
  expect_all("REQUESTS_EQUAL_LIMITS",
             {"match", "they match", "should match", "같은 값", "같아요", "yep", "necessary", "そうです", "\u25EF",
              "\u3007", "`yes`", "**yes**"},
             Status::kPass);
  expect_all("FRACTIONAL", {"`no`", "**no**", "<no>"}, Status::kPass);
  expect_all("SCHEDULER_SEES", {"`numbers`"}, Status::kPass);
}

TEST(Step8Answers, NothingInTheWayIsNoNo) {
  if (bundles_of("solution").empty()) GTEST_SKIP();
  expect_all(
      "FRACTIONAL",
      {"no problem", "no restrictions", "not a problem", "no idea", "문제 없음", "제한 없음", "상관없음", "問題ない"},
      Status::kFail);
}

TEST(Step8Answers, ALabelIsNoNumberTheSchedulerSees) {
  if (bundles_of("solution").empty()) GTEST_SKIP();
  expect_all("SCHEDULER_SEES", {"nvidia.com/gpu.count", "gpu.count label", "gpu.count 라벨", "node labels"},
             Status::kFail);
  expect_all("SCHEDULER_SEES",
             {"numbers, not labels", "allocatable", "GPU count", "numbers not labels", "not labels but numbers",
              "라벨이 아니라 숫자"},
             Status::kPass);
  // A count word beside a label names the label called count, in any order; the hint tells of labels.
  for (const std::string v : {"count labels", "gpu count label", "the node label count", "GPU 개수 라벨",
                              "labels (count)", "node labels (gpu count)", "ラベルの数"}) {
    std::string hint;
    EXPECT_EQ(graded("SCHEDULER_SEES", v, &hint), Status::kFail) << v;
    EXPECT_EQ(hint, "hint.step8.scheduler-sees.labels") << v;
  }
}

// The rule written as an equation, and a resource with its amount as node status holds it: the
// scheduler reads the number.
TEST(Step8Answers, AnEquationAndAResourceAmountAreAnswers) {
  if (bundles_of("solution").empty()) GTEST_SKIP();
  expect_all("REQUESTS_EQUAL_LIMITS", {"requests=limits", "requests == limits", "limits = requests"}, Status::kPass);
  expect_all("REQUESTS_EQUAL_LIMITS", {"requests != limits", "requests <> limits"}, Status::kFail);
  expect_all("SCHEDULER_SEES", {"nvidia.com/gpu: 2", "nvidia.com/gpu=2"}, Status::kPass);
  expect_all("SCHEDULER_SEES", {"nvidia.com/gpu", "nvidia.com/gpu.count: 2"}, Status::kFail);
}

// A count of its whole, as kubectl's READY column writes it (`2/2`), is the count; a whole less
// than the count is a fraction.
TEST(Step8Answers, ACountOfItsWholeIsTheCount) {
  if (bundles_of("solution").empty()) GTEST_SKIP();
  expect_all("USED", {"2/2", "2 / 2", "2/2 GPUs", "2 of 2"}, Status::kPass);
  expect_all("PENDING", {"2/5", "2 out of 5"}, Status::kPass);
  expect_all("USED", {"1/2", "4/2", "2/1"}, Status::kFail);
}

// Japanese glues its words: they count in the order they stand in (`数値 (デバイスではない)` denies
// the devices, not the numbers), and a one-kanji word with kana or the token's edge beside it
// counts (`GPUの数`), not one inside a compound (`複数`).
TEST(Step8Answers, JapaneseGluedWordsInTheirOrder) {
  if (bundles_of("solution").empty()) GTEST_SKIP();
  expect_all("SCHEDULER_SEES",
             {"数値 (デバイスではない)", "数字（デバイスではありません）", "numbers (デバイスではない)",
              "数値（ラベルではない）", "GPUの数", "数だけ見る", "ノードの status にある数", "デバイスの数"},
             Status::kPass);
  expect_all("SCHEDULER_SEES", {"数値ではなくデバイス", "複数のデバイス", "デバイス"}, Status::kFail);
}

// A condition that they differ, followed by the refusal, is the rule (`同じでないとエラー`, `error
// unless equal`); differing with the refusal denied is no rule (`no error when different`).
TEST(Step8Answers, RefusedUnlessEqualIsTheRule) {
  if (bundles_of("solution").empty()) GTEST_SKIP();
  expect_all("REQUESTS_EQUAL_LIMITS",
             {"同じでないとエラー", "一致しないと拒否", "同じ値でないと拒否される", "error unless equal",
              "rejected if not equal", "같지 않으면 에러"},
             Status::kPass);
  expect_all("REQUESTS_EQUAL_LIMITS", {"不必要", "不必要です", "다르게 해도 에러 없음", "no error when different"},
             Status::kFail);
}

// An error said not to happen says fractions work (`에러 안 남`, `no error`, `not an error`).
TEST(Step8Answers, NoErrorSaysAFractionWorks) {
  if (bundles_of("solution").empty()) GTEST_SKIP();
  expect_all("FRACTIONAL",
             {"에러 안 남", "오류 안 남", "에러가 나지 않음", "실패 안 함", "거부 안 당함", "not an error", "no error",
              "no errors", "no rejection"},
             Status::kFail);
  expect_all("FRACTIONAL", {"에러 남", "error", "no, error", "거부됨", "rejection"}, Status::kPass);
}

// A Markdown list or bold key costs the form's points, not the values'.
TEST(Step8Answers, ABulletedReportIsReadForItsValues) {
  if (bundles_of("solution").empty()) GTEST_SKIP();
  for (const std::string bullet : {"- ", "* ", "1. "}) {
    Snapshot s = solution();
    std::string report;
    for (const char* line : {"ALLOCATABLE=2", "USED=2", "PENDING=2", "TAINT=nvidia.com/gpu=present:NoSchedule",
                             "REQUESTS_EQUAL_LIMITS=yes", "FRACTIONAL=no"})
      report.append(bullet).append(line).append("\n");
    report += "**SCHEDULER_SEES**: numbers\n";
    s.files[std::string(lab::kFileGateReport)].content = report;
    const RunResult r = checks::run(s, checks::Selection{}, RunMeta{});
    EXPECT_EQ(result(r, "step8.format").outcome.status, Status::kFail) << bullet;
    for (const char* id : {"step8.allocatable", "step8.used", "step8.pending", "step8.taint",
                           "step8.requests-equal-limits", "step8.fractional", "step8.scheduler-sees"}) {
      EXPECT_EQ(result(r, id).outcome.status, Status::kPass) << bullet << id;
    }
  }
}

}  // namespace
}  // namespace gpuwhy
