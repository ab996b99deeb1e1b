// advertised.txt read as JSON or YAML (readers.h): the Node list kubectl prints, and whatever jq
// made of it.
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "gpuwhy/base/text.h"
#include "gpuwhy/k8s/manifest.h"
#include "gpuwhy/lab/lab.h"
#include "read/advertised_detail.h"
#include "read/read_detail.h"

namespace gpuwhy::readers::adv {

using nlohmann::json;

// A Node list, and whatever jq made of it: objects per node under any key names, `[name,
// amount]` arrays, name -> amount maps (`from_entries`), nested allocatable maps, several
// documents one after another (JSON Lines). Each node name is paired with the amounts that
// stand with it; amounts that stand with no name are kept apart (nobody can tell whose they are).

namespace {

// The amount of a node as the lab grades it: allocatable where shown, its "" included (capacity
// alone gives the scheduler no room), else the map that does not say, else capacity.
void record_node(Advertised& a, const std::string& name, const NodeAmounts& n) {
  std::string amount;
  if (n.allocatable) {
    amount = *n.allocatable;
  } else if (n.plain && (!n.plain->empty() || !n.capacity)) {
    amount = *n.plain;
  } else {
    amount = n.capacity.value_or("");
  }
  add_node(a, name, amount);
  if (n.allocatable && n.capacity) a.capacity[name] = *n.capacity;
}

Slot slot_of(std::string_view key, Slot inherited) {
  const std::string k = text::to_lower_ascii(key);
  if (k.find("alloc") != std::string::npos) return Slot::kAllocatable;
  if (k.find("cap") != std::string::npos) return Slot::kCapacity;
  return inherited;
}

// A JSON value standing for an amount: a quantity (string or number), or none shown (null, "",
// a placeholder). nullopt for anything else.
std::optional<std::string> json_amount(const json& v) {
  if (v.is_null()) return std::string();
  if (v.is_number()) return v.dump();
  if (!v.is_string()) return std::nullopt;
  const std::string s = text::trim(v.get_ref<const std::string&>());
  if (is_placeholder(s)) return std::string();
  if (is_number_text(s)) return s;
  return std::nullopt;
}

// A node's resource map (capacity, allocatable): it holds the resource, or the resources every
// node has.
bool is_resource_map(const json& o) {
  if (!o.is_object()) return false;
  for (const char* k : {lab::kResource.data(), "cpu", "memory", "pods", "ephemeral-storage"}) {
    if (o.contains(k)) return true;
  }
  return false;
}

}  // namespace

// The amounts an object shows for the node it stands for, its name aside: resource maps at any
// depth (but under metadata, labels and annotations), their key telling allocatable from
// capacity; and fields holding an amount: the resource's key, else those keyed for allocatable
// or capacity, else those keyed for the GPU, else the object's one amount field (at its own
// level only: deeper, a number is some other fact of the node).
void amounts_in(const json& o, Slot slot, NodeAmounts& n, int depth, std::string_view name_key) {
  const std::string res(lab::kResource);
  if (depth > 8 || !o.is_object()) return;
  if (is_resource_map(o)) {
    n.set(slot, o.contains(res) ? json_amount(o[res]).value_or("") : std::string());
    return;
  }
  struct Field {
    Slot slot;
    std::string amount;
    int tier;
  };
  std::vector<Field> fields;
  for (auto it = o.begin(); it != o.end(); ++it) {
    if (it.key() == name_key) continue;
    const std::string k = text::to_lower_ascii(it.key());
    if (k == "metadata" || k == "labels" || k == "annotations") continue;
    const Slot s = slot_of(k, slot);
    if (it->is_object()) {
      amounts_in(*it, s, n, depth + 1, "");
      continue;
    }
    const auto amount = json_amount(*it);
    if (!amount) continue;
    int tier = 3;
    if (it.key() == res) {
      tier = 0;
    } else if (s != slot || k.find("alloc") != std::string::npos || k.find("cap") != std::string::npos) {
      tier = 1;
    } else if (k.find("gpu") != std::string::npos || k.find("nvidia") != std::string::npos) {
      tier = 2;
    }
    if (depth > 0 && tier == 3) continue;
    fields.push_back({s, *amount, tier});
  }
  if (fields.empty()) return;
  const int best = std::min_element(fields.begin(), fields.end(), [](const Field& x, const Field& y) {
                     return x.tier < y.tier;
                   })->tier;
  if (best == 3 && fields.size() > 1) return;  // several numbers, none said to be the GPU's
  for (auto& f : fields) {
    if (f.tier == best) n.set(f.slot, std::move(f.amount));
  }
}

// The node an object stands for and the key naming it: metadata.name (a Node), else its field
// holding a node name, one keyed as a name (name, node, host, key) first.
std::optional<std::pair<std::string, std::string>> name_in(const json& o) {
  if (!o.is_object()) return std::nullopt;
  if (o.contains("metadata") && o["metadata"].is_object()) {
    const json& md = o["metadata"];
    if (!md.contains("name") || !md["name"].is_string()) return std::nullopt;
    const std::string n = node_name_of(md["name"].get_ref<const std::string&>());
    if (n.empty()) return std::nullopt;
    return std::pair{n, std::string("metadata")};
  }
  std::optional<std::pair<std::string, std::string>> first;
  for (auto it = o.begin(); it != o.end(); ++it) {
    if (!it->is_string() || it.key() == "apiVersion" || it.key() == "kind") continue;
    const std::string n = node_name_of(text::trim(it->get_ref<const std::string&>()));
    if (n.empty()) continue;
    const std::string k = text::to_lower_ascii(it.key());
    if (k.find("name") != std::string::npos || k.find("node") != std::string::npos ||
        k.find("host") != std::string::npos || k == "key")
      return std::pair{n, it.key()};
    if (!first) first = std::pair{n, it.key()};
  }
  return first;
}

namespace {

// What a value paired with a node name shows: an amount, or an object of amounts.
std::optional<NodeAmounts> amounts_of_value(const json& v) {
  NodeAmounts n;
  if (auto amount = json_amount(v)) {
    n.plain = std::move(*amount);
    return n;
  }
  if (!v.is_object() || name_in(v)) return std::nullopt;
  if (v.empty()) {  // a map the filter left empty: the node shows none
    n.plain = std::string();
    return n;
  }
  amounts_in(v, Slot::kPlain, n, 0, "");
  if (!n.any()) return std::nullopt;
  return n;
}

// A map from node names to what each shows (`from_entries`, `{(.metadata.name): ...}`).
bool is_name_map(const json& o) {
  if (!o.is_object() || o.empty() || is_resource_map(o)) return false;
  for (auto it = o.begin(); it != o.end(); ++it) {
    if (node_name_of(it.key()).empty() || !amounts_of_value(*it)) return false;
  }
  return true;
}

struct JsonFacts {
  std::vector<std::pair<std::string, NodeAmounts>> nodes;
  std::vector<std::string> orphans;  ///< amounts shown with no node name
};

void walk_json(const json& v, JsonFacts& f, int depth);

// A sequence of values (an array, or the documents of a file one after another): a node name
// and the amounts that follow it (`["lab-node-0", "2"]`; jq printing `.metadata.name,
// .status.allocatable`); two amounts after a name are capacity then allocatable, as the lab names
// them. Any other value is read for itself.
void walk_sequence(const std::vector<const json*>& seq, JsonFacts& f, int depth) {
  std::optional<std::string> name;
  NodeAmounts n;
  std::vector<std::string> loose;
  const auto flush = [&] {
    if (name) {
      if (loose.size() >= 2) {
        n.set(Slot::kCapacity, loose.front());
        n.set(Slot::kAllocatable, loose.back());
      } else if (loose.size() == 1) {
        n.set(Slot::kPlain, loose.front());
      }
      f.nodes.emplace_back(*name, n);
    }
    name.reset();
    n = NodeAmounts{};
    loose.clear();
  };
  for (const json* e : seq) {
    if (e->is_string() && !json_amount(*e)) {
      std::string nm = node_name_of(text::trim(e->get_ref<const std::string&>()));
      if (!nm.empty()) {
        flush();
        name = std::move(nm);
      }
      continue;
    }
    if (auto amount = json_amount(*e)) {
      (name ? loose : f.orphans).push_back(std::move(*amount));
      continue;
    }
    if (name) {
      if (auto m = amounts_of_value(*e); m && !is_name_map(*e)) {
        if (m->allocatable) n.set(Slot::kAllocatable, *m->allocatable);
        if (m->capacity) n.set(Slot::kCapacity, *m->capacity);
        if (m->plain) loose.push_back(*m->plain);
        continue;
      }
    }
    flush();
    walk_json(*e, f, depth + 1);
  }
  flush();
}

void walk_json(const json& v, JsonFacts& f, int depth) {
  if (depth > 32) return;
  if (v.is_array()) {
    std::vector<const json*> seq;
    for (const auto& e : v) seq.push_back(&e);
    walk_sequence(seq, f, depth);
    return;
  }
  if (!v.is_object()) {
    if (auto amount = json_amount(v); amount && !v.is_null()) f.orphans.push_back(*amount);
    return;
  }
  if (auto named = name_in(v)) {
    NodeAmounts n;
    amounts_in(v, Slot::kPlain, n, 0, named->second);
    f.nodes.emplace_back(named->first, n);
    return;
  }
  if (is_name_map(v)) {
    for (auto it = v.begin(); it != v.end(); ++it) f.nodes.emplace_back(node_name_of(it.key()), *amounts_of_value(*it));
    return;
  }
  NodeAmounts n;
  amounts_in(v, Slot::kPlain, n, 0, "");
  if (n.any()) {  // a node's maps without its name (`.items[].status`)
    for (const auto* o : {&n.capacity, &n.plain, &n.allocatable}) {
      if (*o) f.orphans.push_back(**o);
    }
    return;
  }
  for (const auto& child : v) {
    if (child.is_structured()) walk_json(child, f, depth + 1);
  }
}

}  // namespace

// The facts of JSON or YAML documents into `a`: the nodes named, else amounts without names.
void facts_from_json(const std::vector<const json*>& docs, Advertised& a) {
  JsonFacts f;
  walk_sequence(docs, f, 0);
  for (const auto& [name, n] : f.nodes) record_node(a, name, n);
  if (!a.amounts.empty()) {
    // No node shows the resource in any map: as a table whose every row is <none>.
    const auto none = [](const auto& kv) { return kv.second.empty(); };
    a.all_none = std::all_of(a.amounts.begin(), a.amounts.end(), none) &&
                 std::all_of(a.capacity.begin(), a.capacity.end(), none);
    return;
  }
  if (!f.orphans.empty()) {
    a.format = AdvertisedFormat::kBareNumbers;
    a.bare_numbers = true;
    for (const auto& o : f.orphans) a.bare.push_back(o.empty() ? "<none>" : o);
  } else {
    a.problem = "reason.advertised.json-nodes";
  }
}

}  // namespace gpuwhy::readers::adv
