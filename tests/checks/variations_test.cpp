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
using gpuwhy_test::result;

Snapshot solution() {
  const auto b = bundles_of("solution");
  if (b.empty()) throw std::runtime_error("no solution capture");
  return load(b.front());
}

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

nlohmann::json* pod_in(nlohmann::json& pods, std::string_view name) {
  for (auto& p : pods["items"]) {
    if (p["metadata"]["name"] == name) return &p;
  }
  return nullptr;
}

// A gate report that is right for the lab is never to be changed: with the taint made NoExecute
// after it was written, TAINT=<the lab's taint> follows from step5.taint and says it is right.
TEST(Step8Taint, TheLabsTaintUnderAChangedTaintIsRightForTheLab) {
  if (bundles_of("solution").empty()) GTEST_SKIP();
  Snapshot s = solution();
  nlohmann::json nodes = s.nodes.value();
  bool changed = false;
  for (auto& n : nodes["items"]) {
    if (n["metadata"]["name"] != lab::kGpuNode) continue;
    for (auto& t : n["spec"]["taints"]) {
      if (t["key"] == lab::kTaintKey) {
        t["effect"] = "NoExecute";
        changed = true;
      }
    }
  }
  ASSERT_TRUE(changed);
  s.nodes = nodes;
  const RunResult r = grade(s);
  const CheckResult& c = result(r, "step8.taint");
  EXPECT_EQ(c.outcome.status, Status::kFail);
  EXPECT_EQ(c.outcome.hint.id, "hint.step8.right-for-lab");
  EXPECT_EQ(c.outcome.unmet, (Need{Need::Kind::kCount, std::string(lab::kGateTaint)}));
  EXPECT_EQ(c.outcome.caused_by, "step5.taint");
  EXPECT_NE(render::right_answer_note(c, i18n::Lang::kEn).find("Keep this line"), std::string::npos);
  // An answer that is neither the live taint nor the lab's is still asked to match the cluster.
  auto& gate = s.files[std::string(lab::kFileGateReport)];
  const auto at = gate.content.find("NoSchedule");
  ASSERT_NE(at, std::string::npos);
  gate.content.replace(at, std::string("NoSchedule").size(), "PreferNoSchedule");
  gate.size = gate.content.size();
  EXPECT_EQ(result(grade(s), "step8.taint").outcome.hint.id, "hint.step8.taint.differs");
}

TEST(Step8Used, CountsTheSchedulersWay) {
  if (bundles_of("solution").empty()) GTEST_SKIP();
  Snapshot s = solution();
  nlohmann::json pods = s.pods.value();
  // An init container asking for 2 GPUs makes trainer count 2 (max of init, sum of containers).
  nlohmann::json* trainer = pod_in(pods, lab::kPodTrainer);
  ASSERT_NE(trainer, nullptr);
  (*trainer)["spec"]["initContainers"] =
      nlohmann::json::array({{{"name", "warm"}, {"resources", {{"requests", {{"nvidia.com/gpu", "2"}}}}}}});
  s.pods = pods;
  auto c = result(grade(s), "step8.used");
  EXPECT_EQ(c.outcome.status, Status::kFail);
  // The report's USED=2 is what the lab leaves; the cluster, changed under it, counts 3.
  EXPECT_EQ(c.outcome.hint.id, "hint.step8.right-for-lab");
  EXPECT_EQ(c.outcome.unmet, (Need{Need::Kind::kCount, std::string(lab::kGateUsed)}));
  EXPECT_NE(i18n::render(c.outcome.expected, i18n::Lang::kEn).find("USED=3"), std::string::npos);
  // A finished pod no longer counts.
  (*trainer)["status"]["phase"] = "Succeeded";
  s.pods = pods;
  c = result(grade(s), "step8.used");
  EXPECT_NE(i18n::render(c.outcome.expected, i18n::Lang::kEn).find("USED=1"), std::string::npos);
}

// A sidecar (init container with restartPolicy Always) runs beside the containers: the
// scheduler adds its request to theirs, and to every init container after it.
TEST(Step8Used, SidecarsAddToTheContainers) {
  if (bundles_of("solution").empty()) GTEST_SKIP();
  Snapshot s = solution();
  nlohmann::json pods = s.pods.value();
  nlohmann::json* trainer = pod_in(pods, lab::kPodTrainer);
  ASSERT_NE(trainer, nullptr);
  const auto gpu = [](const char* name, const char* n, bool sidecar) {
    nlohmann::json c = {{"name", name}, {"resources", {{"requests", {{"nvidia.com/gpu", n}}}}}};
    if (sidecar) c["restartPolicy"] = "Always";
    return c;
  };
  const auto used = [&](const nlohmann::json& init) {
    (*trainer)["spec"]["initContainers"] = init;
    s.pods = pods;
    const auto c = result(grade(s), "step8.used");
    return i18n::render(c.outcome.expected, i18n::Lang::kEn);
  };
  // trainer: 1 in its container + a 1-GPU sidecar = 2; with trainer2's 1 the node uses 3.
  EXPECT_NE(used(nlohmann::json::array({gpu("side", "1", true)})).find("USED=3"), std::string::npos);
  // An ordinary init container after the sidecar runs beside it: max(1 + 1, 1 + 1) = 2 -> 3.
  EXPECT_NE(used(nlohmann::json::array({gpu("side", "1", true), gpu("warm", "1", false)})).find("USED=3"),
            std::string::npos);
  // Before the sidecar it runs alone: max(2, 1 + 1) = 2 -> 3; a 3-GPU one alone: 3 -> 4.
  EXPECT_NE(used(nlohmann::json::array({gpu("warm", "3", false), gpu("side", "1", true)})).find("USED=4"),
            std::string::npos);
  // Without restartPolicy Always it is an ordinary init container: max(1, 1) = 1 -> 2.
  EXPECT_NE(used(nlohmann::json::array({gpu("warm", "1", false)})).find("USED=2"), std::string::npos);
}

