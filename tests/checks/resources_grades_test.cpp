// What a real apiserver answered for 2,581 container resources written as students write them
// (fixtures/k8s/resources/validity.jsonl, recorded by fixtures/k8s/record-validity), as the
// resources of trainer.yaml's container: one it refused fails step4.manifest and names the
// refusal, since kubectl apply refuses the whole file; one it accepted is never called refused
// and passes exactly when it asks for one GPU as a limit alone. Graded on the solution captured from each recorded
// control plane.
#include <gtest/gtest.h>

#include <filesystem>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "checks.h"
#include "gpuwhy/k8s/fields.h"
#include "gpuwhy/k8s/quantity.h"
#include "gpuwhy/k8s/requests.h"
#include "gpuwhy/lab/lab.h"
#include "gpuwhy/model/bundle.h"
#include "gpuwhy/model/snapshot.h"
#include "gpuwhy/yaml/yaml.h"
#include "solution_grades.h"
#include "validity_rows.h"

namespace gpuwhy {
namespace {

using gpuwhy_test::graded;
using nlohmann::json;

// What each recorded control plane answered for 2,581 container `resources:` lines
// (fixtures/k8s/resources/validity.jsonl, and .<version>.jsonl), written in place of trainer.yaml's,
// graded on the solution captured from the same control plane.
TEST(ResourcesGrades, TrainerYamlFailsExactlyWhenItsControlPlaneRefusedItsResources) {
  const std::string manifest(lab::kManifestTrainer);
  const std::string block = "    resources:\n      limits:\n        nvidia.com/gpu: 1\n";
  for (const auto& bundle : gpuwhy_test::solutions()) {
    const Snapshot base = load_bundle(bundle.string());
    const std::vector<json> rows = gpuwhy_test::validity_rows_of("resources/validity.jsonl", base.server_version());
    ASSERT_EQ(rows.size(), 2581U) << "run fixtures/k8s/record-validity resources on " << base.server_version();
    ASSERT_NE(base.files.at(manifest).content.find(block), std::string::npos) << bundle;
    RunResult keep;
    std::size_t refused = 0;
    std::size_t passed = 0;
    for (const auto& row : rows) {
      const std::string line = row["yaml"].get<std::string>();
      SCOPED_TRACE(bundle.string() + " " + line);
      ASSERT_EQ(row["server"], base.server_version());
      Snapshot s = base;
      std::string& text = s.files.at(manifest).content;
      text.replace(text.find(block), block.size(), "    " + line + "\n");
      s.files.at(manifest).size = text.size();
      const auto& c = graded(s, "step4.manifest", keep);
      const bool named_refusal = c.outcome.hint.id.rfind("hint.manifest.resources.", 0) == 0;
      const bool accepted = row["accepted"].get<bool>();
      EXPECT_EQ(named_refusal, !accepted) << c.outcome.hint.id;
      if (!accepted) {
        EXPECT_EQ(c.outcome.status, Status::kFail);
        refused += named_refusal ? 1 : 0;
      }
      if (accepted) {
        // Accepted, it passes exactly when its GPU is one, as a limit alone (the apiserver copies it
        // into requests): `nvidia.com/gpu: 1`, "1", 1.0, 1e0, 1000m, " 1", ...
        const json pod = gpuwhy_test::validity_pod("    " + line + "\n");
        const json& containers = k8s::path(pod, {"spec", "containers"});
        const json r = containers.is_array() && !containers.empty() ? k8s::field(containers[0], "resources") : json();
        const json& limit = k8s::path(r, {"limits", "nvidia.com/gpu"});
        const bool one = !limit.is_null() && k8s::json_scaled_value(limit, 1000) == 1000;
        const bool requested = !k8s::path(r, {"requests", "nvidia.com/gpu"}).is_null();
        EXPECT_EQ(c.outcome.status == Status::kPass, one && !requested) << c.outcome.hint.id;
      }
      passed += c.outcome.status == Status::kPass ? 1 : 0;
    }
    EXPECT_GT(refused, 1800U);
    EXPECT_GT(passed, 8U);
  }
}

// What each recorded control plane answered for 662 pod-level `resources:` lines
// (fixtures/k8s/resources/pod_validity.jsonl from v1.34.0, pod_validity.<version>.jsonl from the
// others), those written beside a container with none of its own put under spec in cpu-only.yaml,
// whose container has none, graded on the solution captured from the same control plane: one it
// refused fails step5.cpu-only-spec and names the refusal, one it accepted passes. v1.34 on validate
// spec.resources; v1.33 decodes it and drops it, refusing only what it cannot decode.
// Whether a pod with `line` under its spec (a pod's own resources, as YAML) asks the scheduler for no
// more than lab-node-0 of `base` has allocatable (k8s::pod_requests); `pod_level` false: the
// apiserver dropped the pod's own resources.
bool fits_gpu_node(const Snapshot& base, const std::string& line, bool pod_level) {
  if (!pod_level) return true;
  const auto docs = yaml::load_all(line, "row");
  if (docs.size() != 1 || !docs[0].contains("resources")) return true;
  const json& spec = docs[0];
  const json pod = {{"spec", {{"containers", json::array({json::object()})}, {"resources", spec["resources"]}}}};
  json allocatable;
  for (const auto& n : base.nodes.value()["items"]) {
    if (n["metadata"]["name"] == lab::kGpuNode) allocatable = n["status"]["allocatable"];
  }
  for (const auto& [resource, amount] : k8s::pod_requests(pod)) {
    const auto has = allocatable.contains(resource) ? k8s::quantity(resource, allocatable[resource]) : std::nullopt;
    if (amount > has.value_or(0)) return false;
  }
  return true;
}

TEST(ResourcesGrades, CpuOnlyYamlFailsExactlyWhenItsControlPlaneRefusedItsPodLevelResources) {
  const std::string manifest(lab::kManifestCpuOnly);
  for (const auto& bundle : gpuwhy_test::solutions()) {
    const Snapshot base = load_bundle(bundle.string());
    ASSERT_EQ(base.files.at(manifest).content.find("resources"), std::string::npos) << bundle;
    const std::string version = base.server_version();
    const std::vector<json> rows = gpuwhy_test::validity_rows_of("resources/pod_validity.jsonl", version);
    ASSERT_EQ(rows.size(), 662U) << "run fixtures/k8s/record-validity pod-resources on " << version;
    RunResult keep;
    std::size_t refused = 0;
    std::size_t rows_alone = 0;
    std::size_t too_big = 0;
    for (const auto& row : rows) {
      if (!row["container"].get<std::string>().empty()) continue;
      ++rows_alone;
      const std::string line = row["yaml"].get<std::string>();
      SCOPED_TRACE(bundle.string() + " " + line);
      ASSERT_EQ(row["server"], version);
      Snapshot s = base;
      std::string& text = s.files.at(manifest).content;
      text.erase(text.find_last_not_of('\n') + 1);
      text.append("\n  ").append(line).append("\n");
      s.files.at(manifest).size = text.size();
      const auto& c = graded(s, "step5.cpu-only-spec", keep);
      const bool named_refusal = c.outcome.hint.id.rfind("hint.manifest.resources.", 0) == 0;
      const bool accepted = row["accepted"].get<bool>();
      EXPECT_EQ(named_refusal, !accepted) << c.outcome.hint.id;
      // Accepted, the pod must still fit lab-node-0 but for the taint: the scheduler's request of
      // the pod as the apiserver keeps it within the node's allocatable.
      const bool fits = !accepted || fits_gpu_node(base, line, k8s::resource_gates(version).pod_level);
      EXPECT_EQ(c.outcome.status, accepted && fits ? Status::kPass : Status::kFail) << c.outcome.hint.id;
      if (!fits) {
        EXPECT_EQ(c.outcome.hint.id, "hint.step5.cpu-only-spec.does-not-fit");
      }
      too_big += fits ? 0 : 1;
      refused += named_refusal ? 1 : 0;
    }
    EXPECT_EQ(rows_alone, 482U);
    EXPECT_GT(refused, k8s::resource_gates(version).pod_level ? 350U : 50U);
    EXPECT_EQ(too_big > 0, k8s::resource_gates(version).pod_level);
  }
}

// cpu-only must fit lab-node-0 but for the taint, beside every pod bound there: a pod of another
// namespace holding most of its CPU, or the host port cpu-only asks for, keeps cpu-only off it
// even without the taint. The same cpu-only passes without that pod.
TEST(ResourcesGrades, APodOfAnotherNamespaceOnTheGpuNodeCountsInCpuOnlysFit) {
  const std::string manifest(lab::kManifestCpuOnly);
  const json hog = {{"metadata", {{"name", "web"}, {"namespace", "scratch2"}, {"labels", {{"app", "web"}}}}},
                    {"spec",
                     {{"nodeName", std::string(lab::kGpuNode)},
                      {"containers",
                       {{{"name", "web"},
                         {"resources", {{"requests", {{"cpu", "31"}}}}},
                         {"ports", {{{"containerPort", 8080}, {"hostPort", 8080}}}}}}}}},
                    {"status", {{"phase", "Running"}}}};
  const std::vector<std::string> asks{"    resources:\n      requests:\n        cpu: \"2\"\n",
                                      "    ports:\n    - containerPort: 8080\n      hostPort: 8080\n"};
  for (const auto& bundle : gpuwhy_test::solutions()) {
    for (const auto& ask : asks) {
      SCOPED_TRACE(bundle.string() + " " + ask);
      Snapshot s = load_bundle(bundle.string());
      std::string& text = s.files.at(manifest).content;
      text.erase(text.find_last_not_of('\n') + 1);
      text.append("\n").append(ask);
      s.files.at(manifest).size = text.size();
      s.node_pods = json{{"apiVersion", "v1"}, {"kind", "PodList"}, {"items", json::array()}};
      RunResult keep;
      EXPECT_EQ(graded(s, "step5.cpu-only-spec", keep).outcome.status, Status::kPass);
      s.node_pods = json{{"apiVersion", "v1"}, {"kind", "PodList"}, {"items", json::array({hog})}};
      const auto& c = graded(s, "step5.cpu-only-spec", keep);
      EXPECT_EQ(c.outcome.status, Status::kFail);
      EXPECT_EQ(c.outcome.hint.id, "hint.step5.cpu-only-spec.does-not-fit");
    }
  }
}

// The capture of a trainer.yaml with its GPU under requests alone: the apiserver refused it (no
// trainer pod is in the capture), and the check says why.
TEST(ResourcesGrades, ARequestWithoutItsLimitIsNamedAsTheRefusal) {
  const auto bundle =
      std::filesystem::path(GPUWHY_SOURCE_DIR) / "fixtures/captures/v1.34.0/trainer-requests-only/bundle.json";
  const Snapshot s = load_bundle(bundle.string());
  RunResult keep;
  const auto& c = graded(s, "step4.manifest", keep);
  EXPECT_EQ(c.outcome.status, Status::kFail);
  EXPECT_EQ(c.outcome.hint.id, "hint.manifest.resources.limit-required");
  EXPECT_EQ(c.outcome.hint.args.at("path"), "spec.containers[0].resources.limits");
  EXPECT_EQ(c.outcome.hint.args.at("resource"), "nvidia.com/gpu");
  EXPECT_EQ(c.outcome.hint.args.at("found"), "1");
}

}  // namespace
}  // namespace gpuwhy
