// k8s::tolerates against Kubernetes itself: fixtures/k8s/toleration/tolerates.jsonl is what
// k8s.io/api v0.34.0's Toleration.ToleratesTaint says for 144 tolerations × 12 taints (every key,
// operator, value and effect, empty ones included; recorded by fixtures/k8s/record, never typed).
#include <gtest/gtest.h>

#include <fstream>
#include <string>

#include <nlohmann/json.hpp>

#include "gpuwhy/k8s/taints.h"

namespace gpuwhy {
namespace {

TEST(K8sTaints, ToleratesEqualsToleratesTaintOnEveryRecordedPair) {
  std::ifstream in(std::string(GPUWHY_SOURCE_DIR) + "/fixtures/k8s/toleration/tolerates.jsonl");
  int rows = 0;
  int yes = 0;
  int empty_key_equal = 0;
  for (std::string line; std::getline(in, line); ++rows) {
    const auto row = nlohmann::json::parse(line);
    SCOPED_TRACE(line);
    const bool want = row["tolerates"].get<bool>();
    EXPECT_EQ(k8s::tolerates(row["toleration"], row["taint"]), want);
    // The same through a pod's spec.tolerations, alone and beside one that tolerates nothing.
    nlohmann::json pod = {{"spec", {{"tolerations", nlohmann::json::array({row["toleration"]})}}}};
    EXPECT_EQ(k8s::tolerated(pod, row["taint"]), want);
    pod["spec"]["tolerations"].push_back({{"key", "x"}, {"operator", "Bogus"}});
    EXPECT_EQ(k8s::tolerated(pod, row["taint"]), want);
    yes += want ? 1 : 0;
    const auto& tol = row["toleration"];
    if (!tol.contains("key") && tol.value("operator", "") == "Equal" && want) ++empty_key_equal;
  }
  EXPECT_EQ(rows, 1728) << "run fixtures/k8s/record";
  EXPECT_GT(yes, 100);
  EXPECT_GT(empty_key_equal, 0) << "an empty key with Equal matches any key whose value is equal";
}

TEST(K8sTaints, APodWithoutTolerationsToleratesNothing) {
  const nlohmann::json taint = {{"key", "nvidia.com/gpu"}, {"value", "present"}, {"effect", "NoSchedule"}};
  EXPECT_FALSE(k8s::tolerated(nlohmann::json::object(), taint));
  EXPECT_FALSE(k8s::tolerated(nlohmann::json{{"spec", {{"tolerations", "x"}}}}, taint));
  EXPECT_FALSE(k8s::tolerated(nlohmann::json(nullptr), taint));
}

}  // namespace
}  // namespace gpuwhy
