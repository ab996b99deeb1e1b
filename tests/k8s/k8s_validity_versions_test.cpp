// The validity tables recorded again on another control plane (fixtures/k8s/*/<table>.v1.37.2.jsonl,
// recorded by fixtures/k8s/record-validity on v1.37.2): the same inputs, the same answers. The rules
// are held to v1.34.0's tables in detail (k8s_{toleration,affinity,resources}_valid_test.cpp); here
// each v1.37.2 answer is the rule's too, so a version that answers otherwise shows.
#include <gtest/gtest.h>

#include <functional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "gpuwhy/k8s/node_affinity.h"
#include "gpuwhy/k8s/requests.h"
#include "gpuwhy/k8s/taints.h"
#include "validity_rows.h"

namespace gpuwhy {
namespace {

using nlohmann::json;

struct Table {
  std::string rel;                               ///< the v1.34.0 table
  std::function<bool(const json& row)> refused;  ///< whether gpuwhy's rule refuses the row's input
};

std::vector<Table> tables() {
  const auto spec_line = [](const json& row) {
    return gpuwhy_test::validity_pod("  " + row["yaml"].get<std::string>() + "\n", row.value("labels", ""));
  };
  return {
      {"toleration/validity.jsonl",
       [](const json& row) {
         return !k8s::pod_toleration_problems(
                     gpuwhy_test::validity_pod("  tolerations:\n  - " + row["yaml"].get<std::string>() + "\n"))
                     .empty();
       }},
      {"affinity/validity.jsonl",
       [=](const json& row) { return !k8s::node_constraint_problems(spec_line(row)).empty(); }},
      {"affinity/pod_validity.jsonl",
       [=](const json& row) { return !k8s::node_constraint_problems(spec_line(row)).empty(); }},
      {"resources/validity.jsonl",
       [](const json& row) {
         return !k8s::resource_problems(gpuwhy_test::validity_pod("    " + row["yaml"].get<std::string>() + "\n"))
                     .empty();
       }},
      {"resources/pod_validity.jsonl",
       [](const json& row) {
         const std::string container = row["container"].get<std::string>();
         const json pod = gpuwhy_test::validity_pod((container.empty() ? "" : "    " + container + "\n") + "  " +
                                                    row["yaml"].get<std::string>() + "\n");
         return !k8s::resource_problems(pod, k8s::pod_level_resources(row["server"].get<std::string>())).empty();
       }},
  };
}

TEST(K8sValidityVersions, V1372RefusesExactlyWhatV1340RefusesAndSoDoTheRules) {
  std::size_t rows = 0;
  for (const Table& t : tables()) {
    SCOPED_TRACE(t.rel);
    const auto base = gpuwhy_test::validity_rows(t.rel);
    const auto other = gpuwhy_test::validity_rows(t.rel.substr(0, t.rel.size() - 6) + ".v1.37.2.jsonl");
    ASSERT_EQ(other.size(), base.size()) << "run fixtures/k8s/record-validity on v1.37.2";
    for (std::size_t i = 0; i < base.size(); ++i) {
      const json& b = base[i];
      const json& o = other[i];
      SCOPED_TRACE(o.dump());
      ASSERT_EQ(o["yaml"], b["yaml"]);
      EXPECT_EQ(o["server"], "v1.37.2");
      EXPECT_EQ(o["accepted"], b["accepted"]);
      EXPECT_EQ(o["decode"], b["decode"]);
      EXPECT_EQ(t.refused(o), !o["accepted"].get<bool>());
    }
    rows += base.size();
  }
  EXPECT_EQ(rows, 5252U);
}

}  // namespace
}  // namespace gpuwhy
