#pragma once
/// JSON from outside (apiserver answers, bundles) parsed with a nesting and a size budget, so a
/// hostile document can neither overflow the stack (copies, dumps and comparisons of nlohmann
/// values recurse) nor make memory grow far beyond the bytes kept.

#include <cstddef>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

namespace gpuwhy::jsonb {

/// Deepest nesting accepted (a real apiserver object is about 15 levels deep).
inline constexpr std::size_t kMaxDepth = 256;
/// Most values (scalars, keys, objects, arrays) in one document: a million values are at most
/// about 100 MB in memory; the lab's answers hold a few thousand (mostly long strings).
inline constexpr std::size_t kMaxValues = 1'000'000;

struct Limits {
  std::size_t max_depth = kMaxDepth;
  std::size_t max_values = kMaxValues;
};

/// Parses `text`. Invalid JSON gives a discarded value (is_discarded()), as
/// json::parse(text, nullptr, false) would; a limit hit throws Error(kParse) with one line
/// ("JSON nested deeper than 256 levels" / "more than 2000000 JSON values").
nlohmann::json parse(std::string_view text, const Limits& limits = {});

/// The parser's one-line reason why `text` is not JSON (where and what), found without building
/// anything; "" when it is valid JSON.
std::string syntax_error(std::string_view text);

}  // namespace gpuwhy::jsonb
