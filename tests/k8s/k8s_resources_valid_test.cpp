// k8s::resource_problems against a real apiserver: fixtures/k8s/resources/validity.jsonl is what
// kube-apiserver answered `kubectl create --dry-run=server` for 2,581 container `resources:` written
// as students write them (recorded by fixtures/k8s/record-validity, never typed). Each is read as
// gpuwhy reads a manifest (k8s::load_manifest), kubectl's YAML reading too.
#include <gtest/gtest.h>

#include <map>
#include <set>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "gpuwhy/k8s/requests.h"
#include "validity_rows.h"

namespace gpuwhy {
namespace {

using Kind = k8s::ResourceProblem::Kind;

// The recorder's name for the reason the apiserver gives for each kind.
std::string reason(Kind k) {
  switch (k) {
    case Kind::kNotObject:
    case Kind::kNotList:
    case Kind::kNotString: return "type";
    case Kind::kNotQuantity: return "quantity";
    case Kind::kUnknownField: return "unknown-field";
    case Kind::kBadName: return "qualified-name";
    case Kind::kNotStandard: return "standard-or-qualified";
    case Kind::kNotForContainers: return "container-resource";
    case Kind::kNotExtended: return "extended-name";
    case Kind::kNegative: return "negative";
    case Kind::kNotInteger: return "integer";
    case Kind::kNotEqualLimit: return "equal";
    case Kind::kAboveLimit: return "less-or-equal";
    case Kind::kLimitRequired: return "limit-required";
    case Kind::kHugePagesSize: return "hugepages-size";
    case Kind::kHugePagesNeedCpuOrMemory: return "hugepages-need-cpu-or-memory";
    case Kind::kClaimRequired: return "claim-required";
    case Kind::kClaimUnknown: return "claim";
    case Kind::kNotForPods: return "pod-resource";
    case Kind::kClaimsForPod: return "pod-claims";
    case Kind::kBelowContainers: return "aggregate";
    case Kind::kContainerAbovePod: return "container-above-pod";
  }
  return "";
}

nlohmann::json pod_with(const std::string& resources_line) {
  return gpuwhy_test::validity_pod("    " + resources_line + "\n");
}

// Holds `problems` to what the apiserver answered for `row`: accepted or refused, and for a
// validation refusal exactly its paths and reasons (for a decoding one, at least those: Go stops at
// the first); adds their kinds to `seen`. True when the row was refused.
bool expect_as_recorded(const nlohmann::json& row, const std::vector<k8s::ResourceProblem>& problems,
                        std::set<Kind>& seen) {
  const bool accepted = row["accepted"].get<bool>();
  EXPECT_EQ(problems.empty(), accepted);
  if (accepted) return false;
  const bool decode = row["decode"].get<bool>();
  std::set<std::string> paths;
  std::set<std::string> reasons;
  for (const auto& p : problems) {
    EXPECT_EQ(p.decoding(), decode) << "kind " << static_cast<int>(p.kind) << " at " << p.path;
    paths.insert(decode ? gpuwhy_test::without_indexes(p.path) : p.path);
    reasons.insert(reason(p.kind));
    seen.insert(p.kind);
  }
  // The recorder names the pod-level sums apart; gpuwhy has one kind for both.
  std::set<std::string> recorded;
  for (const std::string& r : row["reasons"].get<std::set<std::string>>()) {
    recorded.insert(r == "aggregate-requests" || r == "aggregate-limits" ? "aggregate" : r);
  }
  gpuwhy_test::expect_named(paths, gpuwhy_test::recorded_paths(row), decode);
  gpuwhy_test::expect_named(reasons, recorded, decode);
  return true;
}

TEST(K8sResourcesValid, ProblemsAreWhatTheApiserverAnsweredForEveryRecordedResources) {
  const auto rows = gpuwhy_test::validity_rows("resources/validity.jsonl");
  int refused = 0;
  int decoded = 0;
  std::set<Kind> seen;
  for (const auto& row : rows) {
    SCOPED_TRACE(row.dump());
    refused += expect_as_recorded(row, k8s::resource_problems(pod_with(row["yaml"].get<std::string>())), seen) ? 1 : 0;
    // A decoding refusal names no path for a quantity that is none.
    decoded += !row["accepted"].get<bool>() && row["decode"].get<bool>() ? 1 : 0;
  }
  EXPECT_EQ(rows.size(), 2581U) << "run fixtures/k8s/record-validity resources";
  EXPECT_GT(refused, 1800);
  EXPECT_GT(decoded, 350);
  // Every kind of refusal but a claim's wrong type occurs in the recording.
  EXPECT_EQ(seen.size(), 17U);
}

// spec.resources (PodLevelResources, on from v1.34): fixtures/k8s/resources/pod_validity.jsonl is
// what kube-apiserver v1.34.0 answered for 662 pod-level `resources:` lines, alone or beside a
// container's own: the names a whole pod may ask for (a student's `resources:` indented under spec
// instead of under the container asks nvidia.com/gpu of the pod, and is refused), the requests the
// apiserver fills in from the containers or the pod's limits, and the sums it holds them to.
TEST(K8sResourcesValid, PodLevelProblemsAreWhatTheApiserverAnsweredForEveryRecordedResources) {
  const auto rows = gpuwhy_test::validity_rows("resources/pod_validity.jsonl");
  int refused = 0;
  std::set<Kind> seen;
  for (const auto& row : rows) {
    SCOPED_TRACE(row.dump());
    const std::string container = row["container"].get<std::string>();
    const auto pod = gpuwhy_test::validity_pod((container.empty() ? "" : "    " + container + "\n") + "  " +
                                               row["yaml"].get<std::string>() + "\n");
    refused += expect_as_recorded(row, k8s::resource_problems(pod), seen) ? 1 : 0;
  }
  EXPECT_EQ(rows.size(), 662U) << "run fixtures/k8s/record-validity pod-resources";
  EXPECT_GT(refused, 500);
  for (const Kind k : {Kind::kNotForPods, Kind::kClaimsForPod, Kind::kBelowContainers, Kind::kContainerAbovePod,
                       Kind::kAboveLimit, Kind::kHugePagesNeedCpuOrMemory, Kind::kLimitRequired}) {
    EXPECT_TRUE(seen.contains(k)) << "kind " << static_cast<int>(k) << " never recorded";
  }
}

// Where a gate is off (before v1.34) the apiserver drops its field once it is decoded: a GPU asked
// of the whole pod, or a container's claim of no resourceClaims, is then no refusal; a field it
// cannot decode still is. Held to v1.33.13's recording in k8s_validity_versions_test.cpp.
TEST(K8sResourcesValid, GatedFieldsAreOnlyDecodedBeforeV134) {
  const k8s::ResourceGates off{.pod_level = false, .claims = false};
  const auto gpu = gpuwhy_test::validity_pod("  resources: {limits: {nvidia.com/gpu: 1}}\n");
  EXPECT_EQ(k8s::resource_problems(gpu).size(), 1U);
  EXPECT_TRUE(k8s::resource_problems(gpu, off).empty());
  const auto typo = gpuwhy_test::validity_pod("  resources: {limit: {cpu: 1}}\n");
  EXPECT_EQ(k8s::resource_problems(typo, off).size(), 1U);
  const auto claim = gpuwhy_test::validity_pod("    resources: {claims: [{name: gpu}]}\n");
  EXPECT_EQ(k8s::resource_problems(claim).size(), 1U);
  EXPECT_TRUE(k8s::resource_problems(claim, off).empty());
  const auto claim_typo = gpuwhy_test::validity_pod("    resources: {claims: gpu}\n");
  EXPECT_EQ(k8s::resource_problems(claim_typo, off).size(), 1U);
  for (const char* on : {"v1.34.0", "v1.37.2", "v2.0.0", ""}) {
    EXPECT_TRUE(k8s::resource_gates(on).pod_level) << on;
    EXPECT_TRUE(k8s::resource_gates(on).claims) << on;
  }
  for (const char* before : {"v1.33.13", "v1.9.0"}) {
    EXPECT_FALSE(k8s::resource_gates(before).pod_level) << before;
    EXPECT_FALSE(k8s::resource_gates(before).claims) << before;
  }
}

// The same rules in an init container, and in the second container: the path names which.
TEST(K8sResourcesValid, EveryContainerIsValidatedAndNamed) {
  const auto pod = gpuwhy_test::validity_pod(
      "  - name: d\n    image: busybox\n    resources: {requests: {nvidia.com/gpu: 1}}\n"
      "  initContainers:\n  - name: i\n    image: busybox\n    resources: {limits: {nvidia.com/gpu: 0.5}}\n");
  const auto problems = k8s::resource_problems(pod);
  std::map<std::string, Kind> by_path;
  for (const auto& p : problems) by_path.emplace(p.path + " " + reason(p.kind), p.kind);
  EXPECT_EQ(by_path.size(), 3U) << ::testing::PrintToString(problems.size());
  EXPECT_TRUE(by_path.count("spec.containers[1].resources.limits limit-required"));
  EXPECT_TRUE(by_path.count("spec.initContainers[0].resources.limits[nvidia.com/gpu] integer"));
  EXPECT_TRUE(by_path.count("spec.initContainers[0].resources.requests[nvidia.com/gpu] integer"));
}

// A claim names one of the pod's resourceClaims.
TEST(K8sResourcesValid, AClaimMustNameOneOfThePodsResourceClaims) {
  const std::string claims = "    resources: {claims: [{name: gpu}]}\n";
  EXPECT_EQ(k8s::resource_problems(gpuwhy_test::validity_pod(claims)).size(), 1U);
  const auto pod =
      gpuwhy_test::validity_pod(claims + "  resourceClaims:\n  - name: gpu\n    resourceClaimName: gpu-claim\n");
  EXPECT_TRUE(k8s::resource_problems(pod).empty());
}

}  // namespace
}  // namespace gpuwhy
