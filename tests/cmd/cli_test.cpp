// The real gpuwhy binary on real captures: exit codes, selection, batch, --output in every case.
#include <gtest/gtest.h>
#include <sys/wait.h>

#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <string>

#include <nlohmann/json.hpp>

#include "lab_totals.h"

namespace gpuwhy {
namespace {

namespace fs = std::filesystem;

const fs::path kSource(GPUWHY_SOURCE_DIR);
const fs::path kCaptures = kSource / "fixtures" / "captures" / "v1.34.0";

struct CliRun {
  int code = -1;
  std::string out;
  std::string err;
};

class Cli : public testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() / ("gpuwhy-cli-" + std::to_string(::getpid()) + "-" +
                                        testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::create_directories(dir_);
  }
  void TearDown() override { fs::remove_all(dir_); }

  static std::string slurp(const fs::path& p) {
    std::ifstream in(p, std::ios::binary);
    std::ostringstream ss;
    ss << in.rdbuf();
    return ss.str();
  }

  // Runs gpuwhy with `args` (already shell-quoted), English texts, no terminal.
  CliRun run(const std::string& args) const {
    const std::string cmd = "env -u KUBECONFIG LANG=C GPUWHY_LANG=en HOME=" + dir_.string() + " " +
                            std::string(GPUWHY_BINARY) + " " + args + " >" + (dir_ / "out").string() + " 2>" +
                            (dir_ / "err").string() + " </dev/null";
    const int status = std::system(cmd.c_str());  // NOLINT(cert-env33-c): the test runs our own binary
    CliRun r;
    r.code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
    r.out = slurp(dir_ / "out");
    r.err = slurp(dir_ / "err");
    return r;
  }
  static std::string bundle(const std::string& scenario) { return (kCaptures / scenario / "bundle.json").string(); }

