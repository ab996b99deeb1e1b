// The checks on the real solution capture changed one way: one live item replaced by a fetch error,
// a student file missing or broken, or a pod, a taint or a file edited as a student would. Each
// change fails exactly the checks it should, with the hint that names it.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <functional>
#include <map>
#include <set>
#include <sstream>

#include <fmt/format.h>

#include "captured_checks.h"
#include "checks.h"
#include "gpuwhy/base/text.h"
#include "gpuwhy/i18n/i18n.h"
#include "gpuwhy/lab/lab.h"
#include "gpuwhy/model/bundle.h"
#include "gpuwhy/model/snapshot.h"
#include "gpuwhy/render/render.h"

namespace gpuwhy {
namespace {

namespace fs = std::filesystem;

using gpuwhy_test::bundles_of;
using gpuwhy_test::expect_renders;
using gpuwhy_test::grade;
using gpuwhy_test::load;
using gpuwhy_test::pod_in;
using gpuwhy_test::result;
using gpuwhy_test::solution;

std::set<std::string> with_status(const RunResult& r, Status st) {
  std::set<std::string> out;
  for (const auto& c : r.checks) {
    if (c.outcome.status == st) out.insert(c.id);
  }
  return out;
}

const std::set<std::string> kNodeChecks{"step1.gpu-labels",  "step1.other-nodes-clean", "step2.capacity",
                                        "step2.allocatable", "step2.other-nodes",       "step2.advertised-file",
                                        "step5.taint",       "step6.gate-kept",         "step8.allocatable",
                                        "step8.taint"};
const std::set<std::string> kPodChecks{"step3.not-created",
                                       "step4.requests-defaulted",
                                       "step4.placed-by-scheduler",
                                       "step5.cpu-only-spec",
                                       "step5.cpu-only-pending",
                                       "step5.tainted-file",
                                       "step5.trainer-not-evicted",
                                       "step6.toleration",
                                       "step6.gate-kept",
                                       "step6.gpu",
                                       "step6.placed",
                                       "step7.same-as-trainer2",
                                       "step7.pending-insufficient",
                                       "step7.exhausted-file",
                                       "step8.used",
                                       "step8.pending"};

TEST(LiveErrors, NodesForbiddenIsAnErrorNamingRbac) {
  if (bundles_of("solution").empty()) GTEST_SKIP();
  Snapshot s = solution();
  s.nodes = FetchError{ErrorKind::kHttp, 403, "GET /api/v1/nodes: 403 Forbidden: nodes is forbidden"};
  const RunResult r = grade(s);
  EXPECT_EQ(with_status(r, Status::kError), kNodeChecks);
  EXPECT_EQ(with_status(r, Status::kFail), std::set<std::string>{});
  const auto& c = result(r, "step2.allocatable");
  EXPECT_EQ(c.outcome.hint.id, "hint.env.forbidden");
  EXPECT_NE(i18n::render(c.outcome.hint, i18n::Lang::kEn).find("nodes"), std::string::npos);
  EXPECT_EQ(i18n::render(c.outcome.actual, i18n::Lang::kEn), "GET /api/v1/nodes: 403 Forbidden: nodes is forbidden");
  EXPECT_FALSE(r.complete());
  EXPECT_EQ(r.exit_code(), kExitIncomplete);
  EXPECT_EQ(c.score, 0);
  for (const auto& cr : r.checks) expect_renders(cr);
}

TEST(LiveErrors, PodsTransportErrorKeepsFileChecksGraded) {
  if (bundles_of("solution").empty()) GTEST_SKIP();
  Snapshot s = solution();
  s.pods = FetchError{ErrorKind::kTransport, 0, "GET /api/v1/namespaces/gpu-why/pods: connection refused"};
  const RunResult r = grade(s);
  EXPECT_EQ(with_status(r, Status::kError), kPodChecks);
  EXPECT_EQ(with_status(r, Status::kFail), std::set<std::string>{});
  EXPECT_EQ(result(r, "step5.cpu-only-pending").outcome.hint.id, "hint.env.unavailable");
  for (const char* file_check : {"step2.advertised-file", "step3.rejected-file", "step3.mismatch-manifest",
                                 "step4.manifest", "step8.format", "step8.scheduler-sees"}) {
    EXPECT_EQ(result(r, file_check).outcome.status, Status::kPass) << file_check;
  }
}

TEST(LiveErrors, BrokenFileStillFailsWhenLiveIsDown) {
  if (bundles_of("solution").empty()) GTEST_SKIP();
  Snapshot s = solution();
  s.pods = FetchError{ErrorKind::kTls, 0, "x509: certificate signed by unknown authority"};
  s.files[std::string(lab::kFileTainted)] = StudentFile{StudentFile::State::kOk, "", "", 0};
  const RunResult r = grade(s);
  EXPECT_EQ(result(r, "step5.tainted-file").outcome.status, Status::kFail);
  EXPECT_EQ(result(r, "step5.tainted-file").outcome.hint.id, "hint.file.empty");
}

TEST(LiveErrors, NamespaceNotFoundIsTheStudentsState) {
  if (bundles_of("solution").empty()) GTEST_SKIP();
  Snapshot s = solution();
  s.namespace_ = FetchError{ErrorKind::kHttp, 404, "namespaces \"gpu-why\" not found"};
  RunResult r = grade(s);
  EXPECT_EQ(result(r, "step1.namespace").outcome.status, Status::kFail);
  EXPECT_EQ(result(r, "step1.namespace").outcome.hint.id, "hint.step1.namespace.missing");
  s.namespace_ = FetchError{ErrorKind::kHttp, 500, "etcdserver: request timed out"};
  r = grade(s);
  EXPECT_EQ(result(r, "step1.namespace").outcome.status, Status::kError);
}

TEST(LiveErrors, DryRuns) {
  if (bundles_of("solution").empty()) GTEST_SKIP();
  const std::string mismatch(lab::kManifestBadMismatch);
  Snapshot s = solution();
  s.dry_runs[mismatch] =
      HttpAnswer{403, nlohmann::json{{"kind", "Status"}, {"code", 403}, {"message", "pods is forbidden"}}};
  RunResult r = grade(s);
  auto c = result(r, "step3.apiserver-rejects");
  EXPECT_EQ(c.outcome.status, Status::kError);
  EXPECT_EQ(c.outcome.hint.id, "hint.env.forbidden");
  EXPECT_NE(i18n::render(c.outcome.hint, i18n::Lang::kEn).find("create on pods in namespace gpu-why"),
            std::string::npos);

  s.dry_runs[mismatch] = FetchError{ErrorKind::kHttp, 403, "forbidden"};
  EXPECT_EQ(result(grade(s), "step3.apiserver-rejects").outcome.status, Status::kError);

  s.dry_runs[mismatch] = FetchError{ErrorKind::kSkipped, 0, "not sent: k8s/bad-mismatch.yaml is missing"};
  c = result(grade(s), "step3.apiserver-rejects");
  EXPECT_EQ(c.outcome.status, Status::kFail);
  EXPECT_EQ(c.outcome.hint.id, "hint.step3.apiserver-rejects.not-sent");

  s.dry_runs[mismatch] = HttpAnswer{201, nlohmann::json{{"kind", "Pod"}}};
  c = result(grade(s), "step3.apiserver-rejects");
  EXPECT_EQ(c.outcome.status, Status::kFail);
  EXPECT_EQ(c.outcome.hint.id, "hint.step3.apiserver-rejects.accepted");

  // The mismatch manifest refused for the fraction rule is not its own rule.
  s.dry_runs[mismatch] = s.dry_runs.at(std::string(lab::kManifestBadFraction));
  c = result(grade(s), "step3.apiserver-rejects");
  EXPECT_EQ(c.outcome.status, Status::kFail);
  EXPECT_EQ(c.outcome.hint.id, "hint.step3.apiserver-rejects.wrong-reason-mismatch");

  s.dry_runs.erase(mismatch);  // --no-dry-run
  EXPECT_EQ(result(grade(s), "step3.apiserver-rejects").outcome.status, Status::kError);
}

TEST(StudentFiles, MissingOrBadFilesFailNamingTheFile) {
  if (bundles_of("solution").empty()) GTEST_SKIP();
  Snapshot s = solution();
  s.files.erase(std::string(lab::kFileRejected));
  s.files[std::string(lab::kFileGateReport)] = StudentFile{StudentFile::State::kTooLarge, "", "2000000 bytes", 2000000};
  s.files[std::string(lab::kManifestTrainer)] = StudentFile{StudentFile::State::kOk, "kind: Pod\n  bad: [", "", 0};
  const RunResult r = grade(s);
  const auto& rej = result(r, "step3.rejected-file");
  EXPECT_EQ(rej.outcome.status, Status::kFail);
  EXPECT_EQ(rej.outcome.hint.id, "hint.file.missing");
  EXPECT_NE(i18n::render(rej.outcome.hint, i18n::Lang::kEn).find("out/rejected.txt"), std::string::npos);
  EXPECT_EQ(result(r, "step8.format").outcome.hint.id, "hint.file.too-large");
  EXPECT_EQ(result(r, "step8.used").outcome.status, Status::kFail);
  // Where the parser stopped, never yaml-cpp's English reason.
  const Msg& yaml_hint = result(r, "step4.manifest").outcome.hint;
  EXPECT_EQ(yaml_hint.id, "hint.manifest.yaml-error-at");
  EXPECT_EQ(yaml_hint.args.at("line"), "2");
  const std::string ko = i18n::render(yaml_hint, i18n::Lang::kKo);
  EXPECT_NE(ko.find("2행"), std::string::npos) << ko;
  EXPECT_EQ(ko.find("map"), std::string::npos) << ko;
  EXPECT_EQ(r.count(Status::kError), 0);
}

// ---- synthetic variations of the real solution ------------------------------------------------

// A manifest saved as a List holding the Pod (`kubectl get pod -o yaml` of several pods, a List
// written by hand) is applied by kubectl as its items: the Pod in it is graded.
TEST(Manifests, AListHoldingThePodIsThePod) {
  const auto bundles = bundles_of("solution");
  if (bundles.empty()) GTEST_SKIP();
  for (const auto& b : bundles) {
    SCOPED_TRACE(b.string());
    Snapshot s = load(b);
    auto& f = s.files[std::string(lab::kManifestTrainer)];
    std::string indented;
    for (const auto& l : text::lines(f.content)) indented += (l.empty() ? "" : "  " + l) + "\n";
    const std::string plain = f.content;
    f.content = "apiVersion: v1\nkind: List\nitems:\n-" + indented.substr(1);
    EXPECT_EQ(result(grade(s), "step4.manifest").outcome.status, Status::kPass) << f.content;
    // The wrong Pod in a List still fails.
    std::string wrong = f.content;
    const auto p = wrong.find("limits:");
    ASSERT_NE(p, std::string::npos);
    wrong.replace(p, 7, "requests:");
    f.content = wrong;
    EXPECT_EQ(result(grade(s), "step4.manifest").outcome.status, Status::kFail) << wrong;
    // A typed list (`PodList`) gives its items their kind and version: an item that says neither
    // is a v1 Pod (kubectl creates it); in a `List` it must say them, or kubectl refuses it.
    std::string kindless;
    for (const auto& l : text::lines(plain)) {
      if (!l.starts_with("apiVersion:") && !l.starts_with("kind:") && !l.empty()) kindless += "  " + l + "\n";
    }
    f.content = "apiVersion: v1\nkind: PodList\nitems:\n-" + kindless.substr(1);
    EXPECT_EQ(result(grade(s), "step4.manifest").outcome.status, Status::kPass) << f.content;
    f.content = "apiVersion: v1\nkind: List\nitems:\n-" + kindless.substr(1);
    EXPECT_EQ(result(grade(s), "step4.manifest").outcome.status, Status::kFail) << f.content;
    f.content = plain;
    EXPECT_EQ(result(grade(s), "step4.manifest").outcome.status, Status::kPass);
    // Empty constraints constrain nothing; a real one fails.
    for (const char* empty : {"  nodeSelector: {}\n", "  affinity:\n", "  nodeName: \"\"\n"}) {
      f.content = plain;
      const auto spec = f.content.find("spec:\n");
      ASSERT_NE(spec, std::string::npos);
      f.content.insert(spec + 6, empty);
      EXPECT_EQ(result(grade(s), "step4.manifest").outcome.status, Status::kPass) << f.content;
    }
    f.content = plain;
    f.content.insert(f.content.find("spec:\n") + 6, "  nodeSelector:\n    nvidia.com/gpu.present: \"true\"\n");
    EXPECT_EQ(result(grade(s), "step4.manifest").outcome.hint.id, "hint.step4.manifest.constraint");
  }
}

// The misgrades of the held-out audit, on every real capture: a file that shows capacity 2 beside
// an allocatable without the GPU, a note that only quotes the apiserver's rule, and a scheduler
// message saved while the taint had another value each fail; the honest files pass.
TEST(AuditMisgrades, ClassicMistakeInTheFileNotesAndStaleTaintValues) {
  const auto bundles = bundles_of("solution");
  if (bundles.empty()) GTEST_SKIP();
  for (const auto& b : bundles) {
    SCOPED_TRACE(b.string());
    Snapshot s = load(b);
    auto& adv = s.files[std::string(lab::kFileAdvertised)];
    adv.content =
        "NAME         CAPACITY   ALLOCATABLE\nlab-node-0   2          <none>\nlab-node-1   <none>     <none>\n"
        "lab-node-2   <none>     <none>\n";
    const RunResult r = grade(s);
    const auto& a = result(r, "step2.advertised-file").outcome;
    EXPECT_EQ(a.status, Status::kFail);
    EXPECT_EQ(a.hint.id, "hint.step2.advertised-file.capacity-only");
    adv.content = "lab-node-0\t2\t\nlab-node-1\t\t\nlab-node-2\t\t\n";
    EXPECT_EQ(result(grade(s), "step2.advertised-file").outcome.hint.id, "hint.step2.advertised-file.capacity-only");
    adv.content = "NAME CAPACITY ALLOCATABLE\nlab-node-0 2 2\nlab-node-1 <none> <none>\nlab-node-2 <none> <none>\n";
    EXPECT_EQ(result(grade(s), "step2.advertised-file").outcome.status, Status::kPass);
    // The capacity the file shows beside allocatable is graded too (second audit).
    for (const char* wrong :
         {"NAME CAPACITY ALLOCATABLE\nlab-node-0 2 2\nlab-node-1 2 <none>\nlab-node-2 <none> <none>\n",
          "NAME CAPACITY ALLOCATABLE\nlab-node-0 3 2\nlab-node-1 <none> <none>\nlab-node-2 <none> <none>\n",
          "lab-node-0\t1\t2\nlab-node-1\t\t\nlab-node-2\t\t\n",
          "lab-node-0\t2\t2\nlab-node-1\t\t\nlab-node-2\t2\t\n"}) {
      adv.content = wrong;
      const RunResult w = grade(s);
      EXPECT_EQ(result(w, "step2.advertised-file").outcome.status, Status::kFail) << wrong;
      EXPECT_EQ(result(w, "step2.advertised-file").outcome.hint.id, "hint.step2.advertised-file.wrong-amount") << wrong;
    }

    auto& rej = s.files[std::string(lab::kFileRejected)];
    const std::string rejections = rej.content;
    rej.content =
        "note: mismatch must be equal to nvidia.com/gpu limit\nfraction: must be an integer on nvidia.com/gpu\n";
    EXPECT_EQ(result(grade(s), "step3.rejected-file").outcome.status, Status::kFail);
    rej.content = "# what the apiserver said: must be equal to nvidia.com/gpu limit\n" + rejections;
    EXPECT_EQ(result(grade(s), "step3.rejected-file").outcome.status, Status::kPass);

    auto& tainted = s.files[std::string(lab::kFileTainted)];
    const std::string live = tainted.content;
    EXPECT_EQ(result(grade(s), "step5.tainted-file").outcome.status, Status::kPass);
    std::string stale = live;
    const std::string named = "{nvidia.com/gpu: present}";
    const std::string unnamed = "untolerated taint(s)";
    if (const auto p = stale.find(named); p != std::string::npos) {
      stale.replace(p, named.size(), "{nvidia.com/gpu: true}");
    } else if (const auto q = stale.find(unnamed); q != std::string::npos) {
      stale.replace(q, unnamed.size(), "untolerated taint {nvidia.com/gpu: true}");
    }
    ASSERT_NE(stale, live);
    tainted.content = stale;
    EXPECT_EQ(result(grade(s), "step5.tainted-file").outcome.status, Status::kFail);
  }
  // The capacity-only capture saved with the allocatable column: every row <none> because of the
  // classic mistake, not of a lost backslash.
  for (const auto& b : bundles_of("capacity-only")) {
    SCOPED_TRACE(b.string());
    Snapshot s = load(b);
    s.files[std::string(lab::kFileAdvertised)].content =
        "NAME         GPU\nlab-node-0   <none>\nlab-node-1   <none>\nlab-node-2   <none>\n";
    EXPECT_EQ(result(grade(s), "step2.advertised-file").outcome.hint.id, "hint.step2.advertised-file.capacity-only");
  }
  // Capacity 2 beside another allocatable amount, or a row's amount written as a range: a wrong
  // amount, as the file shows it (not the classic mistake, not every node without one).
  for (const auto& b : bundles_of("solution")) {
    SCOPED_TRACE(b.string());
    Snapshot s = load(b);
    for (const std::string text : {"lab-node-0\t2\t3\nlab-node-1\t\t\nlab-node-2\t\t\n",
                                   "lab-node-0   2-3\nlab-node-1   <none>\nlab-node-2   <none>\n"}) {
      s.files[std::string(lab::kFileAdvertised)].content = text;
      const Outcome o = result(grade(s), "step2.advertised-file").outcome;
      EXPECT_EQ(o.hint.id, "hint.step2.advertised-file.wrong-amount") << text;
      EXPECT_NE(o.compared.answer, "2") << text;
    }
  }
}

// Real capture: trainer3 was first Pending behind the taint, then (its toleration added with
// kubectl patch) for want of a GPU. Its own history, oldest first, ending in the Insufficient
// message is trainer3's answer; in the other order, or beside another pod's message, it is not.
TEST(AuditMisgrades, APodsOwnHistoryEndsInItsAnswer) {
  for (const auto& b : bundles_of("trainer2-file-untolerant")) {
    SCOPED_TRACE(b.string());
    Snapshot s = load(b);
    const std::string taint =
        "  Warning  FailedScheduling  20s   default-scheduler  0/3 nodes are available: 1 node(s) had untolerated "
        "taint {nvidia.com/gpu: present}, 2 Insufficient nvidia.com/gpu. no new claims to deallocate, preemption: "
        "0/3 nodes are available: 3 Preemption is not helpful for scheduling.\n";
    const std::string full =
        "  Warning  FailedScheduling  19s   default-scheduler  0/3 nodes are available: 3 Insufficient "
        "nvidia.com/gpu. no new claims to deallocate, preemption: 0/3 nodes are available: 1 No preemption victims "
        "found for incoming pod, 2 Preemption is not helpful for scheduling.\n";
    const std::string head = "Name:             trainer3\nNamespace:        gpu-why\nEvents:\n";
    const auto saved_as = [&](std::initializer_list<std::string_view> parts) {
      std::string text;
      for (const auto p : parts) text += p;
      s.files[std::string(lab::kFileExhausted)].content = text;
      return result(grade(s), "step7.exhausted-file").outcome;
    };
    EXPECT_EQ(saved_as({head, taint, full}).status, Status::kPass);
    EXPECT_EQ(saved_as({head, full, taint}).status, Status::kFail);
    EXPECT_EQ(saved_as({"Name:             cpu-only\n", taint, "Name:             trainer3\n", full}).status,
              Status::kFail);
    // A message no row names beside the pod's own: whose it is, the file does not say.
    EXPECT_EQ(saved_as({taint, head, full}).status, Status::kFail);
    // The same as `get events`: rows naming trainer3 alone, or another pod too.
    const std::string row = "35s   Warning   FailedScheduling   pod/";
    const std::string events = "LAST SEEN   TYPE      REASON             OBJECT         MESSAGE\n";
    const auto message = [](const std::string& line) { return line.substr(line.find("0/3")); };
    EXPECT_EQ(saved_as({events, row, "trainer3   ", message(taint), row, "trainer3   ", message(full)}).status,
              Status::kPass);
    EXPECT_EQ(saved_as({events, row, "cpu-only   ", message(taint), row, "trainer3   ", message(full)}).status,
              Status::kFail);
    // `kubectl events --for pod/trainer3` names the kind capitalised.
    const std::string kevents = "3s          Warning   FailedScheduling   Pod/";
    EXPECT_EQ(saved_as({events, kevents, "trainer3   ", message(taint), kevents, "trainer3   ", message(full)}).status,
              Status::kPass);
    EXPECT_EQ(saved_as({events, kevents, "cpu-only   ", message(taint), kevents, "trainer3   ", message(full)}).status,
              Status::kFail);
  }
}

// Real capture: trainer was applied with spec.nodeName and the line then deleted from the saved
// file. The file alone looks like the solution's; the live pod's managedFields name the client.
TEST(Placement, NodeNameSetByTheClientIsNotTheScheduler) {
  const auto bundles = bundles_of("trainer-node-name-dropped");
  if (bundles.empty()) GTEST_SKIP();
  for (const auto& b : bundles) {
    SCOPED_TRACE(b.string());
    const Snapshot s = load(b);
    const RunResult r = grade(s);
    const CheckResult& c = result(r, "step4.placed-by-scheduler");
    EXPECT_EQ(c.outcome.status, Status::kFail);
    EXPECT_EQ(c.outcome.actual.id, "value.placed.node-name-by-client");
    EXPECT_EQ(c.outcome.hint.args.at("manager"), "kubectl-client-side-apply");
    EXPECT_NE(i18n::render(c.outcome.hint, i18n::Lang::kEn).find("kubectl-client-side-apply"), std::string::npos);
    std::vector<std::string> ev;
    for (const auto& line : c.outcome.evidence) ev.push_back(i18n::render(line, i18n::Lang::kEn));
    EXPECT_NE(
        std::find(ev.begin(), ev.end(), "pod trainer: managedFields: kubectl-client-side-apply set spec.nodeName"),
        ev.end());
    // Take the client's entry away and the same pod is the scheduler's again.
    nlohmann::json pods = s.pods.value();
    nlohmann::json* t = pod_in(pods, lab::kPodTrainer);
    ASSERT_NE(t, nullptr);
    for (auto& e : (*t)["metadata"]["managedFields"]) {
      if (e.contains("fieldsV1") && e["fieldsV1"].contains("f:spec")) e["fieldsV1"]["f:spec"].erase("f:nodeName");
    }
    Snapshot cleared = s;
    cleared.pods = pods;
    EXPECT_NE(result(grade(cleared), "step4.placed-by-scheduler").outcome.actual.id,
              "value.placed.node-name-by-client");
  }
}

TEST(Toleration, DefaultTolerationsAreIgnoredAndExistsIsAccepted) {
  if (bundles_of("solution").empty()) GTEST_SKIP();
  Snapshot s = solution();
  nlohmann::json pods = s.pods.value();
  nlohmann::json* t2 = pod_in(pods, lab::kPodTrainer2);
  ASSERT_NE(t2, nullptr);
  auto& tols = (*t2)["spec"]["tolerations"];
  tols[0] = {{"key", "nvidia.com/gpu"}, {"operator", "Exists"}};
  s.pods = pods;
  EXPECT_EQ(result(grade(s), "step6.toleration").outcome.status, Status::kPass);
  nlohmann::json only_defaults = nlohmann::json::array();
  for (const auto& t : tols) {
    if (t.value("key", "") != "nvidia.com/gpu") only_defaults.push_back(t);
  }
  tols = only_defaults;
  s.pods = pods;
  EXPECT_EQ(result(grade(s), "step6.toleration").outcome.hint.id, "hint.step6.toleration.missing");
}

}  // namespace
}  // namespace gpuwhy

