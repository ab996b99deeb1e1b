// Which node selectors and node affinities the apiserver refuses: strict decoding into core/v1 (as
// kubectl sends a manifest), then ValidateLabels and ValidateAffinity's node part. Held to
// fixtures/k8s/affinity/validity.jsonl, recorded from a real apiserver.
#include <algorithm>
#include <initializer_list>
#include <limits>
#include <map>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include <fmt/format.h>

#include "gpuwhy/k8s/fields.h"
#include "gpuwhy/k8s/labels.h"
#include "gpuwhy/k8s/node_affinity.h"

namespace gpuwhy::k8s {

namespace {

using json = nlohmann::json;
using Kind = ConstraintProblem::Kind;

// The values of a requirement as decoded: null items are "".
std::vector<std::string> values_of(const json& r) {
  std::vector<std::string> out;
  const auto it = r.find("values");
  if (it == r.end() || !it->is_array()) return out;
  for (const auto& v : *it) out.push_back(v.is_string() ? v.get<std::string>() : std::string());
  return out;
}

class Walker {
 public:
  std::vector<ConstraintProblem> decode;
  std::vector<ConstraintProblem> invalid;

  void node_selector(const json& sel) {
    const std::string path = "spec.nodeSelector";
    if (sel.is_null()) return;
    if (!sel.is_object()) return decode_problem(Kind::kNotObject, path, sel);
    for (const auto& [k, v] : sel.items()) {
      if (!is_qualified_name(k)) invalid.push_back({Kind::kBadKey, path, k});
      if (!v.is_null() && !v.is_string()) decode_problem(Kind::kNotString, path, v);
      if (v.is_string() && !is_label_value(v.get_ref<const std::string&>())) {
        invalid.push_back({Kind::kBadValue, path, written(v)});
      }
    }
  }

  void affinity(const json& a) {
    const std::string path = "spec.affinity";
    if (!object(a, path, {"nodeAffinity", "podAffinity", "podAntiAffinity"})) return;
    for (const char* which : {"podAffinity", "podAntiAffinity"}) {
      if (const auto pa = a.find(which); pa != a.end()) pod_affinity(*pa, fmt::format("{}.{}", path, which));
    }
    const auto na = a.find("nodeAffinity");
    if (na == a.end()) return;
    const std::string na_path = path + ".nodeAffinity";
    if (!object(
            *na, na_path,
            {"requiredDuringSchedulingIgnoredDuringExecution", "preferredDuringSchedulingIgnoredDuringExecution"})) {
      return;
    }
    if (const auto req = na->find("requiredDuringSchedulingIgnoredDuringExecution"); req != na->end()) {
      required(*req, na_path + ".requiredDuringSchedulingIgnoredDuringExecution");
    }
    if (const auto pref = na->find("preferredDuringSchedulingIgnoredDuringExecution"); pref != na->end()) {
      preferred(*pref, na_path + ".preferredDuringSchedulingIgnoredDuringExecution");
    }
  }

  /// The pod's metadata.labels: matchLabelKeys and mismatchLabelKeys take their values from them.
  std::map<std::string, std::string> labels;

 private:
  void decode_problem(Kind k, const std::string& path, const json& v) { decode.push_back({k, path, written(v)}); }

  // Decodes `v` as an object with `fields`: false when it is null or no object (nothing to look into).
  bool object(const json& v, const std::string& path, std::initializer_list<std::string_view> fields) {
    if (v.is_null()) return false;
    if (!v.is_object()) {
      decode_problem(Kind::kNotObject, path, v);
      return false;
    }
    for (const auto& [k, m] : v.items()) {
      bool known = false;
      for (const std::string_view f : fields) known = known || k == f;
      if (!known) decode_problem(Kind::kUnknownField, fmt::format("{}.{}", path, k), m);
    }
    return true;
  }

