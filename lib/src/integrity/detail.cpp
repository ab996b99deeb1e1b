// Helpers of the integrity rules: findings, names, times, uids, the digest.
#include <openssl/evp.h>

#include <algorithm>
#include <array>
#include <cstddef>
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

std::string sha256_hex(std::string_view bytes) {
  std::array<unsigned char, EVP_MAX_MD_SIZE> md{};
  unsigned int len = 0;
  if (EVP_Digest(bytes.data(), bytes.size(), md.data(), &len, EVP_sha256(), nullptr) != 1) return "";
  // Lowercase hex, two digits a byte, from a table rather than a format call a byte.
  constexpr std::string_view kHex = "0123456789abcdef";
  std::string out(static_cast<std::size_t>(len) * 2, '0');
  for (std::size_t i = 0; i < len; ++i) {
    out[2 * i] = kHex[md.at(i) >> 4U];
    out[2 * i + 1] = kHex[md.at(i) & 0xFU];
  }
  return out;
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
