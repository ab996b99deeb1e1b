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
  void time(const std::string& object, const json& j, const char* ptr, const std::string& field) {
    const json* v = at(j, ptr);
    if (v == nullptr || v->is_null()) return;
    if (!v->is_string() || !sys::parse_rfc3339(v->get_ref<const std::string&>())) add(object, field, *v);
  }
  void version(const std::string& object, const json& j, const std::string& field) {
    const json* v = at(j, "/metadata/resourceVersion");
    if (v != nullptr && (!v->is_string() || !revision(v->get_ref<const std::string&>()))) add(object, field, *v);
  }
};

// managedFields: a non-empty list (the apiserver omits an empty one, and records an entry on every
// write) of entries with a manager, a time and the fields they own.
void managed(Unreadable& u, const std::string& object, const json& item) {
  const json* list = u.at(item, "/metadata/managedFields");
  if (list == nullptr) return;
  if (!list->is_array() || list->empty()) {
    u.add(object, "metadata.managedFields", *list);
    return;
  }
  for (std::size_t i = 0; i < list->size(); ++i) {
    const json& e = (*list)[i];
    const std::string field = "metadata.managedFields[" + std::to_string(i) + "]";
    if (!e.is_object()) {
      u.add(object, field, e);
      continue;
    }
    const json* fields = u.at(e, "/fieldsV1");
    const json* manager = u.at(e, "/manager");
    if (fields != nullptr && !fields->is_object()) u.add(object, field + ".fieldsV1", *fields);
    if (manager != nullptr && !manager->is_string()) u.add(object, field + ".manager", *manager);
    const json* time = u.at(e, "/time");
    if (time == nullptr || time->is_null()) {
      u.add(object, field + ".time", time == nullptr ? json() : *time);
    } else {
      u.time(object, e, "/time", field + ".time");
    }
  }
}

void object_fields(Unreadable& u, const std::string& object, const json& item) {
  u.version(object, item, "metadata.resourceVersion");
  if (const json* uid = u.at(item, "/metadata/uid"); uid != nullptr && (!uid->is_string() || uid->empty())) {
    u.add(object, "metadata.uid", *uid);
  }
  u.time(object, item, "/metadata/creationTimestamp", "metadata.creationTimestamp");
  managed(u, object, item);
  if (const json* cs = u.at(item, "/status/conditions"); cs != nullptr && cs->is_array()) {
    for (const json& c : *cs) u.time(object, c, "/lastTransitionTime", "status.conditions.lastTransitionTime");
  }
  for (const auto& [ptr, field] :
       {std::pair{"/eventTime", "eventTime"}, std::pair{"/firstTimestamp", "firstTimestamp"},
        std::pair{"/lastTimestamp", "lastTimestamp"}, std::pair{"/series/lastObservedTime", "series.lastObservedTime"},
        std::pair{"/status/startTime", "status.startTime"}}) {
    u.time(object, item, ptr, field);
  }
}

// kubectl writes the manifest it sent as JSON: an object with the pod's spec.
void last_applied(Unreadable& u, const std::string& object, const json& pod) {
  const json* text = u.at(pod, "/metadata/annotations/kubectl.kubernetes.io~1last-applied-configuration");
  if (text == nullptr) return;
  const json applied = text->is_string() ? parse_embedded(text->get_ref<const std::string&>()) : json();
  if (!applied.is_object() || !applied.contains("spec") || !applied["spec"].is_object()) {
    u.add(object, "metadata.annotations.kubectl.kubernetes.io/last-applied-configuration", *text);
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

void field_unreadable(const Snapshot& snap, Findings& out) {
  Unreadable u;
  const bool bundle = snap.source.rfind("bundle ", 0) == 0;
  if (bundle && !sys::parse_rfc3339(snap.taken_at)) u.add("bundle", "taken_at", json(snap.taken_at));
  for (const auto& [list, name] :
       {std::pair{&snap.nodes, "nodes"}, std::pair{&snap.pods, "pods"}, std::pair{&snap.events, "events"}}) {
    if (list->ok()) u.version(name, list->value(), "metadata.resourceVersion");
  }
  for_each_object(snap, [&u](const std::string& object, const json& item) { object_fields(u, object, item); });
  for (const json& n : items(snap.nodes)) {
    if (const json* a = u.at(n, "/status/allocatable")) quantities(u, object_name("node", n), *a, "status.allocatable");
  }
  for (const json& p : items(snap.pods)) {
    const std::string object = object_name("pod", p);
    last_applied(u, object, p);
    const json* cs = u.at(p, "/spec/containers");
    if (cs == nullptr || !cs->is_array()) continue;
    for (const json& c : *cs) {
      const std::string name = "spec.containers[" + str_at(c, "/name") + "].resources.";
      for (const char* kind : {"limits", "requests"}) {
        if (const json* m = u.at(c, (std::string("/resources/") + kind).c_str()))
          quantities(u, object, *m, name + kind);
      }
    }
  }
  u.agg.flush("field-unreadable", out);
}

}  // namespace gpuwhy::integrity::detail
