// k8s::toleration_problems against a real apiserver: fixtures/k8s/toleration/validity.jsonl is what
// kube-apiserver answered `kubectl create --dry-run=server` for 592 tolerations written as students
// write them (recorded by fixtures/k8s/record-validity, never typed). Each is read here
// as gpuwhy reads a manifest (k8s::load_manifest), so kubectl's YAML reading is held too.
#include <gtest/gtest.h>

#include <set>
#include <string>

#include <nlohmann/json.hpp>

#include "gpuwhy/k8s/taints.h"
#include "validity_rows.h"

namespace gpuwhy {
namespace {

using Kind = k8s::TolerationProblem::Kind;

nlohmann::json pod_with(const std::string& toleration) {
  return gpuwhy_test::validity_pod("  tolerations:\n  - " + toleration + "\n");
}

TEST(K8sTolerationValid, ProblemsAreWhatTheApiserverAnsweredForEveryRecordedToleration) {
  const auto rows = gpuwhy_test::validity_rows("toleration/validity.jsonl");
  int refused = 0;
  int decoded = 0;
  std::set<Kind> seen;
  for (const auto& row : rows) {
    SCOPED_TRACE(row.dump());
    const auto problems = k8s::pod_toleration_problems(pod_with(row["yaml"].get<std::string>()));
    const bool accepted = row["accepted"].get<bool>();
    EXPECT_EQ(problems.empty(), accepted);
    if (accepted) continue;
    ++refused;
    std::set<std::string> ours;
    for (const auto& [index, p] : problems) {
      EXPECT_EQ(index, 0);
      EXPECT_EQ(p.decoding(), row["decode"].get<bool>()) << "kind " << static_cast<int>(p.kind);
      ours.insert(p.field);
      seen.insert(p.kind);
    }
    const bool decode = row["decode"].get<bool>();
    decoded += decode ? 1 : 0;
    gpuwhy_test::expect_named(ours, row["fields"].get<std::set<std::string>>(), decode);
  }
  EXPECT_EQ(rows.size(), 592U) << "run fixtures/k8s/record-validity";
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
  // An item left empty ("-" alone) is null, decoded as an empty toleration, which the apiserver
  // refuses as it refuses {} (recorded): no key needs operator Exists.
  problems = k8s::pod_toleration_problems(pod_with("~"));
  ASSERT_EQ(problems.size(), 1U);
  EXPECT_EQ(problems[0].second.kind, Kind::kEmptyKeyNeedsExists);
  EXPECT_EQ(problems, k8s::pod_toleration_problems(pod_with("{}")));
  EXPECT_TRUE(k8s::pod_toleration_problems({{"spec", {{"containers", nlohmann::json::array()}}}}).empty());
}

}  // namespace
}  // namespace gpuwhy
