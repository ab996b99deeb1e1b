// Integrity on the real binary: a forged bundle (from tests/forgery/forgeries.json, an
// edit made to a real capture to raise its score) is graded as usual but its report says
// "suspect" in every format, with the findings, and --require-integrity refuses it (exit 3, the
// findings on stderr), and a published capture handed in as it is, while the same lab run on a
// cluster of its own (every uid new) passes; in a batch, two submissions of one cluster name each
// other, in the class page and the CSV.

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "../tools/run_binary.h"
#include "fresh_uids.h"
#include "lab_totals.h"

namespace gpuwhy {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;
using testing_tools::RunOutput;
using testing_tools::TempDir;

const fs::path kSource = GPUWHY_SOURCE_DIR;

const auto check = &testing_tools::run_check;  // `gpuwhy check ARGS`

json read_json(const fs::path& path) {
  std::ifstream in(path, std::ios::binary);
  return json::parse(in);
}

fs::path capture(const std::string& name) {
  return kSource / "fixtures" / "captures" / name / "bundle.json";
}

// The forgery `name` of the suite, written as a bundle in `dir`; its expected finding ids.
std::pair<fs::path, std::vector<std::string>> forged(const std::string& name, const fs::path& dir) {
  for (const auto& f : read_json(kSource / "tests" / "forgery" / "forgeries.json")) {
    if (f.at("name") != name) continue;
    const json bundle = read_json(capture(f.at("capture"))).patch(f.at("ops"));
    const fs::path out = dir / (name + ".json");
    std::ofstream(out, std::ios::binary) << bundle.dump();
    return {out, f.at("expect").get<std::vector<std::string>>()};
  }
  ADD_FAILURE() << "no forgery " << name;
  return {};
}

// The capture `name` as if its lab had been run again on a cluster of its own (every uid new),
// written in `dir`: what an honest student's bundle differs from the published one in.
fs::path run_again(const std::string& name, const fs::path& dir, const std::string& as) {
  fs::path out = dir / (as + ".json");
  std::ofstream(out, std::ios::binary) << test_uids::run_again(read_json(capture(name)), as).dump();
  return out;
}

bool has(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

// toleration-wrong-value with the toleration's value fixed in the pod (not in what kubectl
// applied): the report says why it is suspect, in every format.
TEST(IntegrityCli, AForgedBundleIsSuspectInEveryFormatAndKeepsItsScore) {
  TempDir tmp;
  const auto [path, expect] = forged("toleration-right-value", tmp.path());
  ASSERT_FALSE(expect.empty());
  const fs::path honest = run_again("v1.34.0/toleration-wrong-value", tmp.path(), "honest");
  const RunOutput real = check({"--snapshot", honest.string(), "--format", "json"}, tmp.path());
  const RunOutput fake = check({"--snapshot", path.string(), "--format", "json"}, tmp.path());
  const json r = json::parse(real.out);
  const json f = json::parse(fake.out);
  EXPECT_EQ(r.at("integrity").at("status"), "ok");
  EXPECT_EQ(f.at("integrity").at("status"), "suspect");
  std::vector<std::string> ids;
  for (const auto& x : f.at("integrity").at("findings")) ids.push_back(x.at("id"));
  for (const auto& id : expect) EXPECT_NE(std::find(ids.begin(), ids.end(), id), ids.end()) << id;
  const std::string line = f.at("integrity").at("findings")[0].at("message");
  for (const char* format : {"table", "tap", "junit", "gradescope", "markdown", "html", "csv"}) {
    const RunOutput o = check({"--snapshot", path.string(), "--format", format, "--color", "never"}, tmp.path());
    EXPECT_EQ(o.exit_code, 1) << format << o.err;
    // Each format says it (HTML and JUnit escape quotes; CSV names the finding ids).
    const std::string want = std::string(format) == "csv" ? "suspect," + ids[0] : line.substr(0, 12);
    EXPECT_TRUE(has(o.out, want)) << format << ": " << want << "\n" << o.out.substr(0, 2000);
  }
  const RunOutput lti = check({"--snapshot", path.string(), "--format", "lti", "--user", "s1"}, tmp.path());
  EXPECT_TRUE(has(json::parse(lti.out).at("comment").get<std::string>(), line.substr(0, 12)));
  // GitHub Classroom: one more test entry, failed and worth nothing; the points are the checks'.
  const RunOutput gc = check({"--snapshot", path.string(), "--format", "github-classroom"}, tmp.path());
  const json runner = json::parse(gc.out);
  ASSERT_FALSE(runner.at("tests").empty());
  const json& last = runner.at("tests").back();
  EXPECT_EQ(last.at("name"), "integrity");
  EXPECT_EQ(last.at("status"), "fail");
  EXPECT_EQ(last.at("score"), 0);
  EXPECT_TRUE(has(last.at("message").get<std::string>(), line.substr(0, 12))) << last;
  EXPECT_EQ(runner.at("max_score"), f.at("max_score"));
  const RunOutput gc_real = check({"--snapshot", honest.string(), "--format", "github-classroom"}, tmp.path());
  const json real_runner = json::parse(gc_real.out);
  for (const auto& t : real_runner.at("tests")) EXPECT_NE(t.at("name"), "integrity");
}

TEST(IntegrityCli, RequireIntegrityRefusesASuspectBundleAndPassesARealOne) {
  TempDir tmp;
  const auto [path, expect] = forged("taken-at-1999", tmp.path());
  const RunOutput fake = check({"--snapshot", path.string(), "--require-integrity", "--format", "json", "-o",
                                (fs::path(tmp.path()) / "fake.json").string()},
                               tmp.path());
  EXPECT_EQ(fake.exit_code, 3) << fake.err;
  EXPECT_TRUE(has(fake.err, "--require-integrity")) << fake.err;
  EXPECT_TRUE(has(fake.err, path.string())) << "names the bundle: " << fake.err;
  const json report = read_json(fs::path(tmp.path()) / "fake.json");  // the report file stays valid
  EXPECT_EQ(report.at("integrity").at("status"), "suspect");
  EXPECT_EQ(report.at("score"), gpuwhy_test::total_points()) << "the score is never changed by integrity";
  for (const char* c : {"v1.34.0/solution", "v1.33.13/solution", "v1.37.2/solution"}) {
    // Handed in as published: refused, naming the published bundle.
    const RunOutput copied = check({"--snapshot", capture(c).string(), "--require-integrity"}, tmp.path());
    EXPECT_EQ(copied.exit_code, 3) << c << copied.err;
    EXPECT_TRUE(has(copied.err, "fixtures/captures/" + std::string(c) + "/bundle.json")) << copied.err;
    // The same lab run on a cluster of its own: passes.
    const RunOutput real =
        check({"--snapshot", run_again(c, tmp.path(), "own").string(), "--require-integrity"}, tmp.path());
    EXPECT_EQ(real.exit_code, 0) << c << real.err;
  }
  const RunOutput failing = check({"--snapshot", run_again("v1.34.0/capacity-only", tmp.path(), "failing").string(),
                                   "--require-integrity", "--format", "json"},
                                  tmp.path());
  EXPECT_EQ(failing.exit_code, 1) << "a real failing bundle is graded, not refused: " << failing.err;
  // The issue's own example: capacity patched, allocatable added by hand to the bundle. The
  // edit does raise the score; no managedFields entry owns the field, so it is refused.
  const auto [alloc, alloc_expect] = forged("allocatable-added-by-hand", tmp.path());
  const RunOutput edited = check({"--snapshot", alloc.string(), "--require-integrity", "--format", "json"}, tmp.path());
  EXPECT_EQ(edited.exit_code, 3) << edited.err;
  EXPECT_TRUE(has(edited.err, "status.allocatable.nvidia.com/gpu")) << edited.err;
  EXPECT_GT(json::parse(edited.out).at("score").get<int>(), json::parse(failing.out).at("score").get<int>());
}

// Two students hand in one cluster's bundle (one of them renamed): both rows name the other, in
// the batch JSON, the CSV and the class page; a third, real submission is not flagged.
TEST(IntegrityCli, ABatchFlagsTwoSubmissionsOfOneClusterOnBoth) {
  TempDir tmp;
  const fs::path dir = fs::path(tmp.path()) / "subs";
  fs::create_directories(dir);
  const fs::path lab = run_again("v1.34.0/solution", tmp.path(), "lab");  // a lab of its own cluster
  fs::copy_file(lab, dir / "s01.json");
  fs::copy_file(lab, dir / "s02.json");
  json edited = read_json(lab);
  edited["taken_at"] = "2026-12-01T06:39:00Z";  // taken again a minute later: same cluster, other bytes
  std::ofstream(dir / "s03.json", std::ios::binary) << edited.dump();
  fs::copy_file(run_again("v1.34.0/capacity-only", tmp.path(), "other"), dir / "s04.json");
  const RunOutput j = check({"--snapshot", dir.string(), "--format", "json"}, tmp.path());
  const json batch = json::parse(j.out);
  std::map<std::string, json> by;
  for (const auto& s : batch.at("submissions")) by[s.at("user")] = s.at("report").at("integrity");
  EXPECT_EQ(by["s01"].at("same_cluster_as"), json({"s02", "s03"}));
  EXPECT_EQ(by["s01"].at("same_bundle_as"), json({"s02"}));
  EXPECT_EQ(by["s03"].at("same_cluster_as"), json({"s01", "s02"}));
  EXPECT_EQ(by["s03"].at("same_bundle_as"), json::array());
  EXPECT_EQ(by["s04"].at("status"), "ok");
  EXPECT_EQ(batch.at("class").at("suspect"), 3);
  const RunOutput csv = check({"--snapshot", dir.string(), "--format", "csv"}, tmp.path());
  EXPECT_TRUE(has(csv.out, "suspect,same-cluster:s02 same-cluster:s03 same-bundle:s02\r\n")) << csv.out;
  const RunOutput html = check({"--snapshot", dir.string(), "--format", "html"}, tmp.path());
  EXPECT_TRUE(has(html.out, "<tr data-user=\"s02\"")) << "scored";
  EXPECT_TRUE(has(
      html.out,
      "data-suspect=\"true\" data-page=\"\">\n<td class=\"user\" data-value=\"s02\">s02 <span class=\"badge suspect\""))
      << html.out.substr(html.out.find("data-user=\"s02\""), 400);
  EXPECT_TRUE(has(html.out, "data-user=\"s04\" data-failed"));
  const RunOutput refused = check({"--snapshot", dir.string(), "--require-integrity", "--format", "csv"}, tmp.path());
  EXPECT_EQ(refused.exit_code, 3) << refused.err;
}

}  // namespace
}  // namespace gpuwhy
