// A bundle is parsed without what a live check drops from the apiserver's answers
// (bundle_drops): the nodes' images and unread status and most of their managedFields, the events'
// managedFields, and of the pods' managedFields the fields each entry owns but who set the
// pod's node, tolerations, nodeSelector and resources.
// Dropping must change no grade, and must drop only in those places.

#include <gtest/gtest.h>

#include <string>

#include <nlohmann/json.hpp>

#include "../../checks/common.h"  // checks::detail (cmd/ has a common.h too)
#include "gpuwhy/json/json_bounded.h"
#include "gpuwhy/json/pointer.h"
#include "gpuwhy/kube/kube.h"
#include "gpuwhy/model/bundle.h"
#include "report_common_test.h"

namespace gpuwhy::report_test {
namespace {

using nlohmann::json;

// As gpuwhy parses a bundle (bundle_limits), but text that is not JSON is a discarded value.
json dropped_parse(const std::string& text) {
  return jsonb::parse(text, bundle_limits());
}

// Every capture graded from the dropped parse gives the report, byte for byte, that the full
// parse gives; and the parse did drop something on each that holds pods (what it drops is theirs),
// so the comparison is not vacuous.
TEST(BundleDrop, EveryCaptureGradesAsTheFullBundle) {
  const auto caps = all_captures();
  ASSERT_FALSE(caps.empty());
  for (const auto& [version, scenario] : caps) {
    SCOPED_TRACE(capture_rel(version, scenario));
    const std::string text = read_text(source_dir() / capture_rel(version, scenario));
    const json full = jsonb::parse(text);
    const json dropped = dropped_parse(text);
    ASSERT_FALSE(dropped.is_discarded());
    const json* pods = jsonb::at(full, "/cluster/pods/value/items");
    if (pods != nullptr && pods->is_array() && !pods->empty()) {
      EXPECT_LT(dropped.dump().size(), full.dump().size());
    } else {
      EXPECT_LE(dropped.dump().size(), full.dump().size());
    }
    const std::string origin = capture_rel(version, scenario);
    EXPECT_EQ(render::json(grade(dropped, origin), {}), render::json(grade(full, origin), {}));
  }
}

// Of a pod's managedFields entry's fieldsV1, what bundle_drops keeps: f:spec with f:nodeName,
// f:tolerations, f:nodeSelector and, of each container, f:resources.
json pod_owned(const json& fields) {
  json owned = json::object();
  if (!fields.contains("f:spec")) return owned;
  const json& spec = fields["f:spec"];
  json& kept = owned["f:spec"] = json::object();
  for (const char* k : {"f:nodeName", "f:tolerations", "f:nodeSelector"}) {
    if (spec.contains(k)) kept[k] = spec[k];
  }
  if (spec.contains("f:containers")) {
    json& cs = kept["f:containers"] = json::object();
    for (const auto& [key, c] : spec["f:containers"].items()) {
      cs[key] = json::object();
      if (c.is_object() && c.contains("f:resources")) cs[key]["f:resources"] = c["f:resources"];
    }
  }
  return owned;
}

// On every capture, each pod keeps every managedFields entry (manager, operation, time) and,
// of the fields it owns, who set spec.nodeName, the tolerations, the nodeSelector and the
// containers' resources: who set spec.nodeName reads the same. (No capture has a client that
// set spec.nodeName; DropsOnlyTheUnreadFields has one.)
TEST(BundleDrop, PodsKeepEveryManagedFieldsEntryButItsOtherFields) {
  std::size_t owned_dropped = 0;
  for (const auto& [version, scenario] : all_captures()) {
    SCOPED_TRACE(capture_rel(version, scenario));
    const std::string text = read_text(source_dir() / capture_rel(version, scenario));
    const json full = jsonb::parse(text);
    const json dropped = dropped_parse(text);
    const json& pods = full["cluster"]["pods"]["value"]["items"];
    const json& kept = dropped["cluster"]["pods"]["value"]["items"];
    ASSERT_EQ(kept.size(), pods.size());
    for (std::size_t i = 0; i < pods.size(); ++i) {
      json want = pods[i];
      for (auto& e : want["metadata"]["managedFields"]) {
        const json owned = pod_owned(e["fieldsV1"]);
        if (owned != e["fieldsV1"]) ++owned_dropped;
        e["fieldsV1"] = owned;
      }
      EXPECT_EQ(kept[i], want) << pods[i]["metadata"]["name"];
      EXPECT_EQ(checks::detail::node_name_client(kept[i]), checks::detail::node_name_client(pods[i]));
    }
  }
  EXPECT_GT(owned_dropped, 0U);  // the captures do own fields that are dropped
}

TEST(BundleDrop, DropsOnlyTheUnreadFields) {
  const json owned = {
      {"f:metadata", {{"f:labels", json::object()}}},
      {"f:spec", {{"f:nodeName", json::object()}, {"f:containers", {{"k:{\"name\":\"c\"}", {{".", json::object()}}}}}}},
      {"f:status", {{"f:phase", json::object()}}}};
  const json entry = {{"manager", "kubectl"},
                      {"operation", "Update"},
                      {"fieldsType", "FieldsV1"},
                      {"fieldsV1", owned},
                      {"time", "2026-01-01T00:00:00Z"}};
  const json meta = {{"name", "x"}, {"managedFields", json::array({entry})}};
  const json status = {{"capacity", {{"nvidia.com/gpu", "2"}}},
                       {"allocatable", {{"nvidia.com/gpu", "2"}}},
                       {"conditions", json::array({{{"type", "Ready"}}})},
                       {"images", json::array({"a"})},
                       {"nodeInfo", {{"kubeletVersion", "v1"}}},
                       {"phase", "Running"}};
  const json item = {{"metadata", meta}, {"status", status}};
  const json list = {{"value", {{"items", json::array({item})}}}};
  const json bundle = {{"cluster", {{"nodes", list}, {"pods", list}, {"events", list}}},
                       {"files", {{"metadata", meta}, {"status", status}}},
                       {"dry_runs", {{"k8s/x.yaml", {{"value", item}}}}}};
  const json got = dropped_parse(bundle.dump());

  const json& node = got["cluster"]["nodes"]["value"]["items"][0];
  // A node keeps, of each managedFields entry, who set its labels, taints and status amounts.
  json node_entry = entry;
  node_entry["fieldsV1"] = {
      {"f:metadata", {{"f:labels", json::object()}}}, {"f:spec", json::object()}, {"f:status", json::object()}};
  EXPECT_EQ(node["metadata"]["managedFields"], json::array({node_entry}));
  EXPECT_EQ(node["metadata"]["name"], "x");
  EXPECT_EQ(node["status"], (json{{"capacity", {{"nvidia.com/gpu", "2"}}},
                                  {"allocatable", {{"nvidia.com/gpu", "2"}}},
                                  {"phase", "Running"}}));

  const json& event = got["cluster"]["events"]["value"]["items"][0];
  EXPECT_FALSE(event["metadata"].contains("managedFields"));
  EXPECT_EQ(event["status"], status);  // an event has no node status: nothing else goes

  // Pods keep their conditions (PodScheduled) and, of their managedFields, who owns
  // spec.nodeName (bound by hand?) and the containers' resources: each entry without the other
  // fields it owns.
  json pod = item;
  pod["metadata"]["managedFields"][0]["fieldsV1"] = {
      {"f:spec", {{"f:nodeName", json::object()}, {"f:containers", {{"k:{\"name\":\"c\"}", json::object()}}}}}};
  EXPECT_EQ(got["cluster"]["pods"]["value"]["items"][0], pod);
  // Nothing outside the cluster's lists is touched, whatever its keys are called.
  EXPECT_EQ(got["files"], bundle["files"]);
  EXPECT_EQ(got["dry_runs"], bundle["dry_runs"]);
  // Without bundle_limits the same text is parsed whole.
  EXPECT_EQ(jsonb::parse(bundle.dump()), bundle);
}

// A dropped value is skipped, not built, but read as strictly as a kept one: what is refused
// whole stays refused, and a value nested far deeper than the limit (which no check reads and
// nothing builds) neither overflows the stack nor changes what is kept.
TEST(BundleDrop, ADroppedValueIsCheckedAndBoundedAsAnyOther) {
  const auto bundle_with = [](const std::string& managed) {
    return R"({"cluster":{"events":{"value":{"items":[{"metadata":{"name":"n","managedFields":)" + managed +
           R"(,"uid":"u"}}]}}}})";
  };
  const json want = {
      {"cluster",
       {{"events", {{"value", {{"items", json::array({{{"metadata", {{"name", "n"}, {"uid", "u"}}}}})}}}}}}}};
  const std::string deep = std::string(200'000, '[') + std::string(200'000, ']');
  const std::string deep_object = std::string(100'000, '[') + R"({"k":)" + deep + "}" + std::string(100'000, ']');
  for (const std::string& ok : {std::string(R"([{"a":"\u00e9\n","b":[1,-2,true,false,null,{}],"c":")") + "\xc3\xa9\"}]",
                                std::string("[1.5e3]"), std::string(R"("\ud83d\ude00")"), deep, deep_object}) {
    SCOPED_TRACE(ok.substr(0, 60));
    EXPECT_EQ(dropped_parse(bundle_with(ok)), want);
  }
  for (const std::string& bad : {std::string("[1,]"), std::string(R"({"a"})"), std::string("[01]"),
                                 std::string("\"\x01\""), std::string("\"\xc0\xaf\""), std::string(R"("\x")"),
                                 std::string(R"("\ud800")"), std::string("[tru]"), std::string(300'000, '[')}) {
    SCOPED_TRACE(bad.substr(0, 60));
    EXPECT_TRUE(dropped_parse(bundle_with(bad)).is_discarded());
  }
  // A live answer drops managedFields the same way (kube::unread_fields).
  jsonb::Limits live;
  live.drop = &kube::unread_fields();
  EXPECT_EQ(jsonb::parse(R"({"metadata":{"managedFields":)" + deep + R"(,"name":"n"}})", live),
            (json{{"metadata", {{"name", "n"}}}}));
}

}  // namespace
}  // namespace gpuwhy::report_test
