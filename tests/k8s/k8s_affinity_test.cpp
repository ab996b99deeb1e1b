// k8s::required_affinity_matches against Kubernetes itself: fixtures/k8s/affinity/matches.jsonl is
// what k8s.io/component-helpers v0.34.0's RequiredNodeAffinity.Match (the scheduler's NodeAffinity
// filter) says for 6,450 pods and nodes: every operator with keys, values and node labels valid and
// not, matchFields, and how terms and nodeSelector combine (recorded by fixtures/k8s/record, never
// typed). `gpuwhy why` is held to the same table.
#include <gtest/gtest.h>

#include <fstream>
#include <limits>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "gpuwhy/i18n/i18n.h"
#include "gpuwhy/k8s/labels.h"
#include "gpuwhy/k8s/node_affinity.h"
#include "gpuwhy/why/why.h"

namespace gpuwhy {
namespace {

using nlohmann::json;

std::vector<json> recorded_rows() {
  std::ifstream in(std::string(GPUWHY_SOURCE_DIR) + "/fixtures/k8s/affinity/matches.jsonl");
  std::vector<json> out;
  for (std::string line; std::getline(in, line);) out.push_back(json::parse(line));
  return out;
}

TEST(K8sAffinity, RequiredAffinityMatchesAsTheSchedulerDidOnEveryRecordedPair) {
  const auto rows = recorded_rows();
  ASSERT_EQ(rows.size(), 6450U) << "run fixtures/k8s/record";
  int yes = 0;
  for (const auto& row : rows) {
    SCOPED_TRACE(row.dump());
    const bool want = row["matches"].get<bool>();
    EXPECT_EQ(k8s::required_affinity_matches(row["pod"], row["node"]), want);
    yes += want ? 1 : 0;
  }
  EXPECT_GT(yes, 400);
  EXPECT_LT(yes, 1000);
}

// A null item of `values` decodes as Go's zero string (validity.jsonl records `values: [null]` as
// accepted): every recorded pod with a "" value matches, and reads, alike with null in its place.
TEST(K8sAffinity, ANullValueIsTheEmptyString) {
  int changed = 0;
  for (const auto& row : recorded_rows()) {
    const std::string text = row["pod"].dump();
    if (text.find(R"("values":[""])") == std::string::npos) continue;
    SCOPED_TRACE(text);
    std::string nulled = text;
    for (auto at = nulled.find(R"("values":[""])"); at != std::string::npos; at = nulled.find(R"("values":[""])"))
      nulled.replace(at, 13, R"("values":[null])");
    const json pod = json::parse(nulled);
    EXPECT_EQ(k8s::required_affinity_matches(pod, row["node"]), row["matches"].get<bool>());
    EXPECT_EQ(k8s::canonical_affinity(pod["spec"]["affinity"]),
              k8s::canonical_affinity(row["pod"]["spec"]["affinity"]));
    ++changed;
  }
  EXPECT_GT(changed, 50);
}

TEST(K8sAffinity, WhyRejectsByNodeAffinityExactlyWhereTheSchedulerDid) {
  const auto wording = why::wording_for("v1.34.0");
  for (const auto& row : recorded_rows()) {
    SCOPED_TRACE(row.dump());
    // PreFilter, which Match leaves out, tries only the names a pod's matchFields pin: a node
    // without a name (no real one) is never tried.
    if (!row["node"]["metadata"].contains("name")) continue;
    json pod = row["pod"];
    pod["metadata"] = {{"name", "p"}, {"namespace", "default"}};
    const auto v = why::explain(pod, {row["node"]}, {}, wording);
    ASSERT_EQ(v.nodes.size(), 1U);
    const bool rejected =
        v.nodes[0].gate == why::Gate::kNodeAffinity || v.nodes[0].gate == why::Gate::kNodeAffinityFilter;
    EXPECT_EQ(rejected, !row["matches"].get<bool>());
    // A rejection always says why: one line per nodeSelector pair or term.
    if (v.nodes[0].gate == why::Gate::kNodeAffinity) {
      EXPECT_FALSE(v.nodes[0].mismatches.empty());
    }
  }
}

TEST(K8sAffinity, ATermTheSchedulerCannotReadSaysSo) {
  using Fault = k8s::RequirementError::Fault;
  const json node = {{"metadata", {{"name", "lab-node-0"}, {"labels", {{"count", "5"}}}}}};
  const json gt = {{"matchExpressions", {{{"key", "count"}, {"operator", "Gt"}, {"values", {"-3"}}}}}};
  const auto bad_value = k8s::term_failure(gt, node);
  ASSERT_TRUE(bad_value);
  EXPECT_EQ(bad_value->kind, k8s::TermFailure::Kind::kUnusable);
  EXPECT_EQ(bad_value->error, (k8s::RequirementError{Fault::kValue, "-3"}));
  EXPECT_EQ(bad_value->text(), "count Gt (-3): \"-3\" is not a valid label value, so the term matches no node");
  const json name = {{"matchFields", {{{"key", "metadata.name"}, {"operator", "In"}, {"values", {"a", "b"}}}}}};
  const auto two_names = k8s::term_failure(name, node);
  ASSERT_TRUE(two_names);
  EXPECT_EQ(two_names->error.fault, Fault::kFieldValueCount);
  EXPECT_EQ(two_names->text(),
            "metadata.name In (a,b): matchFields In and NotIn take exactly one value, so the term matches no node");
  const json pod = {
      {"spec",
       {{"affinity",
         {{"nodeAffinity",
           {{"requiredDuringSchedulingIgnoredDuringExecution", {{"nodeSelectorTerms", json::array()}}}}}}}}}};
  const auto none = k8s::required_affinity_failures(pod, node);
  ASSERT_EQ(none.size(), 1U);
  EXPECT_EQ(none[0].kind, k8s::TermFailure::Kind::kNoTerm);
  EXPECT_EQ(none[0].text(), "no nodeSelectorTerm: required node affinity matches no node");
  EXPECT_FALSE(k8s::required_affinity_matches(pod, node));
}

// Every way a term fails, as `gpuwhy why` says it: its own catalog text in every language, the
// requirement and the node's side in it, and no English sentence inside a Korean or Japanese one.
TEST(K8sAffinity, EveryTermFailureIsSaidInTheReadersLanguage) {
  const auto wording = why::wording_for("v1.34.0");
  std::set<std::string> ids;
  for (const auto& row : recorded_rows()) {
    if (!row["node"]["metadata"].contains("name") || row["pod"]["spec"].contains("nodeSelector")) continue;
    json pod = row["pod"];
    pod["metadata"] = {{"name", "p"}, {"namespace", "default"}};
    const auto v = why::explain(pod, {row["node"]}, {}, wording);
    if (v.nodes.empty() || v.nodes[0].gate != why::Gate::kNodeAffinity) continue;
    const auto failures = k8s::required_affinity_failures(pod, row["node"]);
    ASSERT_EQ(v.nodes[0].details.size(), failures.size()) << row.dump();
    for (std::size_t i = 0; i < failures.size(); ++i) {
      const Msg& m = v.nodes[0].details[i];
      ids.insert(m.id);
      for (const i18n::Lang lang : i18n::kLangs) {
        SCOPED_TRACE(m.id + " " + i18n::to_string(lang));
        ASSERT_TRUE(i18n::catalog(lang).contains(m.id));
        const std::string said = i18n::render(m, lang);
        EXPECT_EQ(said.find('{'), std::string::npos) << said;
        if (!failures[i].requirement.empty()) {
          EXPECT_NE(said.find(failures[i].requirement), std::string::npos) << said;
        }
        if (failures[i].have) {
          EXPECT_NE(said.find(*failures[i].have), std::string::npos) << said;
        }
        if (lang == i18n::Lang::kEn) continue;
        for (const char* english : {"matches no node", "node has", "is not a valid", "take exactly", "need"}) {
          EXPECT_EQ(said.find(english), std::string::npos) << said;
        }
      }
    }
  }
  // The table reaches every kind of failure but the empty affinity, and every fault but those of
  // matchFields (whose terms also pin names, tried by the PreFilter first).
  EXPECT_GE(ids.size(), 10U);
  for (const char* id :
       {"why.detail.affinity-label", "why.detail.affinity-label-missing", "why.detail.affinity-empty-term",
        "why.detail.affinity-unusable.key", "why.detail.affinity-unusable.value",
        "why.detail.affinity-unusable.not-integer", "why.detail.affinity-unusable.operator",
        "why.detail.affinity-unusable.no-values", "why.detail.affinity-unusable.values-given"}) {
    EXPECT_TRUE(ids.contains(id)) << id;
  }
}

// metav1.LabelSelectorAsSelector, as `gpuwhy why` reads a pod affinity term's labelSelector and a
// PodDisruptionBudget's selector: fixtures/k8s/affinity/selectors.jsonl, 1,050 selectors and pod
// labels recorded from k8s.io/apimachinery v0.34.0 (what it refuses, what selects everything, what
// matches).
TEST(K8sAffinity, LabelSelectorsAreReadAsApimachineryReadsThem) {
  std::ifstream in(std::string(GPUWHY_SOURCE_DIR) + "/fixtures/k8s/affinity/selectors.jsonl");
  int rows = 0;
  int matched = 0;
  int refused = 0;
  for (std::string line; std::getline(in, line); ++rows) {
    const json row = json::parse(line);
    SCOPED_TRACE(line);
    json pod = {{"metadata", json::object()}};
    if (row["labels"].is_object()) pod["metadata"]["labels"] = row["labels"];
    const auto m = k8s::label_selector(row["selector"], pod);
    EXPECT_EQ(m.error, row["error"].get<bool>());
    EXPECT_EQ(m.empty, row["empty"].get<bool>());
    EXPECT_EQ(m.matches, row["matches"].get<bool>());
    matched += m.matches ? 1 : 0;
    refused += m.error ? 1 : 0;
  }
  EXPECT_EQ(rows, 1050) << "run fixtures/k8s/record";
  EXPECT_GT(matched, 50);
  EXPECT_GT(refused, 500);
}

// Every list of an affinity reversed, recursively: the same affinity to the scheduler.
json reversed(const json& v) {
  if (v.is_object()) {
    json out = json::object();
    for (const auto& [k, m] : v.items()) out[k] = reversed(m);
    return out;
  }
  if (!v.is_array()) return v;
  json out = json::array();
  for (auto it = v.rbegin(); it != v.rend(); ++it) out.push_back(reversed(*it));
  return out;
}

// canonical_affinity changes nothing the scheduler sees (every recorded pod, its affinity made
// canonical, gets the recorded answer), and reads any order of its lists as one.
TEST(K8sAffinity, TheCanonicalFormIsReadAlikeAndOrderFree) {
  int with_affinity = 0;
  for (const auto& row : recorded_rows()) {
    const json& aff = row["pod"]["spec"].value("affinity", json());
    if (aff.is_null()) continue;
    ++with_affinity;
    SCOPED_TRACE(row.dump());
    json pod = row["pod"];
    pod["spec"]["affinity"] = k8s::canonical_affinity(aff);
    EXPECT_EQ(k8s::required_affinity_matches(pod, row["node"]), row["matches"].get<bool>());
    EXPECT_EQ(k8s::canonical_affinity(reversed(aff)), k8s::canonical_affinity(aff));
  }
  EXPECT_GT(with_affinity, 6000);
  // Nothing constrained is no affinity; a required selector with no term is not nothing.
  EXPECT_EQ(k8s::canonical_affinity(json::parse(R"({"nodeAffinity":{},"podAffinity":null})")), json::object());
  const json none = json::parse(R"({"nodeAffinity":{"requiredDuringSchedulingIgnoredDuringExecution":{}}})");
  EXPECT_NE(k8s::canonical_affinity(none), json::object());
  // A value named twice is one value of the set.
  const json twice = json::parse(R"({"nodeAffinity":{"requiredDuringSchedulingIgnoredDuringExecution":
    {"nodeSelectorTerms":[{"matchExpressions":[{"key":"gpu","operator":"In","values":["b","a","b"]}]}]}}})");
  const json once = json::parse(R"({"nodeAffinity":{"requiredDuringSchedulingIgnoredDuringExecution":
    {"nodeSelectorTerms":[{"matchExpressions":[{"key":"gpu","operator":"In","values":["a","b"]}]}]}}})");
  EXPECT_EQ(k8s::canonical_affinity(twice), k8s::canonical_affinity(once));
  // Different requirements stay different.
  json other = once;
  other["nodeAffinity"]["requiredDuringSchedulingIgnoredDuringExecution"]["nodeSelectorTerms"][0]["matchExpressions"][0]
       ["operator"] = "NotIn";
  EXPECT_NE(k8s::canonical_affinity(other), k8s::canonical_affinity(once));
}

