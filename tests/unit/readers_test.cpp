// Readers of the student's files, table-driven on what kubectl really prints.
#include <gtest/gtest.h>

#include <set>

#include "gpuwhy/readers.h"
#include "gpuwhy/text.h"

namespace gpuwhy::readers {
namespace {

// ---- advertised.txt ------------------------------------------------------------------------

struct AdvCase {
  const char* name;
  std::string text;
  AdvertisedFormat format;
  std::map<std::string, std::string> amounts;
  bool all_none;
  bool bare;
  bool problem;
};

const char* kNodeListJson = R"({"apiVersion":"v1","kind":"List","items":[
 {"kind":"Node","metadata":{"name":"lab-node-0"},"status":{"capacity":{"cpu":"32","nvidia.com/gpu":"2"},"allocatable":{"cpu":"32","nvidia.com/gpu":"2"}}},
 {"kind":"Node","metadata":{"name":"lab-node-1"},"status":{"capacity":{"cpu":"32"},"allocatable":{"cpu":"32"}}},
 {"kind":"Node","metadata":{"name":"lab-node-2"},"status":{"capacity":{"cpu":"32"},"allocatable":{"cpu":"32"}}}]})";

const char* kNodeListYaml = R"(apiVersion: v1
items:
- apiVersion: v1
  kind: Node
  metadata:
    name: lab-node-0
  status:
    allocatable:
      cpu: "32"
      nvidia.com/gpu: "2"
    capacity:
      cpu: "32"
      nvidia.com/gpu: "2"
- apiVersion: v1
  kind: Node
  metadata:
    name: lab-node-1
  status:
    allocatable:
      cpu: "32"
kind: List
metadata:
  resourceVersion: ""
)";

const char* kDescribe = R"(Name:               lab-node-0
Roles:              agent
Labels:             nvidia.com/gpu.present=true
Taints:             nvidia.com/gpu=present:NoSchedule
Capacity:
  cpu:             32
  memory:          256Gi
  nvidia.com/gpu:  2
  pods:            110
Allocatable:
  cpu:             32
  memory:          256Gi
  nvidia.com/gpu:  2
  pods:            110
System Info:
  Machine ID:


Name:               lab-node-1
Roles:              agent
Capacity:
  cpu:     32
  memory:  256Gi
  pods:    110
Allocatable:
  cpu:     32
  memory:  256Gi
  pods:    110
)";

const std::vector<AdvCase>& adv_cases() {
  static const std::vector<AdvCase> k{
      {"custom_columns",
       "NAME         GPU\nlab-node-0   2\nlab-node-1   <none>\nlab-node-2   <none>\n",
       AdvertisedFormat::kTable,
       {{"lab-node-0", "2"}, {"lab-node-1", ""}, {"lab-node-2", ""}},
       false,
       false,
       false},
      {"custom_columns_tabs_no_header",
       "lab-node-0\t2\nlab-node-1\t<none>\nlab-node-2\t0\n",
       AdvertisedFormat::kTable,
       {{"lab-node-0", "2"}, {"lab-node-1", ""}, {"lab-node-2", "0"}},
       false,
       false,
       false},
      {"two_amount_columns_prefers_allocatable",
       "NAME         CAPACITY   ALLOCATABLE\nlab-node-0   2          1\nlab-node-1   <none>     <none>\n",
       AdvertisedFormat::kTable,
       {{"lab-node-0", "1"}, {"lab-node-1", ""}},
       false,
       false,
       false},
      {"jsonpath_range_no_trailing_newline",
       "lab-node-0\t2\nlab-node-1\t\nlab-node-2\t",
       AdvertisedFormat::kTable,
       {{"lab-node-0", "2"}, {"lab-node-1", ""}, {"lab-node-2", ""}},
       false,
       false,
       false},
      {"jsonpath_colon_separator",
       "lab-node-0: 2\nlab-node-1: \nlab-node-2: \n",
       AdvertisedFormat::kTable,
       {{"lab-node-0", "2"}, {"lab-node-1", ""}, {"lab-node-2", ""}},
       false,
       false,
       false},
      {"json_list",
       kNodeListJson,
       AdvertisedFormat::kJson,
       {{"lab-node-0", "2"}, {"lab-node-1", ""}, {"lab-node-2", ""}},
       false,
       false,
       false},
      {"json_single_node",
       R"({"kind":"Node","metadata":{"name":"lab-node-0"},"status":{"capacity":{"nvidia.com/gpu":"2"}}})",
       AdvertisedFormat::kJson,
       {{"lab-node-0", "2"}},
       false,
       false,
       false},
      {"yaml_list",
       kNodeListYaml,
       AdvertisedFormat::kYaml,
       {{"lab-node-0", "2"}, {"lab-node-1", ""}},
       false,
       false,
       false},
      {"describe_nodes",
       kDescribe,
       AdvertisedFormat::kDescribe,
       {{"lab-node-0", "2"}, {"lab-node-1", ""}},
       false,
       false,
       false},
      {"pitfall_backslash_custom_columns",
       "NAME         GPU\nlab-node-0   <none>\nlab-node-1   <none>\nlab-node-2   <none>\n",
       AdvertisedFormat::kTable,
       {{"lab-node-0", ""}, {"lab-node-1", ""}, {"lab-node-2", ""}},
       true,
       false,
       false},
      {"pitfall_backslash_jsonpath",
       "lab-node-0\t\nlab-node-1\t\nlab-node-2\t\n",
       AdvertisedFormat::kTable,
       {{"lab-node-0", ""}, {"lab-node-1", ""}, {"lab-node-2", ""}},
       true,
       false,
       false},
      {"pitfall_bare_number_captured", "2\n\n\n", AdvertisedFormat::kBareNumbers, {}, false, true, false},
      {"pitfall_bare_number_no_newline", "2", AdvertisedFormat::kBareNumbers, {}, false, true, false},
      {"pitfall_bare_numbers_with_header",
       "GPU\n2\n<none>\n<none>\n",
       AdvertisedFormat::kBareNumbers,
       {},
       false,
       true,
       false},
      {"default_table_has_no_gpu_column",
       "NAME         STATUS   ROLES   AGE   VERSION\nlab-node-0   Ready    agent   5m    v1.34.0\n",
       AdvertisedFormat::kTable,
       {},
       false,
       false,
       true},
      {"empty", "  \n\n", AdvertisedFormat::kUnknown, {}, false, false, true},
      {"broken_json", "{\"items\": [", AdvertisedFormat::kJson, {}, false, false, true},
  };
  return k;
}