  fs::path dir_;
};

TEST_F(Cli, SolutionBundlePassesWithExitZero) {
  const CliRun r = run("check --snapshot " + bundle("solution"));
  EXPECT_EQ(r.code, 0) << r.err;
  EXPECT_NE(r.out.find(gpuwhy_test::all_passed()), std::string::npos) << r.out;
}

TEST_F(Cli, MistakeBundleFailsWithExitOne) {
  const CliRun r = run("check --snapshot " + bundle("capacity-only") + " --format json");
  EXPECT_EQ(r.code, 1);
  const auto j = nlohmann::json::parse(r.out);
  EXPECT_TRUE(j["complete"].get<bool>());
  int failed = 0;
  for (const auto& c : j["checks"]) failed += c["status"] == "fail" ? 1 : 0;
  EXPECT_EQ(failed, 6);  // step 2 and the checks that need its allocatable (steps 4-7)
}

TEST_F(Cli, StepAndCheckSelectOnlyThoseChecks) {
  const CliRun r =
      run("check --snapshot " + bundle("capacity-only") + " --step 1 --check step2.capacity --format json");
  EXPECT_EQ(r.code, 0) << r.out;  // step 1 and step2.capacity pass in that scenario
  const auto j = nlohmann::json::parse(r.out);
  int graded = 0;
  for (const auto& c : j["checks"]) {
    if (c["status"] == "skip") continue;
    ++graded;
    EXPECT_TRUE(c["step"] == 1 || c["id"] == "step2.capacity") << c["id"];
  }
  EXPECT_EQ(graded, 4);
  const CliRun only_fail = run("check --snapshot " + bundle("capacity-only") + " --check step2.allocatable");
  EXPECT_EQ(only_fail.code, 1);
}

TEST_F(Cli, UsageErrorsExitTwo) {
  EXPECT_EQ(run("check --step 9 --snapshot " + bundle("solution")).code, 2);
  EXPECT_EQ(run("check --check step9.nothing --snapshot " + bundle("solution")).code, 2);
  EXPECT_EQ(run("check --format yaml --snapshot " + bundle("solution")).code, 2);
  EXPECT_EQ(run("check --wait forever --snapshot " + bundle("solution")).code, 2);
  EXPECT_EQ(run("explain step9.nothing").code, 2);
  EXPECT_EQ(run("no-such-command").code, 2);
}

TEST_F(Cli, BadBundleIsExitThreeWithAValidReport) {
  std::ofstream(dir_ / "bad.json") << "{\"schema_version\": 1, \"kind\": \"gpuwhy-bundle\"";  // truncated
  const std::string report = (dir_ / "r.json").string();
  const CliRun r = run("check --snapshot " + (dir_ / "bad.json").string() + " --format json --output " + report);
  EXPECT_EQ(r.code, 3);
  EXPECT_NE(r.err.find("bad.json"), std::string::npos) << r.err;
  const auto j = nlohmann::json::parse(slurp(report));
  EXPECT_FALSE(j["complete"].get<bool>());
}

TEST_F(Cli, UnreachableApiserverStillWritesTheReportAndGradesFiles) {
  std::ofstream(dir_ / "kubeconfig") << "apiVersion: v1\nkind: Config\n"
                                        "clusters: [{name: c, cluster: {server: \"https://127.0.0.1:1\"}}]\n"
                                        "users: [{name: u, user: {token: t}}]\n"
                                        "contexts: [{name: x, context: {cluster: c, user: u}}]\ncurrent-context: x\n";
  const std::string report = (dir_ / "r.json").string();
  const CliRun r = run("check --kubeconfig " + (dir_ / "kubeconfig").string() + " --dir " +
                       (kCaptures / "solution" / "work").string() + " --format json -o " + report);
  EXPECT_EQ(r.code, 3);
  EXPECT_NE(r.err.find("https://127.0.0.1:1"), std::string::npos) << r.err;
  const auto j = nlohmann::json::parse(slurp(report));
  EXPECT_FALSE(j["complete"].get<bool>());
  for (const auto& c : j["checks"]) {
    if (c["id"] == "step8.format" || c["id"] == "step3.rejected-file") {
      EXPECT_EQ(c["status"], "pass") << c["id"];
    }
    if (c["id"] == "step1.namespace") {
      EXPECT_EQ(c["status"], "error");
    }
  }
  EXPECT_NE(r.out.find("passed"), std::string::npos);  // the table still goes to the terminal
}

TEST_F(Cli, BatchGivesOneRowPerCaptureAndAnErrorRowForABadBundle) {
  fs::create_directories(dir_ / "subs");
  for (const auto& s : {"solution", "capacity-only", "gate-report-wrong"}) {
    fs::copy_file(bundle(s), dir_ / "subs" / (std::string(s) + ".json"));
  }
  std::ofstream(dir_ / "subs" / "broken.json") << "not json";
  const CliRun r = run("check --snapshot " + (dir_ / "subs").string() + " --format csv");
  EXPECT_EQ(r.code, 3);  // one submission could not be graded
  std::istringstream lines(r.out);
  std::string line;
  std::map<std::string, std::string> rows;
  std::getline(lines, line);  // header
  while (std::getline(lines, line)) rows[line.substr(0, line.find(','))] = line;
  ASSERT_EQ(rows.size(), 4U) << r.out;
  const std::string full = std::to_string(gpuwhy_test::total_points());
  EXPECT_EQ(rows["solution"].rfind("solution," + full + "," + full + ",", 0), 0U) << rows["solution"];
  EXPECT_NE(rows["capacity-only"].find(",true,"), std::string::npos);
  EXPECT_NE(rows["broken"].find(",false,"), std::string::npos) << rows["broken"];
}

TEST_F(Cli, BatchOverTheCapturesFolderNamesRowsAfterScenarios) {
  const CliRun r = run("check --snapshot " + kCaptures.string() + " --format csv");
  EXPECT_EQ(r.code, 1);  // every bundle graded, mistakes fail
  const std::string full = std::to_string(gpuwhy_test::total_points());
  EXPECT_NE(r.out.find("\nsolution," + full + "," + full + ","), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("\ntrainer3-no-toleration,"), std::string::npos);
}

TEST_F(Cli, ListNamesEveryCheckAndExplainExplains) {
  const CliRun l = run("list");
  EXPECT_EQ(l.code, 0);
  int ids = 0;
  std::istringstream in(l.out);
  for (std::string line; std::getline(in, line);) ids += line.rfind("step", 0) == 0 ? 1 : 0;
  EXPECT_EQ(ids, gpuwhy_test::check_count()) << l.out;
  const CliRun e = run("explain step2.allocatable");
  EXPECT_EQ(e.code, 0);
  EXPECT_NE(e.out.find("allocatable"), std::string::npos);
  EXPECT_GT(e.out.size(), 200U);
}

TEST_F(Cli, SnapshotWithoutAnyKubeconfigIsOneLineAndExitThree) {
  fs::create_directories(dir_ / "lab" / "k8s");  // a lab folder: what is missing is the kubeconfig
  const CliRun r = run("snapshot --dir " + (dir_ / "lab").string() + " -o " + (dir_ / "b.json").string());
  EXPECT_EQ(r.code, 3);
  EXPECT_NE(r.err.find("kubeconfig"), std::string::npos) << r.err;
  EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 2) << r.err;  // the cause + "wrote ..."
}

}  // namespace
}  // namespace gpuwhy

namespace gpuwhy {
namespace {

// A mistyped command, check id or explain id names the closest valid one and exits 2,
// in the user's language; nothing close, no suggestion.
TEST_F(Cli, SuggestsTheClosestCommandOrCheckId) {
  struct Case {
    std::string args;
    std::string suggestion;  // "" when none must be offered
  };
  const std::vector<Case> cases{
      {"--lang en chek", "did you mean \"check\"?"},
      {"--lang en snapshto", "did you mean \"snapshot\"?"},
      {"--lang en lsit", "did you mean \"list\"?"},
      {"check --check step2.allocatible", "did you mean \"step2.allocatable\"?"},
      {"explain step5.cpu-only-pendng", "did you mean \"step5.cpu-only-pending\"?"},
      {"--lang ko chek", "혹시 \"check\" 말씀이신가요?"},
      {"--lang en xyzzyqq", ""},
  };
  for (const auto& c : cases) {
    const CliRun r = run(c.args);
    EXPECT_EQ(r.code, 2) << c.args << ": " << r.err;
    if (c.suggestion.empty()) {
      EXPECT_EQ(r.err.find("did you mean"), std::string::npos) << c.args << ": " << r.err;
    } else {
      EXPECT_NE(r.err.find(c.suggestion), std::string::npos) << c.args << ": " << r.err;
    }
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << c.args << ": one line: " << r.err;
  }
}

}  // namespace
}  // namespace gpuwhy