TEST(Step8Words, GateReportVariants) {
  if (bundles_of("solution").empty()) GTEST_SKIP();
  Snapshot s = solution();
  auto& f = s.files[std::string(lab::kFileGateReport)];
  f.content =
      "allocatable: 2\r\nUSED = 2\r\nPENDING=2\r\nTAINT : "
      "nvidia.com/gpu=present:NoSchedule\r\nREQUESTS_EQUAL_LIMITS=필수"
      "\r\nFRACTIONAL=거절\r\nSCHEDULER_SEES=숫자\r\n";
  RunResult r = grade(s);
  for (const char* id : {"step8.format", "step8.allocatable", "step8.used", "step8.pending", "step8.taint",
                         "step8.requests-equal-limits", "step8.fractional", "step8.scheduler-sees"}) {
    EXPECT_EQ(result(r, id).outcome.status, Status::kPass) << id;
  }
  f.content =
      "ALLOCATABLE=two\nUSED=2\nUSED=2\nTAINT=nvidia.com/gpu=present:noschedule\nREQUESTS_EQUAL_LIMITS=no\n"
      "FRACTIONAL=yes\nSCHEDULER_SEES=maybe\n";
  r = grade(s);
  EXPECT_EQ(result(r, "step8.format").outcome.hint.id, "hint.step8.format.duplicates");
  EXPECT_EQ(result(r, "step8.allocatable").outcome.hint.id, "hint.step8.not-a-number");
  EXPECT_EQ(result(r, "step8.pending").outcome.hint.id, "hint.step8.key-missing");
  EXPECT_EQ(result(r, "step8.taint").outcome.hint.id, "hint.step8.taint.case");
  EXPECT_EQ(result(r, "step8.requests-equal-limits").outcome.hint.id, "hint.step8.requests-equal-limits.negative");
  EXPECT_EQ(result(r, "step8.fractional").outcome.hint.id, "hint.step8.fractional.affirmative");
  EXPECT_EQ(result(r, "step8.scheduler-sees").outcome.hint.id, "hint.step8.scheduler-sees.unknown");
  EXPECT_EQ(result(r, "step8.used").outcome.status, Status::kPass);
}

// The solution graded with a gate report of `counts` (its ALLOCATABLE, USED and PENDING lines)
// and the right answers to the other four.
RunResult graded_with_counts(const std::string& counts) {
  Snapshot s = solution();
  s.files[std::string(lab::kFileGateReport)].content =
      counts +
      "TAINT=nvidia.com/gpu=present:NoSchedule\nREQUESTS_EQUAL_LIMITS=yes\nFRACTIONAL=no\nSCHEDULER_SEES=numbers\n";
  return grade(s);
}

void expect_counts_pass(const RunResult& r) {
  for (const char* id : {"step8.format", "step8.allocatable", "step8.used", "step8.pending"}) {
    EXPECT_EQ(result(r, id).outcome.status, Status::kPass) << id;
  }
}

// A count written as a quantity Kubernetes reads as that whole number is the count (2.0, 2000m, 2
// ending a sentence); a fraction is no count, and 2k is two thousand.
TEST(Step8Words, CountsWrittenAsWholeQuantities) {
  if (bundles_of("solution").empty()) GTEST_SKIP();
  expect_counts_pass(graded_with_counts("ALLOCATABLE=2.0\nUSED=2000m\nPENDING=2.\n"));
  const RunResult r = graded_with_counts("ALLOCATABLE=1.5\nUSED=2k\nPENDING=1500m\n");
  EXPECT_EQ(result(r, "step8.allocatable").outcome.hint.id, "hint.step8.not-a-number");
  EXPECT_EQ(result(r, "step8.used").outcome.hint.id, "hint.step8.used.differs");
  EXPECT_EQ(result(r, "step8.pending").outcome.hint.id, "hint.step8.not-a-number");
}

