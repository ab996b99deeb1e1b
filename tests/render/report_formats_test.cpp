// Gradescope, LTI, TAP and CSV renderers, the dispatch, and --hide-expected in every format.
#include <yaml-cpp/yaml.h>

#include <regex>

#include "gpuwhy/base/error.h"
#include "report_common_test.h"

namespace gpuwhy::report_test {
namespace {

using nlohmann::json;

render::Options with_user(std::string user = "student-1") {
  render::Options o;
  o.user = std::move(user);
  return o;
}

// ---- Gradescope.

TEST(ReportGradescope, CompleteRunHasScoreAndTests) {
  const RunResult run = synthetic_complete_run();
  const json j = json::parse(render::gradescope(run, {}));
  EXPECT_EQ(j["score"], run.score());
  EXPECT_EQ(j["max_score"], run.max_score());
  EXPECT_EQ(j["extra_data"]["complete"], true);
  ASSERT_EQ(j["tests"].size(), 5U);  // the unselected check is left out
  int sum = 0;
  int max = 0;
  for (const auto& t : j["tests"]) {
    sum += t["score"].get<int>();
    max += t["max_score"].get<int>();
    EXPECT_EQ(t["visibility"], "visible");
    EXPECT_TRUE(t["status"] == "passed" || t["status"] == "failed");
    EXPECT_EQ(t["status"] == "passed", t["score"] == t["max_score"]);
  }
  EXPECT_EQ(sum, run.score());
  EXPECT_EQ(max, run.max_score());
  const json& fail = j["tests"][1];
  EXPECT_EQ(fail["name"], "step2.synthetic-fail: step2.synthetic-fail");
  EXPECT_EQ(fail["number"], "2.1");
  EXPECT_EQ(j["tests"][2]["number"], "2.2");
  EXPECT_EQ(fail["status"], "failed");
  const std::string out = fail["output"];
  EXPECT_NE(out.find(kSecret), std::string::npos);
  EXPECT_NE(out.find("allocatable nvidia.com/gpu missing"), std::string::npos);
  EXPECT_NE(out.find("capacity alone gives the scheduler no room"), std::string::npos);
}

TEST(ReportGradescope, IncompleteRunIsNeverAZero) {
  const RunResult run = synthetic_run();
  const json j = json::parse(render::gradescope(run, {}));
  EXPECT_FALSE(j.contains("score"));
  EXPECT_FALSE(j.contains("max_score"));
  EXPECT_EQ(j["extra_data"]["complete"], false);
  EXPECT_EQ(j["extra_data"]["exit_code"], 3);
  bool saw_error = false;
  for (const auto& t : j["tests"]) {
    if (t["name"].get<std::string>().rfind("step3.synthetic-error", 0) == 0) {
      saw_error = true;
      EXPECT_FALSE(t.contains("score"));  // informational, never 0 points
      EXPECT_FALSE(t.contains("max_score"));
      EXPECT_EQ(t["status"], "failed");
      EXPECT_NE(t["output"].get<std::string>().find("connection refused"), std::string::npos);
    }
  }
  EXPECT_TRUE(saw_error);
  // The "grading incomplete" line comes first (its wording is the catalog's).
  const std::string first_line = j["output"].get<std::string>().substr(0, j["output"].get<std::string>().find('\n'));
  EXPECT_EQ(first_line, render::incomplete_line(run, i18n::Lang::kEn));
}

TEST(ReportGradescope, HideExpectedMovesItAfterTheDueDate) {
  render::Options o;
  o.hide_expected = true;
  const json j = json::parse(render::gradescope(synthetic_complete_run(), o));
  int after = 0;
  for (const auto& t : j["tests"]) {
    const bool has_secret = t["output"].get<std::string>().find(kSecret) != std::string::npos;
    if (t["visibility"] == "after_due_date") {
      ++after;
      EXPECT_FALSE(t.contains("score"));
    } else {
      EXPECT_EQ(t["visibility"], "visible");
      EXPECT_FALSE(has_secret) << t.dump();
    }
  }
  EXPECT_EQ(after, 2);  // the two failed checks
  EXPECT_NE(j.dump().find(kSecret), std::string::npos);
  // Informational tests do not carry points: the sum of scored tests is still the score.
  int sum = 0;
  for (const auto& t : j["tests"]) sum += t.value("score", 0);
  EXPECT_EQ(j["score"], sum);
}

TEST(ReportGradescope, HostileStringsStayValidJson) {
  const json j = json::parse(render::gradescope(hostile_run(), {}));
  EXPECT_FALSE(j["tests"].empty());
}

// ---- LTI.

TEST(ReportLti, CompleteRun) {
  const RunResult run = synthetic_complete_run();
  const json j = json::parse(render::lti(run, with_user()));
  EXPECT_EQ(j["userId"], "student-1");
  EXPECT_EQ(j["scoreGiven"], run.score());
  EXPECT_EQ(j["scoreMaximum"], run.max_score());
  EXPECT_EQ(j["activityProgress"], "Completed");
  EXPECT_EQ(j["gradingProgress"], "FullyGraded");
  EXPECT_EQ(j["timestamp"], "2026-01-01T00:00:00.000+00:00");
  EXPECT_NE(j["comment"].get<std::string>().find("step2.synthetic-fail"), std::string::npos);
}

TEST(ReportLti, IncompleteRunHasNoScoreGiven) {
  const json j = json::parse(render::lti(synthetic_run(), with_user()));
  EXPECT_FALSE(j.contains("scoreGiven"));
  EXPECT_EQ(j["gradingProgress"], "Failed");
  EXPECT_EQ(j["activityProgress"], "Completed");
}

TEST(ReportLti, NothingSelectedIsNotGraded) {
  RunResult run = synthetic_run();
  for (auto& c : run.checks) {
    c.outcome.status = Status::kSkip;
    c.score = 0;
  }
  const json j = json::parse(render::lti(run, with_user()));
  EXPECT_FALSE(j.contains("scoreGiven"));
  EXPECT_EQ(j["gradingProgress"], "NotReady");
}

TEST(ReportLti, UserIsRequired) {
  try {
    render::lti(synthetic_run(), {});
    ADD_FAILURE() << "no error without --user";
  } catch (const Error& e) {
    EXPECT_EQ(e.kind(), ErrorKind::kUsage);
    EXPECT_NE(std::string(e.what()).find("--user"), std::string::npos);
  }
}

TEST(ReportLti, TimestampsGetSubSecondPrecisionAndAnOffset) {
  const std::regex rfc3339(R"(^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3,}[+-]\d{2}:\d{2}$)");
  for (const auto& [in, want] : std::vector<std::pair<std::string, std::string>>{
           {"2026-01-01T00:00:00Z", "2026-01-01T00:00:00.000+00:00"},
           {"2026-01-01T09:30:00.5+09:00", "2026-01-01T09:30:00.500+09:00"},
           {"2026-01-01T09:30:00.123456-05:00", "2026-01-01T09:30:00.123456-05:00"}}) {
    RunResult run = synthetic_complete_run();
    run.meta.generated_at = in;
    const std::string ts = json::parse(render::lti(run, with_user()))["timestamp"];
    EXPECT_EQ(ts, want);
    EXPECT_TRUE(std::regex_match(ts, rfc3339)) << ts;
  }
}

// ---- TAP 14.

struct TapPoint {
  bool ok = false;
  int number = 0;
  std::string rest;
  std::string yaml;
};

std::vector<TapPoint> tap_points(const std::string& tap, std::string* plan) {
  std::vector<TapPoint> out;
  std::istringstream in(tap);
  std::string line;
  bool in_yaml = false;
  const std::regex point(R"(^(ok|not ok) (\d+) - (.*)$)");
  while (std::getline(in, line)) {
    std::smatch m;
    if (in_yaml) {
      if (line == "  ...") {
        in_yaml = false;
      } else {
        out.back().yaml += line.substr(2) + "\n";
      }
    } else if (line == "  ---") {
      in_yaml = true;
    } else if (std::regex_match(line, m, point)) {
      out.push_back(TapPoint{m[1] == "ok", std::stoi(m[2]), m[3], ""});
    } else if (line.rfind("1..", 0) == 0) {
      *plan = line;
    }
  }
  return out;
}

TEST(ReportTap, PlanPointsAndDiagnostics) {
  const RunResult run = synthetic_run();
  const std::string tap = render::tap(run, {});
  EXPECT_EQ(tap.rfind("TAP version 14\n1..6\n", 0), 0U);
  std::string plan;
  const auto points = tap_points(tap, &plan);
  EXPECT_EQ(plan, "1..6");
  ASSERT_EQ(points.size(), 6U);
  for (std::size_t i = 0; i < points.size(); ++i) EXPECT_EQ(points[i].number, static_cast<int>(i + 1));
  EXPECT_TRUE(points[0].ok);
  EXPECT_TRUE(points[1].ok);
  EXPECT_NE(points[1].rest.find("# SKIP"), std::string::npos);
  EXPECT_FALSE(points[2].ok);
  EXPECT_EQ(points[2].rest, "step2.synthetic-fail: step2.synthetic-fail");
  EXPECT_FALSE(points[4].ok);
  EXPECT_EQ(points[4].rest.substr(points[4].rest.size() - 8), " # error");
  const YAML::Node fail = YAML::Load(points[2].yaml);
  EXPECT_EQ(fail["id"].as<std::string>(), "step2.synthetic-fail");
  EXPECT_EQ(fail["severity"].as<std::string>(), "fail");
  EXPECT_EQ(fail["expected"].as<std::string>(), kSecret);
  EXPECT_EQ(fail["actual"].as<std::string>(), "allocatable nvidia.com/gpu missing");
  EXPECT_EQ(fail["evidence"].size(), 2U);
  const YAML::Node err = YAML::Load(points[4].yaml);
  EXPECT_EQ(err["severity"].as<std::string>(), "error");
  EXPECT_EQ(err["hint"].as<std::string>(), "check the kubeconfig and that the apiserver runs");
  EXPECT_TRUE(points[0].yaml.empty());
}

TEST(ReportTap, HostileStringsKeepTheStreamParseable) {
  const std::string tap = render::tap(hostile_run(), {});
  std::string plan;
  const auto points = tap_points(tap, &plan);
  ASSERT_EQ(points.size(), 6U);
  const YAML::Node d = YAML::Load(points[2].yaml);
  ASSERT_EQ(d["evidence"].size(), hostile_evidence().size());
  EXPECT_EQ(d["evidence"][0].as<std::string>(), hostile_evidence()[0]);
  EXPECT_EQ(d["evidence"][4].as<std::string>(), hostile_evidence()[4]);
  EXPECT_EQ(d["evidence"][8].as<std::string>(), hostile_evidence()[8]);
  EXPECT_EQ(d["hint"].as<std::string>(), "hint: use `2>&1` # not a directive \\");
  EXPECT_EQ(d["evidence"][3].as<std::string>(), hostile_evidence()[3]);
  // PyYAML is stricter than yaml-cpp about characters a YAML stream may hold.
  std::string stream;
  for (const auto& p : points) {
    if (!p.yaml.empty()) stream += "---\n" + p.yaml;
  }
  TempFile f(".yaml", stream);
  const auto r = run_command(
      "/usr/bin/python3 -c " +
      sh_quote("import sys,yaml\nprint(len(list(yaml.safe_load_all(open(sys.argv[1],encoding='utf-8')))))") + " " +
      sh_quote(f.path().string()));
  EXPECT_EQ(r.exit_code, 0) << r.output;
  EXPECT_EQ(r.output, "3\n");
  for (char c : tap) {
    const auto u = static_cast<unsigned char>(c);
    EXPECT_FALSE((u < 0x20 && c != '\n') || u == 0x7F) << "raw control character " << static_cast<int>(u);
  }
}

TEST(ReportTap, DescriptionsEscapeHashAndBackslash) {
  RunResult run = synthetic_complete_run();
  run.checks.resize(1);
  run.checks[0].id = "step1.a#b\\c";
  const std::string tap = render::tap(run, {});
  EXPECT_NE(tap.find("ok 1 - step1.a\\#b\\\\c: step1.a\\#b\\\\c\n"), std::string::npos) << tap;
}

// ---- CSV.

// A minimal RFC 4180 reader: rows of cells.
std::vector<std::vector<std::string>> parse_csv(const std::string& text) {
  std::vector<std::vector<std::string>> rows;
  std::vector<std::string> row;
  std::string cell;
  bool quoted = false;
  for (std::size_t i = 0; i < text.size(); ++i) {
    const char c = text[i];
    if (quoted) {
      if (c == '"' && i + 1 < text.size() && text[i + 1] == '"') {
        cell += '"';
        ++i;
      } else if (c == '"') {
        quoted = false;
      } else {
        cell += c;
      }
    } else if (c == '"') {
      quoted = true;
    } else if (c == ',') {
      row.push_back(cell);
      cell.clear();
    } else if (c == '\r' && i + 1 < text.size() && text[i + 1] == '\n') {
      row.push_back(cell);
      cell.clear();
      rows.push_back(row);
      row.clear();
      ++i;
    } else {
      cell += c;
    }
  }
  EXPECT_TRUE(row.empty() && cell.empty()) << "the last row does not end in CRLF";
  return rows;
}

const std::vector<std::string> kCsvHeader{"user",
                                          "score",
                                          "max_score",
                                          "step1",
                                          "step2",
                                          "step3",
                                          "step4",
                                          "step5",
                                          "step6",
                                          "step7",
                                          "step8",
                                          "complete",
                                          "passed",
                                          "failed",
                                          "errors",
                                          "error",
                                          "roots",
                                          "failed_checks",
                                          "taken_at",
                                          "late",
                                          "on_roster",
                                          "integrity",
                                          "integrity_findings"};

// The failed checks are listed by id; the step columns carry the step's most points when the
// caller gives them.
TEST(ReportCsv, FailedChecksAndTheStepsMaximum) {
  const RunResult run = synthetic_complete_run();
  render::Options o = with_user();
  o.step_max = {2, 6, 11, 7, 9, 10, 12, 15};
  const auto rows = parse_csv(render::csv(run, o));
  ASSERT_EQ(rows.size(), 2U);
  EXPECT_EQ(rows[0][3], "step1/2");
  EXPECT_EQ(rows[0][10], "step8/15");
  std::string failed;
  for (const auto& c : run.checks) {
    if (c.outcome.status == Status::kFail) failed += (failed.empty() ? "" : " ") + c.id;
  }
  ASSERT_FALSE(failed.empty());
  EXPECT_EQ(rows[1][17], failed);
  EXPECT_EQ(rows[0][17], "failed_checks");
}

TEST(ReportCsv, OneHeaderOneRow) {
  const RunResult run = synthetic_complete_run();
  const auto rows = parse_csv(render::csv(run, with_user()));
  ASSERT_EQ(rows.size(), 2U);
  EXPECT_EQ(rows[0], kCsvHeader);
  const auto& r = rows[1];
  EXPECT_EQ(r[0], "student-1");
  EXPECT_EQ(r[1], std::to_string(run.score()));
  EXPECT_EQ(r[2], std::to_string(run.max_score()));
  EXPECT_EQ(r[3], "2");  // step1: pass 2 (the skipped check does not count)
  EXPECT_EQ(r[4], "1");  // step2: fail 0 + pass 1
  EXPECT_EQ(r[6], "");   // step4: no checks
  EXPECT_EQ(r[11], "true");
  EXPECT_EQ(r[12], std::to_string(run.count(Status::kPass)));
  EXPECT_EQ(r[13], std::to_string(run.count(Status::kFail)));
  EXPECT_EQ(r[14], "0");
  EXPECT_EQ(r[15], "");
  // The step cells add up to the score.
  int sum = 0;
  for (int i = 3; i <= 10; ++i) sum += r[i].empty() ? 0 : std::stoi(r[i]);
  EXPECT_EQ(sum, run.score());
}

TEST(ReportCsv, IncompleteRunHasNoScore) {
  const auto rows = parse_csv(render::csv(synthetic_run(), with_user()));
  ASSERT_EQ(rows.size(), 2U);
  const auto& r = rows[1];
  EXPECT_EQ(r[1], "");   // never a zero for an incomplete run
  EXPECT_EQ(r[5], "");   // step3 had the error
  EXPECT_EQ(r[3], "2");  // step1 was graded completely
  EXPECT_EQ(r[11], "false");
  EXPECT_EQ(r[14], "1");
  EXPECT_EQ(r[15], "incomplete: step3.synthetic-error");
}

TEST(ReportCsv, QuotingAndFormulaInjection) {
  for (const auto& [user, want] :
       std::vector<std::pair<std::string, std::string>>{{"=HYPERLINK(\"http://x\")", "'=HYPERLINK(\"http://x\")"},
                                                        {"+1", "'+1"},
                                                        {"-2", "'-2"},
                                                        {"@SUM(A1)", "'@SUM(A1)"},
                                                        {"a,b", "a,b"},
                                                        {"say \"hi\"", "say \"hi\""},
                                                        {"two\r\nlines", "two\r\nlines"},
                                                        {"kim \xff", "kim \xEF\xBF\xBD"},
                                                        {"", ""}}) {
    const std::string text = render::csv(synthetic_complete_run(), with_user(user));
    const auto rows = parse_csv(text);
    ASSERT_EQ(rows.size(), 2U) << text;
    ASSERT_EQ(rows[1].size(), kCsvHeader.size());
    EXPECT_EQ(rows[1][0], want);
  }
  EXPECT_NE(render::csv(synthetic_complete_run(), with_user("a,\"b\"")).find("\"a,\"\"b\"\"\""), std::string::npos);
}

TEST(ReportCsv, BatchHasAnErrorRowForABadBundle) {
  std::vector<render::BatchRow> rows(2);
  rows[0].user = "alice";
  rows[0].origin = "b/alice.json";
  rows[0].run = synthetic_complete_run();
  rows[1].user = "-bob";
  rows[1].origin = "b/-bob.json";
  rows[1].error = "bundle b/-bob.json: not valid JSON (parse error)\nat line 1";
  const auto csv = parse_csv(render::batch(render::Format::kCsv, rows, {}));
  ASSERT_EQ(csv.size(), 3U);
  EXPECT_EQ(csv[0], kCsvHeader);
  for (const auto& r : csv) EXPECT_EQ(r.size(), kCsvHeader.size());
  EXPECT_EQ(csv[1][0], "alice");
  EXPECT_EQ(csv[2][0], "'-bob");
  for (int i = 1; i <= 10; ++i) EXPECT_EQ(csv[2][static_cast<std::size_t>(i)], "") << i;
  EXPECT_EQ(csv[2][11], "false");
  EXPECT_EQ(csv[2][15], "bundle b/-bob.json: not valid JSON (parse error) at line 1");
}

// ---- Every format.

TEST(ReportFormats, RenderDispatchesEveryFormat) {
  const RunResult run = synthetic_run();
  const render::Options o = with_user();
  EXPECT_EQ(render::render(render::Format::kJson, run, o), render::json(run, o));
  EXPECT_EQ(render::render(render::Format::kJunit, run, o), render::junit(run, o));
  EXPECT_EQ(render::render(render::Format::kGradescope, run, o), render::gradescope(run, o));
  EXPECT_EQ(render::render(render::Format::kLti, run, o), render::lti(run, o));
  EXPECT_EQ(render::render(render::Format::kTap, run, o), render::tap(run, o));
  EXPECT_EQ(render::render(render::Format::kCsv, run, o), render::csv(run, o));
  for (const auto& name : render::format_names()) {
    ASSERT_TRUE(render::parse_format(name).has_value()) << name;
    EXPECT_NO_THROW(render::render(*render::parse_format(name), run, o)) << name;
  }
}

// render::kFormats is the one list: every enum value once, names parse back to their own row
// (never by position), a batch is taken exactly by the formats the table says, and every format
// has its own goldens in every language: the classic mistake's report, a synthetic report, and
// (when it batches) a synthetic batch summary.
TEST(ReportFormats, TheFormatTableIsTheOneList) {
  std::set<render::Format> seen;
  std::set<std::string_view> names;
  const fs::path golden = source_dir() / "fixtures" / "golden";
  for (const auto& f : render::kFormats) {
    SCOPED_TRACE(std::string(f.name));
    EXPECT_TRUE(seen.insert(f.format).second) << "an enum value twice";
    EXPECT_TRUE(names.insert(f.name).second) << "a name twice";
    ASSERT_TRUE(render::parse_format(f.name).has_value());
    EXPECT_EQ(*render::parse_format(f.name), f.format);
    EXPECT_EQ(render::info(f.format).name, f.name);
    bool takes_batch = true;
    try {
      render::BatchWriter w(f.format, render::Options{}, [](std::string_view) {});
    } catch (const Error&) {
      takes_batch = false;
    }
    EXPECT_EQ(takes_batch, f.batches());
    EXPECT_TRUE(fs::is_regular_file(golden / golden_rel("synthetic/complete", f)));
    for (const auto lang : i18n::kLangs) {
      const std::string rel = golden_rel("captures/v1.34.0/capacity-only", f, lang);
      EXPECT_TRUE(fs::is_regular_file(golden / rel)) << "no golden " << rel;
      if (!f.batches()) continue;
      const std::string batch = batch_golden_rel("synthetic/batch", f, lang);
      EXPECT_TRUE(fs::is_regular_file(golden / batch)) << "no golden " << batch;
    }
  }
  EXPECT_EQ(seen.size(), render::kFormatCount);
  EXPECT_EQ(render::format_names().size(), render::kFormatCount);
  EXPECT_FALSE(render::parse_format("Table").has_value());
  EXPECT_FALSE(render::parse_format("").has_value());
}

TEST(ReportFormats, HideExpectedInEveryFormat) {
  render::Options o = with_user();
  o.hide_expected = true;
  for (const auto& name : render::format_names()) {
    const auto f = *render::parse_format(name);
    if (f == render::Format::kTable) continue;  // the table is the checks work's
    for (const RunResult& run : {synthetic_run(), synthetic_complete_run()}) {
      std::string out = render::render(f, run, o);
      if (f == render::Format::kGradescope) {
        // Only the tests shown after the due date may hold it.
        json j = json::parse(out);
        json visible = json::array();
        for (const auto& t : j["tests"]) {
          if (t["visibility"] != "after_due_date") visible.push_back(t);
        }
        j["tests"] = visible;
        out = j.dump();
      }
      EXPECT_EQ(out.find(kSecret), std::string::npos) << name;
    }
    // And without the flag the value is there (where the format carries expected values at all).
    if (render::info(f).shows_expected()) {
      EXPECT_NE(render::render(f, synthetic_run(), with_user()).find(kSecret), std::string::npos) << name;
    }
  }
}

TEST(ReportFormats, ValidUtf8InEveryFormat) {
  const RunResult run = hostile_run();
  for (const auto& name : render::format_names()) {
    const std::string out = render::render(*render::parse_format(name), run, with_user("u\xff"));
    if (name == "table") continue;
    EXPECT_EQ(render::clean_utf8(out), out) << name << " is not valid UTF-8";
  }
}

TEST(ReportHelpers, OneLineAndCleanUtf8) {
  EXPECT_EQ(render::one_line("  a\n\tb  \r\n c  "), "a b c");
  EXPECT_EQ(render::one_line("abcdef", 5), "ab\xE2\x80\xA6");
  EXPECT_EQ(render::one_line("\xED\x95\x9C\xEA\xB5\xAD\xEC\x96\xB4", 7), "\xED\x95\x9C\xE2\x80\xA6");  // 한…
  EXPECT_EQ(render::clean_utf8("a\xff"
                               "b"),
            "a\xEF\xBF\xBD"
            "b");
  EXPECT_EQ(render::clean_utf8("\xC0\xAF"), "\xEF\xBF\xBD\xEF\xBF\xBD");                  // overlong '/'
  EXPECT_EQ(render::clean_utf8("\xED\xA0\x80"), "\xEF\xBF\xBD\xEF\xBF\xBD\xEF\xBF\xBD");  // surrogate
  EXPECT_EQ(render::clean_utf8("\xF0\x9F\x98\x80"), "\xF0\x9F\x98\x80");                  // 😀
}

TEST(ReportHelpers, StepSummariesAddUp) {
  const RunResult run = synthetic_run();
  const auto steps = render::step_summaries(run);
  ASSERT_EQ(steps.size(), 4U);
  int score = 0;
  int max = 0;
  for (const auto& s : steps) {
    score += s.score;
    max += s.max_score;
  }
  EXPECT_EQ(score, run.score());
  EXPECT_EQ(max, run.max_score());
  EXPECT_FALSE(steps[2].complete());
  EXPECT_EQ(steps[2].step, 3);
}

}  // namespace
}  // namespace gpuwhy::report_test
