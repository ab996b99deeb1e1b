// Shared by yaml.cpp (yaml-cpp's path) and yaml_block.cpp (the block fast path): the one typing
// of scalars and keys, so both paths give the same documents.
#pragma once

#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

namespace gpuwhy::yaml::detail {

/// A plain (unquoted, untagged) scalar typed like sigs.k8s.io/yaml does. go-yaml's infinities and
/// not-a-number (go_special_float) stay text here: the reader refuses them.
nlohmann::json resolve_plain(const std::string& v);
/// ".inf", "-.Inf", ".nan", …: go-yaml reads a float JSON has no form for, so kubectl refuses the file
/// where it is a value.
bool go_special_float(std::string_view v);
/// A plain key's text as sigs.k8s.io/yaml writes it: typed, then written back (".INF" is ".inf").
std::string plain_key(const std::string& k);
/// JSON object keys are strings: a typed key is written the way sigs.k8s.io/yaml does it.
std::string key_string(const nlohmann::json& k);

}  // namespace gpuwhy::yaml::detail
