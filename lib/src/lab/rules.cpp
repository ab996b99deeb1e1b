#include "gpuwhy/lab/rules.h"

#include <string>

#include "gpuwhy/k8s/taints.h"

namespace gpuwhy::lab {

const nlohmann::json& taint() {
  static const nlohmann::json kTaint = {
      {"key", std::string(kTaintKey)}, {"value", std::string(kTaintValue)}, {"effect", std::string(kTaintEffect)}};
  return kTaint;
}

bool tolerates_taint(const nlohmann::json& toleration) {
  return k8s::tolerates(toleration, taint());
}

bool tolerates_too_broadly(const nlohmann::json& toleration) {
  return k8s::matches_every_key(toleration) && tolerates_taint(toleration);
}

bool aims_at_taint(const nlohmann::json& toleration) {
  if (!toleration.is_object()) return false;
  const auto key = toleration.find("key");
  return key != toleration.end() && key->is_string() && key->get_ref<const std::string&>() == kTaintKey;
}

}  // namespace gpuwhy::lab
