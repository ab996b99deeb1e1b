#include "gpuwhy/k8s/labels.h"

#include <cstdint>
#include <limits>

namespace gpuwhy::k8s {

namespace {

bool alnum(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9');
}

// qualifiedNameFmt: ([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9], at most 63 characters.
bool is_name(std::string_view s) {
  if (s.empty() || s.size() > 63 || !alnum(s.front()) || !alnum(s.back())) return false;
  for (const char c : s) {
    if (!alnum(c) && c != '-' && c != '_' && c != '.') return false;
  }
  return true;
}

// dns1123LabelFmt: [a-z0-9]([-a-z0-9]*[a-z0-9])?
bool label_chars(std::string_view s) {
  auto lower = [](char c) { return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9'); };
  if (s.empty() || !lower(s.front()) || !lower(s.back())) return false;
  for (const char c : s) {
    if (!lower(c) && c != '-') return false;
  }
  return true;
}

}  // namespace

bool is_dns_subdomain(std::string_view s) {
  if (s.empty() || s.size() > 253) return false;
  for (std::size_t start = 0;;) {
    const std::size_t dot = s.find('.', start);
    if (!label_chars(s.substr(start, dot == std::string_view::npos ? std::string_view::npos : dot - start))) {
      return false;
    }
    if (dot == std::string_view::npos) return true;
    start = dot + 1;
  }
}

bool is_dns_label(std::string_view s) {
  return s.size() <= 63 && label_chars(s);
}

bool is_qualified_name(std::string_view text) {
  const std::size_t slash = text.find('/');
  if (slash == std::string_view::npos) return is_name(text);
  if (text.find('/', slash + 1) != std::string_view::npos) return false;
  return is_dns_subdomain(text.substr(0, slash)) && is_name(text.substr(slash + 1));
}

bool is_label_value(std::string_view text) {
  return text.empty() || is_name(text);
}

std::optional<long long> parse_int64(std::string_view text) {
  bool neg = false;
  if (!text.empty() && (text.front() == '+' || text.front() == '-')) {
    neg = text.front() == '-';
    text.remove_prefix(1);
  }
  if (text.empty()) return std::nullopt;
  // The magnitude in unsigned arithmetic: -9223372036854775808 is an int64, its opposite is not.
  const std::uint64_t limit = neg ? static_cast<std::uint64_t>(std::numeric_limits<long long>::max()) + 1
                                  : static_cast<std::uint64_t>(std::numeric_limits<long long>::max());
  std::uint64_t v = 0;
  for (const char c : text) {
    if (c < '0' || c > '9') return std::nullopt;
    const auto d = static_cast<std::uint64_t>(c - '0');
    if (v > (limit - d) / 10) return std::nullopt;
    v = v * 10 + d;
  }
  if (neg) return v == limit ? std::numeric_limits<long long>::min() : -static_cast<long long>(v);
  return static_cast<long long>(v);
}

}  // namespace gpuwhy::k8s
