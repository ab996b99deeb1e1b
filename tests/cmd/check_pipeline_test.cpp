// `gpuwhy check` as one pipeline, on the real binary: every flag combination
// is validated before any request or file read (exit 2, one line, nothing on stdout, no request
// reached the apiserver), and one emit behaves the same for every source (live, one bundle, a
// batch): the report goes to --output atomically or to stdout, the table to the terminal unless
// stdout is the report, and a report that cannot be written makes the run incomplete (exit 3)
// while the table is still shown.

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "../tools/fault_server.h"
#include "../tools/run_binary.h"

#include "lab_totals.h"

namespace gpuwhy {
namespace {

namespace fs = std::filesystem;
using testing_tools::RunOutput;
using testing_tools::TempDir;

const std::string kCaptures = std::string(GPUWHY_SOURCE_DIR) + "/fixtures/captures/v1.34.0";
const std::string kSolution = kCaptures + "/solution";

std::size_t occurrences(const std::string& hay, const std::string& needle) {
  std::size_t n = 0;
  for (std::size_t at = hay.find(needle); at != std::string::npos; at = hay.find(needle, at + needle.size())) ++n;
  return n;
}

class CheckPipeline : public testing_tools::WithFaultServer<CheckPipeline> {
 protected:
  friend class testing_tools::WithFaultServer<CheckPipeline>;
  static std::vector<std::string> server_args() { return {"--bundle", kSolution + "/bundle.json"}; }

  void SetUp() override {
    WithFaultServer::SetUp();
    if (IsSkipped()) return;
    kubeconfig_ = tmp_.path() + "/kubeconfig";
    std::ofstream(kubeconfig_) << fmt::format(
        "apiVersion: v1\nkind: Config\nclusters:\n- name: c\n  cluster:\n    server: http://127.0.0.1:{}\n"
        "users:\n- name: u\n  user: {{token: t0k3n-value}}\ncontexts:\n- name: x\n  context: {{cluster: c, user: "
        "u}}\ncurrent-context: x\n",
        server_->port("http"));
    fs::copy(kSolution + "/work", work(), fs::copy_options::recursive);
    fs::create_directories(tmp_.path() + "/batch/a");
    fs::create_directories(tmp_.path() + "/batch/b");
    fs::copy_file(kSolution + "/bundle.json", tmp_.path() + "/batch/a/bundle.json");
    fs::copy_file(kCaptures + "/capacity-only/bundle.json", tmp_.path() + "/batch/b/bundle.json");
  }

  [[nodiscard]] std::string work() const { return tmp_.path() + "/work"; }
  [[nodiscard]] std::string batch() const { return tmp_.path() + "/batch"; }

  // Requests the fault server has answered so far (its /stats, which itself is not counted).
  [[nodiscard]] int requests() const {
    const RunOutput r = testing_tools::run_binary(
        {"/usr/bin/curl", "-s", fmt::format("http://127.0.0.1:{}/stats", server_->port("http"))}, tmp_.path());
    const auto j = nlohmann::json::parse(r.out, nullptr, false);
    if (!j.is_object() || !j.contains("requests")) return -1;
    int n = 0;
    for (const auto& [path, count] : j["requests"].items()) {
      if (path.find("/stats") == std::string::npos) n += count.get<int>();
    }
    return n;
  }

  // gpuwhy check with English texts, no terminal; `live` adds the kubeconfig and the lab folder.
  [[nodiscard]] RunOutput check(std::vector<std::string> args, bool live = true) const {
    std::vector<std::string> argv{"/usr/bin/env", "GPUWHY_LANG=en", GPUWHY_BINARY, "check"};
    if (live) argv.insert(argv.end(), {"--kubeconfig", kubeconfig_, "--dir", work()});
    argv.insert(argv.end(), args.begin(), args.end());
    return testing_tools::run_binary(argv, tmp_.path(), std::chrono::seconds(60));
  }

