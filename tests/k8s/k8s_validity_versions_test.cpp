// The validity tables recorded again on other control planes (fixtures/k8s/*/<table>.<version>.jsonl,
// recorded by fixtures/k8s/record-validity on v1.37.2 and v1.33.13): the same inputs. The rules are
// held to v1.34.0's tables in detail (k8s_{toleration,affinity,resources}_valid_test.cpp); here each
// other version's answer is the rule's too, given that version's gates (k8s::resource_gates), so a
// version that answers otherwise shows. Where no gate differs, the answers are v1.34.0's.
#include <gtest/gtest.h>

#include <algorithm>
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
  std::string rel;  ///< the v1.34.0 table
  /// Whether gpuwhy's rule refuses the row's input, on an apiserver with `gates`.
  std::function<bool(const json& row, k8s::ResourceGates gates)> refused;
  bool gated = false;  ///< the answers depend on the resource gates of the version
};

std::vector<Table> tables() {
  const auto spec_line = [](const json& row) {
    return gpuwhy_test::validity_pod("  " + row["yaml"].get<std::string>() + "\n", row.value("labels", ""));
  };
  return {
      {"toleration/validity.jsonl",
       [](const json& row, k8s::ResourceGates /*gates*/) {
         return !k8s::pod_toleration_problems(
                     gpuwhy_test::validity_pod("  tolerations:\n  - " + row["yaml"].get<std::string>() + "\n"))
                     .empty();
       }},
      {"affinity/validity.jsonl",
       [=](const json& row, k8s::ResourceGates /*gates*/) {
         return !k8s::node_constraint_problems(spec_line(row)).empty();
       }},
      {"affinity/pod_validity.jsonl",
       [=](const json& row, k8s::ResourceGates /*gates*/) {
         return !k8s::node_constraint_problems(spec_line(row)).empty();
       }},
      {"resources/validity.jsonl",
       [](const json& row, k8s::ResourceGates gates) {
         return !k8s::resource_problems(gpuwhy_test::validity_pod("    " + row["yaml"].get<std::string>() + "\n"),
                                        gates)
                     .empty();
       },
       true},
      {"resources/pod_validity.jsonl",
       [](const json& row, k8s::ResourceGates gates) {
         const std::string container = row["container"].get<std::string>();
         const json pod = gpuwhy_test::validity_pod((container.empty() ? "" : "    " + container + "\n") + "  " +
                                                    row["yaml"].get<std::string>() + "\n");
         return !k8s::resource_problems(pod, gates).empty();
       },
       true},
  };
}

// Each other version's tables: every answer is the rule's with that version's gates; the number of
// answers that differ from v1.34.0's is returned.
std::size_t expect_version(const std::string& version, std::size_t& rows) {
  const k8s::ResourceGates gates = k8s::resource_gates(version);
  std::size_t differ = 0;
  for (const Table& t : tables()) {
    SCOPED_TRACE(t.rel);
    const auto base = gpuwhy_test::validity_rows(t.rel);
    const auto other = gpuwhy_test::validity_rows_of(t.rel, version);
    EXPECT_EQ(other.size(), base.size()) << "run fixtures/k8s/record-validity on " << version;
    for (std::size_t i = 0; i < std::min(base.size(), other.size()); ++i) {
      const json& b = base[i];
      const json& o = other[i];
      SCOPED_TRACE(o.dump());
      if (o["yaml"] != b["yaml"]) {
        ADD_FAILURE() << "the tables of " << version << " and v1.34.0 list other inputs";
        break;
      }
      EXPECT_EQ(o["server"], version);
      EXPECT_EQ(t.refused(o, gates), !o["accepted"].get<bool>());
      if (o["accepted"] != b["accepted"] || o["decode"] != b["decode"]) {
        EXPECT_TRUE(t.gated);
        ++differ;
      }
    }
    rows += base.size();
  }
  return differ;
}

TEST(K8sValidityVersions, V1372RefusesExactlyWhatV1340RefusesAndSoDoTheRules) {
  std::size_t rows = 0;
  EXPECT_EQ(expect_version("v1.37.2", rows), 0U);
  EXPECT_EQ(rows, 5252U);
}

// v1.33.13 has neither PodLevelResources nor DynamicResourceAllocation on: it accepts (and drops) a
// pod's own spec.resources and a container's resources.claims that v1.34.0 refuses, 451 answers in
// all; a value it cannot decode it refuses as v1.34.0 does.
TEST(K8sValidityVersions, V13313AcceptsTheGatedFieldsV1340RefusesAndSoDoTheRules) {
  std::size_t rows = 0;
  EXPECT_EQ(expect_version("v1.33.13", rows), 451U);
  EXPECT_EQ(rows, 5252U);
}

}  // namespace
}  // namespace gpuwhy
