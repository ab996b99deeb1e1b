#include "gpuwhy/why/why.h"

#include <algorithm>
#include <set>
#include <utility>

#include <fmt/format.h>

#include "gpuwhy/i18n/i18n.h"
#include "gpuwhy/k8s/node_affinity.h"
#include "gpuwhy/k8s/requests.h"
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

namespace {

std::string histogram(const std::map<std::string, int>& counts) {
  std::vector<std::string> parts;
  for (const auto& [reason, n] : counts) parts.push_back(fmt::format("{} {}", n, reason));
  std::sort(parts.begin(), parts.end());  // sort.Strings over "<count> <reason>"
  std::string out;
  for (const auto& p : parts) out += (out.empty() ? "" : ", ") + p;
  return out;
}

}  // namespace

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
  // The gates let the pod through somewhere, yet the scheduler said no, or a plugin the model
  // does not have will still judge it: a binding would be a guess.
  if (fitting_nodes() > 0 && (!scheduler_message.empty() || !not_modelled.empty())) return Outcome::kNotExplained;
  return Outcome::kExplained;
}

std::vector<Gate> modelled_gates() {
  return {Gate::kNodeUnschedulable, Gate::kNodeName,  Gate::kTaintToleration,
          Gate::kNodeAffinity,      Gate::kNodePorts, Gate::kNodeResourcesFit};
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
  const auto spread = array_of(field(spec, "topologySpreadConstraints"));
  if (std::any_of(spread.begin(), spread.end(),
                  [](const json* c) { return str(*c, "whenUnsatisfiable") != "ScheduleAnyway"; })) {
    out.push_back({"PodTopologySpread (spec.topologySpreadConstraints, DoNotSchedule)"});
  }
  const json& aff = field(spec, "affinity");
  const auto required = [&aff](const char* kind) {
    return !array_of(field(field(aff, kind), "requiredDuringSchedulingIgnoredDuringExecution")).empty();
  };
  if (required("podAffinity")) out.push_back({"InterPodAffinity (spec.affinity.podAffinity, required)"});
  if (required("podAntiAffinity")) out.push_back({"InterPodAffinity (spec.affinity.podAntiAffinity, required)"});
  for (const json* vol : array_of(field(spec, "volumes"))) {
    if (!field(*vol, "persistentVolumeClaim").is_null() || !field(*vol, "ephemeral").is_null()) {
      out.push_back({"VolumeBinding, VolumeZone, NodeVolumeLimits (persistent volumes)"});
      break;
    }
  }
  if (!array_of(field(spec, "resourceClaims")).empty()) out.push_back({"DynamicResources (spec.resourceClaims)"});
  return out;
}

// The scheduler's NodeInfo of every node: the pods bound there (not Succeeded/Failed; the pod
// itself left out), what they request and the host ports they hold.
std::map<std::string, NodeState> node_states(const json& pod, const std::vector<json>& nodes,
                                             const std::vector<json>& pods) {
  const std::string self = pod_key(pod);
  std::map<std::string, NodeState> state;
  for (const json& n : nodes) state[str(field(n, "metadata"), "name")];
  for (const json& p : pods) {
    const std::string on = str(field(p, "spec"), "nodeName");
    auto it = state.find(on);
    if (on.empty() || it == state.end() || k8s::terminated(p) || pod_key(p) == self) continue;
    NodeState& st = it->second;
    ++st.pods;
    for (const auto& [r, q] : k8s::pod_requests(p)) st.requested[r] += q;
    for (auto& hp : host_ports(p)) st.ports.emplace_back(std::move(hp), pod_key(p));
  }
  return state;
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

Verdict explain(const json& pod, const std::vector<json>& nodes, const std::vector<json>& pods,
                const Wording& wording) {
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
  out.not_modelled = unmodelled(spec);
  out.node_exists = std::any_of(nodes.begin(), nodes.end(),
                                [&out](const json& n) { return str(field(n, "metadata"), "name") == out.node_name; });
  const k8s::NodeNameFilter pre = k8s::node_affinity_prefilter(pod);
  if (pre.conflict) {
    refuse_all(out, nodes, wording);
  } else {
    auto state = node_states(pod, nodes, pods);
    const auto want_ports = host_ports(pod);
    for (const json& n : nodes) {
      const Input in{pod, n, state[str(field(n, "metadata"), "name")], out.request, want_ports, wording};
      out.nodes.push_back(evaluate(in, pre));
    }
    if (out.fitting_nodes() == 0) out.summary = summary_line(out.nodes, out.total_nodes, wording);
  }
  // A pod with a node is past the scheduler: there is no FitError line to write for it; a pod of
  // another scheduler gets none of the default profile's.
  if (!out.node_name.empty() || out.other_scheduler()) out.summary.clear();
  return out;
}

std::string summary_line(const std::vector<NodeVerdict>& nodes, int total_nodes, const Wording& wording) {
  std::map<std::string, int> reasons;
  std::map<std::string, int> preemption;
  for (const auto& n : nodes) {
    for (const auto& r : n.reasons) ++reasons[r];
    ++preemption[n.unresolvable ? "Preemption is not helpful for scheduling"
                                : "No preemption victims found for incoming pod"];
  }
  std::string line = fmt::format("0/{} nodes are available", total_nodes);
  if (!reasons.empty()) line += ": " + histogram(reasons);
  line += ".";
  line += wording.dra_tail ? " no new claims to deallocate, preemption: " : " preemption: ";
  line += fmt::format("0/{} nodes are available", total_nodes);
  if (!preemption.empty()) line += ": " + histogram(preemption);
  line += ".";
  return line;
}

std::vector<Verdict> explain_each(const std::vector<json>& targets, const std::vector<json>& nodes,
                                  const std::vector<json>& pods, const std::vector<json>& events,
                                  const Wording& wording) {
  std::vector<Verdict> verdicts;
  for (const json& pod : targets) {
    Verdict v = explain(pod, nodes, pods, wording);
    add_scheduler_view(v, pod, events);
    verdicts.push_back(std::move(v));
  }
  return verdicts;
}

}  // namespace gpuwhy::why
