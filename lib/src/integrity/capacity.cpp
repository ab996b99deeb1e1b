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
std::optional<long long> allocatable_written(const Object& node, const std::string& resource) {
  if (node.managed == nullptr || !node.managed->is_array()) return std::nullopt;
  const std::string key = "f:" + resource;
  std::optional<long long> latest;
  for (const Entry& e : node.entries) {
    const json* alloc = e.allocatable;
    if (alloc == nullptr || !alloc->is_object() || !alloc->contains(key)) continue;
    const auto& t = e.time.ms;
    if (!t) return std::nullopt;  // an owner without a time: the amount cannot be dated
    latest = std::max(latest.value_or(*t), *t);
  }
  return latest;
}

/// When a pod was bound: its Scheduled event's time (to the microsecond), else (bound by hand,
/// or its event gone) the end of the second it was created in, which is no later than its bind.
struct Bound {
  const Object* pod;
  long long at;
  std::string_view when;  ///< the time as written
  bool by_scheduler;
};

/// The pods bound to `node` as the scheduler counts them (k8s::counts_on_node); with
/// `finished_too`, the pods that have finished there as well (they held their requests until
/// they finished, which may be after the time asked about).
std::vector<Bound> bound_to(const Facts& facts, std::string_view node, bool finished_too = false) {
  std::vector<Bound> out;
  const auto from = [&](const Object& p) {
    const bool here = !p.node_name.empty() && p.node_name == node;
    const bool counts = here && !p.terminated;  // k8s::counts_on_node
    const bool finished_here = finished_too && p.terminated && p.node_name == node;
    if (!counts && !finished_here) return;
    if (const auto it = facts.scheduled.find(p.uid_text); it != facts.scheduled.end()) {
      out.push_back({&p, it->second.first, it->second.second, true});
    } else if (const auto& c = p.created.ms) {
      out.push_back({&p, *c + 1000, p.created.text, false});
    }
  };
  // Every namespace's: the scheduler counts them all (the others' events are not read, so
  // they count from their creation).
  for (const Object& p : facts.pods) from(p);
  for (const Object& p : facts.node_pods) from(p);
  return out;
}

/// How much of `resource` the pod requests (0 when none).
long long request_of(const Object& pod, const std::string& resource) {
  const k8s::Amounts& r = pod.requests();
  const auto it = r.find(resource);
  return it != r.end() ? it->second : 0LL;
}

}  // namespace

// kube-scheduler binds a pod to a node only when the requests of the pods it counts on that node,
// with the new pod's, fit the node's allocatable (NodeResourcesFit), for each resource the new
// pod requests. Take the last pod requesting the resource that the scheduler bound to a node
// (its Scheduled event) at least kSettleMs after the last write of the node's allocatable amount
// (dated by managedFields): the scheduler then knew that amount, and
// every pod bound to the node kKnownMs before. Those pods and it request no more than the
// amount. Undercounting is safe and is all that is left out: pods of other namespaces in a
// bundle that has none of them, pods deleted or finished since, pods bound too close to it; a pod
// whose Scheduled event is gone (or not read: another namespace's) counts from its creation,
// which is no later than its bind.
void node_over_allocatable(const Facts& facts, Findings& out) {
  for (const Object& node : facts.nodes) {
    const json* alloc = at(*node.item, "/status/allocatable");
    if (alloc == nullptr || !alloc->is_object()) continue;
    const std::vector<Bound> bound = bound_to(facts, node.meta_name);
    for (const auto& entry : alloc->items()) {
      const std::string& resource = entry.key();
      const auto written = allocatable_written(node, resource);
      const auto amount = k8s::quantity(resource, entry.value());
      if (!written || !amount) continue;
      // The scheduler checks a resource's fit only for a pod that requests it: a pod without
      // GPUs is bound beside GPU pods that were bound by hand beyond allocatable.
      const auto requests = [&resource](const Bound& b) { return request_of(*b.pod, resource); };
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
      out.add("node-over-allocatable",
              {{"node", node.name},
               {"resource", resource},
               {"requested", k8s::show_quantity(resource, requested)},
               {"allocatable", k8s::show_quantity(resource, *amount)},
               {"pod", last->pod->name},
               {"bound", std::string(last->when)}},
              {node.name, last->pod->name});
    }
  }
}

