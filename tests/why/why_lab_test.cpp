// `why` on the lab's own pods, over every real capture of the lab: a pod the lab keeps Pending on
// purpose (cpu-only by the taint, trainer3 by the GPUs) is said to be, so a student does not
// apply the fixes that would undo the lab; the note appears exactly where the capture shows the
// pod held as the lab means (the lab's checks, the real scheduler's message), never for a pod held
// by another taint, a NoExecute one, or its scheduling gates, nor for trainer3 where another pod
// than trainer and trainer2 holds the GPUs.
#include <gtest/gtest.h>

#include <filesystem>
#include <iostream>
#include <set>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "checks.h"
#include "gpuwhy/i18n/i18n.h"
#include "gpuwhy/k8s/messages.h"
#include "gpuwhy/k8s/taints.h"
#include "gpuwhy/lab/lab.h"
#include "gpuwhy/model/bundle.h"
#include "gpuwhy/why/render.h"
#include "gpuwhy/why/why.h"

namespace gpuwhy::why {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;

std::vector<json> items(const Fetched<json>& list) {
  if (!list.ok() || !list.value().contains("items")) return {};
  return list.value()["items"].get<std::vector<json>>();
}

std::vector<fs::path> bundles() {
  std::vector<fs::path> out;
  for (const auto& v : fs::directory_iterator(fs::path(GPUWHY_SOURCE_DIR) / "fixtures" / "captures")) {
    for (const auto& sc : fs::directory_iterator(v.path())) {
      if (fs::is_regular_file(sc.path() / "bundle.json")) out.push_back(sc.path() / "bundle.json");
    }
  }
  std::sort(out.begin(), out.end());
  return out;
}

const CheckResult& result(const RunResult& r, std::string_view id) {
  for (const auto& c : r.checks) {
    if (c.id == id) return c;
  }
  throw std::runtime_error("no check " + std::string(id));
}

TEST(WhyLab, AHeldLabPodIsSaidToBeHeldExactlyWhereTheLabsCheckFindsIt) {
  int held = 0;
  int not_held = 0;
  for (const fs::path& b : bundles()) {
    const Snapshot s = load_bundle(b.string());
    const std::vector<json> pods = items(s.pods);
    const std::vector<json> nodes = items(s.nodes);
    const RunResult graded = checks::run(s, checks::Selection{}, RunMeta{});
    for (const lab::HeldPod& h : lab::kHeldPods) {
      std::vector<json> target;
      for (const json& p : pods) {
        if (p["metadata"].value("name", "") == h.pod) target.push_back(p);
      }
      if (target.empty()) continue;
      // The pods bound to the nodes, of every namespace, as `gpuwhy why` lists them.
      std::vector<json> bound = pods;
      for (const json& p : items(s.node_pods)) bound.push_back(p);
      const auto v = explain_each(target, nodes, bound, items(s.events), wording_for(s.server_version()));
      ASSERT_EQ(v.size(), 1U);
      // As the lab means, by Kubernetes' own rules and the real scheduler's message: cpu-only
      // Pending (the lab's check) and kept off lab-node-0 by the lab's NoSchedule taint; trainer3
      // refused everywhere with Insufficient nvidia.com/gpu while tolerating lab-node-0's taints.
      const json* gpu_node = nullptr;
      for (const json& n : nodes) {
        if (n["metadata"].value("name", "") == lab::kGpuNode) gpu_node = &n;
      }
      const json* in_the_way = gpu_node == nullptr ? nullptr : k8s::untolerated_taint(target[0], *gpu_node);
      bool lab_holds = false;
      if (h.by_taint) {
        lab_holds = result(graded, "step5.cpu-only-pending").outcome.status == Status::kPass && in_the_way != nullptr &&
                    in_the_way->value("key", "") == lab::kTaintKey &&
                    in_the_way->value("value", "") == lab::kTaintValue &&
                    in_the_way->value("effect", "") == lab::kTaintEffect;
      } else {
        for (const json& c : target[0]["status"].value("conditions", json::array())) {
          if (c.value("type", "") != "PodScheduled" || c.value("status", "") != "False") continue;
          const auto m = messages::parse_scheduler_message(c.value("message", ""));
          lab_holds =
              gpu_node != nullptr && in_the_way == nullptr && m && m->available == 0 && m->insufficient(lab::kResource);
        }
        // ... and the GPUs are trainer's and trainer2's, as step 7 means, not a leftover's.
        std::set<std::string> holders;
        for (const json& p : bound) {
          const std::string phase = p["status"].value("phase", "");
          if (p["spec"].value("nodeName", "") != lab::kGpuNode || phase == "Succeeded" || phase == "Failed") continue;
          bool asks = false;
          for (const json& c : p["spec"].value("containers", json::array())) {
            const json limit = c.value("resources", json::object()).value("limits", json::object());
            asks = asks || (limit.contains(lab::kResource) && limit[std::string(lab::kResource)] != "0");
          }
          if (asks) holders.insert(p["metadata"].value("namespace", "") + "/" + p["metadata"].value("name", ""));
        }
        const std::set<std::string> lab_pair{std::string(lab::kNamespace) + "/" + std::string(lab::kPodTrainer),
                                             std::string(lab::kNamespace) + "/" + std::string(lab::kPodTrainer2)};
        lab_holds = lab_holds && holders == lab_pair;
      }
      EXPECT_EQ(v[0].lab_step != 0, lab_holds) << b << " " << h.pod;
      const std::string table = render_tables(v, std::string(lab::kNamespace), i18n::Lang::kEn, 0);
      EXPECT_EQ(table.find("on purpose") != std::string::npos, lab_holds) << b << " " << h.pod << "\n" << table;
      EXPECT_EQ(report(v, s.server_version(), i18n::Lang::kEn)["pods"][0]["lab_step"],
                lab_holds ? json(h.step) : json(nullptr))
          << b;
      (lab_holds ? held : not_held) += 1;
    }
  }
  EXPECT_GT(held, 20) << "the solution and most mistakes keep cpu-only and trainer3 as the lab means";
  EXPECT_GT(not_held, 5) << "captures where a lab pod is placed or held otherwise";
  std::cout << "[why-lab] " << held << " lab pods held as the lab means, " << not_held << " otherwise\n";
}

// The taint of the lab's key with another value (`Present`, a mistake of step 5) is not the lab's:
// cpu-only held by it is not held on purpose, and `why` must not say so.
TEST(WhyLab, ATaintOfTheLabsKeyWithAnotherValueIsNotTheLabs) {
  const fs::path b = fs::path(GPUWHY_SOURCE_DIR) / "fixtures/captures/v1.34.0/solution/bundle.json";
  const Snapshot s = load_bundle(b.string());
  std::vector<json> nodes = items(s.nodes);
  for (json& n : nodes) {
    if (n["metadata"].value("name", "") != lab::kGpuNode) continue;
    for (json& t : n["spec"]["taints"]) {
      if (t.value("key", "") == lab::kTaintKey) t["value"] = "Present";
    }
  }
  const std::vector<json> pods = items(s.pods);
  std::vector<json> target;
  for (const json& p : pods) {
    if (p["metadata"].value("name", "") == lab::kPodCpuOnly) target.push_back(p);
  }
  ASSERT_EQ(target.size(), 1U);
  const auto lab_taint = explain_each(target, items(s.nodes), pods, items(s.events), wording_for(s.server_version()));
  ASSERT_EQ(lab_taint.size(), 1U);
  EXPECT_EQ(lab_taint[0].lab_step, 5);
  const auto other = explain_each(target, nodes, pods, items(s.events), wording_for(s.server_version()));
  ASSERT_EQ(other.size(), 1U);
  EXPECT_EQ(other[0].lab_step, 0);
}

// lab-node-0's allocatable replaced by the GPUs alone (a real capture): the node takes no pod, and
// the fix gives it pods back, not room freed from pods that are not there.
TEST(WhyLab, ANodeThatAllowsNoPodIsToldSo) {
  const fs::path b = fs::path(GPUWHY_SOURCE_DIR) / "fixtures/captures/v1.34.0/allocatable-replaced/bundle.json";
  if (!fs::exists(b)) GTEST_SKIP() << b;
  const Snapshot s = load_bundle(b.string());
  const std::vector<json> pods = items(s.pods);
  std::vector<json> target;
  for (const json& p : pods) {
    if (p["metadata"].value("name", "") == lab::kPodTrainer2) target.push_back(p);
  }
  ASSERT_EQ(target.size(), 1U);
  const auto v = explain_each(target, items(s.nodes), pods, items(s.events), wording_for(s.server_version()));
  ASSERT_EQ(v.size(), 1U);
  EXPECT_EQ(v[0].lab_step, 0);
  bool seen = false;
  for (const NodeVerdict& n : v[0].nodes) {
    if (n.node != lab::kGpuNode) continue;
    seen = true;
    EXPECT_EQ(n.gate, Gate::kNodeResourcesFit);
    EXPECT_EQ(n.fix.id, "why.fix.resource.no-pods");
  }
  EXPECT_TRUE(seen);
}

}  // namespace
}  // namespace gpuwhy::why
