// InterPodAffinity's Filter (kubernetes pkg/scheduler/framework/plugins/interpodaffinity:
// filtering.go, and framework/types.go for AffinityTerm): the counts its PreFilter builds over the
// bound pods, then satisfyPodAffinity, satisfyPodAntiAffinity and satisfyExistingPodsAntiAffinity.
#include "gpuwhy/k8s/pod_affinity.h"

#include <algorithm>
#include <map>
#include <string>
#include <utility>

#include "gpuwhy/k8s/fields.h"
#include "gpuwhy/k8s/node_affinity.h"

namespace gpuwhy::k8s {

using nlohmann::json;

namespace {

using Counts = PodAffinityState::Counts;

std::string namespace_of(const json& pod) {
  return str(field(pod, "metadata"), "namespace");
}
const json& labels_of(const json& pod) {
  return field(field(pod, "metadata"), "labels");
}

// Adds one to the term's topology pair on `node`, when the node has the topologyKey (and, with
// `pods`, the pod counted to that pair's).
void count(Counts& counts, const json& term, const json& node,
           std::map<PodAffinityState::Pair, std::vector<const json*>>* pods = nullptr, const json* pod = nullptr) {
  const std::string key = str(term, "topologyKey");
  const auto value = label_of(node, key);
  if (!value) return;
  ++counts[{key, *value}];
  if (pods != nullptr) (*pods)[{key, *value}].push_back(pod);
}

// Whether the namespaceSelector `selector` (valid, not empty) means namespace `ns`: matched against
// the labels of its object in `namespaces`, else against the one label every namespace has, its
// name (the apiserver sets kubernetes.io/metadata.name and refuses any other value). nullopt: the
// selector also asks for other labels of a namespace that is not known, and its name alone does
// not rule the namespace out.
std::optional<bool> namespace_selected(const json& selector, std::string_view ns,
                                       const std::vector<const json*>& namespaces) {
  const auto known = std::find_if(namespaces.begin(), namespaces.end(), [&](const json* n) {
    return n != nullptr && str(field(*n, "metadata"), "name") == ns;
  });
  if (known != namespaces.end()) return label_selector(selector, **known).matches;
  const std::string name_label = "kubernetes.io/metadata.name";
  json on_name = json::object();  // the selector's requirements on the name label
  bool other = false;             // and whether it has any on another
  for (const json* e : array_of(field(selector, "matchExpressions"))) {
    if (str(*e, "key") == name_label) {
      on_name["matchExpressions"].push_back(*e);
    } else {
      other = true;
    }
  }
  if (const json& labels = field(selector, "matchLabels"); labels.is_object()) {
    for (const auto& [k, v] : labels.items()) {
      if (k == name_label) {
        on_name["matchLabels"][k] = v;
      } else {
        other = true;
      }
    }
  }
  const json named = {{"metadata", {{"labels", {{name_label, ns}}}}}};
  if (!on_name.empty() && !label_selector(on_name, named).matches) return false;
  if (other) return std::nullopt;
  return true;
}

}  // namespace

std::optional<bool> affinity_term_selects(const json& term, std::string_view owner_namespace, const json& owner_labels,
                                          const json& pod, const std::vector<const json*>& namespaces) {
  const std::string ns = namespace_of(pod);
  const auto names = array_of(field(term, "namespaces"));
  const json& ns_selector = field(term, "namespaceSelector");
  bool in_namespace = false;
  if (names.empty() && ns_selector.is_null()) {
    in_namespace = ns == owner_namespace;
  } else {
    in_namespace = std::any_of(names.begin(), names.end(), [&](const json* n) { return n->is_string() && *n == ns; });
  }
  if (!in_namespace && !ns_selector.is_null()) {
    const SelectorMatch all = label_selector(ns_selector, json::object());
    if (all.error) return false;
    if (all.empty) {
      in_namespace = true;
    } else {
      const auto selected = namespace_selected(ns_selector, ns, namespaces);
      if (!selected) return std::nullopt;
      in_namespace = *selected;
    }
  }
  if (!in_namespace) return false;
  return label_selector(selector_with_label_keys(term, owner_labels), pod).matches;
}

json selector_with_label_keys(const json& holder, const json& owner_labels) {
  json sel = field(holder, "labelSelector");
  const auto add = [&](const char* keys, const char* op) {
    for (const json* k : array_of(field(holder, keys))) {
      if (!k->is_string() || !sel.is_object()) continue;
      const json& value = field(owner_labels, k->get<std::string>());
      if (!value.is_string()) continue;
      sel["matchExpressions"].push_back({{"key", *k}, {"operator", op}, {"values", {value}}});
    }
  };
  add("matchLabelKeys", "In");
  add("mismatchLabelKeys", "NotIn");
  return sel;
}

std::vector<const json*> required_pod_terms(const json& pod, std::string_view kind) {
  return array_of(path(pod, {"spec", "affinity", kind, "requiredDuringSchedulingIgnoredDuringExecution"}));
}

std::string_view reason_of(PodAffinityFit fit) {
  switch (fit) {
    case PodAffinityFit::kAffinity: return "node(s) didn't match pod affinity rules";
    case PodAffinityFit::kAntiAffinity: return "node(s) didn't match pod anti-affinity rules";
    case PodAffinityFit::kExistingAntiAffinity: return "node(s) didn't satisfy existing pods anti-affinity rules";
    case PodAffinityFit::kFits:
    case PodAffinityFit::kUnknown: break;
  }
  return "";
}

PodAffinityState inter_pod_affinity_state(const json& pod, const std::vector<PlacedPod>& placed,
                                          const std::vector<const json*>& namespaces) {
  PodAffinityState st;
  const std::string ns = namespace_of(pod);
  const json& labels = labels_of(pod);
  st.affinity = required_pod_terms(pod, "podAffinity");
  st.anti = required_pod_terms(pod, "podAntiAffinity");
  const auto selects = [&](const json& term, std::string_view owner_ns, const json& owner_labels, const json& p) {
    const auto s = affinity_term_selects(term, owner_ns, owner_labels, p, namespaces);
    st.unknown = st.unknown || !s;
    return s.value_or(false);
  };
  const auto matches_all = [&](const json& p) {
    return std::all_of(st.affinity.begin(), st.affinity.end(),
                       [&](const json* t) { return selects(*t, ns, labels, p); });
  };
  // The PreFilter's counts: bound pods matching every affinity term, or one anti-affinity term, by
  // the topology pair of their node; and the bound pods whose own anti-affinity selects this pod.
  for (const auto& [p, n] : placed) {
    if (p == nullptr || n == nullptr) continue;
    if (!st.affinity.empty() && matches_all(*p)) {
      for (const json* t : st.affinity) count(st.affinity_counts, *t, *n);
    }
    for (const json* t : st.anti) {
      if (selects(*t, ns, labels, *p)) count(st.anti_counts, *t, *n, &st.anti_pods, p);
    }
    for (const json* t : required_pod_terms(*p, "podAntiAffinity")) {
      if (selects(*t, namespace_of(*p), labels_of(*p), pod)) count(st.existing_counts, *t, *n, &st.existing_pods, p);
    }
  }
  // The first pod of a group: judged only when no bound pod matched, and never makes the state unknown.
  st.self_matches =
      st.affinity_counts.empty() && std::all_of(st.affinity.begin(), st.affinity.end(), [&](const json* t) {
        return affinity_term_selects(*t, ns, labels, pod, namespaces).value_or(false);
      });
  return st;
}

PodAffinityFit inter_pod_affinity(const PodAffinityState& st, const json& node) {
  if (st.unknown) return PodAffinityFit::kUnknown;
  // satisfyPodAffinity
  bool pods_exist = true;
  for (const json* t : st.affinity) {
    const std::string key = str(*t, "topologyKey");
    const auto value = label_of(node, key);
    if (!value) return PodAffinityFit::kAffinity;  // every topology label must exist on the node
    const auto it = st.affinity_counts.find({key, *value});
    if (it == st.affinity_counts.end() || it->second <= 0) pods_exist = false;
  }
  if (!pods_exist && !st.self_matches) return PodAffinityFit::kAffinity;
  // satisfyPodAntiAffinity
  for (const json* t : st.anti) {
    const std::string key = str(*t, "topologyKey");
    const auto value = label_of(node, key);
    if (!value) continue;
    if (const auto it = st.anti_counts.find({key, *value}); it != st.anti_counts.end() && it->second > 0) {
      return PodAffinityFit::kAntiAffinity;
    }
  }
  // satisfyExistingPodsAntiAffinity
  for (const auto& [pair, n] : st.existing_counts) {
    if (n > 0 && label_of(node, pair.first) == pair.second) return PodAffinityFit::kExistingAntiAffinity;
  }
  return PodAffinityFit::kFits;
}

std::vector<const json*> pods_in_the_way(const PodAffinityState& st, const json& node, PodAffinityFit fit) {
  std::vector<const json*> out;
  const auto add = [&out](const std::vector<const json*>& pods) {
    for (const json* p : pods) {
      if (std::find(out.begin(), out.end(), p) == out.end()) out.push_back(p);
    }
  };
  if (fit == PodAffinityFit::kAntiAffinity) {
    for (const json* t : st.anti) {
      const std::string key = str(*t, "topologyKey");
      const auto value = label_of(node, key);
      if (!value) continue;
      if (const auto it = st.anti_pods.find({key, *value}); it != st.anti_pods.end()) add(it->second);
    }
  } else if (fit == PodAffinityFit::kExistingAntiAffinity) {
    for (const auto& [pair, pods] : st.existing_pods) {
      if (label_of(node, pair.first) == pair.second) add(pods);
    }
  }
  return out;
}

PodAffinityFit inter_pod_affinity(const json& pod, const json& node, const std::vector<PlacedPod>& placed,
                                  const std::vector<const json*>& namespaces) {
  return inter_pod_affinity(inter_pod_affinity_state(pod, placed, namespaces), node);
}

}  // namespace gpuwhy::k8s
