// Readers of the student's files but advertised.txt (advertised_test.cpp): quantities, rejected.txt, the
// scheduler files, gate-report.txt and answer words, table-driven on what kubectl really prints.
#include <gtest/gtest.h>

#include <set>

#include "gpuwhy/base/text.h"
#include "gpuwhy/read/readers.h"

namespace gpuwhy::readers {
namespace {

// ---- quantities ----------------------------------------------------------------------------

TEST(Quantity, ParsesKubernetesForms) {
  const std::vector<std::pair<std::string, std::optional<long long>>> cases{{"2", 2000},
                                                                            {"\"2\"", 2000},
                                                                            {"500m", 500},
                                                                            {"0.5", 500},
                                                                            {"1.5", 1500},
                                                                            {"1k", 1000000},
                                                                            {"1Ki", 1024000},
                                                                            {"1e3", 1000000},
                                                                            {"0", 0},
                                                                            {" 3 ", 3000},
                                                                            {"abc", std::nullopt},
                                                                            {"", std::nullopt},
                                                                            {"2x", std::nullopt},
                                                                            {"<none>", std::nullopt},
                                                                            {"-1", -1000}};
  for (const auto& [in, want] : cases) EXPECT_EQ(quantity_milli(in), want) << in;
  EXPECT_EQ(json_quantity_milli(nlohmann::json(1)), 1000);
  EXPECT_EQ(json_quantity_milli(nlohmann::json(0.5)), 500);
  EXPECT_EQ(json_quantity_milli(nlohmann::json("500m")), 500);
  EXPECT_EQ(json_quantity_milli(nlohmann::json(true)), std::nullopt);
}

// ---- rejected.txt --------------------------------------------------------------------------

TEST(Rejected, CapturedSolution) {
  const auto r = read_rejected(
      "The Pod \"bad-mismatch\" is invalid: spec.containers[0].resources.requests: Invalid value: \"2\": must be "
      "equal to nvidia.com/gpu limit of 1\n"
      "The Pod \"bad-fraction\" is invalid: \n"
      "* spec.containers[0].resources.limits[nvidia.com/gpu]: Invalid value: \"500m\": must be an integer\n"
      "* spec.containers[0].resources.requests[nvidia.com/gpu]: Invalid value: \"500m\": must be an integer\n");
  ASSERT_EQ(r.rejections.size(), 2U);
  EXPECT_EQ(r.rejections[0].pod, "bad-mismatch");
  EXPECT_TRUE(r.rejections[0].kinds.mismatch);
  EXPECT_FALSE(r.rejections[0].kinds.fraction);
  EXPECT_EQ(r.rejections[1].pod, "bad-fraction");
  EXPECT_EQ(r.rejections[1].causes.size(), 2U);
  EXPECT_TRUE(r.rejections[1].kinds.fraction);
}

TEST(Rejected, OtherShapes) {
  // Aggregate of two objects in one apply, old wording without " of N", CRLF.
  auto r = read_rejected(
      "Error from server (Invalid): error when creating \"k8s/bad.yaml\": Pod \"bad-mismatch\" is invalid: "
      "spec.containers[0].resources.requests: Invalid value: \"2\": must be equal to nvidia.com/gpu limit\r\n"
      "Error from server (Invalid): error when creating \"k8s/bad.yaml\": Pod \"bad-fraction\" is invalid: "
      "spec.containers[0].resources.limits[nvidia.com/gpu]: Invalid value: resource.Quantity{i:resource.int64Amount{"
      "value:5, scale:-1}, d:resource.infDecAmount{Dec:(*inf.Dec)(nil)}, s:\"\", Format:\"DecimalSI\"}: must be an "
      "integer\r\n");
  ASSERT_EQ(r.rejections.size(), 2U);
  EXPECT_TRUE(r.rejections[0].kinds.mismatch);
  EXPECT_EQ(r.rejections[1].pod, "bad-fraction");
  EXPECT_TRUE(r.rejections[1].kinds.fraction);
  // Only the second (overwritten file).
  r = read_rejected(
      "The Pod \"bad-fraction\" is invalid: \n* spec.containers[0].resources.limits[nvidia.com/gpu]: Invalid value: "
      "\"500m\": must be an integer\n");
  ASSERT_EQ(r.rejections.size(), 1U);
  EXPECT_TRUE(r.rejections[0].kinds.fraction);
  // stdout only: nothing.
  EXPECT_TRUE(read_rejected("").rejections.empty());
  EXPECT_TRUE(read_rejected("pod/trainer created\n").rejections.empty());
}

// Class 6: either order, a wrapped cause, prompts between, a message that shows both rules.
TEST(Rejected, AnyOrderWrappedAndBothRules) {
  const std::string mismatch =
      "The Pod \"bad-mismatch\" is invalid: spec.containers[0].resources.requests: Invalid value: \"2\": must be "
      "equal to nvidia.com/gpu limit of 1\n";
  const std::string fraction_wrapped =
      "The Pod \"bad-fraction\" is invalid: \n"
      "* spec.containers[0].resources.limits[nvidia.com/gpu]: Invalid value: "
      "resource.Quantity{i:resource.int64Amount{\n"
      "value:5, scale:-1}, s:\"\", Format:\"DecimalSI\"}:\n"
      "must be an integer\n";
  auto r = read_rejected("$ kubectl apply -f k8s/bad-fraction.yaml 2>&1 | tee -a out/rejected.txt\n" +
                         fraction_wrapped + "# 두 번째\n$ kubectl apply -f k8s/bad-mismatch.yaml\n" + mismatch);
  ASSERT_EQ(r.rejections.size(), 2U);
  EXPECT_TRUE(r.rejections[0].kinds.fraction) << "a cause wrapped over three lines is one cause";
  EXPECT_FALSE(r.rejections[0].kinds.mismatch);
  EXPECT_TRUE(r.rejections[1].kinds.mismatch);
  // A 0.5 request with limit 1: one refusal, both rules.
  r = read_rejected(
      "The Pod \"bad-fraction\" is invalid: \n"
      "* spec.containers[0].resources.requests: Invalid value: \"500m\": must be equal to nvidia.com/gpu limit of 1\n"
      "* spec.containers[0].resources.requests[nvidia.com/gpu]: Invalid value: \"500m\": must be an integer\n");
  ASSERT_EQ(r.rejections.size(), 1U);
  EXPECT_TRUE(r.rejections[0].kinds.mismatch);
  EXPECT_TRUE(r.rejections[0].kinds.fraction);
  // A comment that quotes the phrase is not a rejection.
  EXPECT_TRUE(read_rejected("# must be an integer 에러가 나야 함\n").rejections.empty());
  // Nor is a note without the comment sign: a rejection is the apiserver's, framed by kubectl's
  // header or in the apiserver's own `<field>: Invalid value: ...` form.
  for (const char* note : {"note: the first one must be equal to the limit\n",
                           "requests must be equal to limits, and the amount must be an integer\n",
                           "요청과 제한은 must be equal to 여야 하고 must be an integer 여야 함\n",
                           "Limit must be set 이라고 나와야 합니다\n"}) {
    EXPECT_TRUE(read_rejected(note).rejections.empty()) << note;
  }
  r = read_rejected(
      "spec.containers[0].resources.requests: Invalid value: \"2\": must be equal to nvidia.com/gpu limit of 1\n\n"
      "* spec.containers[0].resources.limits[nvidia.com/gpu]: Invalid value: \"500m\": must be an integer\n");
  ASSERT_EQ(r.rejections.size(), 2U) << "the causes without their headers are still the apiserver's";
  EXPECT_TRUE(r.rejections[0].kinds.mismatch);
  EXPECT_TRUE(r.rejections[1].kinds.fraction);
  // Two rejections on one line (`echo $(...)`, joined by hand): each is its own.
  const std::string m =
      "The Pod \"bad-mismatch\" is invalid: spec.containers[0].resources.requests: Invalid value: \"2\": must be equal "
      "to nvidia.com/gpu limit of 1";
  const std::string f =
      "The Pod \"bad-fraction\" is invalid: spec.containers[0].resources.limits[nvidia.com/gpu]: Invalid value: "
      "\"500m\": must be an integer";
  const std::string e =
      "Error from server (Invalid): error when creating \"k8s/bad-fraction.yaml\": Pod \"bad-fraction\" is invalid: "
      "spec.containers[0].resources.limits[nvidia.com/gpu]: Invalid value: \"500m\": must be an integer";
  const auto join = [](const std::string& a, const char* sep, const std::string& b) {
    std::string out = a;
    out += sep;
    out += b;
    return out;
  };
  for (const std::string& line :
       {join(m, " ; ", f), join(m, " ", f), join(m, ", ", f), join(f, " ", m), join(m, " ", e)}) {
    r = read_rejected(line + "\n");
    ASSERT_EQ(r.rejections.size(), 2U) << line;
    EXPECT_NE(r.rejections[0].kinds.mismatch, r.rejections[1].kinds.mismatch) << line;
    EXPECT_NE(r.rejections[0].kinds.fraction, r.rejections[1].kinds.fraction) << line;
    EXPECT_EQ(r.rejections[0].pod == "bad-mismatch", r.rejections[1].pod == "bad-fraction") << line;
  }
}

// Classes 4 and 5: every message in the file, from every kubectl output.
TEST(SchedulerFile, EveryMessageInEveryForm) {
  const std::string taint =
      "0/3 nodes are available: 1 node(s) had untolerated taint {nvidia.com/gpu: present}, 2 node(s) didn't match "
      "Pod's node affinity/selector. preemption: 0/3 nodes are available: 3 Preemption is not helpful for scheduling.";
  const std::string insufficient =
      "0/3 nodes are available: 3 Insufficient nvidia.com/gpu. preemption: 0/3 nodes are available: 1 No preemption "
      "victims found for incoming pod, 2 Preemption is not helpful for scheduling.";
  // Plain, then both kinds in one file: two messages, tails not counted as messages.
  auto m = read_scheduler_file(taint + "\n" + insufficient + "\n");
  ASSERT_EQ(m.size(), 2U);
  EXPECT_TRUE(m[0].blames_taint());
  EXPECT_TRUE(m[1].insufficient("nvidia.com/gpu"));
  // -o yaml: single-quoted, '' for ', folded.
  m = read_scheduler_file(
      "  - lastProbeTime: null\n    message: '0/3 nodes are available: 1 node(s) had untolerated taint "
      "{nvidia.com/gpu:\n"
      "      present}, 2 node(s) didn''t match Pod''s node affinity/selector. preemption:\n"
      "      0/3 nodes are available: 3 Preemption is not helpful for scheduling.'\n    reason: Unschedulable\n");
  ASSERT_EQ(m.size(), 1U);
  EXPECT_EQ(m[0].reasons.size(), 2U);
  EXPECT_TRUE(m[0].blames_taint());
  EXPECT_TRUE(m[0].blames_selector()) << m[0].main;
  // -o json fragment that does not parse on its own: escapes undone as text.
  m = read_scheduler_file(
      "\"message\": \"0/3 nodes are available: 3 Insufficient nvidia.com/gpu. preemption: 0/3 nodes "
      "are available: 3 Preemption is not helpful for scheduling.\",\n\"reason\": \"Unschedulable\"");
  ASSERT_EQ(m.size(), 1U);
  EXPECT_TRUE(m[0].insufficient("nvidia.com/gpu"));
  EXPECT_EQ(m[0].reasons.size(), 1U);
  // Old wording without a tail, closed by a YAML quote: the next field is not a reason.
  m = read_scheduler_file(
      "message: '0/3 nodes are available: 3 Insufficient nvidia.com/gpu.'\nreason: Unschedulable\n");
  ASSERT_EQ(m.size(), 1U);
  EXPECT_EQ(m[0].reasons.size(), 1U);
  // get events: one message a row.
  m = read_scheduler_file(
      "LAST SEEN   TYPE      REASON             OBJECT         MESSAGE\n"
      "10s         Warning   FailedScheduling   pod/trainer3   " +
      insufficient + "\n5s          Warning   FailedScheduling   pod/trainer3   " + insufficient + "\n");
  ASSERT_EQ(m.size(), 2U);
  EXPECT_TRUE(m[1].insufficient("nvidia.com/gpu"));
  EXPECT_EQ(m[0].available, 0) << "the 3 of pod/trainer3 is not part of 0/3";
  EXPECT_EQ(m[0].total, 3);
  // A terminal that wrapped the message in the middle of words.
  m = read_scheduler_file(
      "0/3 nodes are avai\nlable: 1 node(s) had untoler\nated taint {nvidia.com/gpu: present}, 2 no\n"
      "de(s) didn't match Pod's node affinity/selector. preemption: 0/3 nodes are available: 3 "
      "Preemption is not helpful for scheduling.");
  ASSERT_EQ(m.size(), 1U);
  EXPECT_TRUE(m[0].blames_taint());
  EXPECT_TRUE(m[0].blames_selector());
  EXPECT_TRUE(read_scheduler_file("# 0/3 nodes are available: 3 Insufficient nvidia.com/gpu.\n").empty())
      << "a comment is not a message";
}

// ---- gate-report.txt -----------------------------------------------------------------------

TEST(GateReport, Solution) {
  const auto g = read_gate_report(
      "ALLOCATABLE=2\nUSED=2\nPENDING=2\nTAINT=nvidia.com/gpu=present:NoSchedule\nREQUESTS_EQUAL_LIMITS=yes\n"
      "FRACTIONAL=no\nSCHEDULER_SEES=numbers\n");
  EXPECT_EQ(g.nonblank_lines, 7);
  EXPECT_TRUE(g.missing.empty());
  EXPECT_TRUE(g.malformed.empty());
  EXPECT_EQ(g.values.at("TAINT"), "nvidia.com/gpu=present:NoSchedule");
  EXPECT_EQ(g.values.at("USED"), "2");
}

TEST(GateReport, ColonSpacesOrderCaseAndBlankLines) {
  const auto g = read_gate_report(
      "\nSCHEDULER_SEES : numbers\n\nTAINT: nvidia.com/gpu=present:NoSchedule\r\nallocatable = 2\nUSED=  2  \n"
      "PENDING:2\nREQUESTS_EQUAL_LIMITS=\"yes\"\nFRACTIONAL = no\n");
  EXPECT_EQ(g.nonblank_lines, 7);
  EXPECT_TRUE(g.missing.empty());
  EXPECT_TRUE(g.malformed.empty()) << g.malformed.front();
  EXPECT_EQ(g.values.at("ALLOCATABLE"), "2");
  EXPECT_EQ(g.values.at("TAINT"), "nvidia.com/gpu=present:NoSchedule");
  EXPECT_EQ(g.values.at("REQUESTS_EQUAL_LIMITS"), "yes");
  EXPECT_EQ(g.values.at("USED"), "2");
}

// SPEC: exactly seven non-blank lines. A comment, a prompt or a fence is an eighth line (the
// format fails), and a value with a note after it is still its line.
TEST(GateReport, CommentsAreLinesAndNotesStayOnTheirLine) {
  const auto g = read_gate_report(
      "# 8단계\nALLOCATABLE=2\nUSED=2 # kubectl describe node lab-node-0\nPENDING=2 # kubectl get pods\n"
      "TAINT=nvidia.com/gpu=present:NoSchedule\nREQUESTS_EQUAL_LIMITS=yes\nFRACTIONAL=no\nSCHEDULER_SEES=numbers\n");
  EXPECT_EQ(g.nonblank_lines, 8);
  EXPECT_EQ(g.malformed, (std::vector<std::string>{"# 8단계"}));
  EXPECT_TRUE(g.missing.empty());
  EXPECT_EQ(g.values.at("USED"), "2 # kubectl describe node lab-node-0");
  EXPECT_EQ(g.values.at("PENDING"), "2 # kubectl get pods");
}

// Colour codes an `echo -e` left around a key or a value are no text of the file.
TEST(GateReport, ColourCodesAreNoText) {
  const auto g = read_gate_report(
      "\x1b[32mALLOCATABLE\x1b[0m=2\nUSED=\x1b[1m2\x1b[0m\nPENDING=2\nTAINT=nvidia.com/gpu=present:NoSchedule\n"
      "REQUESTS_EQUAL_LIMITS=yes\nFRACTIONAL=no\nSCHEDULER_SEES=numbers\n");
  EXPECT_EQ(g.nonblank_lines, 7);
  EXPECT_TRUE(g.missing.empty());
  EXPECT_TRUE(g.malformed.empty());
  EXPECT_EQ(g.values.at("ALLOCATABLE"), "2");
  EXPECT_EQ(g.values.at("USED"), "2");
}

TEST(GateReport, Problems) {
  const auto g = read_gate_report("USED=2\nUSED=3\nPENDING=1\nPENDING=1\nCOLOR=blue\njust words\n=2\nTAINT=\n");
  EXPECT_EQ(g.duplicates, (std::vector<std::string>{"USED", "PENDING"}));
  EXPECT_EQ(g.conflicting, (std::vector<std::string>{"USED"}));
  EXPECT_EQ(g.unknown, (std::vector<std::string>{"COLOR"}));
  EXPECT_EQ(g.malformed, (std::vector<std::string>{"just words", "=2"}));
  EXPECT_EQ(g.missing,
            (std::vector<std::string>{"ALLOCATABLE", "REQUESTS_EQUAL_LIMITS", "FRACTIONAL", "SCHEDULER_SEES"}));
  EXPECT_EQ(g.values.at("USED"), "2");
  EXPECT_EQ(g.values.at("TAINT"), "");
  EXPECT_EQ(g.nonblank_lines, 8);
}

// ---- answer words --------------------------------------------------------------------------

TEST(AnswerWords, EveryRowOfTheTable) {
  std::set<std::string> seen;
  for (const auto& row : answer_words()) {
    EXPECT_TRUE(seen.insert(std::string(row.word)).second) << "duplicate word " << row.word;
    // A negator alone ("not", "아님") is a no; a differ-word says nothing but in an answer about equality.
    const Answer want = row.answer == Answer::kNegator  ? Answer::kNegative
                        : row.answer == Answer::kDiffer ? Answer::kUnknown
                                                        : row.answer;
    EXPECT_EQ(classify_answer(row.word), want) << row.word;
    std::string upper(row.word);
    for (char& ch : upper) {
      if (ch >= 'a' && ch <= 'z') ch = static_cast<char>(ch - 'a' + 'A');
    }
    EXPECT_EQ(classify_answer(upper), want) << upper;
    if (row.answer == Answer::kDiffer) {
      EXPECT_EQ(classify_answer(row.word, true), Answer::kNegative) << row.word;
    }
  }
}

TEST(AnswerWords, SpecExamplesAndForms) {
  using A = Answer;
  const std::vector<std::pair<std::string, A>> cases{{"yes", A::kAffirmative},
                                                     {"True", A::kAffirmative},
                                                     {"REQUIRED", A::kAffirmative},
                                                     {"must", A::kAffirmative},
                                                     {"equal", A::kAffirmative},
                                                     {"same", A::kAffirmative},
                                                     {"예", A::kAffirmative},
                                                     {"네", A::kAffirmative},
                                                     {"필수", A::kAffirmative},
                                                     {"같음", A::kAffirmative},
                                                     {"はい", A::kAffirmative},
                                                     {"\"yes\"", A::kAffirmative},
                                                     {"yes.", A::kAffirmative},
                                                     {"yes, they must", A::kAffirmative},
                                                     {"no", A::kNegative},
                                                     {"false", A::kNegative},
                                                     {"Rejected", A::kNegative},
                                                     {"forbidden", A::kNegative},
                                                     {"invalid", A::kNegative},
                                                     {"denied", A::kNegative},
                                                     {"불가", A::kNegative},
                                                     {"거절", A::kNegative},
                                                     {"금지", A::kNegative},
                                                     {"not allowed", A::kNegative},
                                                     {"いいえ", A::kNegative},
                                                     {"不可", A::kNegative},
                                                     {"number", A::kNumbers},
                                                     {"Numbers", A::kNumbers},
                                                     {"count", A::kNumbers},
                                                     {"quantity", A::kNumbers},
                                                     {"allocatable", A::kNumbers},
                                                     {"숫자", A::kNumbers},
                                                     {"数字", A::kNumbers},
                                                     {"devices", A::kDevices},
                                                     {"GPU", A::kDevices},
                                                     {"hardware", A::kDevices},
                                                     {"장치", A::kDevices},
                                                     {"デバイス", A::kDevices},
                                                     {"maybe", A::kUnknown},
                                                     {"", A::kUnknown},
                                                     {"2", A::kUnknown}};
  for (const auto& [in, want] : cases) EXPECT_EQ(classify_answer(in), want) << in;
}

// Class 7: the forms students really write, in Korean and Japanese too; one answer with an
// explanation reads by its answer; both a yes and a no is ambiguous.
TEST(AnswerWords, StudentForms) {
  using A = Answer;
  const std::vector<std::pair<std::string, A>> cases{{"일치", A::kAffirmative},
                                                     {"같아야 함", A::kAffirmative},
                                                     {"필수임", A::kAffirmative},
                                                     {"예 (같아야 함)", A::kAffirmative},
                                                     {"네, 동일해야 합니다", A::kAffirmative},
                                                     {"必須です", A::kAffirmative},
                                                     {"同じ", A::kAffirmative},
                                                     {"yes (must be equal)", A::kAffirmative},
                                                     {"must be equal", A::kAffirmative},
                                                     {"ＹＥＳ", A::kAffirmative},
                                                     {"거절됨", A::kNegative},
                                                     {"금지됨", A::kNegative},
                                                     {"불가능", A::kNegative},
                                                     {"안 됨", A::kNegative},
                                                     {"안됨", A::kNegative},
                                                     {"아니요, 정수만 가능", A::kNegative},
                                                     {"정수만", A::kNegative},
                                                     {"いいえ", A::kNegative},
                                                     {"不可能", A::kNegative},
                                                     {"整数のみ", A::kNegative},
                                                     {"no, must be an integer", A::kNegative},
                                                     {"no (not allowed)", A::kNegative},
                                                     {"must be an integer", A::kNegative},
                                                     {"not equal", A::kNegative},
                                                     {"같지 않음", A::kNegative},
                                                     {"not required", A::kNegative},
                                                     {"숫자만", A::kNumbers},
                                                     {"숫자임", A::kNumbers},
                                                     {"개수", A::kNumbers},
                                                     {"GPU 개수", A::kNumbers},
                                                     {"GPU count", A::kNumbers},
                                                     {"number of GPUs", A::kNumbers},
                                                     {"数値", A::kNumbers},
                                                     {"GPUの個数", A::kNumbers},
                                                     {"숫자로 봄", A::kNumbers},
                                                     {"必要ない", A::kNegative},
                                                     {"필수 아님", A::kNegative},
                                                     {"GPU", A::kDevices},
                                                     {"장치", A::kDevices},
                                                     {"physical devices", A::kDevices},
                                                     {"yes/no", A::kAmbiguous},
                                                     {"yes no", A::kAmbiguous},
                                                     {"n/a", A::kAmbiguous},
                                                     {"N/A", A::kAmbiguous},
                                                     {"예/아니오", A::kAmbiguous},
                                                     {"true / false", A::kAmbiguous},
                                                     {"?", A::kAmbiguous}};
  for (const auto& [in, want] : cases)
    EXPECT_EQ(classify_answer(in), want) << in << " -> " << to_string(classify_answer(in));
}

// Class 7b: the answers the held-out audit found misread. "Not A but B" in three languages means
// B (the negated word is after an English negator, before a Korean or Japanese one); "must be
// whole" restricts; the Korean polite endings (-습니다, -합니다, -됩니다) and the quiz marks O / X.
TEST(AnswerWords, ContrastsPoliteEndingsAndMarks) {
  using A = Answer;
  const std::vector<std::pair<std::string, A>> cases{
      {"not devices but numbers", A::kNumbers},
      {"not devices, numbers", A::kNumbers},
      {"Not the GPUs themselves but the numbers in node status", A::kNumbers},
      {"numbers rather than devices", A::kNumbers},
      {"numbers instead of devices", A::kNumbers},
      {"numbers, not devices", A::kNumbers},
      {"장치가 아니라 숫자", A::kNumbers},
      {"장치가 아니라 숫자를 봄", A::kNumbers},
      // an English word with a particle glued on
      {"실제 GPU가 아니라 숫자", A::kNumbers},
      {"GPU가 아니라 숫자", A::kNumbers},
      {"devices가 아니라 numbers", A::kNumbers},
      {"GPUではなく数値", A::kNumbers},
      {"numbers입니다", A::kNumbers},
      {"GPU를 봄", A::kDevices},
      {"yes입니다", A::kAffirmative},
      // both answers joined: no answer
      {"numbers and devices", A::kAmbiguous},
      {"devices or numbers", A::kAmbiguous},
      {"숫자와 장치", A::kAmbiguous},
      {"장치 및 숫자", A::kAmbiguous},
      {"数値とデバイス", A::kAmbiguous},
      {"GPU count", A::kNumbers},
      {"number of GPUs", A::kNumbers},
      {"GPU 개수", A::kNumbers},
      {"GPUの個数", A::kNumbers},
      {"실제 장치 말고 개수", A::kNumbers},
      {"장치 대신 숫자", A::kNumbers},
      {"デバイスではなく数", A::kNumbers},
      {"デバイスじゃなくて数値", A::kNumbers},
      {"not numbers but devices", A::kDevices},
      {"숫자가 아니라 장치", A::kDevices},
      {"数ではなくデバイス", A::kDevices},
      {"devices rather than numbers", A::kDevices},
      {"GPU 개수", A::kNumbers},
      {"must be a whole number", A::kNegative},
      {"must be whole numbers", A::kNegative},
      {"must be integers", A::kNegative},
      {"only integer", A::kNegative},
      {"no, GPU counts must be integers", A::kNegative},
      {"안 됩니다", A::kNegative},
      {"안됩니다", A::kNegative},
      {"허용되지 않습니다", A::kNegative},
      {"아닙니다", A::kNegative},
      {"불가능합니다", A::kNegative},
      {"거절됩니다", A::kNegative},
      {"できません", A::kNegative},
      {"必要ありません", A::kNegative},
      {"같습니다", A::kAffirmative},
      {"맞습니다", A::kAffirmative},
      {"필요합니다", A::kAffirmative},
      {"동일합니다", A::kAffirmative},
      {"같지 않습니다", A::kNegative},
      {"O", A::kAffirmative},
      {"X", A::kNegative},
      {"\u25CB", A::kAffirmative},
      {"\u00D7", A::kNegative}};
  for (const auto& [in, want] : cases)
    EXPECT_EQ(classify_answer(in), want) << in << " -> " << to_string(classify_answer(in));
}

// Class 13: decomposed Hangul (macOS) reads like composed.
// The second audit: a no-word turned around by a negator next to it says yes (`not rejected`,
// `금지 아님`), contractions are words (`isn't`), and an answer whose words say nothing (`not
// numbers`) is not read from its explanation.
TEST(AnswerWords, NegatedNoWordsContractionsAndEmptyAnswers) {
  using A = Answer;
  const std::vector<std::pair<std::string, Answer>> cases{
      // fractional allowed after all: the wrong answer to FRACTIONAL
      {"not rejected", A::kAffirmative},
      {"not forbidden", A::kAffirmative},
      {"not invalid", A::kAffirmative},
      {"not denied", A::kAffirmative},
      {"not false", A::kAffirmative},
      {"isn't rejected", A::kAffirmative},
      {"isn\u2019t rejected", A::kAffirmative},
      {"never rejected", A::kAffirmative},
      {"no longer rejected", A::kAffirmative},
      {"allowed (not rejected)", A::kPermissive},
      {"거절 안 됨", A::kAffirmative},
      {"금지 아님", A::kAffirmative},
      {"거절되지 않음", A::kAffirmative},
      {"禁止ではない", A::kAffirmative},
      // still no
      {"no", A::kNegative},
      {"never", A::kNegative},
      {"rejected", A::kNegative},
      {"not allowed", A::kNegative},
      {"no, not allowed", A::kNegative},
      {"안 됨", A::kNegative},
      {"불가, 안 됨", A::kNegative},
      {"소수는 안 됨", A::kNegative},
      {"허용되지 않음", A::kNegative},
      {"no (must be an integer)", A::kNegative},
      // REQUESTS_EQUAL_LIMITS turned around
      {"isn't required", A::kNegative},
      {"don't have to be equal", A::kNegative},
      {"doesn't need to be the same", A::kNegative},
      {"required", A::kAffirmative},
      // SCHEDULER_SEES: the count denied is no numbers answer
      {"not numbers", A::kUnknown},
      {"not count", A::kUnknown},
      {"숫자 아님", A::kUnknown},
      {"numbers", A::kNumbers},
      {"not devices but numbers", A::kNumbers},
      // no answer at all
      {"I don't know", A::kAmbiguous},
      {"모름", A::kAmbiguous},
      {"わからない", A::kAmbiguous},
  };
  for (const auto& [text, want] : cases) EXPECT_EQ(classify_answer(text), want) << text;
}

// A word that says fractions are allowed is FRACTIONAL's wrong answer, whatever the language; a
// negator turns it around, and beside a no-word it names what is allowed (`정수만 허용`).
TEST(AnswerWords, PermissiveWordsSayAllowedUnlessANoWordOrNegatorIsBesideThem) {
  using A = Answer;
  const std::vector<std::pair<std::string, A>> cases{
      {"allowed", A::kPermissive},
      {"Allowed.", A::kPermissive},
      {"permitted", A::kPermissive},
      {"accepted by the apiserver", A::kPermissive},
      {"possible", A::kPermissive},
      {"허용", A::kPermissive},
      {"허용됨", A::kPermissive},
      {"가능", A::kPermissive},
      {"가능합니다", A::kPermissive},
      {"됨", A::kPermissive},
      {"可能", A::kPermissive},
      {"可能です", A::kPermissive},
      {"許可", A::kPermissive},
      // turned around by a negator, or a no-word beside it
      {"not allowed", A::kNegative},
      {"isn't allowed", A::kNegative},
      {"not permitted", A::kNegative},
      {"not possible", A::kNegative},
      {"허용 안 됨", A::kNegative},
      {"허용되지 않음", A::kNegative},
      {"가능하지 않음", A::kNegative},
      {"안 됨", A::kNegative},
      {"불가능", A::kNegative},
      {"不可能", A::kNegative},
      {"できない", A::kNegative},
      {"정수만 허용", A::kNegative},
      {"정수만 가능", A::kNegative},
      {"integers only allowed", A::kNegative},
      {"no, only integers are allowed", A::kNegative},
      {"rejected (not allowed)", A::kNegative},
      // a yes-word decides
      {"yes, allowed", A::kAffirmative},
  };
  for (const auto& [text, want] : cases)
    EXPECT_EQ(classify_answer(text), want) << text << " -> " << to_string(classify_answer(text));
}

// An answer about equality (REQUESTS_EQUAL_LIMITS) may speak of the two differing: differing
// refused is a yes, differing allowed or only said is a no. Elsewhere those words say nothing, so
// `정수 외 다른 값 불가` stays FRACTIONAL's no.
TEST(AnswerWords, DifferingRefusedIsEqualityRequired) {
  using A = Answer;
  const std::vector<std::pair<std::string, A>> equality{
      {"must not differ", A::kAffirmative},
      {"cannot differ", A::kAffirmative},
      {"not different", A::kAffirmative},
      {"different values are not allowed", A::kAffirmative},
      {"no difference allowed", A::kAffirmative},
      {"mismatch is rejected", A::kAffirmative},
      {"mismatch not allowed", A::kAffirmative},
      {"다르면 안 됨", A::kAffirmative},
      {"달라서는 안 됨", A::kAffirmative},
      {"다르면 거절됨", A::kAffirmative},
      {"차이 불가", A::kAffirmative},
      {"불일치 불가", A::kAffirmative},
      {"異なってはいけない", A::kAffirmative},
      {"不一致は拒否", A::kAffirmative},
      // differing allowed, or only said
      {"can differ", A::kNegative},
      {"different", A::kNegative},
      {"difference allowed", A::kNegative},
      {"달라도 됨", A::kNegative},
      {"달라도 괜찮음", A::kNegative},
      {"다름", A::kNegative},
      {"違ってもよい", A::kNegative},
      // not needed: 필요 and 필수 inside are no yes
      {"불필요", A::kNegative},
      {"불필요함", A::kNegative},
      {"비필수", A::kNegative},
      // the answer proper decides
      {"yes (a mismatch is rejected)", A::kAffirmative},
      {"no, they may differ", A::kNegative},
      {"must be equal", A::kAffirmative},
      // the rule as an equation
      {"requests=limits", A::kAffirmative},
      {"limits == requests", A::kAffirmative},
      {"resources.requests = resources.limits", A::kAffirmative},
      {"요청 = 제한", A::kAffirmative},
      {"requests != limits", A::kNegative},
      {"requests \u2260 limits", A::kNegative},
      {"requests=requests", A::kUnknown},
  };
  for (const auto& [text, want] : equality) {
    EXPECT_EQ(classify_answer(text, true), want) << text << " -> " << to_string(classify_answer(text, true));
  }
  const std::vector<std::pair<std::string, A>> elsewhere{
      {"정수 외 다른 값 불가", A::kNegative},
      {"anything different from a whole number is rejected", A::kNegative},
      {"different", A::kUnknown},
      {"numbers, different from devices", A::kNumbers},
      {"not devices but numbers", A::kNumbers},
      // a resource with its amount, as node status holds it
      {"nvidia.com/gpu: 2", A::kNumbers},
      {"nvidia.com/gpu=2", A::kNumbers},
      {"nvidia.com/gpu", A::kDevices},
      {"nvidia.com/gpu: two cards", A::kDevices},
  };
  for (const auto& [text, want] : elsewhere) {
    EXPECT_EQ(classify_answer(text), want) << text << " -> " << to_string(classify_answer(text));
  }
}

// "Must" built from a double negative, "need not", "cannot" and "if not equal", in Japanese and
// Korean: each as the student means it.
TEST(AnswerWords, DoubleNegativesAndAbility) {
  for (const char* yes : {"同じでなければならない", "等しくなければならない", "一致しなければならない",
                          "同じでないといけない", "同じじゃないとだめ", "はい、同じでなければいけない"})
    EXPECT_EQ(classify_answer(yes, true), Answer::kAffirmative) << yes;
  EXPECT_EQ(classify_answer("같지 않으면 거절됨", true), Answer::kAffirmative);
  for (const char* no : {"同じでなくてもよい", "同じでなくてよい", "같지 않아도 됨"})
    EXPECT_EQ(classify_answer(no, true), Answer::kNegative) << no;
  for (const char* no : {"사용할 수 없음", "소수는 지정할 수 없습니다", "整数でなければならない", "いいえ"})
    EXPECT_EQ(classify_answer(no), Answer::kNegative) << no;
  EXPECT_EQ(classify_answer("사용할 수 있음"), Answer::kPermissive);
  EXPECT_EQ(classify_answer("숫자 (수)"), Answer::kNumbers);
}

TEST(AnswerWords, DecomposedHangul) {
  // 예 = U+110B U+1168 decomposed; 불가능 decomposed jamo.
  EXPECT_EQ(classify_answer("\u110B\u1168"), Answer::kAffirmative);
  EXPECT_EQ(classify_answer(text::nfc("\u1107\u116E\u11AF\u1100\u1161\u1102\u1173\u11BC")), Answer::kNegative);
  EXPECT_EQ(classify_answer("\u1107\u116E\u11AF\u1100\u1161\u1102\u1173\u11BC"), Answer::kNegative);
}

// Class 2: what counts as noise around kubectl's output, and what does not.
TEST(Noise, PromptsCommentsFences) {
  for (const char* l :
       {"$ kubectl get nodes", "# 주석", "#", "// note", "```", "```text", "% kubectl get pods",
        "root@lab:~/gpuwhy# kubectl get nodes", "user@host:~$ cat out/x.txt",
        "[root@lab gpuwhy]# kubectl apply -f k8s/", "kubectl get pod cpu-only", "PS C:\\lab> kubectl get nodes", "$",
        "Warning: resource namespaces/gpu-why is missing the annotation",
        "E1130 05:23:35.123456   12345 memcache.go:265] couldn't get current server API group list"}) {
    EXPECT_TRUE(text::is_noise_line(l)) << l;
  }
  for (const char* l : {"NAME GPU", "lab-node-0   2", "The Pod \"x\" is invalid: spec: x", "ALLOCATABLE=2",
                        "0/3 nodes are available: 3 Insufficient nvidia.com/gpu.", "  Warning  FailedScheduling  5s",
                        "* spec.containers[0].resources.limits[nvidia.com/gpu]: Invalid value"}) {
    EXPECT_FALSE(text::is_noise_line(l)) << l;
  }
}

}  // namespace
}  // namespace gpuwhy::readers
