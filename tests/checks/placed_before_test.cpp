// cpu-only running where the scheduler would not place it now: placed before the taint, or while
// another node had the labels (a pod is placed once; NoSchedule evicts nothing). The hint says
// which, never the three causes that do not hold.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "captured_checks.h"
#include "checks.h"
#include "gpuwhy/lab/lab.h"
#include "gpuwhy/model/snapshot.h"

namespace gpuwhy {
namespace {

using gpuwhy_test::bundles_of;
using gpuwhy_test::pod_in;
using gpuwhy_test::result;
using gpuwhy_test::solution;

// The solution with cpu-only bound to `node` by the scheduler, Running.
Snapshot cpu_only_on(const std::string& node) {
  Snapshot s = solution();
  nlohmann::json pods = s.pods.value();
  nlohmann::json* p = pod_in(pods, lab::kPodCpuOnly);
  EXPECT_NE(p, nullptr);
  if (p != nullptr) {
    (*p)["spec"]["nodeName"] = node;
    (*p)["status"] = {{"phase", "Running"},
                      {"conditions", nlohmann::json::array({{{"type", "PodScheduled"}, {"status", "True"}}})}};
  }
  s.pods = pods;
  return s;
}

TEST(PlacedBefore, CpuOnlyRunningWhereItWouldNotBePlacedNow) {
  if (bundles_of("solution").empty()) GTEST_SKIP();
  const RunResult on_gpu = checks::run(cpu_only_on(std::string(lab::kGpuNode)), {}, RunMeta{});
  const auto& a = result(on_gpu, "step5.cpu-only-pending");
  EXPECT_EQ(a.outcome.status, Status::kFail);
  EXPECT_EQ(a.outcome.hint.id, "hint.pending.bound-before-taint");
  EXPECT_TRUE(a.outcome.caused_by.empty());
  const RunResult elsewhere = checks::run(cpu_only_on("lab-node-1"), {}, RunMeta{});
  const auto& b = result(elsewhere, "step5.cpu-only-pending");
  EXPECT_EQ(b.outcome.status, Status::kFail);
  EXPECT_EQ(b.outcome.hint.id, "hint.pending.bound-before-labels");
  // Where the node would take it now (the taint gone), the hint names what to fix first.
  Snapshot untainted = cpu_only_on(std::string(lab::kGpuNode));
  nlohmann::json nodes = untainted.nodes.value();
  for (auto& n : nodes["items"]) {
    if (n["metadata"]["name"] == lab::kGpuNode) n["spec"].erase("taints");
  }
  untainted.nodes = nodes;
  EXPECT_EQ(result(checks::run(untainted, {}, RunMeta{}), "step5.cpu-only-pending").outcome.hint.id,
            "hint.step5.cpu-only-pending.scheduled");
}

// trainer asking for both GPUs holds trainer2's slot: trainer2's Insufficient is step 4's one
// mistake, not a second root that sends the student to allocatable.
TEST(PlacedBefore, TrainerHoldingBothGpusIsStep4sOneMistake) {
  if (bundles_of("solution").empty()) GTEST_SKIP();
  Snapshot s = solution();
  auto& file = s.files.at(std::string(lab::kManifestTrainer));
  const auto at = file.content.find("nvidia.com/gpu: 1");
  ASSERT_NE(at, std::string::npos);
  file.content.replace(at, 17, "nvidia.com/gpu: 2");
  file.size = file.content.size();
  nlohmann::json pods = s.pods.value();
  nlohmann::json* trainer = pod_in(pods, lab::kPodTrainer);
  nlohmann::json* trainer2 = pod_in(pods, lab::kPodTrainer2);
  const nlohmann::json* trainer3 = pod_in(pods, lab::kPodTrainer3);
  ASSERT_TRUE(trainer != nullptr && trainer2 != nullptr && trainer3 != nullptr);
  for (auto& c : (*trainer)["spec"]["containers"])
    c["resources"] = {{"limits", {{"nvidia.com/gpu", "2"}}}, {"requests", {{"nvidia.com/gpu", "2"}}}};
  (*trainer2)["spec"].erase("nodeName");
  (*trainer2)["status"] = (*trainer3)["status"];  // Pending: 3 Insufficient nvidia.com/gpu
  s.pods = pods;
  const RunResult r = checks::run(s, {}, RunMeta{});
  EXPECT_EQ(result(r, "step6.placed").outcome.status, Status::kFail);
  EXPECT_EQ(result(r, "step6.placed").outcome.caused_by, "step4.manifest");
  EXPECT_EQ(r.roots(), std::vector<std::string>{"step4.manifest"});
}

// trainer created after the taint (the steps run out of order): it has no toleration, so the
// taint keeps it off; the hint says so, not that allocatable is missing.
TEST(PlacedBefore, TrainerCreatedAfterTheTaint) {
  if (bundles_of("solution").empty()) GTEST_SKIP();
  Snapshot s = solution();
  nlohmann::json pods = s.pods.value();
  nlohmann::json* trainer = pod_in(pods, lab::kPodTrainer);
  ASSERT_NE(trainer, nullptr);
  (*trainer)["spec"].erase("nodeName");
  (*trainer)["status"] = {
      {"phase", "Pending"},
      {"conditions", nlohmann::json::array({{{"type", "PodScheduled"},
                                             {"status", "False"},
                                             {"reason", "Unschedulable"},
                                             {"message",
                                              "0/3 nodes are available: 1 node(s) had untolerated taint "
                                              "{nvidia.com/gpu: present}, 2 Insufficient nvidia.com/gpu. no new "
                                              "claims to deallocate, preemption: 0/3 nodes are available: 3 "
                                              "Preemption is not helpful for scheduling."}}})}};
  s.pods = pods;
  const RunResult r = checks::run(s, {}, RunMeta{});
  const auto& placed = result(r, "step4.placed-by-scheduler");
  EXPECT_EQ(placed.outcome.status, Status::kFail);
  EXPECT_EQ(placed.outcome.hint.id, "hint.placed.after-taint");
  EXPECT_TRUE(placed.outcome.caused_by.empty());
}

}  // namespace
}  // namespace gpuwhy
