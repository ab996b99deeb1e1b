// k8s::tolerates against Kubernetes itself: fixtures/k8s/toleration/tolerates.jsonl is what
// k8s.io/api v0.34.0's Toleration.ToleratesTaint says for 144 tolerations × 12 taints (every key,
// operator, value and effect, empty ones included; recorded by fixtures/k8s/record, never typed).
#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <map>
#include <set>
#include <stdexcept>
#include <string>
#include <vector>

#include <fmt/format.h>
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

std::vector<nlohmann::json> recorded_rows();

TEST(K8sTaints, TheFilterStopsAPodAtTheFirstUntoleratedNoScheduleOrNoExecuteTaint) {
  const nlohmann::json other = {{"key", "other"}, {"value", "x"}, {"effect", "NoSchedule"}};
  for (const auto& row : recorded_rows()) {
    SCOPED_TRACE(row.dump());
    const nlohmann::json pod = {{"spec", {{"tolerations", nlohmann::json::array({row["toleration"]})}}}};
    const nlohmann::json node = {{"spec", {{"taints", nlohmann::json::array({row["taint"]})}}}};
    // A PreferNoSchedule taint only scores; the others stop the pod unless it tolerates them.
    const bool scored_only = row["taint"]["effect"] == "PreferNoSchedule";
    const bool passes = scored_only || row["tolerates"].get<bool>();
    EXPECT_EQ(k8s::untolerated_taint(pod, node) == nullptr, passes);
    EXPECT_EQ(k8s::filtering_taints(node).size(), scored_only ? 0U : 1U);
    // Behind a taint nobody here tolerates, that one stops it first, whatever this one does.
    const nlohmann::json both = {{"spec", {{"taints", nlohmann::json::array({other, row["taint"]})}}}};
    const nlohmann::json* first = k8s::untolerated_taint(pod, both);
    if (!k8s::tolerates(row["toleration"], other)) {
      ASSERT_NE(first, nullptr);
      EXPECT_EQ(*first, other);
    }
  }
  EXPECT_EQ(k8s::untolerated_taint(nlohmann::json::object(), nlohmann::json::object()), nullptr);
  EXPECT_EQ(k8s::untolerated_taint(nlohmann::json::object(), nlohmann::json{{"spec", {{"taints", "x"}}}}), nullptr);
}

TEST(K8sTaints, APodWithoutTolerationsToleratesNothing) {
  const nlohmann::json taint = {{"key", "nvidia.com/gpu"}, {"value", "present"}, {"effect", "NoSchedule"}};
  EXPECT_FALSE(k8s::tolerated(nlohmann::json::object(), taint));
  EXPECT_FALSE(k8s::tolerated(nlohmann::json{{"spec", {{"tolerations", "x"}}}}, taint));
  EXPECT_FALSE(k8s::tolerated(nlohmann::json(nullptr), taint));
}

std::vector<nlohmann::json> recorded_rows() {
  std::ifstream in(std::string(GPUWHY_SOURCE_DIR) + "/fixtures/k8s/toleration/tolerates.jsonl");
  std::vector<nlohmann::json> out;
  for (std::string line; std::getline(in, line);) out.push_back(nlohmann::json::parse(line));
  return out;
}

// What Kubernetes did for a toleration, looked up in the recording.
bool recorded(const std::vector<nlohmann::json>& rows, const nlohmann::json& tol, const nlohmann::json& taint) {
  for (const auto& r : rows) {
    if (r["toleration"] == tol && r["taint"] == taint) return r["tolerates"].get<bool>();
  }
  throw std::runtime_error("not recorded: " + tol.dump() + " " + taint.dump());
}

