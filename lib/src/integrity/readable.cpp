// The rule on what the other rules read: a field the apiserver or gpuwhy snapshot always writes
// in one form, present in another. Every other rule skips a value it cannot read (a time that is
// not RFC 3339, a resourceVersion that is not a number, managedFields that are not a list), so
// an unreadable value would otherwise hide an edit from them; it is named here instead.
#include <string>

#include "gpuwhy/base/sys.h"
#include "gpuwhy/k8s/requests.h"
#include "integrity_detail.h"

namespace gpuwhy::integrity::detail {

using nlohmann::json;

namespace {

/// A value as the finding shows it: its JSON text, cut to a short line.
std::string shown(const json& v) {
  constexpr std::size_t kMax = 40;
  std::string text = v.dump(-1, ' ', false, json::error_handler_t::replace);
  if (text.size() > kMax) text = text.substr(0, kMax - 3) + "...";
  return text;
}

struct Unreadable {
  Aggregate agg;
  void add(const std::string& object, const std::string& field, const json& value) {
    agg.add(object, {{"object", object}, {"field", field}, {"value", shown(value)}});
  }
  /// The member at `ptr` of `j`, when present (null included: the apiserver omits what it has not
  /// set, but writes null for a few times, which `nullable` allows).
  const json* at(const json& j, const char* ptr) { return detail::at(j, ptr); }
  void time(const std::string& object, const Time& t, const std::string& field) {
    if (t.value == nullptr || t.value->is_null()) return;
    if (!t.value->is_string() || !t.ms) add(object, field, *t.value);
  }
  void version(const std::string& object, const json* v, const std::string& field) {
    if (v != nullptr && (!v->is_string() || !revision(v->get_ref<const std::string&>()))) add(object, field, *v);
  }
};

// managedFields: a non-empty list (the apiserver omits an empty one, and records an entry on every
// write) of entries with a manager, a time and the fields they own.
void managed(Unreadable& u, const Object& o) {
  const json* list = o.managed;
  if (list == nullptr) return;
  if (!list->is_array() || list->empty()) {
    u.add(o.name, "metadata.managedFields", *list);
    return;
  }
  for (std::size_t i = 0; i < o.entries.size(); ++i) {
    const Entry& e = o.entries[i];
    const std::string field = "metadata.managedFields[" + std::to_string(i) + "]";
    if (!e.value->is_object()) {
      u.add(o.name, field, *e.value);
      continue;
    }
    if (e.fields != nullptr && !e.fields->is_object()) u.add(o.name, field + ".fieldsV1", *e.fields);
    if (e.manager != nullptr && !e.manager->is_string()) u.add(o.name, field + ".manager", *e.manager);
    if (e.time.value == nullptr || e.time.value->is_null()) {
      u.add(o.name, field + ".time", e.time.value == nullptr ? json() : *e.time.value);
    } else {
      u.time(o.name, e.time, field + ".time");
    }
  }
}

void object_fields(Unreadable& u, const Object& o) {
  u.version(o.name, o.version, "metadata.resourceVersion");
  if (o.uid != nullptr && (!o.uid->is_string() || o.uid->empty())) u.add(o.name, "metadata.uid", *o.uid);
  u.time(o.name, o.created, "metadata.creationTimestamp");
  managed(u, o);
  for (const Condition& c : o.condition_list) u.time(o.name, c.last_transition, "status.conditions.lastTransitionTime");
  for (const auto& [t, field] :
       {std::pair{&o.event_time, "eventTime"}, std::pair{&o.first_timestamp, "firstTimestamp"},
        std::pair{&o.last_timestamp, "lastTimestamp"}, std::pair{&o.series_last, "series.lastObservedTime"},
        std::pair{&o.start_time, "status.startTime"}}) {
    u.time(o.name, *t, field);
  }
}

// kubectl writes the manifest it sent as JSON: an object with the pod's spec.
void last_applied(Unreadable& u, const Object& pod) {
  if (pod.last_applied == nullptr) return;
  const json& applied = pod.applied;  // null when the annotation is not a string
  if (!applied.is_object() || !applied.contains("spec") || !applied["spec"].is_object()) {
    u.add(pod.name, "metadata.annotations.kubectl.kubernetes.io/last-applied-configuration", *pod.last_applied);
  }
}

// The apiserver validates every quantity it stores: an allocatable amount or a container's
// request or limit is a quantity.
void quantities(Unreadable& u, const std::string& object, const json& map, const std::string& field) {
  if (!map.is_object()) return;
  for (const auto& [res, amount] : map.items()) {
    if (k8s::quantity(res, amount)) continue;
    std::string name = field;
    name.append(".").append(res);
    u.add(object, name, amount);
  }
}

}  // namespace

void field_unreadable(const Facts& facts, Findings& out) {
  const Snapshot& snap = facts.snap;
  Unreadable u;
  const bool bundle = snap.source.rfind("bundle ", 0) == 0;
  if (bundle && !facts.taken) u.add("bundle", "taken_at", json(snap.taken_at));
  for (const auto& [list, name] :
       {std::pair{&snap.nodes, "nodes"}, std::pair{&snap.pods, "pods"}, std::pair{&snap.events, "events"}}) {
    if (list->ok()) u.version(name, at(list->value(), "/metadata/resourceVersion"), "metadata.resourceVersion");
  }
  for (const Object& o : facts.objects) object_fields(u, o);
  for (const Object& n : facts.nodes) {
    if (const json* a = u.at(*n.item, "/status/allocatable")) quantities(u, n.name, *a, "status.allocatable");
  }
  for (const Object& p : facts.pods) {
    last_applied(u, p);
    const json* cs = u.at(*p.item, "/spec/containers");
    if (cs == nullptr || !cs->is_array()) continue;
    for (const json& c : *cs) {
      const std::string name = "spec.containers[" + str_at(c, "/name") + "].resources.";
      for (const char* kind : {"limits", "requests"}) {
        if (const json* m = u.at(c, (std::string("/resources/") + kind).c_str()))
          quantities(u, p.name, *m, name + kind);
      }
    }
  }
  u.agg.flush("field-unreadable", out);
}

}  // namespace gpuwhy::integrity::detail