  // Decodes `v` as a list: false when it is null or no list.
  bool list(const json& v, const std::string& path) {
    if (v.is_null()) return false;
    if (!v.is_array()) {
      decode_problem(Kind::kNotList, path, v);
      return false;
    }
    return true;
  }

  void string_field(const json& o, std::string_view name, const std::string& path) {
    const auto it = o.find(name);
    if (it != o.end() && !it->is_null() && !it->is_string()) decode_problem(Kind::kNotString, path, *it);
  }

  void required(const json& sel, const std::string& path) {
    if (!object(sel, path, {"nodeSelectorTerms"})) return;
    const std::string terms_path = path + ".nodeSelectorTerms";
    const auto terms = sel.find("nodeSelectorTerms");
    if (terms == sel.end() || !list(*terms, terms_path) || terms->empty()) {
      // ValidateNodeSelector: a required selector needs a term (a decoding problem ends it first).
      const bool decoded = terms == sel.end() || terms->is_null() || terms->is_array();
      if (decoded) invalid.push_back({Kind::kNoTerms, terms_path, "[]"});
      return;
    }
    for (std::size_t i = 0; i < terms->size(); ++i) term((*terms)[i], fmt::format("{}[{}]", terms_path, i), true);
  }

  void preferred(const json& prefs, const std::string& path) {
    if (!list(prefs, path)) return;
    for (std::size_t i = 0; i < prefs.size(); ++i) {
      const std::string at = fmt::format("{}[{}]", path, i);
      const json& p = prefs[i];
      if (!object(p, at, {"weight", "preference"})) {
        if (p.is_null()) invalid.push_back({Kind::kBadWeight, at + ".weight", "0"});
        continue;
      }
      const long long weight = int32_field(p, "weight", at + ".weight");
      if (weight < 1 || weight > 100) invalid.push_back({Kind::kBadWeight, at + ".weight", std::to_string(weight)});
      if (const auto pref = p.find("preference"); pref != p.end()) term(*pref, at + ".preference", false);
    }
  }

  // A node selector term; `label_values`: its values must be label values (required terms only).
  void term(const json& t, const std::string& path, bool label_values) {
    if (!object(t, path, {"matchExpressions", "matchFields"})) return;
    for (const char* which : {"matchExpressions", "matchFields"}) {
      const auto reqs = t.find(which);
      const std::string at = path + "." + which;
      if (reqs == t.end() || !list(*reqs, at)) continue;
      for (std::size_t j = 0; j < reqs->size(); ++j) {
        const std::string rp = fmt::format("{}[{}]", at, j);
        if (std::string_view(which) == "matchFields") {
          field_requirement((*reqs)[j], rp);
        } else {
          requirement((*reqs)[j], rp, label_values);
        }
      }
    }
  }

  // Decodes a requirement: false when it cannot be validated.
  bool decoded_requirement(const json& r, const std::string& path) {
    if (!object(r, path, {"key", "operator", "values"})) return r.is_null();
    string_field(r, "key", path + ".key");
    string_field(r, "operator", path + ".operator");
    const auto vs = r.find("values");
    if (vs != r.end() && list(*vs, path + ".values")) {
      for (const auto& v : *vs) {
        if (!v.is_null() && !v.is_string()) decode_problem(Kind::kNotString, path + ".values", v);
      }
    }
    return true;
  }

  void requirement(const json& r, const std::string& path, bool label_values) {
    if (!decoded_requirement(r, path)) return;
    const std::string op = str(r, "operator");
    const auto values = values_of(r);
    if (op == "In" || op == "NotIn") {
      if (values.empty()) invalid.push_back({Kind::kValuesRequired, path + ".values", "[]"});
    } else if (op == "Exists" || op == "DoesNotExist") {
      if (!values.empty()) invalid.push_back({Kind::kValuesForbidden, path + ".values", written(r["values"])});
    } else if (op == "Gt" || op == "Lt") {
      if (values.size() != 1)
        invalid.push_back({Kind::kOneValue, path + ".values", written(r.value("values", json::array()))});
    } else {
      invalid.push_back({Kind::kBadOperator, path + ".operator", op});
    }
    const std::string key = str(r, "key");
    if (!is_qualified_name(key)) invalid.push_back({Kind::kBadKey, path + ".key", key});
    if (!label_values) return;
    for (std::size_t k = 0; k < values.size(); ++k) {
      if (!is_label_value(values[k]))
        invalid.push_back({Kind::kBadValue, fmt::format("{}.values[{}]", path, k), values[k]});
    }
  }

