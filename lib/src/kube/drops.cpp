// What a live check drops from the apiserver's answers while parsing them.
#include <string>
#include <vector>

#include "gpuwhy/json/json_bounded.h"
#include "gpuwhy/kube/kube.h"
#include "gpuwhy/model/bundle.h"

namespace gpuwhy::kube {

const jsonb::DropPolicy& unread_fields() {
  static const jsonb::DropPolicy kPolicy({
      {{"**", "metadata"}, {"managedFields"}, {}},
      {{"**", "status"}, {"images"}, {}},
  });
  return kPolicy;
}

const jsonb::DropPolicy& unread_node_fields() {
  static const jsonb::DropPolicy kPolicy = [] {
    std::vector<jsonb::DropRule> rules{{{"**", "status"}, unread_node_status(), {}}};
    // Of the managedFields, what the integrity rules read (who set the labels, taints and GPU
    // amounts); the keys below fieldsV1 ("f:status", ...) are found only there.
    for (const auto& [below, keep] : node_managed_keep()) {
      rules.push_back({{"**", below.empty() ? std::string("fieldsV1") : below}, {}, keep});
    }
    return jsonb::DropPolicy(std::move(rules));
  }();
  return kPolicy;
}

}  // namespace gpuwhy::kube
