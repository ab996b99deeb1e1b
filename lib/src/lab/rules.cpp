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

nlohmann::json gpu_node_labelled(const nlohmann::json* live) {
  // Node affinity reads a node's name and labels alone: the rest of the node is left out.
  nlohmann::json labels = {{"kubernetes.io/hostname", std::string(kGpuNode)}};
  if (live != nullptr && live->is_object()) {
    const auto m = live->find("metadata");
    if (m != live->end() && m->is_object() && m->contains("labels") && (*m)["labels"].is_object())
      labels = (*m)["labels"];
  }
  for (const auto& l : kGpuLabels) labels[std::string(l.key)] = std::string(l.value);
  return {{"metadata", {{"name", std::string(kGpuNode)}, {"labels", std::move(labels)}}}};
}

}  // namespace gpuwhy::lab
