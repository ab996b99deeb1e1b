// Step 4 of the lab (docs/lab/SPEC.md): trainer asks for nvidia.com/gpu under limits only, the
// apiserver fills requests, and the scheduler alone picks lab-node-0.
#include <algorithm>
#include <optional>

#include <fmt/format.h>

#include "causes.h"
#include "checks.h"
#include "common.h"
#include "gpuwhy/k8s/fields.h"
#include "gpuwhy/k8s/messages.h"
#include "gpuwhy/lab/lab.h"
#include "placement.h"

namespace gpuwhy::checks {

namespace {

using namespace detail;  // NOLINT(google-build-using-namespace)

// Several containers each ask for GPUs, which the scheduler adds up for the pod: each may say 1,
// the pod asks for their sum.
std::optional<Outcome> split_over_containers(const json& pod, std::map<std::string, std::string> args,
                                             const Msg& expected, const Msg& actual, const std::vector<Msg>& ev) {
  const json* cs = at(pod, "/spec/containers");
  if (cs == nullptr || !cs->is_array()) return std::nullopt;
  std::vector<std::string> asks;
  long long total = 0;
  for (const auto& c : *cs) {
    const auto milli = container_gpu(c, "limits");
    if (!milli || *milli == 0) continue;
    total += *milli;
    asks.push_back(fmt::format("{}: {}", str_at(c, "/name"), milli_text(*milli)));
  }
  if (asks.size() < 2 || total == lab::kGpusPerTrainer * 1000LL) return std::nullopt;
  args["detail"] = join(asks);
  args["total"] = milli_text(total);
  return fail(expected, actual, msg("hint.step4.manifest.containers-sum", args), ev);
}

/// Verifies: k8s/trainer.yaml is Pod trainer with nvidia.com/gpu: 1 under limits only and no
/// nodeSelector, nodeName or affinity.
Outcome manifest(const View& s) {
  const std::string file(lab::kManifestTrainer);
  std::map<std::string, std::string> args{{"file", file},
                                          {"pod", std::string(lab::kPodTrainer)},
                                          {"resource", std::string(lab::kResource)},
                                          {"amount", std::to_string(lab::kGpusPerTrainer)}};
  const Msg expected = msg("value.step4.manifest.expected", args);
  ManifestRead m = read_pod_manifest(s, lab::kManifestTrainer, expected, lab::kPodTrainer);
  if (!m.pod) return m.failure;
  const json& pod = *m.pod;
  const auto req = gpu_sum(pod, "requests");
  const auto lim = gpu_sum(pod, "limits");
  std::vector<std::string> fields;
  for (const char* f : {"nodeSelector", "nodeName", "affinity"}) {
    if (constrains(pod, f)) fields.push_back(std::string("spec.") + f);  // `nodeSelector: {}` does not
  }
  const std::string shown = fmt::format("name={} requests={} limits={}{}{}", name_of(pod), req ? milli_text(*req) : "-",
                                        lim ? milli_text(*lim) : "-", fields.empty() ? "" : " ", join(fields));
  const std::vector<Msg> ev{raw(fmt::format("{}: {}", file, shown))};
  args["fields"] = join(fields);
  args["name"] = name_of(pod);
  if (view_at(pod, "/metadata/name") != lab::kPodTrainer)
    return fail(expected, raw(shown), msg("hint.manifest.wrong-name", args), ev);
  if (req && !fields.empty())
    return fail(expected, raw(shown), msg("hint.step4.manifest.requests-and-constraint", args), ev);
  if (req) return fail(expected, raw(shown), msg("hint.step4.manifest.requests-set", args), ev);
  if (!fields.empty()) return fail(expected, raw(shown), msg("hint.step4.manifest.constraint", args), ev);
  if (auto i = init_only_gpus(pod, file, expected, raw(shown), args, ev)) return *i;
  if (auto split = split_over_containers(pod, args, expected, raw(shown), ev)) return *split;
  if (!lim || *lim != lab::kGpusPerTrainer * 1000LL)
    return fail(expected, raw(shown), msg("hint.step4.manifest.limit", args), ev);
  if (auto i = init_gpus(pod, file, expected, args, ev)) return *i;
  return pass(expected, raw(shown), ev);
}

/// Verifies: live trainer has requests and limits nvidia.com/gpu = 1 (requests were filled).
Outcome requests_defaulted(const View& s) {
  Outcome o = gpu_one(s, lab::kPodTrainer, "hint.step4.requests-defaulted");
  const json* pod = o.status == Status::kPass ? s.pod(lab::kPodTrainer) : nullptr;
  const auto applied = pod == nullptr ? std::nullopt : k8s::last_applied(*pod);
  if (!applied) return o;
  // The apiserver fills requests from limits only when the manifest asks none: what kubectl
  // applied (its last-applied-configuration) shows whether the student wrote them.
  for (const json* c : k8s::array_of(k8s::path(*applied, {"spec", "containers"}))) {
    const json& asked = k8s::path(*c, {"resources", "requests", lab::kResource});
    if (asked.is_null()) continue;
    const std::string amount = k8s::written(asked);
    const std::map<std::string, std::string> args{{"pod", std::string(lab::kPodTrainer)},
                                                  {"resource", std::string(lab::kResource)},
                                                  {"file", std::string(lab::kManifestTrainer)},
                                                  {"amount", amount}};
    const std::string shown = fmt::format("last-applied-configuration: requests {}={}", lab::kResource, amount);
    o.evidence.push_back(ev_pod(lab::kPodTrainer, shown));
    return fail(o.expected, raw(shown), msg("hint.step4.requests-defaulted.written", args), o.evidence);
  }
  return o;
}

/// Verifies: trainer was bound to lab-node-0 by the scheduler, with no constraint.
Outcome placed(const View& s) {
  return placed_by_scheduler(s, lab::kPodTrainer, lab::kManifestTrainer, true);
}

constexpr CheckInfo kChecks[] = {
    {.id = "step4.manifest",
     .step = 4,
     .points = 2,
     .run = &manifest,
     .reads = kInFiles,
     .creates = {lab::kPodTrainer, 0}},
    {.id = "step4.requests-defaulted",
     .step = 4,
     .points = 2,
     .run = &requests_defaulted,
     .reads = kInPods,
     .may_be_caused_by = {"step1.namespace", "step4.manifest", "step5.taint"},
     .cause = &causes::requests_defaulted},
    {.id = "step4.placed-by-scheduler",
     .step = 4,
     .points = 3,
     .run = &placed,
     .reads = kInNodes | kInPods | kInNodePods | kInEvents | kInFiles,
     .may_be_caused_by = {"step1.namespace", "step1.gpu-labels", "step2.capacity", "step2.allocatable",
                          "step2.other-nodes", "step3.not-created", "step4.manifest", "step5.taint"},
     .cause = &causes::placed_trainer,
     .counts = {{{lab::kGateUsed, 2}, {lab::kGatePending, 3}}}},
};

}  // namespace

std::span<const CheckInfo> step4() {
  return kChecks;
}

}  // namespace gpuwhy::checks
