#pragma once
/// JSON from outside (apiserver answers, bundles) parsed with a nesting and a size budget, so a
/// hostile document can neither overflow the stack (copies, dumps and comparisons of nlohmann
/// values recurse) nor make memory grow far beyond the bytes kept.

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <utility>

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
  /// Drop, while parsing, what no check reads and what is large on a real cluster:
  /// `metadata.managedFields` of every object and `status.images` of nodes (a node of a real
  /// cluster lists every image it holds). Nothing of them is built.
  bool drop_unused = false;
  /// With drop_unused, for a node or NodeList: also the node status no check reads
  /// (conditions, nodeInfo, addresses, daemonEndpoints, config, volumes, runtimeHandlers,
  /// features); capacity and allocatable stay.
  bool node_status_too = false;
  /// For a gpuwhy bundle (snapshot.h): what a live check drops from the apiserver's answers is
  /// dropped from the answers the bundle holds, by place: the nodes' managedFields, images and
  /// unread status (as drop_unused with node_status_too) under `cluster.nodes.value.items`, and
  /// the events' managedFields under `cluster.events.value.items`. Pods keep everything but the
  /// fields their managedFields entries own: who set spec.nodeName is read from them, so each
  /// entry keeps its manager, operation and time, and of fieldsV1 only `f:spec.f:nodeName`.
  /// Nothing else of the bundle is touched.
  bool bundle = false;
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
