// The rules on managedFields: who the apiserver recorded as the writer of each field.
//
// Server-side field management is on for every write since Kubernetes 1.22, Update and Apply
// alike: on each write the apiserver records, per manager (kubectl-label, kubectl-patch,
// kubectl-client-side-apply, kube-controller-manager, ...), the fields that write set, with the
// time. Ownership moves only to the next writer of the same field and ends only when the field is
// removed, so a field written through the apiserver is owned by at least one entry. A field no
// entry owns was put there some other way: by hand, in the bundle. Two kinds of field are owned
// by no entry on real objects and are never asked about: what an admission plugin adds after
// field tracking (the tolerations of DefaultTolerationSeconds and ExtendedResourceToleration:
// k8s::is_admission_added; a cluster whose PodTolerationRestriction adds a namespace's default
// tolerations is not modelled) and a node's cpu, memory and pods as kwok writes them (unowned on
// every capture); the fields asked about below are owned on every capture of every version
// (tests/integrity/integrity_corpus_test.cpp).
#include <algorithm>
#include <initializer_list>
#include <string>
#include <string_view>
#include <vector>

#include <fmt/format.h>

#include "gpuwhy/base/sys.h"
#include "gpuwhy/k8s/taints.h"
#include "gpuwhy/lab/lab.h"
#include "integrity_detail.h"