namespace gpuwhy {
namespace {

// A pod that tries to tolerate the GPU taint but is still blocked by it gets the toleration hint;
// a pod without any toleration keeps the generic "not bound" hint (its real cause may be
// allocatable, as in capacity-only, even though the message also names the taint).
TEST(Placement, NotBoundHintFollowsTheTolerationTheStudentWrote) {
  const auto wrong = bundles_of("toleration-wrong-value");
  const auto capacity = bundles_of("capacity-only");
  ASSERT_FALSE(wrong.empty());
  ASSERT_FALSE(capacity.empty());
  for (const auto& b : wrong) {
    const RunResult r = grade(load(b));
    const CheckResult& c = result(r, "step6.placed");
    EXPECT_EQ(c.outcome.status, Status::kFail) << b;
    EXPECT_EQ(c.outcome.hint.id, "hint.placed.not-bound-toleration") << b;
  }
  for (const auto& b : capacity) {
    const RunResult r = grade(load(b));
    const CheckResult& c = result(r, "step4.placed-by-scheduler");
    EXPECT_EQ(c.outcome.status, Status::kFail) << b;
    EXPECT_EQ(c.outcome.hint.id, "hint.placed.not-bound") << b;
  }
}

// trainer2.yaml with a second container that asks for no GPU (0 under requests and limits): the
// GPU container's request is its limit (the apiserver fills it), so the pod asks for one GPU.
// A request written as 0 beside the GPU container's limit 1 is a request of 0, which the apiserver
// refuses.
TEST(Manifests, Trainer2sRequestIsItsContainersDefaultedRequests) {
  const auto b = bundles_of("solution");
  ASSERT_FALSE(b.empty());
  const std::string side =
      "  - name: logger\n    image: busybox:1.36\n    resources:\n      requests:\n        nvidia.com/gpu: 0\n"
      "      limits:\n        nvidia.com/gpu: 0\n";
  Snapshot s = load(b.front());
  auto& f = s.files.at(std::string(lab::kManifestTrainer2));
  const std::string original = f.content;
  const auto at = f.content.find("  tolerations:");
  ASSERT_NE(at, std::string::npos);
  f.content.insert(at, side);
  EXPECT_EQ(result(grade(s), "step6.gpu").outcome.status, Status::kPass) << f.content;
  f.content = original;
  const auto lim = f.content.find("      limits:");
  ASSERT_NE(lim, std::string::npos);
  f.content.insert(lim, "      requests:\n        nvidia.com/gpu: 0\n");
  const RunResult r = grade(s);
  const CheckResult& c = result(r, "step6.gpu");
  EXPECT_EQ(c.outcome.status, Status::kFail) << f.content;
  EXPECT_EQ(c.outcome.hint.id, "hint.manifest.resources.not-equal-limit");  // the apiserver refuses it
}

// On a real capture: a pod whose events lack the default scheduler's
// Scheduled (other events are there) was bound by hand; a pod whose events all expired is judged
// by PodScheduled alone.
Snapshot with_trainer_events(const std::function<void(nlohmann::json& items)>& edit) {
  Snapshot s = load(bundles_of("solution").front());
  nlohmann::json ev = s.events.value();
  edit(ev["items"]);
  s.events = ev;
  return s;
}

TEST(Placement, BoundByHandOrEventsExpired) {
  ASSERT_FALSE(bundles_of("solution").empty());
  const Snapshot by_hand = with_trainer_events([](nlohmann::json& items) {
    for (auto& e : items) {
      if (e["involvedObject"]["name"] == "trainer") {
        e["reason"] = "Pulled";
        e["reportingComponent"] = "kubelet";
      }
    }
  });
  const RunResult rh = grade(by_hand);
  const CheckResult& a = result(rh, "step4.placed-by-scheduler");
  EXPECT_EQ(a.outcome.status, Status::kFail);
  EXPECT_EQ(a.outcome.hint.id, "hint.placed.no-scheduled-event");
  const Snapshot expired = with_trainer_events([](nlohmann::json& items) {
    nlohmann::json kept = nlohmann::json::array();
    for (auto& e : items) {
      if (e["involvedObject"]["name"] != "trainer") kept.push_back(e);
    }
    items = kept;
  });
  EXPECT_EQ(result(grade(expired), "step4.placed-by-scheduler").outcome.status, Status::kPass);
  for (const auto& b : bundles_of("trainer-bound-by-hand")) {
    const RunResult r = grade(load(b));
    const CheckResult& c = result(r, "step4.placed-by-scheduler");
    EXPECT_EQ(c.outcome.hint.id, "hint.placed.other-scheduler") << b;
  }
  // The file handed in names no other scheduler: the pod running was made from another; the hint
  // does not ask to remove from the file what it does not hold.
  for (const auto& b : bundles_of("trainer2-bound-by-hand")) {
    Snapshot s = load(b);
    auto& file = s.files.at(std::string(lab::kManifestTrainer2));
    const auto at = file.content.find("  schedulerName: my-scheduler\n");
    ASSERT_NE(at, std::string::npos) << b;
    file.content.erase(at, std::string("  schedulerName: my-scheduler\n").size());
    file.size = file.content.size();
    const RunResult graded = grade(s);
    const CheckResult& c = result(graded, "step6.placed");
    EXPECT_EQ(c.outcome.status, Status::kFail) << b;
    EXPECT_EQ(c.outcome.hint.id, "hint.placed.other-scheduler-live") << b;
  }
}

// trainer being deleted (a finalizer holds it) under the lab's NoSchedule taint alone: someone
// deleted it, the taint did not, and the hint does not tell of a NoExecute taint there is none of.
// With a NoExecute taint on the node it does.
TEST(StepFive, ATrainerBeingDeletedUnderNoScheduleWasNotEvicted) {
  if (bundles_of("solution").empty()) GTEST_SKIP();
  Snapshot s = solution();
  nlohmann::json pods = s.pods.value();
  for (auto& p : pods["items"]) {
    if (p["metadata"]["name"] == lab::kPodTrainer) p["metadata"]["deletionTimestamp"] = "2026-12-01T07:30:00Z";
  }
  s.pods = pods;
  EXPECT_EQ(result(grade(s), "step5.trainer-not-evicted").outcome.hint.id, "hint.step5.trainer-not-evicted.deleting");
  nlohmann::json nodes = s.nodes.value();
  for (auto& n : nodes["items"]) {
    if (n["metadata"]["name"] == lab::kGpuNode)
      n["spec"]["taints"].push_back({{"key", lab::kTaintKey}, {"value", lab::kTaintValue}, {"effect", "NoExecute"}});
  }
  s.nodes = nodes;
  EXPECT_EQ(result(grade(s), "step5.trainer-not-evicted").outcome.hint.id, "hint.step5.trainer-not-evicted.noexecute");
}

// cpu-only or trainer3 being deleted (a finalizer holds it) is no longer the Pending pod the lab
// means, though its condition still holds the scheduler's message: the hint says it is going.
TEST(StepFive, APendingPodBeingDeletedIsNamedSo) {
  if (bundles_of("solution").empty()) GTEST_SKIP();
  for (const auto& [pod, check] : {std::pair{lab::kPodCpuOnly, "step5.cpu-only-pending"},
                                   std::pair{lab::kPodTrainer3, "step7.pending-insufficient"}}) {
    Snapshot s = solution();
    ASSERT_EQ(result(grade(s), check).outcome.status, Status::kPass) << check;
    nlohmann::json pods = s.pods.value();
    for (auto& p : pods["items"]) {
      if (p["metadata"]["name"] == pod) p["metadata"]["deletionTimestamp"] = "2026-12-01T07:30:00Z";
    }
    s.pods = pods;
    const RunResult r = grade(s);
    EXPECT_EQ(result(r, check).outcome.status, Status::kFail) << check;
    EXPECT_EQ(result(r, check).outcome.hint.id, "hint.pending.deleting") << check;
  }
}

// Class 9: step 7 holds only when the slots really ran out.
TEST(StepSeven, PremiseSlotsFullAndAllocatableSet) {
  for (const auto& b : bundles_of("capacity-only")) {
    const RunResult r = grade(load(b));
    for (const char* id : {"step7.pending-insufficient", "step7.exhausted-file"}) {
      EXPECT_EQ(result(r, id).outcome.status, Status::kFail) << b << " " << id;
      EXPECT_EQ(result(r, id).outcome.hint.id, "hint.step7.premise-allocatable") << b << " " << id;
    }
  }
  // trainer2 gone from a real solution: trainer3's message still says Insufficient, but the
  // slots are not full.
  for (const auto& b : bundles_of("solution")) {
    Snapshot s = load(b);
    nlohmann::json pods = s.pods.value();
    nlohmann::json kept = nlohmann::json::array();
    for (const auto& p : pods["items"]) {
      if (p["metadata"]["name"] != "trainer2") kept.push_back(p);
    }
    pods["items"] = kept;
    s.pods = pods;
    const RunResult r = grade(s);
    for (const char* id : {"step7.pending-insufficient", "step7.exhausted-file"}) {
      EXPECT_EQ(result(r, id).outcome.status, Status::kFail) << b << " " << id;
      EXPECT_EQ(result(r, id).outcome.hint.id, "hint.step7.premise-slots") << b << " " << id;
    }
  }
  // A third GPU pod bound to lab-node-0 by name (past the scheduler) in another namespace: the
  // node holds more than it offers, and the slots are all the more full.
  for (const auto& b : bundles_of("solution")) {
    Snapshot s = load(b);
    nlohmann::json pods = s.pods.value();
    nlohmann::json extra;
    for (const auto& p : pods["items"]) {
      if (p["metadata"]["name"] == "trainer") extra = p;
    }
    ASSERT_FALSE(extra.is_null()) << b;
    extra["metadata"]["name"] = "extra";
    extra["metadata"]["namespace"] = "default";
    if (s.node_pods.ok()) {  // where a collection lists the node's pods of other namespaces
      nlohmann::json node_pods = s.node_pods.value();
      node_pods["items"].push_back(extra);
      s.node_pods = node_pods;
    } else {
      pods["items"].push_back(extra);
      s.pods = pods;
    }
    const RunResult r = grade(s);
    for (const char* id : {"step7.pending-insufficient", "step7.exhausted-file"}) {
      EXPECT_EQ(result(r, id).outcome.status, Status::kPass) << b << " " << id << " " << result(r, id).outcome.hint.id;
    }
  }
  // Allocatable advertised as 0 (not missing): the hint names the 0 the evidence shows, and the
  // fault is still step 2's.
  for (const auto& b : bundles_of("solution")) {
    Snapshot s = load(b);
    nlohmann::json nodes = s.nodes.value();
    for (auto& n : nodes["items"]) {
      if (n["metadata"]["name"] == lab::kGpuNode) n["status"]["allocatable"][std::string(lab::kResource)] = "0";
    }
    s.nodes = nodes;
    const RunResult r = grade(s);
    const CheckResult& c = result(r, "step7.pending-insufficient");
    EXPECT_EQ(c.outcome.hint.id, "hint.step7.premise-allocatable-zero") << b;
    EXPECT_EQ(c.outcome.hint.args.at("found"), "0") << b;
    EXPECT_EQ(c.outcome.caused_by, "step2.allocatable") << b;
  }
}

// Class 11: the Pod named by the step is graded among other documents; two such Pods fail.
TEST(Manifests, ExtraDocumentsAndTwoPods) {
  for (const auto& b : bundles_of("solution")) {
    Snapshot s = load(b);
    const std::string pod = s.file(lab::kManifestTrainer).content;
    auto set = [&](const std::string& c) {
      auto& f = s.files[std::string(lab::kManifestTrainer)];
      f.content = c;
      f.size = c.size();
    };
    set("apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: notes\n---\n" + pod +
        "\n---\napiVersion: v1\nkind: Pod\nmetadata:\n  name: other\nspec:\n  containers: []\n");
    EXPECT_EQ(result(grade(s), "step4.manifest").outcome.status, Status::kPass) << b;
    set(fmt::format("{}\n---\n{}", pod, pod));
    const RunResult r = grade(s);
    const CheckResult& c = result(r, "step4.manifest");
    EXPECT_EQ(c.outcome.status, Status::kFail) << b;
    EXPECT_EQ(c.outcome.hint.id, "hint.manifest.not-single-pod") << b;
    set("apiVersion: v1\nkind: Namespace\nmetadata:\n  name: gpu-why\n");
    EXPECT_EQ(result(grade(s), "step4.manifest").outcome.hint.id, "hint.manifest.not-single-pod") << b;
  }
}

// A hint's command names what the capture holds, in every language: the pods that hold
// lab-node-0's GPUs, each in its own namespace (a leftover of another namespace, the lab's bad
// pod, the lab's later pods), the other node to untaint, what capacity has to put back.
TEST(Captures, HintCommandsNameWhatTheCaptureHolds) {
  struct Case {
    const char* scenario;
    const char* check;
    const char* command;
  };
  const std::vector<Case> cases{
      {"gpu-held-by-other-namespace", "step6.placed", "kubectl delete pod -n scratch gpu-test"},
      {"bad-fraction-whole", "step6.placed", "kubectl delete pod -n gpu-why bad-fraction"},
      {"taint-before-trainer", "step4.placed-by-scheduler",
       "kubectl delete pod -n gpu-why trainer2; kubectl delete pod -n gpu-why trainer3"},
      {"taint-both-nodes", "step5.taint", "kubectl taint node lab-node-1 nvidia.com/gpu-"},
      {"allocatable-replaced", "step2.allocatable", R"('{"status":{"allocatable":{"cpu":")"}};
  int seen = 0;
  for (const auto& [scenario, check, command] : cases) {
    for (const auto& b : bundles_of(scenario)) {
      const RunResult r = grade(load(b));
      const CheckResult& c = result(r, check);
      ASSERT_EQ(c.outcome.status, Status::kFail) << b << " " << check;
      for (const i18n::Lang lang : {i18n::Lang::kEn, i18n::Lang::kKo, i18n::Lang::kJa}) {
        const std::string said = i18n::render(c.outcome.hint, lang);
        EXPECT_NE(said.find(command), std::string::npos) << b << "\n" << said;
        for (const char* placeholder : {"NAMESPACE", " NAME ", "네임스페이스 이름", "名前空間 名前"})
          EXPECT_EQ(said.find(placeholder), std::string::npos) << said;
      }
      ++seen;
    }
  }
  EXPECT_GE(seen, static_cast<int>(cases.size()));
}

// A snapshot written back as a bundle reads again, as a value (signed numbers) and as text
// (the fuzz target's invariant; requests once failed it as a signed number).
TEST(Captures, BundleRoundTripsAsValueAndText) {
  for (const auto& v : fs::directory_iterator(gpuwhy_test::captures_root())) {
    for (const auto& sc : fs::directory_iterator(v.path())) {
      const fs::path b = sc.path() / "bundle.json";
      if (!fs::is_regular_file(b)) continue;
      const Snapshot s = load(b);
      const nlohmann::json out = to_bundle(s);
      EXPECT_NO_THROW((void)from_bundle(out, "value")) << b;
      EXPECT_NO_THROW((void)from_bundle(nlohmann::json::parse(out.dump()), "text")) << b;
      EXPECT_EQ(from_bundle(out, "value").requests, s.requests) << b;
    }
  }
}

}  // namespace
}  // namespace gpuwhy
