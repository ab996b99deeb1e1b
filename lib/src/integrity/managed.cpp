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
#include <string>
#include <vector>

#include <fmt/format.h>

#include "gpuwhy/base/sys.h"
#include "gpuwhy/k8s/taints.h"
#include "gpuwhy/lab/lab.h"
#include "integrity_detail.h"

namespace gpuwhy::integrity::detail {

using nlohmann::json;

namespace {

/// The managedFields entries of an object; null when it has none (an old bundle, a files-only run).
const json* entries(const json& item) {
  const json* list = at(item, "/metadata/managedFields");
  return list != nullptr && list->is_array() && !list->empty() ? list : nullptr;
}

/// Whether some entry's fieldsV1 holds the path `keys` ("f:spec", "f:taints").
bool owned(const json& list, const std::vector<std::string>& keys) {
  for (const json& e : list) {
    const json* at = e.is_object() && e.contains("fieldsV1") ? &e.at("fieldsV1") : nullptr;
    for (const std::string& k : keys) {
      if (at == nullptr || !at->is_object()) {
        at = nullptr;
        break;
      }
      const auto it = at->find(k);
      at = it == at->end() ? nullptr : &*it;
    }
    if (at != nullptr) return true;
  }
  return false;
}

/// The members of the object at `ptr`, or an empty object.
const json& members(const json& item, const char* ptr) {
  static const json kNone = json::object();
  const json* v = at(item, ptr);
  return v != nullptr && v->is_object() ? *v : kNone;
}

/// Adds an unowned field of `object` to `agg`; `field` as kubectl's jsonpath names it.
struct Unowned {
  Aggregate agg;
  void need(const json& list, const std::string& object, const std::string& field,
            const std::vector<std::string>& keys) {
    if (!owned(list, keys)) agg.add(object, {{"object", object}, {"field", field}});
  }
};

// A node's labels (each key its own field), its taints (one atomic list) and the extended
// resources of its status (a resource name with a '/': the lab's nvidia.com/gpu).
void node_fields(const json& node, const json& list, Unowned& u) {
  const std::string object = object_name("node", node);
  for (const auto& [key, value] : members(node, "/metadata/labels").items()) {
    u.need(list, object, "metadata.labels." + key, {"f:metadata", "f:labels", "f:" + key});
  }
  if (const json* taints = at(node, "/spec/taints"); taints != nullptr && taints->is_array() && !taints->empty()) {
    u.need(list, object, "spec.taints", {"f:spec", "f:taints"});
  }
  for (const char* map : {"capacity", "allocatable"}) {
    const std::string at = fmt::format("/status/{}", map);
    for (const auto& [key, value] : members(node, at.c_str()).items()) {
      if (key.find('/') == std::string::npos) continue;
      u.need(list, object, fmt::format("status.{}.{}", map, key), {"f:status", fmt::format("f:{}", map), "f:" + key});
    }
  }
}

// A pod's nodeSelector (one atomic map), its tolerations (one atomic list) but for the
// admission defaults, and each container's resource limits and requests (each its own field;
// requests defaulted from limits are owned by the pod's creator, as defaults are set before
// field tracking).
void pod_fields(const json& pod, const json& list, Unowned& u) {
  const std::string object = object_name("pod", pod);
  if (!members(pod, "/spec/nodeSelector").empty()) {
    u.need(list, object, "spec.nodeSelector", {"f:spec", "f:nodeSelector"});
  }
  if (const json* tols = at(pod, "/spec/tolerations"); tols != nullptr && tols->is_array()) {
    for (const json& t : *tols) {
      if (k8s::is_admission_added(t, pod)) continue;
      u.need(list, object, "spec.tolerations", {"f:spec", "f:tolerations"});
      break;
    }
  }
  const json* cs = at(pod, "/spec/containers");
  if (cs == nullptr || !cs->is_array()) return;
  for (const json& c : *cs) {
    const std::string name = str_at(c, "/name");
    const std::string key = "k:" + json{{"name", name}}.dump();
    for (const char* sec : {"limits", "requests"}) {
      const std::string at = fmt::format("/resources/{}", sec);
      for (const auto& [res, amount] : members(c, at.c_str()).items()) {
        u.need(list, object, fmt::format("spec.containers[{}].resources.{}.{}", name, sec, res),
               {"f:spec", "f:containers", key, "f:resources", fmt::format("f:{}", sec), "f:" + res});
      }
    }
  }
}

}  // namespace

// Every field asked about above, on every node and pod that has managedFields.
void field_without_manager(const Snapshot& snap, Findings& out) {
  Unowned u;
  for (const json& n : items(snap.nodes)) {
    if (const json* list = entries(n)) node_fields(n, *list, u);
  }
  for (const json& p : items(snap.pods)) {
    if (const json* list = entries(p)) pod_fields(p, *list, u);
  }
  u.agg.flush("field-without-manager", out);
}

// The collector that records kube-system (the cluster's id) keeps the GPU node's managedFields
// and every pod's (the apiserver writes an entry on every create, so a real object always has
// one): in such a bundle, an object without any was emptied by hand. An older bundle, without
// kube-system, is not asked.
void managed_fields_missing(const Snapshot& snap, Findings& out) {
  if (!snap.kube_system.ok()) return;
  Aggregate agg;
  for (const json& n : items(snap.nodes)) {
    if (str_at(n, "/metadata/name") != lab::kGpuNode || entries(n) != nullptr) continue;
    const std::string object = object_name("node", n);
    agg.add(object, {{"object", object}});
  }
  for (const json& p : items(snap.pods)) {
    if (entries(p) != nullptr) continue;
    const std::string object = object_name("pod", p);
    agg.add(object, {{"object", object}});
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
void managed_before_created(const Snapshot& snap, Findings& out) {
  Aggregate agg;
  for_each_object(snap, [&agg](const std::string& object, const json& item) {
    const json* list = entries(item);
    if (list == nullptr) return;
    const std::string created = str_at(item, "/metadata/creationTimestamp");
    const auto c = sys::parse_rfc3339(created);
    if (!c) return;
    for (const json& e : *list) {
      const std::string time = str_at(e, "/time");
      const auto t = sys::parse_rfc3339(time);
      if (!t || *t + kAdmissionMs >= *c) continue;
      agg.add(object, {{"object", object}, {"manager", str_at(e, "/manager")}, {"time", time}, {"created", created}});
      return;
    }
  });
  agg.flush("managed-before-created", out);
}

}  // namespace gpuwhy::integrity::detail
