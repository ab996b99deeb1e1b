// The fault matrix: the REAL gpuwhy binary (`gpuwhy check`) against tests/tools/fault_server.py on
// loopback, one row per way an apiserver connection goes wrong. The server serves the real v1.34.0
// solution capture, so a clean run passes every check; each row breaks one thing (the whole
// connection, or one live item through /fault/<mode>/<scope>/ in the kubeconfig's server URL).
//
// For every row: exit code 3; the checks that need the broken items are `error` and every other
// check keeps its clean status (pass); stderr has a `gpuwhy: error:` line naming the cause; the
// JSON report exists, parses and says complete=false; the run ends within a bound.

#include <gtest/gtest.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "../tools/fault_server.h"
#include "../tools/run_binary.h"
#include "checks.h"
#include "gpuwhy/lab/lab.h"
#include "gpuwhy/model/bundle.h"
#include "gpuwhy/model/snapshot.h"

namespace gpuwhy {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;
using testing_tools::FaultServer;
using testing_tools::RunOutput;
using testing_tools::TempDir;

const std::string kCapture = std::string(GPUWHY_SOURCE_DIR) + "/fixtures/captures/v1.34.0/solution";
constexpr const char* kToken = "fault-matrix-token-7f3a";
/// Each run must end within this (request timeout 2 s; the slowest row is 429 with its retries).
constexpr auto kBound = std::chrono::seconds(15);

/// The live items of a snapshot; "dryrun" stands for both dry-run creates.
const std::vector<std::string> kAllItems{"version", "namespace", "nodes", "pods", "events", "dryrun"};

struct Row {
  const char* name;
  const char* listener;  ///< fault_server.py listener; "" = an unresolvable host name
  const char* scheme;
  const char* mode;   ///< /fault/<mode>/<scope>/
  const char* scope;  ///< the item the fault hits, or "all"
  const char* ca;     ///< file in the server's folder used as certificate-authority; nullptr: none
  /// Items that end up unavailable (after collect's short-circuit: a connection-level failure
  /// on an item stands for every later one).
  std::vector<std::string> broken;
  ErrorKind kind;  ///< how they are recorded (only used to predict the statuses)
  int http_status;
  std::vector<std::string> cause;  ///< substrings the stderr cause line must hold
  bool check_rss = false;          ///< peak RSS must stay near the clean run's
};

void PrintTo(const Row& row, std::ostream* os) {
  *os << row.name;
}

std::string row_name(const testing::TestParamInfo<Row>& info) {
  std::string n = info.param.name;
  for (char& c : n) {
    if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
  }
  return n;
}

const std::vector<std::string> kFromNodes{"nodes", "pods", "events", "dryrun"};

const std::vector<Row> kRows{
    {"ConnectionRefused",
     "refused",
     "http",
     "ok",
     "all",
     nullptr,
     kAllItems,
     ErrorKind::kTransport,
     0,
     {"connection refused", "http://127.0.0.1:"}},
    {"UnresolvableHost",
     "",
     "http",
     "ok",
     "all",
     nullptr,
     kAllItems,
     ErrorKind::kTransport,
     0,
     {"gpuwhy-fault.invalid", "cannot resolve"}},
    {"ConnectTimeout",
     "backlog",
     "http",
     "ok",
     "all",
     nullptr,
     kAllItems,
     ErrorKind::kTransport,
     0,
     {"timeout: no connection within 2s", "/version"}},
    {"Stall",
     "http",
     "http",
     "stall",
     "all",
     nullptr,
     kAllItems,
     ErrorKind::kTransport,
     0,
     {"timeout: no complete answer within 2s", "/version"}},
    {"SlowDrip", "http", "http", "drip", "all", nullptr, kAllItems, ErrorKind::kTransport, 0, {"timeout", "/version"}},
    {"Unauthorized401",
     "http",
     "http",
     "401",
     "all",
     nullptr,
     kAllItems,
     ErrorKind::kHttp,
     401,
     {"401 Unauthorized", "kubeconfig user \"student\""}},
    {"ForbiddenNodes403",
     "http",
     "http",
     "403",
     "nodes",
     nullptr,
     {"nodes"},
     ErrorKind::kHttp,
     403,
     {"403 Forbidden", "cannot list resource \"nodes\"", "ClusterRole"}},
    {"ForbiddenDryRun403",
     "http",
     "http",
     "403",
     "dryrun",
     nullptr,
     {"dryrun"},
     ErrorKind::kHttp,
     403,
     {"403 Forbidden", "cannot create resource \"pods\""}},
    // The server's words of any length (a user name over 50 KB): no crash, one bounded line, the rule named.
    {"ForbiddenLongUserNodes403",
     "http",
     "http",
     "403-long",
     "nodes",
     nullptr,
     {"nodes"},
     ErrorKind::kHttp,
     403,
     {"403 Forbidden: User \"", "…\" cannot list resource \"nodes\"", "ClusterRole"}},
    {"ForbiddenLongUserDryRun403",
     "http",
     "http",
     "403-long",
     "dryrun",
     nullptr,
     {"dryrun"},
     ErrorKind::kHttp,
     403,
     {"403 Forbidden: User \"", "…\" cannot create resource \"pods\"", "Role with verbs [create]"}},
    {"NotFoundNodes404",
     "http",
     "http",
     "404",
     "nodes",
     nullptr,
     {"nodes"},
     ErrorKind::kHttp,
     404,
     {"/api/v1/nodes?limit=500: 404 Not Found"}},
    // Retried twice after Retry-After: 1 s, then an error (events would not do: they are optional).
    {"TooManyRequestsNamespace429",
     "http",
     "http",
     "429",
     "namespace",
     nullptr,
     {"namespace"},
     ErrorKind::kHttp,
     429,
     {"/api/v1/namespaces/gpu-why: 429 Too Many Requests"}},
    {"InternalErrorPods500",
     "http",
     "http",
     "500",
     "pods",
     nullptr,
     {"pods"},
     ErrorKind::kHttp,
     500,
     {"/pods: 500 Internal Server Error", "etcdserver"}},
    {"Unavailable503",
     "http",
     "http",
     "503",
     "all",
     nullptr,
     kAllItems,
     ErrorKind::kHttp,
     503,
     {"503 Service Unavailable"}},
    {"TruncatedJsonPods",
     "http",
     "http",
     "truncated",
     "pods",
     nullptr,
     {"pods"},
     ErrorKind::kParse,
     0,
     {"/pods: the answer is not JSON"}},
    {"ConnectionCutNodes",
     "http",
     "http",
     "cut",
     "nodes",
     nullptr,
     kFromNodes,
     ErrorKind::kTransport,
     0,
     {"/api/v1/nodes"}},
    {"NodesAsString",
     "http",
     "http",
     "string",
     "nodes",
     nullptr,
     {"nodes"},
     ErrorKind::kParse,
     0,
     {"/api/v1/nodes?limit=500: not an apiserver answer: JSON string"}},
    {"PodsItemsObject",
     "http",
     "http",
     "items-object",
     "pods",
     nullptr,
     {"pods"},
     ErrorKind::kParse,
     0,
     {"/pods: not an apiserver answer", "items is JSON object"}},
    {"Body100MB",
     "http",
     "http",
     "huge",
     "nodes",
     nullptr,
     {"nodes"},
     ErrorKind::kParse,
     0,
     {"/api/v1/nodes?limit=500: the answer is larger than the", "byte limit"},
     true},
    {"EndlessChunkedBody",
     "http",
     "http",
     "endless",
     "nodes",
     nullptr,
     {"nodes"},
     ErrorKind::kParse,
     0,
     {"/api/v1/nodes?limit=500: the answer is larger than the", "byte limit"}},
    {"TlsWrongCa",
     "tls_ip",
     "https",
     "ok",
     "all",
     "ca2.crt",
     kAllItems,
     ErrorKind::kTls,
     0,
     {"certificate", "unknown CA"}},
    {"TlsExpired",
     "expired",
     "https",
     "ok",
     "all",
     "ca.crt",
     kAllItems,
     ErrorKind::kTls,
     0,
     {"certificate has expired"}},
    {"TlsHostnameMismatch",
     "tls",
     "https",
     "ok",
     "all",
     "ca.crt",
     kAllItems,
     ErrorKind::kTls,
     0,
     {"certificate does not match the host name"}},
};

class FaultMatrix : public testing::TestWithParam<Row> {
 protected:
  static void SetUpTestSuite() {
    server_ = new FaultServer();
    if (!server_->start(&skip_reason_, {"--bundle", kCapture + "/bundle.json"})) {
      delete server_;
      server_ = nullptr;
      return;
    }
    solution_ = new Snapshot(load_bundle(kCapture + "/bundle.json"));
  }
  static void TearDownTestSuite() {
    if (server_ != nullptr) server_->stop();
    delete server_;
    server_ = nullptr;
    delete solution_;
    solution_ = nullptr;
    delete clean_;
    clean_ = nullptr;
  }
  void SetUp() override {
    if (server_ == nullptr) GTEST_SKIP() << "fault server unavailable: " << skip_reason_;
  }

