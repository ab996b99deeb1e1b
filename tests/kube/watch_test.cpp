// `check --wait` follows the cluster with watch events applied to the first snapshot's lists
// (lib/src/collect/watch.cpp). On the recorded captures:
//  - Replay: the difference between two captures of one version, sent as the ADDED, MODIFIED and
//    DELETED events a watch would send, turns the first capture's lists into the second's, and
//    the report graded on them is the second capture's report, check by check.
//  - Events: a bookmark or a write that only moves resourceVersion (or, for a node, a heartbeat in
//    the status gpuwhy drops while parsing) is no change; a deletion or a real change is.
//  - WaitFallback: against tests/tools/fault_server.py, a quiet watch costs one request per
//    stream; 410 Gone, a refused watch and an ERROR event make it poll, and say why.
//  - Paths: the watch URL keeps the list's query and carries watch, bookmarks, the
//    resourceVersion and the timeout.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <string>
#include <vector>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "../tools/fault_server.h"
#include "../tools/run_binary.h"
#include "gpuwhy/collect/collect.h"
#include "gpuwhy/collect/watch.h"
#include "gpuwhy/json/json_bounded.h"
#include "gpuwhy/kube/kube.h"
#include "gpuwhy/lab/lab.h"
#include "gpuwhy/render/render.h"
#include "report_common_test.h"

