#include "gpuwhy/k8s/taints.h"

#include <algorithm>
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "gpuwhy/k8s/requests.h"

namespace gpuwhy::k8s {

namespace {

std::string_view field(const nlohmann::json& o, const char* name) {
  if (!o.is_object()) return {};
  const auto it = o.find(name);
  if (it == o.end() || !it->is_string()) return {};
  return it->get_ref<const std::string&>();
}

// The pod's spec.tolerations when it is an array, else nullptr.
const nlohmann::json* tolerations_of(const nlohmann::json& pod) {
  if (!pod.is_object()) return nullptr;
  const auto spec = pod.find("spec");
  if (spec == pod.end() || !spec->is_object()) return nullptr;
  const auto tols = spec->find("tolerations");
  return tols == spec->end() || !tols->is_array() ? nullptr : &*tols;
}

}  // namespace

std::string_view toleration_operator(const nlohmann::json& toleration) {
  const std::string_view op = field(toleration, "operator");
  return op.empty() ? std::string_view("Equal") : op;
}

bool tolerates(const nlohmann::json& toleration, const nlohmann::json& taint) {
  const std::string_view effect = field(toleration, "effect");
  if (!effect.empty() && effect != field(taint, "effect")) return false;
  const std::string_view key = field(toleration, "key");
  if (!key.empty() && key != field(taint, "key")) return false;
  const std::string_view op = toleration_operator(toleration);
  if (op == "Equal") return field(toleration, "value") == field(taint, "value");
  return op == "Exists";
}

nlohmann::json canonical_toleration(const nlohmann::json& toleration) {
  if (!toleration.is_object()) return toleration;
  // Every field is omitempty: "" and null are the field left out.
  nlohmann::json out = nlohmann::json::object();
  for (const auto& [k, v] : toleration.items()) {
    if (!v.is_null() && !(v.is_string() && v.get_ref<const std::string&>().empty())) out[k] = v;
  }
  if (field(out, "operator").empty()) out["operator"] = "Equal";
  return out;
}

bool matches_every_key(const nlohmann::json& toleration) {
  return field(toleration, "key").empty();
}

bool is_default_toleration_seconds(const nlohmann::json& toleration) {
  if (!toleration.is_object() || toleration.size() != 4) return false;
  const std::string_view key = field(toleration, "key");
  if (key != "node.kubernetes.io/not-ready" && key != "node.kubernetes.io/unreachable") return false;
  const auto secs = toleration.find("tolerationSeconds");
  return field(toleration, "operator") == "Exists" && field(toleration, "effect") == "NoExecute" &&
         secs != toleration.end() && secs->is_number_integer() && secs->get<long long>() == 300;
}

std::vector<nlohmann::json> authored_tolerations(const nlohmann::json& pod) {
  std::vector<nlohmann::json> out;
  if (const nlohmann::json* tols = tolerations_of(pod)) {
    for (const auto& t : *tols) {
      if (!is_default_toleration_seconds(t)) out.push_back(t);
    }
  }
  return out;
}

namespace {

// What ToleratesTaint compares of a toleration's operator: Equal, Exists, or one that matches no
// taint ("").
std::string_view matching_operator(const nlohmann::json& toleration) {
  const std::string_view op = toleration_operator(toleration);
  return op == "Equal" || op == "Exists" ? op : std::string_view();
}

// tolerationSeconds as the eviction controller reads it (0 or less: at once); nullopt when unset.
std::optional<double> stay_seconds(const nlohmann::json& toleration) {
  if (!toleration.is_object()) return std::nullopt;
  const auto it = toleration.find("tolerationSeconds");
  if (it == toleration.end() || !it->is_number()) return std::nullopt;
  return std::max(0.0, it->get<double>());
}

// Whether `a` tolerates every taint `b` tolerates.
bool tolerates_all_of(const nlohmann::json& a, const nlohmann::json& b) {
  const std::string_view op_b = matching_operator(b);
  if (op_b.empty()) return true;  // b tolerates nothing
  const std::string_view op_a = matching_operator(a);
  if (op_a.empty()) return false;
  const std::string_view effect_a = field(a, "effect");
  if (!effect_a.empty() && effect_a != field(b, "effect")) return false;
  const std::string_view key_a = field(a, "key");
  if (!key_a.empty() && key_a != field(b, "key")) return false;
  return op_a == "Exists" || (op_b == "Equal" && field(a, "value") == field(b, "value"));
}

}  // namespace

bool covers(const nlohmann::json& a, const nlohmann::json& b) {
  if (!tolerates_all_of(a, b)) return false;
  const auto secs_b = stay_seconds(b);
  const std::string_view effect_b = field(b, "effect");
  if (!secs_b || matching_operator(b).empty() || (!effect_b.empty() && effect_b != "NoExecute")) return true;
  const auto secs_a = stay_seconds(a);
  return secs_a && *secs_a <= *secs_b;
}

std::vector<nlohmann::json> essential_tolerations(const std::vector<nlohmann::json>& tolerations) {
  std::vector<nlohmann::json> out;
  for (std::size_t i = 0; i < tolerations.size(); ++i) {
    bool covered = false;
    for (std::size_t j = 0; j < tolerations.size() && !covered; ++j) {
      covered = j != i && covers(tolerations[j], tolerations[i]) && (j < i || !covers(tolerations[i], tolerations[j]));
    }
    if (!covered) out.push_back(tolerations[i]);
  }
  return out;
}

std::string taint_text(const nlohmann::json& taint) {
  const std::string_view value = field(taint, "value");
  std::string out(field(taint, "key"));
  if (!value.empty()) out.append("=").append(value);
  return out.append(":").append(field(taint, "effect"));
}

bool tolerated(const nlohmann::json& pod, const nlohmann::json& taint) {
  const nlohmann::json* tols = tolerations_of(pod);
  return tols != nullptr &&
         std::any_of(tols->begin(), tols->end(), [&taint](const nlohmann::json& t) { return tolerates(t, taint); });
}

bool unschedulable_for(const nlohmann::json& node, const nlohmann::json& pod) {
  if (!node.is_object()) return false;
  const auto spec = node.find("spec");
  if (spec == node.end() || !spec->is_object()) return false;
  const auto unschedulable = spec->find("unschedulable");
  if (unschedulable == spec->end() || !unschedulable->is_boolean() || !unschedulable->get<bool>()) return false;
  static const nlohmann::json kTaint = {{"key", "node.kubernetes.io/unschedulable"}, {"effect", "NoSchedule"}};
  return !tolerated(pod, kTaint);
}

bool filters_pods(const nlohmann::json& taint) {
  const std::string_view effect = field(taint, "effect");
  return effect == "NoSchedule" || effect == "NoExecute";
}

std::vector<const nlohmann::json*> filtering_taints(const nlohmann::json& node) {
  std::vector<const nlohmann::json*> out;
  if (!node.is_object()) return out;
  const auto spec = node.find("spec");
  if (spec == node.end() || !spec->is_object()) return out;
  const auto taints = spec->find("taints");
  if (taints == spec->end() || !taints->is_array()) return out;
  for (const auto& t : *taints) {
    if (filters_pods(t)) out.push_back(&t);
  }
  return out;
}

const nlohmann::json* untolerated_taint(const nlohmann::json& pod, const nlohmann::json& node) {
  for (const nlohmann::json* t : filtering_taints(node)) {
    if (!tolerated(pod, *t)) return t;
  }
  return nullptr;
}

std::vector<const nlohmann::json*> evicting_taints(const nlohmann::json& pod, const nlohmann::json& node) {
  std::vector<const nlohmann::json*> out;
  const auto it = node.find("spec");
  if (it == node.end() || !it->is_object()) return out;
  const auto taints = it->find("taints");
  if (taints == it->end() || !taints->is_array()) return out;
  for (const auto& t : *taints) {
    if (t.is_object() && field(t, "effect") == "NoExecute" && !tolerated(pod, t)) out.push_back(&t);
  }
  return out;
}

bool is_admission_added(const nlohmann::json& toleration, const nlohmann::json& pod) {
  if (!toleration.is_object()) return false;
  if (is_default_toleration_seconds(toleration)) return true;
  const std::string_view key = field(toleration, "key");
  if (toleration.size() != 3 || key.find('/') == std::string_view::npos || field(toleration, "operator") != "Exists" ||
      field(toleration, "effect") != "NoSchedule") {
    return false;
  }
  return pod_requests(pod).count(std::string(key)) > 0;
}

}  // namespace gpuwhy::k8s
