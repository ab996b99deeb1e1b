#pragma once
/// JSON from outside (apiserver answers, bundles) parsed with a nesting and a size budget, so a
/// hostile document can neither overflow the stack (copies, dumps and comparisons of nlohmann
/// values recurse) nor make memory grow far beyond the bytes kept.

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

namespace gpuwhy::jsonb {

/// Deepest nesting accepted (a real apiserver object is about 15 levels deep).
inline constexpr std::size_t kMaxDepth = 256;
/// Most values (scalars, keys, objects, arrays) in one document: a million values are at most
/// about 100 MB in memory; the lab's answers hold a few thousand (mostly long strings).
inline constexpr std::size_t kMaxValues = 1'000'000;

/// What a parse drops, given by its caller: each rule names the objects it applies to by a path
/// and which of their keys go. A dropped key's value is read as strictly as any other (a
/// document is refused whole or not at all) but nothing of it is built or counted.
struct DropRule {
  /// Where the objects are, from the root, one step a segment: a key (a member of an object),
  /// or "*" (any member of an object or any item of an array). A path whose first segment is
  /// "**" has one more segment, a key: every object that is the value of a member of that name,
  /// at any depth.
  std::vector<std::string> path;
  /// The keys dropped from those objects.
  std::vector<std::string> drop;
  /// When not empty: every key but these is dropped from those objects (`drop` is then unused).
  std::vector<std::string> keep;
};

/// A set of DropRules, compiled once into the form the reader follows: each container opened is
/// placed in a step or two, and a container below no rule's path in one compare. Where a step
/// names a key and "*" too, the key is followed.
class DropPolicy {
 public:
  explicit DropPolicy(std::vector<DropRule> rules);

  /// Where a container is, as far as the rules are concerned. The root is Place{}.
  struct Place {
    int node = 0;       ///< the node of the anchored paths it is at; -1: below none
    int anywhere = -1;  ///< the node of the "**" rules for the key it is the value of; -1: none
  };
  /// The place of a container opened in one at `parent`: under `key` in an object, or as an item
  /// of an array (`in_array`; `key` unused).
  /// Below no anchored path and no "**" rule (most of a document) it is one compare, inline.
  [[nodiscard]] Place child(Place parent, bool in_array, std::string_view key) const {
    if (parent.node < 0 && anywhere_.empty()) return Place{-1, -1};
    return child_of(parent, in_array, key);
  }
  /// Whether `key` of an object at `in` is dropped; where no rule ends (most objects) it is two
  /// compares, inline.
  [[nodiscard]] bool drops(Place in, std::string_view key) const {
    if (!has_rules(in.node) && !has_rules(in.anywhere)) return false;
    return node_drops(in.node, key) || node_drops(in.anywhere, key);
  }

 private:
  struct Node {
    std::vector<std::pair<std::string, int>> members;  ///< key -> node
    int any = -1;                                      ///< the node of "*"
    std::vector<std::size_t> rules;                    ///< the rules whose path ends here
  };
  [[nodiscard]] Place child_of(Place parent, bool in_array, std::string_view key) const;
  [[nodiscard]] bool has_rules(int node) const {
    return node >= 0 && !nodes_[static_cast<std::size_t>(node)].rules.empty();
  }
  [[nodiscard]] bool node_drops(int node, std::string_view key) const;

  std::vector<DropRule> rules_;
  std::vector<Node> nodes_;                            ///< nodes_[0]: the root
  std::vector<std::pair<std::string, int>> anywhere_;  ///< a "**" rule's key -> its node
};

struct Limits {
  std::size_t max_depth = kMaxDepth;
  std::size_t max_values = kMaxValues;
  /// What is dropped while parsing (nothing when null); it must outlive the parse.
  const DropPolicy* drop = nullptr;
};

/// Parses `text`. Invalid JSON gives a discarded value (is_discarded()), as
/// json::parse(text, nullptr, false) would; a limit hit throws Error(kParse) with one line
/// ("JSON nested deeper than 256 levels" / "more than 2000000 JSON values").
nlohmann::json parse(std::string_view text, const Limits& limits = {});

/// The parser's one-line reason why `text` is not JSON: "line L, column C: what", never quoting
/// the text itself; found without building anything; "" when it is valid JSON.
std::string syntax_error(std::string_view text);
/// Where syntax_error() stops: line and column (both from 1); nullopt when `text` is valid JSON.
std::optional<std::pair<std::size_t, std::size_t>> syntax_at(std::string_view text);

}  // namespace gpuwhy::jsonb
