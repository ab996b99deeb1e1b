#include "gpuwhy/k8s/fields.h"

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

std::vector<const json*> array_of(const json& v) {
  std::vector<const json*> out;
  if (v.is_array()) {
    for (const auto& e : v) out.push_back(&e);
  }
  return out;
}

}  // namespace gpuwhy::k8s
