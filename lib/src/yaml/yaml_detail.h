// Shared by yaml.cpp (yaml-cpp's path) and yaml_block.cpp (the block fast path): the one typing
// of scalars and keys, so both paths give the same documents.
#pragma once

#include <string>

#include <nlohmann/json.hpp>

namespace gpuwhy::yaml::detail {

/// A plain (unquoted, untagged) scalar typed like sigs.k8s.io/yaml does.
nlohmann::json resolve_plain(const std::string& v);
/// JSON object keys are strings: a typed key is written the way sigs.k8s.io/yaml does it.
std::string key_string(const nlohmann::json& k);

}  // namespace gpuwhy::yaml::detail
