// read_student_files on a real temp folder, and collect() against the fault server.
#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "../tools/fault_server.h"
#include "gpuwhy/collect/collect.h"
#include "gpuwhy/kube/paging.h"
#include "gpuwhy/lab/lab.h"

namespace gpuwhy {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;
using State = StudentFile::State;

/// A fresh lab folder (k8s/ and out/) under /tmp, removed at the end of the test.
class LabDir {
 public:
  LabDir() {
    char tmpl[] = "/tmp/gpuwhy-lab-XXXXXX";
    dir_ = ::mkdtemp(tmpl) != nullptr ? tmpl : "/tmp/gpuwhy-lab-fallback";
    fs::create_directories(dir_ + "/k8s");
    fs::create_directories(dir_ + "/out");
  }
  ~LabDir() {
    std::error_code ec;
    fs::permissions(dir_, fs::perms::owner_all, fs::perm_options::add, ec);
    fs::remove_all(dir_, ec);
  }
  LabDir(const LabDir&) = delete;
  LabDir& operator=(const LabDir&) = delete;

  [[nodiscard]] std::string path(std::string_view rel) const { return dir_ + "/" + std::string(rel); }
  void write(std::string_view rel, const std::string& content) const {
    std::ofstream out(path(rel), std::ios::binary | std::ios::trunc);
    out << content;
  }
  [[nodiscard]] const std::string& dir() const { return dir_; }

 private:
  std::string dir_;
};

const char* kPodYaml = R"(apiVersion: v1
kind: Pod
metadata:
  name: bad-mismatch
  namespace: somewhere-else
spec:
  containers:
  - name: c
    image: busybox
    resources:
      requests: {nvidia.com/gpu: 2}
      limits: {nvidia.com/gpu: 1}
)";

TEST(ReadStudentFiles, RecordsEveryStateWithoutThrowing) {
  LabDir lab;
  lab.write(lab::kFileAdvertised, "NAME GPU\nlab-node-0 2\n");
  fs::create_directory(lab.path(lab::kFileRejected));                                 // a folder
  lab.write(lab::kFileTainted, std::string(lab::kMaxFileBytes + 1, 'x'));             // too large
  lab.write(lab::kFileExhausted, std::string(lab::kMaxFileBytes, 'y'));               // exactly the limit
  fs::create_symlink(lab.path("k8s/nowhere.yaml"), lab.path(lab::kManifestCpuOnly));  // dangling
  lab.write("k8s/real.yaml", kPodYaml);
  fs::create_symlink(lab.path("k8s/real.yaml"), lab.path(lab::kManifestTrainer2));  // good link
  ASSERT_EQ(::mkfifo(lab.path(lab::kManifestTrainer3).c_str(), 0644), 0);           // must not hang
  lab.write(lab::kFileGateReport, "");                                              // empty is ok

  const auto files = read_student_files(lab.dir());
  ASSERT_EQ(files.size(), lab::kStudentFiles.size());

  const StudentFile& ok = files.at(std::string(lab::kFileAdvertised));
  EXPECT_EQ(ok.state, State::kOk);
  EXPECT_EQ(ok.content, "NAME GPU\nlab-node-0 2\n");
  EXPECT_EQ(ok.size, ok.content.size());

  const StudentFile& missing = files.at(std::string(lab::kManifestTrainer));
  EXPECT_EQ(missing.state, State::kMissing);
  EXPECT_EQ(missing.reason, "not found");

  const StudentFile& folder = files.at(std::string(lab::kFileRejected));
  EXPECT_EQ(folder.state, State::kNotRegular);
  EXPECT_NE(folder.reason.find("folder"), std::string::npos) << folder.reason;

  const StudentFile& big = files.at(std::string(lab::kFileTainted));
  EXPECT_EQ(big.state, State::kTooLarge);
  EXPECT_TRUE(big.content.empty());
  EXPECT_EQ(big.size, lab::kMaxFileBytes + 1);
  EXPECT_NE(big.reason.find("larger than"), std::string::npos) << big.reason;

  const StudentFile& limit = files.at(std::string(lab::kFileExhausted));
  EXPECT_EQ(limit.state, State::kOk);
  EXPECT_EQ(limit.size, lab::kMaxFileBytes);

  const StudentFile& dangling = files.at(std::string(lab::kManifestCpuOnly));
  EXPECT_EQ(dangling.state, State::kMissing);
  EXPECT_NE(dangling.reason.find("dangling symbolic link"), std::string::npos) << dangling.reason;
  EXPECT_NE(dangling.reason.find("nowhere.yaml"), std::string::npos) << dangling.reason;

  EXPECT_EQ(files.at(std::string(lab::kManifestTrainer2)).state, State::kOk);
  EXPECT_EQ(files.at(std::string(lab::kManifestTrainer2)).content, kPodYaml);

  const StudentFile& fifo = files.at(std::string(lab::kManifestTrainer3));
  EXPECT_EQ(fifo.state, State::kNotRegular);
  EXPECT_NE(fifo.reason.find("named pipe"), std::string::npos) << fifo.reason;

  EXPECT_EQ(files.at(std::string(lab::kFileGateReport)).state, State::kOk);
  EXPECT_EQ(files.at(std::string(lab::kFileGateReport)).size, 0U);
}