namespace {

/// The latest time an event says it was seen (its first time, its last, its series' last).
std::optional<long long> last_seen(const Object& e) {
  std::optional<long long> latest;
  for (const Time* p :
       {&e.event_time, &e.first_timestamp, &e.last_timestamp, &e.series_last, &e.deprecated_last, &e.created}) {
    if (const auto& t = p->ms) latest = std::max(latest.value_or(*t), *t);
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
std::optional<Room> room_at(const Facts& facts, const Object& node, const std::string& resource, long long request,
                            long long when) {
  const json* alloc = at(*node.item, "/status/allocatable");
  if (alloc == nullptr || !alloc->is_object()) return std::nullopt;
  const auto it = alloc->find(resource);
  if (it == alloc->end()) return std::nullopt;
  const auto amount = k8s::quantity(resource, *it);
  const auto written = allocatable_written(node, resource);
  if (!amount || !written || *written + kSettleMs > when) return std::nullopt;
  const std::string_view name = node.meta_name;
  const std::string to = " to " + std::string(name);
  for (const Object& e : facts.events) {
    if (e.reason != "Scheduled") continue;
    const std::string_view message = e.message;
    const bool here = message.size() > name.size() + 4 && message.ends_with(to);
    const auto gone = [&e](const Object& p) { return p.uid_text == e.involved_uid; };
    if (here && std::none_of(facts.pods.begin(), facts.pods.end(), gone)) return std::nullopt;
  }
  long long requested = 0;
  for (const Bound& b : bound_to(facts, name, true)) {
    if (b.at > when + kKnownMs) continue;
    requested += request_of(*b.pod, resource);
  }
  if (*amount - requested < request) return std::nullopt;
  return Room{std::string(name), *amount, requested};
}

}  // namespace

// kube-scheduler's NodeResourcesFit reports "Insufficient <resource>" for a node only when the
// pod's request of it does not fit what is left of the node's allocatable after the requests of
// the pods it counts there; the FailedScheduling message counts such nodes ("3 Insufficient
// nvidia.com/gpu" of "0/3 nodes are available"). A node that surely had room for the pod then
// (room_at) is not one of them: when more nodes are said to lack the resource than the nodes
// without such room, the message was not the scheduler's at those amounts. Only a pod still
// unbound is asked about (one bound since was retried with room), and only the pods read are
// counted on a node: the lab namespace's, and the GPU node's of other namespaces when collected.
void insufficient_with_room(const Facts& facts, Findings& out) {
  std::map<std::string_view, const Object*> pending;
  for (const Object& p : facts.pods) {
    if (p.node_name.empty() && !p.terminated) pending[p.uid_text] = &p;
  }
  for (const Object& e : facts.events) {
    if (e.reason != "FailedScheduling") continue;
    const auto it = pending.find(e.involved_uid);
    if (it == pending.end()) continue;
    const auto when = last_seen(e);
    if (!when) continue;
    const Object& pod = *it->second;
    const k8s::Amounts& wants = pod.requests();
    // The nodes that surely had room for each resource the pod wants (cpu and memory requests may
    // be resized in place since the message: the pod's request now is not known to be the one the
    // scheduler weighed; other resources cannot be resized). Found before the message is read:
    // without such a node, nothing the message says is contradicted.
    std::map<std::string_view, std::vector<Room>> rooms;
    bool any = false;
    for (const auto& [resource, want] : wants) {
      if (resource == k8s::kCpu || resource == k8s::kMemory) continue;
      std::vector<Room>& found = rooms[resource];
      for (const Object& node : facts.nodes) {
        if (auto room = room_at(facts, node, resource, want, *when)) found.push_back(std::move(*room));
      }
      any = any || !found.empty();
    }
    if (!any) continue;
    const auto said = messages::parse_scheduler_message(e.message);
    if (!said || said->total <= 0) continue;
    for (const messages::Reason& r : said->reasons) {
      const auto want = wants.find(r.resource);
      if (r.kind != messages::ReasonKind::kInsufficient || r.count <= 0 || want == wants.end()) continue;
      if (r.resource == k8s::kCpu || r.resource == k8s::kMemory) continue;
      const std::vector<Room>& found = rooms[r.resource];
      if (found.empty() || r.count <= said->total - static_cast<int>(found.size())) continue;
      const Room& room = found.front();
      const std::string node = "node " + room.node;
      out.add("insufficient-with-room",
              {{"pod", pod.name},
               {"resource", r.resource},
               {"said", std::to_string(r.count)},
               {"total", std::to_string(said->total)},
               {"time", std::string(e.when)},
               {"node", node},
               {"allocatable", k8s::show_quantity(r.resource, room.allocatable)},
               {"requested", k8s::show_quantity(r.resource, room.requested)},
               {"request", k8s::show_quantity(r.resource, want->second)}},
              {pod.name, node, e.name});
      return;
    }
  }
}

}  // namespace gpuwhy::integrity::detail
