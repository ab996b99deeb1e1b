// advertised.txt read as JSON or YAML (readers.h): the Node list kubectl prints, and whatever jq
// made of it.
#include <algorithm>
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

using detail::parse_bounded;
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

// ---- JSON in a text file: where a value ends, documents one after another, a heading ----

// Where the JSON object or array opening at s[b] ends (past its closing bracket); npos when it
// does not close on this line.
std::size_t json_value_end(std::string_view s, std::size_t b) {
  int depth = 0;
  bool in_string = false;
  for (std::size_t i = b; i < s.size(); ++i) {
    const char c = s[i];
    if (in_string) {
      if (c == '\\') {
        ++i;
      } else if (c == '"') {
        in_string = false;
      }
    } else if (c == '"') {
      in_string = true;
    } else if (c == '{' || c == '[') {
      ++depth;
    } else if ((c == '}' || c == ']') && --depth == 0) {
      return i + 1;
    }
  }
  return std::string_view::npos;
}

namespace {

// The JSON documents one after another in `t` (the output saved twice, JSON Lines, jq printing
// several values), each whole; empty when `t` is not such a sequence. With `end`, the sequence
// stops at a line that opens no JSON value (a note after it), and `end` says where.
std::vector<std::string_view> json_documents(std::string_view t, std::size_t* end) {
  std::vector<std::string_view> out;
  std::size_t i = 0;
  const auto opens_value = [&t](std::size_t k) {
    const char c = t[k];
    if (c == '{' || c == '[' || c == '"' || (c >= '0' && c <= '9')) return true;
    if (c == '-') return k + 1 < t.size() && t[k + 1] >= '0' && t[k + 1] <= '9';
    return t.substr(k, 4) == "null" || t.substr(k, 4) == "true" || t.substr(k, 5) == "false";
  };
  while (true) {
    while (i < t.size() && (t[i] == ' ' || t[i] == '\n' || t[i] == '\t' || t[i] == '\r')) ++i;
    if (end != nullptr) *end = i;
    if (i == t.size()) return out;
    if (end != nullptr && !opens_value(i)) return out;
    const std::size_t b = i;
    if (t[i] == '{' || t[i] == '[') {
      i = json_value_end(t, b);
      if (i == std::string_view::npos) return {};
    } else if (t[i] == '"') {
      for (++i; i < t.size() && t[i] != '"'; ++i) {
        if (t[i] == '\\') ++i;
      }
      if (i >= t.size()) return {};
      ++i;
    } else {  // a number, null, true or false: parsed below
      while (i < t.size() && t[i] != ' ' && t[i] != '\n' && t[i] != '\t' && t[i] != '\r') ++i;
    }
    out.push_back(t.substr(b, i - b));
  }
}

}  // namespace

// `doc` as one JSON document or, when it is the output saved twice, each of them; a single
// discarded value when neither parses. Text after the last document that is no JSON (a note the
// student wrote under the output: `완료`) ends them.
std::vector<json> parse_documents(std::string_view doc) {
  std::vector<json> docs{parse_bounded(doc)};
  if (!docs[0].is_discarded()) return docs;
  std::vector<json> each;
  std::size_t at = 0;
  for (const auto part : json_documents(doc, &at)) each.push_back(parse_bounded(part));
  at = std::min(at, doc.size());
  const std::string rest = text::trim(doc.substr(at));
  // A note is a line of its own under whole objects or lists, never the rest of a line.
  const std::size_t line_start = doc.find_last_of('\n', at == 0 ? 0 : at - 1);
  const bool own_line =
      line_start != std::string_view::npos && text::trim(doc.substr(line_start + 1, at - line_start - 1)).empty();
  // ...and it shows none of the output's facts (a grep of -o yaml goes on with them).
  const bool note_after =
      !rest.empty() && rest.front() != '{' && rest.front() != '[' && own_line && !has_keyed_facts(text::lines(rest));
  if (each.empty() || (each.size() < 2 && !note_after) || (!rest.empty() && !note_after) ||
      std::any_of(each.begin(), each.end(), [](const json& d) { return d.is_discarded(); }))
    return docs;
  return each;
}

