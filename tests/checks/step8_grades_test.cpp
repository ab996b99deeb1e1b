// Step 8's gate report graded on the real solution capture, one line changed: the counts as the
// scheduler counts them, the taint as the node carries it, and the answer words in three languages.
#include <gtest/gtest.h>

#include <map>
#include <optional>
#include <string>

#include "captured_checks.h"
#include "checks.h"
#include "gpuwhy/collect/collect.h"
#include "gpuwhy/i18n/i18n.h"
#include "gpuwhy/lab/lab.h"
#include "gpuwhy/model/snapshot.h"
#include "gpuwhy/render/render.h"

namespace gpuwhy {
namespace {

using gpuwhy_test::bundles_of;
using gpuwhy_test::grade;
using gpuwhy_test::pod_in;
using gpuwhy_test::report_with;
using gpuwhy_test::result;
using gpuwhy_test::solution;

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

// The scheduler sums every pod bound to the node, whatever its namespace: namespace-typo's
// trainer and trainer2 run in gpu-wyh and hold both GPUs of lab-node-0, so its USED=2 is right.
TEST(Step8Used, CountsThePodsOfEveryNamespaceOnTheNode) {
  std::optional<Snapshot> typo;
  for (const auto& b : bundles_of("namespace-typo")) {
    if (Snapshot s = gpuwhy_test::load(b); s.node_pods.ok()) typo = std::move(s);
  }
  if (!typo) GTEST_SKIP() << "no capture of namespace-typo with the node's other pods";
  Snapshot s = *typo;
  auto c = result(grade(s), "step8.used");
  EXPECT_EQ(c.outcome.status, Status::kPass);
  const std::string shown = render::json(grade(s), {});
  EXPECT_NE(shown.find("gpu-wyh/trainer2"), std::string::npos) << "the evidence names the pod with its namespace";

  // Another namespace's pod that finished there holds nothing; one still running holds its GPU.
  nlohmann::json others = s.node_pods.value();
  ASSERT_EQ(others["items"].size(), 2U);
  others["items"][0]["status"]["phase"] = "Succeeded";
  s.node_pods = others;
  c = result(grade(s), "step8.used");
  EXPECT_EQ(c.outcome.status, Status::kFail);
  EXPECT_NE(i18n::render(c.outcome.expected, i18n::Lang::kEn).find("USED=1"), std::string::npos);

  // A bundle that has none of them (recorded before they were read) knows the lab's namespace
  // only: no pod of gpu-why is on the node.
  s.node_pods = Fetched<nlohmann::json>();
  c = result(grade(s), "step8.used");
  EXPECT_EQ(c.outcome.status, Status::kFail);
  EXPECT_NE(i18n::render(c.outcome.expected, i18n::Lang::kEn).find("USED=0"), std::string::npos);

  // Not allowed to list them: the check cannot be told, an error of the environment naming the rule.
  s.node_pods = FetchError{ErrorKind::kHttp, 403, "GET /api/v1/pods: 403 Forbidden"};
  c = result(grade(s), "step8.used");
  EXPECT_EQ(c.outcome.status, Status::kError);
  EXPECT_EQ(c.outcome.hint.id, "hint.env.forbidden");
  EXPECT_NE(i18n::render(c.outcome.hint, i18n::Lang::kEn).find("list on pods (cluster-wide)"), std::string::npos)
      << i18n::render(c.outcome.hint, i18n::Lang::kEn);
}

// A pod of another namespace holding a GPU of lab-node-0 beside the solution's two counts too.
TEST(Step8Used, AnotherNamespacesPodOnTheNodeCounts) {
  if (bundles_of("solution").empty()) GTEST_SKIP();
  Snapshot s = solution();
  nlohmann::json pods = s.pods.value();
  nlohmann::json* trainer = pod_in(pods, lab::kPodTrainer);
  ASSERT_NE(trainer, nullptr);
  nlohmann::json other = *trainer;
  other["metadata"]["namespace"] = "team-b";
  other["metadata"]["uid"] = "00000000-0000-4000-8000-0000000000b1";
  nlohmann::json list = {{"kind", "PodList"}, {"apiVersion", "v1"}, {"items", nlohmann::json::array()}};
  list["items"].push_back(*lab_view_of_node_pod(other));
  s.node_pods = list;
  const auto c = result(grade(s), "step8.used");
  EXPECT_EQ(c.outcome.status, Status::kFail);
  EXPECT_NE(i18n::render(c.outcome.expected, i18n::Lang::kEn).find("USED=3"), std::string::npos);
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
      "ALLOCATABLE=many\nUSED=2\nUSED=2\nTAINT=nvidia.com/gpu=present:noschedule\nREQUESTS_EQUAL_LIMITS=no\n"
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

// A FRACTIONAL answer that says fractions are allowed gets the hint that names it so, in every
// language; the same word is no answer to REQUESTS_EQUAL_LIMITS. A negated one passes.
TEST(Step8Words, AllowedIsTheWrongAnswerToFractionalAndNoAnswerToRequestsEqualLimits) {
  if (bundles_of("solution").empty()) GTEST_SKIP();
  Snapshot s = solution();
  auto& f = s.files[std::string(lab::kFileGateReport)];
  for (const char* allowed : {"allowed", "permitted", "허용", "가능합니다", "可能", "許可"}) {
    f.content = report_with({{"REQUESTS_EQUAL_LIMITS", allowed}, {"FRACTIONAL", allowed}});
    const RunResult r = grade(s);
    EXPECT_EQ(result(r, "step8.fractional").outcome.hint.id, "hint.step8.fractional.affirmative") << allowed;
    EXPECT_EQ(result(r, "step8.requests-equal-limits").outcome.hint.id, "hint.step8.requests-equal-limits.unknown")
        << allowed;
    EXPECT_EQ(result(r, "step8.format").outcome.status, Status::kPass) << allowed;
  }
  for (const char* refused : {"not allowed", "허용 안 됨", "정수만 허용", "integers only allowed", "許可されない"}) {
    f.content = report_with({{"FRACTIONAL", refused}});
    EXPECT_EQ(result(grade(s), "step8.fractional").outcome.status, Status::kPass) << refused;
  }
}

// REQUESTS_EQUAL_LIMITS answered by what happens when the two differ: refused passes, allowed
// fails with the hint that names the no; FRACTIONAL is not read that way.
TEST(Step8Words, DifferingRefusedAnswersRequestsEqualLimits) {
  Snapshot s = solution();
  auto& f = s.files[std::string(lab::kFileGateReport)];
  for (const char* yes : {"must not differ", "다르면 안 됨", "불일치 불가", "mismatch is rejected"}) {
    f.content = report_with({{"REQUESTS_EQUAL_LIMITS", yes}, {"FRACTIONAL", "정수 외 다른 값 불가"}});
    const RunResult r = grade(s);
    EXPECT_EQ(result(r, "step8.requests-equal-limits").outcome.status, Status::kPass) << yes;
    EXPECT_EQ(result(r, "step8.fractional").outcome.status, Status::kPass) << yes;
  }
  for (const char* no : {"can differ", "달라도 됨", "different"}) {
    f.content = report_with({{"REQUESTS_EQUAL_LIMITS", no}});
    EXPECT_EQ(result(grade(s), "step8.requests-equal-limits").outcome.hint.id,
              "hint.step8.requests-equal-limits.negative")
        << no;
  }
}

// SCHEDULER_SEES naming both answers joined is no answer, and the hint says it holds two.
TEST(Step8Words, NumbersAndDevicesJoinedIsTwoAnswers) {
  Snapshot s = solution();
  auto& f = s.files[std::string(lab::kFileGateReport)];
  for (const char* both : {"numbers and devices", "숫자와 장치", "数値とデバイス"}) {
    f.content = report_with({{"SCHEDULER_SEES", both}});
    const RunResult r = grade(s);
    const auto& c = result(r, "step8.scheduler-sees");
    EXPECT_EQ(c.outcome.hint.id, "hint.step8.ambiguous") << both;
    EXPECT_NE(i18n::render(c.outcome.hint, i18n::Lang::kEn).find("both numbers and devices"), std::string::npos);
  }
  for (const char* one : {"GPU count", "실제 GPU가 아니라 숫자", "GPUの個数"}) {
    f.content = report_with({{"SCHEDULER_SEES", one}});
    EXPECT_EQ(result(grade(s), "step8.scheduler-sees").outcome.status, Status::kPass) << one;
  }
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

// A count worked out as a sum is its total (the hint must not say "USED is 1+1 but the pods
// request 2"); a sum whose written total is another number is no count.
TEST(Step8Words, CountsWorkedOutAsSums) {
  if (bundles_of("solution").empty()) GTEST_SKIP();
  expect_counts_pass(graded_with_counts("ALLOCATABLE=2\nUSED=1 (trainer) + 1 (trainer2)\nPENDING=1+1=2\n"));
  expect_counts_pass(graded_with_counts("ALLOCATABLE=2+0\nUSED=1 + 1 GPUs\nPENDING=1+1개\n"));
  const RunResult r = graded_with_counts("ALLOCATABLE=2\nUSED=1+2\nPENDING=1 + 1 = 3\n");
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

// TAINT copied with the label kubectl prints before it (describe's `Taints:` field, the node's
// name of a name-and-taints jsonpath) is the taint; another node's name or a wrong taint after the
// label is not.
TEST(Step8Words, TaintWithKubectlsLabelBeforeIt) {
  if (bundles_of("solution").empty()) GTEST_SKIP();
  Snapshot s = solution();
  auto& f = s.files[std::string(lab::kFileGateReport)];
  for (const char* ok :
       {"Taints:             nvidia.com/gpu=present:NoSchedule", "taints: nvidia.com/gpu=present:NoSchedule",
        "lab-node-0: nvidia.com/gpu=present:NoSchedule", "lab-node-0:nvidia.com/gpu=present:NoSchedule (describe)"}) {
    f.content = report_with({{"TAINT", ok}});
    EXPECT_EQ(result(grade(s), "step8.taint").outcome.status, Status::kPass) << ok;
  }
  for (const char* bad : {"Taints: nvidia.com/gpu=present:NoExecute", "lab-node-1: nvidia.com/gpu=present:NoSchedule",
                          "Taints: <none>", "lab-node-0:"}) {
    f.content = report_with({{"TAINT", bad}});
    EXPECT_EQ(result(grade(s), "step8.taint").outcome.status, Status::kFail) << bad;
  }
}

// ALLOCATABLE=<none> is what kubectl prints for an allocatable that is not there: right where the
// node advertises none (capacity-only), wrong where it advertises 2.
TEST(Step8Words, AllocatableNoneIsKubectlsAbsentValue) {
  for (const auto& bundle : bundles_of("capacity-only")) {
    Snapshot s = gpuwhy_test::load(bundle);
    auto& f = s.files[std::string(lab::kFileGateReport)];
    for (const char* v : {"<none>", "<NONE>", " <none> "}) {
      f.content = report_with({{"ALLOCATABLE", v}});
      EXPECT_EQ(result(grade(s), "step8.allocatable").outcome.status, Status::kPass) << bundle << v;
    }
    f.content = report_with({{"ALLOCATABLE", "none of it"}});
    EXPECT_EQ(result(grade(s), "step8.allocatable").outcome.status, Status::kFail) << bundle;
  }
  if (bundles_of("solution").empty()) GTEST_SKIP();
  Snapshot s = solution();
  s.files[std::string(lab::kFileGateReport)].content = report_with({{"ALLOCATABLE", "<none>"}});
  EXPECT_EQ(result(grade(s), "step8.allocatable").outcome.status, Status::kFail);
  s.files[std::string(lab::kFileGateReport)].content = report_with({{"USED", "<none>"}});
  EXPECT_EQ(result(grade(s), "step8.used").outcome.status, Status::kFail);
}

// TAINT ending a sentence (a full stop, a comma before a note) is the taint; a comma before
// another taint is not.
TEST(Step8Words, TaintEndingASentence) {
  if (bundles_of("solution").empty()) GTEST_SKIP();
  Snapshot s = solution();
  auto& f = s.files[std::string(lab::kFileGateReport)];
  for (const char* ok : {"nvidia.com/gpu=present:NoSchedule.", "nvidia.com/gpu=present:NoSchedule, 확인함",
                         "nvidia.com/gpu=present:NoSchedule. (describe)"}) {
    f.content = report_with({{"TAINT", ok}});
    EXPECT_EQ(result(grade(s), "step8.taint").outcome.status, Status::kPass) << ok;
  }
  for (const char* bad : {"nvidia.com/gpu=present:NoSchedule,other=x:NoExecute", "nvidia.com/gpu=present:NoSched.",
                          "nvidia.com/gpu=present:NoSchedule, nvidia.com/gpu=present:NoExecute"}) {
    f.content = report_with({{"TAINT", bad}});
    EXPECT_EQ(result(grade(s), "step8.taint").outcome.status, Status::kFail) << bad;
  }
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

// A note after TAINT gets one verdict whatever the separator before it: one that names another
// effect (a hedge, a second taint) fails after a blank, `/`, `;`, `,` or `.` alike, unless it
// denies it; a remark in parentheses or after `#` is not read. Quotes around the taint are dropped
// as backticks are.
TEST(Step8Words, TaintNotesReadAlikeWhateverTheSeparator) {
  if (bundles_of("solution").empty()) GTEST_SKIP();
  Snapshot s = solution();
  auto& f = s.files[std::string(lab::kFileGateReport)];
  for (const char* ok :
       {"nvidia.com/gpu=present:NoSchedule, not NoExecute", "nvidia.com/gpu=present:NoSchedule (not NoExecute)",
        "nvidia.com/gpu=present:NoSchedule (NoExecute였다면 trainer가 쫓겨남)",
        "nvidia.com/gpu=present:NoSchedule, NoExecute 아님", "\"nvidia.com/gpu=present:NoSchedule\" (describe)",
        "'nvidia.com/gpu=present:NoSchedule' # from describe"}) {
    f.content = report_with({{"TAINT", ok}});
    EXPECT_EQ(result(grade(s), "step8.taint").outcome.status, Status::kPass) << ok;
  }
  for (const char* bad :
       {"nvidia.com/gpu=present:NoSchedule or NoExecute", "nvidia.com/gpu=present:NoSchedule / NoExecute",
        "nvidia.com/gpu=present:NoSchedule nvidia.com/gpu=present:NoExecute",
        "nvidia.com/gpu=present:NoSchedule; nvidia.com/gpu=present:NoExecute",
        "nvidia.com/gpu=present:NoSchedule 또는 NoExecute"}) {
    f.content = report_with({{"TAINT", bad}});
    EXPECT_EQ(result(grade(s), "step8.taint").outcome.status, Status::kFail) << bad;
  }
}

// The node carries the lab's taint and a PreferNoSchedule one of its key (the taint-extra-effect
// capture): TAINT is the one that keeps pods off; the one that only lowers a score is not it; all
// the node's taints of the key, listed, are what it shows (the extra one is step 5's fault).
TEST(Step8Taint, TheTaintThatGatesIsTheAnswerBesideAScoringOne) {
  const auto bundles = bundles_of("taint-extra-effect");
  if (bundles.empty()) GTEST_SKIP();
  for (const auto& bundle : bundles) {
    Snapshot s = gpuwhy_test::load(bundle);
    auto& f = s.files[std::string(lab::kFileGateReport)];
    for (const char* ok : {"nvidia.com/gpu=present:NoSchedule",
                           "nvidia.com/gpu=present:PreferNoSchedule, nvidia.com/gpu=present:NoSchedule",
                           "nvidia.com/gpu=present:NoSchedule nvidia.com/gpu=present:PreferNoSchedule"}) {
      f.content = report_with({{"TAINT", ok}});
      EXPECT_EQ(result(grade(s), "step8.taint").outcome.status, Status::kPass) << bundle << ok;
    }
    f.content = report_with({{"TAINT", "nvidia.com/gpu=present:PreferNoSchedule"}});
    const RunResult r = grade(s);
    const auto& c = result(r, "step8.taint");
    EXPECT_EQ(c.outcome.status, Status::kFail) << bundle;
    EXPECT_EQ(c.outcome.hint.id, "hint.step8.taint.differs") << bundle;
  }
}

// ALLOCATABLE and USED as -o yaml and -o json print them (quoted, with json's comma), and with a
// quantity's sign: the amount compared as Kubernetes reads it.
TEST(Step8Words, CountsCopiedFromYamlOrJson) {
  if (bundles_of("solution").empty()) GTEST_SKIP();
  expect_counts_pass(
      graded_with_counts("ALLOCATABLE=nvidia.com/gpu: \"2\"\nUSED=\"nvidia.com/gpu\": \"2\",\nPENDING=+2\n"));
  expect_counts_pass(graded_with_counts("ALLOCATABLE=+2\nUSED=nvidia.com/gpu: +2\nPENDING=2\n"));
  const RunResult r = graded_with_counts("ALLOCATABLE=\"nvidia.com/gpu\": \"3\",\nUSED=+1\nPENDING=2\n");
  EXPECT_EQ(result(r, "step8.allocatable").outcome.hint.id, "hint.step8.allocatable.differs");
  EXPECT_EQ(result(r, "step8.used").outcome.hint.id, "hint.step8.used.differs");
}

// A TAINT listing every taint of a cordoned node (the gpu-node-cordoned capture) names the node
// controller's node.kubernetes.io/unschedulable too, with or without a separator: that one is not
// the student's to name; another taint named beside the lab's still fails.
TEST(Step8Taint, TheNodeControllersTaintInAListIsNoPartOfTheAnswer) {
  const auto bundles = bundles_of("gpu-node-cordoned");
  if (bundles.empty()) GTEST_SKIP();
  for (const auto& bundle : bundles) {
    Snapshot s = gpuwhy_test::load(bundle);
    auto& f = s.files[std::string(lab::kFileGateReport)];
    for (const char* ok : {"nvidia.com/gpu=present:NoSchedulenode.kubernetes.io/unschedulable=:NoSchedule",
                           "node.kubernetes.io/unschedulable:NoSchedule, nvidia.com/gpu=present:NoSchedule",
                           "nvidia.com/gpu=present:NoSchedule"}) {
      f.content = report_with({{"TAINT", ok}});
      EXPECT_EQ(result(grade(s), "step8.taint").outcome.status, Status::kPass) << bundle << ok;
    }
    for (const char* bad : {"node.kubernetes.io/unschedulable:NoSchedule",
                            "nvidia.com/gpu=present:NoSchedule, example.com/x=y:NoSchedule"}) {
      f.content = report_with({{"TAINT", bad}});
      EXPECT_EQ(result(grade(s), "step8.taint").outcome.status, Status::kFail) << bundle << bad;
    }
  }
}

}  // namespace
}  // namespace gpuwhy
