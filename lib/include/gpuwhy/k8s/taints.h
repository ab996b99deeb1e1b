// Taints and tolerations: the one place gpuwhy decides whether a toleration tolerates a taint.
// Checks, causes and `gpuwhy why` all go through it.
#pragma once

#include <string>

#include <nlohmann/json.hpp>

namespace gpuwhy::k8s {

/// core/v1 Toleration.ToleratesTaint, as the scheduler's TaintToleration plugin calls it: an
/// effect, when set, must equal the taint's; a key, when set, must equal the taint's (an empty key
/// matches every key); operator "" or "Equal" compares the values, "Exists" matches any value, any
/// other operator matches nothing. Fields that are absent or not strings count as "".
bool tolerates(const nlohmann::json& toleration, const nlohmann::json& taint);

/// Whether any of the pod's spec.tolerations tolerates the taint.
bool tolerated(const nlohmann::json& pod, const nlohmann::json& taint);

/// Whether `toleration` is one the DefaultTolerationSeconds admission plugin adds to every pod
/// that has none like it: key node.kubernetes.io/not-ready or node.kubernetes.io/unreachable,
/// operator Exists, effect NoExecute, tolerationSeconds 300. The apiserver adds it after field
/// tracking, so no managedFields entry owns it.
bool is_admission_default(const nlohmann::json& toleration);

/// A taint as kubectl writes it: "key=value:effect", or "key:effect" when the value is empty.
std::string taint_text(const nlohmann::json& taint);

}  // namespace gpuwhy::k8s
