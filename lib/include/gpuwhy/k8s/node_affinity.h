// Required node affinity (k8s.io/component-helpers/scheduling/corev1/nodeaffinity): whether a
// node satisfies a pod's nodeSelectorTerms, and the scheduler's NodeAffinity PreFilter on
// metadata.name. The one place gpuwhy matches node selector requirements.
#pragma once

#include <optional>
#include <set>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace gpuwhy::k8s {

/// One matchExpressions requirement against the node's value of its label (nullopt: the node has
/// no such label), labels.Requirement.Matches semantics: In, NotIn (true when
/// absent), Exists, DoesNotExist, Gt and Lt (one value, both sides int64); any other operator
/// matches nothing. Assumes requirement_error found nothing.
bool requirement_matches(const nlohmann::json& requirement, const std::optional<std::string>& have);
/// "gpu In (a,b)", "gpu Exists": a requirement for people.
std::string requirement_text(const nlohmann::json& requirement);

/// The node's label `key`; nullopt when it has none (or it is no string).
std::optional<std::string> label_of(const nlohmann::json& node, const std::string& key);
/// "key=value", or "no label key" when the node has none.
std::string label_text(const std::string& key, const std::optional<std::string>& have);

/// Why the scheduler cannot use a requirement (labels.NewRequirement's errors, and matchFields'
/// own): the fault and the key, operator or value it is about.
struct RequirementError {
  enum class Fault {
    kFieldOperator,    ///< matchFields with an operator other than In or NotIn (`subject`)
    kFieldValueCount,  ///< matchFields In or NotIn without exactly one value
    kKey,              ///< the key (`subject`) is no qualified name
    kNoValues,         ///< In or NotIn without a value
    kValuesGiven,      ///< Exists or DoesNotExist with values
    kValueCount,       ///< Gt or Lt without exactly one value
    kNotInteger,       ///< Gt or Lt with a value (`subject`) that is no int64
    kOperator,         ///< an operator (`subject`) the scheduler does not know
    kValue,            ///< a value (`subject`) that is no label value
  };
  Fault fault = Fault::kOperator;
  std::string subject;
  bool operator==(const RequirementError&) const = default;
  /// The error in English ("\"-3\" is not a valid label value"), for machine-read output.
  [[nodiscard]] std::string text() const;
};

/// Why the scheduler cannot use a requirement, nullopt when it can. matchExpressions
/// (`is_field` false): labels.NewRequirement's checks (a qualified key; In and NotIn with values,
/// Exists and DoesNotExist without, Gt and Lt with one int64; every value a label value; no other
/// operator). matchFields: In or NotIn with exactly one value.
std::optional<RequirementError> requirement_error(const nlohmann::json& requirement, bool is_field);

/// A matchFields requirement the scheduler can use, against the node's fields: metadata.name is
/// the node's name, any other key reads as "" (In: equal to the one value; NotIn: not equal).
bool field_requirement_matches(const nlohmann::json& requirement, const nlohmann::json& node);

/// Why a nodeSelectorTerm, or a required node affinity as a whole, rejects a node.
struct TermFailure {
  enum class Kind {
    kEmptyTerm,  ///< the term has no requirement: it matches no node
    kUnusable,   ///< `requirement` is one the scheduler cannot use (`error`): the term matches no node
    kLabel,      ///< `requirement` does not match the node's label `key` (`have`; nullopt: none)
    kField,      ///< the matchFields `requirement` does not match the node's name (`node`)
    kNoTerm,     ///< the required affinity has no term at all: it matches no node
  };
  Kind kind = Kind::kEmptyTerm;
  std::string requirement;  ///< requirement_text of the requirement at fault
  RequirementError error;   ///< kUnusable
  std::string key;          ///< kLabel
  std::optional<std::string> have;
  std::string node;  ///< kField
  bool operator==(const TermFailure&) const = default;
  /// The failure in English ("gpu In (true): node has gpu=false"), for machine-read output.
  [[nodiscard]] std::string text() const;
};

/// The first reason a nodeSelectorTerm rejects the node; nullopt when the term matches. A term
/// with no requirement at all, or with one the scheduler cannot use (requirement_error), matches
/// no node; matchFields are not applied to a node without a name.
std::optional<TermFailure> term_failure(const nlohmann::json& term, const nlohmann::json& node);

/// The pod has spec.affinity.nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution.
bool has_required_affinity(const nlohmann::json& pod);

/// When the pod's required node affinity rejects the node: each term's failure in order, or one
/// kNoTerm when it has no term at all (then it matches no node); empty when the node passes, or
/// the pod has no required node affinity.
std::vector<TermFailure> required_affinity_failures(const nlohmann::json& pod, const nlohmann::json& node);

/// A nodeSelector value as the node's label must equal it (a string; anything else as JSON text).
std::string selector_value(const nlohmann::json& value);