namespace gpuwhy {
namespace {

using nlohmann::json;
namespace fs = std::filesystem;

json bundle_of(const std::string& version, const std::string& scenario) {
  return json::parse(report_test::read_text(report_test::captures_dir() / version / scenario / "bundle.json"));
}

std::string name_of(const json& o) {
  return o["metadata"]["name"].get<std::string>();
}

/// The events that take list `from` to list `to`, as a watch would send them (in any order).
std::vector<json> difference(const json& from, const json& to, bool nodes) {
  std::map<std::string, json> before;
  for (const auto& i : from["items"]) before[name_of(i)] = i;
  std::vector<json> events;
  for (const auto& i : to["items"]) {
    const auto it = before.find(name_of(i));
    if (it == before.end()) {
      events.push_back({{"type", "ADDED"}, {"object", i}});
    } else {
      if (it->second != i) events.push_back({{"type", "MODIFIED"}, {"object", i}});
      before.erase(it);
    }
  }
  for (const auto& [n, i] : before) events.push_back({{"type", "DELETED"}, {"object", i}});
  // As the stream parses them: a node's unread fields dropped.
  for (auto& e : events) {
    jsonb::Limits l;
    if (nodes) l.drop = &kube::unread_node_fields();
    e = jsonb::parse(e.dump(), l);
  }
  return events;
}

/// A bundle's node list as collect keeps it today (older captures hold whole nodes).
json as_collected(json bundle) {
  json& nodes = bundle["cluster"]["nodes"];
  if (!nodes.contains("value")) return bundle;
  jsonb::Limits l;
  l.drop = &kube::unread_node_fields();
  nodes["value"] = jsonb::parse(nodes["value"].dump(), l);
  for (auto& n : nodes["value"]["items"]) n = lab_view_of_node(n);
  return bundle;
}

TEST(WatchReplay, TheDifferenceAsEventsGivesTheOtherCapture) {
  int replays = 0;
  for (const std::string v : {"v1.34.0", "v1.37.2"}) {
    const json base = as_collected(bundle_of(v, "solution"));
    for (const auto& [ver, sc] : report_test::all_captures()) {
      if (ver != v || sc == "solution") continue;
      const json other = as_collected(bundle_of(v, sc));
      json replayed = base;
      bool changed = false;
      bool comparable = true;
      for (const char* part : {"nodes", "pods", "events"}) {
        const bool nodes = std::string(part) == "nodes";
        if (!base["cluster"][part].contains("value") || !other["cluster"][part].contains("value")) {
          comparable = false;
          break;
        }
        json& list = replayed["cluster"][part]["value"];
        for (const auto& e : difference(list, other["cluster"][part]["value"], nodes))
          changed |= apply_watch_event(list, e, nodes ? Kept::kNodes : Kept::kWhole);
        list["metadata"] = other["cluster"][part]["value"]["metadata"];
        EXPECT_EQ(list["items"], other["cluster"][part]["value"]["items"]) << v << "/" << sc << " " << part;
      }
      if (!comparable) continue;
      ++replays;
      EXPECT_TRUE(changed) << sc;
      // Everything else the second capture has (files, dry runs, the namespaces, the time it was
      // taken) as well: grade() also holds the objects' times and uids to the snapshot's.
      for (const auto& [k, value] : other.items()) {
        if (k != "cluster") replayed[k] = value;
      }
      for (const auto& [k, value] : other["cluster"].items()) {
        if (k != "nodes" && k != "pods" && k != "events") replayed["cluster"][k] = value;
      }
      EXPECT_EQ(render::json(report_test::grade(replayed, sc), {}), render::json(report_test::grade(other, sc), {}))
          << v << "/" << sc;
    }
  }
  EXPECT_GE(replays, 40) << "replays over the captures of two versions";
}

json pods_of(const std::string& scenario) {
  return bundle_of("v1.34.0", scenario)["cluster"]["pods"]["value"];
}

TEST(WatchEvents, BookmarkMovesOnlyTheResourceVersion) {
  json list = pods_of("solution");
  const json before = list;
  const json bm = {{"type", "BOOKMARK"}, {"object", {{"kind", "Pod"}, {"metadata", {{"resourceVersion", "999999"}}}}}};
  EXPECT_FALSE(apply_watch_event(list, bm, Kept::kWhole));
  EXPECT_EQ(list["metadata"]["resourceVersion"], "999999");
  EXPECT_EQ(list["items"], before["items"]);
}

TEST(WatchEvents, AWriteThatMovesOnlyTheVersionIsNoChange) {
  json list = pods_of("solution");
  ASSERT_FALSE(list["items"].empty());
  json pod = list["items"][0];
  pod["metadata"]["resourceVersion"] = "123456789";
  EXPECT_FALSE(apply_watch_event(list, {{"type", "MODIFIED"}, {"object", pod}}, Kept::kWhole));
  EXPECT_EQ(list["items"][0]["metadata"]["resourceVersion"], "123456789") << "the item keeps the newest version";
  pod["metadata"]["labels"]["x"] = "y";
  EXPECT_TRUE(apply_watch_event(list, {{"type", "MODIFIED"}, {"object", pod}}, Kept::kWhole));
}

TEST(WatchEvents, DeletedAndAddedInNameOrder) {
  json list = pods_of("solution");
  ASSERT_GE(list["items"].size(), 2U);
  const json first = list["items"][0];
  EXPECT_TRUE(apply_watch_event(list, {{"type", "DELETED"}, {"object", first}}, Kept::kWhole));
  EXPECT_NE(list["items"][0], first);
  EXPECT_FALSE(apply_watch_event(list, {{"type", "DELETED"}, {"object", first}}, Kept::kWhole)) << "already gone";
  EXPECT_TRUE(apply_watch_event(list, {{"type", "ADDED"}, {"object", first}}, Kept::kWhole));
  EXPECT_EQ(list["items"], pods_of("solution")["items"]) << "back in its place";
  EXPECT_FALSE(
      apply_watch_event(list, {{"type", "ERROR"}, {"object", {{"kind", "Status"}, {"code", 410}}}}, Kept::kWhole));
}

TEST(WatchEvents, NodeHeartbeatIsNoChangeButACapacityIs) {
  json list = as_collected(bundle_of("v1.34.0", "solution"))["cluster"]["nodes"]["value"];
  json gpu;
  for (const auto& n : list["items"]) {
    if (n["metadata"]["name"] == lab::kGpuNode) gpu = n;
  }
  ASSERT_TRUE(gpu.is_object());
  // A kwok heartbeat: conditions and resourceVersion move; the stream's parser drops conditions.
  json beat = gpu;
  beat["metadata"]["resourceVersion"] = "424242";
  beat["status"]["conditions"] = json::array({{{"type", "Ready"}, {"lastHeartbeatTime", "2026-12-01T13:00:00Z"}}});
  beat["metadata"]["managedFields"] = json::array({{{"manager", "kwok"}}});
  jsonb::Limits l;
  l.drop = &kube::unread_node_fields();
  const json ev = jsonb::parse(json{{"type", "MODIFIED"}, {"object", beat}}.dump(), l);
  EXPECT_FALSE(apply_watch_event(list, ev, Kept::kNodes));
  json more = gpu;
  more["status"]["allocatable"][std::string(lab::kResource)] = "3";
  EXPECT_TRUE(apply_watch_event(list, {{"type", "MODIFIED"}, {"object", more}}, Kept::kNodes));
  // Another node is kept in its lab view, as collect keeps it: its other labels are no change.
  json other;
  for (const auto& n : list["items"]) {
    if (n["metadata"]["name"] != lab::kGpuNode) other = n;
  }
  other["metadata"]["labels"]["team"] = "vision";
  EXPECT_FALSE(apply_watch_event(list, {{"type", "MODIFIED"}, {"object", other}}, Kept::kNodes));
  other["metadata"]["labels"][std::string(lab::kGpuLabels[0].key)] = "true";
  EXPECT_TRUE(apply_watch_event(list, {{"type", "MODIFIED"}, {"object", other}}, Kept::kNodes));
}

// The GPU node's pods of every namespace: the lab's are left to `pods`; the others are kept in
// their lab view, in namespace then name order (two pods may share a name across namespaces).
TEST(WatchEvents, NodePodsKeepTheOtherNamespacesCut) {
  json trainer = pods_of("solution")["items"][0];
  trainer["spec"]["containers"][0]["env"] = json::array({{{"name", "TOKEN"}, {"value", "s3cr3t"}}});
  json list = {{"kind", "PodList"}, {"items", json::array()}};
  EXPECT_FALSE(apply_watch_event(list, {{"type", "ADDED"}, {"object", trainer}}, Kept::kNodePods));
  EXPECT_EQ(list["items"], json::array()) << "a pod of the lab's namespace";
  json b = trainer;
  b["metadata"]["namespace"] = "team-b";
  json a = trainer;
  a["metadata"]["namespace"] = "team-a";
  EXPECT_TRUE(apply_watch_event(list, {{"type", "ADDED"}, {"object", b}}, Kept::kNodePods));
  EXPECT_TRUE(apply_watch_event(list, {{"type", "ADDED"}, {"object", a}}, Kept::kNodePods));
  ASSERT_EQ(list["items"].size(), 2U);
  EXPECT_EQ(list["items"][0]["metadata"]["namespace"], "team-a");
  EXPECT_EQ(list["items"][1], *lab_view_of_node_pod(b));
  EXPECT_EQ(list["items"].dump().find("s3cr3t"), std::string::npos) << "nothing but what the scheduler counts";
  EXPECT_EQ(list["items"][1]["spec"]["containers"][0]["resources"], trainer["spec"]["containers"][0]["resources"]);
  // Only what is kept moving is no change; its phase is.
  b["spec"]["containers"][0]["image"] = "busybox:2";
  EXPECT_FALSE(apply_watch_event(list, {{"type", "MODIFIED"}, {"object", b}}, Kept::kNodePods));
  b["status"]["phase"] = "Succeeded";
  EXPECT_TRUE(apply_watch_event(list, {{"type", "MODIFIED"}, {"object", b}}, Kept::kNodePods));
  EXPECT_TRUE(apply_watch_event(list, {{"type", "DELETED"}, {"object", a}}, Kept::kNodePods));
  ASSERT_EQ(list["items"].size(), 1U);
  EXPECT_EQ(list["items"][0]["metadata"]["namespace"], "team-b");
}

TEST(WatchPaths, KeepsTheQuery) {
  EXPECT_EQ(watch_path("/api/v1/nodes", "42", std::chrono::seconds(60)),
            "/api/v1/nodes?watch=1&allowWatchBookmarks=true&resourceVersion=42&timeoutSeconds=60");
  EXPECT_EQ(
      watch_path("/api/v1/namespaces?fieldSelector=metadata.name%3Dgpu-why", "", std::chrono::seconds(0)),
      "/api/v1/namespaces?fieldSelector=metadata.name%3Dgpu-why&watch=1&allowWatchBookmarks=true&timeoutSeconds=1");
}

}  // namespace
}  // namespace gpuwhy

