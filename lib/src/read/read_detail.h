// What the readers of lib/src/read/ share and nobody else needs.
#pragma once

#include <string_view>

#include <nlohmann/json.hpp>

namespace gpuwhy::readers::detail {

/// Student JSON is parsed under the same nesting and size budget as apiserver answers and
/// bundles (json_bounded.h); past it, the text is simply not JSON for the reader: a discarded value.
nlohmann::json parse_bounded(std::string_view text);

}  // namespace gpuwhy::readers::detail
