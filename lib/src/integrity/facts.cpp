// The snapshot's objects as the integrity rules read them: walked once, each field looked up once
// (Facts). Each lookup keeps the type checks of a JSON pointer: any level may be another type in
// a bundle, and is then absent.
#include <initializer_list>
#include <string>
#include <string_view>
#include <utility>

#include "gpuwhy/base/sys.h"
#include "gpuwhy/lab/lab.h"
#include "integrity_detail.h"

namespace gpuwhy::integrity::detail {

using nlohmann::json;

namespace {

/// Each member of `obj` named in `wanted` (name, where to put it), as member() finds it, in one
/// pass over the members: a lookup per name walks the map once per name.
void pick(const json* obj, std::initializer_list<std::pair<std::string_view, const json**>> wanted) {
  if (obj == nullptr || !obj->is_object()) return;
  for (auto it = obj->begin(); it != obj->end(); ++it) {
    const std::string& key = it.key();
    for (const auto& [name, out] : wanted) {
      if (key == name) {
        *out = &*it;
        break;
      }
    }
  }
}

Time time_of(const json* v) {
  Time t;
  t.value = v;
  t.text = text_of(v);
  if (v != nullptr && v->is_string()) t.ms = sys::parse_rfc3339(t.text);
  return t;
}

std::string name_of(Kind kind, std::string_view name, std::string_view ns) {
  std::string out;
  switch (kind) {
    case Kind::kNamespace: return out.append("namespace ").append(name);
    case Kind::kNode: return out.append("node ").append(name);
    case Kind::kPod: out = "pod "; break;
    case Kind::kEvent: out = "event "; break;
  }
  out.append(ns.empty() ? lab::kNamespace : ns).append("/").append(name);
  return out;
}

/// The members of an object that the rules read: each found once.
struct Members {
  const json* meta = nullptr;
  const json* status = nullptr;
  const json* spec = nullptr;
  const json* series = nullptr;
  const json* event_time = nullptr;
  const json* first_timestamp = nullptr;
  const json* last_timestamp = nullptr;
  const json* deprecated_last = nullptr;
  const json* reason = nullptr;
  const json* involved = nullptr;
  const json* message = nullptr;
};

Members members_of(const json& item) {
  Members m;
  pick(&item, {{"metadata", &m.meta},
               {"status", &m.status},
               {"spec", &m.spec},
               {"series", &m.series},
               {"eventTime", &m.event_time},
               {"firstTimestamp", &m.first_timestamp},
               {"lastTimestamp", &m.last_timestamp},
               {"deprecatedLastTimestamp", &m.deprecated_last},
               {"reason", &m.reason},
               {"involvedObject", &m.involved},
               {"message", &m.message}});
  return m;
}

/// metadata: name, uid, resourceVersion, creationTimestamp, managedFields; the annotations.
const json* read_metadata(Object& o, const json* meta) {
  const json* name = nullptr;
  const json* ns = nullptr;
  const json* created = nullptr;
  const json* annotations = nullptr;
  pick(meta, {{"name", &name},
              {"namespace", &ns},
              {"uid", &o.uid},
              {"resourceVersion", &o.version},
              {"creationTimestamp", &created},
              {"managedFields", &o.managed},
              {"annotations", &annotations}});
  o.meta_name = text_of(name);
  o.name = name_of(o.kind, o.meta_name, text_of(ns));
  o.uid_text = text_of(o.uid);
  o.version_text = text_of(o.version);
  o.created = time_of(created);
  if (o.managed != nullptr && o.managed->is_array()) {
    o.entries.reserve(o.managed->size());
    for (const json& e : *o.managed) {
      Entry en;
      en.value = &e;
      const json* time = nullptr;
      pick(&e, {{"fieldsV1", &en.fields}, {"manager", &en.manager}, {"time", &time}});
      en.manager_text = text_of(en.manager);
      en.time = time_of(time);
      en.allocatable = member(member(en.fields, "f:status"), "f:allocatable");
      o.entries.push_back(en);
    }
  }
  return annotations;
}

/// status: its conditions and startTime; returns its phase.
const json* read_status(Object& o, const json* status) {
  const json* start_time = nullptr;
  const json* phase = nullptr;
  pick(status, {{"conditions", &o.conditions}, {"startTime", &start_time}, {"phase", &phase}});
  o.start_time = time_of(start_time);
  if (o.conditions == nullptr || !o.conditions->is_array()) return phase;
  o.condition_list.reserve(o.conditions->size());
  for (const json& c : *o.conditions) {
    Condition cond;
    cond.value = &c;
    const json* type = nullptr;
    const json* cstatus = nullptr;
    const json* reason = nullptr;
    const json* message = nullptr;
    const json* transition = nullptr;
    pick(&c, {{"type", &type},
              {"status", &cstatus},
              {"reason", &reason},
              {"message", &message},
              {"lastTransitionTime", &transition}});
    cond.type = text_of(type);
    cond.status = text_of(cstatus);
    cond.reason = text_of(reason);
    cond.message = text_of(message);
    cond.last_transition = time_of(transition);
    o.condition_list.push_back(cond);
  }
  return phase;
}

Object read_object(Kind kind, const json& item) {
  Object o;
  o.kind = kind;
  o.item = &item;
  const Members m = members_of(item);
  const json* annotations = read_metadata(o, m.meta);
  const json* phase = read_status(o, m.status);
  o.event_time = time_of(m.event_time);
  o.first_timestamp = time_of(m.first_timestamp);
  o.last_timestamp = time_of(m.last_timestamp);
  o.series_last = time_of(member(m.series, "lastObservedTime"));
  o.deprecated_last = time_of(m.deprecated_last);
  if (kind == Kind::kEvent) {
    o.reason = text_of(m.reason);
    o.involved_uid = text_of(member(m.involved, "uid"));
    o.message = text_of(m.message);
    for (const std::string_view t : {o.event_time.text, o.first_timestamp.text, o.created.text}) {
      if (!t.empty()) {
        o.when = t;
        break;
      }
    }
  }
  if (kind == Kind::kPod) {
    o.phase = text_of(phase);
    o.node_name = text_of(member(m.spec, "nodeName"));
    o.terminated = o.phase == "Succeeded" || o.phase == "Failed";
    o.last_applied = member(annotations, "kubectl.kubernetes.io/last-applied-configuration");
    if (o.last_applied != nullptr && o.last_applied->is_string()) {
      o.applied = parse_embedded(o.last_applied->get_ref<const std::string&>());
    }
  }
  return o;
}

}  // namespace

/// The member `key` of `obj` as written (a JSON null included), or null when `obj` is null, no
/// object, or has none.
const json* member(const json* obj, std::string_view key) {
  if (obj == nullptr || !obj->is_object()) return nullptr;
  const auto it = obj->find(key);
  return it == obj->end() ? nullptr : &*it;
}

std::string_view text_of(const json* v) {
  return v != nullptr && v->is_string() ? std::string_view(v->get_ref<const std::string&>()) : std::string_view();
}

bool Object::has_entries() const {
  return managed != nullptr && managed->is_array() && !managed->empty();
}

const Condition* Object::condition(std::string_view type) const {
  for (const Condition& c : condition_list) {
    if (c.value->is_object() && c.type == type) return &c;
  }
  return nullptr;
}

const k8s::Amounts& Object::requests() const {
  if (!requests_) requests_ = k8s::pod_requests(*item);
  return *requests_;
}

Facts::Facts(const Snapshot& s) : snap(s), taken(sys::parse_rfc3339(s.taken_at)) {
  const json& nodes_list = items(snap.nodes);
  const json& pods_list = items(snap.pods);
  const json& events_list = items(snap.events);
  objects.reserve(2 + nodes_list.size() + pods_list.size() + events_list.size());
  if (snap.namespace_.ok()) objects.push_back(read_object(Kind::kNamespace, snap.namespace_.value()));
  if (snap.kube_system.ok()) objects.push_back(read_object(Kind::kNamespace, snap.kube_system.value()));
  const std::size_t first_node = objects.size();
  for (const json& n : nodes_list) objects.push_back(read_object(Kind::kNode, n));
  const std::size_t first_pod = objects.size();
  for (const json& p : pods_list) objects.push_back(read_object(Kind::kPod, p));
  const std::size_t first_event = objects.size();
  for (const json& e : events_list) objects.push_back(read_object(Kind::kEvent, e));
  const std::span<const Object> all(objects);
  nodes = all.subspan(first_node, first_pod - first_node);
  pods = all.subspan(first_pod, first_event - first_pod);
  events = all.subspan(first_event);
  if (snap.namespace_.ok()) lab_namespace = &objects.front();
  for (const json& p : items(snap.node_pods)) node_pods.push_back(read_object(Kind::kPod, p));
  for (const Object& p : pods) {
    if (!p.uid_text.empty()) pods_by_uid.emplace(p.uid_text, &p);
  }
  for (const Object& e : events) {
    if (e.reason != "Scheduled") continue;
    if (const auto t = sys::parse_rfc3339(e.when)) scheduled[e.involved_uid] = {*t, e.when};
  }
}

void for_each_time(const Facts& facts,
                   const std::function<void(const std::string&, std::string_view, const Time&)>& fn) {
  for (const Object& o : facts.objects) {
    const auto at = [&](std::string_view field, const Time& t) {
      if (!t.text.empty()) fn(o.name, field, t);
    };
    at("metadata/creationTimestamp", o.created);
    for (const Entry& e : o.entries) at("time", e.time);
    for (const Condition& c : o.condition_list) at("lastTransitionTime", c.last_transition);
    at("eventTime", o.event_time);
    at("firstTimestamp", o.first_timestamp);
    at("lastTimestamp", o.last_timestamp);
    at("series/lastObservedTime", o.series_last);
    at("deprecatedLastTimestamp", o.deprecated_last);
    at("status/startTime", o.start_time);
  }
}

}  // namespace gpuwhy::integrity::detail
