#include "gpuwhy/k8s/fields.h"

#include <cmath>
#include <limits>

namespace gpuwhy::k8s {

using nlohmann::json;

const json& field(const json& obj, std::string_view key) {
  static const json kNull;
  if (!obj.is_object()) return kNull;
  const auto it = obj.find(key);
  return it == obj.end() ? kNull : *it;
}

std::string str(const json& obj, std::string_view key) {
  const json& v = field(obj, key);
  return v.is_string() ? v.get<std::string>() : std::string();
}

const json& path(const json& obj, std::initializer_list<std::string_view> keys) {
  const json* cur = &obj;
  for (const auto k : keys) cur = &field(*cur, k);
  return *cur;
}

std::string written(const json& v) {
  return v.is_string() ? v.get<std::string>() : v.dump();
}

std::optional<long long> go_int64(const json& v) {
  if (v.is_number_unsigned()) {
    const auto u = v.get<unsigned long long>();
    return u <= static_cast<unsigned long long>(std::numeric_limits<long long>::max())
               ? std::optional<long long>(static_cast<long long>(u))
               : std::nullopt;
  }
  if (v.is_number_integer()) return v.get<long long>();
  if (!v.is_number_float()) return std::nullopt;
  const double d = v.get<double>();
  // [-2^63, 2^63): the doubles that convert to an int64 exactly.
  if (!std::isfinite(d) || std::trunc(d) != d || d < -9223372036854775808.0 || d >= 9223372036854775808.0) {
    return std::nullopt;
  }
  return static_cast<long long>(d);
}

std::vector<const json*> array_of(const json& v) {
  std::vector<const json*> out;
  if (v.is_array()) {
    for (const auto& e : v) out.push_back(&e);
  }
  return out;
}

std::optional<nlohmann::json> last_applied(const nlohmann::json& obj) {
  const std::string text =
      str(path(obj, {"metadata", "annotations"}), "kubectl.kubernetes.io/last-applied-configuration");
  if (text.empty()) return std::nullopt;
  nlohmann::json parsed = nlohmann::json::parse(text, nullptr, false);
  if (!parsed.is_object()) return std::nullopt;
  return parsed;
}

}  // namespace gpuwhy::k8s
