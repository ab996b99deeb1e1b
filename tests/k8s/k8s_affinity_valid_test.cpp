// k8s::node_constraint_problems against a real apiserver: fixtures/k8s/affinity/validity.jsonl is
// what kube-apiserver answered `kubectl create --dry-run=server` for 1,076 node selectors and node
// affinities written as students write them (recorded by fixtures/k8s/record-validity, never
// typed). Each is read as gpuwhy reads a manifest (k8s::load_manifest), kubectl's YAML reading too.
#include <gtest/gtest.h>

#include <algorithm>
#include <regex>
#include <set>
#include <string>

#include <nlohmann/json.hpp>

#include "gpuwhy/k8s/node_affinity.h"
#include "validity_rows.h"

namespace gpuwhy {
namespace {

using Kind = k8s::ConstraintProblem::Kind;

// A path as Go's decoder names a field of the wrong type: without list indexes.
std::string without_indexes(const std::string& path) {
  return std::regex_replace(path, std::regex(R"(\[[0-9]+\])"), "");
}

TEST(K8sAffinityValid, ProblemsAreWhatTheApiserverAnsweredForEveryRecordedConstraint) {
  const auto rows = gpuwhy_test::validity_rows("affinity/validity.jsonl");
  int refused = 0;
  int decoded = 0;
  std::set<Kind> seen;
  for (const auto& row : rows) {
    SCOPED_TRACE(row.dump());
    const auto problems =
        k8s::node_constraint_problems(gpuwhy_test::validity_pod("  " + row["yaml"].get<std::string>() + "\n"));
    const bool accepted = row["accepted"].get<bool>();
    EXPECT_EQ(problems.empty(), accepted);
    if (accepted) continue;
    ++refused;
    const bool decode = row["decode"].get<bool>();
    std::set<std::string> ours;
    for (const auto& p : problems) {
      EXPECT_EQ(p.decoding(), decode) << "kind " << static_cast<int>(p.kind) << " at " << p.path;
      ours.insert(decode ? without_indexes(p.path) : p.path);
      seen.insert(p.kind);
    }
    std::set<std::string> recorded;
    for (const auto& p : row["paths"])
      recorded.insert(decode ? without_indexes(p.get<std::string>()) : p.get<std::string>());
    if (decode) {
      // Go's decoder stops at the first field of the wrong type; gpuwhy names every one.
      ++decoded;
      EXPECT_TRUE(std::includes(ours.begin(), ours.end(), recorded.begin(), recorded.end()))
          << ::testing::PrintToString(ours);
    } else {
      EXPECT_EQ(ours, recorded);
    }
  }
  EXPECT_EQ(rows.size(), 1076U) << "run fixtures/k8s/record-validity";
  EXPECT_GT(refused, 900);
  EXPECT_GT(decoded, 100);
  // Every kind of refusal occurs in the recording.
  EXPECT_EQ(seen.size(), 15U);
}

// The same for 341 pod affinities and anti-affinities (fixtures/k8s/affinity/pod_validity.jsonl):
// label selectors, namespaces, topologyKey, weights, and matchLabelKeys / mismatchLabelKeys, some on
// a pod with labels, whose values the apiserver merges into the selector before it validates it.
TEST(K8sAffinityValid, PodAffinityProblemsAreWhatTheApiserverAnswered) {
  const auto rows = gpuwhy_test::validity_rows("affinity/pod_validity.jsonl");
  int refused = 0;
  std::set<Kind> seen;
  for (const auto& row : rows) {
    SCOPED_TRACE(row.dump());
    const auto problems = k8s::node_constraint_problems(
        gpuwhy_test::validity_pod("  " + row["yaml"].get<std::string>() + "\n", row.value("labels", "")));
    const bool accepted = row["accepted"].get<bool>();
    EXPECT_EQ(problems.empty(), accepted);
    if (accepted) continue;
    ++refused;
    const bool decode = row["decode"].get<bool>();
    std::set<std::string> ours;
    for (const auto& p : problems) {
      EXPECT_EQ(p.decoding(), decode) << "kind " << static_cast<int>(p.kind) << " at " << p.path;
      ours.insert(decode ? without_indexes(p.path) : p.path);
      seen.insert(p.kind);
    }
    std::set<std::string> recorded;
    for (const auto& p : row["paths"])
      recorded.insert(decode ? without_indexes(p.get<std::string>()) : p.get<std::string>());
    if (decode) {
      EXPECT_TRUE(std::includes(ours.begin(), ours.end(), recorded.begin(), recorded.end()))
          << ::testing::PrintToString(ours);
    } else {
      EXPECT_EQ(ours, recorded);
    }
  }
  EXPECT_EQ(rows.size(), 341U) << "run fixtures/k8s/record-validity pod-affinity";
  EXPECT_GT(refused, 200);
  for (const Kind k : {Kind::kBadNamespace, Kind::kNoTopologyKey, Kind::kLabelKeysWithoutSelector,
                       Kind::kDuplicateLabelKey, Kind::kBadWeight, Kind::kBadOperator, Kind::kValuesRequired,
                       Kind::kValuesForbidden, Kind::kBadKey, Kind::kBadValue, Kind::kNotString, Kind::kUnknownField}) {
    EXPECT_EQ(seen.count(k), 1U) << static_cast<int>(k);
  }
}

}  // namespace
}  // namespace gpuwhy
