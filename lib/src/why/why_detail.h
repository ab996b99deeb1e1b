// What the files of `gpuwhy why`'s model share: the scheduler's reason texts, the NodeInfo of a
// node, and the filter plugins (filters.cpp) that explain() (why.cpp) runs on every node.
#pragma once

#include <map>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "gpuwhy/k8s/fields.h"
#include "gpuwhy/k8s/node_affinity.h"
#include "gpuwhy/k8s/pod_affinity.h"
#include "gpuwhy/k8s/requests.h"
#include "gpuwhy/k8s/topology_spread.h"
#include "gpuwhy/why/why.h"

namespace gpuwhy::why::detail {

using k8s::array_of;
using k8s::field;
using k8s::path;
using k8s::str;

// The reasons the modelled plugins write, as the scheduler spells them.
inline constexpr std::string_view kReasonUnschedulable = "node(s) were unschedulable";
inline constexpr std::string_view kReasonNodeName = "node(s) didn't match the requested node name";
inline constexpr std::string_view kReasonAffinity = "node(s) didn't match Pod's node affinity/selector";
inline constexpr std::string_view kReasonPreFilter = "node(s) didn't satisfy plugin(s) [NodeAffinity]";
inline constexpr std::string_view kReasonPorts = "node(s) didn't have free ports for the requested pod ports";
inline constexpr std::string_view kReasonTooManyPods = "Too many pods";
inline constexpr std::string_view kPreFilterConflict = "pod affinity terms conflict";

/// A host port a container asks for (NodePorts): "0.0.0.0" and "TCP" when not set.
struct HostPort {
  std::string ip;
  std::string protocol;
  int port = 0;
};

/// The host ports of the pod's containers and sidecars (restartable init containers).
std::vector<HostPort> host_ports(const nlohmann::json& pod);

/// The scheduler's NodeInfo of one node: what the pods bound there request, how many there are,
/// and the host ports they hold (with the namespace/name of the holder).
struct NodeState {
  k8s::Amounts requested;
  int pods = 0;
  std::vector<std::pair<HostPort, std::string>> ports;
};

/// The cluster as PodTopologySpread and InterPodAffinity read it: every node (the topology
/// domains), the pods bound to them with their nodes, and the Namespace objects read; and what
/// their PreFilters count of it for one pod (judged()).
struct Cluster {
  std::vector<const nlohmann::json*> nodes;
  std::vector<k8s::PlacedPod> placed;
  std::vector<const nlohmann::json*> namespaces;
  k8s::SpreadState spread;
  k8s::PodAffinityState affinity;
};
/// `c` with the PreFilter states of `pod` filled in.
Cluster judged(Cluster c, const nlohmann::json& pod);

/// What each plugin's Filter reads.
struct Input {
  const nlohmann::json& pod;
  const nlohmann::json& node;
  const NodeState& st;
  const k8s::Amounts& request;
  const std::vector<HostPort>& want_ports;
  const Wording& wording;
  const Cluster& cluster;
};

/// The node's verdict: NodeAffinity's PreFilter first, then the default profile's filters in
/// order; the first that rejects decides.
NodeVerdict evaluate(const Input& in, const k8s::NodeNameFilter& pre);

/// The first three of `names`, comma-separated, and "(+N)" for the rest.
std::string first_names(const std::vector<std::string>& names);

/// spec.priority (corev1helpers.PodPriority: 0 when unset).
int priority_of(const nlohmann::json& pod);

/// The NodeInfo of the pods bound to a node.
NodeState state_of(const std::vector<const nlohmann::json*>& pods);

/// What DefaultPreemption's dry run reads besides the verdict.
struct PreemptInput {
  const nlohmann::json& pod;
  const std::vector<nlohmann::json>* nodes;  ///< in the verdict's node order
  /// Per node name: the pods bound there that hold resources (not the pod itself).
  const std::map<std::string, std::vector<const nlohmann::json*>>& on_node;
  const k8s::Amounts& request;
  const std::vector<HostPort>& want_ports;
  const Wording& wording;
  const k8s::NodeNameFilter& pre;
  const std::vector<nlohmann::json>* pdbs;
  const Cluster& cluster;
};

/// DefaultPreemption's PostFilter for `out`, a pod that fits none of its nodes: out.preemption and
/// each node's preemption_reasons and victims.
void preempt(Verdict& out, const PreemptInput& in);

}  // namespace gpuwhy::why::detail
