#pragma once
/// RFC 6901 JSON pointers walked in place ("/status/allocatable/nvidia.com~1gpu"): the same
/// answers as nlohmann's json_pointer contains() and at(), without parsing the pointer each call.

#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

namespace gpuwhy::jsonb {

/// The value at `pointer` in `obj`, or nullptr where json_pointer's at() would refuse (a missing
/// key, an index out of range or not a plain number, a bad ~ escape, a pointer without a leading '/').
const nlohmann::json* at(const nlohmann::json& obj, const char* pointer);
/// A string at a JSON pointer ("" when missing or not a string).
std::string str_at(const nlohmann::json& obj, const char* pointer);
/// str_at without the copy: a view into `obj`, valid while it is.
std::string_view view_at(const nlohmann::json& obj, const char* pointer);

}  // namespace gpuwhy::jsonb
