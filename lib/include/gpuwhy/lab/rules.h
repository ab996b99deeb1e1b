#pragma once
/// The lab's questions about tolerations and scheduler messages, each answered by Kubernetes' own
/// rule (gpuwhy/k8s) applied to the lab's taint: no check matches a toleration itself.

#include <nlohmann/json.hpp>

#include "gpuwhy/k8s/messages.h"
#include "gpuwhy/lab/lab.h"

namespace gpuwhy::lab {

/// The lab's taint as a node carries it (a core/v1 Taint: key, value, effect).
const nlohmann::json& taint();

/// The lab's taint as scheduler messages are compared (messages::same_reasons).
inline constexpr messages::TaintRef kTaintRef{kTaintKey, kTaintValue};

/// The toleration tolerates the lab's taint (k8s::tolerates: key, operator, value and effect).
bool tolerates_taint(const nlohmann::json& toleration);

/// It tolerates the lab's taint only by matching every key: far broader than the lab asks.
bool tolerates_too_broadly(const nlohmann::json& toleration);

/// The toleration names the lab's taint key, whether or not it matches the taint.
bool aims_at_taint(const nlohmann::json& toleration);

/// lab-node-0 as steps 1 and 2 leave it, before step 5 taints it: the live node (`live`; null when
/// it is not there: one with only its name and hostname label) with the four GPU labels at the
/// lab's values, no taint and not cordoned. Asks whether a pod could land there but for the taint,
/// without failing it again for what another step missed.
nlohmann::json gpu_node_untainted(const nlohmann::json* live);

}  // namespace gpuwhy::lab
