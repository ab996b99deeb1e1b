// The instructor's formats: html (student page, class page), markdown and github-classroom.
// Goldens over the real captures (the solution, a mistake, an incomplete run, the batch of every
// v1.34.0 capture), escaping of student text, --hide-expected, the numbers of the class summary,
// GitHub Classroom's runner-result fields, and --github-output end to end with the real binary.
// The pages in a real browser: tests/browser/run.
#include <regex>

#include "../tools/run_binary.h"
#include "gpuwhy/base/base64.h"
#include "langs.h"
#include "report_common_test.h"

namespace gpuwhy::report_test {
namespace {

constexpr const char* kVersion = "v1.34.0";

render::Options opts_in(i18n::Lang lang, bool hide_expected = false) {
  render::Options o;
  o.lang = lang;
  o.hide_expected = hide_expected;
  o.generated_at = "2026-01-01T00:00:00Z";
  o.concepts = checks::concepts();  // as `gpuwhy check` gives a batch
  return o;
}

std::string golden_dir() {
  return std::string("captures/") + kVersion + "/";
}

#define REQUIRE_V134()                                                                                 \
  if (checks::all().empty() || !load_capture(kVersion, "solution")) {                                  \
    GTEST_SKIP() << "checks or the " << kVersion << " captures are not there yet: nothing to compare"; \
  }

RunResult capture_run(const std::string& scenario) {
  return checks_only(*load_capture(kVersion, scenario), capture_rel(kVersion, scenario));
}

/// Every capture of v1.34.0 as a batch, named after its folder like `--snapshot folder/` does.
std::vector<render::BatchRow> v134_batch() {
  std::vector<render::BatchRow> rows;
  for (const auto& [v, s] : all_captures()) {
    if (v != kVersion) continue;
    rows.push_back({capture_rel(v, s), s, capture_run(s), "", ""});
  }
  return rows;
}

// The page of a run given no --user (the ReportGolden.Capture* walks give one): headed "gpuwhy
// report", not by a student.
TEST(ReportGolden, InstructorFormatsOfCaptures) {
  REQUIRE_V134();
  const std::vector<std::pair<std::string, RunResult>> runs{
      {"solution", capture_run("solution")},
      {"capacity-only", capture_run("capacity-only")},
      {"solution.unreachable",
       checks_only(unreachable(*load_capture(kVersion, "solution")), capture_rel(kVersion, "solution"))},
  };
  for (const auto& [stem, run] : runs) {
    SCOPED_TRACE(stem);
    const auto en = opts_in(i18n::Lang::kEn);
    expect_equal_to_golden(golden_dir() + stem + ".no-user.html", render::render(render::Format::kHtml, run, en));
    expect_equal_to_golden(golden_dir() + stem + ".md", render::render(render::Format::kMarkdown, run, en));
    expect_equal_to_golden(golden_dir() + stem + ".classroom.json",
                           render::render(render::Format::kGithubClassroom, run, en));
  }
  for (const auto lang : i18n::kLangs) {
    if (lang == i18n::Lang::kEn) continue;
    expect_equal_to_golden(golden_dir() + "capacity-only.no-user." + i18n::to_string(lang) + ".html",
                           render::html(runs[1].second, opts_in(lang)));
  }
}

// The class page in every language and the Markdown class summary, of real captures
// (ReportGolden.SyntheticBatch walks every batch format in every language).
TEST(ReportGolden, ClassPageOfEveryV134Capture) {
  REQUIRE_V134();
  const auto rows = v134_batch();
  ASSERT_GE(rows.size(), 3U);
  for (const auto& [lang, name] : gpuwhy_test::named_langs()) {
    SCOPED_TRACE(name);
    expect_equal_to_golden(golden_dir() + "batch." + name + ".html",
                           render::batch(render::Format::kHtml, rows, opts_in(lang)));
  }
  expect_equal_to_golden(golden_dir() + "batch.md",
                         render::batch(render::Format::kMarkdown, rows, opts_in(i18n::Lang::kEn)));
}

// ---- The page's own markup versus student text.

std::size_t count_of(const std::string& hay, const std::string& needle) {
  std::size_t n = 0;
  for (std::size_t at = hay.find(needle); at != std::string::npos; at = hay.find(needle, at + 1)) ++n;
  return n;
}

TEST(HtmlReport, StudentTextIsEscaped) {
  RunResult run = hostile_run();
  for (auto& c : run.checks) {
    if (c.outcome.status == Status::kFail)
      c.outcome.evidence.push_back(raw("<script>alert(1)</script><img src=x onerror=alert(2)>"));
  }
  const std::string page = render::html(run, opts_in(i18n::Lang::kEn));
  EXPECT_EQ(count_of(page, "<script"), 1U) << "only the page's own script";
  EXPECT_EQ(count_of(page, "<img"), 0U);
  EXPECT_NE(page.find("&lt;script&gt;alert(1)&lt;/script&gt;"), std::string::npos);
  EXPECT_NE(page.find("actual &lt;b&gt;&amp;amp;&lt;/b&gt;"), std::string::npos);
  EXPECT_NE(page.find("&lt;testsuite&gt; &amp; &quot;quoted&quot; &#39;single&#39;"), std::string::npos);
  EXPECT_EQ(page.find('\x1b'), std::string::npos) << "no terminal escape reaches the page";
  EXPECT_EQ(page.find('\x01'), std::string::npos);
  EXPECT_NE(page.find("<details class=\"evidence\">"), std::string::npos);
}

TEST(HtmlReport, SelfContainedAndInTheReadersLanguage) {
  const RunResult run = synthetic_run();
  for (const auto& [lang, name] : gpuwhy_test::named_langs()) {
    const std::string page = render::html(run, opts_in(lang));
    EXPECT_NE(page.find(std::string("<html lang=\"") + name + "\">"), std::string::npos);
    EXPECT_NE(page.find("default-src 'none'"), std::string::npos);
    // No reference that a browser would fetch: no src=, no <link>, no url(), no http(s) URL.
    EXPECT_EQ(page.find(" src="), std::string::npos);
    EXPECT_EQ(page.find("<link"), std::string::npos);
    EXPECT_EQ(page.find("url("), std::string::npos);
    EXPECT_FALSE(std::regex_search(page, std::regex("https?://(?!www\\.w3\\.org/2000/svg)")));
  }
}

TEST(InstructorFormats, HideExpectedKeepsTheSecretOut) {
  const RunResult run = synthetic_run();
  for (auto f : {render::Format::kHtml, render::Format::kMarkdown, render::Format::kGithubClassroom}) {
    EXPECT_NE(render::render(f, run, opts_in(i18n::Lang::kEn)).find(kSecret), std::string::npos);
    EXPECT_EQ(render::render(f, run, opts_in(i18n::Lang::kEn, true)).find(kSecret), std::string::npos);
  }
  std::vector<render::BatchRow> rows{{"a.json", "a", run, "", ""}};
  EXPECT_EQ(render::batch(render::Format::kHtml, rows, opts_in(i18n::Lang::kEn, true)).find(kSecret),
            std::string::npos);
}

TEST(MarkdownReport, StudentTextCannotBreakTheTableOrFormat) {
  const std::string md = render::markdown(hostile_run(), opts_in(i18n::Lang::kEn));
  EXPECT_NE(md.find("hint: use \\`2&gt;&amp;1\\` \\# not a directive \\\\"), std::string::npos) << md;
  EXPECT_NE(md.find("actual &lt;b&gt;&amp;amp;&lt;/b&gt; &quot;two&quot;"), std::string::npos) << md;
  // Every table row of a step has exactly its 4 cells: 5 unescaped pipes.
  std::istringstream in(md);
  std::string line;
  while (std::getline(in, line)) {
    if (line.rfind("| ", 0) != 0) continue;
    std::size_t pipes = 0;
    for (std::size_t i = 0; i < line.size(); ++i) {
      if (line[i] == '|' && (i == 0 || line[i - 1] != '\\')) ++pipes;
    }
    EXPECT_EQ(pipes, 5U) << line;
  }
  EXPECT_EQ(md.find("<b>"), std::string::npos);
}

// ---- The class summary's numbers.

TEST(ClassSummary, CountsOnlyCompleteRunsAndAddsUp) {
  REQUIRE_V134();
  auto rows = v134_batch();
  const std::size_t graded = rows.size();
  rows.push_back({"bad.json", "bad", std::nullopt, "bundle bad.json: not valid JSON", ""});
  rows.push_back({"down.json", "down", checks_only(unreachable(*load_capture(kVersion, "solution")), "down"), "", ""});
  const std::string md = render::batch(render::Format::kMarkdown, rows, opts_in(i18n::Lang::kEn));
  EXPECT_NE(md.find(std::to_string(graded + 2) + " submission(s): " + std::to_string(graded) +
                    " scored, 2 incomplete (not scored)"),
            std::string::npos);
  const std::string page = render::batch(render::Format::kHtml, rows, opts_in(i18n::Lang::kEn));
  // The histogram's bins add up to the scored runs; each mistake's count is its students.
  const std::regex bin("<rect class=\"bin\" data-bin=\"[0-9]+\" data-count=\"([0-9]+)\"");
  std::size_t total = 0;
  for (auto it = std::sregex_iterator(page.begin(), page.end(), bin); it != std::sregex_iterator(); ++it) {
    total += std::stoul((*it)[1]);
  }
  EXPECT_EQ(total, graded);
  // Each root cause's count is its students: together, every root of every scored run once.
  std::size_t roots = 0;
  for (std::size_t i = 0; i < graded; ++i) roots += rows[i].run->roots().size();
  const std::regex root("<li class=\"root-cause\" data-check=\"[^\"]*\" data-count=\"([0-9]+)\"");
  std::size_t counted = 0;
  for (auto it = std::sregex_iterator(page.begin(), page.end(), root); it != std::sregex_iterator(); ++it) {
    counted += std::stoul((*it)[1]);
  }
  EXPECT_GT(roots, 0U);
  EXPECT_EQ(counted, roots);
  EXPECT_NE(page.find("<tr data-user=\"down\" data-page=\"\"><td>down</td>"), std::string::npos)
      << "incomplete run listed apart";
  EXPECT_EQ(page.find("data-user=\"down\" data-failed"), std::string::npos) << "and not among the scored students";
}

// ---- GitHub Classroom.

// The fields the grading reporter reads (src/main.js, console-results.js, notify-classroom.js of
// github-education-resources/autograding-grading-reporter) and the ones the Classroom graders write.
void expect_runner_result(const nlohmann::json& j, const RunResult& run) {
  ASSERT_TRUE(j.is_object());
  EXPECT_EQ(j.at("version"), 1);
  ASSERT_TRUE(j.at("max_score").is_number_integer());
  ASSERT_TRUE(j.at("tests").is_array());
  std::set<std::string> names;
  int sum = 0;
  for (const auto& t : j.at("tests")) {
    for (const char* k : {"name", "status", "message", "test_code", "filename"}) EXPECT_TRUE(t.at(k).is_string()) << k;
    for (const char* k : {"score", "line_no", "duration"}) EXPECT_TRUE(t.at(k).is_number_integer()) << k;
    EXPECT_TRUE(t.at("status") == "pass" || t.at("status") == "fail" || t.at("status") == "error") << t;
    EXPECT_TRUE(names.insert(t.at("name").get<std::string>()).second) << "unique names";
    sum += t.at("score").get<int>();
  }
  if (run.complete()) {
    EXPECT_EQ(j.at("status"), run.count(Status::kFail) > 0 ? "fail" : "pass");
    EXPECT_EQ(j.at("max_score"), run.max_score());
    EXPECT_EQ(sum, run.score()) << "the reporter's points are the sum of tests[].score";
  } else {
    EXPECT_EQ(j.at("status"), "error");
    EXPECT_EQ(j.at("max_score"), 0) << "no points are posted for an incomplete run";
  }
}

TEST(GithubClassroom, RunnerResultHasTheReportersFields) {
  REQUIRE_V134();
  for (const char* s : {"solution", "capacity-only"}) {
    SCOPED_TRACE(s);
    const RunResult run = capture_run(s);
    const std::string out = render::github_classroom(run, opts_in(i18n::Lang::kEn));
    EXPECT_EQ(std::count(out.begin(), out.end(), '\n'), 1) << "one line";
    expect_runner_result(nlohmann::json::parse(out), run);
  }
  const RunResult down = checks_only(unreachable(*load_capture(kVersion, "solution")), "down");
  expect_runner_result(nlohmann::json::parse(render::github_classroom(down, opts_in(i18n::Lang::kEn))), down);
}

TEST(GithubClassroom, ValidAgainstItsSchemaInEveryCaseAndLanguage) {
  REQUIRE_V134();
  std::vector<std::string> docs;
  for (const auto& [lang, name] : gpuwhy_test::named_langs()) {
    for (const char* s : {"solution", "capacity-only"})
      docs.push_back(render::github_classroom(capture_run(s), opts_in(lang)));
    docs.push_back(render::github_classroom(checks_only(unreachable(*load_capture(kVersion, "solution")), "down"),
                                            opts_in(lang, true)));
  }
  docs.push_back(render::github_classroom(hostile_run(), opts_in(i18n::Lang::kEn)));
  expect_valid_json("github-classroom.schema.json", docs);
  // And the schema can fail: an incomplete run that still claims points is refused.
  auto bad = nlohmann::json::parse(docs.back());
  bad["status"] = "error";
  bad["max_score"] = 5;
  EXPECT_NE(validate_json("github-classroom.schema.json", {bad.dump()}).exit_code, 0);
}

using testing_tools::run_binary;
using testing_tools::TempDir;

std::string bundle_path(const std::string& scenario) {
  return (source_dir() / capture_rel(kVersion, scenario)).string();
}

TEST(GithubClassroom, GithubOutputAppendsTheBase64OfTheSameJson) {
  REQUIRE_V134();
  TempDir tmp;
  const std::string out = tmp.path() + "/github_output";
  write_text(out, "earlier=step\n");
  const auto r =
      run_binary({"/usr/bin/env", "GITHUB_OUTPUT=" + out, "GPUWHY_LANG=en", GPUWHY_BINARY, "check", "--snapshot",
                  bundle_path("capacity-only"), "--format", "github-classroom", "--github-output"},
                 tmp.path());
  EXPECT_EQ(r.exit_code, 1) << r.err;
  EXPECT_NE(r.out.find("step2.allocatable"), std::string::npos) << "the table on the terminal";
  const std::string text = read_text(out);
  ASSERT_EQ(text.rfind("earlier=step\nresult=", 0), 0U) << "appended, never replaced: " << text;
  ASSERT_EQ(text.back(), '\n');
  const std::string b64 = text.substr(std::string("earlier=step\nresult=").size(), std::string::npos);
  const auto decoded = base64::decode(b64.substr(0, b64.size() - 1));
  ASSERT_TRUE(decoded.has_value());
  const auto plain = run_binary({"/usr/bin/env", "GPUWHY_LANG=en", GPUWHY_BINARY, "check", "--snapshot",
                                 bundle_path("capacity-only"), "--format", "github-classroom"},
                                tmp.path());
  EXPECT_EQ(nlohmann::json::parse(*decoded), nlohmann::json::parse(plain.out));
  expect_runner_result(nlohmann::json::parse(*decoded), capture_run("capacity-only"));
}

TEST(GithubClassroom, GithubOutputUsageAndWriteErrors) {
  REQUIRE_V134();
  TempDir tmp;
  const std::vector<std::string> base{
      GPUWHY_BINARY, "check", "--snapshot", bundle_path("solution"), "--format", "github-classroom", "--github-output"};
  auto with_env = [&](std::vector<std::string> env) {
    std::vector<std::string> argv{"/usr/bin/env", "-u", "GITHUB_OUTPUT", "GPUWHY_LANG=en"};
    argv.insert(argv.end(), env.begin(), env.end());
    argv.insert(argv.end(), base.begin(), base.end());
    return run_binary(argv, tmp.path());
  };
  const auto unset = with_env({});
  EXPECT_EQ(unset.exit_code, 2);
  EXPECT_NE(unset.err.find("GITHUB_OUTPUT is not set"), std::string::npos) << unset.err;
  EXPECT_EQ(std::count(unset.err.begin(), unset.err.end(), '\n'), 1) << unset.err;
  const auto unwritable = with_env({"GITHUB_OUTPUT=" + tmp.path() + "/no/such/folder/out"});
  EXPECT_EQ(unwritable.exit_code, 3);
  EXPECT_NE(unwritable.err.find("cannot append to"), std::string::npos) << unwritable.err;
  const auto wrong_format = run_binary({"/usr/bin/env", "GITHUB_OUTPUT=" + tmp.path() + "/o", GPUWHY_BINARY, "check",
                                        "--snapshot", bundle_path("solution"), "--format", "json", "--github-output"},
                                       tmp.path());
  EXPECT_EQ(wrong_format.exit_code, 2);
  EXPECT_FALSE(std::filesystem::exists(tmp.path() + "/o"));
}

TEST(InstructorFormats, WhichFormatsABatchTakes) {
  REQUIRE_V134();
  TempDir tmp;
  const std::string folder = (source_dir() / "fixtures" / "captures" / kVersion).string();
  const auto classroom = run_binary(
      {"/usr/bin/env", "GPUWHY_LANG=en", GPUWHY_BINARY, "check", "--snapshot", folder, "--format", "github-classroom"},
      tmp.path());
  EXPECT_EQ(classroom.exit_code, 2);
  EXPECT_NE(classroom.err.find("html or markdown"), std::string::npos) << classroom.err;
  for (const char* f : {"html", "markdown"}) {
    const auto r = run_binary(
        {"/usr/bin/env", "GPUWHY_LANG=en", GPUWHY_BINARY, "check", "--snapshot", folder, "--format", f}, tmp.path());
    EXPECT_EQ(r.exit_code, 1) << f << ": " << r.err;  // some captures fail checks; none is incomplete
    EXPECT_NE(r.out.find(std::string(f) == "html" ? "<html lang=\"en\">" : "## gpuwhy report: Class report"),
              std::string::npos)
        << f;
  }
}

}  // namespace
}  // namespace gpuwhy::report_test
