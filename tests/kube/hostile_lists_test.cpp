// A hostile apiserver's lists against the real gpuwhy binary (tests/tools/fault_server.py): a
// `continue` chain that never ends, with pages of ordinary size or of about 60 MB, and lists whose
// items is no array. Every list of one live collection shares one budget (bytes as held in
// memory, and items); passing it ends `why` with one line naming the list (exit 3), and makes
// `check`'s items that read the list `error`s. A list that is no list is an error, never an empty
// list. The limits are lowered through GPUWHY_LIST_MAX_BYTES / GPUWHY_LIST_MAX_ITEMS so that each
// run ends in seconds; bench/hostile-rss measures the default limits.

#include <gtest/gtest.h>

#include <chrono>
#include <fstream>
#include <string>
#include <vector>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "../tools/fault_server.h"
#include "../tools/run_binary.h"

namespace gpuwhy {
namespace {

using nlohmann::json;
using testing_tools::RunOutput;
using testing_tools::TempDir;

const std::string kCapture = std::string(GPUWHY_SOURCE_DIR) + "/fixtures/captures/v1.34.0/solution";
/// Without a budget, an endless chain of pages runs for the whole --timeout and takes gigabytes.
constexpr auto kBound = std::chrono::seconds(30);

std::size_t lines_in(const std::string& s) {
  std::size_t n = 0;
  for (const char c : s) n += c == '\n' ? 1 : 0;
  return n;
}

class HostileLists : public testing_tools::WithFaultServer<HostileLists> {
 public:
  static std::vector<std::string> server_args() { return {"--bundle", kCapture + "/bundle.json"}; }

 protected:
  /// A kubeconfig in `dir` whose server is this fault server's /fault/<mode>/<scope>.
  static std::string kubeconfig(const std::string& dir, const std::string& mode, const std::string& scope) {
    std::string path = dir + "/kubeconfig";
    std::ofstream(path) << fmt::format(
        "apiVersion: v1\nkind: Config\nclusters:\n- name: c\n  cluster:\n    server: "
        "http://127.0.0.1:{}/fault/{}/{}\nusers:\n- name: u\n  user: {{token: t}}\ncontexts:\n- name: x\n  "
        "context: {{cluster: c, user: u}}\ncurrent-context: x\n",
        server_->port("http"), mode, scope);
    return path;
  }

  /// `gpuwhy why --all -n gpu-why` with `env` (VAR=value) added, in English.
  static RunOutput why(const TempDir& tmp, const std::string& mode, const std::string& scope,
                       const std::vector<std::string>& env = {}) {
    std::vector<std::string> argv{"/usr/bin/env", "GPUWHY_LANG=en"};
    argv.insert(argv.end(), env.begin(), env.end());
    for (const std::string& a :
         {std::string(GPUWHY_BINARY), std::string("why"), std::string("--all"), std::string("-n"),
          std::string("gpu-why"), std::string("--kubeconfig"), kubeconfig(tmp.path(), mode, scope)}) {
      argv.push_back(a);
    }
    return testing_tools::run_binary(argv, tmp.path(), kBound);
  }

