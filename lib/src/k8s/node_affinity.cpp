#include "gpuwhy/k8s/node_affinity.h"

#include <algorithm>
#include <iterator>
#include <utility>
#include <vector>

#include <fmt/format.h>

#include "gpuwhy/k8s/fields.h"
#include "gpuwhy/k8s/labels.h"

namespace gpuwhy::k8s {

using nlohmann::json;

namespace {

std::vector<std::string> values_of(const json& req) {
  std::vector<std::string> out;
  // A null item decodes as Go's zero string: `values: [null]` is `[""]`.
  for (const json* v : array_of(field(req, "values"))) {
    if (v->is_string()) out.push_back(v->get<std::string>());
    if (v->is_null()) out.emplace_back();
  }
  return out;
}

// The names one term pins with matchFields metadata.name In [...], intersected; nullopt when it
// pins none.
std::optional<std::set<std::string>> pinned_names(const json& term) {
  std::optional<std::set<std::string>> names;
  for (const json* r : array_of(field(term, "matchFields"))) {
    if (str(*r, "key") != "metadata.name" || str(*r, "operator") != "In") continue;
    const auto vals = values_of(*r);
    std::set<std::string> s(vals.begin(), vals.end());
    if (!names) {
      names = std::move(s);
    } else {
      std::set<std::string> both;
      std::set_intersection(names->begin(), names->end(), s.begin(), s.end(), std::inserter(both, both.begin()));
      names = std::move(both);
    }
  }
  return names;
}

}  // namespace

std::string requirement_text(const json& req) {
  const std::string op = str(req, "operator");
  const auto vals = values_of(req);
  std::string list;
  for (const auto& v : vals) list += (list.empty() ? "" : ",") + v;
  if (op == "Exists" || op == "DoesNotExist") return fmt::format("{} {}", str(req, "key"), op);
  return fmt::format("{} {} ({})", str(req, "key"), op, list);
}

bool requirement_matches(const json& req, const std::optional<std::string>& have) {
  const std::string op = str(req, "operator");
  const auto vals = values_of(req);
  const bool in = have && std::find(vals.begin(), vals.end(), *have) != vals.end();
  if (op == "In") return in;
  if (op == "NotIn") return !in;
  if (op == "Exists") return have.has_value();
  if (op == "DoesNotExist") return !have.has_value();
  if (op == "Gt" || op == "Lt") {
    if (!have || vals.size() != 1) return false;
    const auto a = parse_int64(*have);
    const auto b = parse_int64(vals[0]);
    if (!a || !b) return false;
    return op == "Gt" ? *a > *b : *a < *b;
  }
  return false;
}

std::optional<std::string> label_of(const json& node, const std::string& key) {
  const json& v = field(path(node, {"metadata", "labels"}), key);
  if (v.is_string()) return v.get<std::string>();
  return std::nullopt;
}

std::string label_text(const std::string& key, const std::optional<std::string>& have) {
  return have ? fmt::format("{}={}", key, *have) : fmt::format("no label {}", key);
}

std::string RequirementError::text() const {
  switch (fault) {
    case Fault::kFieldOperator: return fmt::format("operator \"{}\" is not supported in matchFields", subject);
    case Fault::kFieldValueCount: return "matchFields In and NotIn take exactly one value";
    case Fault::kKey: return fmt::format("\"{}\" is not a valid label key", subject);
    case Fault::kNoValues: return "In and NotIn need at least one value";
    case Fault::kValuesGiven: return "Exists and DoesNotExist take no value";
    case Fault::kValueCount: return "Gt and Lt take exactly one value";
    case Fault::kNotInteger: return fmt::format("Gt and Lt need an integer, not \"{}\"", subject);
    case Fault::kOperator: return fmt::format("operator \"{}\" is not supported", subject);
    case Fault::kValue: return fmt::format("\"{}\" is not a valid label value", subject);
  }
  return {};
}

std::optional<RequirementError> requirement_error(const json& req, bool is_field) {
  using Fault = RequirementError::Fault;
  const std::string op = str(req, "operator");
  const auto vals = values_of(req);
  if (is_field) {
    // nodeSelectorRequirementsAsFieldSelector: In or NotIn with one value; the key is not checked.
    if (op != "In" && op != "NotIn") return RequirementError{Fault::kFieldOperator, op};
    if (vals.size() != 1) return RequirementError{Fault::kFieldValueCount, {}};
    return std::nullopt;
  }
  // labels.NewRequirement, its checks in order.
  const std::string key = str(req, "key");
  if (!is_qualified_name(key)) return RequirementError{Fault::kKey, key};
  if (op == "In" || op == "NotIn") {
    if (vals.empty()) return RequirementError{Fault::kNoValues, {}};
  } else if (op == "Exists" || op == "DoesNotExist") {
    if (!vals.empty()) return RequirementError{Fault::kValuesGiven, {}};
  } else if (op == "Gt" || op == "Lt") {
    if (vals.size() != 1) return RequirementError{Fault::kValueCount, {}};
    if (!parse_int64(vals[0])) return RequirementError{Fault::kNotInteger, vals[0]};
  } else {
    return RequirementError{Fault::kOperator, op};
  }
  for (const auto& v : vals) {
    if (!is_label_value(v)) return RequirementError{Fault::kValue, v};
  }
  return std::nullopt;
}

bool field_requirement_matches(const json& req, const json& node) {
  // extractNodeFields knows metadata.name only; fields.Set.Get of any other key is "".
  const std::string have = str(req, "key") == "metadata.name" ? str(field(node, "metadata"), "name") : std::string();
  const auto vals = values_of(req);
  const bool equal = !vals.empty() && vals.front() == have;
  return str(req, "operator") == "In" ? equal : !equal;
}

std::string TermFailure::text() const {
  switch (kind) {
    case Kind::kEmptyTerm: return "an empty nodeSelectorTerm matches no node";
    case Kind::kUnusable: return fmt::format("{}: {}, so the term matches no node", requirement, error.text());
    case Kind::kLabel: return fmt::format("{}: node has {}", requirement, label_text(key, have));
    case Kind::kField: return fmt::format("{}: node is {}", requirement, node);
    case Kind::kNoTerm: return "no nodeSelectorTerm: required node affinity matches no node";
  }
  return {};
}

std::optional<TermFailure> term_failure(const json& term, const json& node) {
  using Kind = TermFailure::Kind;
  const auto exprs = array_of(field(term, "matchExpressions"));
  const auto fields = array_of(field(term, "matchFields"));
  TermFailure f;
  if (exprs.empty() && fields.empty()) return f;  // kEmptyTerm
  // A requirement the scheduler cannot read fails its whole term (newNodeSelectorTerm's parseErrs).
  for (const auto* list : {&exprs, &fields}) {
    for (const json* r : *list) {
      if (auto err = requirement_error(*r, list == &fields)) {
        f.kind = Kind::kUnusable;
        f.requirement = requirement_text(*r);
        f.error = std::move(*err);
        return f;
      }
    }
  }
  for (const json* r : exprs) {
    std::string key = str(*r, "key");
    auto have = label_of(node, key);
    if (!requirement_matches(*r, have)) {
      f.kind = Kind::kLabel;
      f.requirement = requirement_text(*r);
      f.key = std::move(key);
      f.have = std::move(have);
      return f;
    }
  }
  // Matched against the node's fields only when it has a name (LazyErrorNodeSelector.Match).
  const std::string name = str(field(node, "metadata"), "name");
  for (const json* r : fields) {
    if (!name.empty() && !field_requirement_matches(*r, node)) {
      f.kind = Kind::kField;
      f.requirement = requirement_text(*r);
      f.node = name;
      return f;
    }
  }
  return std::nullopt;
}

bool has_required_affinity(const json& pod) {
  return path(pod, {"spec", "affinity", "nodeAffinity", "requiredDuringSchedulingIgnoredDuringExecution"}).is_object();
}

std::vector<TermFailure> required_affinity_failures(const json& pod, const json& node) {
  if (!has_required_affinity(pod)) return {};
  std::vector<TermFailure> out;
  for (const json* t : array_of(required_terms(pod))) {
    auto f = term_failure(*t, node);
    if (!f) return {};
    out.push_back(std::move(*f));
  }
  if (out.empty()) {
    out.emplace_back();
    out.back().kind = TermFailure::Kind::kNoTerm;
  }
  return out;
}

bool node_selector_matches(const json& pod, const json& node) {
  const json& sel = path(pod, {"spec", "nodeSelector"});
  if (!sel.is_object()) return true;
  return std::all_of(sel.items().begin(), sel.items().end(), [&node](const auto& kv) {
    const auto have = label_of(node, kv.key());
    return have && *have == selector_value(kv.value());
  });
}

std::string selector_value(const json& value) {
  return value.is_string() ? value.get<std::string>() : value.dump();
}

bool required_affinity_matches(const json& pod, const json& node) {
  return node_selector_matches(pod, node) && required_affinity_failures(pod, node).empty();
}

SelectorMatch label_selector(const json& selector, const json& object) {
  SelectorMatch out;
  if (!selector.is_object()) return out;  // labels.Nothing()
  const json& labels = field(selector, "matchLabels");
  const auto exprs = array_of(field(selector, "matchExpressions"));
  if ((!labels.is_object() || labels.empty()) && exprs.empty()) {
    out.empty = out.matches = true;  // labels.Everything()
    return out;
  }
  std::vector<json> reqs;
  if (labels.is_object()) {
    for (const auto& [k, v] : labels.items()) {
      if (!v.is_string()) {
        out.error = true;
        return out;
      }
      reqs.push_back({{"key", k}, {"operator", "In"}, {"values", {v}}});  // selection.Equals: one value
    }
  }
  for (const json* e : exprs) {
    const std::string op = str(*e, "operator");
    if (op != "In" && op != "NotIn" && op != "Exists" && op != "DoesNotExist") {
      out.error = true;
      return out;
    }
    reqs.push_back(*e);
  }
  out.matches = true;
  for (const json& r : reqs) {
    if (requirement_error(r, false)) {
      out.error = true;
      out.matches = false;
      return out;
    }
    out.matches = out.matches && requirement_matches(r, label_of(object, str(r, "key")));
  }
  return out;
}

namespace {

bool is_set(std::string_view key) {
  return key == "values" || key == "namespaces" || key == "matchLabelKeys" || key == "mismatchLabelKeys";
}

bool order_free(std::string_view key) {
  return key == "matchExpressions" || key == "matchFields" || key == "nodeSelectorTerms" ||
         key == "requiredDuringSchedulingIgnoredDuringExecution" ||
         key == "preferredDuringSchedulingIgnoredDuringExecution";
}

// Lists where an item written twice means what it means once: terms ORed, requirements ANDed,
// (not the weighted preferences: their weights add up).
bool idempotent(std::string_view key) {
  return key == "matchExpressions" || key == "matchFields" || key == "nodeSelectorTerms";
}

json canonical(const json& v, std::string_view key) {
  if (v.is_object()) {
    json out = json::object();
    for (const auto& [k, m] : v.items()) {
      json c = canonical(m, k);
      // A node affinity's required selector is kept even empty: with no term it matches no node.
      // So is a pod affinity term's selector: `{}` selects every pod (every namespace), where none
      // selects no pod (the pod's own namespace).
      const bool keep_empty =
          (k == "requiredDuringSchedulingIgnoredDuringExecution" || k == "labelSelector" || k == "namespaceSelector") &&
          c.is_object();
      if (c.is_null() || (c.is_structured() && c.empty() && !keep_empty)) continue;
      out[k] = std::move(c);
    }
    return out;
  }
  if (!v.is_array()) return v;
  std::vector<json> items;
  // A null item of a list of strings decodes as "" (Go's zero string).
  for (const auto& e : v) items.push_back(is_set(key) && e.is_null() ? json("") : canonical(e, {}));
  if (is_set(key) || order_free(key)) {
    std::sort(items.begin(), items.end(), [](const json& a, const json& b) { return a.dump() < b.dump(); });
  }
  if (is_set(key) || idempotent(key)) items.erase(std::unique(items.begin(), items.end()), items.end());
  return json(std::move(items));
}

}  // namespace

json canonical_affinity(const json& affinity) {
  return canonical(affinity, {});
}

const json& required_terms(const json& pod) {
  return path(
      pod, {"spec", "affinity", "nodeAffinity", "requiredDuringSchedulingIgnoredDuringExecution", "nodeSelectorTerms"});
}

NodeNameFilter node_affinity_prefilter(const json& pod) {
  NodeNameFilter out;
  const auto terms = array_of(required_terms(pod));
  if (terms.empty()) return out;
  std::optional<std::set<std::string>> union_names;
  for (const json* t : terms) {
    auto term_names = pinned_names(*t);
    if (!term_names) return out;  // a term without a name pin: every node is eligible
    if (!union_names) union_names.emplace();
    union_names->insert(term_names->begin(), term_names->end());
  }
  if (union_names && union_names->empty()) {
    out.conflict = true;
  } else if (union_names) {
    out.restricted = true;
    out.names = std::move(*union_names);
  }
  return out;
}

}  // namespace gpuwhy::k8s
