// k8s::pod_field_problems against a real apiserver: fixtures/k8s/pod/fields.jsonl is what
// kube-apiserver answered `kubectl create --dry-run=server` for every field core/v1 has at the top of
// a Pod, in its metadata, spec and a container, and for the slips students make there (recorded by
// fixtures/k8s/record-validity, never typed). Each is read as gpuwhy reads a manifest.
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <set>
#include <string>

#include <nlohmann/json.hpp>

#include "gpuwhy/k8s/manifest.h"
#include "gpuwhy/k8s/node_affinity.h"
#include "gpuwhy/k8s/requests.h"
#include "gpuwhy/k8s/taints.h"
#include "validity_rows.h"

namespace gpuwhy {
namespace {

using Kind = k8s::PodFieldProblem::Kind;
using nlohmann::json;

// The Pod record-validity sent for a row: its line at its place, as send_at writes it.
json pod_at(const std::string& place, const std::string& line) {
  const auto at = [&](const std::string& p, const std::string& indent) {
    return p == place ? indent + line + "\n" : std::string();
  };
  const std::string text = "apiVersion: v1\nkind: Pod\n" + at("top", "") +
                           "metadata:\n  name: validity\n  namespace: default\n" + at("metadata", "  ") + "spec:\n" +
                           at("spec", "  ") + "  containers:\n  - name: c\n    image: busybox\n" +
                           at("container", "    ");
  return k8s::load_manifest(text, "validity.yaml").front();
}

// The rules of the fields this one leaves to them find a problem while decoding.
bool own_rules_decode(const json& pod) {
  const auto resources = k8s::resource_problems(pod, k8s::resource_gates("v1.34.0"));
  const auto tolerations = k8s::pod_toleration_problems(pod);
  const auto constraints = k8s::node_constraint_problems(pod);
  return std::any_of(resources.begin(), resources.end(), [](const auto& p) { return p.decoding(); }) ||
         std::any_of(tolerations.begin(), tolerations.end(), [](const auto& p) { return p.second.decoding(); }) ||
         std::any_of(constraints.begin(), constraints.end(), [](const auto& p) { return p.decoding(); });
}

TEST(K8sPodFields, RefusedFieldsAreWhatKubernetesNamedForEveryRecordedField) {
  const auto rows = gpuwhy_test::validity_rows("pod/fields.jsonl");
  ASSERT_GT(rows.size(), 600U) << "run fixtures/k8s/record-validity fields";
  int refused = 0;
  for (const auto& row : rows) {
    SCOPED_TRACE(row.dump());
    const json pod = pod_at(row["place"], row["yaml"]);
    const auto found = k8s::pod_field_problems(pod);
    // Refused while decoding, by these rules or (inside tolerations, resources, nodeSelector and
    // affinity) by their own; refused later (validation, admission) is others'.
    const bool decode = row["decode"].get<bool>();
    EXPECT_EQ(!found.empty() || own_rules_decode(pod), decode);
    if (!decode || found.empty()) continue;
    ++refused;
    // The decoder names a field of the wrong type without list indexes; a time it cannot parse
    // by no field at all.
    std::set<std::string> ours;
    for (const auto& u : found) ours.insert(u.kind == Kind::kWrongType ? gpuwhy_test::without_indexes(u.path) : u.path);
    std::set<std::string> theirs;
    for (const auto& p : row["paths"]) theirs.insert(p.get<std::string>());
    if (!theirs.empty()) {
      EXPECT_EQ(ours, theirs);
    }
  }
  EXPECT_GT(refused, 400);
}

// Where a refused field belongs, or how Kubernetes spells it: what the hint tells the student.
TEST(K8sPodFields, AFieldOutOfPlaceIsToldWhereItBelongs) {
  const std::map<std::pair<std::string, std::string>, std::pair<Kind, std::string>> want = {
      {{"container", "tolerations: []"}, {Kind::kMisplaced, "spec"}},
      {{"container", "nodeSelector: {a: b}"}, {Kind::kMisplaced, "spec"}},
      {{"container", "limits: {nvidia.com/gpu: 1}"}, {Kind::kMisplaced, "spec.containers[0].resources"}},
      {{"spec", "limits: {nvidia.com/gpu: 1}"}, {Kind::kMisplaced, "spec.containers[0].resources"}},
      {{"spec", "nodeAffinity: {}"}, {Kind::kMisplaced, "spec.affinity"}},
      {{"spec", "image: busybox"}, {Kind::kMisplaced, "spec.containers[0]"}},
      {{"spec", "labels: {a: b}"}, {Kind::kMisplaced, "metadata"}},
      {{"top", "namespace: gpu-why"}, {Kind::kMisplaced, "metadata"}},
      {{"top", "tolerations: []"}, {Kind::kMisplaced, "spec"}},
      {{"metadata", "nodeSelector: {a: b}"}, {Kind::kMisplaced, "spec"}},
      {{"spec", "toleration: []"}, {Kind::kSpelled, "tolerations"}},
      {{"spec", "Tolerations: []"}, {Kind::kSpelled, "tolerations"}},
      {{"spec", "nodeselector: {a: b}"}, {Kind::kSpelled, "nodeSelector"}},
      {{"spec", "nodeSelectors: {a: b}"}, {Kind::kSpelled, "nodeSelector"}},
      {{"container", "resource: {}"}, {Kind::kSpelled, "resources"}},
      {{"container", "commands: [sleep]"}, {Kind::kSpelled, "command"}},
      {{"top", "Spec: {}"}, {Kind::kSpelled, "spec"}},
      {{"metadata", "clusterName: x"}, {Kind::kUnknown, ""}},
      {{"container", "nvidia.com/gpu: 1"}, {Kind::kUnknown, ""}},
      {{"spec", "taints: []"}, {Kind::kUnknown, ""}},
      {{"container", "command: sleep infinity"}, {Kind::kWrongType, "type.list-of-strings"}},
      {{"metadata", "labels: {version: 1}"}, {Kind::kWrongType, "type.mapping-of-strings"}},
      {{"spec", "terminationGracePeriodSeconds: \"30\""}, {Kind::kWrongType, "type.integer"}},
      {{"spec", "hostNetwork: \"true\""}, {Kind::kWrongType, "type.bool"}},
      {{"container", "workingDir: 1"}, {Kind::kWrongType, "type.string"}},
      {{"spec", "initContainers: {name: i}"}, {Kind::kWrongType, "type.list-of-mappings"}},
  };
  for (const auto& [in, out] : want) {
    SCOPED_TRACE(in.first + ": " + in.second);
    const auto found = k8s::pod_field_problems(pod_at(in.first, in.second));
    ASSERT_EQ(found.size(), 1U);
    EXPECT_EQ(found[0].kind, out.first);
    EXPECT_EQ(found[0].known, out.second);
  }
  // A list's items by their place in it; an ephemeral container's own field is known.
  const auto init = k8s::pod_field_problems(
      pod_at("spec", "initContainers: [{name: i, image: busybox}, {name: j, image: busybox, tolerations: []}]"));
  ASSERT_EQ(init.size(), 1U);
  EXPECT_EQ(init[0].path, "spec.initContainers[1].tolerations");
  EXPECT_EQ(init[0].known, "spec");
  EXPECT_TRUE(k8s::pod_field_problems(
                  pod_at("spec", "ephemeralContainers: [{name: e, image: busybox, targetContainerName: c}]"))
                  .empty());
}

}  // namespace
}  // namespace gpuwhy
