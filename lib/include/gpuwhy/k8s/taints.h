// Taints and tolerations: the one place gpuwhy decides whether a toleration tolerates a taint.
// Checks, causes and `gpuwhy why` all go through it.
#pragma once

#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

namespace gpuwhy::k8s {

/// core/v1 Toleration.ToleratesTaint, as the scheduler's TaintToleration plugin calls it: an
/// effect, when set, must equal the taint's; a key, when set, must equal the taint's (an empty key
/// matches every key); operator "" or "Equal" compares the values, "Exists" matches any value, any
/// other operator matches nothing. Fields that are absent or not strings count as "".
bool tolerates(const nlohmann::json& toleration, const nlohmann::json& taint);

/// Whether any of the pod's spec.tolerations tolerates the taint.
bool tolerated(const nlohmann::json& pod, const nlohmann::json& taint);

/// The scheduler's NodeUnschedulable filter (its first) turns the pod away from the node: the node
/// is cordoned (spec.unschedulable true) and the pod does not tolerate
/// node.kubernetes.io/unschedulable:NoSchedule. Its reason: "node(s) were unschedulable".
bool unschedulable_for(const nlohmann::json& node, const nlohmann::json& pod);

/// The scheduler's TaintToleration filter looks at the taint: effect NoSchedule or NoExecute
/// (a PreferNoSchedule taint only lowers a node's score).
bool filters_pods(const nlohmann::json& taint);

/// The node's spec.taints the TaintToleration filter looks at (filters_pods), in order.
std::vector<const nlohmann::json*> filtering_taints(const nlohmann::json& node);

/// FindMatchingUntoleratedTaint as the TaintToleration filter calls it: the first of the node's
/// filtering_taints that none of the pod's tolerations tolerates; nullptr when it tolerates them
/// all (the node passes the filter).
const nlohmann::json* untolerated_taint(const nlohmann::json& pod, const nlohmann::json& node);

/// The taint eviction controller's rule: the node's NoExecute taints that none of the pod's
/// spec.tolerations tolerates, in order. Each evicts the pod from the node (at once, as no
/// toleration of it gives tolerationSeconds), and keeps a new one off it.
std::vector<const nlohmann::json*> evicting_taints(const nlohmann::json& pod, const nlohmann::json& node);

/// The operator as ToleratesTaint reads it: "" (absent, or not a string) means "Equal".
std::string_view toleration_operator(const nlohmann::json& toleration);

/// The toleration with its empty fields ("" or null) left out, as the apiserver writes it, and an
/// empty operator written as "Equal": two tolerations that Kubernetes reads alike compare equal.
nlohmann::json canonical_toleration(const nlohmann::json& toleration);

/// Whether `b` adds nothing to a pod's tolerations that also hold `a`: `a` tolerates every taint `b`
/// tolerates (ToleratesTaint: its effect is empty or `b`'s, its key empty or `b`'s, and it is Exists
/// or Equal to `b`'s value; `b` with an operator that matches nothing is covered by anything), and
/// `b` does not shorten a stay on a NoExecute taint (the taint eviction controller waits for the
/// least tolerationSeconds of the tolerations that match; none: forever), so `b` has none, or
/// matches no NoExecute taint, or `a` has as few.
bool covers(const nlohmann::json& a, const nlohmann::json& b);

/// `tolerations` less those another of them covers (of tolerations that cover each other, the
/// first stays), in order: the pod tolerates the same taints, for as long, with these alone.
std::vector<nlohmann::json> essential_tolerations(const std::vector<nlohmann::json>& tolerations);

/// A toleration without a key matches a taint of every key (ToleratesTaint's key test): it
/// tolerates far more than one taint.
bool matches_every_key(const nlohmann::json& toleration);

/// One of the two tolerations DefaultTolerationSeconds (on by default) adds to every pod that has
/// none of its own for the key: node.kubernetes.io/not-ready and node.kubernetes.io/unreachable,
/// operator Exists, effect NoExecute, tolerationSeconds 300, and nothing else.
bool is_default_toleration_seconds(const nlohmann::json& toleration);

/// The pod's spec.tolerations less the DefaultTolerationSeconds ones: the tolerations its author
/// wrote (a manifest has none of the others; a live pod has them added). Not an array: none.
std::vector<nlohmann::json> authored_tolerations(const nlohmann::json& pod);

/// Whether `toleration` is one an admission plugin adds to `pod` after field tracking (so no
/// managedFields entry owns it): DefaultTolerationSeconds (on by default) adds key
/// node.kubernetes.io/not-ready and node.kubernetes.io/unreachable, operator Exists, effect
/// NoExecute, tolerationSeconds 300; ExtendedResourceToleration (off by default, on in many GPU
/// clusters) adds key <resource>, operator Exists, effect NoSchedule for each extended resource
/// (a name with a '/') the pod requests.
bool is_admission_added(const nlohmann::json& toleration, const nlohmann::json& pod);

/// Why the apiserver refuses a toleration that `kubectl apply` sends it: core/v1 Toleration as the
/// apiserver decodes it (strict field validation, kubectl's default) and ValidateTolerations.
struct TolerationProblem {
  enum class Kind {
    kNotObject,             ///< the item is no mapping (decoding)
    kUnknownField,          ///< a field Toleration has none of, case included (decoding); field: its name
    kNotString,             ///< key, operator, value or effect is a number, boolean, list or mapping (decoding)
    kNotInteger,            ///< tolerationSeconds is no whole number within int64 (decoding)
    kBadKey,                ///< the key is no qualified name (nvidia.com/gpu; lower-case before the '/')
    kEmptyKeyNeedsExists,   ///< no key, and an operator other than Exists
    kSecondsNeedNoExecute,  ///< tolerationSeconds set, and an effect other than NoExecute
    kBadValue,              ///< operator Equal (or none) and a value that is no label value
    kValueWithExists,       ///< operator Exists and a value
    kBadOperator,           ///< an operator other than Equal and Exists (case matters)
    kBadEffect,             ///< an effect other than NoSchedule, PreferNoSchedule and NoExecute (case matters)
  };
  Kind kind;
  std::string field;  ///< the field the apiserver names (spec.tolerations[i].<field>); "" for kNotObject
  std::string found;  ///< what was written there: a string as it is, anything else as JSON
  bool operator==(const TolerationProblem&) const = default;
  /// Refused while decoding (kNotObject to kNotInteger): the apiserver validated nothing.
  [[nodiscard]] bool decoding() const {
    return kind == Kind::kNotObject || kind == Kind::kUnknownField || kind == Kind::kNotString ||
           kind == Kind::kNotInteger;
  }
};

/// Every reason the apiserver gives for refusing `toleration`, in its order; none when it accepts
/// it. Refused while decoding (kNotObject to kNotInteger), the toleration is never validated: the
/// answer is those problems alone. null is a field left out, as Go's decoder reads it; a whole
/// number written as a float (300.0, 1e2) is one, as kubectl writes YAML's numbers as JSON.
std::vector<TolerationProblem> toleration_problems(const nlohmann::json& toleration);

/// A pod's spec.tolerations as the apiserver reads them: (index, problem) for every toleration it
/// refuses; a tolerations field that is no list is one problem at index -1. Empty: accepted.
std::vector<std::pair<int, TolerationProblem>> pod_toleration_problems(const nlohmann::json& pod);

/// A taint as kubectl writes it: "key=value:effect", or "key:effect" when the value is empty.
std::string taint_text(const nlohmann::json& taint);

}  // namespace gpuwhy::k8s
