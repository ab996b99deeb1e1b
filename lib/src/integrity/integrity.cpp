// The integrity rules: what the control plane always makes true of what it wrote, checked on the
// snapshot. Each rule's comment says why it holds; none may fire on a real capture.
#include "gpuwhy/integrity/integrity.h"

#include <algorithm>
#include <cstddef>
#include <functional>
#include <map>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <unordered_map>
#include <utility>
#include <vector>

#include <fmt/format.h>

#include "gpuwhy/base/sys.h"
#include "gpuwhy/lab/lab.h"
#include "integrity_detail.h"

namespace gpuwhy::integrity {

using nlohmann::json;
using namespace detail;  // NOLINT(google-build-using-namespace): this folder's own helpers

const std::vector<std::string_view>& rule_ids() {
  static const std::vector<std::string_view> kIds{"bundle-not-live",
                                                  "field-unreadable",
                                                  "time-after-taken-at",
                                                  "object-before-namespace",
                                                  "resource-version-above-list",
                                                  "uid-not-uuid",
                                                  "uid-shared",
                                                  "scheduled-event-node-mismatch",
                                                  "event-before-pod",
                                                  "phase-scheduling-mismatch",
                                                  "phase-status-mismatch",
                                                  "unschedulable-without-event",
                                                  "last-applied-mismatch",
                                                  "dry-run-mismatch",
                                                  "file-size-mismatch",
                                                  "field-without-manager",
                                                  "managed-fields-missing",
                                                  "managed-before-created",
                                                  "node-over-allocatable",
                                                  "insufficient-with-room"};
  return kIds;
}

namespace {

// gpuwhy snapshot writes live_collected true and source "live <server>" whenever it read the
// cluster (collect.cpp); a files-only snapshot has no cluster data. Cluster data under any other
// source was not collected by gpuwhy.
void bundle_not_live(const Snapshot& snap, Findings& out) {
  const bool cluster = snap.namespace_.ok() || snap.nodes.ok() || snap.pods.ok() || snap.events.ok();
  if (!cluster) return;
  const std::string& source = snap.bundle_source.empty() ? snap.source : snap.bundle_source;
  if (snap.live_collected && source.rfind("live ", 0) == 0) return;
  out.add("bundle-not-live", {{"live_collected", snap.live_collected ? "true" : "false"}, {"source", source}},
          {"bundle"});
}

// The apiserver stamps every time it writes with its own clock, before gpuwhy reads the object;
// taken_at is the grader's clock when it started reading. Allowing kClockSkewMs between the two
// clocks, no time in the snapshot is later than taken_at.
void time_after_taken_at(const Facts& facts, Findings& out) {
  const auto& taken = facts.taken;
  if (!taken) return;
  Aggregate agg;
  for_each_time(facts, [&](const std::string& object, std::string_view field, const Time& time) {
    if (time.ms && *time.ms > *taken + kClockSkewMs) {
      agg.add(object, {{"object", object},
                       {"field", std::string(field)},
                       {"time", std::string(time.text)},
                       {"taken_at", facts.snap.taken_at}});
    }
  });
  agg.flush("time-after-taken-at", out);
}

// An object of a namespace can only be created while the namespace exists: the apiserver's
// NamespaceLifecycle admission refuses it before. Pods and events of the lab namespace are never
// older than the namespace (both times are whole seconds of the same clock).
void object_before_namespace(const Facts& facts, Findings& out) {
  if (facts.lab_namespace == nullptr) return;
  const Time& ns = facts.lab_namespace->created;
  if (!ns.ms) return;
  Aggregate agg;
  for (const auto& list : {facts.pods, facts.events}) {
    for (const Object& o : list) {
      if (!o.created.ms || *o.created.ms >= *ns.ms) continue;
      agg.add(o.name,
              {{"object", o.name}, {"time", std::string(o.created.text)}, {"namespace_time", std::string(ns.text)}});
    }
  }
  agg.flush("object-before-namespace", out);
}

// A list is served at one etcd revision (its metadata.resourceVersion), and each item in it was
// last written at or before that revision: an item's resourceVersion is never above its list's.
void resource_version_above_list(const Facts& facts, Findings& out) {
  Aggregate agg;
  const auto look = [&](const Fetched<json>& list, std::span<const Object> objects, const char* list_name) {
    if (!list.ok()) return;
    const std::string list_rv = str_at(list.value(), "/metadata/resourceVersion");
    const auto list_n = revision(list_rv);
    if (!list_n) return;
    for (const Object& o : objects) {
      const auto n = revision(o.version_text);
      if (!n || *n <= *list_n) continue;
      agg.add(o.name, {{"object", o.name},
                       {"version", std::string(o.version_text)},
                       {"list", list_name},
                       {"list_version", list_rv}});
    }
  };
  look(facts.snap.nodes, facts.nodes, "nodes");
  look(facts.snap.pods, facts.pods, "pods");
  look(facts.snap.events, facts.events, "events");
  const std::string node_pods = fmt::format("pods (spec.nodeName={})", lab::kGpuNode);
  look(facts.snap.node_pods, facts.node_pods, node_pods.c_str());
  agg.flush("resource-version-above-list", out);
}

// The apiserver gives every object a random RFC 4122 uid (8-4-4-4-12 lowercase hex) at create
// time, never reused: a uid of another form, or one uid on two objects, was not made by it.
void uids(const Facts& facts, Findings& out) {
  Aggregate bad;
  Aggregate shared;
  std::map<std::string_view, const std::string*> seen;
  for (const Object& o : facts.objects) {
    if (o.uid_text.empty()) continue;
    const std::string uid(o.uid_text);
    if (!is_uuid(uid)) bad.add(o.name, {{"object", o.name}, {"uid", uid}});
    const auto [it, fresh] = seen.emplace(o.uid_text, &o.name);
    if (!fresh) shared.add(o.name, {{"object", o.name}, {"other", *it->second}, {"uid", uid}}, *it->second);
  }
  bad.flush("uid-not-uuid", out);
  shared.flush("uid-shared", out);
}

}  // namespace

std::vector<Finding> check(const Snapshot& snap) {
  Findings out;
  const Facts facts(snap);  // the objects walked once; every rule reads them
  bundle_not_live(snap, out);
  field_unreadable(facts, out);
  time_after_taken_at(facts, out);
  object_before_namespace(facts, out);
  resource_version_above_list(facts, out);
  uids(facts, out);
  pod_event_rules(facts, out);
  last_applied_mismatch(facts, out);
  dry_run_mismatch(snap, out);
  file_size_mismatch(snap, out);
  field_without_manager(facts, out);
  managed_fields_missing(facts, out);
  managed_before_created(facts, out);
  node_over_allocatable(facts, out);
  insufficient_with_room(facts, out);
  return std::move(out.list);
}

namespace {

/// A time the apiserver wrote to the microsecond (MicroTime: six fractional digits, as eventTime
/// is), in microseconds; nullopt for any other form.
std::optional<long long> micros(const std::string& text) {
  const auto dot = text.find('.');
  if (dot == std::string::npos || text.size() < dot + 8 || text.find_first_not_of("0123456789", dot + 1) != dot + 7) {
    return std::nullopt;
  }
  const auto ms = sys::parse_rfc3339(text);
  if (!ms) return std::nullopt;
  const long long seconds = *ms >= 0 ? *ms / 1000 : (*ms - 999) / 1000;
  return seconds * 1'000'000 + std::stoll(text.substr(dot + 1, 6));
}

}  // namespace

// Event names are "<object>.<16 hex digits>" (the nanosecond the recorder made the event); the
// scheduler's microsecond times differ between any two runs, and so do the gaps between them, but
// a copy keeps them when its times are all shifted by one amount. Two consecutive gaps make one
// trace: a single gap of one lab may be another's by chance, two in a row are not.
std::vector<std::string> detail::traces_of(const Snapshot& snap) {
  std::vector<std::string> out;
  std::vector<long long> times;
  for (const json& e : items(snap.events)) {
    const std::string name = str_at(e, "/metadata/name");
    const auto dot = name.rfind('.');
    if (dot != std::string::npos && name.size() - dot - 1 == 16 &&
        name.find_first_not_of("0123456789abcdef", dot + 1) == std::string::npos) {
      out.push_back("e:" + name);
    }
    for (const char* p : {"/eventTime", "/series/lastObservedTime"}) {
      if (const auto t = micros(str_at(e, p))) times.push_back(*t);
    }
  }
  std::sort(times.begin(), times.end());
  times.erase(std::unique(times.begin(), times.end()), times.end());
  for (std::size_t i = 2; i < times.size(); ++i) {
    out.push_back(fmt::format("t:{},{}", times[i - 1] - times[i - 2], times[i] - times[i - 1]));
  }
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
  return out;
}

ClusterId cluster_id(const Snapshot& snap, std::string_view bundle_bytes) {
  ClusterId id;
  if (snap.kube_system.ok()) id.kube_system_uid = str_at(snap.kube_system.value(), "/metadata/uid");
  if (snap.namespace_.ok()) id.namespace_uid = str_at(snap.namespace_.value(), "/metadata/uid");
  for (const json& n : items(snap.nodes)) {
    if (auto u = str_at(n, "/metadata/uid"); !u.empty()) id.node_uids.push_back(std::move(u));
  }
  for (const json& p : items(snap.pods)) {
    if (auto u = str_at(p, "/metadata/uid"); !u.empty()) id.pod_uids.push_back(std::move(u));
  }
  std::sort(id.node_uids.begin(), id.node_uids.end());
  std::sort(id.pod_uids.begin(), id.pod_uids.end());
  if (!bundle_bytes.empty()) id.digest = bundle_digest(bundle_bytes);
  // A batch holds every bundle's id at once: each trace is kept as its kind ('e' a name, 't' a
  // timing) and 56 bits of its hash (15 characters, held inside the string), and of each kind only
  // the kMaxTraces smallest. Two bundles whose traces of a kind are mostly the same keep mostly the
  // same smallest ones (a bottom-k sketch), so a copy still links, with its events renamed or not.
  constexpr std::size_t kMaxTraces = 8;
  const std::vector<std::string> traces = traces_of(snap);
  for (const char kind : {'e', 't'}) {
    std::vector<std::string> kept;
    for (const std::string& t : traces) {
      if (t.front() == kind) kept.push_back(fmt::format("{}{:014x}", kind, std::hash<std::string>{}(t) >> 8U));
    }
    std::sort(kept.begin(), kept.end());
    kept.erase(std::unique(kept.begin(), kept.end()), kept.end());
    if (kept.size() > kMaxTraces) kept.resize(kMaxTraces);
    id.traces.insert(id.traces.end(), kept.begin(), kept.end());
  }
  return id;
}

namespace {

// Union-find over the indices: each key (a uid, a digest) joins every index that has it.
class Groups {
 public:
  explicit Groups(std::size_t n) : parent_(n) {
    for (std::size_t i = 0; i < n; ++i) parent_[i] = i;
  }
  void join(const std::string& key, std::size_t i) {
    if (key.empty()) return;  // an empty uid never links
    const auto [it, fresh] = first_.try_emplace(key, i);
    if (!fresh) unite(it->second, i);
  }
  // The groups of two or more, ascending, and each index's group (or Match::kAlone).
  void finish(std::vector<std::size_t>& of, std::vector<std::vector<std::size_t>>& groups) {
    const std::size_t n = parent_.size();
    std::vector<std::size_t> size(n, 0);
    for (std::size_t i = 0; i < n; ++i) ++size[root(i)];
    std::vector<std::size_t> at(n, Match::kAlone);
    of.assign(n, Match::kAlone);
    for (std::size_t i = 0; i < n; ++i) {
      const std::size_t r = root(i);
      if (size[r] < 2) continue;
      if (at[r] == Match::kAlone) {
        at[r] = groups.size();
        groups.emplace_back();
      }
      of[i] = at[r];
      groups[at[r]].push_back(i);
    }
  }

