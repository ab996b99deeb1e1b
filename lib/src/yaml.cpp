// Stub: implemented by the kube work (issue 3).
#include "gpuwhy/yaml.h"

#include "gpuwhy/error.h"

namespace gpuwhy::yaml {

std::vector<nlohmann::json> load_all(std::string_view /*text*/, const std::string& origin, const Limits& /*limits*/) {
  throw Error(ErrorKind::kParse, origin + ": YAML loading is not implemented yet");
}

}  // namespace gpuwhy::yaml
