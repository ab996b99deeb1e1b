// Reading a Kubernetes object as JSON where any part may be missing or of another type: what
// cannot be read counts as absent (null, "", no elements), and nothing throws.
#pragma once

#include <initializer_list>
#include <optional>
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
/// A value as written, for a message: a string as it is, anything else as JSON.
std::string written(const nlohmann::json& v);
/// The integer Go's decoder reads into an int64 field from the JSON kubectl sends: a JSON integer,
/// or a whole float (kubectl writes YAML's 300.0 and 1e2 as 300 and 100), within int64; nullopt
/// for anything else (a fraction, a string, a bool, out of range).
std::optional<long long> go_int64(const nlohmann::json& v);
/// The elements of an array; none when `v` is no array.
std::vector<const nlohmann::json*> array_of(const nlohmann::json& v);

/// The object as `kubectl apply` last sent it: its kubectl.kubernetes.io/last-applied-configuration
/// annotation, parsed; nullopt when it has none, or one that is no JSON object (made by kubectl
/// create or a server-side apply, or the annotation edited).
std::optional<nlohmann::json> last_applied(const nlohmann::json& obj);

}  // namespace gpuwhy::k8s
