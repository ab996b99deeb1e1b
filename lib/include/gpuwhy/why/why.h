#pragma once
/// `gpuwhy why`: a pure model of kube-scheduler's filter phase for one pod. Given the pod, the
/// nodes and the pods bound to them, it tells for every node the FIRST filter plugin that
/// rejects the pod, in the scheduler's order (NodeUnschedulable, NodeName, TaintToleration,
/// NodeAffinity, NodePorts, NodeResourcesFit, PodTopologySpread, InterPodAffinity:
/// pkg/scheduler/apis/config/v1/default_plugins.go) and in its words ("Insufficient
/// nvidia.com/gpu"), with the numbers, and writes the FitError summary line the scheduler would
/// write. Plugins it does not model (volumes, DRA) are named, never guessed.

#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "gpuwhy/k8s/messages.h"
#include "gpuwhy/model/result.h"

namespace gpuwhy::why {

/// The filter plugin that rejects the pod on a node, in the scheduler's filter order.
enum class Gate {
  kNone,                ///< the pod fits this node
  kNodeAffinityFilter,  ///< NodeAffinity's PreFilter left this node out (matchFields metadata.name)
  kNodeUnschedulable,
  kNodeName,
  kTaintToleration,
  kNodeAffinity,
  kNodePorts,
  kNodeResourcesFit,
  kPodTopologySpread,  ///< k8s::topology_spread: a DoNotSchedule constraint
  kInterPodAffinity,   ///< k8s::inter_pod_affinity: required pod (anti-)affinity, the pod's or a bound pod's
};
/// The plugin's name as the scheduler spells it ("NodeResourcesFit"); "" for kNone.
std::string to_string(Gate gate);

/// Which wording the scheduler of a version writes (docs/kubernetes-facts.md §2).
struct Wording {
  /// "node(s) had untolerated taint {k: v}" (1.24 ... 1.34.2) rather than "untolerated taint(s)".
  bool taint_named = true;
  /// ". no new claims to deallocate, preemption: ..." (DynamicResources PostFilter, 1.34 ... 1.36).
  bool dra_tail = true;
  /// A request larger than the node's whole allocatable makes preemption "not helpful"
  /// (PR #131345, in 1.34.0); before, every resource shortfall was "No preemption victims".
  bool too_big_unresolvable = true;
  /// After a PreFilter refusal the PostFilter tail is " not found" (DynamicResources finds no state
  /// of its own PreFilter, which never ran; measured on v1.34.0 and v1.37.2), not a preemption
  /// verdict of every node (v1.33.13).
  bool prefilter_tail_not_found = true;
};
/// The wording of a server version ("v1.34.0", "v1.33.13-gke.1"); "" or unparsable: the newest.
Wording wording_for(std::string_view server_version);

/// One requested resource on one node, in the scheduler's units (k8s::quantity): cpu in
/// millicores, memory and ephemeral-storage in bytes, pods and extended resources in units.
struct ResourceFit {
  std::string resource;
  long long allocatable = 0;  ///< status.allocatable (0 when the node does not list it)
  long long requested = 0;    ///< by the pods already bound to the node (not Succeeded/Failed)
  long long request = 0;      ///< this pod's request ("pods": 1)
  [[nodiscard]] long long free() const { return allocatable - requested; }
  [[nodiscard]] long long shortfall() const { return request - free(); }  ///< > 0: does not fit
  [[nodiscard]] bool too_big() const { return request > allocatable; }    ///< not even on an empty node
};

/// A host port the pod wants that a pod bound to the node already holds.
struct PortConflict {
  int port = 0;
  std::string protocol;  ///< "TCP"
  std::string host_ip;   ///< "0.0.0.0" when not set
  std::string holder;    ///< namespace/name of the pod that holds it
};

/// A pod DefaultPreemption would evict.
struct Victim {
  std::string pod;                ///< namespace/name
  int priority = 0;               ///< spec.priority (0 when unset)
  std::vector<std::string> pdbs;  ///< "namespace/name" of each PodDisruptionBudget its eviction would violate
};

/// The first gate that blocks the pod on one node.
struct NodeVerdict {
  std::string node;
  Gate gate = Gate::kNone;
  /// The scheduler's reasons for this node, as its FitError counts them ("Insufficient cpu",
  /// "Too many pods", ...); NodeResourcesFit gives one per short resource, the others one.
  std::vector<std::string> reasons;
  /// Preemption could not help (UnschedulableAndUnresolvable): "Preemption is not helpful".
  bool unresolvable = false;
  std::vector<ResourceFit> resources;  ///< NodeResourcesFit: every requested resource, short or not
  std::vector<PortConflict> ports;     ///< NodePorts
  nlohmann::json taint;                ///< TaintToleration: the first untolerated taint
  nlohmann::json toleration;           ///< TaintToleration: a toleration that would pass it
  /// NodeAffinity: per nodeSelector key or required term, what failed ("gpu=true: node has
  /// gpu=false"); NodeName: the requested name.
  std::vector<std::string> mismatches;
  std::vector<Msg> details;  ///< the numbers, one line each
  Msg fix;                   ///< what would let the pod pass this gate
  /// The pod passes every modelled gate here, but the scheduler said no: its reasons from
  /// unmodelled plugins that must be this node's (one: that one; several: one of them), when the
  /// message's counts allow telling; empty otherwise.
  std::vector<std::string> scheduler_reasons;
  /// DefaultPreemption's dry run here (SelectVictimsOnNode), when it ran: its reasons when the node
  /// is no candidate ("No preemption victims found for incoming pod", "Preemption is not helpful
  /// for scheduling", or the filters' reasons with every lower-priority pod removed); empty for a
  /// candidate, whose victims follow.
  std::vector<std::string> preemption_reasons;
  std::vector<Victim> victims;  ///< a candidate: the pods preempted here (the minimal set, most important first)
};

/// DefaultPreemption's PostFilter for a pod that fits no node.
struct Preemption {
  enum class State {
    kNotRun,       ///< the pod fits a node, or is bound, or was refused before any node was tried
    kIneligible,   ///< the pod may not preempt (its words: `ineligible`)
    kNoCandidate,  ///< no node has victims whose removal lets the pod fit
    kCandidate,    ///< the scheduler evicts `victims` of `node` and nominates it
  };
  State state = State::kNotRun;
  std::string ineligible;       ///< kIneligible: "not eligible due to preemptionPolicy=Never."
  std::string node;             ///< kCandidate: the node picked (pickOneNodeForPreemption)
  std::vector<Victim> victims;  ///< kCandidate: on `node`
  /// kCandidate: other nodes that tie with `node` on every rule of pickOneNodeForPreemption (the
  /// scheduler then takes whichever its parallel dry run listed first: no prediction).
  std::vector<std::string> tied;
  /// "namespace/pdb (namespace/pod)": a PodDisruptionBudget a victim's eviction would violate.
  std::vector<std::string> pdb_violations;
  /// A plugin the model does not have could reject a node once its victims are gone.
  bool unsure = false;
};

/// Something of the pod that this model does not cover.
struct NotModelled {
  std::string what;  ///< "PodTopologySpread (spec.topologySpreadConstraints)"
};

/// A reason of the scheduler's message that none of the modelled plugins writes, quoted whole.
struct SchedulerReason {
  int count = -1;    ///< the nodes the scheduler gave it for; -1: for the whole pod (a PreFilter refusal)
  std::string text;  ///< as written: `persistentvolumeclaim "ho-missing" not found`
};

/// What `why` can say of the pod, and so its exit code (cmd/why.cpp).
enum class Outcome {
  kExplained,     ///< the modelled gates decide, and the scheduler (when it said) names no other plugin
  kBound,         ///< spec.nodeName names a node that exists: no scheduler gate holds the pod
  kNodeMissing,   ///< spec.nodeName names no node: in the kubelet's hands, and there is no such kubelet
  kNotExplained,  ///< a plugin gpuwhy does not model decides, or may: no binding is predicted
  /// spec.schedulerName is not default-scheduler and no scheduler has written a verdict on the pod
  /// (no PodScheduled condition, no FailedScheduling event): no binding is predicted.
  kUnservedScheduler,
};

/// The gates the model checks, in the scheduler's filter order.
std::vector<Gate> modelled_gates();
/// "explained", "bound", "node-missing", "not-explained", "unserved-scheduler" (the JSON `outcome`).
std::string to_string(Outcome outcome);

struct Verdict {
  std::string namespace_;
  std::string pod;
  std::string node_name;                      ///< spec.nodeName: the pod is bound (or was given a node by hand)
  bool node_exists = false;                   ///< node_name is one of the nodes read
  std::string phase;                          ///< status.phase
  std::string scheduler;                      ///< spec.schedulerName ("default-scheduler")
  bool gated = false;                         ///< spec.schedulingGates: the scheduler does not try it yet
  std::vector<std::string> scheduling_gates;  ///< their names, in spec order
  int total_nodes = 0;                        ///< N of "0/N nodes are available"
  /// The lab keeps this pod Pending on purpose (lab::kHeldPods), and the GPU node's gate is the one
  /// the lab means: the step that does it (the fixes are Kubernetes', not the lab's); 0 otherwise.
  int lab_step = 0;
  std::map<std::string, long long> request;  ///< k8s::pod_requests
  int priority = 0;                          ///< spec.priority (set by the apiserver from priorityClassName)
  std::string priority_class;                ///< spec.priorityClassName
  std::string preemption_policy;             ///< spec.preemptionPolicy ("" = PreemptLowerPriority)
  Preemption preemption;                     ///< when the pod fits no node
  std::vector<NodeVerdict> nodes;            ///< in the order given
  /// NodeAffinity's PreFilter refused the pod before any node was tried ("pod affinity terms
  /// conflict": every required term names disjoint metadata.name sets).
  std::string prefilter_failure;
  std::vector<NotModelled> not_modelled;
  /// What the scheduler would write now: "0/N nodes are available: ..." with its tail; "" when
  /// the pod fits a node, is bound, or a plugin the model does not have decides.
  std::string summary;