// ALLOCATABLE and USED may name the resource before the amount, as kubectl's maps print it; the
// amount is still compared to the cluster's. PENDING counts pods, so a resource name there is none.
TEST(Step8Words, CountsNamedByTheirResource) {
  if (bundles_of("solution").empty()) GTEST_SKIP();
  expect_counts_pass(graded_with_counts("ALLOCATABLE=nvidia.com/gpu: 2\nUSED: nvidia.com/gpu=2\nPENDING=2\n"));
  const RunResult r =
      graded_with_counts("ALLOCATABLE=nvidia.com/gpu: 3\nUSED=nvidia.com/gpu 1\nPENDING=nvidia.com/gpu: 2\n");
  EXPECT_EQ(result(r, "step8.allocatable").outcome.hint.id, "hint.step8.allocatable.differs");
  EXPECT_EQ(result(r, "step8.used").outcome.hint.id, "hint.step8.used.differs");
  EXPECT_EQ(result(r, "step8.pending").outcome.hint.id, "hint.step8.not-a-number");
}

// TAINT with a note after it, as students write it, is the taint; another taint, the removal
// command or a wrong effect with a note is not.
TEST(Step8Words, TaintWithANoteAfterIt) {
  if (bundles_of("solution").empty()) GTEST_SKIP();
  Snapshot s = solution();
  auto& f = s.files[std::string(lab::kFileGateReport)];
  const std::string rest =
      "ALLOCATABLE=2\nUSED=2\nPENDING=2\nREQUESTS_EQUAL_LIMITS=yes\nFRACTIONAL=no\nSCHEDULER_SEES=numbers\n";
  for (const char* ok :
       {"nvidia.com/gpu=present:NoSchedule (kubectl describe 로 확인)",
        "nvidia.com/gpu=present:NoSchedule # from describe", "nvidia.com/gpu=present:NoSchedule 입니다",
        "nvidia.com/gpu=present:NoSchedule [lab-node-0]", "nvidia.com/gpu = present : NoSchedule"}) {
    f.content = rest + "TAINT=" + ok + "\n";
    EXPECT_EQ(result(grade(s), "step8.taint").outcome.status, Status::kPass) << ok;
  }
  for (const char* bad : {"nvidia.com/gpu=present:NoScheduleX", "nvidia.com/gpu=present:NoSchedule-",
                          "nvidia.com/gpu=present:NoExecute (describe)", "nvidia.com/gpu=presents:NoSchedule",
                          "nvidia.com/gpu=present:NoSchedule.other=x:NoExecute"}) {
    f.content = rest + "TAINT=" + bad + "\n";
    EXPECT_EQ(result(grade(s), "step8.taint").outcome.status, Status::kFail) << bad;
  }
  for (const char* spaced : {"nvidia.com/gpu=pre sent:NoSchedule", "nvidia.com/gpu=present:No Schedule",
                             "nvidia.com/ gpu=present:NoSchedule", "n v i d i a.com/gpu=present:NoSchedule"}) {
    f.content = rest + "TAINT=" + spaced + "\n";
    EXPECT_EQ(result(grade(s), "step8.taint").outcome.status, Status::kFail) << spaced;
  }
  f.content = rest + "TAINT=`nvidia.com/gpu=present:NoSchedule` (lab-node-0)\n";
  EXPECT_EQ(result(grade(s), "step8.taint").outcome.status, Status::kPass);
  f.content = rest + "TAINT=nvidia.com/gpu=present:noschedule (확인)\n";
  EXPECT_EQ(result(grade(s), "step8.taint").outcome.hint.id, "hint.step8.taint.case");
}

// The answers of the audit on the real solution capture: a contrast, a restriction and a polite
// ending pass; the contrast the other way round fails as the devices answer.
TEST(Step8Words, ContrastsAndPoliteEndingsOnTheSolution) {
  if (bundles_of("solution").empty()) GTEST_SKIP();
  Snapshot s = solution();
  auto& f = s.files[std::string(lab::kFileGateReport)];
  const std::string counts = "ALLOCATABLE=2\nUSED=2\nPENDING=2\nTAINT=nvidia.com/gpu=present:NoSchedule\n";
  f.content =
      counts + "REQUESTS_EQUAL_LIMITS=같습니다\nFRACTIONAL=must be a whole number\nSCHEDULER_SEES=장치가 아니라 숫자\n";
  RunResult r = grade(s);
  for (const char* id : {"step8.requests-equal-limits", "step8.fractional", "step8.scheduler-sees"}) {
    EXPECT_EQ(result(r, id).outcome.status, Status::kPass) << id;
  }
  f.content =
      counts + "REQUESTS_EQUAL_LIMITS=같지 않습니다\nFRACTIONAL=안 됩니다\nSCHEDULER_SEES=not numbers but devices\n";
  r = grade(s);
  EXPECT_EQ(result(r, "step8.requests-equal-limits").outcome.hint.id, "hint.step8.requests-equal-limits.negative");
  EXPECT_EQ(result(r, "step8.fractional").outcome.status, Status::kPass);
  EXPECT_EQ(result(r, "step8.scheduler-sees").outcome.hint.id, "hint.step8.scheduler-sees.devices");
}

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
