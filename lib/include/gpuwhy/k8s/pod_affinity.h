// Inter-pod affinity as kube-scheduler's InterPodAffinity filter reads it
// (pkg/scheduler/framework/plugins/interpodaffinity/filtering.go): a pod's required pod affinity
// and anti-affinity terms, and the required anti-affinity of the pods already bound, over the
// topology domains of the nodes. The one place gpuwhy judges a pod affinity term.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

namespace gpuwhy::k8s {

/// Whether a required pod (anti-)affinity term of a pod in namespace `owner_namespace` selects
/// `pod` (AffinityTerm.Matches): the pod's namespace is one the term means (its `namespaces`;
/// neither those nor a namespaceSelector: the owner's; an empty namespaceSelector: every one), and
/// its labels match the term's labelSelector with the owner's `matchLabelKeys` and
/// `mismatchLabelKeys` merged in as the apiserver merges them. `owner_labels` are the owner's
/// metadata.labels. A namespaceSelector with requirements is matched against the labels of the
/// pod's namespace: its object in `namespaces` when there, else the one label the apiserver gives
/// every namespace, `kubernetes.io/metadata.name`. nullopt: the selector asks more of a namespace
/// not in `namespaces` than its name.
std::optional<bool> affinity_term_selects(const nlohmann::json& term, std::string_view owner_namespace,
                                          const nlohmann::json& owner_labels, const nlohmann::json& pod,
                                          const std::vector<const nlohmann::json*>& namespaces = {});

/// The labelSelector of `holder` (a pod affinity term, a topology spread constraint) with its
/// `matchLabelKeys` and `mismatchLabelKeys` merged in as the apiserver merges them: each key the
/// owner has a label for becomes `key In (value)` or `key NotIn (value)`; a key it lacks adds nothing.
nlohmann::json selector_with_label_keys(const nlohmann::json& holder, const nlohmann::json& owner_labels);

/// The pod's required terms of `kind` ("podAffinity" or "podAntiAffinity"), in spec order.
std::vector<const nlohmann::json*> required_pod_terms(const nlohmann::json& pod, std::string_view kind);

/// A pod bound to a node, as the scheduler's snapshot holds it.
struct PlacedPod {
  const nlohmann::json* pod = nullptr;
  const nlohmann::json* node = nullptr;
};

/// What InterPodAffinity's Filter says of a pod on one node; its checks run in this order and the
/// first that fails decides.
enum class PodAffinityFit {
  kFits,
  kAffinity,              ///< "node(s) didn't match pod affinity rules" (UnschedulableAndUnresolvable)
  kAntiAffinity,          ///< "node(s) didn't match pod anti-affinity rules"
  kExistingAntiAffinity,  ///< "node(s) didn't satisfy existing pods anti-affinity rules"
  kUnknown,               ///< a namespaceSelector asks what is not known of a namespace
};
/// The scheduler's reason for a failing fit; "" for kFits and kUnknown.
std::string_view reason_of(PodAffinityFit fit);

/// What InterPodAffinity's PreFilter counts for one pod, once for every node: by topology pair
/// (topologyKey, the value of that label), the bound pods that match every affinity term of the
/// pod, that one anti-affinity term selects, and whose own anti-affinity selects the pod.
struct PodAffinityState {
  using Pair = std::pair<std::string, std::string>;
  using Counts = std::map<Pair, int>;
  std::vector<const nlohmann::json*> affinity;  ///< the pod's required podAffinity terms
  std::vector<const nlohmann::json*> anti;      ///< and podAntiAffinity terms
  Counts affinity_counts;
  Counts anti_counts;
  Counts existing_counts;
  /// The bound pods behind anti_counts and existing_counts, by topology pair, in `placed` order.
  std::map<Pair, std::vector<const nlohmann::json*>> anti_pods;
  std::map<Pair, std::vector<const nlohmann::json*>> existing_pods;
  bool self_matches = false;  ///< the pod matches its own affinity terms (the first pod of a group)
  bool unknown = false;       ///< a namespaceSelector asked what is not known of a namespace
};
/// The PreFilter of inter_pod_affinity() (same arguments but the node).
PodAffinityState inter_pod_affinity_state(const nlohmann::json& pod, const std::vector<PlacedPod>& placed,
                                          const std::vector<const nlohmann::json*>& namespaces = {});
/// The Filter of inter_pod_affinity() on `node`, from the pod's PreFilter state.
PodAffinityFit inter_pod_affinity(const PodAffinityState& state, const nlohmann::json& node);
/// For a node that `fit` (kAntiAffinity or kExistingAntiAffinity) refuses: the bound pods in its
/// topology domains that make it so (each once, in `placed` order); none for another fit.
std::vector<const nlohmann::json*> pods_in_the_way(const PodAffinityState& state, const nlohmann::json& node,
                                                   PodAffinityFit fit);

/// InterPodAffinity's Filter for `pod` on `node`. `placed` are the pods bound to nodes, not
/// terminated (k8s::counts_on_node), each with its node; the pod itself is left out of them.
/// A term whose topologyKey a node lacks counts nothing there; the node must have every
/// topologyKey of the pod's affinity terms. A pod whose affinity terms no bound pod matches may
/// still go where it matches its own terms (the first pod of a group). `namespaces` are the
/// Namespace objects known, for the terms' namespaceSelectors (affinity_term_selects).
PodAffinityFit inter_pod_affinity(const nlohmann::json& pod, const nlohmann::json& node,
                                  const std::vector<PlacedPod>& placed,
                                  const std::vector<const nlohmann::json*>& namespaces = {});

}  // namespace gpuwhy::k8s
