#include "gpuwhy/k8s/node_affinity.h"

#include <algorithm>
#include <iterator>
#include <utility>
#include <vector>

#include <fmt/format.h>

#include "gpuwhy/k8s/fields.h"

namespace gpuwhy::k8s {

using nlohmann::json;

namespace {

std::optional<long long> parse_int64(const std::string& s) {
  if (s.empty() || s.size() > 20) return std::nullopt;
  std::size_t i = (s[0] == '-' || s[0] == '+') ? 1 : 0;
  if (i == s.size()) return std::nullopt;
  long long v = 0;
  for (; i < s.size(); ++i) {
    if (s[i] < '0' || s[i] > '9') return std::nullopt;
    if (v > 922337203685477580LL) return std::nullopt;
    v = v * 10 + (s[i] - '0');
  }
  return s[0] == '-' ? -v : v;
}

std::vector<std::string> values_of(const json& req) {
  std::vector<std::string> out;
  for (const json* v : array_of(field(req, "values"))) {
    if (v->is_string()) out.push_back(v->get<std::string>());
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

std::optional<std::string> term_failure(const json& term, const json& node) {
  const auto exprs = array_of(field(term, "matchExpressions"));
  const auto fields = array_of(field(term, "matchFields"));
  if (exprs.empty() && fields.empty()) return std::string("an empty nodeSelectorTerm matches no node");
  for (const json* r : exprs) {
    const std::string key = str(*r, "key");
    const auto have = label_of(node, key);
    if (!requirement_matches(*r, have)) {
      return fmt::format("{}: node has {}", requirement_text(*r), label_text(key, have));
    }
  }
  for (const json* r : fields) {
    const std::string key = str(*r, "key");
    std::optional<std::string> have;
    if (key == "metadata.name") have = str(field(node, "metadata"), "name");
    if (!requirement_matches(*r, have)) {
      return fmt::format("{}: node is {}", requirement_text(*r), have ? *have : std::string("?"));
    }
  }
  return std::nullopt;
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