/// Every spec.nodeSelector pair is a label of the node (labels.SelectorFromSet).
bool node_selector_matches(const nlohmann::json& pod, const nlohmann::json& node);

/// RequiredNodeAffinity.Match, what the scheduler's NodeAffinity filter asks: the nodeSelector
/// matches and, when the pod has required node affinity, one of its terms does.
bool required_affinity_matches(const nlohmann::json& pod, const nlohmann::json& node);

/// What metav1.LabelSelectorAsSelector makes of a label selector (a pod affinity term's
/// labelSelector, a PodDisruptionBudget's selector), matched against an object's metadata.labels.
struct SelectorMatch {
  bool error = false;    ///< refused: an operator other than In, NotIn, Exists and DoesNotExist,
                         ///< or what labels.NewRequirement refuses (requirement_error)
  bool empty = false;    ///< selects everything: no requirement at all (Selector.Empty())
  bool matches = false;  ///< no error, and every requirement holds; a null selector matches nothing
};
SelectorMatch label_selector(const nlohmann::json& selector, const nlohmann::json& object);

/// Why the apiserver refuses a pod's node constraints as `kubectl apply` sends them: spec.affinity
/// decoded strictly (kubectl's default), then ValidateAffinity's node part; spec.nodeSelector's keys
/// and values as ValidateLabels checks them.
struct ConstraintProblem {
  enum class Kind {
    kNotObject,                 ///< a mapping is expected (decoding)
    kNotList,                   ///< a list is expected (decoding)
    kNotString,                 ///< a key, operator or value is a number, boolean, list or mapping (decoding)
    kNotInteger,                ///< a weight is no whole number within int32 (decoding)
    kUnknownField,              ///< a field the object has none of, case included (decoding)
    kBadKey,                    ///< a label key that is no qualified name
    kBadValue,                  ///< a label value that is not one (required terms and nodeSelector only)
    kBadOperator,               ///< not In, NotIn, Exists, DoesNotExist, Gt or Lt (matchFields: In or NotIn)
    kValuesRequired,            ///< In or NotIn with no value
    kValuesForbidden,           ///< Exists or DoesNotExist with values
    kOneValue,                  ///< Gt or Lt, or a matchFields requirement, without exactly one value
    kNoTerms,                   ///< a required node affinity with no nodeSelectorTerms
    kBadWeight,                 ///< a preferred term's weight outside 1 to 100
    kBadFieldKey,               ///< a matchFields key other than metadata.name
    kBadNodeName,               ///< a matchFields value that is no node name (a DNS-1123 subdomain)
    kBadNamespace,              ///< a pod affinity term's namespace that is no namespace name (a DNS-1123 label)
    kNoTopologyKey,             ///< a pod affinity term without a topologyKey
    kLabelKeysWithoutSelector,  ///< matchLabelKeys or mismatchLabelKeys in a term with no labelSelector
    kDuplicateLabelKey,         ///< a matchLabelKeys key also in the labelSelector or in mismatchLabelKeys
  };
  Kind kind;
  std::string path;   ///< as the apiserver names it: spec.affinity.nodeAffinity.…[0].values[1]
  std::string found;  ///< what was written there: a string as it is, anything else as JSON
  /// Refused while decoding (kNotObject to kUnknownField): the apiserver validated nothing.
  [[nodiscard]] bool decoding() const {
    return kind == Kind::kNotObject || kind == Kind::kNotList || kind == Kind::kNotString ||
           kind == Kind::kNotInteger || kind == Kind::kUnknownField;
  }
};

/// Every reason the apiserver gives for refusing the pod's spec.nodeSelector keys and values and
/// spec.affinity's node affinity, in its order; none when it accepts them. Refused while decoding
/// (kNotObject to kUnknownField), nothing is validated: the answer is those problems alone. null is
/// a field left out; a whole float is an integer, as kubectl writes YAML's numbers as JSON.
/// podAffinity and podAntiAffinity as validatePodAffinity checks them: label selectors, namespaces,
/// topologyKey, weights, and matchLabelKeys / mismatchLabelKeys after the apiserver merged them into
/// the selector from the pod's metadata.labels.
std::vector<ConstraintProblem> node_constraint_problems(const nlohmann::json& pod);

/// spec.affinity in a form where two that the scheduler reads alike compare equal: what is null
/// or empty left out (an empty nodeAffinity, podAffinity or affinity constrains nothing), except a
/// node affinity's required selector, which with no term matches no node, and a pod affinity
/// term's labelSelector or namespaceSelector, which empty selects every pod or namespace and left
/// out none (or the pod's own namespace); sets sorted (values, namespaces, label keys) and so are
/// lists whose order means nothing (terms ORed or ANDed, requirements, weighted preferences); a
/// term or requirement written twice counted once (a weighted preference is not). Not an object:
/// as it is.
nlohmann::json canonical_affinity(const nlohmann::json& affinity);

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
