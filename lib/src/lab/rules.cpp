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
  // What the scheduler's filters read of a node: its name, labels, spec and allocatable. The rest
  // (managedFields, annotations, conditions) is left out: this is asked of every graded bundle.
  const auto part = [&](const char* a, const char* b) -> const nlohmann::json* {
    if (live == nullptr || !live->is_object()) return nullptr;
    const auto i = live->find(a);
    if (i == live->end() || !i->is_object()) return nullptr;
    const auto j = i->find(b);
    return j == i->end() ? nullptr : &*j;
  };
  nlohmann::json labels = {{"kubernetes.io/hostname", std::string(kGpuNode)}};
  if (const auto* l = part("metadata", "labels"); l != nullptr && l->is_object()) labels = *l;
  for (const auto& l : kGpuLabels) labels[std::string(l.key)] = std::string(l.value);
  nlohmann::json node = {{"metadata", {{"name", std::string(kGpuNode)}, {"labels", std::move(labels)}}}};
  if (live != nullptr && live->is_object() && live->contains("spec") && (*live)["spec"].is_object()) {
    node["spec"] = (*live)["spec"];
    node["spec"].erase("taints");
    node["spec"].erase("unschedulable");
  }
  if (const auto* a = part("status", "allocatable"); a != nullptr) node["status"]["allocatable"] = *a;
  return node;
}

}  // namespace gpuwhy::lab
