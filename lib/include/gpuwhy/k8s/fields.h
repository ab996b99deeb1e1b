// Reading a Kubernetes object as JSON where any part may be missing or of another type: what
// cannot be read counts as absent (null, "", no elements), and nothing throws.
#pragma once

#include <initializer_list>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

namespace gpuwhy::k8s {

/// obj[key]; null when obj is no object or has no such key.
const nlohmann::json& field(const nlohmann::json& obj, std::string_view key);
/// obj[key] when it is a string; "" otherwise.
std::string str(const nlohmann::json& obj, std::string_view key);
/// obj[k1][k2]...; null as soon as one step is missing.
const nlohmann::json& path(const nlohmann::json& obj, std::initializer_list<std::string_view> keys);
/// The elements of an array; none when `v` is no array.
std::vector<const nlohmann::json*> array_of(const nlohmann::json& v);

}  // namespace gpuwhy::k8s
