// Pod topology spread as kube-scheduler's PodTopologySpread filter reads it
// (pkg/scheduler/framework/plugins/podtopologyspread/filtering.go): a pod's DoNotSchedule
// constraints, counted over the topology domains of the nodes the pod may go to.
#pragma once

#include <map>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "gpuwhy/k8s/pod_affinity.h"

namespace gpuwhy::k8s {

/// What PodTopologySpread's Filter says of a pod on one node.
enum class SpreadFit {
  kFits,
  /// "node(s) didn't match pod topology spread constraints (missing required label)": the node
  /// lacks a topologyKey of a constraint (UnschedulableAndUnresolvable).
  kMissingLabel,
  kSkew,  ///< "node(s) didn't match pod topology spread constraints": the pod there would exceed a maxSkew
};
/// The scheduler's reason for a failing fit; "" for kFits.
std::string_view reason_of(SpreadFit fit);

/// The pod's constraints that filter (whenUnsatisfiable DoNotSchedule), in spec order.
std::vector<const nlohmann::json*> hard_spread_constraints(const nlohmann::json& pod);

/// What PodTopologySpread's PreFilter counts for one pod, once for every node: per DoNotSchedule
/// constraint, the matching pods of every domain (the value of its topologyKey on an eligible node)
/// and the global minimum the skew is measured from.
struct SpreadState {
  struct Constraint {
    const nlohmann::json* constraint = nullptr;
    std::string key;                           ///< topologyKey
    std::map<std::string, long long> domains;  ///< domain -> matching pods bound there
    long long min_count = 0;                   ///< 0 when there are fewer domains than minDomains
    long long max_skew = 1;
    bool self_matches = false;  ///< the pod matches the selector (it counts where it goes)
  };
  std::vector<Constraint> constraints;
};
/// The PreFilter of topology_spread() (same arguments but the node).
SpreadState topology_spread_state(const nlohmann::json& pod, const std::vector<const nlohmann::json*>& nodes,
                                  const std::vector<PlacedPod>& placed);
/// The Filter of topology_spread() on `node`, from the pod's PreFilter state.
SpreadFit topology_spread(const SpreadState& state, const nlohmann::json& node);

/// PodTopologySpread's Filter for `pod` on `node`. `nodes` are every node of the cluster (the
/// domains: those whose labels have every topologyKey of the constraints, that match the pod's
/// nodeSelector and required node affinity unless nodeAffinityPolicy is Ignore, and whose taints
/// it tolerates when nodeTaintsPolicy is Honor). `placed` are the pods bound to nodes, not
/// terminated, each with its node; a pod counts in its node's domain when it is in the pod's
/// namespace and matches the constraint's labelSelector (matchLabelKeys merged in as the apiserver
/// merges them). A domain count below minDomains makes the global minimum 0.
SpreadFit topology_spread(const nlohmann::json& pod, const nlohmann::json& node,
                          const std::vector<const nlohmann::json*>& nodes, const std::vector<PlacedPod>& placed);

}  // namespace gpuwhy::k8s
