// Step 5 of the lab (docs/lab/SPEC.md): taint lab-node-0, watch cpu-only stay Pending because of the
// taint, save that message, and see that NoSchedule does not evict trainer.
#include <algorithm>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "causes.h"
#include "checks.h"
#include "common.h"
#include "gpuwhy/base/text.h"
#include "gpuwhy/k8s/messages.h"
#include "gpuwhy/k8s/node_affinity.h"
#include "gpuwhy/k8s/pod_affinity.h"
#include "gpuwhy/k8s/requests.h"
#include "gpuwhy/k8s/taints.h"
#include "gpuwhy/k8s/topology_spread.h"
#include "gpuwhy/lab/lab.h"
#include "gpuwhy/lab/rules.h"
#include "gpuwhy/why/why.h"
#include "pending.h"

namespace gpuwhy::checks {

namespace {

using namespace detail;  // NOLINT(google-build-using-namespace)

std::map<std::string, std::string> taint_args() {
  return {{"node", std::string(lab::kGpuNode)},
          {"taint", std::string(lab::kTaintString)},
          {"key", std::string(lab::kTaintKey)},
          {"value", std::string(lab::kTaintValue)},
          {"effect", std::string(lab::kTaintEffect)}};
}

// The lab's taint is on the node with another beside it: one with its key and another effect
// (kubectl taint adds one per key and effect), or one of another key that keeps pods off the node
// (`nvidia.com/gpu.present=true` left from a first try; the lab's pods tolerate only the lab's,
// so trainer2 could never land). The extra one is the fault, not the lab's; one of another key that
// trainer2 (the pod step 6 lands there) tolerates keeps nothing off (kwok's own
// `kwok.x-k8s.io/node=fake:NoSchedule` on every node, tolerated by every pod).
std::optional<Outcome> beside_lab_taint(const json& node, const json* trainer2, const std::vector<json>& ts,
                                        const std::vector<std::string>& shown, const Msg& expected,
                                        std::map<std::string, std::string> args, std::vector<Msg> ev) {
  const auto is_lab = [](const json& t) { return is_lab_taint(t); };
  if (std::none_of(ts.begin(), ts.end(), is_lab)) return std::nullopt;
  const Msg actual = raw(join(shown));
  if (ts.size() > 1) {
    std::vector<std::string> extra;
    for (const auto& t : ts) {
      if (!is_lab(t)) extra.push_back(taint_string(t));
    }
    args["extra"] = join(extra);
    args["remove"] = removal_of(extra);
    return fail(expected, actual, msg("hint.step5.taint.extra", args), ev);
  }
  const auto blocking = foreign_taints_blocking(node, trainer2);
  if (blocking.empty()) return std::nullopt;
  args.merge(foreign_taint_args(blocking));
  ev.push_back(msg("ev.other-taints", {{"node", std::string(lab::kGpuNode)}, {"taints", join(blocking)}}));
  return fail(expected, raw(join(shown) + "; " + join(blocking)), Fault::kForeignTaintBeside, args, ev);
}

/// Verifies: lab-node-0 has exactly the nvidia.com/gpu=present:NoSchedule taint for the key,
/// and no other node has an nvidia.com/gpu taint.
Outcome taint(const View& s) {
  auto args = taint_args();
  const Msg expected = msg("value.step5.taint.expected", args);
  const auto gpu_node = need_gpu_node(s, expected);
  if (gpu_node.node == nullptr) return *gpu_node.outcome;
  const json* node = gpu_node.node;
  const auto ts = gpu_taints(*node);
  std::vector<std::string> shown;
  for (const auto& t : ts) shown.push_back(taint_string(t));
  std::vector<Msg> ev{ev_taints(lab::kGpuNode, shown)};
  std::vector<std::string> others;
  std::vector<std::string> untaint;  // the command that removes the key's taints from each other node
  for (const json* n : s.other_nodes()) {
    const auto theirs = gpu_taints(*n);
    for (const auto& t : theirs) others.push_back(fmt::format("{}: {}", name_of(*n), taint_string(t)));
    if (!theirs.empty()) untaint.push_back(fmt::format("kubectl taint node {} {}-", name_of(*n), lab::kTaintKey));
  }
  const Msg actual = shown.empty() ? msg("value.none") : raw(join(shown));
  if (ts.empty()) {
    // A taint with another key (`nvidia.com/gpu.present=true:NoSchedule`) is not the lab's:
    // it must go, and the lab's must come.
    const auto foreign = foreign_taints(*node);
    if (!foreign.empty()) {
      args["found"] = join(foreign);
      args["remove"] = removal_of(foreign);
      ev.push_back(msg("ev.other-taints", {{"node", std::string(lab::kGpuNode)}, {"taints", join(foreign)}}));
      return fail(expected, raw(join(foreign)), Fault::kForeignTaint, args, ev);
    }
    return fail(expected, actual, Fault::kTaintMissing, args, ev);
  }
  if (auto o = beside_lab_taint(*node, s.pod(lab::kPodTrainer2), ts, shown, expected, args, ev)) return *o;
  for (const auto& t : ts) {
    if (view_at(t, "/effect") == "NoExecute")
      return fail(expected, actual, msg("hint.step5.taint.noexecute", args), ev);
  }
  for (const auto& t : ts) {
    if (view_at(t, "/effect") != lab::kTaintEffect)
      return fail(expected, actual, msg("hint.step5.taint.wrong-effect", args), ev);
    if (view_at(t, "/value") != lab::kTaintValue)
      return fail(expected, actual, msg("hint.step5.taint.wrong-value", args), ev);
  }
  if (!others.empty()) {
    args["others"] = join_capped(others);
    args["commands"] = join_capped(untaint);
    for (const auto& o : others) ev.push_back(raw(o));
    return fail(expected, raw(join(shown) + "; " + join_capped(others)), msg("hint.step5.taint.other-nodes", args), ev);
  }
  return pass(expected, actual, ev);
}

using Problem = std::pair<std::string, std::string>;  // (hint id, detail)

// lab-node-0 as cpu-only should meet it but for the taint (lab::gpu_node_untainted), and what the
// scheduler's filters need beside it: the pods bound there and the wording of this version.
struct FitProbe {
  const View* view = nullptr;
  json node;
  bool live = false;         ///< the node was read: its allocatable and its pods are known
  std::size_t bound = 0;     ///< pods bound to the node
  k8s::ResourceGates gates;  ///< a pod's own spec.resources is dropped before v1.34
};

// The pods the lab reads that may be bound: the lab namespace's, and those of every other namespace
// bound to the GPU node (when read).
std::vector<const json*> bound_items(const View& s) {
  std::vector<const json*> out;
  for (const auto& p : items(s.snap().pods.value())) out.push_back(&p);
  if (s.snap().node_pods.ok()) {
    for (const auto& p : items(s.snap().node_pods.value())) out.push_back(&p);
  }
  return out;
}

FitProbe fit_probe(const View& s) {
  FitProbe f;
  f.view = &s;
  const json* live = s.snap().nodes.ok() ? s.node(lab::kGpuNode) : nullptr;
  f.node = lab::gpu_node_untainted(live);
  f.live = live != nullptr && s.snap().pods.ok();
  if (f.live) {
    for (const auto& p : bound_items(s)) f.bound += k8s::counts_on_node(*p, lab::kGpuNode) ? 1 : 0;
  }
  f.gates = k8s::resource_gates(s.snap().server_version());
  return f;
}

// The pods bound to the probe's node, as far as the scheduler's filters read them.
std::vector<json> bound_pods(const FitProbe& f) {
  std::vector<json> out;
  for (const json* p : bound_items(*f.view)) {
    if (!k8s::counts_on_node(*p, lab::kGpuNode)) continue;
    json slim = {{"metadata", {{"name", name_of(*p)}, {"namespace", str_at(*p, "/metadata/namespace")}}}};
    if (const json* labels = at(*p, "/metadata/labels")) slim["metadata"]["labels"] = *labels;
    if (p->contains("spec")) slim["spec"] = (*p)["spec"];
    if (const json* phase = at(*p, "/status/phase")) slim["status"]["phase"] = *phase;
    out.push_back(std::move(slim));
  }
  return out;
}

// Which of cpu-only's nodeSelector pairs or required node affinity terms rules out the node: a
// selector pair as written, else the requirement of the first term that fails.
std::string affinity_detail(const json& pod, const json& node) {
  if (const json* sel = at(pod, "/spec/nodeSelector"); sel != nullptr && sel->is_object()) {
    for (const auto& [key, value] : sel->items()) {
      if (k8s::label_of(node, key) != k8s::selector_value(value))
        return fmt::format("nodeSelector {}: {}", key, value.dump());
    }
  }
  for (const auto& f : k8s::required_affinity_failures(pod, node)) {
    if (!f.requirement.empty()) return "nodeAffinity " + f.requirement;
  }
  return "spec.affinity.nodeAffinity";
}

// The filters after TaintToleration could not refuse the pod on the probe's node: it lists no
// container port (NodePorts is why's to judge), asks for no resource, its node constraints take the
// node, and the node has room for one more pod. Most cpu-only pods are this, and why::explain is
// not needed to say so.
bool plainly_fits(const json& pod, const FitProbe& f) {
  for (const json* c : all_containers(pod)) {
    if (const json* ports = at(*c, "/ports"); ports != nullptr && !is_empty_value(*ports)) return false;
  }
  for (const auto& [resource, amount] : k8s::pod_requests(pod)) {
    if (amount != 0) return false;
  }
  if (!k8s::required_affinity_matches(pod, f.node)) return false;
  if (!k8s::required_pod_terms(pod, "podAffinity").empty() ||
      !k8s::required_pod_terms(pod, "podAntiAffinity").empty() || !k8s::hard_spread_constraints(pod).empty())
    return false;
  const json* pods = at(f.node, "/status/allocatable/pods");
  const auto room = pods == nullptr ? std::nullopt : k8s::quantity(k8s::kPods, *pods);
  return room && static_cast<long long>(f.bound) + 1 <= *room;
}

// The last filters on the probe's node, PodTopologySpread then InterPodAffinity: cpu-only's own
// DoNotSchedule spread constraints and required pod affinity and anti-affinity, over every node
// (lab-node-0 as the probe has it) and the pods bound in the cluster. Another pod's anti-affinity
// against cpu-only is that pod's doing, not cpu-only's spec, and a term whose namespaceSelector
// asks what is not known of a namespace cannot be judged here: neither is a problem of cpu-only's.
std::optional<Problem> later_filters_exclude(const json& pod, const FitProbe& f) {
  const auto affinity = k8s::required_pod_terms(pod, "podAffinity");
  const auto anti = k8s::required_pod_terms(pod, "podAntiAffinity");
  const auto spread = k8s::hard_spread_constraints(pod);
  if (affinity.empty() && anti.empty() && spread.empty()) return std::nullopt;
  json self = pod;  // a manifest without a namespace is created in the lab's
  if (str_at(self, "/metadata/namespace").empty()) self["metadata"]["namespace"] = std::string(lab::kNamespace);
  const std::string ns = str_at(self, "/metadata/namespace");
  std::vector<const json*> nodes;
  for (const auto& n : items(f.view->snap().nodes.value())) nodes.push_back(name_of(n) == lab::kGpuNode ? &f.node : &n);
  std::vector<k8s::PlacedPod> placed;
  for (const json* p : bound_items(*f.view)) {
    const std::string node = k8s::node_name(*p);
    if (node.empty() || !k8s::counts_on_node(*p, node)) continue;
    if (name_of(*p) == name_of(self) && str_at(*p, "/metadata/namespace") == ns) continue;
    const auto on = std::find_if(nodes.begin(), nodes.end(), [&](const json* n) { return name_of(*n) == node; });
    if (on != nodes.end()) placed.push_back({p, *on});
  }
  constexpr std::size_t kShown = 200;
  const auto shown = [&](const char* id, const char* kind, const std::vector<const json*>& all) {
    json terms = json::array();
    for (const json* t : all) terms.push_back(*t);
    return Problem{id, text::one_line(fmt::format("{} {}", kind, terms.dump()), kShown)};
  };
  switch (k8s::topology_spread(self, f.node, nodes, placed)) {
    case k8s::SpreadFit::kMissingLabel:
      return shown("hint.step5.cpu-only-spec.spread-label", "topologySpreadConstraints", spread);
    case k8s::SpreadFit::kSkew: return shown("hint.step5.cpu-only-spec.spread", "topologySpreadConstraints", spread);
    case k8s::SpreadFit::kFits: break;
  }
  std::vector<const json*> namespaces;  // the lab's alone: another namespace's labels are not read
  if (f.view->snap().namespace_.ok()) namespaces.push_back(&f.view->snap().namespace_.value());
  switch (k8s::inter_pod_affinity(self, f.node, placed, namespaces)) {
    case k8s::PodAffinityFit::kAffinity: return shown("hint.step5.cpu-only-spec.pod-affinity", "podAffinity", affinity);
    case k8s::PodAffinityFit::kAntiAffinity:
      return shown("hint.step5.cpu-only-spec.pod-affinity", "podAntiAffinity", anti);
    case k8s::PodAffinityFit::kExistingAntiAffinity:
    case k8s::PodAffinityFit::kUnknown:
    case k8s::PodAffinityFit::kFits: break;
  }
  return std::nullopt;
}

// What of cpu-only keeps it off lab-node-0 when no taint does: the scheduler's filters after
// TaintToleration (why::explain: node affinity, host ports, resources) on the probe's node, as the
// constraint that rules the node out, or as the scheduler's reasons when the pod does not fit
// there; nullopt when it would. Without the live node, node affinity alone
// (k8s::required_affinity_matches): its allocatable and pods are not known.
std::optional<Problem> excluding(const json& pod, const FitProbe& f) {
  const auto ruled_out = [&] {
    return Problem{"hint.step5.cpu-only-spec.excludes-node", affinity_detail(pod, f.node)};
  };
  if (!f.live) {
    if (k8s::required_affinity_matches(pod, f.node)) return std::nullopt;
    return ruled_out();
  }
  if (plainly_fits(pod, f)) return std::nullopt;
  json probe = pod;  // where it could go, bound or not, gated or not
  if (probe.contains("spec") && probe["spec"].is_object()) {
    probe["spec"].erase("nodeName");
    probe["spec"].erase("schedulingGates");
    if (!f.gates.pod_level) probe["spec"].erase("resources");  // the apiserver drops it
  }
  const why::Verdict v =
      why::explain(probe, {f.node}, bound_pods(f), why::wording_for(f.view->snap().server_version()));
  if (!v.prefilter_failure.empty()) return ruled_out();
  if (v.nodes.empty()) return std::nullopt;
  const why::NodeVerdict& n = v.nodes.front();
  switch (n.gate) {
    case why::Gate::kNone:
    case why::Gate::kTaintToleration:
    case why::Gate::kNodeUnschedulable:
    // Judged here on the probe's node alone; later_filters_exclude counts every node's domain.
    case why::Gate::kPodTopologySpread:
    case why::Gate::kInterPodAffinity: return later_filters_exclude(pod, f);
    case why::Gate::kNodeAffinityFilter:
    case why::Gate::kNodeAffinity: return ruled_out();
    case why::Gate::kNodeResourcesFit:
      // No room for any pod (Too many pods) is the node's doing, not what cpu-only asks.
      if (std::none_of(n.resources.begin(), n.resources.end(),
                       [](const why::ResourceFit& r) { return r.resource != k8s::kPods && r.shortfall() > 0; }))
        return later_filters_exclude(pod, f);
      break;
    case why::Gate::kNodeName:
    case why::Gate::kNodePorts: break;
  }
  return Problem{"hint.step5.cpu-only-spec.does-not-fit", n.reasons.empty() ? why::to_string(n.gate) : join(n.reasons)};
}

// The nodeSelector as written, for a hint that asks for another one.
std::string selector_as_written(const json* sel) {
  constexpr std::size_t kShown = 200;
  return "nodeSelector: " + text::one_line(sel == nullptr ? std::string("{}") : sel->dump(), kShown);
}

// Problems of cpu-only's spec (manifest or live), as (hint id, detail). cpu-only is the pod that
// uses no GPU (the lab text): an amount of nvidia.com/gpu in any container or init container
// asks for one, unless it is zero (the scheduler's fit then holds on every node, so the taint
// stays the only reason); an amount that is not a quantity is counted as asking. Its placement
// must leave the taint the only reason it stays off lab-node-0: with no taint it would fit there
// (`fit`: node affinity, host ports, resources), and no scheduling gate holds it back before the
// scheduler tries it.
std::optional<Problem> cpu_only_problem(const json& pod, const FitProbe& fit) {
  for (const json* c : all_containers(pod)) {
    const json* r = at(*c, "/resources");
    for (const char* which : {"requests", "limits"}) {
      if (r == nullptr || !r->contains(which) || !(*r)[which].is_object()) continue;
      const auto amount = (*r)[which].find(std::string(lab::kResource));
      if (amount != (*r)[which].end() && readers::json_quantity_milli(*amount).value_or(1) != 0)
        return Problem{"hint.step5.cpu-only-spec.gpu", std::string(lab::kResource)};
    }
  }
  const json* sel = at(pod, "/spec/nodeSelector");
  const std::string key(lab::kCpuOnlySelector.key);
  if (sel == nullptr || !sel->is_object() || !sel->contains(key))
    return Problem{"hint.step5.cpu-only-spec.selector", selector_as_written(sel)};
  // An unquoted true (or yes, on, True) is the boolean true; false is another value altogether.
  if ((*sel)[key].is_boolean() && (*sel)[key].get<bool>())
    return Problem{"hint.step5.cpu-only-spec.unquoted", (*sel)[key].dump()};
  if (!(*sel)[key].is_string() || (*sel)[key].get<std::string>() != lab::kCpuOnlySelector.value)
    return Problem{"hint.step5.cpu-only-spec.selector", selector_as_written(sel)};
  for (const auto& t : k8s::authored_tolerations(pod)) {
    if (lab::tolerates_taint(t)) return Problem{"hint.step5.cpu-only-spec.toleration", t.dump()};
  }
  if (auto e = excluding(pod, fit)) return e;
  if (const auto gates = k8s::scheduling_gates(pod); !gates.empty()) {
    constexpr std::size_t kShown = 200;
    return Problem{"hint.step5.cpu-only-spec.gated", text::one_line(join(gates), kShown)};
  }
  return std::nullopt;
}

/// Verifies: k8s/cpu-only.yaml and live cpu-only: no GPU, nodeSelector gpu.present "true",
/// no toleration for the taint.
Outcome cpu_only_spec(const View& s) {
  const std::string file(lab::kManifestCpuOnly);
  std::map<std::string, std::string> args{
      {"file", file},
      {"pod", std::string(lab::kPodCpuOnly)},
      {"namespace", std::string(lab::kNamespace)},
      {"resource", std::string(lab::kResource)},
      {"selector", fmt::format("{}: \"{}\"", lab::kCpuOnlySelector.key, lab::kCpuOnlySelector.value)},
      {"taint", std::string(lab::kTaintString)}};
  const Msg expected = msg("value.step5.cpu-only-spec.expected", args);
  ManifestRead m = read_pod_manifest(s, lab::kManifestCpuOnly, expected, lab::kPodCpuOnly);
  if (!m.pod) return m.failure;
  if (view_at(*m.pod, "/metadata/name") != lab::kPodCpuOnly) {
    args["name"] = name_of(*m.pod);
    return fail(expected, raw(fmt::format("{}: metadata.name={}", file, name_of(*m.pod))),
                msg("hint.manifest.wrong-name", args));
  }
  // A node name skips the scheduler, and with it the taint (the live pod has one once bound).
  if (const std::string pinned = k8s::node_name(*m.pod); !pinned.empty()) {
    args["detail"] = text::one_line(pinned, 100);
    return fail(expected, raw(fmt::format("{}: spec.nodeName={}", file, args["detail"])),
                msg("hint.step5.cpu-only-spec.node-name", args));
  }
  const FitProbe fit = fit_probe(s);
  if (auto p = cpu_only_problem(*m.pod, fit)) {
    args["detail"] = p->second;
    return fail(expected, raw(fmt::format("{}: {}", file, p->second)), msg(p->first, args));
  }
  const auto found = need_pod(s, lab::kPodCpuOnly, expected);
  if (found.pod == nullptr) return *found.outcome;
  const json* pod = found.pod;
  if (auto p = cpu_only_problem(*pod, fit)) {
    // The file is right, the pod running is not: it was made from an older file.
    args["file"] = fmt::format("pod {}", lab::kPodCpuOnly);
    args["detail"] = p->second;
    return fail(expected, raw(fmt::format("pod {}: {}", lab::kPodCpuOnly, p->second)), msg(p->first, args));
  }
  const json* sel = at(*pod, "/spec/nodeSelector");
  return pass(
      expected, raw(sel ? sel->dump() : "{}"),
      {msg("ev.file-ok", {{"file", file}}), ev_pod(lab::kPodCpuOnly, "nodeSelector " + (sel ? sel->dump() : "{}"))});
}

/// Verifies: cpu-only is Pending, unschedulable, and the message blames the taint.
Outcome cpu_only_pending(const View& s) {
  return pending_for(s, lab::kPodCpuOnly, Blame::kTaint,
                     {"hint.step5.cpu-only-pending.scheduled", "hint.step5.cpu-only-pending.not-taint", std::nullopt});
}

/// Verifies: out/tainted.txt holds cpu-only's taint message.
Outcome tainted_file(const View& s) {
  return retarget_cordoned(
      s, scheduler_file(s, lab::kFileTainted, lab::kPodCpuOnly, Blame::kTaint, "hint.step5.tainted-file.insufficient"),
      lab::kPodCpuOnly);
}

// A NoExecute taint on the GPU node of a key other than the lab's that evicts `pod` (null: one
// tolerating nothing); the node controller's own (node.kubernetes.io/) are not the student's.
const json* evicting_other_taint(const json& node, const json* pod) {
  for (const json* t : k8s::evicting_taints(pod != nullptr ? *pod : json::object(), node)) {
    const std::string key = str_at(*t, "/key");
    if (key != lab::kTaintKey && !key.starts_with("node.kubernetes.io/")) return t;
  }
  return nullptr;
}

// trainer gone: deleted, when an event names it; else not created yet (step 4 not done).
const char* gone_hint(const View& s) {
  const json named{{"metadata", {{"name", std::string(lab::kPodTrainer)}}}};
  return events_for(s, named).empty() ? "hint.step5.trainer-not-evicted.not-created"
                                      : "hint.step5.trainer-not-evicted.gone";
}

/// Verifies: trainer is still bound to lab-node-0 and running (NoSchedule does not evict).
Outcome trainer_not_evicted(const View& s) {
  std::map<std::string, std::string> args{{"pod", std::string(lab::kPodTrainer)},
                                          {"node", std::string(lab::kGpuNode)},
                                          {"namespace", std::string(lab::kNamespace)}};
  const Msg expected = msg("value.step5.trainer-not-evicted.expected", args);
  if (auto e = need_pods(s)) return *e;
  bool noexecute = false;
  const json* pod = s.pod(lab::kPodTrainer);
  // A NoExecute taint of another key that trainer (as its manifest asks, when it is gone) does
  // not tolerate evicts it as surely as the lab's key would: that taint is named.
  const json* other = nullptr;
  if (s.snap().nodes.ok()) {
    if (const json* n = s.node(lab::kGpuNode)) {
      for (const auto& t : gpu_taints(*n)) noexecute = noexecute || view_at(t, "/effect") == "NoExecute";
      const ManifestRead m = pod == nullptr ? read_pod_manifest(s, lab::kManifestTrainer, Msg{}) : ManifestRead{};
      other = noexecute ? nullptr : evicting_other_taint(*n, pod != nullptr ? pod : m.pod);
      if (other != nullptr) {
        args["taint"] = k8s::taint_text(*other);
        args["taint_key"] = str_at(*other, "/key");
      }
    }
  }
  const char* evicted = noexecute          ? "hint.step5.trainer-not-evicted.noexecute"
                        : other != nullptr ? "hint.step5.trainer-not-evicted.noexecute-other"
                                           : nullptr;
  if (pod == nullptr) {
    return unmet(
        fail(expected, msg("value.pod-not-found", args), msg(evicted != nullptr ? evicted : gone_hint(s), args)),
        Need::Kind::kPod, lab::kPodTrainer);
  }
  const std::string node = str_at(*pod, "/spec/nodeName");
  const std::string phase = str_at(*pod, "/status/phase");
  const bool deleting = at(*pod, "/metadata/deletionTimestamp") != nullptr;
  const std::vector<Msg> ev{ev_pod_state(lab::kPodTrainer, node, phase, deleting)};
  const Msg actual = raw(fmt::format("{} {}{}", node.empty() ? "<none>" : node, phase, deleting ? " terminating" : ""));
  if (node == lab::kGpuNode && !deleting && phase != "Failed" && phase != "Succeeded")
    return pass(expected, actual, ev);
  if (evicted != nullptr) return fail(expected, actual, msg(evicted, args), ev);
  // Being deleted under a NoSchedule taint alone: someone deleted it, the taint did not.
  if (deleting) return fail(expected, actual, msg("hint.step5.trainer-not-evicted.deleting", args), ev);
  if (node.empty()) return fail(expected, actual, Fault::kNeverScheduled, args, ev);
  return fail(expected, actual, msg("hint.step5.trainer-not-evicted.moved", args), ev);
}

constexpr CheckInfo kChecks[] = {
    {.id = "step5.taint",
     .step = 5,
     .points = 2,
     .run = &taint,
     .reads = kInNodes | kInPods,  // trainer2: whether a taint of another key beside the lab's keeps it off
     .may_be_caused_by = {"step6.toleration"},
     .cause = &causes::taint,
     .counts = {{{lab::kGateTaint, 0}}},
     .removes_every_pod = &causes::evicting_taint},
    {.id = "step5.cpu-only-spec",
     .step = 5,
     .points = 2,
     .run = &cpu_only_spec,
     .reads = kInNodes | kInPods | kInNodePods | kInFiles,
     .creates = {lab::kPodCpuOnly, 0}},
    {.id = "step5.cpu-only-pending",
     .step = 5,
     .points = 3,
     .run = &cpu_only_pending,
     .reads = kInNodes | kInPods,
     .may_be_caused_by = {"step1.namespace", "step1.gpu-labels", "step1.other-nodes-clean", "step5.taint",
                          "step5.cpu-only-spec"},
     .cause = &causes::cpu_only_pending,
     .counts = {{{lab::kGatePending, 0}}}},
    {.id = "step5.tainted-file",
     .step = 5,
     .points = 2,
     .run = &tainted_file,
     .reads = kInNodes | kInPods | kInFiles,
     .may_be_caused_by = {"step5.taint", "step5.cpu-only-pending"},
     .cause = &causes::tainted_file},
    {.id = "step5.trainer-not-evicted",
     .step = 5,
     .points = 2,
     .run = &trainer_not_evicted,
     .reads = kInNodes | kInPods | kInEvents,  // events: whether trainer ever existed
     .may_be_caused_by = {"step4.placed-by-scheduler", "step5.taint"},
     .cause = &causes::trainer_not_evicted,
     .counts = {{{lab::kGateUsed, 3}}},
     .removes = {lab::kPodTrainer, &causes::evicted_trainer}},
};

}  // namespace

std::span<const CheckInfo> step5() {
  return kChecks;
}

}  // namespace gpuwhy::checks