  /// A kubeconfig for `row` (token user "student") in `dir`.
  static std::string kubeconfig(const Row& row, const std::string& dir) {
    const std::string host = std::string(row.listener).empty()
                                 ? std::string("gpuwhy-fault.invalid:6443")
                                 : fmt::format("127.0.0.1:{}", server_->port(row.listener));
    std::string cluster = fmt::format("    server: {}://{}/fault/{}/{}\n", row.scheme, host, row.mode, row.scope);
    if (row.ca != nullptr) cluster += fmt::format("    certificate-authority: {}/{}\n", server_->dir(), row.ca);
    std::string path = dir + "/kubeconfig";
    std::ofstream(path) << "apiVersion: v1\nkind: Config\nclusters:\n- name: lab\n  cluster:\n"
                        << cluster << "users:\n- name: student\n  user:\n    token: " << kToken
                        << "\ncontexts:\n- name: lab\n  context: {cluster: lab, user: student}\n"
                           "current-context: lab\n";
    return path;
  }

  /// `gpuwhy check` on a copy of the solution's work folder, JSON report to dir/r.json.
  static RunOutput check(const std::string& kc, const std::string& dir) {
    const std::string work = dir + "/work";
    fs::copy(kCapture + "/work", work, fs::copy_options::recursive);
    return testing_tools::run_binary({GPUWHY_BINARY, "check", "--kubeconfig", kc, "--dir", work, "--request-timeout",
                                      "2s", "--format", "json", "--output", dir + "/r.json"},
                                     dir, std::chrono::seconds(60));
  }

