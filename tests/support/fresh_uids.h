#pragma once
// A real capture as if its lab had been run once more on a cluster of its own: every uid replaced
// by a new one (one new uid for each old one, wherever it appears: metadata, involvedObject,
// ownerReferences) and every event named anew (the recorder's hex suffix), nothing else changed.
// Published captures keep their uids and event names; an honest lab never has them. And what a
// copier's script does: new uids, every time shifted by one amount.

#include <time.h>

#include <cstdint>
#include <functional>
#include <map>
#include <regex>
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

/// Every event's name "<object>.<16 hex>" given a new hex suffix.
inline void fresh_event_names(nlohmann::json& bundle, const std::string& salt) {
  const nlohmann::json::json_pointer at("/cluster/events/value/items");
  if (!bundle.contains(at)) return;
  for (auto& e : bundle[at]) {
    std::string name = e["metadata"]["name"].get<std::string>();
    const auto dot = name.rfind('.');
    if (dot == std::string::npos || name.size() - dot - 1 != 16) continue;
    name = name.substr(0, dot + 1) + fmt::format("{:016x}", std::hash<std::string>{}(salt + name));
    e["metadata"]["name"] = name;
  }
}

/// Every microsecond time ("...:SS.ffffffZ", as the scheduler writes eventTime) given other
/// microseconds within its second: no run repeats another's to the microsecond.
inline void fresh_micros(nlohmann::json& j, const std::string& salt) {
  if (j.is_string()) {
    const std::string& text = j.get_ref<const std::string&>();
    static const std::regex kMicro(R"(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z)");
    if (!std::regex_match(text, kMicro)) return;
    const std::size_t dot = text.size() - 8;
    j = text.substr(0, dot + 1) + fmt::format("{:06}", std::hash<std::string>{}(salt + text) % 1000000) + "Z";
  } else if (j.is_object() || j.is_array()) {
    for (auto& v : j) fresh_micros(v, salt);
  }
}

/// The lab run again on a cluster of its own: new uids, new event names, other microseconds.
inline nlohmann::json run_again(nlohmann::json j, const std::string& salt) {
  j = with_fresh_uids(std::move(j), salt);
  fresh_event_names(j, salt);
  fresh_micros(j, salt);
  return j;
}

/// Every RFC 3339 UTC time in `j` ("...Z", any fraction kept) moved by `seconds`.
inline void shift_times(nlohmann::json& j, long long seconds) {
  static const std::regex kTime(R"((\d{4})-(\d\d)-(\d\d)T(\d\d):(\d\d):(\d\d)(\.\d+)?Z)");
  if (j.is_string()) {
    std::smatch m;
    const std::string text = j.get<std::string>();
    if (!std::regex_match(text, m, kTime)) return;
    struct tm t {};
    t.tm_year = std::stoi(m[1]) - 1900;
    t.tm_mon = std::stoi(m[2]) - 1;
    t.tm_mday = std::stoi(m[3]);
    t.tm_hour = std::stoi(m[4]);
    t.tm_min = std::stoi(m[5]);
    t.tm_sec = std::stoi(m[6]);
    const time_t moved = timegm(&t) + static_cast<time_t>(seconds);
    struct tm out {};
    gmtime_r(&moved, &out);
    j = fmt::format("{:04}-{:02}-{:02}T{:02}:{:02}:{:02}{}Z", out.tm_year + 1900, out.tm_mon + 1, out.tm_mday,
                    out.tm_hour, out.tm_min, out.tm_sec, m[7].str());
  } else if (j.is_object() || j.is_array()) {
    for (auto& v : j) shift_times(v, seconds);
  }
}

}  // namespace gpuwhy::test_uids
