// The filter plugins of kube-scheduler's default profile that the model has
// (pkg/scheduler/framework/plugins/): nodeunschedulable, nodename, tainttoleration, nodeaffinity,
// nodeports, noderesources/fit.go, and podtopologyspread and interpodaffinity through their k8s
// rules. Each says, for one node, whether it rejects the pod and why.
#include <algorithm>
#include <string>
#include <utility>
#include <vector>

#include <fmt/format.h>

#include "gpuwhy/k8s/node_affinity.h"
#include "gpuwhy/k8s/requests.h"
#include "gpuwhy/k8s/taints.h"
#include "gpuwhy/k8s/topology_spread.h"
#include "why_detail.h"

namespace gpuwhy::why::detail {

using k8s::kCpu;
using k8s::kEphemeral;
using k8s::kMemory;
using k8s::kPods;
using k8s::show_quantity;
using nlohmann::json;

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

namespace {

bool ports_conflict(const HostPort& a, const HostPort& b) {
  if (a.port != b.port || a.protocol != b.protocol) return false;
  return a.ip == b.ip || a.ip == "0.0.0.0" || b.ip == "0.0.0.0";
}

std::string taint_reason(const json& taint, const Wording& w) {
  if (!w.taint_named) return "node(s) had untolerated taint(s)";
  return fmt::format("node(s) had untolerated taint {{{}: {}}}", str(taint, "key"), str(taint, "value"));
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

// Each plugin's Filter: true when it rejects the pod on the node (the verdict then says why).
void reject(NodeVerdict& v, Gate gate, std::string reason, bool unresolvable) {
  v.gate = gate;
  v.reasons.push_back(std::move(reason));
  v.unresolvable = unresolvable;
}

bool node_unschedulable(const Input& in, NodeVerdict& v) {
  if (!k8s::unschedulable_for(in.node, in.pod)) return false;
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
  const json* t = k8s::untolerated_taint(in.pod, in.node);
  if (t == nullptr) return false;
  reject(v, Gate::kTaintToleration, taint_reason(*t, in.wording), true);
  v.taint = *t;
  v.toleration = suggested_toleration(*t);
  v.details.push_back(msg("why.detail.taint", {{"taint", k8s::taint_text(*t)}}));
  v.fix = msg("why.fix.taint", {{"toleration", v.toleration.dump()},
                                {"node", v.node},
                                {"untaint", str(*t, "key") + ":" + str(*t, "effect") + "-"}});
  return true;
}

// spec.nodeSelector: every pair must match.
void selector_mismatches(const Input& in, NodeVerdict& v) {
  const json& sel = path(in.pod, {"spec", "nodeSelector"});
  if (!sel.is_object()) return;
  for (const auto& [k, val] : sel.items()) {
    const std::string wanted = k8s::selector_value(val);
    const auto have = k8s::label_of(in.node, k);
    if (have && *have == wanted) continue;
    v.mismatches.push_back(fmt::format("nodeSelector {}={}: node has {}", k, wanted, k8s::label_text(k, have)));
    v.details.push_back(have ? msg("why.detail.selector", {{"key", k}, {"want", wanted}, {"have", *have}})
                             : msg("why.detail.selector-missing", {{"key", k}, {"want", wanted}}));
    if (v.fix.id.empty()) v.fix = msg("why.fix.selector", {{"node", v.node}, {"key", k}, {"value", wanted}});
  }
}

// A term's failure in the reader's words.
Msg affinity_detail(const k8s::TermFailure& f, std::size_t term) {
  using Kind = k8s::TermFailure::Kind;
  using Fault = k8s::RequirementError::Fault;
  const std::string n = std::to_string(term);
  switch (f.kind) {
    case Kind::kEmptyTerm: return msg("why.detail.affinity-empty-term", {{"term", n}});
    case Kind::kNoTerm: return msg("why.detail.affinity-no-term");
    case Kind::kLabel:
      return f.have ? msg("why.detail.affinity-label",
                          {{"term", n}, {"requirement", f.requirement}, {"key", f.key}, {"have", *f.have}})
                    : msg("why.detail.affinity-label-missing",
                          {{"term", n}, {"requirement", f.requirement}, {"key", f.key}});
    case Kind::kField:
      return msg("why.detail.affinity-field", {{"term", n}, {"requirement", f.requirement}, {"name", f.node}});
    case Kind::kUnusable: break;
  }
  const auto unusable = [&](const char* id) {
    return msg(id, {{"term", n}, {"requirement", f.requirement}, {"subject", f.error.subject}});
  };
  switch (f.error.fault) {
    case Fault::kFieldOperator: return unusable("why.detail.affinity-unusable.field-operator");
    case Fault::kFieldValueCount: return unusable("why.detail.affinity-unusable.field-value-count");
    case Fault::kKey: return unusable("why.detail.affinity-unusable.key");
    case Fault::kNoValues: return unusable("why.detail.affinity-unusable.no-values");
    case Fault::kValuesGiven: return unusable("why.detail.affinity-unusable.values-given");
    case Fault::kValueCount: return unusable("why.detail.affinity-unusable.value-count");
    case Fault::kNotInteger: return unusable("why.detail.affinity-unusable.not-integer");
    case Fault::kOperator: return unusable("why.detail.affinity-unusable.operator");
    case Fault::kValue: return unusable("why.detail.affinity-unusable.value");
  }
  return unusable("why.detail.affinity-unusable.operator");
}

// Required node affinity: one term must match; when none does, each term's first failure.
void affinity_mismatches(const Input& in, NodeVerdict& v) {
  const auto failures = k8s::required_affinity_failures(in.pod, in.node);
  if (failures.empty()) return;
  for (std::size_t i = 0; i < failures.size(); ++i) {
    v.mismatches.push_back(fmt::format("term {}: {}", i + 1, failures[i].text()));
    v.details.push_back(affinity_detail(failures[i], i + 1));
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
  if (pods.too_big()) {
    // No pod at all fits: the node's allocatable lacks pods (a status patch that replaced the map).
    v.fix = msg("why.fix.resource.no-pods", {{"node", v.node}});
  } else {
    v.fix = msg(too_big ? "why.fix.resource.too-big" : "why.fix.resource", {{"node", v.node}});
  }
  return true;
}

// DoNotSchedule constraints (k8s::topology_spread): a node without a topologyKey cannot be helped
// by preemption; a skew can, when the victims are among the pods counted.
bool pod_topology_spread(const Input& in, NodeVerdict& v) {
  const k8s::SpreadFit fit = k8s::topology_spread(in.cluster.spread, in.node);
  if (fit == k8s::SpreadFit::kFits) return false;
  const bool missing = fit == k8s::SpreadFit::kMissingLabel;
  reject(v, Gate::kPodTopologySpread, std::string(k8s::reason_of(fit)), missing);
  v.details.push_back(msg(missing ? "why.detail.spread-label" : "why.detail.spread-skew", {{"node", v.node}}));
  v.fix = msg(missing ? "why.fix.spread-label" : "why.fix.spread-skew", {{"node", v.node}});
  return true;
}

// Required pod affinity and anti-affinity (k8s::inter_pod_affinity). A namespaceSelector the
// namespaces read cannot settle lets the node through here; explain() names it not modelled.
bool inter_pod_affinity(const Input& in, NodeVerdict& v) {
  const k8s::PodAffinityFit fit = k8s::inter_pod_affinity(in.cluster.affinity, in.node);
  const char* what = nullptr;
  switch (fit) {
    case k8s::PodAffinityFit::kFits:
    case k8s::PodAffinityFit::kUnknown: return false;
    case k8s::PodAffinityFit::kAffinity: what = "pod-affinity"; break;
    case k8s::PodAffinityFit::kAntiAffinity: what = "pod-anti-affinity"; break;
    case k8s::PodAffinityFit::kExistingAntiAffinity: what = "existing-anti-affinity"; break;
  }
  // Pods that are nowhere cannot be made by evicting others; pods in the way can be evicted.
  reject(v, Gate::kInterPodAffinity, std::string(k8s::reason_of(fit)), fit == k8s::PodAffinityFit::kAffinity);
  std::vector<std::string> names;
  for (const json* p : k8s::pods_in_the_way(in.cluster.affinity, in.node, fit)) {
    names.push_back(str(field(*p, "metadata"), "namespace") + "/" + str(field(*p, "metadata"), "name"));
  }
  v.details.push_back(msg(std::string("why.detail.") + what, {{"node", v.node}, {"pods", first_names(names)}}));
  v.fix = msg(std::string("why.fix.") + what, {{"node", v.node}});
  return true;
}

}  // namespace

std::string first_names(const std::vector<std::string>& names) {
  constexpr std::size_t kNamed = 3;
  std::string out;
  for (std::size_t i = 0; i < names.size() && i < kNamed; ++i) out += (i == 0 ? "" : ", ") + names[i];
  if (names.size() > kNamed) out += fmt::format(" (+{})", names.size() - kNamed);
  return out;
}

Cluster judged(Cluster c, const json& pod) {
  c.spread = k8s::topology_spread_state(pod, c.nodes, c.placed);
  c.affinity = k8s::inter_pod_affinity_state(pod, c.placed, c.namespaces);
  return c;
}

NodeState state_of(const std::vector<const json*>& pods) {
  NodeState st;
  for (const json* p : pods) {
    ++st.pods;
    for (const auto& [r, q] : k8s::pod_requests(*p)) st.requested[r] += q;
    const std::string holder = str(field(*p, "metadata"), "namespace") + "/" + str(field(*p, "metadata"), "name");
    for (auto& hp : host_ports(*p)) st.ports.emplace_back(std::move(hp), holder);
  }
  return st;
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
  for (const auto filter : {node_unschedulable, node_name, taint_toleration, node_affinity, node_ports,
                            node_resources_fit, pod_topology_spread, inter_pod_affinity}) {
    if (filter(in, v)) return v;
  }
  return v;
}

}  // namespace gpuwhy::why::detail
