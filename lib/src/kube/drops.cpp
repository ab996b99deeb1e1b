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
  static const jsonb::DropPolicy kPolicy({
      {{"**", "metadata"}, {"managedFields"}, {}},
      {{"**", "status"}, unread_node_status(), {}},
  });
  return kPolicy;
}

}  // namespace gpuwhy::kube
