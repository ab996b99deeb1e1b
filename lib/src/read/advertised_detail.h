#pragma once
/// What advertised.cpp (the text forms) and advertised_json.cpp (JSON and YAML) share: the node
/// table as it is filled, and the amounts a node shows, map by map.

#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "gpuwhy/read/readers.h"

namespace gpuwhy::readers::adv {

/// Records `name` with `amount` (`<none>` is none), in the order first seen.
void add_node(Advertised& a, const std::string& name, std::string amount);
/// A quantity with a digit in it.
bool is_number_text(std::string_view s);
/// kubectl's, Go's and jq's ways of printing that a node has no amount, and the words a student
/// puts in their place.
bool is_placeholder(std::string_view s);
/// A Kubernetes object name (RFC 1123 subdomain).
bool is_object_name(std::string_view s);
/// The node a printed name stands for (`node/lab-node-0` is lab-node-0); "" when none.
std::string node_name_of(std::string_view s);
/// A word of letters alone (`done`, `ok`, `gpus`): a name a node may have, but where the output
/// names its nodes with a digit, a dash or a dot (`lab-node-0`), the student's word.
bool plain_word(std::string_view c);

/// Which map an amount stands in.
enum class Slot { kPlain, kCapacity, kAllocatable };

// What one node shows of the resource, map by map: nullopt where the map is not shown, "" where
// it is shown without the resource.
struct NodeAmounts {
  std::optional<std::string> allocatable;
  std::optional<std::string> capacity;
  std::optional<std::string> plain;  ///< a map or field that does not say which
  [[nodiscard]] bool any() const { return allocatable || capacity || plain; }
  void set(Slot s, std::string v) {
    auto& slot = s == Slot::kAllocatable ? allocatable : s == Slot::kCapacity ? capacity : plain;
    if (!slot) slot = std::move(v);
  }
};

/// The amounts in `o` (a node, or a map of its), under `slot` unless a key says which map.
void amounts_in(const nlohmann::json& o, Slot slot, NodeAmounts& n, int depth, std::string_view name_key);
/// The node `o` names and the key it is named under, when it names one.
std::optional<std::pair<std::string, std::string>> name_in(const nlohmann::json& o);
/// The facts of lines that say `key: value` (describe, a grep of -o yaml or -o json), into `a`.
void read_keyed(const std::vector<std::string>& lines, Advertised& a);
/// Whether `lines` hold such facts.
bool has_keyed_facts(const std::vector<std::string>& lines);
/// Where the JSON object or array opening at s[b] ends (past its closing bracket); npos when it
/// does not close on that line.
std::size_t json_value_end(std::string_view s, std::size_t b);
/// `doc` as one JSON document or each of several one after another, a note under them left out;
/// a single discarded value when neither parses.
std::vector<nlohmann::json> parse_documents(std::string_view doc);
/// A line of text output with kubectl's placeholders spelled `<none>` and each map printed
/// inline (jsonpath as JSON, go-template as `map[...]`) replaced by its cells.
std::string normalise_line(std::string_view in);
/// A heading in brackets (`[Step 2]`), not JSON.
bool bracket_heading(std::string_view l);
/// Every node and amount the JSON or YAML documents `docs` show, into `a`.
void facts_from_json(const std::vector<const nlohmann::json*>& docs, Advertised& a);

}  // namespace gpuwhy::readers::adv