TEST(ReadStudentFiles, MissingOrEmptyFolder) {
  for (const auto& [path, reason] : {std::pair<std::string, std::string>{"/nonexistent/gpuwhy-lab", "not found"},
                                     std::pair<std::string, std::string>{"", "no lab folder was given"}}) {
    const auto files = read_student_files(path);
    ASSERT_EQ(files.size(), lab::kStudentFiles.size());
    for (const auto& [rel, f] : files) {
      EXPECT_EQ(f.state, State::kMissing) << rel;
      EXPECT_EQ(f.reason, reason) << rel;
    }
  }
}

TEST(ReadStudentFiles, UnreadableFile) {
  LabDir lab;
  lab.write(lab::kFileGateReport, "ALLOCATABLE=2\n");
  ASSERT_EQ(::chmod(lab.path(lab::kFileGateReport).c_str(), 0), 0);
  // Root (or CAP_DAC_OVERRIDE) reads a mode-000 file anyway, so the case cannot be built here.
  const int fd = ::open(lab.path(lab::kFileGateReport).c_str(), O_RDONLY);
  if (fd >= 0) {
    ::close(fd);
    GTEST_SKIP() << "running with permission override (root?): chmod 000 does not stop reads, so the EACCES "
                    "case cannot be reproduced";
  }
  const auto files = read_student_files(lab.dir());
  const StudentFile& f = files.at(std::string(lab::kFileGateReport));
  EXPECT_EQ(f.state, State::kUnreadable);
  EXPECT_EQ(f.reason, "permission denied");
}

class Collect : public testing_tools::WithFaultServer<Collect> {
 protected:
  static kube::Client client(const char* listener = "http") {
    kube::ClientConfig cfg;
    cfg.server = "http://127.0.0.1:" + std::to_string(server_->port(listener));
    cfg.token = "s3cr3t-collect-token";
    cfg.warnings.push_back(msg("kc.warn.insecure", {{"where", "test"}}));
    kube::ClientOptions o;
    o.request_timeout = std::chrono::seconds(5);
    return kube::Client(cfg, o);
  }
};

