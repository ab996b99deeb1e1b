// What `gpuwhy why` reads of a cluster: the pod (or every Pending pod of a namespace), the nodes,
// the pods bound to nodes and the FailedScheduling events, each list page by page. Read-only:
// GETs only.
#pragma once

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "gpuwhy/kube/kube.h"

namespace gpuwhy {

struct WhyInputs {
  std::string server_version;  ///< /version's gitVersion; "" when it could not be read
  std::string ns;              ///< the namespace read
  bool pod_missing = false;    ///< the one pod asked for does not exist (404): nothing more was read
  /// When pod_missing: the namespaces where a pod of that name exists (sorted; empty when none, or
  /// when pods of every namespace may not be listed).
  std::vector<std::string> elsewhere;
  std::vector<nlohmann::json> targets;  ///< the pod asked for, or every Pending pod of `ns`
  /// Read only when there is a target: every node, the pods bound to nodes that still hold
  /// resources (not Succeeded or Failed), and the FailedScheduling events of `ns` (of the pod
  /// asked for; none when events cannot be read), and the PodDisruptionBudgets.
  std::vector<nlohmann::json> nodes;
  /// and, after them, the Pending pods a preemption nominated to a node (status.nominatedNodeName)
  std::vector<nlohmann::json> bound;
  std::vector<nlohmann::json> events;
  /// Every PodDisruptionBudget (policy/v1), which DefaultPreemption reads; pdbs_read is false when
  /// they could not be listed (an HTTP error).
  std::vector<nlohmann::json> pdbs;
  bool pdbs_read = false;
  /// Every Namespace, whose labels the namespaceSelectors of pod affinity terms match (none when
  /// they may not be listed: a selector on more than a namespace's name is then named, not judged).
  std::vector<nlohmann::json> namespaces;
};

/// Reads what `why` needs of pod `name` ("" = every Pending pod) in namespace `ns` ("" = the
/// kubeconfig context's namespace, else "default", as kubectl). Throws what the client throws,
/// but a 404 for the pod (pod_missing) and an HTTP error on events (no events).
WhyInputs read_why_inputs(kube::Client& client, const std::string& ns, const std::string& name);

}  // namespace gpuwhy