  /// The statuses the checks give when `broken` items are unavailable (the rest as captured).
  static std::map<std::string, std::string> predict(const Row& row) {
    Snapshot s = *solution_;
    const FetchError e{row.kind, row.http_status, "injected"};
    const std::set<std::string> broken(row.broken.begin(), row.broken.end());
    if (broken.count("version") != 0) s.version = e;
    if (broken.count("namespace") != 0) s.namespace_ = e;
    if (broken.count("nodes") != 0) s.nodes = e;
    if (broken.count("pods") != 0) s.pods = e;
    if (broken.count("events") != 0) s.events = e;
    if (broken.count("dryrun") != 0) {
      for (auto rel : lab::kDryRunManifests) s.dry_runs[std::string(rel)] = e;
    }
    std::map<std::string, std::string> out;
    for (const auto& c : checks::run(s, checks::Selection{}, RunMeta{}).checks) {
      out[c.id] = to_string(c.outcome.status);
    }
    return out;
  }

  static std::map<std::string, std::string> statuses(const json& report) {
    std::map<std::string, std::string> out;
    for (const auto& c : report.at("checks")) out[c.at("id").get<std::string>()] = c.at("status").get<std::string>();
    return out;
  }

  /// The clean run (mode ok): exit 0, every check passes; its peak RSS is the baseline.
  static const RunOutput& clean() {
    if (clean_ == nullptr) {
      TempDir tmp;
      Row ok{"Clean", "http", "http", "ok", "all", nullptr, {}, ErrorKind::kTransport, 0, {}};
      clean_ = new RunOutput(check(kubeconfig(ok, tmp.path()), tmp.path()));
      clean_report_ = json::parse(testing_tools::slurp(tmp.path() + "/r.json"), nullptr, false);
    }
    return *clean_;
  }

  static FaultServer* server_;
  static std::string skip_reason_;
  static Snapshot* solution_;
  static RunOutput* clean_;
  static json clean_report_;
};

FaultServer* FaultMatrix::server_ = nullptr;
std::string FaultMatrix::skip_reason_;
Snapshot* FaultMatrix::solution_ = nullptr;
RunOutput* FaultMatrix::clean_ = nullptr;
json FaultMatrix::clean_report_;

TEST_F(FaultMatrix, CleanServerPassesEveryCheck) {
  const RunOutput& r = clean();
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.err, "");
  ASSERT_TRUE(clean_report_.is_object());
  EXPECT_EQ(clean_report_["complete"], true);
  EXPECT_EQ(clean_report_["score"], clean_report_["max_score"]);
  for (const auto& [id, st] : statuses(clean_report_)) EXPECT_EQ(st, "pass") << id;
}