namespace gpuwhy {
namespace {

// Against a server that streams watches but never changes anything, and against servers that
// answer a watch with 410 Gone, refuse it (403), or send an ERROR event: `check --wait` watches
// with a handful of requests in the first case and falls back to polling, saying why, in the others.
class WaitFallback : public testing_tools::WithFaultServer<WaitFallback> {
 protected:
  friend class testing_tools::WithFaultServer<WaitFallback>;
  static std::string bundle() {
    return (report_test::captures_dir() / "v1.34.0" / "labels-wrong-node" / "bundle.json").string();
  }
  static std::vector<std::string> server_args() { return {"--bundle", bundle()}; }

  testing_tools::RunOutput wait_on(const std::string& mode, const std::string& wait) {
    const std::string kc = tmp_.path() + "/kubeconfig";
    std::ofstream(kc) << fmt::format(
        "apiVersion: v1\nkind: Config\nclusters:\n- name: c\n  cluster:\n    server: http://127.0.0.1:{}/fault/{}/all\n"
        "users:\n- name: u\n  user: {{token: t}}\ncontexts:\n- name: x\n  context: {{cluster: c, user: u}}\n"
        "current-context: x\n",
        server_->port("http"), mode);
    if (!fs::exists(tmp_.path() + "/work"))
      fs::copy(fs::path(bundle()).parent_path() / "work", tmp_.path() + "/work", fs::copy_options::recursive);
    return testing_tools::run_binary({"/usr/bin/env", "GPUWHY_LANG=en", GPUWHY_BINARY, "check", "--kubeconfig", kc,
                                      "--dir", tmp_.path() + "/work", "--check", "step1.gpu-labels", "--wait", wait},
                                     tmp_.path());
  }
  /// The request count of the "waited ...: N apiserver request(s)" line.
  static int requests_of(const std::string& err) {
    const auto at = err.find("apiserver request(s) in all");
    if (at == std::string::npos) return -1;
    const auto colon = err.rfind(": ", at);
    return std::stoi(err.substr(colon + 2, at - colon - 2));
  }
  testing_tools::TempDir tmp_;
};

TEST_F(WaitFallback, WatchesWithAHandfulOfRequests) {
  const auto r = wait_on("ok", "3s");
  EXPECT_EQ(r.exit_code, 1) << r.err;  // the labels are on the wrong node, and stay there
  EXPECT_EQ(r.err.find("cannot watch"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("waited 3."), std::string::npos) << r.err;
  // The first snapshot (version, namespace, kube-system, nodes, pods, events, the node's pods, two
  // dry runs) and the watches of what step1.gpu-labels reads: nodes only.
  EXPECT_EQ(requests_of(r.err), 10) << r.err;
  EXPECT_NE(r.err.find("(1 watch stream(s))"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("graded 0 more time(s)"), std::string::npos) << "a bookmark is no change: " << r.err;
}

TEST_F(WaitFallback, PollsAfter410GoneARefusalOrAnErrorEvent) {
  for (const auto& [mode, why] : std::vector<std::pair<std::string, std::string>>{
           {"watch-410", "410 Gone"},
           {"watch-403", "cannot watch resource \"nodes\""},
           {"watch-403-long", "…\" cannot watch resource \"nodes\""},
           {"watch-error", "answered an error: 410 too old resource version"}}) {
    SCOPED_TRACE(mode);
    const auto r = wait_on(mode, "3500ms");
    EXPECT_EQ(r.exit_code, 1) << r.err;
    EXPECT_NE(r.err.find("cannot watch ("), std::string::npos) << r.err;
    EXPECT_NE(r.err.find(why), std::string::npos) << r.err;
    EXPECT_NE(r.err.find("taking a whole snapshot every second instead"), std::string::npos) << r.err;
    // Polling: the first snapshot, the refused watch, then a whole snapshot (9 requests) a second:
    // at least one in the time left (a loaded machine may fit only one before the deadline).
    EXPECT_GE(requests_of(r.err), 10 + 9) << r.err;
  }
}

}  // namespace
}  // namespace gpuwhy