  /// `gpuwhy check` of the solution's work folder with `env` added, JSON report to r.json.
  static RunOutput check(const TempDir& tmp, const std::string& mode, const std::string& scope,
                         const std::vector<std::string>& env) {
    std::vector<std::string> argv{"/usr/bin/env", "GPUWHY_LANG=en"};
    argv.insert(argv.end(), env.begin(), env.end());
    for (const std::string& a :
         {std::string(GPUWHY_BINARY), std::string("check"), std::string("--kubeconfig"),
          kubeconfig(tmp.path(), mode, scope), std::string("--dir"), kCapture + "/work", std::string("--format"),
          std::string("json"), std::string("-o"), tmp.path() + "/r.json"}) {
      argv.push_back(a);
    }
    return testing_tools::run_binary(argv, tmp.path(), kBound);
  }
};

// `why` reads four lists; each that is no list is an error naming it (it was read as an empty
// list: "0/0 nodes", exit 0).
TEST_F(HostileLists, WhyRefusesEveryListWhoseItemsIsNoArray) {
  const std::vector<std::pair<std::string, std::string>> lists = {
      {"pods", "GET /api/v1/namespaces/gpu-why/pods?fieldSelector=status.phase%3DPending: "},
      {"nodes", "GET /api/v1/nodes: "},
      {"bound", "GET /api/v1/pods?fieldSelector=spec.nodeName%21%3D"},
      {"events", "GET /api/v1/namespaces/gpu-why/events?fieldSelector="},
  };
  for (const auto& [scope, list] : lists) {
    SCOPED_TRACE(scope);
    TempDir tmp;
    const RunOutput r = why(tmp, "items-object", scope);
    EXPECT_EQ(r.exit_code, 3) << r.err << r.out.substr(0, 300);
    EXPECT_NE(r.err.find(list), std::string::npos) << r.err;
    EXPECT_NE(r.err.find("not an apiserver answer: a list whose items is JSON object, not an array"), std::string::npos)
        << r.err;
    EXPECT_EQ(lines_in(r.err), 1U) << r.err;
    EXPECT_EQ(r.out, "");
  }
}

// A chain that never ends, of ordinary pages: the items budget ends it, naming the list.
TEST_F(HostileLists, WhyEndsEndlessPagesAtTheItemBudget) {
  TempDir tmp;
  const RunOutput r = why(tmp, "endless-pages", "all", {"GPUWHY_LIST_MAX_ITEMS=2000"});
  EXPECT_FALSE(r.timed_out) << "still reading after " << r.elapsed.count() << " ms";
  EXPECT_EQ(r.exit_code, 3) << r.err;
  EXPECT_EQ(r.err,
            "gpuwhy: error: GET /api/v1/namespaces/gpu-why/pods?fieldSelector=status.phase%3DPending: the lists read "
            "hold more than 2000 items in all; refused (GPUWHY_LIST_MAX_ITEMS sets the limit)\n");
}

// Fat pages (about 60 MB each, under the 64 MiB answer limit): the bytes budget ends them after
// the lists read before (the pending pods) and the nodes' pages, so memory stays near the budget.
TEST_F(HostileLists, WhyEndsFatPagesAtTheByteBudget) {
  TempDir tmp;
  const RunOutput r = why(tmp, "fat-pages", "nodes", {"GPUWHY_LIST_MAX_BYTES=100000000"});
  EXPECT_FALSE(r.timed_out) << "still reading after " << r.elapsed.count() << " ms";
  EXPECT_EQ(r.exit_code, 3) << r.err;
  EXPECT_EQ(r.err,
            "gpuwhy: error: GET /api/v1/nodes: the lists read hold more than 100000000 bytes in all; refused "
            "(GPUWHY_LIST_MAX_BYTES sets the limit)\n");
  // Two pages of 60 MB are held at most, and the one being read: far from the gigabytes.
  EXPECT_LT(r.max_rss_kb, 1024L * 1024) << "peak RSS " << r.max_rss_kb << " KiB";
}

// `check`: the node pages are charged as read (each node but the GPU node is then cut to a few
// fields) and end as an environment error of the nodes; the rest is graded.
TEST_F(HostileLists, CheckEndsEndlessNodePagesAtTheBudget) {
  TempDir tmp;
  const RunOutput r = check(tmp, "endless-pages", "nodes", {"GPUWHY_LIST_MAX_ITEMS=3000"});
  EXPECT_FALSE(r.timed_out) << "still reading after " << r.elapsed.count() << " ms";
  EXPECT_EQ(r.exit_code, 3) << r.err;
  EXPECT_NE(r.err.find("gpuwhy: error: GET /api/v1/nodes: the lists read hold more than 3000 items in all; refused"),
            std::string::npos)
      << r.err;
  const json report = json::parse(testing_tools::slurp(tmp.path() + "/r.json"), nullptr, false);
  ASSERT_TRUE(report.is_object());
  EXPECT_EQ(report["complete"], false);
  int errors = 0;
  int passes = 0;
  for (const auto& c : report["checks"]) {
    errors += c["status"] == "error" ? 1 : 0;
    passes += c["status"] == "pass" ? 1 : 0;
  }
  EXPECT_GT(errors, 0);
  EXPECT_GT(passes, 0) << "the checks that do not read the nodes are graded";
}

// The budget spans every list of the collection, the ones read in one answer too: a pod list of
// 60 MB passes a budget of 50 MB.
TEST_F(HostileLists, CheckChargesEveryListToOneBudget) {
  TempDir tmp;
  const RunOutput r = check(tmp, "fat-pages", "pods", {"GPUWHY_LIST_MAX_BYTES=50000000"});
  EXPECT_EQ(r.exit_code, 3) << r.err;
  EXPECT_NE(r.err.find("gpuwhy: error: GET /api/v1/namespaces/gpu-why/pods: the lists read hold more than 50000000 "
                       "bytes in all; refused"),
            std::string::npos)
      << r.err;
}

// A limit that is no whole number from 1 is a usage error (exit 2), one line naming it.
TEST_F(HostileLists, ABudgetThatIsNoNumberIsAUsageError) {
  for (const char* env : {"GPUWHY_LIST_MAX_BYTES=lots", "GPUWHY_LIST_MAX_ITEMS=0", "GPUWHY_LIST_MAX_ITEMS=-5"}) {
    SCOPED_TRACE(env);
    TempDir tmp;
    const std::string value = std::string(env).substr(std::string(env).find('=') + 1);
    const std::string name = std::string(env).substr(0, std::string(env).find('='));
    const std::string want = fmt::format("gpuwhy: error: {}=\"{}\": not a whole number from 1\n", name, value);
    const RunOutput w = why(tmp, "ok", "all", {env});
    EXPECT_EQ(w.exit_code, 2) << w.err;
    EXPECT_EQ(w.err, want);
    const RunOutput c = check(tmp, "ok", "all", {env});
    EXPECT_EQ(c.exit_code, 2) << c.err;
    EXPECT_EQ(c.err, want);
  }
}

}  // namespace
}  // namespace gpuwhy
