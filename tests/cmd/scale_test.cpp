// Cost that does not grow with the cluster: what gpuwhy keeps of the apiserver's
// answers is the lab's view, and the verdicts are the same on it as on the whole answers.
//  - LabView: every capture graded on whole nodes and on lab_view_of_node() of every node (what
//    the collector keeps) gives the same report, check by check.
//  - DropUnused: the parser drops metadata.managedFields and node status.images, and only them
//    (and, for a node list, the node status no check reads and, of the managedFields, all but who
//    set the labels, taints and status amounts).
//  - Paging: against a server that pages the node list (limit/continue, padded base64 tokens),
//    `gpuwhy snapshot` follows every page and grades as the whole list does.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "../tools/fault_server.h"
#include "../tools/run_binary.h"
#include "checks.h"
#include "gpuwhy/collect/collect.h"
#include "gpuwhy/json/json_bounded.h"
#include "gpuwhy/kube/kube.h"
#include "gpuwhy/lab/lab.h"
#include "gpuwhy/model/bundle.h"
#include "gpuwhy/model/snapshot.h"
#include "gpuwhy/render/render.h"
#include "gpuwhy/why/render.h"
#include "gpuwhy/why/why.h"
#include "report_common_test.h"

namespace gpuwhy {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;

std::string slurp(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

std::vector<fs::path> capture_bundles() {
  std::vector<fs::path> out;
  for (const auto& [v, s] : report_test::all_captures())
    out.push_back(report_test::captures_dir() / v / s / "bundle.json");
  return out;
}

// What the checks say (the lab view drops the other nodes' uids, which only integrity's
// published-bundle finding names).
std::string report_of(const json& bundle, const std::string& origin) {
  return render::json(report_test::checks_only(bundle, origin), {});
}

TEST(LabView, SameVerdictsOnEveryCapture) {
  const auto bundles = capture_bundles();
  ASSERT_GE(bundles.size(), 66U);
  for (const auto& b : bundles) {
    SCOPED_TRACE(b.string());
    const json whole = json::parse(slurp(b));
    json cut = whole;
    auto& nodes = cut["cluster"]["nodes"];
    if (!nodes.contains("value")) continue;
    // As the collector parses a node page: unread fields dropped, then the lab view.
    jsonb::Limits limits;
    limits.drop = &kube::unread_node_fields();
    nodes["value"] = jsonb::parse(nodes["value"].dump(), limits);
    std::size_t others = 0;
    for (auto& n : nodes["value"]["items"]) {
      if (n["metadata"]["name"] != lab::kGpuNode) ++others;
      n = lab_view_of_node(n);
    }
    EXPECT_GE(others, 2U);
    // Captures from before paging hold whole nodes (managedFields and all); later ones are
    // already the lab view, on which it changes nothing. The lab view keeps lab-node-0's
    // managedFields (integrity reads them), so only the other nodes tell the two apart.
    bool whole_nodes = false;
    for (const auto& n : whole["cluster"]["nodes"]["value"]["items"])
      whole_nodes |= n["metadata"].value("name", "") != lab::kGpuNode && n["metadata"].contains("managedFields");
    if (whole_nodes)
      EXPECT_NE(cut.dump(), whole.dump()) << "the lab view keeps less than the whole node";
    else
      EXPECT_EQ(cut.dump(), whole.dump()) << "the lab view of the lab view is itself";
    EXPECT_EQ(report_of(cut, b.string()), report_of(whole, b.string()));
  }
}

TEST(LabView, KeepsWhatTheChecksReadOfOtherNodes) {
  const json node = {
      {"metadata",
       {{"name", "lab-node-1"},
        {"uid", "u"},
        {"labels", {{"nvidia.com/gpu.present", "true"}, {"kubernetes.io/hostname", "lab-node-1"}}}}},
      {"spec", {{"taints", json::array({{{"key", "nvidia.com/gpu"}, {"effect", "NoSchedule"}}})}, {"podCIDR", "x"}}},
      {"status",
       {{"capacity", {{"cpu", "32"}, {"nvidia.com/gpu", "2"}}},
        {"allocatable", {{"cpu", "32"}}},
        {"conditions", json::array({{{"type", "Ready"}}})}}}};
  const json want = {{"metadata", {{"name", "lab-node-1"}, {"labels", {{"nvidia.com/gpu.present", "true"}}}}},
                     {"spec", {{"taints", node["spec"]["taints"]}}},
                     {"status", {{"capacity", {{"nvidia.com/gpu", "2"}}}, {"allocatable", json::object()}}}};
  EXPECT_EQ(lab_view_of_node(node), want);
  json gpu = node;
  gpu["metadata"]["name"] = std::string(lab::kGpuNode);
  EXPECT_EQ(lab_view_of_node(gpu), gpu) << "the GPU node is kept whole";
}

TEST(DropUnused, DropsManagedFieldsAndNodeImagesOnly) {
  const fs::path b = report_test::captures_dir() / "v1.34.0" / "solution" / "bundle.json";
  const json bundle = json::parse(slurp(b));
  json list = bundle["cluster"]["pods"]["value"];
  ASSERT_FALSE(list["items"].empty());
  ASSERT_TRUE(list["items"][0]["metadata"].contains("managedFields"));
  list["items"][0]["status"]["images"] = json::array({"a", "b"});             // as on a node
  list["items"][0]["spec"]["images"] = "kept: not under status";              // same key elsewhere
  list["items"][0]["metadata"]["annotations"]["managedFields"] = "kept too";  // under annotations
  jsonb::Limits limits;
  limits.drop = &kube::unread_fields();
  const json got = jsonb::parse(list.dump(), limits);
  json want = list;
  for (auto& p : want["items"]) p["metadata"].erase("managedFields");
  want["items"][0]["status"].erase("images");
  EXPECT_EQ(got, want);
  EXPECT_EQ(jsonb::parse(list.dump()), list) << "without a drop policy nothing is dropped";
  limits.drop = &kube::unread_node_fields();  // a node list: the status no check reads goes too
  const json nodes = jsonb::parse(bundle["cluster"]["nodes"]["value"].dump(), limits);
  const json whole_nodes = bundle["cluster"]["nodes"]["value"]["items"];
  ASSERT_EQ(nodes["items"].size(), whole_nodes.size());
  for (std::size_t i = 0; i < whole_nodes.size(); ++i) {
    const json& n = nodes["items"][i];
    // Each managedFields entry stays, with only who set the labels, taints and status amounts.
    json want_mf = whole_nodes[i]["metadata"]["managedFields"];
    ASSERT_FALSE(want_mf.empty());
    for (auto& e : want_mf) {
      json kept = json::object();
      const json& f = e["fieldsV1"];
      for (const auto& [key, keep] : node_managed_keep()) {
        if (key.empty() || !f.contains(key)) continue;
        kept[key] = json::object();
        for (const auto& k : keep) {
          if (f[key].contains(k)) kept[key][k] = f[key][k];
        }
      }
      e["fieldsV1"] = kept;
    }
    EXPECT_EQ(n["metadata"]["managedFields"], want_mf) << n["metadata"]["name"];
    std::set<std::string> keys;
    for (const auto& [k, v] : n["status"].items()) keys.insert(k);
    keys.erase("phase");
    EXPECT_EQ(keys, (std::set<std::string>{"allocatable", "capacity"})) << n["metadata"]["name"];
  }
}

class Paging : public testing_tools::WithFaultServer<Paging> {
 protected:
  friend class testing_tools::WithFaultServer<Paging>;
  static std::string bundle() {
    return (report_test::captures_dir() / "v1.34.0" / "labels-wrong-node" / "bundle.json").string();
  }
  static std::vector<std::string> server_args() { return {"--bundle", bundle(), "--page-size", "1"}; }
};

TEST_F(Paging, FollowsEveryPageAndGradesAsTheWholeList) {
  testing_tools::TempDir tmp;
  const std::string kc = live_kubeconfig(tmp.path());
  const fs::path capture = fs::path(bundle()).parent_path();
  fs::copy(capture / "work", tmp.path() + "/work", fs::copy_options::recursive);
  const auto r = testing_tools::run_binary({"/usr/bin/env", "GPUWHY_LANG=en", GPUWHY_BINARY, "snapshot", "--kubeconfig",
                                            kc, "--dir", tmp.path() + "/work", "-o", tmp.path() + "/b.json"},
                                           tmp.path());
  ASSERT_EQ(r.exit_code, 0) << r.err;
  // version, namespace, kube-system (the cluster's id), 3 node pages (one node each), pods,
  // events, the node's pods, 2 dry runs.
  EXPECT_NE(r.err.find("(11 apiserver requests"), std::string::npos) << r.err;
  const json got = json::parse(slurp(tmp.path() + "/b.json"));
  std::set<std::string> names;
  for (const auto& n : got["cluster"]["nodes"]["value"]["items"]) names.insert(n["metadata"]["name"]);
  EXPECT_EQ(names, (std::set<std::string>{"lab-node-0", "lab-node-1", "lab-node-2"}));
  EXPECT_FALSE(got["cluster"]["nodes"]["value"]["metadata"].contains("continue"));
  EXPECT_GT(got["bytes_received"].get<std::size_t>(), 1000U);
  for (const auto& p : got["cluster"]["pods"]["value"]["items"]) {
    EXPECT_TRUE(p["metadata"].contains("managedFields")) << "a pod's managedFields say who bound it: kept";
  }
  json whole = json::parse(slurp(bundle()));
  const auto verdicts = [](const RunResult& run) {
    std::vector<std::pair<std::string, Status>> v;
    for (const auto& c : run.checks) v.emplace_back(c.id, c.outcome.status);
    return v;
  };
  EXPECT_EQ(verdicts(report_test::grade(got, "paged")), verdicts(report_test::grade(whole, "whole")));
}

// `gpuwhy why` reads through the same pager: every page of the nodes, and then says what the model
// says of the lists the server holds.
TEST_F(Paging, WhyReadsEveryPageAndExplainsTheWholeList) {
  testing_tools::TempDir tmp;
  const std::string kc = live_kubeconfig(tmp.path());
  const auto r = testing_tools::run_binary({"/usr/bin/env", "GPUWHY_LANG=en", GPUWHY_BINARY, "why", "--all", "-n",
                                            "gpu-why", "--format", "json", "--kubeconfig", kc},
                                           tmp.path());
  ASSERT_TRUE(r.exit_code == 0 || r.exit_code == 4) << r.exit_code << " " << r.err;
  const json got = json::parse(r.out);
  // The server ignores field selectors: every pod of the bundle is a target and a bound pod.
  const json whole = json::parse(slurp(bundle()));
  const auto items = [&whole](const char* item) {
    return whole["cluster"][item]["value"]["items"].get<std::vector<json>>();
  };
  const std::string version = whole["cluster"]["version"]["value"]["gitVersion"];
  const auto verdicts =
      why::explain_each(items("pods"), items("nodes"), items("pods"), items("events"), why::wording_for(version));
  EXPECT_EQ(got, why::report(verdicts, version, i18n::Lang::kEn));
  ASSERT_FALSE(got["pods"].empty());
  EXPECT_EQ(got["pods"][0]["total_nodes"], 3) << "all three pages of one node";
  // No such pod: said, exit 1.
  const auto none = testing_tools::run_binary(
      {"/usr/bin/env", "GPUWHY_LANG=en", GPUWHY_BINARY, "why", "no-such-pod", "-n", "gpu-why", "--kubeconfig", kc},
      tmp.path());
  EXPECT_EQ(none.exit_code, 1) << none.err;
  EXPECT_NE(none.err.find("no-such-pod"), std::string::npos) << none.err;
}

}  // namespace
}  // namespace gpuwhy
