// k8s::node_constraint_problems against a real apiserver: fixtures/k8s/affinity/validity.jsonl is
// what kube-apiserver answered `kubectl create --dry-run=server` for 1,076 node selectors and node
// affinities written as students write them (recorded by fixtures/k8s/record-validity, never
// typed). Each is read as gpuwhy reads a manifest (k8s::load_manifest), kubectl's YAML reading too.
#include <gtest/gtest.h>

#include <set>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "gpuwhy/k8s/node_affinity.h"
#include "validity_rows.h"

namespace gpuwhy {
namespace {

using Kind = k8s::ConstraintProblem::Kind;

// What the rule says of every recorded row, held to what the apiserver answered.
struct Tally {
  int refused = 0;
  int decoded = 0;
  std::set<Kind> seen;
};

Tally against_the_apiserver(const std::vector<nlohmann::json>& rows) {
  Tally t;
  for (const auto& row : rows) {
    SCOPED_TRACE(row.dump());
    const auto problems = k8s::node_constraint_problems(
        gpuwhy_test::validity_pod("  " + row["yaml"].get<std::string>() + "\n", row.value("labels", "")));
    const bool accepted = row["accepted"].get<bool>();
    EXPECT_EQ(problems.empty(), accepted);
    if (accepted) continue;
    ++t.refused;
    const bool decode = row["decode"].get<bool>();
    t.decoded += decode ? 1 : 0;
    std::set<std::string> ours;
    for (const auto& p : problems) {
      EXPECT_EQ(p.decoding(), decode) << "kind " << static_cast<int>(p.kind) << " at " << p.path;
      ours.insert(decode ? gpuwhy_test::without_indexes(p.path) : p.path);
      t.seen.insert(p.kind);
    }
    gpuwhy_test::expect_named(ours, gpuwhy_test::recorded_paths(row), decode);
  }
  return t;
}

TEST(K8sAffinityValid, ProblemsAreWhatTheApiserverAnsweredForEveryRecordedConstraint) {
  const auto rows = gpuwhy_test::validity_rows("affinity/validity.jsonl");
  const Tally t = against_the_apiserver(rows);
  EXPECT_EQ(rows.size(), 1076U) << "run fixtures/k8s/record-validity";
  EXPECT_GT(t.refused, 900);
  EXPECT_GT(t.decoded, 100);
  // Every kind of refusal of node constraints occurs in the recording.
  EXPECT_EQ(t.seen.size(), 15U);
}

// The same for 341 pod affinities and anti-affinities (fixtures/k8s/affinity/pod_validity.jsonl):
// label selectors, namespaces, topologyKey, weights, and matchLabelKeys / mismatchLabelKeys, some on
// a pod with labels, whose values the apiserver merges into the selector before it validates it.
TEST(K8sAffinityValid, PodAffinityProblemsAreWhatTheApiserverAnswered) {
  const auto rows = gpuwhy_test::validity_rows("affinity/pod_validity.jsonl");
  const Tally t = against_the_apiserver(rows);
  EXPECT_EQ(rows.size(), 341U) << "run fixtures/k8s/record-validity pod-affinity";
  EXPECT_GT(t.refused, 200);
  EXPECT_GT(t.decoded, 20);
  for (const Kind k : {Kind::kBadNamespace, Kind::kNoTopologyKey, Kind::kLabelKeysWithoutSelector,
                       Kind::kDuplicateLabelKey, Kind::kBadWeight, Kind::kBadOperator, Kind::kValuesRequired,
                       Kind::kValuesForbidden, Kind::kBadKey, Kind::kBadValue, Kind::kNotString, Kind::kUnknownField}) {
    EXPECT_EQ(t.seen.count(k), 1U) << static_cast<int>(k);
  }
}

}  // namespace
}  // namespace gpuwhy