TEST_F(Collect, ReadsEverythingAndDryRunsOnePod) {
  LabDir lab;
  lab.write(lab::kManifestBadMismatch, kPodYaml);
  // bad-fraction.yaml is missing: skipped, no request.
  kube::Client c = client();
  const Snapshot s = collect(c, CollectOptions{lab.dir(), true});

  EXPECT_TRUE(s.live_collected);
  EXPECT_EQ(s.source, "live http://127.0.0.1:" + std::to_string(server_->port("http")));
  EXPECT_EQ(s.lab_dir, lab.dir());
  EXPECT_EQ(s.taken_at.size(), 20U) << s.taken_at;  // 2025-01-02T03:04:05Z
  EXPECT_EQ(s.taken_at.back(), 'Z');
  ASSERT_EQ(s.warnings.size(), 1U);
  EXPECT_EQ(s.warnings[0].id, "kc.warn.insecure");
  EXPECT_EQ(s.server_version(), "v1.34.0");
  ASSERT_TRUE(s.namespace_.ok());
  EXPECT_EQ(s.namespace_.value()["status"]["phase"], "Active");
  ASSERT_TRUE(s.nodes.ok());
  ASSERT_TRUE(s.pods.ok());
  // events are forbidden by the fake apiserver: recorded, and the rest still collected.
  ASSERT_FALSE(s.events.ok());
  EXPECT_EQ(s.events.error().kind, ErrorKind::kHttp);
  EXPECT_EQ(s.events.error().http_status, 403);
  EXPECT_NE(s.events.error().message.find("grant a Role with verbs [get list] on events in gpu-why"), std::string::npos)
      << s.events.error().message;

  ASSERT_EQ(s.dry_runs.size(), 2U);
  const auto& mismatch = s.dry_runs.at(std::string(lab::kManifestBadMismatch));
  ASSERT_TRUE(mismatch.ok());
  EXPECT_EQ(mismatch.value().status, 422);
  EXPECT_EQ(mismatch.value().body["details"]["name"], "bad-mismatch");
  EXPECT_EQ(mismatch.value().body["details"]["test"]["path"], "/api/v1/namespaces/gpu-why/pods?dryRun=All");
  EXPECT_TRUE(mismatch.value().body["details"]["test"]["bodyNamespace"].is_null()) << "metadata.namespace dropped";
  const auto& fraction = s.dry_runs.at(std::string(lab::kManifestBadFraction));
  ASSERT_FALSE(fraction.ok());
  EXPECT_EQ(fraction.error().kind, ErrorKind::kSkipped);
  EXPECT_EQ(fraction.error().message, "k8s/bad-fraction.yaml: not found");

  // The GPU node's pods of every namespace, the lab's left out (they are in `pods`).
  ASSERT_TRUE(s.node_pods.ok());
  EXPECT_EQ(s.node_pods.value()["items"], json::array());
  EXPECT_EQ(s.requests, 8);  // seven GETs (kube-system and the node's pods among them) and one POST
  EXPECT_EQ(s.files.size(), lab::kStudentFiles.size());
  EXPECT_EQ(to_bundle(s).dump().find("s3cr3t"), std::string::npos) << "no secret in the snapshot";
}

TEST_F(Collect, NoDryRunSendsNoPost) {
  LabDir lab;
  lab.write(lab::kManifestBadMismatch, kPodYaml);
  lab.write(lab::kManifestBadFraction, kPodYaml);
  kube::Client c = client();
  const Snapshot s = collect(c, CollectOptions{lab.dir(), false});
  for (const auto& [rel, d] : s.dry_runs) {
    ASSERT_FALSE(d.ok()) << rel;
    EXPECT_EQ(d.error().kind, ErrorKind::kSkipped);
    EXPECT_EQ(d.error().message, "--no-dry-run");
  }
  EXPECT_EQ(s.requests, 7);
}

struct SkipCase {
  const char* name;
  std::string manifest;
  std::string reason_part;
};

class CollectSkips : public Collect, public testing::WithParamInterface<SkipCase> {};

TEST_P(CollectSkips, ManifestThatIsNotOnePodIsNotSent) {
  const SkipCase& c = GetParam();
  LabDir lab;
  lab.write(lab::kManifestBadFraction, c.manifest);
  kube::Client cl = client();
  const Snapshot s = collect(cl, CollectOptions{lab.dir(), true});
  const auto& d = s.dry_runs.at(std::string(lab::kManifestBadFraction));
  ASSERT_FALSE(d.ok());
  EXPECT_EQ(d.error().kind, ErrorKind::kSkipped);
  EXPECT_NE(d.error().message.find(c.reason_part), std::string::npos) << d.error().message;
  EXPECT_EQ(d.error().message.rfind("k8s/bad-fraction.yaml", 0), 0U) << d.error().message;
  EXPECT_EQ(s.requests, 7);
}