// canonical_toleration changes nothing Kubernetes sees: each recorded toleration and its canonical
// form were given the same answers for every taint (those without an operator are recorded with
// "Equal" too).
TEST(K8sTaints, TheCanonicalFormIsReadAlikeByKubernetes) {
  const auto rows = recorded_rows();
  int defaulted = 0;
  for (const auto& r : rows) {
    const auto canon = k8s::canonical_toleration(r["toleration"]);
    SCOPED_TRACE(r.dump());
    EXPECT_EQ(recorded(rows, canon, r["taint"]), r["tolerates"].get<bool>());
    EXPECT_EQ(k8s::toleration_operator(r["toleration"]), canon["operator"].get<std::string>());
    defaulted += r["toleration"].contains("operator") ? 0 : 1;
    // A field written empty is the field left out (the apiserver omits it).
    auto spelled = r["toleration"];
    for (const char* f : {"key", "value", "effect"}) {
      if (!spelled.contains(f)) spelled[f] = "";
    }
    spelled["tolerationSeconds"] = nullptr;
    EXPECT_EQ(k8s::canonical_toleration(spelled), canon);
  }
  EXPECT_GT(defaulted, 0);
}

// A toleration without a key got the same answer for a taint of every recorded key; one with a
// key never tolerated a taint of the other key.
TEST(K8sTaints, MatchesEveryKeyIsWhatKubernetesDid) {
  const auto rows = recorded_rows();
  int keyless = 0;
  for (const auto& r : rows) {
    const auto& tol = r["toleration"];
    auto other = r["taint"];
    other["key"] = other["key"] == "other" ? "nvidia.com/gpu" : "other";
    SCOPED_TRACE(r.dump());
    if (k8s::matches_every_key(tol)) {
      ++keyless;
      EXPECT_EQ(recorded(rows, tol, other), r["tolerates"].get<bool>());
    } else if (r["tolerates"].get<bool>()) {
      EXPECT_FALSE(recorded(rows, tol, other));
    }
  }
  EXPECT_EQ(keyless, 48 * 12);  // 48 keyless tolerations x 12 taints
}

// covers() against the recording: whenever it says `a` covers `b`, Kubernetes tolerated with `a`
// every recorded taint it tolerated with `b`. Among the recorded tolerations it covers many pairs
// and turns many down.
TEST(K8sTaints, CoversOnlyWhatKubernetesToleratedOnEveryRecordedPair) {
  std::map<std::string, std::pair<nlohmann::json, std::set<std::string>>> tolerated;
  for (const auto& r : recorded_rows()) {
    auto& entry = tolerated[r["toleration"].dump()];
    entry.first = r["toleration"];
    if (r["tolerates"].get<bool>()) entry.second.insert(r["taint"].dump());
  }
  int covered = 0;
  int not_covered = 0;
  for (const auto& [ka, a] : tolerated) {
    for (const auto& [kb, b] : tolerated) {
      if (!k8s::covers(a.first, b.first)) {
        ++not_covered;
        continue;
      }
      ++covered;
      SCOPED_TRACE(fmt::format("{} covers {}", ka, kb));
      EXPECT_TRUE(std::includes(a.second.begin(), a.second.end(), b.second.begin(), b.second.end()));
    }
  }
  EXPECT_GT(covered, 1000);
  EXPECT_GT(not_covered, 1000);
}

TEST(K8sTaints, ARedundantTolerationIsNotEssential) {
  using J = nlohmann::json;
  const J exists = {{"key", "nvidia.com/gpu"}, {"operator", "Exists"}};
  const J equal = {{"key", "nvidia.com/gpu"}, {"operator", "Equal"}, {"value", "present"}, {"effect", "NoSchedule"}};
  const J other = {{"key", "other"}, {"operator", "Exists"}};
  EXPECT_TRUE(k8s::covers(exists, equal));
  EXPECT_FALSE(k8s::covers(equal, exists));
  EXPECT_FALSE(k8s::covers(equal, other));
  EXPECT_EQ(k8s::essential_tolerations({equal, exists, equal}), (std::vector<J>{exists}));
  EXPECT_EQ(k8s::essential_tolerations({equal, equal}), (std::vector<J>{equal}));
  EXPECT_EQ(k8s::essential_tolerations({equal, other}), (std::vector<J>{equal, other}));
  // A NoExecute taint evicts after the least tolerationSeconds of the tolerations that match: one
  // with fewer seconds than its cover shortens the stay, one with more does not.
  const J forever = {{"key", "k"}, {"operator", "Exists"}, {"effect", "NoExecute"}};
  J soon = forever;
  soon["tolerationSeconds"] = 30;
  J later = forever;
  later["tolerationSeconds"] = 60;
  EXPECT_FALSE(k8s::covers(forever, soon));
  EXPECT_TRUE(k8s::covers(soon, forever));
  EXPECT_TRUE(k8s::covers(soon, later));
  EXPECT_FALSE(k8s::covers(later, soon));
  EXPECT_EQ(k8s::essential_tolerations({forever, soon}), (std::vector<J>{soon}));
  // An operator that matches nothing adds nothing.
  const J bad = {{"key", "nvidia.com/gpu"}, {"operator", "exists"}};
  EXPECT_EQ(k8s::essential_tolerations({bad, other}), (std::vector<J>{other}));
}

