// The Kubernetes rules of k8s/ that `gpuwhy why` models the scheduler with, each pinned to what
// apimachinery and component-helpers do: amounts in the scheduler's units, a pod's request
// (resource.PodRequests), tolerations and taints, and required node affinity (nodeaffinity and
// labels.Requirement). The recorded sweeps are in k8s_quantity_test.cpp and k8s_taints_test.cpp.
#include <gtest/gtest.h>

#include <vector>

#include <optional>
#include <set>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

#include "gpuwhy/k8s/node_affinity.h"
#include "gpuwhy/k8s/quantity.h"
#include "gpuwhy/k8s/requests.h"
#include "gpuwhy/k8s/taints.h"

namespace gpuwhy::k8s {
namespace {

using nlohmann::json;

// ---- amounts -----------------------------------------------------------------------------------

struct QuantityRow {
  const char* text;
  std::optional<long long> cpu;  ///< MilliValue
  std::optional<long long> gpu;  ///< Value
};

TEST(K8sRequests, CpuInMillicoresTheRestInUnits) {
  const QuantityRow rows[] = {
      {"1P", 1'000'000'000'000'000'000LL, 1'000'000'000'000'000LL},
      {"-0.0005", -1, -1},  // AsScale rounds away from zero
      {"0.5", 500, 1},
      {"500m", 500, 1},
      {"1e3", 1'000'000, 1000},
      {"1.5", 1500, 2},
      {"0.0001", 1, 1},
      {"abc", std::nullopt, std::nullopt},
      {"1Qi", std::nullopt, std::nullopt},
  };
  for (const auto& r : rows) {
    SCOPED_TRACE(r.text);
    EXPECT_EQ(quantity("cpu", json(r.text)), r.cpu);
    EXPECT_EQ(quantity("nvidia.com/gpu", json(r.text)), r.gpu);
  }
}

TEST(K8sRequests, SchedulerUnitsRoundedUp) {
  EXPECT_EQ(quantity("cpu", json(2)), 2000);
  EXPECT_EQ(quantity("memory", json("1Gi")), 1LL << 30);
  EXPECT_EQ(quantity("memory", json("1G")), 1000000000);
  EXPECT_EQ(quantity("memory", json("1e3")), 1000);
  EXPECT_EQ(quantity("memory", json("100m")), 1);  // Value rounds up
  EXPECT_EQ(quantity("memory", json("1Ei")), 1LL << 60);
  EXPECT_EQ(quantity("nvidia.com/gpu", json("2")), 2);
  EXPECT_EQ(quantity("memory", json("99999999999Ei")), std::nullopt);
  EXPECT_EQ(show_quantity("cpu", 1500), "1500m");
  EXPECT_EQ(show_quantity("cpu", 2000), "2");
  EXPECT_EQ(show_quantity("memory", 1LL << 33), "8Gi");
  EXPECT_EQ(show_quantity("memory", 1536LL << 20), "1536Mi");
  EXPECT_EQ(show_quantity("memory", 1000), "1000");
  EXPECT_EQ(show_quantity("nvidia.com/gpu", 3), "3");
}

// ---- a pod's request (component-helpers resource.PodRequests) ----------------------------------

json container(const char* name, json requests, const char* restart_policy = nullptr) {
  json c = {{"name", name}, {"resources", {{"requests", std::move(requests)}}}};
  if (restart_policy != nullptr) c["restartPolicy"] = restart_policy;
  return c;
}

// Vectors, not `json`: `{one}` for a json parameter is that one value to clang but an array of it
// to gcc, so a pod of one container would have no containers under clang.
json pod_of(const std::vector<json>& containers, const std::vector<json>& init = {}) {
  json spec = {{"containers", json::array()}, {"initContainers", json::array()}};
  for (const auto& c : containers) spec["containers"].push_back(c);
  for (const auto& c : init) spec["initContainers"].push_back(c);
  return {{"spec", spec}};
}

TEST(K8sRequests, ContainersAreSummedInitContainersTakeTheMax) {
  const json pod = pod_of({container("a", {{"cpu", "1"}, {"nvidia.com/gpu", "1"}}), container("b", {{"cpu", "500m"}})},
                          {container("i1", {{"cpu", "2"}}), container("i2", {{"nvidia.com/gpu", "2"}})});
  EXPECT_EQ(pod_requests(pod), (Amounts{{"cpu", 2000}, {"nvidia.com/gpu", 2}}));
}

TEST(K8sRequests, ASidecarAddsToTheAppAndToEveryInitContainerAfterIt) {
  // Sidecars sum with the app containers: 1 + 2 beats an init container of 0.5 beside the sidecar.
  EXPECT_EQ(pod_requests(pod_of({container("app", {{"cpu", "1"}})},
                                {container("side", {{"cpu", "2"}}, "Always"), container("init", {{"cpu", "500m"}})})),
            (Amounts{{"cpu", 3000}}));
  // An init container before the sidecar runs alone: its 4 beats 1 + 2.
  EXPECT_EQ(pod_requests(pod_of({container("app", {{"cpu", "1"}})},
                                {container("init", {{"cpu", "4"}}), container("side", {{"cpu", "2"}}, "Always")})),
            (Amounts{{"cpu", 4000}}));
  // The same init container after the sidecar runs beside it: 4 + 2.
  EXPECT_EQ(pod_requests(pod_of({container("app", {{"cpu", "1"}})},
                                {container("side", {{"cpu", "2"}}, "Always"), container("init", {{"cpu", "4"}})})),
            (Amounts{{"cpu", 6000}}));
}

TEST(K8sRequests, PodLevelResourcesReplaceTheSumForCpuAndMemory) {
  json pod = pod_of({container("a", {{"cpu", "1"}, {"memory", "1Gi"}, {"nvidia.com/gpu", "1"}})});
  pod["spec"]["resources"] = {{"requests", {{"cpu", "2"}, {"nvidia.com/gpu", "3"}}}, {"limits", {{"memory", "2Gi"}}}};
  // cpu from the pod's requests, memory from its limits (no request), the GPU from the containers.
  EXPECT_EQ(pod_requests(pod), (Amounts{{"cpu", 2000}, {"memory", 2LL << 30}, {"nvidia.com/gpu", 1}}));
}

TEST(K8sRequests, OverheadIsAdded) {
  json pod = pod_of({container("a", {{"cpu", "1"}})});
  pod["spec"]["overhead"] = {{"cpu", "250m"}, {"memory", "120Mi"}};
  EXPECT_EQ(pod_requests(pod), (Amounts{{"cpu", 1250}, {"memory", 120LL << 20}}));
}

TEST(K8sRequests, ALimitStandsInForAMissingRequestAndZeroIsLeftOut) {
  const json c = {{"name", "a"},
                  {"resources", {{"requests", {{"cpu", "0"}}}, {"limits", {{"cpu", "1"}, {"nvidia.com/gpu", "1"}}}}}};
  EXPECT_EQ(container_requests(c), (Amounts{{"cpu", 0}, {"nvidia.com/gpu", 1}}));
  EXPECT_EQ(pod_requests(pod_of({c})), (Amounts{{"nvidia.com/gpu", 1}}));
  EXPECT_EQ(pod_requests(json("not a pod")), Amounts{});
}

TEST(K8sRequests, TheAmountReaderIsTheCallers) {
  const json pod = pod_of({container("a", {{"nvidia.com/gpu", "500m"}})}, {container("i", {{"nvidia.com/gpu", "2"}})});
  EXPECT_EQ(pod_requests(pod), (Amounts{{"nvidia.com/gpu", 2}}));
  // In thousandths of every resource, as the checks count a GPU.
  const Amount milli = [](std::string_view, const json& v) -> std::optional<long long> {
    return v.is_string() ? milli_value(v.get<std::string>()) : std::nullopt;
  };
  EXPECT_EQ(pod_requests(pod, milli), (Amounts{{"nvidia.com/gpu", 2000}}));
  EXPECT_EQ(pod_requests(pod_of({container("a", {{"nvidia.com/gpu", "500m"}})}), milli),
            (Amounts{{"nvidia.com/gpu", 500}}));
}

// ---- taints and tolerations ---------------------------------------------------------------------

// Which pods hold room on a node: bound there and not finished (the scheduler's informer drops
// Succeeded and Failed pods); a pod being deleted still holds its room.
TEST(K8sRequests, APodCountsOnItsNodeUntilItFinishes) {
  nlohmann::json pod = {{"spec", {{"nodeName", "n1"}}}, {"status", {{"phase", "Running"}}}};
  EXPECT_TRUE(k8s::counts_on_node(pod, "n1"));
  EXPECT_FALSE(k8s::counts_on_node(pod, "n2"));
  pod["metadata"]["deletionTimestamp"] = "2026-01-01T00:00:00Z";
  EXPECT_TRUE(k8s::counts_on_node(pod, "n1"));
  for (const char* phase : {"Succeeded", "Failed"}) {
    pod["status"]["phase"] = phase;
    EXPECT_TRUE(k8s::terminated(pod));
    EXPECT_FALSE(k8s::counts_on_node(pod, "n1")) << phase;
  }
  pod["status"]["phase"] = "Pending";
  EXPECT_TRUE(k8s::counts_on_node(pod, "n1"));  // bound, its containers not started yet
  EXPECT_FALSE(k8s::counts_on_node(nlohmann::json{{"status", {{"phase", "Pending"}}}}, "n1"));
  EXPECT_FALSE(k8s::counts_on_node(nlohmann::json(nullptr), ""));
}

TEST(K8sTaintRules, EmptyKeysAndExists) {
  const json taint = {{"key", "nvidia.com/gpu"}, {"value", "present"}, {"effect", "NoSchedule"}};
  // An empty key matches every key; Equal then compares the values.
  EXPECT_TRUE(tolerates({{"operator", "Equal"}, {"value", "present"}}, taint));
  EXPECT_FALSE(tolerates({{"operator", "Equal"}, {"value", "other"}}, taint));
  // Exists without a key tolerates every taint of its effect (every effect when it has none).
  EXPECT_TRUE(tolerates({{"operator", "Exists"}}, taint));
  EXPECT_TRUE(tolerates({{"operator", "Exists"}, {"effect", "NoSchedule"}}, taint));
  EXPECT_FALSE(tolerates({{"operator", "Exists"}, {"effect", "NoExecute"}}, taint));
}

TEST(K8sTaintRules, TaintTextAsKubectlWritesIt) {
  EXPECT_EQ(taint_text({{"key", "nvidia.com/gpu"}, {"value", "present"}, {"effect", "NoSchedule"}}),
            "nvidia.com/gpu=present:NoSchedule");
  EXPECT_EQ(taint_text({{"key", "node.kubernetes.io/unschedulable"}, {"effect", "NoSchedule"}}),
            "node.kubernetes.io/unschedulable:NoSchedule");
  EXPECT_EQ(taint_text({{"key", "k"}, {"value", 3}, {"effect", "NoExecute"}}), "k:NoExecute");
}

// ---- node affinity (labels.Requirement, nodeaffinity) -------------------------------------------

struct RequirementRow {
  const char* op;
  json values;
  std::optional<std::string> have;
  bool matches;
};

TEST(K8sNodeAffinity, RequirementsMatchAsLabelsRequirementDoes) {
  const std::optional<std::string> none;
  const RequirementRow rows[] = {
      {"In", {"a", "b"}, "b", true},
      {"In", {"a", "b"}, "c", false},
      {"In", {"a"}, none, false},
      {"NotIn", {"a", "b"}, "c", true},
      {"NotIn", {"a", "b"}, "a", false},
      {"NotIn", {"a"}, none, true},
      {"Exists", json::array(), "", true},
      {"Exists", json::array(), none, false},
      {"DoesNotExist", json::array(), none, true},
      {"DoesNotExist", json::array(), "x", false},
      {"Gt", {"3"}, "5", true},
      {"Gt", {"3"}, "3", false},
      {"Gt", {"3"}, "five", false},
      {"Gt", {"3", "4"}, "5", false},
      {"Gt", {"3"}, none, false},
      {"Lt", {"3"}, "-2", true},
      {"Lt", {"3"}, "3", false},
      {"Bogus", {"a"}, "a", false},
  };
  for (const auto& r : rows) {
    const json req = {{"key", "gpu"}, {"operator", r.op}, {"values", r.values}};
    SCOPED_TRACE(req.dump() + " have " + r.have.value_or("(none)"));
    EXPECT_EQ(requirement_matches(req, r.have), r.matches);
  }
}

json node_named(const char* name, json labels = json::object()) {
  return {{"metadata", {{"name", name}, {"labels", std::move(labels)}}}};
}

std::optional<std::string> failure_text(const json& term, const json& node) {
  const auto f = term_failure(term, node);
  return f ? std::optional<std::string>(f->text()) : std::nullopt;
}

TEST(K8sNodeAffinity, ATermSaysItsFirstFailure) {
  const json node = node_named("n2", {{"gpu", "false"}});
  const json by_label = {{"matchExpressions", {{{"key", "gpu"}, {"operator", "In"}, {"values", {"true"}}}}}};
  EXPECT_EQ(failure_text(by_label, node), "gpu In (true): node has gpu=false");
  const json exists = {{"matchExpressions", {{{"key", "zone"}, {"operator", "Exists"}}}}};
  EXPECT_EQ(failure_text(exists, node), "zone Exists: node has no label zone");
  const json by_name = {{"matchFields", {{{"key", "metadata.name"}, {"operator", "In"}, {"values", {"n1"}}}}}};
  EXPECT_EQ(failure_text(by_name, node_named("n1")), std::nullopt);
  EXPECT_EQ(failure_text(by_name, node), "metadata.name In (n1): node is n2");
  // An empty term matches nothing, not everything.
  EXPECT_EQ(failure_text(json::object(), node), "an empty nodeSelectorTerm matches no node");
  EXPECT_EQ(failure_text({{"matchExpressions", json::array()}}, node), "an empty nodeSelectorTerm matches no node");
}

json pod_with_terms(json terms) {
  return {
      {"spec",
       {{"affinity",
         {{"nodeAffinity", {{"requiredDuringSchedulingIgnoredDuringExecution", {{"nodeSelectorTerms", terms}}}}}}}}}};
}

json name_in(json names) {
  return {{"key", "metadata.name"}, {"operator", "In"}, {"values", std::move(names)}};
}

TEST(K8sNodeAffinity, PreFilterTriesOnlyThePinnedNames) {
  // Terms are ORed: the union of their names.
  auto f = node_affinity_prefilter(
      pod_with_terms({{{"matchFields", {name_in({"a", "b"})}}}, {{"matchFields", {name_in({"b", "c"})}}}}));
  EXPECT_TRUE(f.restricted);
  EXPECT_FALSE(f.conflict);
  EXPECT_EQ(f.names, (std::set<std::string>{"a", "b", "c"}));
  // Requirements of one term are ANDed: the intersection.
  f = node_affinity_prefilter(pod_with_terms({{{"matchFields", {name_in({"a", "b"}), name_in({"b", "c"})}}}}));
  EXPECT_EQ(f.names, (std::set<std::string>{"b"}));
  // Nothing left: no node can be tried.
  f = node_affinity_prefilter(pod_with_terms({{{"matchFields", {name_in({"a"}), name_in({"b"})}}}}));
  EXPECT_TRUE(f.conflict);
  EXPECT_FALSE(f.restricted);
  // A term that pins no name lets every node through.
  f = node_affinity_prefilter(pod_with_terms(
      {{{"matchFields", {name_in({"a"})}}}, {{"matchExpressions", {{{"key", "gpu"}, {"operator", "Exists"}}}}}}));
  EXPECT_FALSE(f.restricted);
  EXPECT_FALSE(f.conflict);
  EXPECT_FALSE(node_affinity_prefilter(json::object()).restricted);
}

}  // namespace
}  // namespace gpuwhy::k8s