INSTANTIATE_TEST_SUITE_P(Table, CollectSkips,
                         testing::Values(SkipCase{"TwoDocuments", std::string(kPodYaml) + "---\n" + kPodYaml,
                                                  "holds 2 Pods; expected exactly one"},
                                         SkipCase{"Empty", "# nothing\n", "holds no Pod (documents: none)"},
                                         SkipCase{"Deployment",
                                                  "apiVersion: apps/v1\nkind: Deployment\nmetadata: {name: x}\n",
                                                  "holds no Pod (documents: Deployment)"},
                                         SkipCase{"NoKind", "metadata: {name: x}\n", "holds no Pod (documents: ?)"},
                                         SkipCase{"List", "- a\n- b\n", "holds no Pod (documents: ?)"},
                                         SkipCase{"BadYaml", "kind: Pod\nspec: [\n", "line "},
                                         SkipCase{"Binary", std::string("kind: Pod\0\0", 11), "binary"}),
                         [](const testing::TestParamInfo<SkipCase>& info) { return std::string(info.param.name); });

TEST_F(Collect, UnreachableApiserverRecordsErrorsAndNeverThrows) {
  LabDir lab;
  lab.write(lab::kManifestBadMismatch, kPodYaml);
  kube::Client c = client("refused");
  const Snapshot s = collect(c, CollectOptions{lab.dir(), true});
  for (const auto* f : {&s.version, &s.namespace_, &s.nodes, &s.pods, &s.events, &s.node_pods}) {
    ASSERT_FALSE(f->ok());
    EXPECT_EQ(f->error().kind, ErrorKind::kTransport);
    EXPECT_NE(f->error().message.find("connection refused"), std::string::npos) << f->error().message;
  }
  const auto& d = s.dry_runs.at(std::string(lab::kManifestBadMismatch));
  ASSERT_FALSE(d.ok());
  EXPECT_EQ(d.error().kind, ErrorKind::kTransport);
  // The first connection-level failure stands for the rest: a dead server costs one timeout.
  EXPECT_EQ(s.requests, 1);
}

// collect() starts every request of the fixed list at once (Client::prefetch_get/post) and takes
// the answers in the fixed order. A fault on one item must read exactly as when each request was
// asked alone, one after the other: the same error on that item (as a fresh client asking that
// one request says it), every other item as on a clean run, and after a connection-level failure
// every later item carrying that failure, however the answers raced.
class CollectAhead : public testing_tools::WithFaultServer<CollectAhead> {
 public:
  static std::vector<std::string> server_args() {
    return {"--bundle", std::string(GPUWHY_SOURCE_DIR) + "/fixtures/captures/v1.34.0/solution/bundle.json"};
  }

 protected:
  static kube::ClientConfig cfg(const std::string& mode, const std::string& scope) {
    kube::ClientConfig c;
    c.server = fmt::format("http://127.0.0.1:{}/fault/{}/{}", server_->port("http"), mode, scope);
    c.token = "s3cr3t-ahead-token";
    return c;
  }
  static kube::ClientOptions opts() {
    kube::ClientOptions o;
    o.request_timeout = std::chrono::seconds(2);
    return o;
  }
  static Snapshot collect_with(const std::string& mode, const std::string& scope, const LabDir& lab) {
    kube::Client c(cfg(mode, scope), opts());
    return collect(c, CollectOptions{lab.dir(), true});
  }
  /// The item's path as collect asks it.
  static std::string path_of(const std::string& item) {
    if (item == "version") return "/version";
    if (item == "namespace") return "/api/v1/namespaces/gpu-why";
    if (item == "nodes") return kube::page_path("/api/v1/nodes", kNodePage);
    return "/api/v1/namespaces/gpu-why/" + item;
  }
  /// GET `item` alone, on a client of its own, as collect records it.
  static Fetched<json> alone(const std::string& mode, const std::string& scope, const std::string& item) {
    kube::Client c(cfg(mode, scope), opts());
    try {
      return c.get_json(path_of(item), item == "nodes");
    } catch (const kube::HttpError& e) {
      return FetchError{ErrorKind::kHttp, e.http_status(), e.what()};
    } catch (const Error& e) {
      return FetchError{e.kind(), 0, e.what(), e.id(), e.args()};
    }
  }
  static std::map<std::string, const Fetched<json>*> items(const Snapshot& s) {
    return {{"version", &s.version},
            {"namespace", &s.namespace_},
            {"nodes", &s.nodes},
            {"pods", &s.pods},
            {"events", &s.events}};
  }
  static void expect_error(const Fetched<json>& got, const FetchError& want, const std::string& what) {
    ASSERT_FALSE(got.ok()) << what;
    EXPECT_EQ(got.error().kind, want.kind) << what;
    EXPECT_EQ(got.error().http_status, want.http_status) << what;
    EXPECT_EQ(got.error().message, want.message) << what;
    EXPECT_EQ(got.error().id, want.id) << what;
  }
};

