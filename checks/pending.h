#pragma once
// Shared by steps 5, 6 and 7: a Pending pod and why, and a saved scheduler message against
// the live one. Internal.
#include <optional>
#include <string_view>

#include "gpuwhy/k8s/messages.h"
#include "gpuwhy/model/result.h"
#include "gpuwhy/model/snapshot.h"
#include "outcome.h"

namespace gpuwhy::checks::detail {

enum class Blame { kTaint, kInsufficient };

/// The hints a caller gives for its own named mistakes.
struct PendingHints {
  Hint scheduled;                    ///< the pod got a node
  Hint wrong_reason;                 ///< the message blames something else
  std::optional<Hint> other_reason;  ///< kInsufficient only: the message blames the taint
};

/// The message blames the GPU node's taint: a reason names nvidia.com/gpu or a key of a
/// NoSchedule/NoExecute taint on `gpu_node` (a wrong key the student used), or (1.35+, no taint
/// named) a taint reason while `pod` (when known) does not tolerate every such taint. Taints of
/// other keys only on other nodes (a shared cluster's) are not the lab's.
bool blames_lab_taint(const messages::SchedulerMessage& m, const nlohmann::json* gpu_node, const nlohmann::json* pod);

/// The live pod is unbound, Pending, PodScheduled False/Unschedulable, and its message blames
/// `want` (and not the other one).
Outcome pending_for(const View& s, std::string_view pod, Blame want, const PendingHints& hints);

/// The saved file holds a scheduler message of kind `want`, with the same reason list as the
/// live PodScheduled message of `pod`.
Outcome scheduler_file(const View& s, std::string_view file, std::string_view pod, Blame want,
                       const char* hint_other_kind);

}  // namespace gpuwhy::checks::detail
