// One mistake, one root, named where it is: states a probe of real student work found blamed on the
// wrong check, each built from a real capture changed only as Kubernetes would have it.
#include <gtest/gtest.h>

#include <string>
#include <string_view>
#include <tuple>
#include <utility>

#include <nlohmann/json.hpp>

#include "captured_checks.h"
#include "checks.h"
#include "gpuwhy/i18n/i18n.h"
#include "gpuwhy/lab/lab.h"
#include "gpuwhy/model/snapshot.h"

namespace gpuwhy {
namespace {

using gpuwhy_test::bundles_of;
using gpuwhy_test::load;
using gpuwhy_test::pod_in;
using gpuwhy_test::result;
using nlohmann::json;

// `file` of `s` with `from` replaced by `to` (which must be there).
void edit(Snapshot& s, std::string_view file, const std::string& from, const std::string& to) {
  auto& f = s.files.at(std::string(file));
  const auto at = f.content.find(from);
  ASSERT_NE(at, std::string::npos) << file << " has no " << from;
  f.content.replace(at, from.size(), to);
  f.size = f.content.size();
}

// The pod's live tolerations of the lab's taint key replaced by `tol`.
void set_toleration(Snapshot& s, std::string_view name, const json& tol) {
  json pods = s.pods.value();
  json* p = pod_in(pods, name);
  ASSERT_NE(p, nullptr);
  json kept = json::array({tol});
  for (const auto& t : (*p)["spec"]["tolerations"]) {
    if (t.value("key", "") != lab::kTaintKey) kept.push_back(t);
  }
  (*p)["spec"]["tolerations"] = kept;
  s.pods = pods;
}

// trainer2 tolerates an extra taint beside the lab's and not the lab's: removing the extra one
// would not let it in, so its toleration is its own root, not the taint's consequence.
TEST(OneRoot, ATolerationOfAnExtraTaintLeavesTheLabsTaintTrainer2sOwn) {
  const auto b = bundles_of("toleration-wrong-value");
  if (b.empty()) GTEST_SKIP();
  Snapshot s = load(b.front());
  json nodes = s.nodes.value();
  for (auto& n : nodes["items"]) {
    if (n["metadata"]["name"] == lab::kGpuNode)
      n["spec"]["taints"].push_back({{"key", lab::kTaintKey}, {"value", "true"}, {"effect", "NoSchedule"}});
  }
  s.nodes = nodes;
  const RunResult r = gpuwhy_test::grade(s);
  EXPECT_EQ(result(r, "step5.taint").outcome.status, Status::kFail);
  const auto& tol = result(r, "step6.toleration").outcome;
  EXPECT_EQ(tol.status, Status::kFail);
  EXPECT_TRUE(tol.caused_by.empty()) << tol.caused_by;
  EXPECT_EQ(result(r, "step6.placed").outcome.caused_by, "step6.toleration");
}

// trainer3 written right while trainer2's toleration is wrong: copying trainer2 would copy the
// fault, so trainer3's difference is under trainer2's toleration, not a root telling it to copy.
TEST(OneRoot, Trainer3DifferingFromAFaultyTrainer2IsUnderTrainer2sToleration) {
  const auto b = bundles_of("toleration-wrong-value");
  if (b.empty()) GTEST_SKIP();
  Snapshot s = load(b.front());
  edit(s, lab::kManifestTrainer3, "value: \"true\"", "value: present");
  set_toleration(s, lab::kPodTrainer3,
                 {{"key", lab::kTaintKey}, {"operator", "Equal"}, {"value", "present"}, {"effect", "NoSchedule"}});
  const RunResult r = gpuwhy_test::grade(s);
  const auto& same = result(r, "step7.same-as-trainer2").outcome;
  EXPECT_EQ(same.status, Status::kFail);
  EXPECT_EQ(same.caused_by, "step6.toleration");
  // trainer2 right and trainer3 not: trainer3's own fault.
  const auto ok = bundles_of("solution");
  ASSERT_FALSE(ok.empty());
  Snapshot t = load(ok.front());
  edit(t, lab::kManifestTrainer3, "value: present", "value: \"true\"");
  const RunResult rt = gpuwhy_test::grade(t);
  const auto& own = result(rt, "step7.same-as-trainer2").outcome;
  EXPECT_EQ(own.status, Status::kFail);
  EXPECT_TRUE(own.caused_by.empty()) << own.caused_by;
}

// trainer asks for a resource the node does not advertise (`nvidia.com/gpus`, which the apiserver
// accepts): Pending on every node, whatever the taint does besides. The manifest is the one root.
TEST(OneRoot, TrainerAskingForAResourceTheNodeLacksIsItsManifests) {
  const auto b = bundles_of("solution");
  if (b.empty()) GTEST_SKIP();
  Snapshot s = load(b.front());
  edit(s, lab::kManifestTrainer, "nvidia.com/gpu: 1", "nvidia.com/gpus: 1");
  json pods = s.pods.value();
  json* t = pod_in(pods, lab::kPodTrainer);
  ASSERT_NE(t, nullptr);
  for (auto& c : (*t)["spec"]["containers"])
    c["resources"] = {{"limits", {{"nvidia.com/gpus", "1"}}}, {"requests", {{"nvidia.com/gpus", "1"}}}};
  (*t)["spec"].erase("nodeName");
  (*t)["status"] = {
      {"phase", "Pending"},
      {"conditions",
       json::array({{{"type", "PodScheduled"},
                     {"status", "False"},
                     {"reason", "Unschedulable"},
                     {"message",
                      "0/3 nodes are available: 1 node(s) had untolerated taint {nvidia.com/gpu: present}, 2 "
                      "Insufficient nvidia.com/gpus. no new claims to deallocate, preemption: 0/3 nodes are "
                      "available: 3 Preemption is not helpful for scheduling."}}})}};
  s.pods = pods;
  const RunResult r = gpuwhy_test::grade(s);
  EXPECT_EQ(result(r, "step4.manifest").outcome.status, Status::kFail);
  const auto& placed = result(r, "step4.placed-by-scheduler").outcome;
  EXPECT_EQ(placed.status, Status::kFail);
  EXPECT_EQ(placed.caused_by, "step4.manifest");
}

// cpu-only's nodeSelector with another pair unquoted (`nvidia.com/gpu.count: 2`): the apiserver
// refuses the file as it would any pod's; only the lab's own key unquoted has step 5's own hint.
TEST(OneRoot, AnotherSelectorValueUnquotedIsRefusedAsAnyPodsIs) {
  const auto b = bundles_of("solution");
  if (b.empty()) GTEST_SKIP();
  Snapshot s = load(b.front());
  edit(s, lab::kManifestCpuOnly, "  nodeSelector:\n", "  nodeSelector:\n    nvidia.com/gpu.count: 2\n");
  const RunResult rs = gpuwhy_test::grade(s);
  const auto& extra = result(rs, "step5.cpu-only-spec").outcome;
  EXPECT_EQ(extra.status, Status::kFail);
  EXPECT_EQ(extra.hint.id, "hint.manifest.constraint.not-string");
  Snapshot quoted = load(b.front());
  edit(quoted, lab::kManifestCpuOnly, "  nodeSelector:\n", "  nodeSelector:\n    nvidia.com/gpu.count: \"2\"\n");
  EXPECT_EQ(result(gpuwhy_test::grade(quoted), "step5.cpu-only-spec").outcome.status, Status::kPass);
}

// trainer2's toleration under another key (case, the label's key): the hint names the key as
// written, not "no toleration", while the evidence shows one. Its grade and its causes stay the
// missing toleration's: the taint removed to let trainer2 in is still that.
TEST(OneRoot, ATolerationUnderAnotherKeyIsNamedByItsKey) {
  const auto b = bundles_of("toleration-wrong-value");
  if (b.empty()) GTEST_SKIP();
  for (const std::string key : {"nvidia.com/GPU", "nvidia.com/gpu.present", "gpu"}) {
    SCOPED_TRACE(key);
    Snapshot s = load(b.front());
    set_toleration(s, lab::kPodTrainer2,
                   {{"key", key}, {"operator", "Equal"}, {"value", "present"}, {"effect", "NoSchedule"}});
    const RunResult r = gpuwhy_test::grade(s);
    const auto& tol = result(r, "step6.toleration").outcome;
    EXPECT_EQ(tol.status, Status::kFail);
    EXPECT_EQ(tol.hint.id, "hint.step6.toleration.wrong-key");
    EXPECT_EQ(tol.hint.args.at("found"), key);
  }
  Snapshot other = load(b.front());
  set_toleration(other, lab::kPodTrainer2,
                 {{"key", "dedicated"}, {"operator", "Equal"}, {"value", "ml"}, {"effect", "NoSchedule"}});
  EXPECT_EQ(result(gpuwhy_test::grade(other), "step6.toleration").outcome.hint.id, "hint.step6.toleration.missing");
}

// The GPU asked by an init container alone: the app container has none, and the hint says so
// rather than that the limit is missing. A sidecar (restartPolicy: Always) does not end before the
// app starts: its hint says it runs beside the app, with the GPU the app lacks.
TEST(OneRoot, AGpuAskedOnlyByAnInitContainerIsNamedSo) {
  const auto b = bundles_of("solution");
  if (b.empty()) GTEST_SKIP();
  const std::string block = "    resources:\n      limits:\n        nvidia.com/gpu: 1\n";
  for (const auto& [policy, hint] :
       {std::pair{"", "hint.gpu.init-only"}, std::pair{"    restartPolicy: Always\n", "hint.gpu.sidecar-only"}}) {
    const std::string init = "  initContainers:\n  - name: warmup\n    image: busybox:1.36\n" + std::string(policy) +
                             block + "  containers:\n";
    for (const auto& [file, check] :
         {std::pair{lab::kManifestTrainer, "step4.manifest"}, std::pair{lab::kManifestTrainer2, "step6.gpu"}}) {
      SCOPED_TRACE(std::string(file) + " " + hint);
      Snapshot s = load(b.front());
      edit(s, file, block, "");
      edit(s, file, "  containers:\n", init);
      const RunResult r = gpuwhy_test::grade(s);
      const auto& o = result(r, check).outcome;
      EXPECT_EQ(o.status, Status::kFail);
      EXPECT_EQ(o.hint.id, hint);
      EXPECT_EQ(o.hint.args.at("detail"), "warmup=1");
    }
  }
}

// lab-node-0 advertises 1 or 3 allocatable GPUs: step 7's slots cannot run out as the lab means
// whatever runs, so its checks say the amount is the fault (under step 2's), never "bring trainer
// and trainer2 back", which could not fix it.
TEST(OneRoot, AnotherAllocatableAmountIsStep7sPremiseNotMissingPods) {
  for (const char* scenario : {"allocatable-one", "allocatable-three"}) {
    for (const auto& bundle : bundles_of(scenario)) {
      SCOPED_TRACE(bundle.string());
      const RunResult r = gpuwhy_test::grade(load(bundle));
      for (const char* check : {"step7.pending-insufficient", "step7.exhausted-file"}) {
        const auto& c = result(r, check);
        if (c.outcome.status != Status::kFail) continue;
        EXPECT_NE(c.outcome.hint.id, "hint.step7.premise-slots") << check;
      }
      const auto& p = result(r, "step7.pending-insufficient").outcome;
      if (std::string(scenario) == "allocatable-one") {
        EXPECT_EQ(p.hint.id, "hint.step7.premise-allocatable-amount");
        EXPECT_EQ(p.hint.args.at("allocatable"), "1");
        EXPECT_EQ(p.caused_by, "step2.allocatable");
      }
    }
  }
}

// A gated pod's PodScheduled condition ("Scheduling is blocked due to non-empty scheduling gates")
// saved as cpu-only's message: no scheduler wrote it, and the hint says so rather than that the
// file holds no message. Once the gate is gone and the scheduler has named the taint, the saved
// condition is only stale.
TEST(OneRoot, AGatedPodsConditionSavedIsNamedAsNoSchedulerMessage) {
  const auto b = bundles_of("cpu-only-gated");
  if (b.empty()) GTEST_SKIP();
  Snapshot s = load(b.front());
  const RunResult r = gpuwhy_test::grade(s);
  const auto& saved = result(r, "step5.tainted-file").outcome;
  EXPECT_EQ(saved.status, Status::kFail);
  EXPECT_EQ(saved.hint.id, "hint.scheduler-file.gated");
  EXPECT_EQ(saved.caused_by, "step5.cpu-only-pending");  // which the gate in the manifest causes
  // The solution's live cpu-only (no gate, the taint's message) with the gated file kept.
  const auto sol = bundles_of("solution");
  if (sol.empty()) GTEST_SKIP();
  Snapshot fixed = load(sol.front());
  fixed.files.at(std::string(lab::kFileTainted)) = s.files.at(std::string(lab::kFileTainted));
  const RunResult graded = gpuwhy_test::grade(fixed);
  const auto& stale = result(graded, "step5.tainted-file").outcome;
  EXPECT_EQ(stale.status, Status::kFail);
  EXPECT_EQ(stale.hint.id, "hint.scheduler-file.stale");
  EXPECT_FALSE(stale.hint.args.at("live").empty());
}

// A hint to delete trainer and create it again, given after step 5 tainted lab-node-0: trainer has
// no toleration, so a new trainer would stay Pending, and a Pending trainer3 would take the GPU
// freed first. The hint says to untaint first and delete trainer3 first; trainer2, which
// tolerates the taint, is told only the second.
TEST(OneRoot, RecreatingATrainerAfterTheTaintSaysWhatComesFirst) {
  for (const auto& [scenario, check, pod] :
       {std::tuple{"trainer-bound-by-hand", "step4.placed-by-scheduler", "trainer"},
        std::tuple{"trainer2-bound-by-hand", "step6.placed", "trainer2"}}) {
    for (const auto& bundle : bundles_of(scenario)) {
      SCOPED_TRACE(bundle.string());
      const RunResult r = gpuwhy_test::grade(load(bundle));
      const auto& hint = result(r, check).outcome.hint;
      ASSERT_EQ(hint.args.at("pod"), pod);
      const std::string en = i18n::render(hint, i18n::Lang::kEn);
      const bool trainer = std::string(pod) == "trainer";
      EXPECT_EQ(en.find("kubectl taint node lab-node-0 nvidia.com/gpu-") != std::string::npos, trainer) << en;
      EXPECT_NE(en.find("Delete trainer3 first"), std::string::npos) << en;
      for (const auto lang : {i18n::Lang::kKo, i18n::Lang::kJa}) {
        const std::string t = i18n::render(hint, lang);
        EXPECT_NE(t.find("trainer3"), std::string::npos) << t;
        EXPECT_EQ(t.find('{'), std::string::npos) << t;
      }
    }
  }
  // Without trainer3 and the taint, the hint is the fault alone.
  for (const auto& bundle : bundles_of("trainer-bound-by-hand")) {
    Snapshot s = load(bundle);
    json pods = s.pods.value();
    json kept = json::array();
    for (const auto& p : pods["items"]) {
      if (p["metadata"]["name"] != lab::kPodTrainer3) kept.push_back(p);
    }
    pods["items"] = kept;
    s.pods = pods;
    json nodes = s.nodes.value();
    for (auto& n : nodes["items"]) n["spec"].erase("taints");
    s.nodes = nodes;
    const RunResult r = gpuwhy_test::grade(s);
    const auto& hint = result(r, "step4.placed-by-scheduler").outcome.hint;
    EXPECT_FALSE(hint.args.contains("part_taint@"));
    EXPECT_FALSE(hint.args.contains("part_order@"));
    EXPECT_TRUE(i18n::render(hint, i18n::Lang::kEn).ends_with("choose lab-node-0."));
  }
}

}  // namespace
}  // namespace gpuwhy