TEST_P(FaultMatrix, GradesIncompleteAndNamesTheCause) {
  const Row& row = GetParam();
  const RunOutput& base = clean();
  ASSERT_EQ(base.exit_code, 0) << "the clean run must pass first: " << base.err;

  TempDir tmp;
  const RunOutput r = check(kubeconfig(row, tmp.path()), tmp.path());
  SCOPED_TRACE("stderr: " + r.err);
  EXPECT_FALSE(r.timed_out);
  EXPECT_LT(r.elapsed, kBound) << "took " << r.elapsed.count() << " ms";
  EXPECT_EQ(r.exit_code, 3);

  // stderr: one "gpuwhy: error:" line naming the cause, and never the token.
  const auto first = r.err.find("gpuwhy: error: ");
  ASSERT_NE(first, std::string::npos) << "no cause line on stderr";
  bool named = false;
  for (std::size_t p = first; p != std::string::npos; p = r.err.find("gpuwhy: error: ", p + 1)) {
    const std::string line = r.err.substr(p, r.err.find('\n', p) - p);
    bool all = true;
    for (const auto& part : row.cause) all = all && line.find(part) != std::string::npos;
    named = named || all;
  }
  EXPECT_TRUE(named) << "no stderr line holds all of: " << testing::PrintToString(row.cause);
  // Whatever the server sent, a cause is one line of bounded length.
  std::istringstream lines(r.err);
  for (std::string line; std::getline(lines, line);) EXPECT_LE(line.size(), 6000U) << line.substr(0, 200);
  EXPECT_EQ(r.err.find(kToken), std::string::npos);
  EXPECT_EQ(r.out.find(kToken), std::string::npos);

  // The report: written, valid JSON, incomplete; statuses as predicted from the broken items.
  const std::string text = testing_tools::slurp(tmp.path() + "/r.json");
  EXPECT_EQ(text.find(kToken), std::string::npos);
  const json report = json::parse(text, nullptr, false);
  ASSERT_FALSE(report.is_discarded()) << "r.json is missing or not JSON: " << text.substr(0, 200);
  EXPECT_EQ(report["complete"], false);
  const auto got = statuses(report);
  const auto want = predict(row);
  const auto clean_st = statuses(clean_report_);
  int errors = 0;
  for (const auto& [id, st] : want) {
    ASSERT_TRUE(got.count(id) != 0) << id;
    EXPECT_EQ(got.at(id), st) << id;
    if (st == "error") {
      ++errors;
    } else {
      EXPECT_EQ(got.at(id), clean_st.at(id)) << id << " does not read the broken items: same as the clean run";
    }
  }
  EXPECT_GT(errors, 0) << "the row breaks nothing any check reads";
  if (row.broken.size() < kAllItems.size()) {
    EXPECT_LT(errors, static_cast<int>(want.size())) << "a per-item fault must leave the other checks alone";
  }

  if (row.check_rss) {
    // The answer is refused at its Content-Length: the 100 MB never reach memory.
    EXPECT_LT(r.max_rss_kb - base.max_rss_kb, 32 * 1024)
        << "peak RSS " << r.max_rss_kb << " KiB vs clean " << base.max_rss_kb << " KiB";
  }
  // Even an endless answer (which loopback delivers at several hundred MB/s, so gigabytes
  // within the timeout) stops at the client's body limit, 64 MiB: the string's doubling steps
  // add up to about twice that, and ASan's quarantine keeps the freed steps resident.
  EXPECT_LT(r.max_rss_kb - base.max_rss_kb, 256 * 1024) << "peak RSS " << r.max_rss_kb << " KiB";
}

INSTANTIATE_TEST_SUITE_P(Table, FaultMatrix, testing::ValuesIn(kRows), row_name);

// `gpuwhy why` reads through the same client: a 50 KB user name in a 403 is one bounded line too.
TEST_F(FaultMatrix, WhyExplainsAHugeForbiddenInOneBoundedLine) {
  TempDir tmp;
  const Row row{"WhyLong", "http", "http", "403-long", "all", nullptr, {}, ErrorKind::kHttp, 403, {}};
  const RunOutput r = testing_tools::run_binary({"/usr/bin/env", "GPUWHY_LANG=en", GPUWHY_BINARY, "why", "--all", "-n",
                                                 "gpu-why", "--kubeconfig", kubeconfig(row, tmp.path())},
                                                tmp.path(), std::chrono::seconds(60));
  EXPECT_EQ(r.exit_code, 3) << r.err;
  EXPECT_NE(r.err.find("403 Forbidden: User \""), std::string::npos) << r.err.substr(0, 300);
  EXPECT_NE(r.err.find("…\" cannot list resource \""), std::string::npos) << r.err.substr(0, 300);
  EXPECT_LE(r.err.size(), 6000U) << r.err.substr(0, 300);
}

}  // namespace
}  // namespace gpuwhy
