#include "gpuwhy/k8s/taints.h"

#include <string>
#include <string_view>

#include "gpuwhy/k8s/requests.h"

namespace gpuwhy::k8s {

namespace {

std::string_view field(const nlohmann::json& o, const char* name) {
  if (!o.is_object()) return {};
  const auto it = o.find(name);
  if (it == o.end() || !it->is_string()) return {};
  return it->get_ref<const std::string&>();
}

}  // namespace

bool tolerates(const nlohmann::json& toleration, const nlohmann::json& taint) {
  const std::string_view effect = field(toleration, "effect");
  if (!effect.empty() && effect != field(taint, "effect")) return false;
  const std::string_view key = field(toleration, "key");
  if (!key.empty() && key != field(taint, "key")) return false;
  const std::string_view op = field(toleration, "operator");
  if (op.empty() || op == "Equal") return field(toleration, "value") == field(taint, "value");
  return op == "Exists";
}

std::string taint_text(const nlohmann::json& taint) {
  const std::string_view value = field(taint, "value");
  std::string out(field(taint, "key"));
  if (!value.empty()) out.append("=").append(value);
  return out.append(":").append(field(taint, "effect"));
}

bool tolerated(const nlohmann::json& pod, const nlohmann::json& taint) {
  if (!pod.is_object()) return false;
  const auto spec = pod.find("spec");
  if (spec == pod.end() || !spec->is_object()) return false;
  const auto tols = spec->find("tolerations");
  if (tols == spec->end() || !tols->is_array()) return false;
  for (const auto& t : *tols) {
    if (tolerates(t, taint)) return true;
  }
  return false;
}

bool is_admission_added(const nlohmann::json& toleration, const nlohmann::json& pod) {
  if (!toleration.is_object()) return false;
  const std::string_view key = field(toleration, "key");
  if (toleration.size() == 4 && (key == "node.kubernetes.io/not-ready" || key == "node.kubernetes.io/unreachable")) {
    const auto secs = toleration.find("tolerationSeconds");
    return field(toleration, "operator") == "Exists" && field(toleration, "effect") == "NoExecute" &&
           secs != toleration.end() && secs->is_number_integer() && secs->get<long long>() == 300;
  }
  if (toleration.size() != 3 || key.find('/') == std::string_view::npos || field(toleration, "operator") != "Exists" ||
      field(toleration, "effect") != "NoSchedule") {
    return false;
  }
  return pod_requests(pod).count(std::string(key)) > 0;
}

}  // namespace gpuwhy::k8s
