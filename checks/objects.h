#pragma once
/// The live objects as the checks read them: lookups in the snapshot and the lab's rules on
/// nodes, pods, taints, tolerations and events.
/// Internal to gpuwhy_checks.

#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "gpuwhy/json/pointer.h"
#include "gpuwhy/model/result.h"
#include "gpuwhy/model/snapshot.h"
#include "outcome.h"

namespace gpuwhy::checks::detail {

using nlohmann::json;

/// items[] of a List (empty when not a list).
const json& items(const json& list);
std::string name_of(const json& obj);
using jsonb::at;
using jsonb::str_at;
using jsonb::view_at;

/// The opening most live checks share: the live pod `name`, or the outcome to return at once
/// (an error when the pods could not be read, a fail with the pod-missing hint when it is not
/// there). `expected` is the check's expected value, reused in the failure.
struct PodOrOutcome {
  const json* pod = nullptr;
  std::optional<Outcome> outcome;  ///< set exactly when pod is null
};
PodOrOutcome need_pod(const View& s, std::string_view name, const Msg& expected);

/// The same opening for the GPU node: lab-node-0, or the outcome to return at once (an error
/// when the nodes could not be read, a fail with the node-missing hint when it is not there).
struct NodeOrOutcome {
  const json* node = nullptr;
  std::optional<Outcome> outcome;  ///< set exactly when node is null
};
NodeOrOutcome need_gpu_node(const View& s, const Msg& expected);

/// status.<map>[nvidia.com/gpu] as text; nullopt when absent.
std::optional<std::string> node_gpu(const json& node, const char* map);
/// The node's taints whose key is nvidia.com/gpu.
std::vector<json> gpu_taints(const json& node);
/// "key=value:Effect" (value part left out when empty, as kubectl does).
std::string taint_string(const json& taint);

/// Sum over containers of resources.<which>[nvidia.com/gpu] in thousandths; nullopt when no
/// container sets it.
/// One container's nvidia.com/gpu under resources.`which` in thousandths (nullopt: not set, or not a quantity).
std::optional<long long> container_gpu(const json& c, const char* which);
std::optional<long long> gpu_sum(const json& pod, const char* which);
/// Sum over containers of the nvidia.com/gpu request as the apiserver stores it (a limit stands in
/// for a missing request: k8s::container_requests), in thousandths; nullopt when no container
/// sets either.
std::optional<long long> gpu_request_sum(const json& pod);
/// The nvidia.com/gpu the scheduler counts for a pod (k8s::pod_requests: containers, init
/// containers, sidecars, overhead), in thousandths.
long long scheduler_gpu_request(const json& pod);
/// When the app containers' nvidia.com/gpu is the lab's one but the scheduler counts another amount
/// for the pod (init containers or sidecars ask for some too): the failure, with each init
/// container's amount as the hint's detail. `where` names the manifest or the pod in the words.
std::optional<Outcome> init_gpus(const json& pod, const std::string& where, const Msg& expected,
                                 std::map<std::string, std::string> args, const std::vector<Msg>& ev);
/// When only init containers (or sidecars) ask for nvidia.com/gpu and the app containers ask none:
/// the failure named as that, with each init container's amount as the hint's detail, rather than
/// as a missing limit.
std::optional<Outcome> init_only_gpus(const json& pod, const std::string& where, const Msg& expected, const Msg& actual,
                                      std::map<std::string, std::string> args, const std::vector<Msg>& ev);
/// nvidia.com/gpu the scheduler counts as used on lab-node-0: every non-terminated pod bound
/// there (of the pods the snapshot holds), in thousandths, with each pod that asks for some.
struct GpuUse {
  long long milli = 0;
  /// (name, thousandths), in list order: the lab namespace's pods by name, then the others as
  /// namespace/name
  std::vector<std::pair<std::string, long long>> pods;
};
/// Every pod bound to the GPU node that the scheduler counts, of every namespace (the others'
/// only when read: Snapshot::node_pods). Pods must be ok (need_pods; need_node_pods makes an
/// unread node_pods an error).
GpuUse gpu_used_on_lab_node(const View& s);
/// One evidence line per pod of `use`: "pod NAME on lab-node-0: nvidia.com/gpu N".
std::vector<Msg> ev_pods_on_lab_node(const GpuUse& use);

/// Null, {}, [] or "": a field the apiserver keeps none of.
bool is_empty_value(const json& v);

/// Every container and init container (pointers into pod).
std::vector<const json*> all_containers(const json& pod);

const json* condition(const json& pod, std::string_view type);
/// spec.<field> of a pod constrains its placement: present and not null, `{}` or `""` (the
/// apiserver keeps none of those), nor for affinity empty all the way down
/// (k8s::canonical_affinity: `{nodeAffinity: {}}`). For nodeSelector, affinity and nodeName.
bool constrains(const json& pod, const char* field);

/// The manager (managedFields) other than the scheduler that owns spec.nodeName, i.e. the client
/// that created the pod with a node name (`kubectl-client-side-apply`); empty when there is none.
std::string node_name_client(const json& pod);
/// A "Scheduled" event from the default scheduler for this pod (uid-matched when possible).
const json* scheduled_event(const View& s, const json& pod);

/// The arguments that remove each of `items` with kubectl ("k=v:NoSchedule-", "nvidia.com/gpu.present-"),
/// space-separated: hints show the command with the cluster's real values.
std::string removal_of(const std::vector<std::string>& items);

/// Taints of the node that are neither the lab's key nor node.kubernetes.io/*, as
/// key=value:Effect (`nvidia.com/gpu.present=true:NoSchedule`).
std::vector<std::string> foreign_taints(const json& node);
/// A failure whose real cause is a taint with the wrong key on lab-node-0 (and none with the
/// lab's key) gets the hint that says so: remove that taint, add the lab's.
Outcome retarget_foreign_taint(const View& s, Outcome o);

/// A failure about `pod_name` while lab-node-0 is cordoned for it (k8s::unschedulable_for): the
/// cordon is the fault (Fault::kGpuNodeCordoned), whatever the pod's message now says.
Outcome retarget_cordoned(const View& s, Outcome o, std::string_view pod_name);

/// The taint is the lab's: its key, value and effect.
bool is_lab_taint(const json& taint);

/// Taints of another key than the lab's on `node` that keep `pod` off it (NoSchedule or
/// NoExecute, and not tolerated by `pod`; by any pod when it is null), the node controller's
/// `node.kubernetes.io/` ones aside, each as key=value:Effect.
std::vector<std::string> foreign_taints_blocking(const json& node, const json* pod);

/// The arguments of the hints that name taints of another key on lab-node-0 (`found`): node,
/// found, remove (kubectl taint's arguments that remove them) and taint (the lab's).
std::map<std::string, std::string> foreign_taint_args(const std::vector<std::string>& found);

/// A failure of `pod_name`, unbound, that tolerates the lab's taint on lab-node-0 but not another
/// one beside it: that other taint is the fault (Fault::kForeignTaintBeside); or, with no lab's
/// taint there, not the taint of the lab's key the node carries instead (another value or effect):
/// the changed taint is the fault (Fault::kLabTaintChanged).
Outcome retarget_taint_beside(const View& s, Outcome o, std::string_view pod_name);

/// Every event of this pod (uid-matched when possible); empty when events could not be read.
std::vector<const json*> events_for(const View& s, const json& pod);

/// A number written for people: thousandths -> "2", "0.5".
std::string milli_text(long long milli);

}  // namespace gpuwhy::checks::detail