class Advertised : public testing::TestWithParam<std::size_t> {};

TEST_P(Advertised, Reads) {
  const AdvCase& c = adv_cases()[GetParam()];
  const auto a = read_advertised(c.text);
  EXPECT_EQ(a.format, c.format) << to_string(a.format);
  EXPECT_EQ(a.all_none, c.all_none);
  EXPECT_EQ(a.bare_numbers, c.bare);
  EXPECT_EQ(!a.problem.empty(), c.problem) << a.problem;
  if (!c.problem && !c.bare) {
    EXPECT_EQ(a.amounts, c.amounts);
  }
}

INSTANTIATE_TEST_SUITE_P(KubectlShapes, Advertised, testing::Range<std::size_t>(0, adv_cases().size()),
                         [](const testing::TestParamInfo<std::size_t>& i) {
                           return std::string(adv_cases()[i.param].name);
                         });

TEST(Advertised, DecodesBomCrlfAndUtf16First) {
  StudentFile f{StudentFile::State::kOk, "\xEF\xBB\xBFNAME         GPU\r\nlab-node-0   2\r\nlab-node-1   <none>\r\n",
                "", 0};
  auto t = decode_file(f);
  ASSERT_EQ(t.problem, FileProblem::kNone);
  auto a = read_advertised(t.text);
  EXPECT_EQ(a.amounts.at("lab-node-0"), "2");
  EXPECT_EQ(a.amounts.at("lab-node-1"), "");

  std::string utf16 = "\xFF\xFE";
  for (char ch : std::string("lab-node-0\t2\n")) {
    utf16 += ch;
    utf16 += '\0';
  }
  t = decode_file(StudentFile{StudentFile::State::kOk, utf16, "", 0});
  ASSERT_EQ(t.problem, FileProblem::kNone);
  EXPECT_EQ(read_advertised(t.text).amounts.at("lab-node-0"), "2");
}

TEST(DecodeFile, NamesEveryProblem) {
  EXPECT_EQ(decode_file(StudentFile{}).problem, FileProblem::kMissing);
  EXPECT_EQ(decode_file(StudentFile{StudentFile::State::kTooLarge, "", "2 MiB", 0}).problem, FileProblem::kTooLarge);
  EXPECT_EQ(decode_file(StudentFile{StudentFile::State::kNotRegular, "", "a folder", 0}).problem,
            FileProblem::kNotRegular);
  EXPECT_EQ(decode_file(StudentFile{StudentFile::State::kUnreadable, "", "EACCES", 0}).problem,
            FileProblem::kUnreadable);
  const auto bin = decode_file(StudentFile{StudentFile::State::kOk, std::string("a\0b", 3), "", 3});
  EXPECT_EQ(bin.problem, FileProblem::kNotText);
  EXPECT_FALSE(bin.reason.empty());
  EXPECT_EQ(decode_file(StudentFile{StudentFile::State::kOk, std::string(2 * 1024 * 1024, 'a'), "", 0}).problem,
            FileProblem::kTooLarge);
}

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
    // A negator alone ("not", "아님") is a no.
    const Answer want = row.answer == Answer::kNegator ? Answer::kNegative : row.answer;
    EXPECT_EQ(classify_answer(row.word), want) << row.word;
    std::string upper(row.word);
    for (char& ch : upper) {
      if (ch >= 'a' && ch <= 'z') ch = static_cast<char>(ch - 'a' + 'A');
    }
    EXPECT_EQ(classify_answer(upper), want) << upper;
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

}  // namespace
}  // namespace gpuwhy::readers
