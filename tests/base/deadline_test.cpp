// The overall deadline of a live run, on the real binary against the fault
// server: --timeout bounds the whole collection, retries and Retry-After waits included, on top of
// --request-timeout; the error says which of the two limits hit.

#include <gtest/gtest.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "../tools/fault_server.h"
#include "../tools/run_binary.h"

namespace gpuwhy {
namespace {

namespace fs = std::filesystem;
using testing_tools::RunOutput;
using testing_tools::TempDir;

const std::string kCapture = std::string(GPUWHY_SOURCE_DIR) + "/fixtures/captures/v1.34.0/solution";

struct Row {
  const char* name;
  const char* mode;   ///< fault mode
  const char* scope;  ///< item it hits
  const char* request_timeout;
  const char* timeout;
  std::chrono::milliseconds at_most;  ///< wall time of the whole run
  const char* want_err;               ///< stderr substring: which limit hit
};

void PrintTo(const Row& r, std::ostream* os) {
  *os << r.name;
}

const std::vector<Row> kRows{
    {"StallOverallFirst", "stall", "nodes", "30s", "2s", std::chrono::milliseconds(6000),
     "the overall --timeout of 2s ran out"},
    {"StallRequestFirst", "stall", "nodes", "1s", "60s", std::chrono::milliseconds(5000),
     "no complete answer within 1s (--request-timeout)"},
    {"SlowRetryAfter", "429", "all", "3s", "1500ms", std::chrono::milliseconds(5000), "overall --timeout"},
    {"DripOverall", "drip", "pods", "30s", "2s", std::chrono::milliseconds(6000),
     "the overall --timeout of 2s ran out"},
};

class Deadline : public testing_tools::WithFaultServer<Deadline>, public testing::WithParamInterface<Row> {
 protected:
  friend class testing_tools::WithFaultServer<Deadline>;
  static std::vector<std::string> server_args() { return {"--bundle", kCapture + "/bundle.json"}; }
};

TEST_P(Deadline, TheRunEndsInTimeAndNamesTheLimit) {
  const Row& row = GetParam();
  TempDir tmp;
  const std::string kc = tmp.path() + "/kubeconfig";
  std::ofstream(kc) << fmt::format(
      "apiVersion: v1\nkind: Config\nclusters:\n- name: c\n  cluster:\n    server: http://127.0.0.1:{}/fault/{}/{}\n"
      "users:\n- name: u\n  user: {{token: t0k3n-value}}\ncontexts:\n- name: x\n  context: {{cluster: c, user: u}}\n"
      "current-context: x\n",
      server_->port("http"), row.mode, row.scope);
  fs::copy(kCapture + "/work", tmp.path() + "/work", fs::copy_options::recursive);
  const RunOutput r = testing_tools::run_binary(
      {GPUWHY_BINARY, "check", "--kubeconfig", kc, "--dir", tmp.path() + "/work", "--request-timeout",
       row.request_timeout, "--timeout", row.timeout, "--format", "json"},
      tmp.path(), std::chrono::seconds(60));
  EXPECT_LT(r.elapsed, row.at_most) << r.err;
  EXPECT_EQ(r.exit_code, 3) << r.err;
  EXPECT_NE(r.err.find(row.want_err), std::string::npos) << r.err;
  EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
}

INSTANTIATE_TEST_SUITE_P(Table, Deadline, testing::ValuesIn(kRows),
                         [](const testing::TestParamInfo<Row>& i) { return std::string(i.param.name); });

TEST(DeadlineFlag, ABadDurationIsAUsageError) {
  TempDir tmp;
  const RunOutput r =
      testing_tools::run_binary({GPUWHY_BINARY, "check", "--dir", tmp.path(), "--timeout", "soon"}, tmp.path());
  EXPECT_EQ(r.exit_code, 2) << r.err;
  EXPECT_NE(r.err.find("--timeout"), std::string::npos) << r.err;
}

}  // namespace
}  // namespace gpuwhy
