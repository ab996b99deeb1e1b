#include "gpuwhy/why/why.h"

#include <algorithm>
#include <set>
#include <utility>

#include <fmt/format.h>

#include "gpuwhy/i18n/i18n.h"
#include "gpuwhy/k8s/fields.h"
#include "gpuwhy/k8s/messages.h"
#include "gpuwhy/k8s/node_affinity.h"
#include "gpuwhy/k8s/pod_affinity.h"
#include "gpuwhy/k8s/requests.h"
#include "gpuwhy/lab/lab.h"
#include "why_detail.h"

// The model's frame: each node's NodeInfo, the filter plugins (filters.cpp) run on every node, and
// the FitError line. The rules follow kube-scheduler (pkg/scheduler/framework/plugins/) and, for a
// pod's request, component-helpers (k8s/requests.h); tests/integration/why_diff_test.sh holds the
// model against the real one.

namespace gpuwhy::why {

using nlohmann::json;

using detail::array_of;
using detail::evaluate;
using detail::field;
using detail::host_ports;
using detail::Input;
using detail::kPreFilterConflict;
using detail::NodeState;
using detail::str;

std::string to_string(Gate gate) {
  switch (gate) {
    case Gate::kNone: return "";
    case Gate::kNodeAffinityFilter: return "NodeAffinity";
    case Gate::kNodeUnschedulable: return "NodeUnschedulable";
    case Gate::kNodeName: return "NodeName";
    case Gate::kTaintToleration: return "TaintToleration";
    case Gate::kNodeAffinity: return "NodeAffinity";
    case Gate::kNodePorts: return "NodePorts";
    case Gate::kNodeResourcesFit: return "NodeResourcesFit";
    case Gate::kPodTopologySpread: return "PodTopologySpread";
    case Gate::kInterPodAffinity: return "InterPodAffinity";
  }
  return "";
}

int Verdict::fitting_nodes() const {
  return static_cast<int>(
      std::count_if(nodes.begin(), nodes.end(), [](const NodeVerdict& n) { return n.gate == Gate::kNone; }));
}

bool Verdict::other_scheduler() const {
  return !scheduler.empty() && scheduler != "default-scheduler";
}

Outcome Verdict::outcome() const {
  if (!node_name.empty()) return node_exists ? Outcome::kBound : Outcome::kNodeMissing;
  // default-scheduler leaves the pod alone; whether another scheduler serves the name, only its
  // own verdict on the pod would tell.
  if (other_scheduler() && scheduler_message.empty()) return Outcome::kUnservedScheduler;
  if (other_scheduler()) return Outcome::kNotExplained;
  if (!unmodelled_reasons.empty()) return Outcome::kNotExplained;
  // The volume plugins run between NodeResourcesFit and PodTopologySpread: with one of them in
  // play, a node the last two gates refuse may have been refused before, in other words.
  const bool late = std::any_of(nodes.begin(), nodes.end(), [](const NodeVerdict& n) {
    return n.gate == Gate::kPodTopologySpread || n.gate == Gate::kInterPodAffinity;
  });
  if (late && !not_modelled.empty()) return Outcome::kNotExplained;
  // The gates let the pod through somewhere, yet the scheduler said no, or a plugin the model
  // does not have will still judge it: a binding would be a guess.
  if (fitting_nodes() > 0 && (!scheduler_message.empty() || !not_modelled.empty())) return Outcome::kNotExplained;
  // Preemption whose victims or tail a plugin, a budget or a tie the model cannot settle decides.
  if (preemption.unsure || (preemption.state == Preemption::State::kCandidate && !not_modelled.empty())) {
    return Outcome::kNotExplained;
  }
  return Outcome::kExplained;
}

std::vector<Gate> modelled_gates() {
  return {Gate::kNodeUnschedulable, Gate::kNodeName,         Gate::kTaintToleration,   Gate::kNodeAffinity,
          Gate::kNodePorts,         Gate::kNodeResourcesFit, Gate::kPodTopologySpread, Gate::kInterPodAffinity};
}

std::string to_string(Outcome o) {
  switch (o) {
    case Outcome::kExplained: return "explained";
    case Outcome::kBound: return "bound";
    case Outcome::kNodeMissing: return "node-missing";
    case Outcome::kNotExplained: return "not-explained";
    case Outcome::kUnservedScheduler: return "unserved-scheduler";
  }
  return "";
}

namespace {

std::string pod_key(const json& pod) {
  return str(field(pod, "metadata"), "namespace") + "/" + str(field(pod, "metadata"), "name");
}

// What this model leaves to plugins it does not have. Only what filters: preferred (anti-)affinity
// and `ScheduleAnyway` spread constraints score the nodes that pass, they never reject one.
std::vector<NotModelled> unmodelled(const json& spec) {
  std::vector<NotModelled> out;
  for (const json* vol : array_of(field(spec, "volumes"))) {
    if (!field(*vol, "persistentVolumeClaim").is_null() || !field(*vol, "ephemeral").is_null()) {
      out.push_back({"VolumeBinding, VolumeZone, NodeVolumeLimits (persistent volumes)"});
      break;
    }
  }
  if (!array_of(field(spec, "resourceClaims")).empty()) out.push_back({"DynamicResources (spec.resourceClaims)"});
  return out;
}

// The pods bound to every node that hold resources there (not Succeeded/Failed; the pod itself
// left out): the scheduler's NodeInfo of each is state_of() of its pods.
std::map<std::string, std::vector<const json*>> pods_on_nodes(const json& pod, const std::vector<json>& nodes,
                                                              const std::vector<json>& pods) {
  const std::string self = pod_key(pod);
  std::map<std::string, std::vector<const json*>> on;
  for (const json& n : nodes) on[str(field(n, "metadata"), "name")];
  for (const json& p : pods) {
    const std::string node = str(field(p, "spec"), "nodeName");
    auto it = on.find(node);
    if (node.empty() || it == on.end() || k8s::terminated(p) || pod_key(p) == self) continue;
    it->second.push_back(&p);
  }
  return on;
}

// Pending pods an earlier preemption nominated to one of the nodes, of at least this pod's priority:
// the scheduler counts them there as if bound (RunFilterPluginsWithNominatedPods); the model does
// not, so they are named.
std::vector<NotModelled> nominated_pods(const json& pod, const std::vector<json>& pods,
                                        const std::map<std::string, std::vector<const json*>>& on) {
  const std::string self = pod_key(pod);
  const int mine = detail::priority_of(pod);
  std::vector<std::string> named;
  for (const json& p : pods) {
    const std::string to = str(field(p, "status"), "nominatedNodeName");
    if (to.empty() || !str(field(p, "spec"), "nodeName").empty() || on.count(to) == 0 || pod_key(p) == self) continue;
    if (k8s::terminated(p) || detail::priority_of(p) < mine) continue;
    named.push_back(pod_key(p) + " -> " + to);
  }
  if (named.empty()) return {};
  std::sort(named.begin(), named.end());
  return {{"pods nominated to a node by an earlier preemption, counted there by the scheduler: " +
           detail::first_names(named)}};
}

// The cluster as the last two filters read it: every node, the pods bound to them (`on`), and the
// Namespace objects read.
detail::Cluster cluster_of(const std::vector<json>& nodes, const std::map<std::string, std::vector<const json*>>& on,
                           const std::vector<json>& namespaces) {
  detail::Cluster c;
  for (const json& n : nodes) {
    c.nodes.push_back(&n);
    for (const json* p : on.at(str(field(n, "metadata"), "name"))) c.placed.push_back({p, &n});
  }
  for (const json& n : namespaces) c.namespaces.push_back(&n);
  return c;
}

// A namespaceSelector of a pod affinity term that asks of a namespace more than its name, where
// that namespace was not read: InterPodAffinity's verdict on a node the other gates pass is then
// unknown (the filter lets it through), and named.
std::vector<NotModelled> unsettled_affinity(const std::vector<NodeVerdict>& verdicts, const detail::Cluster& cluster) {
  const bool passed =
      std::any_of(verdicts.begin(), verdicts.end(), [](const NodeVerdict& v) { return v.gate == Gate::kNone; });
  if (!cluster.affinity.unknown || !passed) return {};
  return {{"InterPodAffinity (a namespaceSelector on the labels of a namespace that was not read)"}};
}

void refuse_all(Verdict& out, const std::vector<json>& nodes, const Wording& w) {
  out.prefilter_failure = std::string(kPreFilterConflict);
  for (const json& n : nodes) {
    NodeVerdict v;
    v.node = str(field(n, "metadata"), "name");
    v.gate = Gate::kNodeAffinityFilter;
    v.unresolvable = true;
    v.details.push_back(msg("why.detail.conflict"));
    v.fix = msg("why.fix.conflict");
    out.nodes.push_back(std::move(v));
  }
  out.summary = fmt::format("0/{} nodes are available: {}.", out.total_nodes, kPreFilterConflict);
  out.summary +=
      w.prefilter_tail_not_found
          ? std::string(" not found")
          : fmt::format(" preemption: 0/{0} nodes are available: {0} Preemption is not helpful for scheduling.",
                        out.total_nodes);
}

}  // namespace

Verdict explain(const json& pod, const std::vector<json>& nodes, const std::vector<json>& pods, const Wording& wording,
                const std::vector<json>& pdbs, bool pdbs_read, const std::vector<json>& namespaces) {
  Verdict out;
  const json& md = field(pod, "metadata");
  const json& spec = field(pod, "spec");
  out.namespace_ = str(md, "namespace");
  out.pod = str(md, "name");
  out.node_name = str(spec, "nodeName");
  out.phase = str(field(pod, "status"), "phase");
  out.scheduler = str(spec, "schedulerName");
  for (const json* g : array_of(field(spec, "schedulingGates"))) out.scheduling_gates.push_back(str(*g, "name"));
  out.gated = !out.scheduling_gates.empty();
  out.total_nodes = static_cast<int>(nodes.size());
  out.request = k8s::pod_requests(pod);
  out.priority = detail::priority_of(pod);
  out.priority_class = str(spec, "priorityClassName");
  out.preemption_policy = str(spec, "preemptionPolicy");
  out.not_modelled = unmodelled(spec);
  out.node_exists = std::any_of(nodes.begin(), nodes.end(),
                                [&out](const json& n) { return str(field(n, "metadata"), "name") == out.node_name; });
  const k8s::NodeNameFilter pre = k8s::node_affinity_prefilter(pod);
  if (pre.conflict) {
    refuse_all(out, nodes, wording);
  } else {
    const auto on = pods_on_nodes(pod, nodes, pods);
    for (auto& nm : nominated_pods(pod, pods, on)) out.not_modelled.push_back(std::move(nm));
    const auto want_ports = host_ports(pod);
    const detail::Cluster cluster = detail::judged(cluster_of(nodes, on, namespaces), pod);
    for (const json& n : nodes) {
      const NodeState st = detail::state_of(on.at(str(field(n, "metadata"), "name")));
      const Input in{pod, n, st, out.request, want_ports, wording, cluster};
      out.nodes.push_back(evaluate(in, pre));
    }
    for (auto& nm : unsettled_affinity(out.nodes, cluster)) out.not_modelled.push_back(std::move(nm));
    if (out.fitting_nodes() == 0 && out.node_name.empty() && !out.other_scheduler()) {
      detail::preempt(out, {pod, &nodes, on, out.request, want_ports, wording, pre, &pdbs, cluster});
      Preemption& p = out.preemption;
      for (const auto& b : p.pdb_violations) out.not_modelled.push_back({"PodDisruptionBudget " + b});
      if (!pdbs_read && p.state == Preemption::State::kCandidate) {
        out.not_modelled.push_back({"PodDisruptionBudgets (policy/v1: could not be read)"});
      }
      if (!p.tied.empty()) {
        std::string all = p.node;
        for (const auto& t : p.tied) all += ", " + t;
        out.not_modelled.push_back({"DefaultPreemption's pick among nodes that tie: " + all});
      }
    }
    if (out.fitting_nodes() == 0) out.summary = summary_line(out.nodes, out.total_nodes, wording, out.preemption);
  }
  // A pod with a node is past the scheduler: there is no FitError line to write for it; a pod of
  // another scheduler gets none of the default profile's; a verdict the model cannot settle, none.
  if (!out.node_name.empty() || out.other_scheduler() || out.outcome() == Outcome::kNotExplained) out.summary.clear();
  return out;
}

std::string summary_line(const std::vector<NodeVerdict>& nodes, int total_nodes, const Wording& wording,
                         const Preemption& preemption) {
  std::map<std::string, int> reasons;
  std::map<std::string, int> tail;
  for (const auto& n : nodes) {
    for (const auto& r : n.reasons) ++reasons[r];
    if (!n.preemption_reasons.empty()) {
      for (const auto& r : n.preemption_reasons) ++tail[r];
    } else {
      ++tail[std::string(n.unresolvable ? messages::kNotHelpful : messages::kNoVictims)];
    }
  }
  // DefaultPreemption nominated a node: its status is Success and no PostFilter reason is written.
  if (preemption.state == Preemption::State::kCandidate) return messages::fit_error_text(total_nodes, reasons);
  std::vector<std::string> post;
  if (wording.dra_tail) post.emplace_back(messages::kNoClaimsToDeallocate);
  post.push_back(messages::preemption_reason(preemption.state == Preemption::State::kIneligible
                                                 ? preemption.ineligible
                                                 : messages::fit_error_text(total_nodes, tail)));
  return messages::fit_error_text(total_nodes, reasons, post);
}

namespace {

// The GPUs of the GPU node are held by exactly `holders`, each bound there in the lab's
// namespace: no other pod (a leftover test pod, a bad manifest's) holds any.
bool held_by(const std::array<std::string_view, 2>& holders, const std::vector<json>& pods) {
  std::set<std::string_view> seen;
  for (const json& p : pods) {
    if (!k8s::counts_on_node(p, lab::kGpuNode)) continue;
    const auto asks = k8s::pod_requests(p);
    const auto gpu = asks.find(std::string(lab::kResource));
    if (gpu == asks.end() || gpu->second <= 0) continue;
    const json& meta = k8s::field(p, "metadata");
    const auto text = [&meta](const char* key) {
      const json& v = k8s::field(meta, key);
      return v.is_string() ? v.get<std::string>() : std::string();
    };
    const std::string name = text("name");
    const auto it = std::find(holders.begin(), holders.end(), name);
    if (text("namespace") != lab::kNamespace || it == holders.end()) return false;
    seen.insert(*it);
  }
  return seen.size() == holders.size();
}

// A lab pod held on the GPU node as the lab means it (lab::kHeldPods): by the lab's taint, or
// by the GPUs the lab's earlier pods hold. Its step, else 0.
int lab_step_of(const Verdict& v, const std::vector<json>& pods) {
  if (v.namespace_ != lab::kNamespace || !v.node_name.empty() || v.gated || v.outcome() != Outcome::kExplained)
    return 0;
  const auto held = [&pods](const lab::HeldPod& h, const NodeVerdict& n) {
    if (h.by_taint) {
      // The lab's taint itself: one of its key with another value or effect is a mistake of step 5.
      return n.gate == Gate::kTaintToleration && n.taint.is_object() && n.taint.value("key", "") == lab::kTaintKey &&
             n.taint.value("value", "") == lab::kTaintValue && n.taint.value("effect", "") == lab::kTaintEffect;
    }
    const std::string insufficient = "Insufficient " + std::string(lab::kResource);
    return n.gate == Gate::kNodeResourcesFit &&
           std::find(n.reasons.begin(), n.reasons.end(), insufficient) != n.reasons.end() && held_by(h.holders, pods);
  };
  for (const lab::HeldPod& h : lab::kHeldPods) {
    if (v.pod != h.pod) continue;
    for (const NodeVerdict& n : v.nodes) {
      if (n.node == lab::kGpuNode) return held(h, n) ? h.step : 0;
    }
  }
  return 0;
}

}  // namespace

std::vector<Verdict> explain_each(const std::vector<json>& targets, const std::vector<json>& nodes,
                                  const std::vector<json>& pods, const std::vector<json>& events,
                                  const Wording& wording, const std::vector<json>& pdbs, bool pdbs_read,
                                  const std::vector<json>& namespaces) {
  std::vector<Verdict> verdicts;
  for (const json& pod : targets) {
    Verdict v = explain(pod, nodes, pods, wording, pdbs, pdbs_read, namespaces);
    add_scheduler_view(v, pod, events);
    v.lab_step = lab_step_of(v, pods);
    verdicts.push_back(std::move(v));
  }
  return verdicts;
}

}  // namespace gpuwhy::why
