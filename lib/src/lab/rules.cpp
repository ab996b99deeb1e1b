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

nlohmann::json gpu_node_untainted(const nlohmann::json* live) {
  nlohmann::json node = live != nullptr && live->is_object() ? *live : nlohmann::json::object();
  nlohmann::json& meta = node["metadata"];
  if (!meta.is_object()) meta = nlohmann::json::object();
  meta["name"] = std::string(kGpuNode);
  nlohmann::json& labels = meta["labels"];
  if (!labels.is_object()) labels = {{"kubernetes.io/hostname", std::string(kGpuNode)}};
  for (const auto& l : kGpuLabels) labels[std::string(l.key)] = std::string(l.value);
  if (node.contains("spec") && node["spec"].is_object()) {
    node["spec"].erase("taints");
    node["spec"].erase("unschedulable");
  }
  return node;
}

}  // namespace gpuwhy::lab
