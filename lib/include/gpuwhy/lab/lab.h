#pragma once
/// Every constant of the lab (docs/lab/SPEC.md) lives here and nowhere else.

#include <array>
#include <cstddef>
#include <map>
#include <string>
#include <string_view>

namespace gpuwhy::lab {

inline constexpr std::string_view kLabId = "gpu-why";
/// The lab's steps are numbered 1 to kSteps (docs/lab/SPEC.md).
inline constexpr int kSteps = 8;
inline constexpr std::string_view kNamespace = "gpu-why";
inline constexpr std::string_view kGpuNode = "lab-node-0";
inline constexpr std::string_view kResource = "nvidia.com/gpu";
inline constexpr int kAdvertisedGpus = 2;

struct Label {
  std::string_view key;
  std::string_view value;
};
inline constexpr std::array<Label, 4> kGpuLabels{{
    {"nvidia.com/gpu.present", "true"},
    {"nvidia.com/gpu.product", "NVIDIA-A100-SXM4-40GB"},
    {"nvidia.com/gpu.count", "2"},
    {"nvidia.com/gpu.deploy.device-plugin", "true"},
}};

inline constexpr std::string_view kTaintKey = "nvidia.com/gpu";
inline constexpr std::string_view kTaintValue = "present";
inline constexpr std::string_view kTaintEffect = "NoSchedule";
inline constexpr std::string_view kTaintString = "nvidia.com/gpu=present:NoSchedule";

inline constexpr std::string_view kPodTrainer = "trainer";
inline constexpr std::string_view kPodCpuOnly = "cpu-only";
inline constexpr std::string_view kPodTrainer2 = "trainer2";
inline constexpr std::string_view kPodTrainer3 = "trainer3";
/// The pods the student creates, in lab order.
inline constexpr std::array<std::string_view, 4> kPods{kPodTrainer, kPodCpuOnly, kPodTrainer2, kPodTrainer3};

/// A pod the lab keeps Pending on purpose: the step that does it, and what holds it on the GPU
/// node (the taint, or the GPUs taken).
struct HeldPod {
  std::string_view pod;
  int step;
  bool by_taint;
  /// Held by GPUs: the lab's pods that hold them, each on the GPU node and nothing else there.
  std::array<std::string_view, 2> holders{};
};
/// cpu-only by the taint (step 5), trainer3 by the two GPUs trainer and trainer2 hold (step 7).
inline constexpr std::array<HeldPod, 2> kHeldPods{
    {{kPodCpuOnly, 5, true, {}}, {kPodTrainer3, 7, false, {kPodTrainer, kPodTrainer2}}}};

/// nodeSelector that cpu-only must carry.
inline constexpr Label kCpuOnlySelector{"nvidia.com/gpu.present", "true"};

// Student files, relative to the lab folder.
inline constexpr std::string_view kFileAdvertised = "out/advertised.txt";
inline constexpr std::string_view kFileRejected = "out/rejected.txt";
inline constexpr std::string_view kFileTainted = "out/tainted.txt";
inline constexpr std::string_view kFileExhausted = "out/exhausted.txt";
inline constexpr std::string_view kFileGateReport = "out/gate-report.txt";
inline constexpr std::string_view kManifestBadMismatch = "k8s/bad-mismatch.yaml";
inline constexpr std::string_view kManifestBadFraction = "k8s/bad-fraction.yaml";
inline constexpr std::string_view kManifestTrainer = "k8s/trainer.yaml";
inline constexpr std::string_view kManifestCpuOnly = "k8s/cpu-only.yaml";
inline constexpr std::string_view kManifestTrainer2 = "k8s/trainer2.yaml";
inline constexpr std::string_view kManifestTrainer3 = "k8s/trainer3.yaml";

/// The manifests of the pods the student creates, as kPods.
inline constexpr std::array<std::string_view, 4> kPodManifests{kManifestTrainer, kManifestCpuOnly, kManifestTrainer2,
                                                               kManifestTrainer3};
/// Every student file gpuwhy reads, in lab order.
inline constexpr std::array<std::string_view, 11> kStudentFiles{
    kFileAdvertised, kManifestBadMismatch, kManifestBadFraction, kFileRejected,  kManifestTrainer, kManifestCpuOnly,
    kFileTainted,    kManifestTrainer2,    kManifestTrainer3,    kFileExhausted, kFileGateReport};

/// Manifests sent to the apiserver as server-side dry-run creates (step 3).
inline constexpr std::array<std::string_view, 2> kDryRunManifests{kManifestBadMismatch, kManifestBadFraction};

/// Student files larger than this are a clear failure, never read whole.
inline constexpr std::size_t kMaxFileBytes = 1024UL * 1024;

/// Where the lab lives when --dir is not given and the current folder has no k8s/ or out/.
inline constexpr std::string_view kDefaultDir = "/root/gpuwhy";

/// The keys of out/gate-report.txt (step 8).
inline constexpr std::string_view kGateAllocatable = "ALLOCATABLE";
inline constexpr std::string_view kGateUsed = "USED";
inline constexpr std::string_view kGatePending = "PENDING";
inline constexpr std::string_view kGateTaint = "TAINT";
inline constexpr std::string_view kGateRequestsEqualLimits = "REQUESTS_EQUAL_LIMITS";
inline constexpr std::string_view kGateFractional = "FRACTIONAL";
inline constexpr std::string_view kGateSchedulerSees = "SCHEDULER_SEES";
/// The seven keys in lab order.
inline constexpr std::array<std::string_view, 7> kGateKeys{
    kGateAllocatable,         kGateUsed,       kGatePending,      kGateTaint,
    kGateRequestsEqualLimits, kGateFractional, kGateSchedulerSees};

/// The three counts of the gate report when every step went as the lab means: lab-node-0
/// advertises two slots, trainer and trainer2 hold them, cpu-only and trainer3 are Pending. The
/// report is graded against the cluster; these tell an answer that is right for the lab (and a
/// cluster an earlier step changed) from a wrong count.
inline constexpr int kIntendedAllocatable = kAdvertisedGpus;
inline constexpr int kIntendedUsed = 2;
inline constexpr int kIntendedPending = 2;

/// GPUs each of trainer, trainer2, trainer3 asks for.
inline constexpr int kGpusPerTrainer = 1;

/// The scheduler that must have bound the lab pods (Scheduled events, managedFields).
inline constexpr std::string_view kSchedulerName = "default-scheduler";

/// The lab's names as catalog arguments ({node}, {namespace}, {resource}, {taint}, {steps}): the
/// catalog fills in nothing by itself, so whoever renders a text about the lab (a check, its
/// title, a step heading) passes these.
inline const std::map<std::string, std::string>& names() {
  static const std::map<std::string, std::string> kNames{{"node", std::string(kGpuNode)},
                                                         {"namespace", std::string(kNamespace)},
                                                         {"resource", std::string(kResource)},
                                                         {"taint", std::string(kTaintString)},
                                                         {"steps", std::to_string(kSteps)}};
  return kNames;
}

}  // namespace gpuwhy::lab
