// `gpuwhy check --snapshot FOLDER --jobs N` on the real binary: the rows of a
// batch graded by several threads are the rows, in the order and bytes, of one thread; a broken
// bundle among good ones is its error row at its own place; --jobs takes a whole number from 1
// and only with bundles (exit 2, one line, nothing read).

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <regex>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "../tools/run_binary.h"
#include "lab_totals.h"

namespace gpuwhy {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;
using testing_tools::RunOutput;
using testing_tools::TempDir;

const std::string kCaptures = std::string(GPUWHY_SOURCE_DIR) + "/fixtures/captures";
const std::string kVersion = kCaptures + "/v1.34.0";
const std::string kSolution = kVersion + "/solution/bundle.json";

const auto check = &testing_tools::run_check;  // `gpuwhy check ARGS`

// The batch takes its time once when it starts; two runs may fall on either side of a second.
std::string without_times(const std::string& report) {
  static const std::regex kTime("\"generated_at\": \"[0-9T:Z-]+\"");
  return std::regex_replace(report, kTime, "\"generated_at\": \"T\"");
}

// The report file of `--snapshot folder --format F --jobs N -o file`.
std::string batch_report(const std::string& folder, const std::string& format, int jobs, const TempDir& tmp,
                         int want_exit) {
  const std::string out = tmp.path() + "/report-" + std::to_string(jobs) + "." + format;
  const RunOutput r =
      check({"--snapshot", folder, "--format", format, "--jobs", std::to_string(jobs), "-o", out}, tmp.path());
  EXPECT_FALSE(r.timed_out);
  EXPECT_EQ(r.exit_code, want_exit) << r.err;
  return testing_tools::slurp(out);
}

TEST(BatchJobs, OneAndFourThreadsGiveTheSameReports) {
  TempDir tmp;
  std::vector<std::string> names;  // every capture of the version: one row each
  for (const auto& e : fs::directory_iterator(kVersion)) {
    if (fs::exists(e.path() / "bundle.json")) names.push_back(e.path().filename().string());
  }
  std::sort(names.begin(), names.end());
  const std::size_t bundles = names.size();
  ASSERT_GE(bundles, 22U);
  for (const char* format : {"json", "csv"}) {
    SCOPED_TRACE(format);
    const std::string one = batch_report(kVersion, format, 1, tmp, 1);
    const std::string four = batch_report(kVersion, format, 4, tmp, 1);
    ASSERT_FALSE(one.empty());
    EXPECT_EQ(without_times(one), without_times(four));
    if (std::string(format) == "json") {
      const json j = json::parse(one);
      ASSERT_EQ(j["submissions"].size(), bundles);
      // Sorted by path, as the folder walk gives them.
      EXPECT_EQ(j["submissions"][0]["user"], names.front());
      EXPECT_EQ(j["submissions"][bundles - 1]["user"], names.back());
    } else {
      EXPECT_EQ(static_cast<std::size_t>(std::count(one.begin(), one.end(), '\n')), bundles + 1);  // header + rows
    }
  }
}

TEST(BatchJobs, BrokenBundleKeepsItsPlace) {
  TempDir tmp;
  const fs::path dir = fs::path(tmp.path()) / "subs";
  fs::create_directories(dir);
  const std::vector<std::string> names{"a", "b", "c", "d", "e", "f", "g"};
  for (const auto& n : names) {
    if (n == "c") {
      std::ofstream(dir / "c.json") << "{\"schema_version\": 1,";
    } else if (n == "f") {
      std::ofstream(dir / "f.json") << "[]";
    } else {
      fs::copy_file(kSolution, dir / (n + ".json"));
    }
  }
  const std::string one = batch_report(dir.string(), "json", 1, tmp, 3);
  const std::string three = batch_report(dir.string(), "json", 3, tmp, 3);
  EXPECT_EQ(without_times(one), without_times(three));
  const json j = json::parse(three);
  ASSERT_EQ(j["submissions"].size(), names.size());
  for (std::size_t i = 0; i < names.size(); ++i) {
    const json& row = j["submissions"][i];
    SCOPED_TRACE(names[i]);
    EXPECT_EQ(row["user"], names[i]);
    const bool broken = names[i] == "c" || names[i] == "f";
    EXPECT_EQ(row["error"].is_string(), broken) << row["error"];
    EXPECT_EQ(row["score"].is_null(), broken);
    if (!broken) {
      EXPECT_EQ(row["score"], row["max_score"]);
    }
  }
  EXPECT_NE(j["submissions"][2]["error"].get<std::string>().find("not valid JSON"), std::string::npos);
  EXPECT_NE(j["submissions"][5]["error"].get<std::string>().find("not a bundle written by `gpuwhy snapshot`"),
            std::string::npos);
}

TEST(BatchJobs, BadValuesAreUsageErrors) {
  TempDir tmp;
  for (const char* v : {"0", "-1", "abc", "", "1.5", "2x", "+2", "1025", "99999999999999999999"}) {
    SCOPED_TRACE(v);
    const RunOutput r = check({"--snapshot", kCaptures, "--jobs", v, "-o", tmp.path() + "/never.json"}, tmp.path());
    EXPECT_EQ(r.exit_code, 2) << r.err;
    EXPECT_NE(r.err.find("--jobs"), std::string::npos) << r.err;
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
    EXPECT_TRUE(r.out.empty()) << r.out;
    EXPECT_FALSE(fs::exists(tmp.path() + "/never.json")) << "a usage error writes nothing";
  }
}

TEST(BatchJobs, OnlyWithBundles) {
  TempDir tmp;
  // A live check grades one snapshot: --jobs is refused before the kubeconfig is even looked for.
  const RunOutput live = check({"--jobs", "2", "--kubeconfig", tmp.path() + "/none"}, tmp.path());
  EXPECT_EQ(live.exit_code, 2) << live.err;
  EXPECT_NE(live.err.find("--jobs applies to grading bundles"), std::string::npos) << live.err;
  // One bundle is a batch of one: accepted, and the same report as without --jobs.
  const RunOutput one = check({"--snapshot", kSolution, "--format", "csv", "--jobs", "8"}, tmp.path());
  EXPECT_EQ(one.exit_code, 0) << one.err;
  const RunOutput plain = check({"--snapshot", kSolution, "--format", "csv"}, tmp.path());
  EXPECT_EQ(one.out, plain.out);
  const std::string full = std::to_string(gpuwhy_test::total_points());
  EXPECT_NE(one.out.find(full + "," + full), std::string::npos) << one.out;
}

}  // namespace
}  // namespace gpuwhy
