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

/// The live pod `pod` asks for exactly kGpusPerTrainer nvidia.com/gpu in requests and limits.
Outcome gpu_one(const View& s, std::string_view pod, const char* hint_id);

}  // namespace gpuwhy::checks::detail
