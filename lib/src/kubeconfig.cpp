// Stub: kubeconfig resolution is implemented by the kube work (issue 3).
#include "gpuwhy/kube.h"

namespace gpuwhy::kube {

ClientConfig load_config(const LoadOptions& /*opts*/) {
  throw Error(ErrorKind::kConfig, "kubeconfig loading is not implemented yet");
}

LoadOptions default_load_options() {
  return {};
}

}  // namespace gpuwhy::kube