// A pod affinity term's selector, made canonical, selects what the recorded one selects
// (selectors.jsonl): `{}` selects every pod and none selects no pod, so the two stay apart. A term
// or requirement written twice is one; a weighted preference written twice is two (weights add).
TEST(K8sAffinity, TheCanonicalFormKeepsWhatASelectorSelects) {
  std::ifstream in(std::string(GPUWHY_SOURCE_DIR) + "/fixtures/k8s/affinity/selectors.jsonl");
  int rows = 0;
  for (std::string line; std::getline(in, line);) {
    const json row = json::parse(line);
    if (row["error"].get<bool>()) continue;
    ++rows;
    SCOPED_TRACE(line);
    json term = {{"topologyKey", "kubernetes.io/hostname"}};
    if (!row["selector"].is_null()) term["labelSelector"] = row["selector"];
    const json aff = {{"podAffinity", {{"requiredDuringSchedulingIgnoredDuringExecution", {term}}}}};
    const json c = k8s::canonical_affinity(aff);
    const json* kept = nullptr;
    if (c.contains("podAffinity")) {
      const json& t = c["podAffinity"]["requiredDuringSchedulingIgnoredDuringExecution"][0];
      if (t.contains("labelSelector")) kept = &t["labelSelector"];
    }
    json pod = {{"metadata", json::object()}};
    if (row["labels"].is_object()) pod["metadata"]["labels"] = row["labels"];
    EXPECT_EQ(k8s::label_selector(kept == nullptr ? json() : *kept, pod).matches, row["matches"].get<bool>());
  }
  EXPECT_GT(rows, 150);
  const json all = json::parse(R"({"podAffinity":{"requiredDuringSchedulingIgnoredDuringExecution":
    [{"labelSelector":{},"namespaceSelector":{},"topologyKey":"zone"}]}})");
  const json none = json::parse(R"({"podAffinity":{"requiredDuringSchedulingIgnoredDuringExecution":
    [{"topologyKey":"zone"}]}})");
  EXPECT_NE(k8s::canonical_affinity(all), k8s::canonical_affinity(none));
  const json twice = json::parse(R"({"nodeAffinity":{"requiredDuringSchedulingIgnoredDuringExecution":
    {"nodeSelectorTerms":[{"matchExpressions":[{"key":"a","operator":"Exists"},{"key":"a","operator":"Exists"}]},
                          {"matchExpressions":[{"key":"a","operator":"Exists"}]}]}}})");
  const json once = json::parse(R"({"nodeAffinity":{"requiredDuringSchedulingIgnoredDuringExecution":
    {"nodeSelectorTerms":[{"matchExpressions":[{"key":"a","operator":"Exists"}]}]}}})");
  EXPECT_EQ(k8s::canonical_affinity(twice), k8s::canonical_affinity(once));
  const json pref = json::parse(R"({"nodeAffinity":{"preferredDuringSchedulingIgnoredDuringExecution":
    [{"weight":1,"preference":{"matchExpressions":[{"key":"a","operator":"Exists"}]}}]}})");
  json pref2 = pref;
  pref2["nodeAffinity"]["preferredDuringSchedulingIgnoredDuringExecution"].push_back(
      pref["nodeAffinity"]["preferredDuringSchedulingIgnoredDuringExecution"][0]);
  EXPECT_NE(k8s::canonical_affinity(pref2), k8s::canonical_affinity(pref));
}

