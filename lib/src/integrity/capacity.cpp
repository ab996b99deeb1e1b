// The rules on a node's allocatable against the pods bound to it: what kube-scheduler's
// NodeResourcesFit makes true at each bind, and at each "Insufficient" it reports.
#include <algorithm>
#include <map>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "gpuwhy/base/sys.h"
#include "gpuwhy/k8s/messages.h"
#include "gpuwhy/k8s/requests.h"
#include "integrity_detail.h"

namespace gpuwhy::integrity::detail {

using nlohmann::json;

namespace {

/// How long after a write the scheduler is taken to know it (the write's time is whole seconds,
/// the scheduler learns it from a watch), and how long before a bind a pod must have been bound
/// to count as known to the scheduler then.
constexpr long long kSettleMs = 3000;
constexpr long long kKnownMs = 2000;

/// The latest time of a managedFields entry owning status.allocatable[`resource`]: ownership
/// moves to every writer of a field, so the amount has not changed since. nullopt when no
/// entry owns it (no managedFields kept, or cpu and memory as kwok writes them).
std::optional<long long> allocatable_written(const json& node, const std::string& resource) {
  const json* mf = at(node, "/metadata/managedFields");
  if (mf == nullptr || !mf->is_array()) return std::nullopt;
  const std::string key = "f:" + resource;
  std::optional<long long> latest;
  for (const json& e : *mf) {
    const json* alloc = at(e, "/fieldsV1/f:status/f:allocatable");
    if (alloc == nullptr || !alloc->is_object() || !alloc->contains(key)) continue;
    const auto t = sys::parse_rfc3339(str_at(e, "/time"));
    if (!t) return std::nullopt;  // an owner without a time: the amount cannot be dated
    latest = std::max(latest.value_or(*t), *t);
  }
  return latest;
}

/// When a pod was bound: its Scheduled event's time (to the microsecond), else (bound by hand,
/// or its event gone) the end of the second it was created in, which is no later than its bind.
struct Bound {
  const json* pod;
  long long at;
  std::string when;  ///< the time as written
  bool by_scheduler;
};

/// The pods bound to `node` as the scheduler counts them (k8s::counts_on_node); with
/// `finished_too`, the pods that have finished there as well (they held their requests until
/// they finished, which may be after the time asked about).
std::vector<Bound> bound_to(const Snapshot& snap, const std::string& node, bool finished_too = false) {
  std::map<std::string, std::pair<long long, std::string>> scheduled;
  for (const json& e : items(snap.events)) {
    if (str_at(e, "/reason") != "Scheduled") continue;
    std::string when = event_time(e);
    if (const auto t = sys::parse_rfc3339(when)) scheduled[str_at(e, "/involvedObject/uid")] = {*t, std::move(when)};
  }
  std::vector<Bound> out;
  for (const json& p : items(snap.pods)) {
    const bool finished_here = finished_too && k8s::terminated(p) && str_at(p, "/spec/nodeName") == node;
    if (!k8s::counts_on_node(p, node) && !finished_here) continue;
    std::string created = str_at(p, "/metadata/creationTimestamp");
    if (const auto it = scheduled.find(str_at(p, "/metadata/uid")); it != scheduled.end()) {
      out.push_back({&p, it->second.first, it->second.second, true});
    } else if (const auto c = sys::parse_rfc3339(created)) {
      out.push_back({&p, *c + 1000, std::move(created), false});
    }
  }
  return out;
}

}  // namespace

// kube-scheduler binds a pod to a node only when the requests of the pods it counts on that node,
// with the new pod's, fit the node's allocatable (NodeResourcesFit), for each resource the new
// pod requests. Take the last pod requesting the resource that the scheduler bound to a node
// (its Scheduled event) at least kSettleMs after the last write of the node's allocatable amount
// (dated by managedFields): the scheduler then knew that amount, and
// every pod bound to the node kKnownMs before. Those pods and it request no more than the
// amount. Undercounting is safe and is all that is left out: pods of other namespaces (not
// read), pods deleted or finished since, pods bound too close to it; a pod whose Scheduled event
// is gone counts from its creation, which is no later than its bind.
void node_over_allocatable(const Snapshot& snap, Findings& out) {
  for (const json& node : items(snap.nodes)) {
    const json* alloc = at(node, "/status/allocatable");
    if (alloc == nullptr || !alloc->is_object()) continue;
    const std::string name = str_at(node, "/metadata/name");
    const std::vector<Bound> bound = bound_to(snap, name);
    for (const auto& entry : alloc->items()) {
      const std::string& resource = entry.key();
      const auto written = allocatable_written(node, resource);
      const auto amount = k8s::quantity(resource, entry.value());
      if (!written || !amount) continue;
      // The scheduler checks a resource's fit only for a pod that requests it: a pod without
      // GPUs is bound beside GPU pods that were bound by hand beyond allocatable.
      const auto requests = [&resource](const Bound& b) {
        const k8s::Amounts r = k8s::pod_requests(*b.pod);
        const auto it = r.find(resource);
        return it != r.end() ? it->second : 0LL;
      };
      const Bound* last = nullptr;
      for (const Bound& b : bound) {
        if (b.by_scheduler && requests(b) > 0 && b.at >= *written + kSettleMs && (last == nullptr || b.at > last->at))
          last = &b;
      }
      if (last == nullptr) continue;
      long long requested = 0;
      for (const Bound& b : bound) {
        if (&b == last || b.at <= last->at - kKnownMs) requested += requests(b);
      }
      if (requested <= *amount) continue;
      const std::string object = object_name("node", node);
      const std::string pod = object_name("pod", *last->pod);
      out.add("node-over-allocatable",
              {{"node", object},
               {"resource", resource},
               {"requested", k8s::show_quantity(resource, requested)},
               {"allocatable", k8s::show_quantity(resource, *amount)},
               {"pod", pod},
               {"bound", last->when}},
              {object, pod});
    }
  }
}

namespace {

/// The latest time an event says it was seen (its first time, its last, its series' last).
std::optional<long long> last_seen(const json& e) {
  std::optional<long long> latest;
  for (const char* p : {"/eventTime", "/firstTimestamp", "/lastTimestamp", "/series/lastObservedTime",
                        "/deprecatedLastTimestamp", "/metadata/creationTimestamp"}) {
    if (const auto t = sys::parse_rfc3339(str_at(e, p))) latest = std::max(latest.value_or(*t), *t);
  }
  return latest;
}

/// A node that had room for `request` of `resource` at `when`, and what shows it.
struct Room {
  std::string node;
  long long allocatable = 0;
  long long requested = 0;
};

/// Whether `node` surely had room for `request` of `resource` when the scheduler looked at `when`:
/// its allocatable amount was written (dated by managedFields) kSettleMs before, and the pods
/// that may have been on it then (bound up to kKnownMs after, finished ones too) leave room. A
/// node where a pod now gone was bound (its Scheduled event is left) is never said to have had
/// room: what that pod held is not known.
std::optional<Room> room_at(const Snapshot& snap, const json& node, const std::string& resource, long long request,
                            long long when) {
  const json* alloc = at(node, "/status/allocatable");
  if (alloc == nullptr || !alloc->is_object()) return std::nullopt;
  const auto it = alloc->find(resource);
  if (it == alloc->end()) return std::nullopt;
  const auto amount = k8s::quantity(resource, *it);
  const auto written = allocatable_written(node, resource);
  if (!amount || !written || *written + kSettleMs > when) return std::nullopt;
  const std::string name = str_at(node, "/metadata/name");
  std::vector<std::string> uids;
  for (const json& p : items(snap.pods)) uids.push_back(str_at(p, "/metadata/uid"));
  for (const json& e : items(snap.events)) {
    if (str_at(e, "/reason") != "Scheduled") continue;
    const std::string message = str_at(e, "/message");
    const bool here = message.size() > name.size() + 4 &&
                      message.compare(message.size() - name.size() - 4, std::string::npos, " to " + name) == 0;
    if (here && std::find(uids.begin(), uids.end(), str_at(e, "/involvedObject/uid")) == uids.end()) {
      return std::nullopt;
    }
  }
  long long requested = 0;
  for (const Bound& b : bound_to(snap, name, true)) {
    if (b.at > when + kKnownMs) continue;
    const k8s::Amounts r = k8s::pod_requests(*b.pod);
    if (const auto it = r.find(resource); it != r.end()) requested += it->second;
  }
  if (*amount - requested < request) return std::nullopt;
  return Room{name, *amount, requested};
}

}  // namespace

// kube-scheduler's NodeResourcesFit reports "Insufficient <resource>" for a node only when the
// pod's request of it does not fit what is left of the node's allocatable after the requests of
// the pods it counts there; the FailedScheduling message counts such nodes ("3 Insufficient
// nvidia.com/gpu" of "0/3 nodes are available"). A node that surely had room for the pod then
// (room_at) is not one of them: when more nodes are said to lack the resource than the nodes
// without such room, the message was not the scheduler's at those amounts. Only a pod still
// unbound is asked about (one bound since was retried with room), and only the pods of the lab
// namespace are counted on a node.
void insufficient_with_room(const Snapshot& snap, Findings& out) {
  std::map<std::string, const json*> pending;
  for (const json& p : items(snap.pods)) {
    if (str_at(p, "/spec/nodeName").empty() && !k8s::terminated(p)) pending[str_at(p, "/metadata/uid")] = &p;
  }
  for (const json& e : items(snap.events)) {
    if (str_at(e, "/reason") != "FailedScheduling") continue;
    const auto it = pending.find(str_at(e, "/involvedObject/uid"));
    const auto when = last_seen(e);
    const auto said = messages::parse_scheduler_message(str_at(e, "/message"));
    if (it == pending.end() || !when || !said || said->total <= 0) continue;
    const k8s::Amounts wants = k8s::pod_requests(*it->second);
    for (const messages::Reason& r : said->reasons) {
      const auto want = wants.find(r.resource);
      if (r.kind != messages::ReasonKind::kInsufficient || r.count <= 0 || want == wants.end()) continue;
      // cpu and memory requests may be resized in place since the message: the pod's request now
      // is not known to be the one the scheduler weighed. Other resources cannot be resized.
      if (r.resource == k8s::kCpu || r.resource == k8s::kMemory) continue;
      std::vector<Room> rooms;
      for (const json& node : items(snap.nodes)) {
        if (auto room = room_at(snap, node, r.resource, want->second, *when)) rooms.push_back(std::move(*room));
      }
      if (rooms.empty() || r.count <= said->total - static_cast<int>(rooms.size())) continue;
      const Room& room = rooms.front();
      const std::string pod = object_name("pod", *it->second);
      const std::string node = "node " + room.node;
      out.add("insufficient-with-room",
              {{"pod", pod},
               {"resource", r.resource},
               {"said", std::to_string(r.count)},
               {"total", std::to_string(said->total)},
               {"time", event_time(e)},
               {"node", node},
               {"allocatable", k8s::show_quantity(r.resource, room.allocatable)},
               {"requested", k8s::show_quantity(r.resource, room.requested)},
               {"request", k8s::show_quantity(r.resource, want->second)}},
              {pod, node, object_name("event", e)});
      return;
    }
  }
}

}  // namespace gpuwhy::integrity::detail
