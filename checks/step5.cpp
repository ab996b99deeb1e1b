// Step 5 of the lab (docs/lab/SPEC.md): taint lab-node-0, watch cpu-only stay Pending because of the
// taint, save that message, and see that NoSchedule does not evict trainer.
#include <algorithm>

#include <fmt/format.h>

#include "causes.h"
#include "checks.h"
#include "common.h"
#include "gpuwhy/base/text.h"
#include "gpuwhy/k8s/messages.h"
#include "gpuwhy/k8s/node_affinity.h"
#include "gpuwhy/k8s/requests.h"
#include "gpuwhy/k8s/taints.h"
#include "gpuwhy/lab/lab.h"
#include "gpuwhy/lab/rules.h"
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
  for (const json* n : s.other_nodes()) {
    for (const auto& t : gpu_taints(*n)) others.push_back(fmt::format("{}: {}", name_of(*n), taint_string(t)));
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
  // The lab's taint is there, and another with its key and another effect beside it (kubectl taint
  // adds one per key and effect): the extra one is the fault, not the lab's.
  const auto is_lab = [](const json& t) {
    return view_at(t, "/effect") == lab::kTaintEffect && view_at(t, "/value") == lab::kTaintValue;
  };
  if (ts.size() > 1 && std::any_of(ts.begin(), ts.end(), is_lab)) {
    std::vector<std::string> extra;
    for (const auto& t : ts) {
      if (!is_lab(t)) extra.push_back(taint_string(t));
    }
    args["extra"] = join(extra);
    args["remove"] = removal_of(extra);
    return fail(expected, actual, msg("hint.step5.taint.extra", args), ev);
  }
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
    for (const auto& o : others) ev.push_back(raw(o));
    return fail(expected, raw(join(shown) + "; " + join_capped(others)), msg("hint.step5.taint.other-nodes", args), ev);
  }
  return pass(expected, actual, ev);
}

using Problem = std::pair<std::string, std::string>;  // (hint id, detail)

// What of cpu-only's nodeSelector and required node affinity rules out lab-node-0 as step 1
// leaves it: a selector pair as written, else the requirement of the first term that fails;
// nullopt when they can take the node. The scheduler's NodeAffinity filter, k8s's rule.
std::optional<std::string> excluding(const json& pod, const json& gpu_node) {
  if (k8s::required_affinity_matches(pod, gpu_node)) return std::nullopt;
  if (const json* sel = at(pod, "/spec/nodeSelector"); sel != nullptr && sel->is_object()) {
    for (const auto& [key, value] : sel->items()) {
      if (k8s::label_of(gpu_node, key) != k8s::selector_value(value))
        return fmt::format("nodeSelector {}: {}", key, value.dump());
    }
  }
  for (const auto& f : k8s::required_affinity_failures(pod, gpu_node)) {
    if (!f.requirement.empty()) return "nodeAffinity " + f.requirement;
  }
  return std::string("spec.affinity.nodeAffinity");
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
// must leave the taint the only reason it stays off lab-node-0: its node constraints take the
// node (`gpu_node`, labelled as step 1 leaves it), and no scheduling gate holds it back before
// the scheduler tries it.
std::optional<Problem> cpu_only_problem(const json& pod, const json& gpu_node) {
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
  if ((*sel)[key].is_boolean()) return Problem{"hint.step5.cpu-only-spec.unquoted", (*sel)[key].dump()};
  if (!(*sel)[key].is_string() || (*sel)[key].get<std::string>() != lab::kCpuOnlySelector.value)
    return Problem{"hint.step5.cpu-only-spec.selector", selector_as_written(sel)};
  for (const auto& t : k8s::authored_tolerations(pod)) {
    if (lab::tolerates_taint(t)) return Problem{"hint.step5.cpu-only-spec.toleration", t.dump()};
  }
  if (auto e = excluding(pod, gpu_node)) return Problem{"hint.step5.cpu-only-spec.excludes-node", *e};
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
  const json gpu_node = lab::gpu_node_labelled(s.node(lab::kGpuNode));
  if (auto p = cpu_only_problem(*m.pod, gpu_node)) {
    args["detail"] = p->second;
    return fail(expected, raw(fmt::format("{}: {}", file, p->second)), msg(p->first, args));
  }
  const auto found = need_pod(s, lab::kPodCpuOnly, expected);
  if (found.pod == nullptr) return *found.outcome;
  const json* pod = found.pod;
  if (auto p = cpu_only_problem(*pod, gpu_node)) {
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
  return scheduler_file(s, lab::kFileTainted, lab::kPodCpuOnly, Blame::kTaint, "hint.step5.tainted-file.insufficient");
}

/// Verifies: trainer is still bound to lab-node-0 and running (NoSchedule does not evict).
Outcome trainer_not_evicted(const View& s) {
  std::map<std::string, std::string> args{{"pod", std::string(lab::kPodTrainer)},
                                          {"node", std::string(lab::kGpuNode)},
                                          {"namespace", std::string(lab::kNamespace)}};
  const Msg expected = msg("value.step5.trainer-not-evicted.expected", args);
  if (auto e = need_pods(s)) return *e;
  bool noexecute = false;
  if (s.snap().nodes.ok()) {
    if (const json* n = s.node(lab::kGpuNode)) {
      for (const auto& t : gpu_taints(*n)) noexecute = noexecute || view_at(t, "/effect") == "NoExecute";
    }
  }
  const json* pod = s.pod(lab::kPodTrainer);
  if (pod == nullptr) {
    return unmet(
        fail(expected, msg("value.pod-not-found", args),
             msg(noexecute ? "hint.step5.trainer-not-evicted.noexecute" : "hint.step5.trainer-not-evicted.gone", args)),
        Need::Kind::kPod, lab::kPodTrainer);
  }
  const std::string node = str_at(*pod, "/spec/nodeName");
  const std::string phase = str_at(*pod, "/status/phase");
  const bool deleting = at(*pod, "/metadata/deletionTimestamp") != nullptr;
  const std::vector<Msg> ev{ev_pod_state(lab::kPodTrainer, node, phase, deleting)};
  const Msg actual = raw(fmt::format("{} {}{}", node.empty() ? "<none>" : node, phase, deleting ? " terminating" : ""));
  if (node == lab::kGpuNode && !deleting && phase != "Failed" && phase != "Succeeded")
    return pass(expected, actual, ev);
  if (deleting || noexecute) return fail(expected, actual, msg("hint.step5.trainer-not-evicted.noexecute", args), ev);
  if (node.empty()) return fail(expected, actual, Fault::kNeverScheduled, args, ev);
  return fail(expected, actual, msg("hint.step5.trainer-not-evicted.moved", args), ev);
}

constexpr CheckInfo kChecks[] = {
    {.id = "step5.taint",
     .step = 5,
     .points = 2,
     .run = &taint,
     .reads = kInNodes,
     .may_be_caused_by = {"step6.toleration"},
     .cause = &causes::taint,
     .counts = {{{lab::kGateTaint, 0}}},
     .removes_every_pod = &causes::evicting_taint},
    {.id = "step5.cpu-only-spec",
     .step = 5,
     .points = 2,
     .run = &cpu_only_spec,
     .reads = kInPods | kInFiles,
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
     .reads = kInNodes | kInPods,
     .may_be_caused_by = {"step4.placed-by-scheduler", "step5.taint"},
     .cause = &causes::trainer_not_evicted,
     .counts = {{{lab::kGateUsed, 3}}}},
};

}  // namespace

std::span<const CheckInfo> step5() {
  return kChecks;
}

}  // namespace gpuwhy::checks