TEST(K8sLabels, ParseInt64IsStrconvParseInt) {
  EXPECT_EQ(k8s::parse_int64("5"), 5);
  EXPECT_EQ(k8s::parse_int64("+5"), 5);
  EXPECT_EQ(k8s::parse_int64("05"), 5);
  EXPECT_EQ(k8s::parse_int64("-3"), -3);
  EXPECT_EQ(k8s::parse_int64("9223372036854775807"), 9223372036854775807LL);
  EXPECT_EQ(k8s::parse_int64("-9223372036854775808"), std::numeric_limits<long long>::min());
  for (const char* bad : {"", "+", "-", "9223372036854775808", "-9223372036854775809", "99999999999999999999", "0x10",
                          "1_000", " 5", "5 ", "1e3", "5.0"}) {
    EXPECT_EQ(k8s::parse_int64(bad), std::nullopt) << bad;
  }
}

TEST(K8sLabels, KeysAndValuesAsApimachineryValidatesThem) {
  for (const char* ok : {"gpu", "nvidia.com/gpu", "a_b.c-d", "my.domain-1.io/x_Y.z", "K", "123-abc"}) {
    EXPECT_TRUE(k8s::is_qualified_name(ok)) << ok;
  }
  for (const char* bad :
       {"", "bad key", "a/b/c", "/gpu", "example.com/", "-gpu", "gpu.", "_gpu", "Example.com/gpu", "a..b/x", "A/x"}) {
    EXPECT_FALSE(k8s::is_qualified_name(bad)) << bad;
  }
  EXPECT_TRUE(k8s::is_qualified_name(std::string(63, 'k')));
  EXPECT_FALSE(k8s::is_qualified_name(std::string(64, 'k')));
  EXPECT_TRUE(k8s::is_qualified_name(std::string(253, 'd') + "/x"));
  EXPECT_FALSE(k8s::is_qualified_name(std::string(254, 'd') + "/x"));
  for (const char* ok : {"", "true", "05", "a-b_c.d"}) EXPECT_TRUE(k8s::is_label_value(ok)) << ok;
  for (const char* bad : {"-3", "+5", "a b", "x-", "-x", " 5"}) EXPECT_FALSE(k8s::is_label_value(bad)) << bad;
  EXPECT_FALSE(k8s::is_label_value(std::string(64, 'a')));
}

}  // namespace
}  // namespace gpuwhy
