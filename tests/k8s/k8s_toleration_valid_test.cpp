// k8s::toleration_problems against a real apiserver: fixtures/k8s/toleration/validity.jsonl is what
// kube-apiserver answered `kubectl create --dry-run=server` for 592 tolerations written as students
// write them (recorded by fixtures/k8s/toleration/record-validity, never typed). Each is read here
// as gpuwhy reads a manifest (k8s::load_manifest), so kubectl's YAML reading is held too.
#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <set>
#include <string>

#include <nlohmann/json.hpp>

#include "gpuwhy/k8s/manifest.h"
#include "gpuwhy/k8s/taints.h"

namespace gpuwhy {
namespace {

using Kind = k8s::TolerationProblem::Kind;

bool decoding(Kind k) {
  return k == Kind::kNotObject || k == Kind::kUnknownField || k == Kind::kNotString || k == Kind::kNotInteger;
}

nlohmann::json pod_with(const std::string& toleration) {
  const std::string text =
      "apiVersion: v1\nkind: Pod\nmetadata:\n  name: validity\n  namespace: default\nspec:\n  containers:\n"
      "  - name: c\n    image: busybox\n  tolerations:\n  - " +
      toleration + "\n";
  const auto docs = k8s::load_manifest(text, "validity.yaml");
  return docs.empty() ? nlohmann::json() : docs.front();
}

TEST(K8sTolerationValid, ProblemsAreWhatTheApiserverAnsweredForEveryRecordedToleration) {
  std::ifstream in(std::string(GPUWHY_SOURCE_DIR) + "/fixtures/k8s/toleration/validity.jsonl");
  int rows = 0;
  int refused = 0;
  int decoded = 0;
  std::set<Kind> seen;
  for (std::string line; std::getline(in, line); ++rows) {
    const auto row = nlohmann::json::parse(line);
    SCOPED_TRACE(line);
    const auto problems = k8s::pod_toleration_problems(pod_with(row["yaml"].get<std::string>()));
    const bool accepted = row["accepted"].get<bool>();
    EXPECT_EQ(problems.empty(), accepted);
    if (accepted) continue;
    ++refused;
    std::set<std::string> ours;
    for (const auto& [index, p] : problems) {
      EXPECT_EQ(index, 0);
      EXPECT_EQ(decoding(p.kind), row["decode"].get<bool>()) << "kind " << static_cast<int>(p.kind);
      ours.insert(p.field);
      seen.insert(p.kind);
    }
    const auto recorded = row["fields"].get<std::set<std::string>>();
    if (row["decode"].get<bool>()) {
      // Go's decoder stops at the first field of the wrong type; gpuwhy names every one.
      ++decoded;
      EXPECT_TRUE(std::includes(ours.begin(), ours.end(), recorded.begin(), recorded.end()));
    } else {
      EXPECT_EQ(ours, recorded);
    }
  }
  EXPECT_EQ(rows, 592) << "run fixtures/k8s/toleration/record-validity";
  EXPECT_GT(refused, 400);
  EXPECT_GT(decoded, 50);
  // Every kind of refusal but a toleration that is no mapping (below) occurs in the recording.
  EXPECT_EQ(seen.size(), 10U);
}

TEST(K8sTolerationValid, AListItemThatIsNoMappingOrAFieldThatIsNoListIsRefused) {
  auto problems = k8s::pod_toleration_problems(pod_with("nvidia.com/gpu"));
  ASSERT_EQ(problems.size(), 1U);
  EXPECT_EQ(problems[0].second.kind, Kind::kNotObject);
  EXPECT_EQ(problems[0].second.found, "nvidia.com/gpu");
  problems = k8s::pod_toleration_problems({{"spec", {{"tolerations", "nvidia.com/gpu"}}}});
  ASSERT_EQ(problems.size(), 1U);
  EXPECT_EQ(problems[0].first, -1);
  EXPECT_TRUE(k8s::pod_toleration_problems({{"spec", {{"tolerations", nullptr}}}}).empty());
  EXPECT_TRUE(k8s::pod_toleration_problems({{"spec", {{"containers", nlohmann::json::array()}}}}).empty());
}

}  // namespace
}  // namespace gpuwhy
