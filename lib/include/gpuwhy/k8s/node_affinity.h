// Required node affinity (k8s.io/component-helpers/scheduling/corev1/nodeaffinity): whether a
// node satisfies a pod's nodeSelectorTerms, and the scheduler's NodeAffinity PreFilter on
// metadata.name. The one place gpuwhy matches node selector requirements.
#pragma once

#include <optional>
#include <set>
#include <string>

#include <nlohmann/json.hpp>

namespace gpuwhy::k8s {

/// One matchExpressions or matchFields requirement against the value the node has (nullopt: the
/// node has no such label or field), labels.Requirement.Matches semantics: In, NotIn (true when
/// absent), Exists, DoesNotExist, Gt and Lt (one value, both sides int64); any other operator
/// matches nothing.
bool requirement_matches(const nlohmann::json& requirement, const std::optional<std::string>& have);
/// "gpu In (a,b)", "gpu Exists": a requirement for people.
std::string requirement_text(const nlohmann::json& requirement);

/// The node's label `key`; nullopt when it has none (or it is no string).
std::optional<std::string> label_of(const nlohmann::json& node, const std::string& key);
/// "key=value", or "no label key" when the node has none.
std::string label_text(const std::string& key, const std::optional<std::string>& have);

/// The first requirement of a nodeSelectorTerm the node fails, described ("gpu In (true): node
/// has gpu=false"); nullopt when the term matches. A term with no requirement at all matches no
/// node (NodeSelectorTerm: "null or empty ... matches no objects"). matchFields knows
/// metadata.name only.
std::optional<std::string> term_failure(const nlohmann::json& term, const nlohmann::json& node);

/// spec.affinity.nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution.nodeSelectorTerms
/// (null when the pod has none).
const nlohmann::json& required_terms(const nlohmann::json& pod);

/// NodeAffinity.PreFilter: when every required term pins metadata.name In [...] (intersected
/// within a term), only the union of those names is tried; an empty union is a conflict.
struct NodeNameFilter {
  bool restricted = false;      ///< only `names` are tried
  std::set<std::string> names;  ///< when restricted
  bool conflict = false;        ///< no node can be tried ("pod affinity terms conflict")
};
NodeNameFilter node_affinity_prefilter(const nlohmann::json& pod);

}  // namespace gpuwhy::k8s
