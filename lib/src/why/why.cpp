#include "gpuwhy/why/why.h"

#include <algorithm>
#include <utility>

#include <fmt/format.h>

#include "gpuwhy/i18n/i18n.h"
#include "gpuwhy/k8s/fields.h"
#include "gpuwhy/k8s/node_affinity.h"
#include "gpuwhy/k8s/requests.h"
#include "gpuwhy/k8s/taints.h"

// The rules below follow kube-scheduler's filter plugins (pkg/scheduler/framework/plugins/):
// nodeunschedulable, nodename, tainttoleration, nodeaffinity, nodeports, noderesources/fit.go; the
// Kubernetes rules they stand on (a pod's request, tolerations, node affinity) are k8s/'s. Each
// function names the piece of the scheduler it mirrors; tests/integration/why_diff_test.sh holds
// the model against the real one.

namespace gpuwhy::why {

using nlohmann::json;

using k8s::Amounts;
using k8s::array_of;
using k8s::field;
using k8s::kCpu;
using k8s::kEphemeral;
using k8s::kMemory;
using k8s::kPods;
using k8s::path;
using k8s::show_quantity;
using k8s::str;

namespace {

// ---- host ports (NodePorts) -------------------------------------------------------------------

struct HostPort {
  std::string ip;
  std::string protocol;
  int port = 0;
};

std::vector<HostPort> host_ports(const json& pod) {
  std::vector<HostPort> out;
  auto from = [&out](const json& c) {
    for (const json* p : array_of(field(c, "ports"))) {
      const json& hp = field(*p, "hostPort");
      if (!hp.is_number_integer() || hp.get<long long>() <= 0) continue;
      std::string ip = str(*p, "hostIP");
      if (ip.empty()) ip = "0.0.0.0";
      std::string proto = str(*p, "protocol");
      if (proto.empty()) proto = "TCP";
      out.push_back({ip, proto, static_cast<int>(hp.get<long long>())});
    }
  };
  for (const json* c : array_of(path(pod, {"spec", "containers"}))) from(*c);
  // Sidecars (restartable init containers) run beside the app containers and hold their ports.
  for (const json* c : array_of(path(pod, {"spec", "initContainers"}))) {
    if (str(*c, "restartPolicy") == "Always") from(*c);
  }
  return out;
}

bool ports_conflict(const HostPort& a, const HostPort& b) {
  if (a.port != b.port || a.protocol != b.protocol) return false;
  return a.ip == b.ip || a.ip == "0.0.0.0" || b.ip == "0.0.0.0";
}

// ---- messages -----------------------------------------------------------------------------------

constexpr std::string_view kReasonUnschedulable = "node(s) were unschedulable";
constexpr std::string_view kReasonNodeName = "node(s) didn't match the requested node name";
constexpr std::string_view kReasonAffinity = "node(s) didn't match Pod's node affinity/selector";
constexpr std::string_view kReasonPreFilter = "node(s) didn't satisfy plugin(s) [NodeAffinity]";
constexpr std::string_view kReasonPorts = "node(s) didn't have free ports for the requested pod ports";
constexpr std::string_view kReasonTooManyPods = "Too many pods";
constexpr std::string_view kPreFilterConflict = "pod affinity terms conflict";

std::string taint_reason(const json& taint, const Wording& w) {
  if (!w.taint_named) return "node(s) had untolerated taint(s)";
  return fmt::format("node(s) had untolerated taint {{{}: {}}}", str(taint, "key"), str(taint, "value"));
}

std::string histogram(const std::map<std::string, int>& counts) {
  std::vector<std::string> parts;
  for (const auto& [reason, n] : counts) parts.push_back(fmt::format("{} {}", n, reason));
  std::sort(parts.begin(), parts.end());  // sort.Strings over "<count> <reason>"
  std::string out;
  for (const auto& p : parts) out += (out.empty() ? "" : ", ") + p;
  return out;
}

// The numbers of one resource line.
Msg resource_detail(const ResourceFit& r) {
  const std::string id = r.resource == kPods ? "why.detail.pods" : "why.detail.resource";
  return msg(id, {{"resource", r.resource},
                  {"allocatable", show_quantity(r.resource, r.allocatable)},
                  {"requested", show_quantity(r.resource, r.requested)},
                  {"request", show_quantity(r.resource, r.request)},
                  {"free", show_quantity(r.resource, std::max(0LL, r.free()))},
                  {"short", show_quantity(r.resource, std::max(0LL, r.shortfall()))}});
}

json suggested_toleration(const json& taint) {
  json t = json::object();
  t["key"] = str(taint, "key");
  if (str(taint, "value").empty()) {
    t["operator"] = "Exists";
  } else {
    t["operator"] = "Equal";
    t["value"] = str(taint, "value");
  }
  t["effect"] = str(taint, "effect");
  return t;
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

Wording wording_for(std::string_view v) {
  Wording w;
  if (!v.empty() && v[0] == 'v') v.remove_prefix(1);
  int nums[3] = {0, 0, 0};
  int k = 0;
  std::size_t i = 0;
  bool any = false;
  while (i < v.size() && k < 3) {
    if (v[i] >= '0' && v[i] <= '9') {
      nums[k] = nums[k] * 10 + (v[i] - '0');
      any = true;
      ++i;
      if (nums[k] > 100000) return w;
    } else if (v[i] == '.') {
      ++k;
      ++i;
    } else {
      break;
    }
  }
  if (!any || nums[0] != 1) return Wording{false, false, true, true};
  const int minor = nums[1];
  const int patch = nums[2];
  // Taint named from 1.24 until PR #134740 (1.35; cherry-picked to release-1.34 in Nov 2025,
  // first in 1.34.3 by the release calendar: derived, not measured). ≤1.23 used another form,
  // "node(s) had taint {k: v}, that the pod didn't tolerate"; it is a taint reason too.
  w.taint_named = minor < 34 || (minor == 34 && patch < 3);
  // DRA went GA (on by default) in 1.34; measured: v1.34.0 has the tail, v1.37.2 has none.
  w.dra_tail = minor >= 34 && minor <= 36;
  // PR #131345: measured in v1.34.0, absent from v1.33.13.
  w.too_big_unresolvable = minor >= 34;
  w.prefilter_tail_not_found = minor >= 34;
  return w;
}

int Verdict::fitting_nodes() const {
  return static_cast<int>(
      std::count_if(nodes.begin(), nodes.end(), [](const NodeVerdict& n) { return n.gate == Gate::kNone; }));
}

Outcome Verdict::outcome() const {
  if (!node_name.empty()) return node_exists ? Outcome::kBound : Outcome::kNodeMissing;
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
  }
  return "";
}

namespace {

struct NodeState {
  Amounts requested;
  int pods = 0;
  std::vector<std::pair<HostPort, std::string>> ports;
};

bool terminated(const json& pod) {
  const std::string phase = str(field(pod, "status"), "phase");
  return phase == "Succeeded" || phase == "Failed";
}

std::string pod_key(const json& pod) {
  return str(field(pod, "metadata"), "namespace") + "/" + str(field(pod, "metadata"), "name");
}

// Each plugin's Filter: true when it rejects the pod on the node (the verdict then says why).
struct Input {
  const json& pod;
  const json& node;
  const NodeState& st;
  const Amounts& request;
  const std::vector<HostPort>& want_ports;
  const Wording& wording;
};

void reject(NodeVerdict& v, Gate gate, std::string reason, bool unresolvable) {
  v.gate = gate;
  v.reasons.push_back(std::move(reason));
  v.unresolvable = unresolvable;
}

bool node_unschedulable(const Input& in, NodeVerdict& v) {
  const json& unsched = path(in.node, {"spec", "unschedulable"});
  if (!unsched.is_boolean() || !unsched.get<bool>()) return false;
  const json t = {{"key", "node.kubernetes.io/unschedulable"}, {"effect", "NoSchedule"}};
  if (k8s::tolerated(in.pod, t)) return false;
  reject(v, Gate::kNodeUnschedulable, std::string(kReasonUnschedulable), true);
  v.details.push_back(msg("why.detail.unschedulable", {{"node", v.node}}));
  v.fix = msg("why.fix.unschedulable", {{"node", v.node}});
  return true;
}

bool node_name(const Input& in, NodeVerdict& v) {
  const std::string want = str(field(in.pod, "spec"), "nodeName");
  if (want.empty() || want == v.node) return false;
  reject(v, Gate::kNodeName, std::string(kReasonNodeName), true);
  v.mismatches.push_back(want);
  v.details.push_back(msg("why.detail.node-name", {{"node", v.node}, {"want", want}}));
  v.fix = msg("why.fix.node-name", {{"want", want}});
  return true;
}

// The first NoSchedule/NoExecute taint not tolerated (FindMatchingUntoleratedTaint).
bool taint_toleration(const Input& in, NodeVerdict& v) {
  for (const json* t : array_of(path(in.node, {"spec", "taints"}))) {
    const std::string effect = str(*t, "effect");
    if (effect != "NoSchedule" && effect != "NoExecute") continue;
    if (k8s::tolerated(in.pod, *t)) continue;
    reject(v, Gate::kTaintToleration, taint_reason(*t, in.wording), true);
    v.taint = *t;
    v.toleration = suggested_toleration(*t);
    v.details.push_back(msg("why.detail.taint", {{"taint", k8s::taint_text(*t)}}));
    v.fix =
        msg("why.fix.taint",
            {{"toleration", v.toleration.dump()}, {"node", v.node}, {"untaint", str(*t, "key") + ":" + effect + "-"}});
    return true;
  }
  return false;
}

// spec.nodeSelector: every pair must match.
void selector_mismatches(const Input& in, NodeVerdict& v) {
  const json& sel = path(in.pod, {"spec", "nodeSelector"});
  if (!sel.is_object()) return;
  for (const auto& [k, val] : sel.items()) {
    const std::string wanted = val.is_string() ? val.get<std::string>() : val.dump();
    const auto have = k8s::label_of(in.node, k);
    if (have && *have == wanted) continue;
    v.mismatches.push_back(fmt::format("nodeSelector {}={}: node has {}", k, wanted, k8s::label_text(k, have)));
    v.details.push_back(have ? msg("why.detail.selector", {{"key", k}, {"want", wanted}, {"have", *have}})
                             : msg("why.detail.selector-missing", {{"key", k}, {"want", wanted}}));
    if (v.fix.id.empty()) v.fix = msg("why.fix.selector", {{"node", v.node}, {"key", k}, {"value", wanted}});
  }
}

// Required node affinity: one term must match; when none does, each term's first failure.
void affinity_mismatches(const Input& in, NodeVerdict& v) {
  const auto terms = array_of(k8s::required_terms(in.pod));
  if (terms.empty()) return;
  std::vector<std::string> failures;
  for (const json* t : terms) {
    auto f = k8s::term_failure(*t, in.node);
    if (!f) return;
    failures.push_back(*f);
  }
  for (std::size_t i = 0; i < failures.size(); ++i) {
    v.mismatches.push_back(fmt::format("term {}: {}", i + 1, failures[i]));
    v.details.push_back(msg("why.detail.affinity", {{"term", std::to_string(i + 1)}, {"failure", failures[i]}}));
  }
  v.fix = msg("why.fix.affinity", {{"node", v.node}});
}

bool node_affinity(const Input& in, NodeVerdict& v) {
  selector_mismatches(in, v);
  if (v.mismatches.empty()) affinity_mismatches(in, v);
  if (v.mismatches.empty()) return false;
  reject(v, Gate::kNodeAffinity, std::string(kReasonAffinity), true);
  return true;
}

bool node_ports(const Input& in, NodeVerdict& v) {
  for (const auto& hp : in.want_ports) {
    for (const auto& [used, holder] : in.st.ports) {
      if (ports_conflict(hp, used)) v.ports.push_back({hp.port, hp.protocol, hp.ip, holder});
    }
  }
  if (v.ports.empty()) return false;
  reject(v, Gate::kNodePorts, std::string(kReasonPorts), false);
  for (const auto& p : v.ports) {
    v.details.push_back(
        msg("why.detail.port", {{"port", std::to_string(p.port)}, {"protocol", p.protocol}, {"pod", p.holder}}));
  }
  v.fix = msg("why.fix.port", {{"port", std::to_string(v.ports.front().port)}});
  return true;
}

// fit.go fitsRequest: the pod count first, then cpu, memory, ephemeral-storage, then every other
// requested resource. Every shortfall is a reason of its own; the node is "not helpful" to
// preempt on when a request exceeds its whole allocatable (from 1.34).
bool node_resources_fit(const Input& in, NodeVerdict& v) {
  const json& alloc = path(in.node, {"status", "allocatable"});
  auto allocatable = [&alloc](const std::string& r) -> long long {
    const json& q = field(alloc, r);
    return q.is_null() ? 0 : k8s::quantity(r, q).value_or(0);
  };
  const ResourceFit pods{std::string(kPods), allocatable(std::string(kPods)), in.st.pods, 1};
  v.resources.push_back(pods);
  if (pods.shortfall() > 0) {
    v.reasons.emplace_back(kReasonTooManyPods);
    v.details.push_back(resource_detail(pods));
  }
  std::vector<std::string> order;
  for (const auto r : {kCpu, kMemory, kEphemeral}) {
    if (in.request.count(std::string(r)) != 0) order.emplace_back(r);
  }
  for (const auto& [r, q] : in.request) {
    if (r != kCpu && r != kMemory && r != kEphemeral && r != kPods) order.push_back(r);
  }
  bool too_big = false;
  for (const auto& r : order) {
    const auto rit = in.st.requested.find(r);
    const ResourceFit f{r, allocatable(r), rit == in.st.requested.end() ? 0 : rit->second, in.request.at(r)};
    v.resources.push_back(f);
    if (f.shortfall() <= 0) continue;
    v.reasons.push_back("Insufficient " + r);
    v.details.push_back(resource_detail(f));
    too_big = too_big || f.too_big();
  }
  if (v.reasons.empty()) return false;
  v.gate = Gate::kNodeResourcesFit;
  v.unresolvable = in.wording.too_big_unresolvable && too_big;
  v.fix = too_big ? msg("why.fix.resource.too-big", {{"node", v.node}}) : msg("why.fix.resource", {{"node", v.node}});
  return true;
}

NodeVerdict evaluate(const Input& in, const k8s::NodeNameFilter& pre) {
  NodeVerdict v;
  v.node = str(field(in.node, "metadata"), "name");
  if (pre.restricted && pre.names.count(v.node) == 0) {
    reject(v, Gate::kNodeAffinityFilter, std::string(kReasonPreFilter), true);
    v.details.push_back(msg("why.detail.prefilter", {{"node", v.node}}));
    v.fix = msg("why.fix.prefilter", {{"node", v.node}});
    return v;
  }
  // The default profile's filter order; the first that rejects decides.
  for (const auto filter :
       {node_unschedulable, node_name, taint_toleration, node_affinity, node_ports, node_resources_fit}) {
    if (filter(in, v)) return v;
  }
  return v;
}

}  // namespace

namespace {

// What this model leaves to plugins it does not have.
std::vector<NotModelled> unmodelled(const json& spec) {
  std::vector<NotModelled> out;
  if (!array_of(field(spec, "topologySpreadConstraints")).empty()) {
    out.push_back({"PodTopologySpread (spec.topologySpreadConstraints)"});
  }
  const json& aff = field(spec, "affinity");
  if (!field(aff, "podAffinity").is_null()) out.push_back({"InterPodAffinity (spec.affinity.podAffinity)"});
  if (!field(aff, "podAntiAffinity").is_null()) out.push_back({"InterPodAffinity (spec.affinity.podAntiAffinity)"});
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
    if (on.empty() || it == state.end() || terminated(p) || pod_key(p) == self) continue;
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
  out.gated = !array_of(field(spec, "schedulingGates")).empty();
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
  // A pod with a node is past the scheduler: there is no FitError line to write for it.
  if (!out.node_name.empty()) out.summary.clear();
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

namespace {

// The scheduler's last verdict on the pod: its PodScheduled=False message, else the newest
// FailedScheduling event about it.
void read_scheduler_message(Verdict& v, const json& pod, const std::vector<json>& events) {
  for (const json* c : array_of(path(pod, {"status", "conditions"}))) {
    if (str(*c, "type") == "PodScheduled" && str(*c, "status") == "False" && !str(*c, "message").empty()) {
      v.scheduler_message = str(*c, "message");
      v.scheduler_message_source = "condition";
    }
  }
  if (!v.scheduler_message.empty()) return;
  const std::string uid = str(field(pod, "metadata"), "uid");
  std::string newest;
  for (const json& ev : events) {
    if (str(ev, "reason") != "FailedScheduling") continue;
    const json& io = field(ev, "involvedObject");
    if (!uid.empty() && !str(io, "uid").empty() && str(io, "uid") != uid) continue;
    if (str(io, "name") != v.pod) continue;
    std::string when = str(ev, "lastTimestamp");
    if (when.empty()) when = str(ev, "eventTime");
    if (v.scheduler_message.empty() || when >= newest) {
      newest = when;
      v.scheduler_message = str(ev, "message");
      v.scheduler_message_source = "event";
    }
  }
}

bool is_digit(char c) {
  return c >= '0' && c <= '9';
}

// Every "<count> <reason>" of a FitError as the apiserver stores it (never quoted by kubectl, so
// a reason keeps its quotes: `persistentvolumeclaim "x" not found`); a PreFilter refusal has no
// count. nullopt when the message is no FitError.
std::optional<std::vector<SchedulerReason>> fit_error_reasons(std::string_view m) {
  static constexpr std::string_view kFrame = " nodes are available";
  const auto at = m.find(kFrame);
  if (at == std::string_view::npos) return std::nullopt;
  std::vector<SchedulerReason> out;
  std::size_t body = at + kFrame.size();
  if (m.substr(body, 2) != ": ") return out;
  body += 2;
  // The reasons end at the first period followed by a space (the tail), or at the final period.
  std::size_t end = m.find(". ", body);
  if (end == std::string_view::npos) end = !m.empty() && m.back() == '.' ? m.size() - 1 : m.size();
  const std::string_view hist = m.substr(body, end > body ? end - body : 0);
  std::size_t start = 0;
  for (std::size_t i = 0; i <= hist.size(); ++i) {
    if (i < hist.size() && !(hist.substr(i, 2) == ", " && i + 2 < hist.size() && is_digit(hist[i + 2]))) continue;
    std::string_view e = hist.substr(start, i - start);
    start = i + 2;
    SchedulerReason r;
    std::size_t k = 0;
    while (k < e.size() && is_digit(e[k])) ++k;
    if (k > 0 && k <= 6 && k < e.size() && e[k] == ' ') {
      r.count = std::stoi(std::string(e.substr(0, k)));
      e.remove_prefix(k + 1);
    }
    if (e.empty()) continue;
    r.text = std::string(e);
    out.push_back(std::move(r));
  }
  return out;
}

bool modelled_reason(const std::string& text) {
  static constexpr std::string_view kKnown[] = {kReasonUnschedulable, kReasonNodeName, kReasonAffinity,
                                                kReasonPreFilter,     kReasonPorts,    kReasonTooManyPods,
                                                kPreFilterConflict};
  if (messages::classify_reason(text).kind != messages::ReasonKind::kOther) return true;
  return std::find(std::begin(kKnown), std::end(kKnown), text) != std::end(kKnown);
}

// The unmodelled plugins run after the six modelled ones (default_plugins.go), so the nodes the
// model lets through are exactly the ones they rejected: when the counts add up to those nodes,
// each of them carries the reason (or one of the reasons).
void attribute_unmodelled(Verdict& v) {
  int counted = 0;
  std::vector<std::string> texts;
  for (const auto& r : v.unmodelled_reasons) {
    if (r.count < 0) return;  // refused before any node was tried: no node's own reason
    counted += r.count;
    texts.push_back(r.text);
  }
  if (texts.empty() || counted != v.fitting_nodes()) return;
  for (auto& n : v.nodes) {
    if (n.gate == Gate::kNone) n.scheduler_reasons = texts;
  }
}

}  // namespace

void add_scheduler_view(Verdict& v, const json& pod, const std::vector<json>& events) {
  read_scheduler_message(v, pod, events);
  if (v.scheduler_message.empty() || !v.node_name.empty()) return;
  if (const auto reasons = fit_error_reasons(v.scheduler_message)) {
    for (const auto& r : *reasons) {
      if (!modelled_reason(r.text)) v.unmodelled_reasons.push_back(r);
    }
    attribute_unmodelled(v);
  } else {
    v.unmodelled_reasons.push_back({-1, v.scheduler_message});  // no FitError: the whole message
  }
  const auto parsed = messages::parse_scheduler_message(v.scheduler_message);
  if (parsed && v.prefilter_failure.empty() && v.fitting_nodes() > 0) {
    v.agrees = false;  // the scheduler found no node; the model found one
  } else if (parsed) {
    const auto mine = messages::parse_scheduler_message(v.summary);
    v.agrees = mine && messages::same_reasons(*mine, *parsed);
  }
  // The model's FitError line would be a guess at what another plugin wrote.
  if (v.outcome() == Outcome::kNotExplained) v.summary.clear();
}

namespace {

json node_json(const NodeVerdict& n, i18n::Lang l) {
  json j = json::object();
  j["name"] = n.node;
  j["gate"] = n.gate == Gate::kNone ? json(nullptr) : json(to_string(n.gate));
  j["stage"] =
      n.gate == Gate::kNone ? json(nullptr) : json(n.gate == Gate::kNodeAffinityFilter ? "PreFilter" : "Filter");
  j["fits"] = n.gate == Gate::kNone;
  j["reasons"] = n.reasons;
  j["preemption"] = n.gate == Gate::kNone ? json(nullptr) : json(n.unresolvable ? "not-helpful" : "no-victims");
  json res = json::array();
  for (const auto& r : n.resources) {
    res.push_back({{"resource", r.resource},
                   {"allocatable", r.allocatable},
                   {"requested", r.requested},
                   {"request", r.request},
                   {"shortfall", std::max(0LL, r.shortfall())},
                   {"fits", r.shortfall() <= 0}});
  }
  j["resources"] = res;
  if (!n.taint.is_null()) j["taint"] = n.taint;
  if (!n.toleration.is_null()) j["toleration"] = n.toleration;
  json ports = json::array();
  for (const auto& p : n.ports) {
    ports.push_back({{"port", p.port}, {"protocol", p.protocol}, {"host_ip", p.host_ip}, {"held_by", p.holder}});
  }
  j["port_conflicts"] = ports;
  j["mismatches"] = n.mismatches;
  json details = json::array();
  for (const auto& d : n.details) details.push_back(i18n::render(d, l));
  j["details"] = details;
  j["fix"] = n.fix.id.empty() ? json(nullptr) : json(i18n::render(n.fix, l));
  j["scheduler_reasons"] = n.scheduler_reasons;
  return j;
}

}  // namespace

json to_json(const Verdict& v, std::string_view lang) {
  const auto l = i18n::parse_lang(lang).value_or(i18n::Lang::kEn);
  json out = json::object();
  out["namespace"] = v.namespace_;
  out["pod"] = v.pod;
  out["phase"] = v.phase;
  out["node_name"] = v.node_name;
  out["scheduler_name"] = v.scheduler;
  out["scheduling_gated"] = v.gated;
  out["lang"] = i18n::to_string(l);
  json req = json::object();
  for (const auto& [r, q] : v.request) req[r] = show_quantity(r, q);
  out["request"] = req;
  out["total_nodes"] = v.total_nodes;
  out["fitting_nodes"] = v.fitting_nodes();
  json nodes = json::array();
  for (const auto& n : v.nodes) nodes.push_back(node_json(n, l));
  out["nodes"] = nodes;
  out["prefilter_failure"] = v.prefilter_failure.empty() ? json(nullptr) : json(v.prefilter_failure);
  out["summary"] = v.summary.empty() ? json(nullptr) : json(v.summary);
  json nm = json::array();
  for (const auto& n : v.not_modelled) nm.push_back(n.what);
  out["not_modelled"] = nm;
  json sched = json::object();
  sched["message"] = v.scheduler_message.empty() ? json(nullptr) : json(v.scheduler_message);
  sched["source"] = v.scheduler_message_source.empty() ? json(nullptr) : json(v.scheduler_message_source);
  sched["agrees"] = v.agrees ? json(*v.agrees) : json(nullptr);
  json unmodelled = json::array();
  for (const auto& r : v.unmodelled_reasons) {
    unmodelled.push_back({{"count", r.count < 0 ? json(nullptr) : json(r.count)}, {"reason", r.text}});
  }
  sched["unmodelled_reasons"] = unmodelled;
  out["scheduler"] = sched;
  out["outcome"] = to_string(v.outcome());
  json gates = json::array();
  for (const Gate g : modelled_gates()) gates.push_back(to_string(g));
  out["checked_gates"] = gates;
  return out;
}

}  // namespace gpuwhy::why