  void field_requirement(const json& r, const std::string& path) {
    if (!decoded_requirement(r, path)) return;
    const std::string op = str(r, "operator");
    const auto values = values_of(r);
    if (op == "In" || op == "NotIn") {
      if (values.size() != 1)
        invalid.push_back({Kind::kOneValue, path + ".values", written(r.value("values", json::array()))});
    } else {
      invalid.push_back({Kind::kBadOperator, path + ".operator", op});
    }
    const std::string key = str(r, "key");
    if (key != "metadata.name") {
      invalid.push_back({Kind::kBadFieldKey, path + ".key", key});
      return;
    }
    for (std::size_t k = 0; k < values.size(); ++k) {
      if (!is_dns_subdomain(values[k]))
        invalid.push_back({Kind::kBadNodeName, fmt::format("{}.values[{}]", path, k), values[k]});
    }
  }

  // validatePodAffinity / validatePodAntiAffinity: required terms, and weighted preferred ones.
  void pod_affinity(const json& pa, const std::string& path) {
    if (!object(
            pa, path,
            {"requiredDuringSchedulingIgnoredDuringExecution", "preferredDuringSchedulingIgnoredDuringExecution"})) {
      return;
    }
    if (const auto req = pa.find("requiredDuringSchedulingIgnoredDuringExecution"); req != pa.end()) {
      const std::string at = path + ".requiredDuringSchedulingIgnoredDuringExecution";
      if (list(*req, at)) {
        for (std::size_t i = 0; i < req->size(); ++i) pod_term((*req)[i], fmt::format("{}[{}]", at, i));
      }
    }
    const auto pref = pa.find("preferredDuringSchedulingIgnoredDuringExecution");
    if (pref == pa.end()) return;
    const std::string at = path + ".preferredDuringSchedulingIgnoredDuringExecution";
    if (!list(*pref, at)) return;
    for (std::size_t i = 0; i < pref->size(); ++i) {
      const std::string wp = fmt::format("{}[{}]", at, i);
      const json& w = (*pref)[i];
      const bool decoded = object(w, wp, {"weight", "podAffinityTerm"});
      if (!decoded && !w.is_null()) continue;
      const long long weight = decoded ? int32_field(w, "weight", wp + ".weight") : 0;
      if (weight < 1 || weight > 100) invalid.push_back({Kind::kBadWeight, wp + ".weight", std::to_string(weight)});
      pod_term(field(w, "podAffinityTerm"), wp + ".podAffinityTerm");  // null when w is null
    }
  }

  // An int32 field as Go's decoder reads it (0 when it is left out or cannot be read).
  long long int32_field(const json& o, std::string_view name, const std::string& path) {
    const auto w = o.find(name);
    if (w == o.end() || w->is_null()) return 0;
    const auto n = go_int64(*w);
    if (!n || *n < std::numeric_limits<int>::min() || *n > std::numeric_limits<int>::max()) {
      decode_problem(Kind::kNotInteger, path, *w);
      return 0;
    }
    return *n;
  }

  // A list of strings as decoded (null items are ""); none when it is no list.
  std::vector<std::string> strings(const json& o, std::string_view name, const std::string& path) {
    std::vector<std::string> out;
    const auto it = o.find(name);
    if (it == o.end() || !list(*it, path)) return out;
    for (const auto& v : *it) {
      if (!v.is_null() && !v.is_string()) decode_problem(Kind::kNotString, path, v);
      out.push_back(v.is_string() ? v.get<std::string>() : std::string());
    }
    return out;
  }

