// Helpers of the integrity rules: findings, names, times, uids, the digest.
#include <algorithm>
#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>
#include <utility>

#include <fmt/format.h>

#include "gpuwhy/base/error.h"
#include "gpuwhy/json/json_bounded.h"
#include "gpuwhy/json/pointer.h"
#include "gpuwhy/lab/lab.h"
#include "integrity_detail.h"

namespace gpuwhy::integrity::detail {

using nlohmann::json;

void Findings::add(const std::string& id, Args args, std::vector<std::string> objects) {
  list.push_back(Finding{id, msg("integrity." + id, std::move(args)), std::move(objects)});
}

void Aggregate::add(const std::string& object, Args args, const std::string& other) {
  if (!first_) first_ = std::move(args);
  note(object, other);
}

void Aggregate::note(const std::string& object, const std::string& other) {
  ++count_;
  for (const std::string* o : {&object, &other}) {
    if (!o->empty() && std::find(objects_.begin(), objects_.end(), *o) == objects_.end()) objects_.push_back(*o);
  }
}

void Aggregate::flush(const std::string& id, Findings& out) {
  if (!first_) return;
  Args args = std::move(*first_);
  args["count"] = std::to_string(count_);
  out.add(id, std::move(args), std::move(objects_));
  first_.reset();
  objects_.clear();
  count_ = 0;
}

std::string str_at(const json& j, const char* ptr) {
  return j.is_object() ? jsonb::str_at(j, ptr) : "";
}

const json* at(const json& j, const char* ptr) {
  return j.is_object() ? jsonb::at(j, ptr) : nullptr;
}

const json& items(const Fetched<json>& list) {
  static const json kEmpty = json::array();
  if (!list.ok() || !list.value().is_object()) return kEmpty;
  const auto it = list.value().find("items");
  return it != list.value().end() && it->is_array() ? *it : kEmpty;
}

std::string object_name(std::string_view kind, const json& item) {
  const std::string name = str_at(item, "/metadata/name");
  if (kind == "node" || kind == "namespace") return fmt::format("{} {}", kind, name);
  std::string ns = str_at(item, "/metadata/namespace");
  if (ns.empty()) ns = std::string(lab::kNamespace);
  return fmt::format("{} {}/{}", kind, ns, name);
}

std::optional<unsigned long long> revision(std::string_view text) {
  if (text.empty() || text.size() > 19) return std::nullopt;
  unsigned long long n = 0;
  for (const char c : text) {
    if (c < '0' || c > '9') return std::nullopt;
    n = n * 10 + static_cast<unsigned long long>(c - '0');
  }
  return n;
}

bool is_uuid(std::string_view uid) {
  if (uid.size() != 36) return false;
  for (std::size_t i = 0; i < uid.size(); ++i) {
    const char c = uid[i];
    if (i == 8 || i == 13 || i == 18 || i == 23) {
      if (c != '-') return false;
    } else if (!((c >= '0' && c <= '9') || (c >= 'a' && c <= 'f'))) {
      return false;
    }
  }
  return true;
}

namespace {

// XXH64 (xxHash's 64-bit function, seed 0): four lanes of 8 bytes at a time, then the rest.
constexpr std::uint64_t kP1 = 11400714785074694791ULL;
constexpr std::uint64_t kP2 = 14029467366897019727ULL;
constexpr std::uint64_t kP3 = 1609587929392839161ULL;
constexpr std::uint64_t kP4 = 9650029242287828579ULL;
constexpr std::uint64_t kP5 = 2870177450012600261ULL;

std::uint64_t read64(const char* p) {
  std::uint64_t v = 0;
  std::memcpy(&v, p, sizeof v);  // little-endian machines: the byte order xxHash defines
  return v;
}

std::uint32_t read32(const char* p) {
  std::uint32_t v = 0;
  std::memcpy(&v, p, sizeof v);
  return v;
}

std::uint64_t lane(std::uint64_t acc, std::uint64_t input) {
  return std::rotl(acc + input * kP2, 31) * kP1;
}

std::uint64_t merge(std::uint64_t h, std::uint64_t v) {
  return (h ^ lane(0, v)) * kP1 + kP4;
}

}  // namespace

std::uint64_t xxh64(std::string_view bytes) {
  const char* p = bytes.data();
  const char* const end = p + bytes.size();
  std::uint64_t h = 0;
  constexpr std::size_t kStripe = 32;
  if (bytes.size() >= kStripe) {
    std::uint64_t v1 = kP1 + kP2;
    std::uint64_t v2 = kP2;
    std::uint64_t v3 = 0;
    std::uint64_t v4 = 0 - kP1;
    for (; end - p >= static_cast<std::ptrdiff_t>(kStripe); p += kStripe) {
      v1 = lane(v1, read64(p));
      v2 = lane(v2, read64(p + 8));
      v3 = lane(v3, read64(p + 16));
      v4 = lane(v4, read64(p + 24));
    }
    h = std::rotl(v1, 1) + std::rotl(v2, 7) + std::rotl(v3, 12) + std::rotl(v4, 18);
    h = merge(merge(merge(merge(h, v1), v2), v3), v4);
  } else {
    h = kP5;
  }
  h += bytes.size();
  for (; end - p >= 8; p += 8) h = std::rotl(h ^ lane(0, read64(p)), 27) * kP1 + kP4;
  if (end - p >= 4) {
    h = std::rotl(h ^ (read32(p) * kP1), 23) * kP2 + kP3;
    p += 4;
  }
  for (; p < end; ++p) h = std::rotl(h ^ (static_cast<unsigned char>(*p) * kP5), 11) * kP1;
  h ^= h >> 33U;
  h *= kP2;
  h ^= h >> 29U;
  h *= kP3;
  h ^= h >> 32U;
  return h;
}

std::string bundle_digest(std::string_view bytes) {
  return fmt::format("{:x}-{:016x}", bytes.size(), xxh64(bytes));
}

json parse_embedded(std::string_view text) {
  try {
    return jsonb::parse(text);
  } catch (const Error&) {  // deeper or bigger than any JSON read from outside may be
    return json(json::value_t::discarded);
  }
}

std::string scalar_text(const json& v) {
  if (v.is_string()) return v.get<std::string>();
  if (v.is_number() || v.is_boolean()) return v.dump();
  return "";
}

}  // namespace gpuwhy::integrity::detail
