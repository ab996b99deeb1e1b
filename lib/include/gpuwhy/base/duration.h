#pragma once
/// Durations as kubectl's flags take them.

#include <chrono>
#include <string>

namespace gpuwhy {

/// kubectl-style duration: "30s", "1m", "500ms", "1h", parts added ("1m30s"), a bare number =
/// seconds; "0" = none; at most 24 h. Anything else throws Error(kUsage) naming `flag` and the value.
std::chrono::milliseconds parse_duration(const std::string& text, const std::string& flag);

}  // namespace gpuwhy
