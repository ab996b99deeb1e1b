// What the apiserver client's files share and nobody else needs.
#pragma once

#include <string>

namespace gpuwhy::kube::detail {

/// "403 Forbidden", "HTTP 418": the status and its reason phrase.
std::string status_text(int status);

}  // namespace gpuwhy::kube::detail
