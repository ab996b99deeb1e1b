// Step 6 of the lab (docs/lab/SPEC.md): trainer2 tolerates the taint and asks for one GPU; it lands on
// lab-node-0 while the taint stays and cpu-only stays Pending.
#include <fmt/format.h>

#include "causes.h"
#include "checks.h"
#include "common.h"
#include "gpuwhy/k8s/taints.h"
#include "gpuwhy/lab/lab.h"
#include "gpuwhy/lab/rules.h"
#include "pending.h"
#include "placement.h"

namespace gpuwhy::checks {
namespace {

using namespace detail;  // NOLINT(google-build-using-namespace)

std::map<std::string, std::string> args6() {
  return {{"pod", std::string(lab::kPodTrainer2)},    {"namespace", std::string(lab::kNamespace)},
          {"node", std::string(lab::kGpuNode)},       {"taint", std::string(lab::kTaintString)},
          {"key", std::string(lab::kTaintKey)},       {"value", std::string(lab::kTaintValue)},
          {"effect", std::string(lab::kTaintEffect)}, {"file", std::string(lab::kManifestTrainer2)},
          {"resource", std::string(lab::kResource)},  {"amount", std::to_string(lab::kGpusPerTrainer)}};
}

// What is wrong with `tols` (a pod's or its manifest's, whose name `args["pod"]` holds) for the
// lab's taint; nullopt when one tolerates it and none tolerates too much.
std::optional<Outcome> untolerant(const std::vector<json>& tols, std::map<std::string, std::string> args,
                                  const Msg& expected, const Msg& actual, const std::vector<Msg>& ev) {
  for (const auto& t : tols) {
    // Without an effect it tolerates every taint; with one (the lab's), every taint of that effect.
    if (lab::tolerates_too_broadly(t))
      return fail(expected, actual,
                  msg(str_at(t, "/effect").empty() ? "hint.step6.toleration.too-broad"
                                                   : "hint.step6.toleration.too-broad-effect",
                      args),
                  ev);
  }
  for (const auto& t : tols) {
    if (lab::tolerates_taint(t)) return std::nullopt;
  }
  // The toleration meant for the taint: one of its effect (or none) first, whose value is then
  // what differs; only then one of another effect.
  for (const auto& t : tols) {
    const std::string effect = str_at(t, "/effect");
    if (lab::aims_at_taint(t) && (effect.empty() || effect == lab::kTaintEffect) &&
        k8s::toleration_operator(t) == "Equal")
      return fail(expected, actual, msg("hint.step6.toleration.wrong-value", args), ev);
  }
  for (const auto& t : tols) {
    const std::string effect = str_at(t, "/effect");
    if (!lab::aims_at_taint(t) || effect.empty() || effect == lab::kTaintEffect) continue;
    // tolerationSeconds is allowed only with NoExecute: changing the effect alone is refused.
    const bool seconds = t.contains("tolerationSeconds") && !t["tolerationSeconds"].is_null();
    return fail(
        expected, actual,
        msg(seconds ? "hint.step6.toleration.wrong-effect-seconds" : "hint.step6.toleration.wrong-effect", args), ev);
  }
  // One meant for the GPU's taint under another key (nvidia.com/GPU, the label's nvidia.com/gpu.present):
  // keys match exactly, so the fault is the key, named as written.
  for (const auto& t : tols) {
    const std::string key = str_at(t, "/key");
    if (key.empty() || text::to_lower_ascii(key).find("gpu") == std::string::npos) continue;
    args["found"] = key;
    return fail(expected, actual, Fault::kTolerationWrongKey, args, ev);
  }
  return fail(expected, actual, Fault::kTolerationMissing, args, ev);
}

std::vector<std::string> dumped(const std::vector<json>& tols) {
  std::vector<std::string> out;
  for (const auto& t : tols) out.push_back(t.dump());
  return out;
}

/// Verifies: live trainer2 has a toleration for nvidia.com/gpu=present:NoSchedule and none
/// that tolerates every taint (the two default NoExecute tolerations are ignored); so has
/// k8s/trainer2.yaml, the manifest handed in, when it is read (step6.gpu judges the file).
Outcome toleration(const View& s) {
  auto args = args6();
  const Msg expected = msg("value.step6.toleration.expected", args);
  // No trainer2, its manifest refused for its tolerations: the toleration is the fault, told of
  // the file (the GPU it asks for and where it lands follow from it).
  if (s.snap().pods.ok() && s.pod(lab::kPodTrainer2) == nullptr &&
      !refused_tolerations(s, lab::kManifestTrainer2, lab::kPodTrainer2).empty()) {
    ManifestRead m = read_pod_manifest(s, lab::kManifestTrainer2, expected, lab::kPodTrainer2);
    if (m.pod == nullptr) return m.failure;
  }
  const auto found = need_pod(s, lab::kPodTrainer2, expected);
  if (found.pod == nullptr) return *found.outcome;
  const auto tols = k8s::authored_tolerations(*found.pod);
  const std::vector<std::string> shown = dumped(tols);
  const Msg actual = shown.empty() ? msg("value.none") : raw(join(shown));
  std::vector<Msg> ev{
      with_list(msg("ev.tolerations", {{"pod", std::string(lab::kPodTrainer2)}}), "tolerations", shown)};
  if (auto o = untolerant(tols, args, expected, actual, ev)) return *o;
  // The live pod tolerates the taint; the manifest handed in must too (a pod patched live, a file
  // saved before the fix). Its faults are told of the file.
  const ManifestRead m = read_pod_manifest(s, lab::kManifestTrainer2, expected, lab::kPodTrainer2);
  if (m.pod != nullptr && view_at(*m.pod, "/metadata/name") == lab::kPodTrainer2) {
    const auto file_tols = k8s::authored_tolerations(*m.pod);
    const std::vector<std::string> file_shown = dumped(file_tols);
    const Msg file_actual = raw(fmt::format("{}: [{}]", lab::kManifestTrainer2, join(file_shown)));
    auto file_ev = ev;
    file_ev.push_back(with_list(msg("ev.tolerations-file", {{"file", std::string(lab::kManifestTrainer2)}}),
                                "tolerations", file_shown));
    auto file_args = args;
    file_args["pod"] = std::string(lab::kManifestTrainer2);
    if (auto o = untolerant(file_tols, file_args, expected, file_actual, file_ev)) return *o;
  }
  return pass(expected, actual, ev);
}

/// Verifies: k8s/trainer2.yaml is Pod trainer2 with one GPU, and live trainer2 requests and
/// limits nvidia.com/gpu = 1.
Outcome gpu(const View& s) {
  auto args = args6();
  const Msg expected = msg("value.gpu-one.expected", args);
  ManifestRead m = read_pod_manifest(s, lab::kManifestTrainer2, expected, lab::kPodTrainer2);
  if (!m.pod) return m.failure;
  if (view_at(*m.pod, "/metadata/name") != lab::kPodTrainer2) {
    args["name"] = name_of(*m.pod);
    return fail(expected, raw(fmt::format("{}: metadata.name={}", lab::kManifestTrainer2, name_of(*m.pod))),
                msg("hint.manifest.wrong-name", args));
  }
  const auto lim = gpu_sum(*m.pod, "limits");
  const auto req = gpu_request_sum(*m.pod);  // what the apiserver stores: a limit stands in
  const long long want = lab::kGpusPerTrainer * 1000LL;
  if (!lim || *lim != want || (req && *req != want)) {
    const Msg actual = raw(fmt::format("{}: requests={} limits={}", lab::kManifestTrainer2,
                                       req ? milli_text(*req) : "-", lim ? milli_text(*lim) : "-"));
    if (auto i = init_only_gpus(*m.pod, std::string(lab::kManifestTrainer2), expected, actual, args, {})) return *i;
    return fail(expected, actual, msg("hint.step6.gpu.manifest", args));
  }
  if (auto i = init_gpus(*m.pod, std::string(lab::kManifestTrainer2), expected, args, {})) return *i;
  return gpu_one(s, lab::kPodTrainer2, "hint.step6.gpu.live");
}

/// Verifies: trainer2 was bound to lab-node-0 by the scheduler.
Outcome placed(const View& s) {
  return retarget_taint_beside(
      s, retarget_foreign_taint(s, placed_by_scheduler(s, lab::kPodTrainer2, lab::kManifestTrainer2, false)),
      lab::kPodTrainer2);
}

// A scheduler message of the events blames the lab's taint key (or, 1.35+, a taint it does not
// name): it was there once.
bool taint_seen(const View& s) {
  if (!s.snap().events.ok()) return false;
  for (const auto& e : items(s.snap().events.value())) {
    const auto m = s.scheduler_message(str_at(e, "/message"));
    if (m && (m->names_taint(lab::kTaintKey) || m->unnamed_taint())) return true;
  }
  return false;
}

// gate_kept before a taint with the wrong key is named as the cause.
Outcome gate_kept_unchecked(const View& s) {
  auto args = args6();
  args["pod"] = std::string(lab::kPodCpuOnly);
  const Msg expected = msg("value.step6.gate-kept.expected", args);
  const auto gpu_node = need_gpu_node(s, expected);
  if (gpu_node.node == nullptr) return *gpu_node.outcome;
  const json* node = gpu_node.node;
  bool kept = false;
  std::vector<std::string> shown;
  for (const auto& t : gpu_taints(*node)) {
    shown.push_back(taint_string(t));
    kept = kept || is_lab_taint(t);
  }
  std::vector<Msg> ev{ev_taints(lab::kGpuNode, shown)};
  if (!kept && !shown.empty()) {
    args["found"] = join(shown);
    return fail(expected, raw(join(shown)), msg("hint.step6.gate-kept.taint-changed", args), ev);
  }
  if (!kept) {
    // Removed, when a scheduler message once named it; else never added (step 5 not done yet).
    const char* hint = taint_seen(s) ? "hint.step6.gate-kept.taint-removed" : "hint.step6.gate-kept.taint-not-added";
    return fail(expected, msg("value.step6.gate-kept.no-taint"), msg(hint, args), ev);
  }
  const auto found = need_pod(s, lab::kPodCpuOnly, expected);
  if (found.pod == nullptr) return *found.outcome;
  const json* pod = found.pod;
  const std::string bound = str_at(*pod, "/spec/nodeName");
  const std::string phase = str_at(*pod, "/status/phase");
  ev.push_back(ev_pod_state(lab::kPodCpuOnly, bound, phase));
  if (!bound.empty() || phase != "Pending") {
    args["bound"] = bound;
    return fail(expected, raw(fmt::format("{} {}", bound.empty() ? "<none>" : bound, phase)), Fault::kCpuOnlyScheduled,
                args, ev);
  }
  return pass(expected, msg("value.step6.gate-kept.kept", args), ev);
}

/// Verifies: the taint is still on lab-node-0 and cpu-only is still Pending.
Outcome gate_kept(const View& s) {
  return retarget_foreign_taint(s, gate_kept_unchecked(s));
}

constexpr CheckInfo kChecks[] = {
    {.id = "step6.toleration",
     .step = 6,
     .points = 2,
     .run = &toleration,
     .reads = kInPods | kInFiles,
     .may_be_caused_by = {"step5.taint"},
     .cause = &causes::toleration,
     .creates = {lab::kPodTrainer2, 1}},
    {.id = "step6.gpu",
     .step = 6,
     .points = 2,
     .run = &gpu,
     .reads = kInPods | kInFiles,
     .creates = {lab::kPodTrainer2, 0}},
    {.id = "step6.placed",
     .step = 6,
     .points = 2,
     .run = &placed,
     .reads = kInNodes | kInPods | kInNodePods | kInEvents | kInFiles,
     .may_be_caused_by = {"step1.namespace", "step1.gpu-labels", "step2.capacity", "step2.allocatable",
                          "step2.other-nodes", "step3.not-created", "step4.manifest", "step4.requests-defaulted",
                          "step5.taint", "step5.cpu-only-pending", "step6.toleration", "step6.gpu"},
     .cause = &causes::placed_trainer2,
     .counts = {{{lab::kGateUsed, 4}, {lab::kGatePending, 1}}}},
    {.id = "step6.gate-kept",
     .step = 6,
     .points = 2,
     .run = &gate_kept,
     .reads = kInNodes | kInPods | kInEvents,  // events: whether a scheduler message ever named the taint
     .may_be_caused_by = {"step5.taint", "step5.cpu-only-pending"},
     .cause = &causes::gate_kept},
};

}  // namespace

std::span<const CheckInfo> step6() {
  return kChecks;
}

}  // namespace gpuwhy::checks