TEST(K8sTaints, AuthoredTolerationsLeaveOutOnlyDefaultTolerationSeconds) {
  const nlohmann::json added = {{"key", "node.kubernetes.io/not-ready"},
                                {"operator", "Exists"},
                                {"effect", "NoExecute"},
                                {"tolerationSeconds", 300}};
  auto own = added;
  own["tolerationSeconds"] = 60;  // the author's own: the plugin adds none for that key then
  const nlohmann::json gpu = {{"key", "nvidia.com/gpu"}, {"operator", "Exists"}, {"effect", "NoSchedule"}};
  const nlohmann::json pod = {{"spec", {{"tolerations", {added, own, gpu}}}}};
  EXPECT_TRUE(k8s::is_default_toleration_seconds(added));
  EXPECT_FALSE(k8s::is_default_toleration_seconds(own));
  const auto authored = k8s::authored_tolerations(pod);
  ASSERT_EQ(authored.size(), 2U);
  EXPECT_EQ(authored[0], own);
  EXPECT_EQ(authored[1], gpu);
  EXPECT_TRUE(k8s::authored_tolerations(nlohmann::json{{"spec", {{"tolerations", "x"}}}}).empty());
}

// NodeUnschedulable: a cordoned node turns away every pod that does not tolerate
// node.kubernetes.io/unschedulable:NoSchedule (by the recorded ToleratesTaint: any toleration of
// that key and effect, or a wildcard); an uncordoned one, or spec.unschedulable not true, none.
TEST(K8sTaints, ACordonedNodeTurnsAwayAPodThatDoesNotTolerateBeingUnschedulable) {
  using nlohmann::json;
  const json cordoned = {{"spec", {{"unschedulable", true}}}};
  const json pod = {{"spec", {{"tolerations", json::array({{{"key", "nvidia.com/gpu"}, {"operator", "Exists"}}})}}}};
  EXPECT_TRUE(k8s::unschedulable_for(cordoned, pod));
  EXPECT_TRUE(k8s::unschedulable_for(cordoned, json::object()));
  for (const json& tol :
       {json{{"key", "node.kubernetes.io/unschedulable"}, {"operator", "Exists"}},
        json{{"key", "node.kubernetes.io/unschedulable"}, {"effect", "NoSchedule"}, {"operator", "Exists"}},
        json{{"operator", "Exists"}}}) {
    EXPECT_FALSE(k8s::unschedulable_for(cordoned, json{{"spec", {{"tolerations", json::array({tol})}}}})) << tol;
  }
  const json wrong_effect = {
      {"key", "node.kubernetes.io/unschedulable"}, {"operator", "Exists"}, {"effect", "NoExecute"}};
  EXPECT_TRUE(k8s::unschedulable_for(cordoned, json{{"spec", {{"tolerations", json::array({wrong_effect})}}}}));
  for (const json& node : {json{{"spec", {{"unschedulable", false}}}}, json{{"spec", json::object()}},
                           json{{"spec", {{"unschedulable", "true"}}}}, json::object()}) {
    EXPECT_FALSE(k8s::unschedulable_for(node, pod)) << node;
  }
}

}  // namespace
}  // namespace gpuwhy