  // validatePodAffinityTerm, after the apiserver merged matchLabelKeys and mismatchLabelKeys into the
  // selector (`key In (the pod's value)`, `key NotIn (...)`, for each key the pod has a label of).
  void pod_term(const json& t, const std::string& path) {
    // A null term is decoded as an empty one.
    if (!t.is_null() && !object(t, path,
                                {"labelSelector", "namespaces", "topologyKey", "namespaceSelector", "matchLabelKeys",
                                 "mismatchLabelKeys"})) {
      return;
    }
    static const json kEmpty = json::object();
    const json& term = t.is_null() ? kEmpty : t;
    string_field(term, "topologyKey", path + ".topologyKey");
    const auto namespaces = strings(term, "namespaces", path + ".namespaces");
    const auto match_keys = strings(term, "matchLabelKeys", path + ".matchLabelKeys");
    const auto mismatch_keys = strings(term, "mismatchLabelKeys", path + ".mismatchLabelKeys");
    json selector = field(term, "labelSelector");
    const bool has_selector = selector_decoded(selector, path + ".labelSelector");
    selector_decoded(field(term, "namespaceSelector"), path + ".namespaceSelector");
    if (!decode.empty()) return;
    if (has_selector && (!match_keys.empty() || !mismatch_keys.empty())) {
      json& exprs = selector["matchExpressions"];
      if (!exprs.is_array()) exprs = json::array();
      for (const auto& [keys, op] : {std::pair{&match_keys, "In"}, std::pair{&mismatch_keys, "NotIn"}}) {
        for (const auto& k : *keys) {
          if (const auto l = labels.find(k); l != labels.end()) {
            exprs.push_back({{"key", k}, {"operator", op}, {"values", {l->second}}});
          }
        }
      }
    }
    label_selector(selector, path + ".labelSelector");
    label_selector(field(term, "namespaceSelector"), path + ".namespaceSelector");
    for (const auto& n : namespaces) {
      // ValidateNamespaceName names the field "namespace".
      if (!is_dns_label(n)) invalid.push_back({Kind::kBadNamespace, path + ".namespace", n});
    }
    label_keys(match_keys, has_selector, path + ".matchLabelKeys");
    label_keys(mismatch_keys, has_selector, path + ".mismatchLabelKeys");
    if (has_selector) {
      // A key of matchLabelKeys that the selector also selects on (named by the term's path and
      // the key's index in matchLabelKeys).
      std::map<std::string, std::size_t> index;
      for (std::size_t i = 0; i < match_keys.size(); ++i) index[match_keys[i]] = i;
      std::set<std::string> keys;
      for (const auto& [k, v] : field(selector, "matchLabels").items()) keys.insert(k);
      for (const json* e : array_of(field(selector, "matchExpressions"))) {
        const std::string key = str(*e, "key");
        if (const auto i = index.find(key); i != index.end() && keys.count(key) != 0) {
          invalid.push_back({Kind::kDuplicateLabelKey, fmt::format("{}[{}]", path, i->second), key});
        }
        keys.insert(key);
      }
    }
    for (std::size_t i = 0; i < match_keys.size(); ++i) {
      if (std::find(mismatch_keys.begin(), mismatch_keys.end(), match_keys[i]) != mismatch_keys.end()) {
        invalid.push_back({Kind::kDuplicateLabelKey, fmt::format("{}.matchLabelKeys[{}]", path, i), match_keys[i]});
      }
    }
    const std::string topology = str(term, "topologyKey");
    if (topology.empty()) invalid.push_back({Kind::kNoTopologyKey, path + ".topologyKey", ""});
    if (!is_qualified_name(topology)) invalid.push_back({Kind::kBadKey, path + ".topologyKey", topology});
  }