  /// The scheduler's own last verdict, when read: PodScheduled=False message or the newest
  /// FailedScheduling event.
  std::string scheduler_message;
  std::string scheduler_message_source;  ///< "condition", "event" or ""
  /// Set when scheduler_message is a FitError: whether its reasons are the model's (same total,
  /// same reason counts; the taint wording does not count) and, when the scheduler wrote a
  /// preemption tail, whether it is the model's.
  std::optional<bool> agrees;
  /// The scheduler's reasons that no modelled plugin writes, in message order; a message that is
  /// no FitError at all is one reason for the whole pod.
  std::vector<SchedulerReason> unmodelled_reasons;
  [[nodiscard]] int fitting_nodes() const;
  /// spec.schedulerName names a scheduler other than kube-scheduler's default profile.
  [[nodiscard]] bool other_scheduler() const;
  [[nodiscard]] Outcome outcome() const;
};

/// Evaluates every node. `pods` are the pods bound to nodes (any namespace; the pod itself and
/// pods bound to nodes not in `nodes` are ignored), and may hold Pending pods nominated to a node
/// (status.nominatedNodeName), which are named when the scheduler would count them. Pure; never throws on odd input:
/// what it cannot read counts as absent. `pdbs` are the cluster's PodDisruptionBudgets (policy/v1), read by
/// DefaultPreemption; `pdbs_read` false: they could not be read, and a preemption is not predicted.
/// `namespaces` are the Namespace objects read, for the namespaceSelectors of pod affinity terms (a
/// selector on more than a namespace's name, of a namespace not among them, is named not modelled).
Verdict explain(const nlohmann::json& pod, const std::vector<nlohmann::json>& nodes,
                const std::vector<nlohmann::json>& pods, const Wording& wording,
                const std::vector<nlohmann::json>& pdbs = {}, bool pdbs_read = true,
                const std::vector<nlohmann::json>& namespaces = {});

/// Adds the scheduler's own verdict: the pod's PodScheduled=False condition message, else the
/// newest FailedScheduling event of `events` about this pod; compares it with the model, quotes
/// the reasons the model does not know (per node when the counts allow) and, when the verdict is
/// then not explained, drops the model's summary line (it would be a guess).
void add_scheduler_view(Verdict& v, const nlohmann::json& pod, const std::vector<nlohmann::json>& events);

/// explain() and add_scheduler_view() for each of `targets`, in order, over one read of the
/// nodes, the bound pods and the events.
std::vector<Verdict> explain_each(const std::vector<nlohmann::json>& targets, const std::vector<nlohmann::json>& nodes,
                                  const std::vector<nlohmann::json>& pods, const std::vector<nlohmann::json>& events,
                                  const Wording& wording, const std::vector<nlohmann::json>& pdbs = {},
                                  bool pdbs_read = true, const std::vector<nlohmann::json>& namespaces = {});

/// The exit code of `gpuwhy why` over its verdicts, the highest applying: 0 explained or bound,
/// 1 (kExitFail) a spec.nodeName that names no node, 4 (kExitNotExplained) not fully explained.
int exit_code(const std::vector<Verdict>& verdicts);

/// The FitError line for these node verdicts ("0/3 nodes are available: 1 node(s) had
/// untolerated taint {k: v}, 2 Insufficient cpu. preemption: 0/3 nodes are available: ..."). The
/// preemption tail is `preemption`'s; kNotRun: every node's own (preemption_reasons, else "not
/// helpful" for an unresolvable node and "no victims" for the others: every pod of one priority).
std::string summary_line(const std::vector<NodeVerdict>& nodes, int total_nodes, const Wording& wording,
                         const Preemption& preemption = {});

/// The verdict as JSON (schema/why.schema.json): ids and numbers in English field names,
/// `detail`/`fix` texts in `lang` ("en", "ko", "ja").
nlohmann::json to_json(const Verdict& v, std::string_view lang);

}  // namespace gpuwhy::why
