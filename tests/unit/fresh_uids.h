#pragma once
// A real capture as if its lab had been run once more on a cluster of its own: every uid replaced
// by a new one (one new uid for each old one, wherever it appears: metadata, involvedObject,
// ownerReferences), nothing else changed. Published captures keep their uids; an honest lab
// never has them.

#include <cstdint>
#include <functional>
#include <map>
#include <string>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

namespace gpuwhy::test_uids {

/// A lowercase 8-4-4-4-12 uid made from `seed`.
inline std::string uuid_from(const std::string& seed) {
  const std::uint64_t a = std::hash<std::string>{}(seed + "#a");
  const std::uint64_t b = std::hash<std::string>{}(seed + "#b");
  const std::string hex = fmt::format("{:016x}{:016x}", a, b);
  return fmt::format("{}-{}-4{}-8{}-{}", hex.substr(0, 8), hex.substr(8, 4), hex.substr(13, 3), hex.substr(17, 3),
                     hex.substr(20, 12));
}

/// Every "uid" member of `j` replaced; `salt` makes each cluster's uids its own.
inline void fresh_uids(nlohmann::json& j, const std::string& salt, std::map<std::string, std::string>& made) {
  if (j.is_object()) {
    for (auto& [key, value] : j.items()) {
      if (key == "uid" && value.is_string() && !value.get_ref<const std::string&>().empty()) {
        const std::string old = value.get<std::string>();
        auto it = made.find(old);
        if (it == made.end()) it = made.emplace(old, uuid_from(salt + old)).first;
        value = it->second;
      } else {
        fresh_uids(value, salt, made);
      }
    }
  } else if (j.is_array()) {
    for (auto& v : j) fresh_uids(v, salt, made);
  }
}

inline nlohmann::json with_fresh_uids(nlohmann::json j, const std::string& salt) {
  std::map<std::string, std::string> made;
  fresh_uids(j, salt, made);
  return j;
}

}  // namespace gpuwhy::test_uids