namespace gpuwhy::integrity::detail {

using nlohmann::json;

namespace {

/// What the entries' fieldsV1 hold at a path: one value per entry that holds it. Each field is
/// asked of what its entries hold under its parent, walked once for all its siblings.
using Held = std::vector<const json*>;

/// What `from` holds at the path `keys` ("f:spec", "f:taints"): each level an object.
Held held(const Held& from, std::initializer_list<std::string_view> keys) {
  Held out;
  for (const json* at : from) {
    for (const std::string_view k : keys) {
      if (at == nullptr || !at->is_object()) {
        at = nullptr;
        break;
      }
      const auto it = at->find(k);
      at = it == at->end() ? nullptr : &*it;
    }
    if (at != nullptr) out.push_back(at);
  }
  return out;
}

/// Every entry's fieldsV1 (null for an entry without).
Held fields_of(const Object& o) {
  Held out;
  out.reserve(o.entries.size());
  for (const Entry& e : o.entries) out.push_back(e.fields);
  return out;
}

/// Whether something in `from` holds `key`.
bool owned(const Held& from, std::string_view key) {
  return std::any_of(from.begin(), from.end(), [key](const json* at) { return at->is_object() && at->contains(key); });
}

/// The members of `v` when it is an object, else an empty object.
const json& members(const json* v) {
  static const json kNone = json::object();
  return v != nullptr && v->is_object() ? *v : kNone;
}

/// Adds an unowned field of `object` to `agg`; `field` as kubectl's jsonpath names it.
struct Unowned {
  Aggregate agg;
  std::string key;  ///< "f:<name>", made in place for each field asked about
  void need(const Held& parent, const std::string& object, const std::string& field, std::string_view key) {
    if (!owned(parent, key)) agg.add(object, {{"object", object}, {"field", field}});
  }
  /// need() of the member `name` under `parent`, its field named `prefix` + `name` when unowned.
  void need_member(const Held& parent, const std::string& object, std::string_view prefix, std::string_view name) {
    key.assign("f:").append(name);
    if (!owned(parent, key)) agg.add(object, {{"object", object}, {"field", std::string(prefix).append(name)}});
  }
};

// A node's labels (each key its own field), its taints (one atomic list) and the extended
// resources of its status (a resource name with a '/': the lab's nvidia.com/gpu).
void node_fields(const Object& o, Unowned& u) {
  const json& node = *o.item;
  const Held fields = fields_of(o);
  const std::string& object = o.name;
  const Held labels = held(fields, {"f:metadata", "f:labels"});
  for (const auto& [key, value] : members(member(member(&node, "metadata"), "labels")).items()) {
    u.need_member(labels, object, "metadata.labels.", key);
  }
  if (const json* taints = at(node, "/spec/taints"); taints != nullptr && taints->is_array() && !taints->empty()) {
    u.need(held(fields, {"f:spec"}), object, "spec.taints", "f:taints");
  }
  for (const char* map : {"capacity", "allocatable"}) {
    const Held owners = held(fields, {"f:status", fmt::format("f:{}", map)});
    const std::string prefix = fmt::format("status.{}.", map);
    for (const auto& [key, value] : members(member(member(&node, "status"), map)).items()) {
      if (key.find('/') == std::string::npos) continue;
      u.need_member(owners, object, prefix, key);
    }
  }
}

// The managedFields key of the container `name`: "k:" and {"name": name} as nlohmann dumps it.
// A name of printable ASCII without a quote or backslash (every valid one) needs no escape and is
// written as it is; any other is left to dump().
std::string container_key(const std::string& name) {
  const bool plain =
      std::all_of(name.begin(), name.end(), [](char c) { return c >= 0x20 && c < 0x7F && c != '"' && c != '\\'; });
  if (!plain) return "k:" + json{{"name", name}}.dump();
  std::string key = "k:{\"name\":\"";
  key += name;
  key += "\"}";
  return key;
}

// A pod's nodeSelector (one atomic map), its tolerations (one atomic list) but for the
// admission defaults, and each container's resource limits and requests (each its own field;
// requests defaulted from limits are owned by the pod's creator, as defaults are set before
// field tracking).
void pod_fields(const Object& o, Unowned& u) {
  const json& pod = *o.item;
  const std::string& object = o.name;
  const Held spec = held(fields_of(o), {"f:spec"});
  if (!members(member(member(&pod, "spec"), "nodeSelector")).empty()) {
    u.need(spec, object, "spec.nodeSelector", "f:nodeSelector");
  }
  if (const json* tols = at(pod, "/spec/tolerations"); tols != nullptr && tols->is_array()) {
    for (const json& t : *tols) {
      if (k8s::is_admission_added(t, pod)) continue;
      u.need(spec, object, "spec.tolerations", "f:tolerations");
      break;
    }
  }
  const json* cs = at(pod, "/spec/containers");
  if (cs == nullptr || !cs->is_array()) return;
  const Held containers = held(spec, {"f:containers"});
  for (const json& c : *cs) {
    const std::string name = str_at(c, "/name");
    const std::string key = container_key(name);
    for (const char* sec : {"limits", "requests"}) {
      const json& amounts = members(member(member(&c, "resources"), sec));
      if (amounts.empty()) continue;
      const Held owners = held(containers, {key, "f:resources", fmt::format("f:{}", sec)});
      const std::string prefix = fmt::format("spec.containers[{}].resources.{}.", name, sec);
      for (const auto& [res, amount] : amounts.items()) {
        u.need_member(owners, object, prefix, res);
      }
    }
  }
}

}  // namespace

// Every field asked about above, on every node and pod that has managedFields.
void field_without_manager(const Facts& facts, Findings& out) {
  Unowned u;
  for (const Object& n : facts.nodes) {
    if (n.has_entries()) node_fields(n, u);
  }
  for (const Object& p : facts.pods) {
    if (p.has_entries()) pod_fields(p, u);
  }
  u.agg.flush("field-without-manager", out);
}

// The collector that records kube-system (the cluster's id) keeps the GPU node's managedFields
// and every pod's (the apiserver writes an entry on every create, so a real object always has
// one): in such a bundle, an object without any was emptied by hand. An older bundle, without
// kube-system, is not asked.
void managed_fields_missing(const Facts& facts, Findings& out) {
  if (!facts.snap.kube_system.ok()) return;
  Aggregate agg;
  for (const Object& n : facts.nodes) {
    if (n.meta_name != lab::kGpuNode || n.has_entries()) continue;
    agg.add(n.name, {{"object", n.name}});
  }
  for (const Object& p : facts.pods) {
    if (p.has_entries()) continue;
    agg.add(p.name, {{"object", p.name}});
  }
  agg.flush("managed-fields-missing", out);
}

// Every write is stamped by the apiserver's clock, creation first. The field manager stamps an
// entry's time as it takes the request, before admission; the registry sets creationTimestamp
// after admission: both whole seconds, so a live capture shows a create's entry a second before
// its object (seen: 17:34:38 against 17:34:39). Admission without slow webhooks (the lab has
// none) takes far less than kAdmissionMs: an entry older than its object by more than that was
// not written by this object's create.
constexpr long long kAdmissionMs = 60LL * 1000;
void managed_before_created(const Facts& facts, Findings& out) {
  Aggregate agg;
  for (const Object& o : facts.objects) {
    if (!o.has_entries()) continue;
    const auto& c = o.created.ms;
    if (!c) continue;
    for (const Entry& e : o.entries) {
      const auto& t = e.time.ms;
      if (!t || *t + kAdmissionMs >= *c) continue;
      agg.add(o.name, {{"object", o.name},
                       {"manager", std::string(e.manager_text)},
                       {"time", std::string(e.time.text)},
                       {"created", std::string(o.created.text)}});
      break;
    }
  }
  agg.flush("managed-before-created", out);
}

}  // namespace gpuwhy::integrity::detail
