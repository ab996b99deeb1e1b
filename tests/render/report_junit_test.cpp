// JUnit XML: validated with xmllint against schema/junit.xsd, counts, escaping.
#include <regex>

#include "report_common_test.h"

namespace gpuwhy::report_test {
namespace {

// The attributes of every start tag named `tag`, in document order.
std::vector<std::map<std::string, std::string>> tags(const std::string& xml, const std::string& tag) {
  std::vector<std::map<std::string, std::string>> out;
  const std::regex start("<" + tag + "(\\s[^>]*)?/?>");
  const std::regex attr("([a-z_]+)=\"([^\"]*)\"");
  for (auto it = std::sregex_iterator(xml.begin(), xml.end(), start); it != std::sregex_iterator(); ++it) {
    std::map<std::string, std::string> a;
    const std::string s = (*it)[1].str();
    for (auto at = std::sregex_iterator(s.begin(), s.end(), attr); at != std::sregex_iterator(); ++at) {
      a[(*at)[1].str()] = (*at)[2].str();
    }
    out.push_back(std::move(a));
  }
  return out;
}

int count_of(const std::string& xml, const std::string& needle) {
  int n = 0;
  for (auto p = xml.find(needle); p != std::string::npos; p = xml.find(needle, p + 1)) ++n;
  return n;
}

void expect_valid(const std::string& xml) {
  const auto r = validate_junit(xml);
  EXPECT_EQ(r.exit_code, 0) << r.output << "\n" << xml.substr(0, 2000);
}

void expect_counts_add_up(const std::string& xml, const RunResult& run) {
  const auto roots = tags(xml, "testsuites");
  ASSERT_EQ(roots.size(), 1U);
  const auto suites = tags(xml, "testsuite");
  int tests = 0;
  int failures = 0;
  int errors = 0;
  int skipped = 0;
  double time = 0;
  for (const auto& s : suites) {
    tests += std::stoi(s.at("tests"));
    failures += std::stoi(s.at("failures"));
    errors += std::stoi(s.at("errors"));
    skipped += std::stoi(s.at("skipped"));
    time += std::stod(s.at("time"));
  }
  const auto& root = roots[0];
  EXPECT_EQ(std::stoi(root.at("tests")), tests);
  EXPECT_EQ(std::stoi(root.at("failures")), failures);
  EXPECT_EQ(std::stoi(root.at("errors")), errors);
  EXPECT_EQ(std::stoi(root.at("skipped")), skipped);
  EXPECT_DOUBLE_EQ(std::stod(root.at("time")), time);
  EXPECT_EQ(tests, static_cast<int>(run.checks.size()));
  EXPECT_EQ(static_cast<int>(tags(xml, "testcase").size()), tests);
  EXPECT_EQ(count_of(xml, "<failure "), failures);
  EXPECT_EQ(count_of(xml, "<error "), errors);
  EXPECT_EQ(count_of(xml, "<skipped"), skipped);
  EXPECT_EQ(failures, run.count(Status::kFail));
  EXPECT_EQ(errors, run.count(Status::kError));
  EXPECT_EQ(skipped, run.count(Status::kSkip));
}

TEST(ReportJunit, ValidAgainstTheXsdAndCountsAddUp) {
  render::Options verbose;
  verbose.verbose = true;
  for (const RunResult& run : {synthetic_run(), synthetic_complete_run(), hostile_run()}) {
    for (const auto& o : {render::Options{}, verbose}) {
      const std::string xml = render::junit(run, o);
      expect_valid(xml);
      expect_counts_add_up(xml, run);
    }
  }
}

TEST(ReportJunit, Shape) {
  const std::string xml = render::junit(synthetic_run(), {});
  EXPECT_EQ(xml.rfind("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites ", 0), 0U);
  const auto suites = tags(xml, "testsuite");
  ASSERT_EQ(suites.size(), 4U);  // steps 1, 2, 3 and 8
  EXPECT_EQ(suites[0].at("name"), "gpuwhy.step1");
  const auto cases = tags(xml, "testcase");
  ASSERT_EQ(cases.size(), 6U);
  EXPECT_EQ(cases[2].at("classname"), "gpuwhy.step2");
  EXPECT_EQ(cases[2].at("name"), "step2.synthetic-fail: step2.synthetic-fail");
  // classname + name pairs are unique (GitLab drops duplicates).
  std::set<std::string> keys;
  for (const auto& c : cases) EXPECT_TRUE(keys.insert(c.at("classname") + "/" + c.at("name")).second);
  EXPECT_EQ(xpath(xml, "string(//testcase[@classname='gpuwhy.step2'][1]/failure/@type)"), "fail");
  EXPECT_EQ(xpath(xml, "string(//testcase[@classname='gpuwhy.step3']/error/@message)"),
            "dial tcp 127.0.0.1:6443: connect: connection refused");
  const std::string body = xpath(xml, "string(//testcase[@classname='gpuwhy.step2'][1]/failure)");
  EXPECT_NE(body.find(kSecret), std::string::npos);
  EXPECT_NE(body.find("allocatable nvidia.com/gpu missing"), std::string::npos);
  EXPECT_NE(body.find("capacity alone gives the scheduler no room"), std::string::npos);
  EXPECT_NE(body.find("allocatable: {\"cpu\": \"4\"}"), std::string::npos);
}

TEST(ReportJunit, HideExpected) {
  render::Options o;
  o.hide_expected = true;
  const std::string xml = render::junit(synthetic_run(), o);
  expect_valid(xml);
  EXPECT_EQ(xml.find(kSecret), std::string::npos);
}

TEST(ReportJunit, HostileStringsAreEscaped) {
  const RunResult run = hostile_run();
  const std::string xml = render::junit(run, {});
  expect_valid(xml);
  // No raw control character other than tab and LF survives (XML 1.0 forbids them; CR would be normalised).
  for (char c : xml) {
    const auto u = static_cast<unsigned char>(c);
    EXPECT_FALSE(u < 0x20 && c != '\n' && c != '\t') << "raw control character " << static_cast<int>(u);
  }
  // A parser reads the markup characters back verbatim.
  const std::string body = xpath(xml, "string(//testcase[@classname='gpuwhy.step2'][1]/failure)");
  EXPECT_NE(body.find("<testsuite> & \"quoted\" 'single' ]]> <![CDATA[x]]>"), std::string::npos);
  EXPECT_NE(body.find("crlf\r\nline two\rline three"), std::string::npos);
  EXPECT_NE(body.find("\xEF\xBF\xBD"), std::string::npos);  // U+FFFD for invalid bytes and NUL
  EXPECT_NE(body.find("한국어 日本語 ✔"), std::string::npos);
  const std::string message = xpath(xml, "string(//testcase[@classname='gpuwhy.step2'][1]/failure/@message)");
  EXPECT_EQ(message.find('\n'), std::string::npos);
  // The headline is what is wrong, the first sentence of the hint, with its markup intact.
  EXPECT_NE(message.find("hint: use `2>&1` # not a directive \\"), std::string::npos) << message;
}

TEST(ReportJunit, EmptyRunIsValid) {
  const std::string xml = render::junit(RunResult{fixed_meta(), {}}, {});
  expect_valid(xml);
  EXPECT_NE(xml.find("tests=\"0\""), std::string::npos);
}

TEST(ReportJunit, RecordedCapturesValidate) {
  const auto caps = all_captures();
  if (caps.empty()) GTEST_SKIP() << "no captures recorded yet under " << captures_dir();
  for (const auto& [v, s] : caps) {
    const auto b = load_capture(v, s);
    ASSERT_TRUE(b.has_value());
    for (const RunResult& run : {grade(*b, capture_rel(v, s)), grade(unreachable(*b), capture_rel(v, s))}) {
      const std::string xml = render::junit(run, {});
      expect_valid(xml);
      expect_counts_add_up(xml, run);
    }
  }
}

}  // namespace
}  // namespace gpuwhy::report_test
