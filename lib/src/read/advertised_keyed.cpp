// advertised.txt read line by line where lines say `key: value`: `kubectl describe nodes`, and
// -o yaml / -o json / describe cut down by grep (readers.h).
//
// What a line says when it is `key: value`, `key=value` or `"key": "value",`: the facts of a
// `describe nodes`, yaml or json output survive a grep line by line, whatever section headers or
// indentation the filter dropped. A key holds no blank unless its line ends at the separator
// (`System Info:`); the value is unquoted, without a trailing `,` or `{`.
#include <algorithm>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "gpuwhy/base/text.h"
#include "gpuwhy/k8s/manifest.h"
#include "gpuwhy/lab/lab.h"
#include "read/advertised_detail.h"
#include "read/read_detail.h"

namespace gpuwhy::readers::adv {

using detail::parse_bounded;
using nlohmann::json;

namespace {

struct KeyValue {
  std::string key;
  std::string value;
  bool quoted = false;  ///< the key or the value was quoted (yaml, json): allocatable comes first
};

std::optional<KeyValue> key_value(std::string_view line) {
  std::string t = text::trim(line);
  if (t.rfind("- ", 0) == 0) t = text::trim(std::string_view(t).substr(2));
  KeyValue kv;
  std::size_t sep = 0;
  if (!t.empty() && t.front() == '"') {
    const auto close = t.find('"', 1);
    if (close == std::string::npos) return std::nullopt;
    kv.key = t.substr(1, close - 1);
    kv.quoted = true;
    sep = t.find_first_not_of(' ', close + 1);
    if (sep == std::string::npos || t[sep] != ':') return std::nullopt;
  } else {
    sep = t.find_first_of(":=");
    if (sep == std::string::npos || sep == 0) return std::nullopt;
    kv.key = t.substr(0, sep);
  }
  std::string v = text::trim(std::string_view(t).substr(sep + 1));
  if (!v.empty() && (v.back() == ',' || v.back() == '{')) v = text::trim(std::string_view(v).substr(0, v.size() - 1));
  if (v.size() >= 2 && (v.front() == '"' || v.front() == '\'') && v.back() == v.front()) {
    v = v.substr(1, v.size() - 2);
    kv.quoted = true;
  }
  if (kv.key.find_first_of(" \t") != std::string::npos && !v.empty()) return std::nullopt;
  kv.value = std::move(v);
  return kv;
}

// The node a line names: `Name: x` (describe), `name: x` (yaml), `"name": "x",` (json), the
// hostname label, a name alone on its line, or a whole node on one line (the last-applied-configuration annotation of
// -o yaml, which names the node but shows what was applied, not what it advertises now).
std::string node_named(const std::string& line, const std::optional<KeyValue>& kv) {
  const std::string t = text::trim(line);
  if (!t.empty() && t.front() == '{') {
    if (t.find("\"kind\":\"Node\"") == std::string::npos) return "";
    const json j = parse_bounded(t);
    const json* md = j.is_object() && j.contains("metadata") ? &j["metadata"] : nullptr;
    if (md == nullptr || !md->is_object() || !md->contains("name") || !(*md)["name"].is_string()) return "";
    const std::string n = (*md)["name"].get<std::string>();
    return is_object_name(n) ? n : "";
  }
  if (!kv) return node_name_of(t);  // a name alone on its line (`awk '{print $2}'`, -o name)
  const std::string k = text::to_lower_ascii(kv->key);
  if (k == "name" || k == "kubernetes.io/hostname") return node_name_of(kv->value);
  return "";
}

// What one node shows: the amounts under a Capacity/Allocatable heading, and those whose
// heading the filter dropped (`loose`), in file order.
struct Shown {
  std::optional<std::string> capacity;
  std::optional<std::string> allocatable;
  bool capacity_block = false;     ///< a Capacity heading (its amount may still be missing)
  bool allocatable_block = false;  ///< an Allocatable heading
  std::vector<std::string> loose;
  bool quoted = false;
};

// The amounts of one node as the lab grades them. Without headings, the two lines of a node are
// its two maps in the order the output prints them (describe: capacity first; yaml and json:
// allocatable first); a single line means the output, which prints both maps, found the
// resource in one only: it is read as capacity beside an allocatable without it.
void resolve_shown(Advertised& a, const std::string& node, Shown f) {
  if (!f.loose.empty()) {
    if (f.allocatable_block && !f.capacity_block) {
      f.capacity = f.loose.front();
    } else if (f.capacity_block && !f.allocatable_block) {
      f.allocatable = f.loose.back();
    } else if (!f.capacity_block && !f.allocatable_block) {
      const bool two = f.loose.size() >= 2;
      f.capacity = two && f.quoted ? f.loose.back() : f.loose.front();
      f.allocatable = two ? (f.quoted ? f.loose.front() : f.loose.back()) : std::string();
    }
    f.capacity_block = f.capacity_block || f.capacity.has_value();
    f.allocatable_block = f.allocatable_block || f.allocatable.has_value();
  }
  const std::string cap = f.capacity.value_or("");
  add_node(a, node, f.allocatable_block ? f.allocatable.value_or("") : cap);
  if (f.allocatable_block && f.capacity_block) a.capacity[node] = cap == "<none>" ? "" : cap;
}

// One keyed line applied to the node being read: a heading opens its map, another heading
// closes it, an amount fills the open map (once: a second amount means the heading of the
// other map was filtered away).
void keyed_line(const KeyValue& kv, Shown& f, std::string& section) {
  const std::string k = text::to_lower_ascii(kv.key);
  if (kv.value.empty() && (k == "capacity" || k == "allocatable")) {
    section = k;
    (k == "capacity" ? f.capacity_block : f.allocatable_block) = true;
    return;
  }
  if (kv.key != lab::kResource) {
    if (kv.value.empty()) section.clear();
    return;
  }
  if (!is_placeholder(kv.value) && !quantity_milli(kv.value)) return;
  f.quoted = f.quoted || kv.quoted;
  const std::string value = is_placeholder(kv.value) ? std::string("<none>") : kv.value;
  auto& slot = section == "capacity" ? f.capacity : f.allocatable;
  if (!section.empty() && !slot) {
    slot = value;
  } else {
    f.loose.push_back(value);
  }
}

}  // namespace

// `kubectl describe nodes`, or describe / -o yaml / -o json cut down by grep, awk or head: a node
// name, then the amounts that follow it until the next node name. Label lines
// (`nvidia.com/gpu.count=2`), the taint, and the `Allocated resources` table (no `key:`) are not
// amounts. Amounts with no node name before them: nobody can tell whose they are.
void read_keyed(const std::vector<std::string>& lines, Advertised& a) {
  std::map<std::string, Shown> found;
  std::vector<std::string> order;
  std::string node;
  std::string section;
  bool orphan_amount = false;
  // A plain word alone on its line (`done`) is a note, unless a line names a node so by key
  // (`Name: minikube`).
  const bool notes = std::none_of(lines.begin(), lines.end(), [](const std::string& l) {
    const auto kv = key_value(l);
    return kv && plain_word(node_named(l, kv));
  });
  for (const auto& l : lines) {
    const auto kv = key_value(l);
    const std::string named = node_named(l, kv);
    if (notes && !kv && plain_word(named)) continue;
    if (!named.empty()) {
      if (named != node && found.emplace(named, Shown{}).second) order.push_back(named);
      if (named != node) section.clear();
      node = named;
      continue;
    }
    if (text::trim(l) == "--") section.clear();  // grep -A's group separator
    if (!kv) continue;
    if (node.empty()) {
      if (kv->key == lab::kResource) {
        orphan_amount = true;
        a.bare.push_back(is_placeholder(kv->value) ? "<none>" : kv->value);
      }
      continue;
    }
    keyed_line(*kv, found[node], section);
  }
  for (const auto& n : order) resolve_shown(a, n, found[n]);
  // Only one map shown, and no node has the resource in it: as a table whose every row is
  // <none> (the live cluster then tells which mistake it is).
  a.all_none = !a.amounts.empty() && a.capacity.empty() &&
               std::all_of(a.amounts.begin(), a.amounts.end(), [](const auto& kv) { return kv.second.empty(); });
  if (a.amounts.empty() && orphan_amount) {
    a.format = AdvertisedFormat::kBareNumbers;
    a.bare_numbers = true;
  } else if (a.amounts.empty()) {
    a.problem = "reason.advertised.describe";
  }
}

// Whether the lines hold the keyed facts read_keyed reads: a node named by key (a name alone on
// its line is a table's too), a Capacity/Allocatable heading, or the resource's amount as
// `nvidia.com/gpu: N`.
bool has_keyed_facts(const std::vector<std::string>& lines) {
  return std::any_of(lines.begin(), lines.end(), [](const std::string& l) {
    const auto kv = key_value(l);
    if (!kv) return false;  // a name alone on its line, or a table row
    const std::string k = text::to_lower_ascii(kv->key);
    return !node_named(l, kv).empty() || (kv->value.empty() && (k == "capacity" || k == "allocatable")) ||
           (kv->key == lab::kResource && (is_placeholder(kv->value) || quantity_milli(kv->value)));
  });
}

}  // namespace gpuwhy::readers::adv