 private:
  std::size_t root(std::size_t i) {
    while (parent_[i] != i) i = parent_[i] = parent_[parent_[i]];
    return i;
  }
  void unite(std::size_t a, std::size_t b) {
    a = root(a);
    b = root(b);
    if (a != b) parent_[std::max(a, b)] = std::min(a, b);
  }
  std::vector<std::size_t> parent_;
  std::unordered_map<std::string, std::size_t> first_;
};

std::vector<std::size_t> others(const std::vector<std::size_t>& of, const std::vector<std::vector<std::size_t>>& groups,
                                std::size_t i) {
  std::vector<std::size_t> out;
  if (i >= of.size() || of[i] == Match::kAlone) return out;
  for (const std::size_t j : groups[of[i]]) {
    if (j != i) out.push_back(j);
  }
  return out;
}

}  // namespace

std::vector<std::size_t> Match::same_cluster(std::size_t i) const {
  return others(cluster_of, clusters, i);
}

std::vector<std::size_t> Match::same_bundle(std::size_t i) const {
  return others(bundle_of, bundles, i);
}

Match match(const std::vector<ClusterId>& ids) {
  Groups cluster(ids.size());
  Groups bundle(ids.size());
  for (std::size_t i = 0; i < ids.size(); ++i) {
    const ClusterId& id = ids[i];
    // Keys of different kinds never collide: a prefix says which uid it is ("" stays "").
    const auto key = [](const char* kind, const std::string& uid) { return uid.empty() ? uid : kind + uid; };
    cluster.join(key("k:", id.kube_system_uid), i);
    cluster.join(key("n:", id.namespace_uid), i);
    for (const auto& u : id.node_uids) cluster.join(key("o:", u), i);
    for (const auto& u : id.pod_uids) cluster.join(key("p:", u), i);
    for (const auto& t : id.traces) cluster.join(key("r:", t), i);
    bundle.join(id.digest, i);
  }
  Match m;
  cluster.finish(m.cluster_of, m.clusters);
  bundle.finish(m.bundle_of, m.bundles);
  return m;
}

}  // namespace gpuwhy::integrity
