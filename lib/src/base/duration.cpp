#include "gpuwhy/base/duration.h"

#include <exception>
#include <string>

#include <fmt/format.h>

#include "gpuwhy/base/error.h"

namespace gpuwhy {

std::chrono::milliseconds parse_duration(const std::string& text, const std::string& flag) {
  const auto bad = [&] {
    return Error(ErrorKind::kUsage, fmt::format("{} \"{}\": not a duration (use e.g. 30s, 2m, 500ms)", flag, text),
                 "input.not-a-duration", {{"flag", flag}, {"value", text}});
  };
  if (text.empty()) throw bad();
  std::size_t i = 0;
  double total_ms = 0;
  while (i < text.size()) {
    std::size_t j = i;
    while (j < text.size() && ((text[j] >= '0' && text[j] <= '9') || text[j] == '.')) ++j;
    if (j == i) throw bad();
    double value = 0;
    try {
      value = std::stod(text.substr(i, j - i));
    } catch (const std::exception&) {
      throw bad();
    }
    std::size_t k = j;
    while (k < text.size() && text[k] >= 'a' && text[k] <= 'z') ++k;
    const std::string unit = text.substr(j, k - j);
    double scale = 0;
    if (unit.empty() || unit == "s") {
      scale = 1000;
    } else if (unit == "ms") {
      scale = 1;
    } else if (unit == "m") {
      scale = 60000;
    } else if (unit == "h") {
      scale = 3600000;
    } else {
      throw bad();
    }
    if (unit.empty() && k != text.size()) throw bad();
    total_ms += value * scale;
    i = k;
  }
  if (total_ms > 24.0 * 3600000) throw bad();
  return std::chrono::milliseconds(static_cast<long long>(total_ms));
}

}  // namespace gpuwhy