  TempDir tmp_;
  std::string kubeconfig_;
};

struct UsageRow {
  const char* name;
  std::vector<std::string> args;
  bool live;             ///< with --kubeconfig/--dir (a live run, were the flags valid)
  const char* want_err;  ///< the one line on stderr names this
};

const std::vector<UsageRow> kUsageRows{
    {"LtiWithoutUser", {"--format", "lti", "-o", "@/r.json"}, true, "--format lti needs --user"},
    {"UnknownFormat", {"--format", "yaml"}, true, "--format \"yaml\""},
    {"UnknownCheck", {"--check", "step2.capacty"}, true, "did you mean \"step2.capacity\"?"},
    {"StepOutOfRange", {"--step", "9"}, true, "the lab has steps 1 to 8"},
    {"BadWait", {"--wait", "soon"}, true, "--wait \"soon\""},
    {"BadRequestTimeout", {"--request-timeout", "x"}, true, "--request-timeout"},
    {"WaitWithBundle", {"--snapshot", kSolution + "/bundle.json", "--wait", "5s"}, false, "--wait applies to a live"},
    {"KubeconfigWithBundle",
     {"--snapshot", kSolution + "/bundle.json", "--kubeconfig", "k"},
     false,
     "--kubeconfig applies to a live"},
    {"DirWithBundle", {"--snapshot", kSolution + "/bundle.json", "--dir", "/tmp"}, false, "--dir applies to a live"},
    {"NoDryRunWithBundle",
     {"--snapshot", kSolution + "/bundle.json", "--no-dry-run"},
     false,
     "--no-dry-run applies to a live"},
    {"BatchJunit",
     {"--snapshot", kCaptures, "--format", "junit"},
     false,
     "use --format table, json, csv, html or markdown"},
    {"BatchUser", {"--snapshot", kCaptures, "--format", "csv", "--user", "bob"}, false, "--user names one"},
    {"BatchGithubClassroom",
     {"--snapshot", kCaptures, "--format", "github-classroom"},
     false,
     "use --format table, json, csv, html or markdown"},
    {"GithubOutputWithJson",
     {"--snapshot", kSolution + "/bundle.json", "--format", "json", "--github-output"},
     false,
     "--github-output goes with --format github-classroom"},
    {"TwoBundlesLti",
     {"--snapshot", kSolution + "/bundle.json", "--snapshot", kSolution + "/bundle.json", "--format", "lti"},
     false,
     "use --format table, json, csv, html or markdown"},
};

class CheckUsage : public CheckPipeline, public testing::WithParamInterface<UsageRow> {};

TEST_P(CheckUsage, RefusedBeforeAnyRequestWithOneLine) {
  const UsageRow& row = GetParam();
  const int before = requests();
  ASSERT_GE(before, 0);
  std::vector<std::string> args = row.args;
  for (auto& a : args) {
    if (a.rfind("@/", 0) == 0) a = tmp_.path() + a.substr(1);  // a path in this test's folder
  }
  const RunOutput r = check(args, row.live);
  EXPECT_EQ(r.exit_code, 2) << r.err;
  EXPECT_EQ(r.out, "") << "nothing is graded, so nothing is printed";
  EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
  EXPECT_NE(r.err.find(row.want_err), std::string::npos) << r.err;
  EXPECT_EQ(requests(), before) << "a usage error must be found before any request";
  EXPECT_FALSE(fs::exists(tmp_.path() + "/r.json"));
}

INSTANTIATE_TEST_SUITE_P(Table, CheckUsage, testing::ValuesIn(kUsageRows),
                         [](const testing::TestParamInfo<UsageRow>& i) { return std::string(i.param.name); });

// The same emit for every source: with -o FILE the report is the file and the terminal shows the
// table (one run) or the batch table; without -o the report itself is stdout.
TEST_F(CheckPipeline, OneEmitForEverySource) {
  struct Source {
    const char* name;
    std::vector<std::string> args;
    bool live;
    std::string table_mark;  ///< a line only the (batch) table has
  };
  const std::vector<Source> sources{
      {"live", {}, true, "\nscore "},
      {"bundle", {"--snapshot", kSolution + "/bundle.json"}, false, "\nscore " + gpuwhy_test::full_score()},
      {"batch", {"--snapshot", batch()}, false, "2 submission(s): 2 scored, 0 incomplete"},
  };
  for (const auto& s : sources) {
    SCOPED_TRACE(s.name);
    const std::string file = tmp_.path() + "/report-" + s.name + ".json";
    auto args = s.args;
    args.insert(args.end(), {"--format", "json", "-o", file});
    const RunOutput to_file = check(args, s.live);
    EXPECT_NE(to_file.exit_code, 2) << to_file.err;
    EXPECT_NE(to_file.out.find(s.table_mark), std::string::npos) << to_file.out;
    const auto j = nlohmann::json::parse(testing_tools::slurp(file), nullptr, false);
    ASSERT_TRUE(j.is_object()) << "the report file is valid JSON";

    auto plain = s.args;
    plain.insert(plain.end(), {"--format", "json"});
    const RunOutput to_stdout = check(plain, s.live);
    EXPECT_EQ(to_stdout.exit_code, to_file.exit_code);
    const auto k = nlohmann::json::parse(to_stdout.out, nullptr, false);
    EXPECT_TRUE(k.is_object()) << "stdout is the report: " << to_stdout.out.substr(0, 200);
    EXPECT_EQ(to_stdout.out.find(s.table_mark), std::string::npos);
  }
}

// A report that cannot be written: one line naming the path, exit 3, and the table still shown,
// whatever the source.
TEST_F(CheckPipeline, AReportThatCannotBeWrittenIsSaidOnceAndTheTableStays) {
  const std::string bad = tmp_.path() + "/no-such-folder/report.json";
  for (bool live : {true, false}) {
    SCOPED_TRACE(live ? "live" : "bundle");
    std::vector<std::string> args{"--format", "json", "-o", bad};
    if (!live) args.insert(args.begin(), {"--snapshot", kSolution + "/bundle.json"});
    const RunOutput r = check(args, live);
    EXPECT_EQ(r.exit_code, 3) << r.err;
    // One line names the file (the fault server's 403 on events has a line of its own).
    EXPECT_EQ(occurrences(r.err, bad + ": "), 1U) << r.err;
    EXPECT_NE(r.out.find("\nscore "), std::string::npos) << r.out;
  }
}

// `-o -` is stdout, as for `gpuwhy snapshot`: no file named "-" appears.
TEST_F(CheckPipeline, DashIsStdout) {
  const RunOutput r = check({"--snapshot", kSolution + "/bundle.json", "--format", "json", "-o", "-"}, false);
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_TRUE(nlohmann::json::parse(r.out, nullptr, false).is_object());
  EXPECT_FALSE(fs::exists(tmp_.path() + "/-"));
}

}  // namespace
}  // namespace gpuwhy
