// Pod topology spread as kube-scheduler's PodTopologySpread filter reads it
// (pkg/scheduler/framework/plugins/podtopologyspread/filtering.go): a pod's DoNotSchedule
// constraints, counted over the topology domains of the nodes the pod may go to.
#pragma once

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
