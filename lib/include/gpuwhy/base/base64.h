#pragma once
/// RFC 4648 base64 (standard alphabet), used for *-data kubeconfig fields and binary bundle files.

#include <optional>
#include <string>
#include <string_view>

namespace gpuwhy::base64 {

std::string encode(std::string_view bytes);
/// Ignores ASCII whitespace; nullopt on any other invalid character or bad padding.
std::optional<std::string> decode(std::string_view text);

}  // namespace gpuwhy::base64
