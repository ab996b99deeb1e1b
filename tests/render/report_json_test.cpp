// The native JSON report, the batch summary and the published JSON Schemas.
#include "report_common_test.h"

#include "gpuwhy/base/error.h"
#include "gpuwhy/base/text.h"

namespace gpuwhy::report_test {
namespace {

using nlohmann::json;

render::Options en() {
  return render::Options{};
}

TEST(ReportJson, HasTheContractFields) {
  const RunResult run = synthetic_run();
  const json j = json::parse(render::json(run, en()));
  EXPECT_EQ(j["schema_version"], 3);
  EXPECT_EQ(j["integrity"]["status"], "unchecked");  // a run made here, not graded from a snapshot
  EXPECT_EQ(j["integrity"]["findings"], json::array());
  EXPECT_EQ(j["kind"], "gpuwhy-report");
  EXPECT_EQ(j["gpuwhy_version"], "test");
  EXPECT_EQ(j["lab_id"], "gpu-why");
  EXPECT_EQ(j["generated_at"], "2026-01-01T00:00:00Z");
  EXPECT_EQ(j["server_version"], "v1.34.0");
  EXPECT_EQ(j["lang"], "en");
  EXPECT_EQ(j["complete"], false);
  EXPECT_EQ(j["exit_code"], 3);
  EXPECT_EQ(j["expected_hidden"], false);
  EXPECT_EQ(j["warnings"], json::array({"TLS verification is disabled by the kubeconfig"}));
  ASSERT_EQ(j["checks"].size(), run.checks.size());
  const json& fail = j["checks"][2];
  EXPECT_EQ(fail["id"], "step2.synthetic-fail");
  EXPECT_EQ(fail["step"], 2);
  EXPECT_EQ(fail["title"], "step2.synthetic-fail");  // no catalog title: the id
  EXPECT_EQ(fail["status"], "fail");
  EXPECT_EQ(fail["points"], 4);
  EXPECT_EQ(fail["score"], 0);
  EXPECT_EQ(fail["expected"], kSecret);
  EXPECT_EQ(fail["actual"], "allocatable nvidia.com/gpu missing");
  EXPECT_EQ(fail["evidence"].size(), 2U);
  EXPECT_TRUE(fail["caused_by"].is_null()) << "a failure no other explains is a root";
  EXPECT_EQ(j["roots"], json(run.roots()));
  EXPECT_NE(std::find(j["roots"].begin(), j["roots"].end(), "step2.synthetic-fail"), j["roots"].end());
  // Not graded is not zero: error and skip have no score.
  EXPECT_TRUE(j["checks"][1]["score"].is_null());
  EXPECT_TRUE(j["checks"][4]["score"].is_null());
  EXPECT_EQ(j["checks"][4]["status"], "error");
  // A check with nothing to say has null texts, not "".
  EXPECT_TRUE(j["checks"][3]["hint"].is_null());
  EXPECT_TRUE(j["checks"][3]["expected"].is_null());
}

TEST(ReportJson, CountsAddUp) {
  for (const RunResult& run : {synthetic_run(), synthetic_complete_run(), hostile_run()}) {
    const json j = json::parse(render::json(run, en()));
    int score = 0;
    int max = 0;
    int graded_max = 0;
    std::map<std::string, int> by_status;
    for (const auto& c : j["checks"]) {
      by_status[c["status"].get<std::string>()]++;
      if (c["score"].is_number()) score += c["score"].get<int>();
      if (c["status"] != "skip") max += c["points"].get<int>();
      if (c["status"] == "pass" || c["status"] == "fail") graded_max += c["points"].get<int>();
    }
    EXPECT_EQ(j["score"], score);
    EXPECT_EQ(j["max_score"], max);
    EXPECT_EQ(j["graded_max_score"], graded_max);
    const json& t = j["totals"];
    EXPECT_EQ(t["checks"], j["checks"].size());
    EXPECT_EQ(t["passed"], by_status["pass"]);
    EXPECT_EQ(t["failed"], by_status["fail"]);
    EXPECT_EQ(t["errors"], by_status["error"]);
    EXPECT_EQ(t["skipped"], by_status["skip"]);
    int step_score = 0;
    int step_max = 0;
    int step_checks = 0;
    for (const auto& s : j["steps"]) {
      step_score += s["score"].get<int>();
      step_max += s["max_score"].get<int>();
      step_checks += s["passed"].get<int>() + s["failed"].get<int>() + s["errors"].get<int>() + s["skipped"].get<int>();
    }
    EXPECT_EQ(step_score, score);
    EXPECT_EQ(step_max, max);
    EXPECT_EQ(step_checks, static_cast<int>(j["checks"].size()));
    EXPECT_EQ(j["complete"], by_status["error"] == 0);
  }
}

TEST(ReportJson, ValidatesAgainstTheSchema) {
  render::Options hidden;
  hidden.hide_expected = true;
  render::Options ko;
  ko.lang = i18n::Lang::kKo;
  expect_valid_json("report.schema.json",
                    {render::json(synthetic_run(), en()), render::json(synthetic_complete_run(), en()),
                     render::json(synthetic_run(), hidden), render::json(hostile_run(), ko),
                     render::json(RunResult{fixed_meta(), {}}, en())});
}

TEST(ReportJson, SchemaRejectsBrokenReports) {
  json j = json::parse(render::json(synthetic_run(), en()));
  json no_checks = j;
  no_checks.erase("checks");
  json bad_status = j;
  bad_status["checks"][0]["status"] = "warn";
  json zero_for_error = j;
  zero_for_error["checks"][4]["score"] = 0;
  for (const json& bad : {no_checks, bad_status, zero_for_error}) {
    EXPECT_NE(validate_json("report.schema.json", {bad.dump()}).exit_code, 0) << bad.dump().substr(0, 200);
  }
}

TEST(ReportJson, HideExpectedKeepsTheFieldAsNull) {
  render::Options o;
  o.hide_expected = true;
  const std::string text = render::json(synthetic_run(), o);
  EXPECT_EQ(text.find(kSecret), std::string::npos);
  const json j = json::parse(text);
  EXPECT_EQ(j["expected_hidden"], true);
  for (const auto& c : j["checks"]) {
    ASSERT_TRUE(c.contains("expected"));
    EXPECT_TRUE(c["expected"].is_null());
  }
}

TEST(ReportJson, HostileStringsStayValidUtf8Json) {
  const std::string text = render::json(hostile_run(), en());
  const json j = json::parse(text);  // throws on invalid UTF-8 or bad escapes
  const auto& ev = j["checks"][2]["evidence"];
  ASSERT_EQ(ev.size(), hostile_evidence().size());
  EXPECT_EQ(ev[0], hostile_evidence()[0]);                                      // markup kept verbatim
  EXPECT_EQ(ev[1].get<std::string>(), hostile_evidence()[1]);                   // control characters escaped, kept
  EXPECT_NE(ev[2].get<std::string>().find("\xEF\xBF\xBD"), std::string::npos);  // U+FFFD for bad bytes
  EXPECT_EQ(ev[8], hostile_evidence()[8]);                                      // real UTF-8 untouched
  EXPECT_NE(text.find("\\u001b"), std::string::npos);
}

TEST(ReportJson, TitlesAndTextsFollowTheLanguageButIdsStayEnglish) {
  render::Options ko;
  ko.lang = i18n::Lang::kKo;
  const json j = json::parse(render::json(synthetic_run(), ko));
  EXPECT_EQ(j["lang"], "ko");
  EXPECT_EQ(j["checks"][2]["id"], "step2.synthetic-fail");
  EXPECT_EQ(j["checks"][2]["status"], "fail");
}

// The report is written by a streaming writer (lib/src/json/json_out.h); its bytes must be nlohmann's
// dump of the same document, so parsing it (keys in order) and dumping it again changes nothing.
std::string redumped(const std::string& text) {
  return nlohmann::ordered_json::parse(text).dump(2, ' ', false, nlohmann::ordered_json::error_handler_t::replace) +
         "\n";
}

TEST(ReportJson, BytesAreNlohmannsDumpOfTheSameDocument) {
  RunResult run = synthetic_run();
  std::string every_byte;  // each escape nlohmann writes, and text it leaves alone
  for (int c = 0; c < 0x80; ++c) every_byte += static_cast<char>(c);
  run.checks[0].outcome.evidence =
      raw_lines({every_byte, "\xED\x95\x9C\xEA\xB8\x80 \xF0\x9F\x98\x80", "", "bad \xC3\x28 byte"});
  run.checks[1].outcome.evidence.clear();  // an empty array
  for (const bool hide : {false, true}) {
    render::Options o = en();
    o.hide_expected = hide;
    const std::string text = render::json(run, o);
    EXPECT_EQ(text, redumped(text));
  }
  const auto caps = all_captures();
  if (caps.empty()) GTEST_SKIP() << "no captures recorded yet under " << captures_dir();
  render::Options ko;
  ko.lang = i18n::Lang::kKo;
  for (const auto& [v, s] : caps) {
    const auto b = load_capture(v, s);
    ASSERT_TRUE(b.has_value());
    for (const auto& run_of : {grade(*b, capture_rel(v, s)), grade(unreachable(*b), capture_rel(v, s))}) {
      const std::string text = render::json(run_of, ko);
      ASSERT_EQ(text, redumped(text)) << v << "/" << s;
    }
  }
}

// Strings are scanned sixteen bytes at a time (json_plain_end, lib/src/json/json_out.h; eight without
// SSE2): each byte that is escaped, kept or cleaned, at every offset around and across one and two
// steps, and at the end.
TEST(ReportJson, EveryKindOfByteAtEveryOffset) {
  std::vector<std::string> kinds{"\"", "\\", "\x7f", "\xc3\xa9", "\xed\x95\x9c", "\xf0\x9f\x98\x80", "\xff", "\xc3"};
  for (int c = 0; c < 0x20; ++c) kinds.emplace_back(1, static_cast<char>(c));
  RunResult run = synthetic_run();
  auto& ev = run.checks[0].outcome.evidence;
  ev.clear();
  for (const auto& k : kinds) {
    for (std::size_t at = 0; at <= 40; ++at) {
      std::string once(at, 'a');
      once += k;
      std::string twice = once;
      twice.append(at % 2 == 0 ? 9 : 17, 'b').append(k).append("c");
      ev.push_back(raw(std::move(once)));
      ev.push_back(raw(std::move(twice)));
    }
  }
  const std::string text = render::json(run, en());
  EXPECT_EQ(text, redumped(text));
  const json got = json::parse(text)["checks"][0]["evidence"];
  ASSERT_EQ(got.size(), ev.size());
  for (std::size_t i = 0; i < ev.size(); ++i) {
    const std::string& want = ev[i].args.at("text");
    EXPECT_EQ(got[i].get<std::string>(), text::valid_utf8(want) ? want : text::clean_utf8(want)) << i;
  }
}

TEST(ReportJson, BatchBytesAreNlohmannsDumpOfTheSameDocument) {
  std::vector<render::BatchRow> rows(2);
  rows[0].user = "alice";
  rows[0].origin = "class/alice.json";
  rows[0].run = synthetic_run();
  rows[1].user = "bob\x01\xff";  // a control byte and a byte that is not UTF-8
  rows[1].origin = "class/bob.json";
  rows[1].error = "bob.json: not valid JSON";
  const std::string text = render::batch(render::Format::kJson, rows, en());
  EXPECT_EQ(text, redumped(text));
  EXPECT_NE(text.find("\"bob\\u0001\xEF\xBF\xBD\""), std::string::npos) << text;
}

// ---- Batch.

std::vector<render::BatchRow> batch_rows() {
  std::vector<render::BatchRow> rows(3);
  rows[0].origin = "bundles/alice.json";
  rows[0].user = "alice";
  rows[0].run = synthetic_complete_run();
  rows[1].origin = "bundles/=bob.json";
  rows[1].user = "=bob";
  rows[1].error = "bundle bundles/=bob.json: field \"cluster\": missing\nsecond line";
  rows[2].origin = "bundles/carol.json";
  rows[2].user = "carol";
  rows[2].run = synthetic_run();
  rows[2].run->meta.generated_at = "2026-01-01T00:00:05Z";
  return rows;
}

TEST(ReportBatch, JsonListsEverySubmission) {
  const std::string text = render::batch(render::Format::kJson, batch_rows(), en());
  const json j = json::parse(text);
  EXPECT_EQ(j["schema_version"], 1);
  EXPECT_EQ(j["kind"], "gpuwhy-batch");
  EXPECT_EQ(j["generated_at"], "2026-01-01T00:00:05Z");  // the latest run's time
  ASSERT_EQ(j["submissions"].size(), 3U);
  const auto& a = j["submissions"][0];
  EXPECT_EQ(a["user"], "alice");
  EXPECT_EQ(a["complete"], true);
  EXPECT_EQ(a["score"], a["report"]["score"]);
  EXPECT_EQ(a["exit_code"], 1);
  EXPECT_TRUE(a["error"].is_null());
  const auto& b = j["submissions"][1];
  EXPECT_EQ(b["complete"], false);
  EXPECT_TRUE(b["score"].is_null());
  EXPECT_TRUE(b["report"].is_null());
  EXPECT_EQ(b["exit_code"], 3);
  EXPECT_EQ(b["error"].get<std::string>().find('\n'), std::string::npos);
  const auto& c = j["submissions"][2];
  EXPECT_EQ(c["complete"], false);
  EXPECT_TRUE(c["score"].is_null());  // incomplete: no grade, the report keeps the detail
  EXPECT_EQ(c["report"]["complete"], false);

  expect_valid_json("batch.schema.json", {text});
  expect_valid_json("report.schema.json", {a["report"].dump(), c["report"].dump()});

  render::Options fixed;
  fixed.generated_at = "2026-02-02T00:00:00Z";
  EXPECT_EQ(json::parse(render::batch(render::Format::kJson, batch_rows(), fixed))["generated_at"],
            "2026-02-02T00:00:00Z");
}

// The batch table (a terminal's view of a batch): a row per submission, an ungraded or incomplete
// one said as such and never a zero, and the closing count.
TEST(ReportBatch, TableForATerminal) {
  const auto rows = batch_rows();
  const std::string t = render::batch(render::Format::kTable, rows, en());
  int incomplete = 0;
  for (const auto& r : rows) {
    EXPECT_NE(t.find(r.user), std::string::npos) << r.user << "\n" << t;
    if (!r.run) {
      EXPECT_NE(t.find("not graded: "), std::string::npos) << t;
      ++incomplete;
    } else if (!r.run->complete()) {
      EXPECT_NE(t.find("incomplete, not scored"), std::string::npos) << t;
      ++incomplete;
    } else {
      EXPECT_NE(t.find(std::to_string(r.run->score()) + "/" + std::to_string(r.run->max_score())), std::string::npos)
          << t;
    }
  }
  EXPECT_NE(t.find(std::to_string(rows.size()) + " submission(s): " + std::to_string(rows.size() - incomplete) +
                   " scored, " + std::to_string(incomplete) + " incomplete"),
            std::string::npos)
      << t;
}

TEST(ReportBatch, OtherFormatsAreUsageErrors) {
  for (auto f : {render::Format::kJunit, render::Format::kGradescope, render::Format::kLti, render::Format::kTap}) {
    try {
      render::batch(f, batch_rows(), en());
      ADD_FAILURE() << "batch accepted format " << static_cast<int>(f);
    } catch (const Error& e) {
      EXPECT_EQ(e.kind(), ErrorKind::kUsage);
    }
  }
}

TEST(ReportBatch, EmptyBatchIsValid) {
  const std::string text = render::batch(render::Format::kJson, {}, en());
  expect_valid_json("batch.schema.json", {text});
  EXPECT_EQ(json::parse(text)["submissions"].size(), 0U);
}

// ---- The bundle schema, against the real captures and against bundles written by to_bundle.

TEST(BundleSchema, WrittenBundlesValidate) {
  Snapshot s;
  s.taken_at = "2026-01-01T00:00:00Z";
  s.source = "live https://127.0.0.1:6443";
  s.lab_dir = "/root/gpuwhy";
  s.live_collected = true;
  s.version = json{{"gitVersion", "v1.34.0"}};
  s.namespace_ = FetchError{ErrorKind::kHttp, 404, "GET /api/v1/namespaces/gpu-why: 404 Not Found"};
  s.nodes = json{{"kind", "NodeList"}, {"items", json::array()}};
  s.pods = FetchError{ErrorKind::kTransport, 0, "connection refused"};
  s.dry_runs["k8s/bad-mismatch.yaml"] = HttpAnswer{422, json{{"kind", "Status"}}};
  s.dry_runs["k8s/bad-fraction.yaml"] = FetchError{ErrorKind::kHttp, 403, "forbidden"};
  s.files["out/advertised.txt"] = StudentFile{StudentFile::State::kOk, "lab-node-0 2\n", "", 13};
  s.files["out/rejected.txt"] = StudentFile{StudentFile::State::kOk, std::string("\xff\xfe\x00\x01", 4), "", 4};
  s.files["out/tainted.txt"] = StudentFile{StudentFile::State::kMissing, "", "no such file", 0};
  s.files["out/exhausted.txt"] = StudentFile{StudentFile::State::kTooLarge, "", "larger than 1 MiB", 2000000};
  s.warnings = {raw("insecure-skip-tls-verify"), msg("kc.warn.insecure", {{"where", "kubeconfig k"}})};
  const json b = to_bundle(s);
  expect_valid_json("bundle.schema.json", {b.dump()});
  // And the schema is not vacuous.
  json bad = b;
  bad["files"]["out/advertised.txt"].erase("content");
  json bad_kind = b;
  bad_kind["cluster"]["pods"]["error"]["kind"] = "oops";
  json missing = b;
  missing.erase("cluster");
  for (const json& x : {bad, bad_kind, missing}) {
    EXPECT_NE(validate_json("bundle.schema.json", {x.dump()}).exit_code, 0);
  }
}

TEST(BundleSchema, RecordedCapturesValidate) {
  const auto caps = all_captures();
  if (caps.empty()) GTEST_SKIP() << "no captures recorded yet under " << captures_dir();
  std::vector<std::string> docs;
  for (const auto& [v, s] : caps) docs.push_back(read_text(source_dir() / capture_rel(v, s)));
  expect_valid_json("bundle.schema.json", docs);
}

TEST(ReportJson, RecordedCapturesGiveValidReports) {
  const auto caps = all_captures();
  if (caps.empty()) GTEST_SKIP() << "no captures recorded yet under " << captures_dir();
  std::vector<std::string> docs;
  for (const auto& [v, s] : caps) {
    const auto b = load_capture(v, s);
    ASSERT_TRUE(b.has_value());
    docs.push_back(render::json(grade(*b, capture_rel(v, s)), en()));
    docs.push_back(render::json(grade(unreachable(*b), capture_rel(v, s)), en()));
  }
  expect_valid_json("report.schema.json", docs);
}

}  // namespace
}  // namespace gpuwhy::report_test
