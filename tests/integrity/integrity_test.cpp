// integrity::match on plain data, cluster_id, and each rule's quiet case on a synthetic snapshot.
#include <gtest/gtest.h>

#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "gpuwhy/i18n/i18n.h"
#include "gpuwhy/integrity/integrity.h"
#include "gpuwhy/model/snapshot.h"

namespace {

using namespace gpuwhy;  // NOLINT(google-build-using-namespace)
using integrity::ClusterId;
using V = std::vector<std::size_t>;

ClusterId id(std::string ks, std::string ns, std::vector<std::string> nodes, std::vector<std::string> pods,
             std::string digest = "") {
  return ClusterId{std::move(ks), std::move(ns), std::move(nodes), std::move(pods), std::move(digest), {}};
}

// Each index's others, as a list per index (what a batch says next to each student).
struct Lists {
  std::vector<V> same_cluster, same_bundle;
};
Lists lists(const integrity::Match& m, std::size_t n) {
  Lists l;
  for (std::size_t i = 0; i < n; ++i) {
    l.same_cluster.push_back(m.same_cluster(i));
    l.same_bundle.push_back(m.same_bundle(i));
  }
  return l;
}

TEST(IntegrityMatch, SameKubeSystemUidIsOneCluster) {
  const auto m = lists(integrity::match({id("k1", "n1", {}, {}), id("k1", "n2", {}, {}), id("k2", "n3", {}, {})}), 3);
  EXPECT_EQ(m.same_cluster, (std::vector<V>{{1}, {0}, {}}));
  EXPECT_EQ(m.same_bundle, (std::vector<V>{{}, {}, {}}));
}

TEST(IntegrityMatch, SameNamespaceOrSharedNodeOrPodUid) {
  // 1, 2 and 3 each share a uid with 0: one cluster, all four, whichever uid links them.
  const auto m = lists(integrity::match({id("", "n1", {"a"}, {"p1", "p2"}), id("", "n1", {}, {}),
                                         id("", "x", {"a"}, {}), id("", "y", {}, {"p2"}), id("", "z", {"b"}, {"p3"})}),
                       5);
  EXPECT_EQ(m.same_cluster, (std::vector<V>{{1, 2, 3}, {0, 2, 3}, {0, 1, 3}, {0, 1, 2}, {}}));
}

TEST(IntegrityMatch, EmptyUidsNeverMatch) {
  const auto m = lists(integrity::match({id("", "", {""}, {""}), id("", "", {""}, {""})}), 2);
  EXPECT_EQ(m.same_cluster, (std::vector<V>{{}, {}}));
  EXPECT_EQ(m.same_bundle, (std::vector<V>{{}, {}}));
}

TEST(IntegrityMatch, UnsortedUidListsStillMatch) {
  const auto m = lists(integrity::match({id("", "", {}, {"z", "b", "a"}), id("", "", {}, {"q", "a"})}), 2);
  EXPECT_EQ(m.same_cluster, (std::vector<V>{{1}, {0}}));
}

TEST(IntegrityMatch, IdenticalDigestIsTheSameBundle) {
  const auto m =
      lists(integrity::match({id("k1", "", {}, {}, "d1"), id("k2", "", {}, {}, "d1"), id("k3", "", {}, {}, "d2")}), 3);
  EXPECT_EQ(m.same_bundle, (std::vector<V>{{1}, {0}, {}}));
  EXPECT_EQ(m.same_cluster, (std::vector<V>{{}, {}, {}}));
}

// A uid of one kind never links to the same text as a uid of another kind, and a class of many
// copies of one bundle is one group (linear: no list of pairs).
TEST(IntegrityMatch, KindsDoNotMixAndCopiesAreOneGroup) {
  const auto m = lists(integrity::match({id("u", "", {}, {}), id("", "u", {}, {}), id("", "", {"u"}, {})}), 3);
  EXPECT_EQ(m.same_cluster, (std::vector<V>{{}, {}, {}}));
  std::vector<ClusterId> many(5000, id("k", "n", {"o"}, {"p"}, "d"));
  const auto g = integrity::match(many);
  ASSERT_EQ(g.clusters.size(), 1U);
  EXPECT_EQ(g.clusters[0].size(), 5000U);
  EXPECT_EQ(g.bundles.size(), 1U);
  EXPECT_EQ(g.same_cluster(4999).size(), 4999U);
}

// A copy whose uids are all new still shares the scheduler's traces with its origin.
TEST(IntegrityMatch, ASharedTraceIsOneCluster) {
  std::vector<ClusterId> ids{id("k1", "n1", {}, {}), id("k2", "n2", {}, {}), id("k3", "n3", {}, {})};
  ids[0].traces = {"t:1,2", "e:trainer.18ed0ddeaa9952bb"};
  ids[1].traces = {"t:5,6", "e:trainer.18ed0ddeaa9952bb"};
  ids[2].traces = {"t:2,1"};
  const auto m = lists(integrity::match(ids), 3);
  EXPECT_EQ(m.same_cluster, (std::vector<V>{{1}, {0}, {}}));
}

// The digest is the size and XXH64 of the bytes, held to what the xxhash package (PyPI, the
// reference implementation's binding) gives for the same bytes, on every path through the
// function: under one stripe of 32 bytes, whole stripes, and tails of 8, 4 and single bytes.
TEST(IntegrityClusterId, DigestIsTheSizeAndXxh64OfTheBytes) {
  Snapshot s;
  EXPECT_EQ(integrity::cluster_id(s, "a").digest, "1-d24ec4f1a98c6e5b");
  EXPECT_EQ(integrity::cluster_id(s, "abc").digest, "3-44bc2cf5ad770999");
  EXPECT_EQ(integrity::cluster_id(s, "0123456789abcdef0123456789abcdef!").digest, "21-8afff4daac4e677e");
  std::string bytes;
  for (int i = 0; i < 3 * 256; ++i) bytes.push_back(static_cast<char>(i % 256));
  EXPECT_EQ(integrity::cluster_id(s, bytes.substr(0, 15)).digest, "f-a948f5f0f6abac2d");
  EXPECT_EQ(integrity::cluster_id(s, bytes.substr(0, 45)).digest, "2d-10fdd84d6409abdf");
  EXPECT_EQ(integrity::cluster_id(s, bytes).digest, "300-8e03c838c596036f");
  EXPECT_EQ(integrity::cluster_id(s, bytes + bytes.substr(0, 13)).digest, "30d-5860af9691520532");
  EXPECT_EQ(integrity::cluster_id(s, "").digest, "");
  s.kube_system = nlohmann::json{{"metadata", {{"uid", "11111111-2222-3333-4444-555555555555"}}}};
  s.pods = nlohmann::json{{"items", {{{"metadata", {{"uid", "b"}}}}, {{"metadata", {{"uid", "a"}}}}}}};
  const auto c = integrity::cluster_id(s, "");
  EXPECT_EQ(c.kube_system_uid, "11111111-2222-3333-4444-555555555555");
  EXPECT_EQ(c.pod_uids, (std::vector<std::string>{"a", "b"}));
}

TEST(IntegrityCheck, NothingReadIsNoFinding) {
  EXPECT_TRUE(integrity::check(Snapshot{}).empty());
}

TEST(IntegrityCheck, FileSizeFromTheBundleIsCompared) {
  Snapshot s;
  StudentFile f;
  f.state = StudentFile::State::kOk;
  f.content = "ALLOCATABLE=2\n";
  f.size = f.content.size();
  f.recorded_size = f.content.size();
  s.files["out/gate-report.txt"] = f;
  EXPECT_TRUE(integrity::check(s).empty());
  s.files["out/gate-report.txt"].recorded_size = 3;
  const auto fs = integrity::check(s);
  ASSERT_EQ(fs.size(), 1U);
  EXPECT_EQ(fs[0].id, "file-size-mismatch");
  EXPECT_EQ(fs[0].objects, (std::vector<std::string>{"file out/gate-report.txt"}));
  EXPECT_EQ(fs[0].text.args.at("size"), "3");
}

// managedFields: what a real node and pod look like (who wrote what), and one edit at a time.
nlohmann::json entry(const std::string& manager, nlohmann::json fields,
                     const std::string& time = "2026-01-01T00:00:10Z") {
  return {{"manager", manager}, {"operation", "Update"}, {"fieldsV1", std::move(fields)}, {"time", time}};
}

Snapshot managed_snapshot() {
  using nlohmann::json;
  const json node = {
      {"metadata",
       {{"name", "lab-node-0"},
        {"creationTimestamp", "2026-01-01T00:00:00Z"},
        {"labels", {{"nvidia.com/gpu.present", "true"}}},
        {"managedFields",
         json::array(
             {entry("kubectl-label", {{"f:metadata", {{"f:labels", {{"f:nvidia.com/gpu.present", json::object()}}}}}}),
              entry("kubectl-patch", {{"f:status",
                                       {{"f:capacity", {{"f:nvidia.com/gpu", json::object()}}},
                                        {"f:allocatable", {{"f:nvidia.com/gpu", json::object()}}}}}}),
              entry("kubectl-taint", {{"f:spec", {{"f:taints", json::object()}}}})})}}},
      {"spec", {{"taints", json::array({{{"key", "nvidia.com/gpu"}, {"effect", "NoSchedule"}}})}}},
      // cpu, memory and pods as kwok writes them: owned by no entry on any capture.
      {"status",
       {{"capacity", {{"cpu", "32"}, {"nvidia.com/gpu", "2"}}},
        {"allocatable", {{"cpu", "32"}, {"nvidia.com/gpu", "2"}}}}}};
  const json admission = json::array({{{"key", "node.kubernetes.io/not-ready"},
                                       {"operator", "Exists"},
                                       {"effect", "NoExecute"},
                                       {"tolerationSeconds", 300}},
                                      {{"key", "node.kubernetes.io/unreachable"},
                                       {"operator", "Exists"},
                                       {"effect", "NoExecute"},
                                       {"tolerationSeconds", 300}}});
  const json pod = {
      {"metadata",
       {{"name", "trainer"},
        {"namespace", "gpu-why"},
        {"creationTimestamp", "2026-01-01T00:00:05Z"},
        {"managedFields",
         json::array(
             {entry("kubectl-create", {{"f:spec",
                                        {{"f:containers",
                                          {{"k:{\"name\":\"app\"}",
                                            {{"f:resources",
                                              {{"f:limits", {{"f:nvidia.com/gpu", json::object()}}},
                                               {"f:requests", {{"f:nvidia.com/gpu", json::object()}}}}}}}}}}}})})}}},
      {"spec",
       {{"containers",
         json::array(
             {{{"name", "app"},
               {"resources", {{"limits", {{"nvidia.com/gpu", "1"}}}, {"requests", {{"nvidia.com/gpu", "1"}}}}}}})},
        {"tolerations", admission}}}};
  Snapshot s;
  s.live_collected = true;
  s.source = "live https://127.0.0.1:6443";
  s.kube_system = json{{"metadata", {{"uid", "11111111-2222-3333-4444-555555555555"}}}};
  s.nodes = json{{"items", json::array({node})}};
  s.pods = json{{"items", json::array({pod})}};
  return s;
}

std::vector<std::string> ids_of(const Snapshot& s) {
  std::vector<std::string> out;
  for (const auto& f : integrity::check(s)) out.push_back(f.id);
  return out;
}

TEST(IntegrityManaged, EveryFieldOwnedIsNoFinding) {
  // Unowned cpu and the admission plugin's two tolerations are what real objects have.
  EXPECT_EQ(ids_of(managed_snapshot()), std::vector<std::string>{});
  // ExtendedResourceToleration (a GPU cluster's admission plugin) adds one for a requested
  // extended resource, unowned too; the same toleration on a pod without GPUs was not added by it.
  Snapshot s = managed_snapshot();
  nlohmann::json pods = s.pods.value();
  pods["items"][0]["spec"]["tolerations"].push_back(
      {{"key", "nvidia.com/gpu"}, {"operator", "Exists"}, {"effect", "NoSchedule"}});
  s.pods = pods;
  EXPECT_EQ(ids_of(s), std::vector<std::string>{});
  pods["items"][0]["spec"]["containers"][0].erase("resources");
  pods["items"][0]["metadata"]["managedFields"] = nlohmann::json::array({entry("kubectl-create", {{"f:spec", {}}})});
  s.pods = pods;
  EXPECT_EQ(ids_of(s), std::vector<std::string>{"field-without-manager"});
}

TEST(IntegrityManaged, AFieldNoEntryOwnsIsNamed) {
  using nlohmann::json;
  struct Edit {
    const char* field;
    void (*apply)(json& node, json& pod);
  };
  const Edit edits[] = {
      {"metadata.labels.nvidia.com/gpu.product",
       [](json& n, json&) { n["metadata"]["labels"]["nvidia.com/gpu.product"] = "A100"; }},
      {"spec.taints", [](json& n, json&) { n["metadata"]["managedFields"].erase(2); }},
      {"status.allocatable.nvidia.com/gpu",
       [](json& n, json&) { n["metadata"]["managedFields"][1]["fieldsV1"]["f:status"].erase("f:allocatable"); }},
      {"spec.tolerations",
       [](json&, json& p) {
         p["spec"]["tolerations"].push_back({{"key", "nvidia.com/gpu"}, {"operator", "Exists"}});
       }},
      {"spec.nodeSelector",
       [](json&, json& p) {
         p["spec"]["nodeSelector"] = {{"gpu", "true"}};
       }},
      {"spec.containers[app].resources.limits.cpu",
       [](json&, json& p) { p["spec"]["containers"][0]["resources"]["limits"]["cpu"] = "1"; }},
  };
  for (const Edit& e : edits) {
    SCOPED_TRACE(e.field);
    Snapshot s = managed_snapshot();
    json nodes = s.nodes.value();
    json pods = s.pods.value();
    e.apply(nodes["items"][0], pods["items"][0]);
    s.nodes = nodes;
    s.pods = pods;
    const auto fs = integrity::check(s);
    ASSERT_EQ(fs.size(), 1U);
    EXPECT_EQ(fs[0].id, "field-without-manager");
    EXPECT_EQ(fs[0].text.args.at("field"), e.field);
  }
}

TEST(IntegrityManaged, ManagedFieldsEmptiedAreMissingOnlyWhereTheCollectorKeepsThem) {
  using nlohmann::json;
  Snapshot s = managed_snapshot();
  json nodes = s.nodes.value();
  nodes["items"][0]["metadata"].erase("managedFields");
  s.nodes = nodes;
  auto fs = integrity::check(s);
  ASSERT_EQ(fs.size(), 1U);
  EXPECT_EQ(fs[0].id, "managed-fields-missing");
  EXPECT_EQ(fs[0].objects, (std::vector<std::string>{"node lab-node-0"}));
  // An older bundle (no kube-system recorded) kept no node managedFields: not asked.
  s.kube_system = Fetched<nlohmann::json>{};
  EXPECT_EQ(ids_of(s), std::vector<std::string>{});
}

TEST(IntegrityManaged, AWriteBeforeTheObjectWasCreated) {
  using nlohmann::json;
  Snapshot s = managed_snapshot();
  json pods = s.pods.value();
  pods["items"][0]["metadata"]["creationTimestamp"] = "2026-01-01T00:01:11Z";
  s.pods = pods;
  const auto fs = integrity::check(s);
  ASSERT_EQ(fs.size(), 1U);
  EXPECT_EQ(fs[0].id, "managed-before-created");
  EXPECT_EQ(fs[0].text.args.at("manager"), "kubectl-create");
  // Within a minute is admission (the entry is stamped before it, the object after it).
  pods["items"][0]["metadata"]["creationTimestamp"] = "2026-01-01T00:01:10Z";
  s.pods = pods;
  EXPECT_EQ(ids_of(s), std::vector<std::string>{});
}

std::string uuid_of(const std::string& pod) {
  return pod == "trainer" ? "00000000-0000-4000-8000-000000000001" : "00000000-0000-4000-8000-000000000002";
}

// A node whose allocatable was written at 00:00:10 and two pods the scheduler bound after it.
Snapshot bound_snapshot(const std::string& trainer2_gpus, const std::string& trainer_bound,
                        const std::string& alloc_written = "2026-01-01T00:00:10Z") {
  using nlohmann::json;
  const json node = {{"metadata",
                      {{"name", "lab-node-0"},
                       {"creationTimestamp", "2026-01-01T00:00:00Z"},
                       {"managedFields",
                        json::array({entry("kubectl-patch",
                                           {{"f:status", {{"f:allocatable", {{"f:nvidia.com/gpu", json::object()}}}}}},
                                           alloc_written)})}}},
                     {"status", {{"allocatable", {{"cpu", "32"}, {"nvidia.com/gpu", "2"}}}}}};
  const auto pod = [](const std::string& name, const std::string& gpus) {
    return json{
        {"metadata", {{"name", name}, {"uid", uuid_of(name)}, {"creationTimestamp", "2026-01-01T00:00:01Z"}}},
        {"spec",
         {{"nodeName", "lab-node-0"},
          {"containers", json::array({{{"name", "app"}, {"resources", {{"requests", {{"nvidia.com/gpu", gpus}}}}}}})}}},
        {"status",
         {{"phase", "Running"},
          {"startTime", "2026-01-01T00:00:02Z"},
          {"containerStatuses", json::array({{{"name", "app"}}})}}}};
  };
  const auto scheduled = [](const std::string& name, const std::string& at) {
    return json{{"reason", "Scheduled"},
                {"involvedObject", {{"uid", uuid_of(name)}}},
                {"eventTime", at},
                {"metadata", {{"name", name + ".1"}}}};
  };
  Snapshot s;
  s.live_collected = true;
  s.source = "live https://127.0.0.1:6443";
  s.nodes = json{{"items", json::array({node})}};
  s.pods = json{{"items", json::array({pod("trainer", "1"), pod("trainer2", trainer2_gpus)})}};
  s.events =
      json{{"items",
            json::array({scheduled("trainer", trainer_bound), scheduled("trainer2", "2026-01-01T00:00:30.500000Z")})}};
  return s;
}

TEST(IntegrityAllocatable, PodsBoundBeyondAllocatableAreNamed) {
  EXPECT_EQ(ids_of(bound_snapshot("1", "2026-01-01T00:00:20.000000Z")), std::vector<std::string>{});
  const auto fs = integrity::check(bound_snapshot("2", "2026-01-01T00:00:20.000000Z"));
  ASSERT_EQ(fs.size(), 1U);
  EXPECT_EQ(fs[0].id, "node-over-allocatable");
  EXPECT_EQ(fs[0].text.args.at("requested"), "3");
  EXPECT_EQ(fs[0].text.args.at("allocatable"), "2");
  EXPECT_EQ(fs[0].objects, (std::vector<std::string>{"node lab-node-0", "pod gpu-why/trainer2"}));
}

// The node's pods of other namespaces count as the scheduler counts them: one holding a GPU
// there since before trainer's bind leaves no room for trainer2's (a bundle given such a pod to
// pass USED is named); one that finished, or one created after the binds, leaves the room.
TEST(IntegrityAllocatable, TheNodesPodsOfOtherNamespacesCount) {
  using nlohmann::json;
  const auto with_other = [](const std::string& created, const std::string& phase) {
    Snapshot s = bound_snapshot("1", "2026-01-01T00:00:20.000000Z");
    json other = s.pods.value()["items"][0];
    other["metadata"] = {{"name", "job"},
                         {"namespace", "team-b"},
                         {"uid", "00000000-0000-4000-8000-0000000000b1"},
                         {"creationTimestamp", created}};
    other["status"] = {{"phase", phase}};
    s.node_pods = json{{"items", json::array({other})}};
    return s;
  };
  const auto fs = integrity::check(with_other("2026-01-01T00:00:15Z", "Running"));
  ASSERT_EQ(fs.size(), 1U);
  EXPECT_EQ(fs[0].id, "node-over-allocatable");
  EXPECT_EQ(fs[0].text.args.at("requested"), "3");
  EXPECT_EQ(ids_of(with_other("2026-01-01T00:00:15Z", "Succeeded")), std::vector<std::string>{});
  EXPECT_EQ(ids_of(with_other("2026-01-01T00:00:40Z", "Running")), std::vector<std::string>{});
  // Not collected (an older bundle): as before, only the lab namespace's pods are counted.
  EXPECT_EQ(ids_of(bound_snapshot("1", "2026-01-01T00:00:20.000000Z")), std::vector<std::string>{});
  // Their list is held to its revision like every list.
  Snapshot later = with_other("2026-01-01T00:00:40Z", "Running");
  json list = later.node_pods.value();
  list["metadata"]["resourceVersion"] = "100";
  list["items"][0]["metadata"]["resourceVersion"] = "101";
  later.node_pods = list;
  EXPECT_EQ(ids_of(later), std::vector<std::string>{"resource-version-above-list"});
}

TEST(IntegrityAllocatable, WhatTheSchedulerMayNotHaveKnownIsNotCounted) {
  // trainer bound 1 s before trainer2: the scheduler's cache may not have had it yet.
  EXPECT_EQ(ids_of(bound_snapshot("2", "2026-01-01T00:00:29.500000Z")), std::vector<std::string>{});
  // allocatable written 1 s before the last bind: the scheduler may have used the amount before.
  EXPECT_EQ(ids_of(bound_snapshot("2", "2026-01-01T00:00:20.000000Z", "2026-01-01T00:00:29Z")),
            std::vector<std::string>{});
  // GPU pods bound by hand beyond allocatable (no Scheduled event), then a pod without GPUs bound
  // by the scheduler: it checked no GPU fit, so nothing is said.
  Snapshot by_hand = bound_snapshot("0", "2026-01-01T00:00:20.000000Z");
  nlohmann::json pods = by_hand.pods.value();
  pods["items"][0]["spec"]["containers"][0]["resources"]["requests"]["nvidia.com/gpu"] = "3";
  by_hand.pods = pods;
  nlohmann::json events = by_hand.events.value();
  events["items"].erase(0);
  by_hand.events = events;
  EXPECT_EQ(ids_of(by_hand), std::vector<std::string>{});
  // No managedFields entry dates the amount (an old bundle): not asked.
  Snapshot s = bound_snapshot("2", "2026-01-01T00:00:20.000000Z");
  nlohmann::json nodes = s.nodes.value();
  nodes["items"][0]["metadata"].erase("managedFields");
  s.nodes = nodes;
  EXPECT_EQ(ids_of(s), std::vector<std::string>{});
}

// What the node's agent writes, against the phase and the node.
TEST(IntegrityPhaseStatus, StartTimeAndContainerStatusesFollowTheNode) {
  using nlohmann::json;
  const json running = {
      {"metadata", {{"name", "trainer"}}},
      {"spec", {{"nodeName", "lab-node-0"}, {"containers", json::array({{{"name", "app"}}})}}},
      {"status",
       {{"phase", "Running"},
        {"startTime", "2026-01-01T00:00:02Z"},
        {"hostIP", "10.0.0.1"},
        {"containerStatuses", json::array({{{"name", "app"}, {"state", {{"running", json::object()}}}}})}}}};
  const json pending = {{"metadata", {{"name", "trainer3"}}},
                        {"spec", {{"containers", json::array({{{"name", "app"}}})}}},
                        {"status", {{"phase", "Pending"}}}};
  const auto with = [](const json& pod) {
    Snapshot s;
    s.live_collected = true;
    s.source = "live https://127.0.0.1:6443";
    s.pods = json{{"items", json::array({pod})}};
    return s;
  };
  EXPECT_EQ(ids_of(with(running)), std::vector<std::string>{});
  EXPECT_EQ(ids_of(with(pending)), std::vector<std::string>{});
  json no_status = running;
  no_status["status"].erase("containerStatuses");
  json no_start = running;
  no_start["status"].erase("startTime");
  json unbound = running;
  unbound["spec"].erase("nodeName");
  unbound["status"]["phase"] = "Pending";
  json pending_ip = pending;
  pending_ip["status"]["podIP"] = "10.0.0.9";
  for (const auto& [pod, field] :
       {std::pair{no_status, "status.containerStatuses[app]"}, std::pair{no_start, "status.startTime"},
        std::pair{unbound, "status.startTime"}, std::pair{pending_ip, "status.podIP"}}) {
    const auto fs = integrity::check(with(pod));
    ASSERT_EQ(fs.size(), 1U) << field;
    EXPECT_EQ(fs[0].id, "phase-status-mismatch");
    EXPECT_EQ(fs[0].text.args.at("field"), field);
  }
}

// Every field the rules read may be another type in a bundle: each is read once with its type
// checked, so a value of the wrong type is named by field-unreadable (a JSON null where the
// apiserver may write one is not) and no rule throws or reads it as something else.
TEST(IntegrityCheck, FieldsOfAnotherTypeAreUnreadableAndNeverThrow) {
  using nlohmann::json;
  const json pod = {
      {"metadata",
       {{"name", "p"},
        {"uid", 5},
        {"creationTimestamp", json::array()},
        {"managedFields", json::array({1, {{"fieldsV1", "x"}, {"manager", 3}, {"time", nullptr}}})},
        {"annotations", {{"kubectl.kubernetes.io/last-applied-configuration", ""}}}}},
      {"spec", {{"nodeName", 7}}},
      {"status",
       {{"phase", json::object()}, {"conditions", json::array({"x", {{"type", 1}, {"lastTransitionTime", 7}}})}}}};
  const json event = {{"metadata", {{"name", "e"}, {"creationTimestamp", nullptr}}},
                      {"reason", 5},
                      {"involvedObject", "p"},
                      {"eventTime", nullptr},
                      {"series", {{"lastObservedTime", true}}}};
  Snapshot s;
  s.live_collected = true;
  s.source = "live https://127.0.0.1:6443";
  s.taken_at = "2026-01-01T00:00:00Z";
  s.pods = json{{"items", json::array({pod, "not an object"})}};
  s.events = json{{"items", json::array({event})}};
  std::vector<Finding> fs;
  ASSERT_NO_THROW(fs = integrity::check(s));
  std::string ids;
  for (const Finding& f : fs) ids += f.id + " ";
  ASSERT_EQ(fs.size(), 1U) << ids;
  EXPECT_EQ(fs[0].id, "field-unreadable");
  // The pod's uid, creationTimestamp, managedFields[0], [1].fieldsV1, [1].manager, [1].time, its
  // condition's lastTransitionTime and its last-applied annotation; the event's series time.
  EXPECT_EQ(fs[0].text.args.at("count"), "9");
  EXPECT_EQ(fs[0].objects, (std::vector<std::string>{"pod gpu-why/p", "event gpu-why/e"}));
  EXPECT_EQ(fs[0].text.args.at("field"), "metadata.uid");
}

// The name a bundle was handed in under is who handed it in; its own `student` field only agrees.
TEST(IntegrityCheck, AStudentFieldThatIsNotTheSubmissionIsSaid) {
  Snapshot s;
  EXPECT_TRUE(integrity::student_mismatch(s, "mallory").empty()) << "no student field: nothing to compare";
  s.student = "mallory";
  EXPECT_TRUE(integrity::student_mismatch(s, "mallory").empty());
  s.student = "alice";
  const auto fs = integrity::student_mismatch(s, "mallory");
  ASSERT_EQ(fs.size(), 1U);
  EXPECT_EQ(fs[0].id, "student-mismatch");
  EXPECT_EQ(fs[0].text.args.at("student"), "alice");
  EXPECT_EQ(fs[0].text.args.at("submission"), "mallory");
}

TEST(IntegrityCheck, EveryRuleHasItsTextInEveryLanguage) {
  std::vector<std::string_view> rules = integrity::rule_ids();
  for (const auto id : integrity::submission_rule_ids()) rules.push_back(id);
  for (const auto rule : rules) {
    for (const auto lang : {i18n::Lang::kEn, i18n::Lang::kKo, i18n::Lang::kJa}) {
      EXPECT_EQ(i18n::catalog(lang).count("integrity." + std::string(rule)), 1U)
          << rule << " " << i18n::to_string(lang);
    }
  }
}

// A manifest or a dry-run answer of any shape is looked at, never assumed: a `resources` that is a
// list, or answer details that are not an object, are no finding and never throw (the manifests
// fuzzer found the list case).
TEST(IntegrityDryRun, AManifestOrAnswerOfAnyShapeNeverThrows) {
  const std::string rel = "k8s/bad-mismatch.yaml";
  const nlohmann::json cause = {{"field", "spec.containers[0].resources.limits[nvidia.com/gpu]"},
                                {"message", "Invalid value: \"2\": must be equal to nvidia.com/gpu limit of 1"}};
  for (const char* resources : {"[]", "7", "{limits: []}", "{limits: {nvidia.com/gpu: [1]}}"}) {
    for (const nlohmann::json& details : {nlohmann::json{{"kind", "pods"}, {"name", "x"}, {"causes", {cause}}},
                                          nlohmann::json::array({1}), nlohmann::json{{"causes", "no"}}}) {
      Snapshot s;
      StudentFile& f = s.files[rel];
      f.state = StudentFile::State::kOk;
      f.content = std::string("apiVersion: v1\nkind: Pod\nmetadata: {name: x}\nspec:\n  containers:\n  - name: c\n") +
                  "    resources: " + resources + "\n";
      f.size = f.content.size();
      s.dry_runs[rel] = HttpAnswer{422, nlohmann::json{{"kind", "Status"}, {"details", details}}};
      EXPECT_NO_THROW((void)integrity::check(s)) << resources << " " << details.dump();
    }
  }
}

}  // namespace
