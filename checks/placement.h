#pragma once
// Shared by step 4 and step 6: "bound to lab-node-0 by the scheduler". Internal.
#include <string_view>

#include "gpuwhy/model/result.h"
#include "gpuwhy/model/snapshot.h"
#include "view.h"

namespace gpuwhy::checks::detail {

/// The live pod `pod` is bound to lab-node-0, PodScheduled True, its manifest `manifest` has
/// no nodeName, and no client set spec.nodeName (managedFields). With `no_constraints`, the
/// live pod must also have no nodeSelector and no affinity (trainer: resources alone decide).
Outcome placed_by_scheduler(const View& s, std::string_view pod, std::string_view manifest, bool no_constraints);

/// The field of a live pod that rules out lab-node-0 as it is (the scheduler's NodeAffinity
/// filter), and whose fault that is.
struct SelectorMiss {
  std::string field;                             ///< spec.nodeSelector, else spec.affinity; empty: none
  Fault fault = Fault::kPlacedNotBoundSelector;  ///< kPlacedNotBoundLabels: the node's labels are
                                                 ///< not step 1's, and with them the pod would fit
};
SelectorMiss selector_rules_out_gpu_node(const View& s, const nlohmann::json& pod);

/// A failure of `pod_name`, unbound, whose own nodeSelector or required node affinity rules out
/// lab-node-0: that is the fault (SelectorMiss::fault), whatever else its message says.
Outcome retarget_selector(const View& s, Outcome o, std::string_view pod_name, std::string_view manifest);

/// A hint that has the student delete and create a lab pod again (trainer, trainer2) gets what
/// that needs now, as parts of its text: a NoSchedule or NoExecute taint on lab-node-0 the pod
/// does not tolerate (a new pod would stay Pending: untaint first, taint again after), and a
/// Pending trainer3 that tolerates the node (it would take the GPU freed: delete it first).
void add_recreate_parts(const View& s, Outcome& o);
/// Fills the parts a failed hint has a place for: {part_recreate} when `created` (the pod the
/// check's step creates) exists and must be made again from its fixed file; {part_cpu_only} when
/// cpu-only waits, so that a taint removed for a moment does not let it in.
void add_pod_parts(const View& s, std::string_view created, Outcome& o);

/// The live pod `pod` asks for exactly kGpusPerTrainer nvidia.com/gpu in requests and limits.
Outcome gpu_one(const View& s, std::string_view pod, const char* hint_id);

}  // namespace gpuwhy::checks::detail
