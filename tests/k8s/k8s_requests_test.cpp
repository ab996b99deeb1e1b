// k8s::pod_requests against Kubernetes itself: fixtures/k8s/requests/pod_requests.jsonl is what
// k8s.io/component-helpers v0.34.0's resource.PodRequests (the sum the scheduler's
// NodeResourcesFit plugin checks against a node) makes of 315 pods: app containers, init
// containers before and after sidecars (restartPolicy Always), pod overhead and pod-level
// resources, combined (recorded by fixtures/k8s/record, never typed).
#include <gtest/gtest.h>

#include <fstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "gpuwhy/k8s/manifest.h"
#include "gpuwhy/k8s/requests.h"

namespace gpuwhy {
namespace {

using nlohmann::json;

TEST(K8sRequests, PodRequestsAreWhatTheSchedulerSumsOnEveryRecordedPod) {
  std::ifstream in(std::string(GPUWHY_SOURCE_DIR) + "/fixtures/k8s/requests/pod_requests.jsonl");
  int rows = 0;
  int with_gpu = 0;
  for (std::string line; std::getline(in, line); ++rows) {
    const json row = json::parse(line);
    SCOPED_TRACE(line);
    k8s::Amounts want;
    for (const auto& [name, v] : row["requests"].items()) want[name] = v.get<long long>();
    EXPECT_EQ(k8s::pod_requests(row["pod"]), want);
    with_gpu += want.contains("nvidia.com/gpu") ? 1 : 0;
  }
  EXPECT_EQ(rows, 315) << "run fixtures/k8s/record";
  EXPECT_GT(with_gpu, 100);
}

// A node with exactly what each recorded pod asks allocatable, and room for one pod, takes it; one
// unit less of any resource, or the resource not advertised, turns it away for that resource; no
// room for a pod (pods 0 or absent) turns away every pod for pods.
TEST(K8sRequests, BeyondAllocatableIsTheFirstResourceTheNodeHasTooLittleOf) {
  std::ifstream in(std::string(GPUWHY_SOURCE_DIR) + "/fixtures/k8s/requests/pod_requests.jsonl");
  int checked = 0;
  for (std::string line; std::getline(in, line);) {
    const json row = json::parse(line);
    SCOPED_TRACE(line);
    json alloc = json::object();
    for (const auto& [name, v] : row["requests"].items()) alloc[name] = k8s::show_quantity(name, v.get<long long>());
    if (!alloc.contains("pods")) alloc["pods"] = "1";
    json node = {{"status", {{"allocatable", alloc}}}};
    EXPECT_EQ(k8s::beyond_allocatable(row["pod"], node), std::nullopt);
    json full = node;
    full["status"]["allocatable"]["pods"] = "0";
    EXPECT_EQ(k8s::beyond_allocatable(row["pod"], full), "pods");
    full["status"]["allocatable"].erase("pods");
    EXPECT_EQ(k8s::beyond_allocatable(row["pod"], full), "pods");
    for (const auto& [name, v] : row["requests"].items()) {
      if (v.get<long long>() <= 0) continue;
      json less = node;
      less["status"]["allocatable"][name] = k8s::show_quantity(name, v.get<long long>() - 1);
      EXPECT_EQ(k8s::beyond_allocatable(row["pod"], less), name);
      json none = node;
      none["status"]["allocatable"].erase(name);
      EXPECT_EQ(k8s::beyond_allocatable(row["pod"], none), name);
      ++checked;
    }
  }
  EXPECT_GT(checked, 300);
}

// spec.nodeName written "" or null is the field unset: in the capture variant-node-name-empty
// kubectl applied trainer.yaml with `nodeName: ""` and trainer2.yaml and trainer3.yaml with
// `nodeName:` (null), the apiserver kept each pod unbound and the scheduler placed it. The rule
// reads no node from those manifests nor from the last-applied-configuration kubectl stored,
// and the node the scheduler chose from the live pods.
TEST(K8sRequests, NodeNameEmptyOrNullIsUnsetAsTheApiserverTreatedIt) {
  std::ifstream in(std::string(GPUWHY_SOURCE_DIR) + "/fixtures/captures/v1.34.0/variant-node-name-empty/bundle.json");
  ASSERT_TRUE(in) << "the capture variant-node-name-empty is missing";
  const json bundle = json::parse(in);
  int pods = 0;
  for (const char* name : {"trainer", "trainer2", "trainer3"}) {
    SCOPED_TRACE(name);
    const std::string file = std::string("k8s/") + name + ".yaml";
    const std::vector<json> docs = k8s::load_manifest(bundle["files"][file]["content"].get<std::string>(), file);
    ASSERT_EQ(docs.size(), 1U);
    ASSERT_TRUE(docs[0]["spec"].contains("nodeName"));  // written, as "" or null
    const json& written = docs[0]["spec"]["nodeName"];
    EXPECT_TRUE(written.is_null() || (written.is_string() && written.get_ref<const std::string&>().empty()));
    EXPECT_EQ(k8s::node_name(docs[0]), "");
    for (const json& pod : bundle["cluster"]["pods"]["value"]["items"]) {
      if (pod["metadata"]["name"] != name) continue;
      ++pods;
      const json applied = json::parse(
          pod["metadata"]["annotations"]["kubectl.kubernetes.io/last-applied-configuration"].get<std::string>());
      ASSERT_TRUE(applied["spec"].contains("nodeName"));
      EXPECT_EQ(k8s::node_name_of_spec(applied["spec"]), "");
      // trainer and trainer2 were placed; trainer3 stays Pending for want of a GPU.
      EXPECT_EQ(k8s::node_name(pod), std::string(name) == "trainer3" ? "" : "lab-node-0");
    }
  }
  EXPECT_EQ(pods, 3);
  EXPECT_EQ(k8s::node_name(json::parse(R"({"spec": {"nodeName": "lab-node-1"}})")), "lab-node-1");
  EXPECT_EQ(k8s::node_name(json::parse(R"({"spec": {}})")), "");
  EXPECT_EQ(k8s::node_name(json::parse(R"({})")), "");
}

}  // namespace
}  // namespace gpuwhy