TEST_F(CollectAhead, AnHttpFaultOnOneItemReadsAsThatRequestAlone) {
  LabDir lab;
  lab.write(lab::kManifestBadMismatch, kPodYaml);
  lab.write(lab::kManifestBadFraction, kPodYaml);
  const Snapshot clean = collect_with("ok", "all", lab);
  for (const std::string mode : {"500", "403", "string"}) {
    for (const std::string scope : {"namespace", "nodes", "pods", "events", "dryrun"}) {
      const std::string what = fmt::format("{} on {}", mode, scope);
      const Snapshot s = collect_with(mode, scope, lab);
      for (const auto& [item, got] : items(s)) {
        if (item != scope) {
          ASSERT_TRUE(got->ok()) << what << ": " << item;
          EXPECT_EQ(got->value(), items(clean).at(item)->value()) << what << ": " << item;
          continue;
        }
        const Fetched<json> want = alone(mode, scope, item);
        if (want.ok()) {  // a 200 of the wrong shape: collect's own words, checked by the other tests
          ASSERT_FALSE(got->ok()) << what;
          EXPECT_EQ(got->error().kind, ErrorKind::kParse) << what;
          continue;
        }
        expect_error(*got, want.error(), what);
      }
      for (const auto& [rel, d] : s.dry_runs) {
        kube::Client c(cfg(mode, scope), opts());
        const Fetched<HttpAnswer> want = dry_run_of(c, rel, s.file(rel), true);
        ASSERT_EQ(d.ok(), want.ok()) << what << ": " << rel;
        if (!d.ok()) continue;
        EXPECT_EQ(d.value().status, want.value().status) << what << ": " << rel;
        EXPECT_EQ(d.value().body, want.value().body) << what << ": " << rel;
      }
      EXPECT_EQ(s.requests, 9) << what;
    }
  }
}

TEST_F(CollectAhead, AConnectionFailureStandsForEveryLaterItem) {
  LabDir lab;
  lab.write(lab::kManifestBadMismatch, kPodYaml);
  lab.write(lab::kManifestBadFraction, kPodYaml);
  // pods never answers: events and the dry runs, started at the same time and answered at once,
  // are still recorded with the pods' failure, as if never asked (one dead server, one timeout).
  const Snapshot s = collect_with("stall", "pods", lab);
  EXPECT_TRUE(s.version.ok());
  EXPECT_TRUE(s.namespace_.ok());
  EXPECT_TRUE(s.nodes.ok());
  const Fetched<json> want = alone("stall", "pods", "pods");
  ASSERT_FALSE(want.ok());
  EXPECT_NE(want.error().message.find("no complete answer within 2s"), std::string::npos) << want.error().message;
  expect_error(s.pods, want.error(), "pods");
  expect_error(s.events, want.error(), "events");
  for (const auto& [rel, d] : s.dry_runs) {
    ASSERT_FALSE(d.ok()) << rel;
    EXPECT_EQ(d.error().message, want.error().message) << rel;
    EXPECT_EQ(d.error().kind, want.error().kind) << rel;
  }
}

TEST(CollectFilesOnly, EveryLiveItemCarriesTheReason) {
  LabDir lab;
  lab.write(lab::kFileAdvertised, "x\n");
  const FetchError why{ErrorKind::kConfig, 0, "no kubeconfig found"};
  const Snapshot s = collect_files_only(CollectOptions{lab.dir(), true}, why);
  EXPECT_FALSE(s.live_collected);
  EXPECT_EQ(s.file(lab::kFileAdvertised).state, State::kOk);
  for (const auto* f : {&s.version, &s.namespace_, &s.nodes, &s.pods, &s.events, &s.node_pods}) {
    ASSERT_FALSE(f->ok());
    EXPECT_EQ(f->error().message, "no kubeconfig found");
  }
  for (const auto& [rel, d] : s.dry_runs) EXPECT_EQ(d.error().kind, ErrorKind::kConfig) << rel;
  EXPECT_EQ(s.requests, 0);
}

}  // namespace
}  // namespace gpuwhy
