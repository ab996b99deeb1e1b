// The rules on pods and their events: what kube-scheduler and the apiserver write together.
#include <algorithm>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "gpuwhy/base/sys.h"
#include "gpuwhy/k8s/quantity.h"
#include "gpuwhy/k8s/requests.h"
#include "gpuwhy/k8s/taints.h"
#include "gpuwhy/lab/lab.h"
#include "integrity_detail.h"

namespace gpuwhy::integrity::detail {

using nlohmann::json;

namespace {

// The scheduler binds a pod once (spec.nodeName is immutable once set) and records
// "Successfully assigned <ns>/<pod> to <node>" on that pod's uid: a Scheduled event of the
// current pod names the node the pod is bound to. (Events of an older pod of the same name carry
// the old uid and are not compared.)
void scheduled_event_node(const Facts& facts, Findings& out) {
  for (const Object& e : facts.events) {
    if (e.reason != "Scheduled") continue;
    const auto it = facts.pods_by_uid.find(e.involved_uid);
    if (it == facts.pods_by_uid.end()) continue;
    const std::string_view message = e.message;
    const auto to = message.rfind(" to ");
    if (!message.starts_with("Successfully assigned ") || to == std::string_view::npos) continue;
    const std::string event_node(message.substr(to + 4));
    const Object& pod = *it->second;
    const std::string node(pod.node_name);
    if (event_node == node) continue;
    out.add("scheduled-event-node-mismatch",
            {{"event", e.name}, {"pod", pod.name}, {"event_node", event_node}, {"node", node.empty() ? "-" : node}},
            {pod.name, e.name});
  }
}

// The scheduler only schedules a pod the apiserver has created: its Scheduled and
// FailedScheduling events of the current pod are never older than the pod's creationTimestamp
// (whole seconds, so the event's time is compared at whole seconds too).
void event_before_pod(const Facts& facts, Findings& out) {
  for (const Object& e : facts.events) {
    if (e.reason != "Scheduled" && e.reason != "FailedScheduling") continue;
    const auto it = facts.pods_by_uid.find(e.involved_uid);
    if (it == facts.pods_by_uid.end()) continue;
    const Object& pod = *it->second;
    const auto t = sys::parse_rfc3339(e.when);
    const auto& c = pod.created.ms;
    if (!t || !c || (*t / 1000) * 1000 >= *c) continue;
    out.add("event-before-pod",
            {{"event", e.name},
             {"pod", pod.name},
             {"event_time", std::string(e.when)},
             {"created", std::string(pod.created.text)}},
            {pod.name, e.name});
  }
}

// A pod runs only on a node (kwok, like a kubelet, starts only pods bound to its node), and the
// PodScheduled condition is True once bound; an unbound Pending pod was never scheduled, so its
// PodScheduled condition, when present, is not True.
void phase_scheduling(const Facts& facts, Findings& out) {
  for (const Object& p : facts.pods) {
    const std::string_view phase = p.phase;
    const std::string_view node = p.node_name;
    const Condition* sc = p.condition("PodScheduled");
    const std::string_view scheduled = sc != nullptr ? sc->status : "";
    const bool bad = (phase == "Running" && (node.empty() || (sc != nullptr && scheduled != "True"))) ||
                     (phase == "Pending" && node.empty() && scheduled == "True");
    if (!bad) continue;
    out.add("phase-scheduling-mismatch",
            {{"pod", p.name},
             {"phase", std::string(phase)},
             {"node", node.empty() ? "-" : std::string(node)},
             {"scheduled", scheduled.empty() ? "-" : std::string(scheduled)}},
            {p.name});
  }
}

// What a node's agent (the kubelet; kwok acting as one) writes once it runs a pod, and never
// before the pod is bound to its node: status.startTime, hostIP, podIP and containerStatuses. A
// pod with no node has none of them; a Running pod has a startTime and a status for each of its
// containers (its phase is computed from them).
void phase_status(const Facts& facts, Findings& out) {
  for (const Object& po : facts.pods) {
    const json& p = *po.item;
    const std::string phase(po.phase);
    const std::string node(po.node_name);
    std::string field;
    if (node.empty()) {
      for (const char* f : {"startTime", "hostIP", "podIP", "containerStatuses"}) {
        const std::string ptr = std::string("/status/") + f;
        const json* v = at(p, ptr.c_str());
        if (v != nullptr && !v->is_null() && !(v->is_array() && v->empty())) {
          field = std::string("status.") + f;
          break;
        }
      }
    } else if (phase == "Running") {
      if (po.start_time.text.empty()) field = "status.startTime";
      const json* cs = at(p, "/spec/containers");
      const json* st = at(p, "/status/containerStatuses");
      const json none = json::array();
      const json& statuses = st != nullptr && st->is_array() ? *st : none;
      for (const json& c : cs != nullptr && cs->is_array() ? *cs : none) {
        if (!field.empty()) break;
        const std::string name = str_at(c, "/name");
        const auto has = [&name](const json& x) { return str_at(x, "/name") == name; };
        if (std::none_of(statuses.begin(), statuses.end(), has)) field = "status.containerStatuses[" + name + "]";
      }
    }
    if (field.empty()) continue;
    out.add("phase-status-mismatch",
            {{"pod", po.name},
             {"phase", phase.empty() ? "-" : phase},
             {"node", node.empty() ? "-" : node},
             {"field", field}},
            {po.name});
  }
}

// When kube-scheduler finds no node it records a FailedScheduling event on the pod's uid and
// writes the same message into the PodScheduled condition (reason Unschedulable), in the same
// step. The apiserver keeps an event for --event-ttl (1 h), so an Unschedulable condition that
// turned False less than kEventTtlMs before taken_at has a FailedScheduling event with its
// exact message.
void unschedulable_without_event(const Facts& facts, Findings& out) {
  if (!facts.snap.events.ok()) return;
  const auto& taken = facts.taken;
  if (!taken) return;
  std::map<std::string_view, std::vector<std::string_view>> notes;
  for (const Object& e : facts.events) {
    if (e.reason == "FailedScheduling") notes[e.involved_uid].push_back(e.message);
  }
  for (const Object& p : facts.pods) {
    const Condition* sc = p.condition("PodScheduled");
    if (sc == nullptr || sc->status != "False" || sc->reason != "Unschedulable") continue;
    const auto& since = sc->last_transition.ms;
    if (!since || *since < *taken - kEventTtlMs) continue;
    const std::string_view message = sc->message;
    const auto& seen = notes[p.uid_text];
    if (std::find(seen.begin(), seen.end(), message) != seen.end()) continue;
    out.add("unschedulable-without-event", {{"pod", p.name}, {"message", std::string(message)}}, {p.name});
  }
}

}  // namespace

void pod_event_rules(const Facts& facts, Findings& out) {
  scheduled_event_node(facts, out);
  event_before_pod(facts, out);
  phase_scheduling(facts, out);
  phase_status(facts, out);
  unschedulable_without_event(facts, out);
}

namespace {

/// A toleration as Kubernetes reads it: operator "" is Equal.
std::string toleration_key(const json& t) {
  if (!t.is_object()) return t.dump();
  const std::string op(k8s::toleration_operator(t));
  const auto secs = t.find("tolerationSeconds");
  return str_at(t, "/key") + "|" + op + "|" + str_at(t, "/value") + "|" + str_at(t, "/effect") + "|" +
         (secs != t.end() ? scalar_text(*secs) : "");
}

std::string tolerations_text(const json& list) {
  std::string out;
  if (!list.is_array()) return "-";
  for (const json& t : list) out += (out.empty() ? "" : ", ") + toleration_key(t);
  return out.empty() ? "-" : out;
}

/// The first field where `applied` (the last-applied spec) and the pod disagree: {field, applied, live}.
struct Diff {
  std::string field, applied, live;
};

/// The member `key` of `obj`, or `fallback` when `obj` is no object or has none: json::value()
/// without the copy.
const json& member_or(const json& obj, std::string_view key, const json& fallback) {
  if (!obj.is_object()) return fallback;
  const auto it = obj.find(key);
  return it != obj.end() ? *it : fallback;
}

const json kNoObject = json::object();
const json kNoArray = json::array();

std::optional<Diff> spec_diff(const json& applied, const json& pod) {
  const json& spec = member_or(pod, "spec", kNoObject);
  // An applied `nodeName: ""` (or null) named no node: the scheduler chose the one the pod has.
  if (const std::string pinned = k8s::node_name_of_spec(applied); !pinned.empty()) {
    if (const std::string live = k8s::node_name_of_spec(spec); pinned != live)
      return Diff{"spec.nodeName", pinned, live};
  }
  if (applied.contains("nodeSelector") && applied["nodeSelector"].is_object()) {
    std::map<std::string, std::string> a;
    std::map<std::string, std::string> l;
    for (const auto& [k, v] : applied["nodeSelector"].items()) a[k] = scalar_text(v);
    const json& live = member_or(spec, "nodeSelector", kNoObject);
    if (live.is_object()) {
      for (const auto& [k, v] : live.items()) l[k] = scalar_text(v);
    }
    if (a != l) return Diff{"spec.nodeSelector", applied["nodeSelector"].dump(), live.dump()};
  }
  if (applied.contains("tolerations") && applied["tolerations"].is_array()) {
    std::vector<std::string> live;
    const json& tolerations = member_or(spec, "tolerations", kNoArray);
    for (const json& t : tolerations) live.push_back(toleration_key(t));
    for (const json& t : applied["tolerations"]) {
      if (std::find(live.begin(), live.end(), toleration_key(t)) != live.end()) continue;
      return Diff{"spec.tolerations", tolerations_text(applied["tolerations"]), tolerations_text(tolerations)};
    }
  }
  return std::nullopt;
}

// Extended resources cannot be resized in place: the pod's nvidia.com/gpu limits and requests
// are those it was created with.
std::optional<Diff> gpu_diff(const json& applied, const json& pod) {
  const std::string gpu(lab::kResource);
  for (const json& ac : member_or(applied, "containers", kNoArray)) {
    const std::string name = str_at(ac, "/name");
    for (const json& pc : member_or(member_or(pod, "spec", kNoObject), "containers", kNoArray)) {
      if (str_at(pc, "/name") != name) continue;
      for (const char* kind : {"limits", "requests"}) {
        const json& a = member_or(member_or(ac, "resources", kNoObject), kind, kNoObject);
        if (!a.is_object() || !a.contains(gpu)) continue;
        const json& l = member_or(member_or(pc, "resources", kNoObject), kind, kNoObject);
        const std::string av = scalar_text(a[gpu]);
        const std::string lv = l.is_object() && l.contains(gpu) ? scalar_text(l[gpu]) : "";
        if (!lv.empty() && k8s::milli_value(av) == k8s::milli_value(lv)) continue;
        std::string field = "spec.containers[";
        field.append(name).append("].resources.").append(kind).append("[").append(gpu).append("]");
        return Diff{field, av, lv.empty() ? "-" : lv};
      }
    }
  }
  return std::nullopt;
}

}  // namespace

// kubectl apply (and create --save-config) stores the manifest it sent in the
// last-applied-configuration annotation in the same write as the object. The fields compared
// cannot change afterwards without the write failing: nodeName, nodeSelector and the GPU
// resources are immutable on a pod, and tolerations can only be added to (every applied
// toleration is still there). A hand edit of the pod changes one and not the other.
void last_applied_mismatch(const Facts& facts, Findings& out) {
  for (const Object& pod : facts.pods) {
    // Like a missing one, an annotation that is no string or an empty one says nothing.
    if (pod.last_applied == nullptr || !pod.last_applied->is_string() ||
        pod.last_applied->get_ref<const std::string&>().empty()) {
      continue;
    }
    const json& applied = pod.applied;
    if (!applied.is_object() || !applied.contains("spec") || !applied["spec"].is_object()) continue;
    std::optional<Diff> d = spec_diff(applied["spec"], *pod.item);
    if (!d) d = gpu_diff(applied["spec"], *pod.item);
    if (!d) continue;
    out.add("last-applied-mismatch",
            {{"pod", pod.name}, {"field", d->field}, {"applied", d->applied}, {"live", d->live}}, {pod.name});
  }
}

}  // namespace gpuwhy::integrity::detail