  // Decodes a label selector: false when it is null (no selector) or cannot be read.
  bool selector_decoded(const json& sel, const std::string& path) {
    if (!object(sel, path, {"matchLabels", "matchExpressions"})) return false;
    const auto ml = sel.find("matchLabels");
    if (ml != sel.end() && !ml->is_null() && !ml->is_object())
      decode_problem(Kind::kNotObject, path + ".matchLabels", *ml);
    if (ml != sel.end() && ml->is_object()) {
      for (const auto& [k, v] : ml->items()) {
        if (!v.is_null() && !v.is_string()) decode_problem(Kind::kNotString, path + ".matchLabels", v);
      }
    }
    const auto exprs = sel.find("matchExpressions");
    if (exprs != sel.end() && list(*exprs, path + ".matchExpressions")) {
      for (std::size_t i = 0; i < exprs->size(); ++i) {
        decoded_requirement((*exprs)[i], fmt::format("{}.matchExpressions[{}]", path, i));
      }
    }
    return true;
  }

  // ValidateLabelSelector, label values checked (a new pod is not allowed invalid ones).
  void label_selector(const json& sel, const std::string& path) {
    if (!sel.is_object()) return;
    for (const auto& [k, v] : field(sel, "matchLabels").items()) {
      if (!is_qualified_name(k)) invalid.push_back({Kind::kBadKey, path + ".matchLabels", k});
      const std::string value = v.is_string() ? v.get<std::string>() : std::string();
      if (!is_label_value(value)) invalid.push_back({Kind::kBadValue, path + ".matchLabels", value});
    }
    std::size_t i = 0;
    for (const json* e : array_of(field(sel, "matchExpressions"))) {
      const std::string at = fmt::format("{}.matchExpressions[{}]", path, i++);
      const std::string op = str(*e, "operator");
      const auto values = values_of(*e);
      if (op == "In" || op == "NotIn") {
        if (values.empty()) invalid.push_back({Kind::kValuesRequired, at + ".values", "[]"});
      } else if (op == "Exists" || op == "DoesNotExist") {
        if (!values.empty()) invalid.push_back({Kind::kValuesForbidden, at + ".values", written(field(*e, "values"))});
      } else {
        invalid.push_back({Kind::kBadOperator, at + ".operator", op});
      }
      const std::string key = str(*e, "key");
      if (!is_qualified_name(key)) invalid.push_back({Kind::kBadKey, at + ".key", key});
      for (std::size_t k = 0; k < values.size(); ++k) {
        if (!is_label_value(values[k]))
          invalid.push_back({Kind::kBadValue, fmt::format("{}.values[{}]", at, k), values[k]});
      }
    }
  }

  // matchLabelKeys or mismatchLabelKeys: label keys, only beside a label selector.
  void label_keys(const std::vector<std::string>& keys, bool has_selector, const std::string& path) {
    if (keys.empty()) return;
    if (!has_selector) {
      invalid.push_back({Kind::kLabelKeysWithoutSelector, path, written(json(keys))});
      return;
    }
    for (std::size_t i = 0; i < keys.size(); ++i) {
      if (!is_qualified_name(keys[i])) invalid.push_back({Kind::kBadKey, fmt::format("{}[{}]", path, i), keys[i]});
    }
  }
};

}  // namespace

std::vector<ConstraintProblem> node_constraint_problems(const json& pod) {
  if (!pod.is_object()) return {};
  const auto spec = pod.find("spec");
  if (spec == pod.end() || !spec->is_object()) return {};
  Walker w;
  for (const auto& [k, v] : field(field(pod, "metadata"), "labels").items()) {
    if (v.is_string()) w.labels[k] = v.get<std::string>();
  }
  if (const auto sel = spec->find("nodeSelector"); sel != spec->end()) w.node_selector(*sel);
  if (const auto a = spec->find("affinity"); a != spec->end()) w.affinity(*a);
  return w.decode.empty() ? std::move(w.invalid) : std::move(w.decode);
}

}  // namespace gpuwhy::k8s