// A heading the student put in brackets (`[2단계] 노드별 GPU`, `[Step 2]`): a line that opens
// with `[` but is no JSON, its brackets closing on it around words, not quoted values.
bool bracket_heading(std::string_view l) {
  const auto close = l.find(']');
  if (l.empty() || l[0] != '[' || close == std::string_view::npos) return false;
  const std::string_view inside = l.substr(1, close - 1);
  if (inside.find_first_of("\"{[") != std::string_view::npos) return false;
  return parse_bounded(l).is_discarded();
}

namespace {

// ---- kubectl's placeholders, -o name, and maps printed inline in text --------------------------

// Go's print of a map or slice (`map[cpu:32 nvidia.com/gpu:2 pods:110]`: go-template
// `{{.status.allocatable}}`) as JSON, from s[i] (at `map[` or `[`); i ends past its `]`.
json go_value(std::string_view s, std::size_t& i, int depth) {
  const bool map = s.substr(i, 4) == "map[";
  i += map ? 4 : 1;
  json out = map ? json::object() : json::array();
  while (i < s.size() && s[i] != ']') {
    if (s[i] == ' ') {
      ++i;
      continue;
    }
    std::string key;
    if (map) {
      const std::size_t colon = s.find_first_of(": ]", i);
      if (colon == std::string_view::npos || s[colon] != ':') {  // not key:value (a value held a blank)
        i = colon == std::string_view::npos ? s.size() : colon;
        continue;
      }
      key = s.substr(i, colon - i);
      i = colon + 1;
    }
    json value;
    if (depth < 16 && (s.substr(i, 4) == "map[" || (i < s.size() && s[i] == '['))) {
      value = go_value(s, i, depth + 1);
    } else {
      const std::size_t e = std::min(s.find_first_of(" ]", i), s.size());
      value = std::string(s.substr(i, e - i));
      i = e;
    }
    if (map) {
      out[key] = std::move(value);
    } else {
      out.push_back(std::move(value));
    }
  }
  if (i < s.size()) ++i;
  return out;
}

// The cells a map printed inline stands for: its resource amount (`<none>` without it), or
// capacity then allocatable for a map holding both (`{.status}`). nullopt when it shows none.
std::optional<std::string> inline_cells(const json& o, char sep) {
  NodeAmounts n;
  amounts_in(o, Slot::kPlain, n, 0, "");
  if (!n.any()) return std::nullopt;
  const auto cell = [](const std::optional<std::string>& v) { return v->empty() ? std::string("<none>") : *v; };
  if (n.allocatable && n.capacity) return cell(n.capacity) + sep + cell(n.allocatable);
  return cell(n.allocatable ? n.allocatable : n.plain ? n.plain : n.capacity);
}

// A line of text output with kubectl's placeholders spelled `<none>` and each map printed inline
// (jsonpath `{.status.allocatable}` as JSON, go-template as `map[...]`) replaced by its cells:
// `lab-node-0\t{"cpu":"32","nvidia.com/gpu":"2"}` reads as `lab-node-0\t2`.
}  // namespace

std::string normalise_line(std::string_view in) {
  std::string l(in);
  for (const std::string_view p : {std::string_view("<no value>"), std::string_view("<nil>")}) {
    for (std::size_t at = l.find(p); at != std::string::npos; at = l.find(p, at)) l.replace(at, p.size(), "<none>");
  }
  if (l.find('{') == std::string::npos && l.find("map[") == std::string::npos) return l;
  const char sep = l.find('\t') != std::string::npos ? '\t' : ' ';
  std::string out;
  std::size_t i = 0;
  while (i < l.size()) {
    std::optional<std::string> cells;
    std::size_t end = i;
    if (l[i] == '{') {
      end = json_value_end(l, i);
      if (end != std::string::npos) {
        const json j = parse_bounded(std::string_view(l).substr(i, end - i));
        if (j.is_object() && !name_in(j)) cells = inline_cells(j, sep);
        if (!j.is_discarded() && !cells) {  // a whole node names itself: kept whole, its maps too
          out.append(l, i, end - i);
          i = end;
          continue;
        }
      }
    } else if (l.compare(i, 4, "map[") == 0) {
      const json j = go_value(l, end, 0);
      cells = inline_cells(j, sep);
    }
    if (!cells) {
      out += l[i++];
      continue;
    }
    if (!out.empty() && out.back() != ' ' && out.back() != '\t' && out.back() != '=' && out.back() != ':') out += sep;
    out += *cells;
    i = end;
  }
  return out;
}

}  // namespace gpuwhy::readers::adv
