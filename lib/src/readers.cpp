// Tolerant readers of the student's out/ files (see readers.h).
#include "gpuwhy/readers.h"

#include <algorithm>
#include <cmath>
#include <exception>
#include <set>

#include "gpuwhy/json_bounded.h"
#include "gpuwhy/k8s/quantity.h"
#include "gpuwhy/lab.h"
#include "gpuwhy/text.h"
#include "gpuwhy/yaml.h"

namespace gpuwhy::readers {

using nlohmann::json;

namespace {
// Student JSON is parsed under the same nesting and size budget as apiserver answers and
// bundles (json_bounded.h); past it, the text is simply not JSON for the reader.
json parse_bounded(std::string_view text) {
  try {
    return jsonb::parse(text);
  } catch (const std::exception&) {
    return json(json::value_t::discarded);
  }
}
}  // namespace

TextFile decode_file(const StudentFile& f) {
  TextFile out;
  switch (f.state) {
    case StudentFile::State::kOk: break;
    case StudentFile::State::kMissing: out.problem = FileProblem::kMissing; break;
    case StudentFile::State::kNotRegular: out.problem = FileProblem::kNotRegular; break;
    case StudentFile::State::kTooLarge: out.problem = FileProblem::kTooLarge; break;
    case StudentFile::State::kUnreadable: out.problem = FileProblem::kUnreadable; break;
    case StudentFile::State::kHardLink: out.problem = FileProblem::kHardLink; break;
  }
  if (out.problem != FileProblem::kNone) {
    out.reason = f.reason.empty() ? to_string(f.state) : f.reason;
    return out;
  }
  if (f.content.size() > lab::kMaxFileBytes) {
    out.problem = FileProblem::kTooLarge;
    out.reason = "larger than 1 MiB";
    return out;
  }
  std::string why;
  auto t = text::decode(f.content, &why);
  if (!t) {
    out.problem = FileProblem::kNotText;
    out.reason = why;
    return out;
  }
  out.text = std::move(*t);
  return out;
}

// ---- quantities --------------------------------------------------------------------------

std::optional<long long> quantity_milli(std::string_view in) {
  std::string s = text::trim(in);
  if (s.size() >= 2 && (s.front() == '"' || s.front() == '\'') && s.back() == s.front()) s = s.substr(1, s.size() - 2);
  // A cell with no digit ("-", "m") is zero to ParseQuantity but no amount in a saved file.
  if (s.empty() || s.size() > 40 || s.find_first_of("0123456789") == std::string::npos) return std::nullopt;
  return k8s::milli_value(s);
}

std::optional<long long> json_quantity_milli(const json& v) {
  if (v.is_string()) return quantity_milli(std::string_view(v.get_ref<const std::string&>()));
  if (v.is_number_integer()) {
    const long long n = v.get<long long>();
    if (n > 9000000000000LL || n < -9000000000000LL) return std::nullopt;
    return n * 1000;
  }
  if (v.is_number_float()) {
    const double d = v.get<double>();
    if (!std::isfinite(d) || std::fabs(d) > 9e12) return std::nullopt;
    return static_cast<long long>(std::ceil(d * 1000.0 - 1e-9));
  }
  return std::nullopt;
}

// ---- advertised.txt ----------------------------------------------------------------------

std::string to_string(AdvertisedFormat f) {
  switch (f) {
    case AdvertisedFormat::kUnknown: return "unknown";
    case AdvertisedFormat::kTable: return "table";
    case AdvertisedFormat::kJson: return "json";
    case AdvertisedFormat::kYaml: return "yaml";
    case AdvertisedFormat::kDescribe: return "describe";
    case AdvertisedFormat::kBareNumbers: return "bare-numbers";
    case AdvertisedFormat::kKeyed: return "keyed-lines";
  }
  return "unknown";
}

namespace {

std::string scalar_text(const json& v) {
  if (v.is_string()) return v.get<std::string>();
  if (v.is_number()) return v.dump();
  return "";
}

void add_node(Advertised& a, const std::string& name, std::string amount) {
  if (amount == "<none>") amount.clear();
  if (a.amounts.find(name) == a.amounts.end()) a.order.push_back(name);
  a.amounts[name] = std::move(amount);
}

void nodes_from_json(const json& j, Advertised& a) {
  std::vector<const json*> nodes;
  if (j.is_array()) {
    for (const auto& n : j) nodes.push_back(&n);
  } else if (j.is_object() && j.contains("items") && j["items"].is_array()) {
    for (const auto& n : j["items"]) nodes.push_back(&n);
  } else if (j.is_object()) {
    nodes.push_back(&j);
  }
  const std::string res(lab::kResource);
  for (const json* n : nodes) {
    if (!n->is_object() || !n->contains("metadata") || !(*n)["metadata"].is_object()) continue;
    const json& md = (*n)["metadata"];
    if (!md.contains("name") || !md["name"].is_string()) continue;
    // Each map the node shows: {shown, amount}. Allocatable when shown, even without the resource.
    std::pair<bool, std::string> cap;
    std::pair<bool, std::string> alloc;
    if (n->contains("status") && (*n)["status"].is_object()) {
      const json& st = (*n)["status"];
      for (auto [map, out] : {std::pair{"capacity", &cap}, std::pair{"allocatable", &alloc}}) {
        if (!st.contains(map) || !st[map].is_object()) continue;
        out->first = true;
        if (st[map].contains(res)) out->second = scalar_text(st[map][res]);
      }
    }
    const std::string name = md["name"].get<std::string>();
    add_node(a, name, alloc.first ? alloc.second : cap.second);
    if (alloc.first && cap.first) a.capacity[name] = cap.second;
  }
  if (a.amounts.empty()) a.problem = "reason.advertised.json-nodes";
}

bool is_number_text(std::string_view s) {
  return !s.empty() && quantity_milli(s).has_value() && s.find_first_of("0123456789") != std::string_view::npos;
}

// A row of custom-columns, table or jsonpath output: cells split on blanks and on the
// separators a jsonpath template may put between a name and its amount (`=`, `:`, `,`, `|`,
// `;`, `->`). A node name never holds one of them; a quantity never does either.
std::vector<std::string> split_cells(std::string_view line) {
  std::vector<std::string> out;
  const auto sep = [](char c) {
    return c == ' ' || c == '\t' || c == '=' || c == ':' || c == ',' || c == '|' || c == ';';
  };
  std::size_t i = 0;
  while (i < line.size()) {
    while (i < line.size() && sep(line[i])) ++i;
    const std::size_t b = i;
    while (i < line.size() && !sep(line[i])) ++i;
    std::string cell(line.substr(b, i - b));
    if (cell == "->" || cell == "=>" || cell == "-" || cell == "\"\"" || cell == "''") continue;
    if (cell.size() >= 2 && (cell.front() == '"' || cell.front() == '\'') && cell.back() == cell.front())
      cell = cell.substr(1, cell.size() - 2);
    if (!cell.empty()) out.push_back(std::move(cell));
  }
  return out;
}

bool is_amount_cell(const std::string& c) {
  return c == "<none>" || is_number_text(c);
}

// A header row as kubectl prints it, in whatever case the student typed the custom-columns
// names (`NAME GPU`, `Name Gpu`, `node alloc`): at least two cells, none of them a number or
// `<none>`. Data rows always carry an amount cell (`<none>` when missing).
bool looks_like_header(const std::vector<std::string>& cells) {
  if (cells.size() < 2) return false;
  return std::none_of(cells.begin(), cells.end(), [](const std::string& c) { return is_amount_cell(c); });
}

// ---- keyed lines: describe nodes, and -o yaml / -o json / describe cut down by grep -------
//
// What a line says when it is `key: value`, `key=value` or `"key": "value",`: the facts of a
// `describe nodes`, yaml or json output survive a grep line by line, whatever section headers or
// indentation the filter dropped. A key holds no blank unless its line ends at the separator
// (`System Info:`); the value is unquoted, without a trailing `,` or `{`.
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

// A Kubernetes object name (RFC 1123 subdomain): lower-case letters, digits, `-` and `.`,
// starting and ending with a letter or digit. A resource name (`nvidia.com/gpu`), a header
// (`NAME`) or a pod table row is none.
bool is_object_name(std::string_view s) {
  if (s.empty() || s.size() > 253) return false;
  const auto alnum = [](char c) { return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9'); };
  if (!alnum(s.front()) || !alnum(s.back())) return false;
  return std::all_of(s.begin(), s.end(), [&](char c) { return alnum(c) || c == '-' || c == '.'; });
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
  if (!kv) return is_object_name(t) ? t : "";  // a name alone on its line (`awk '{print $2}'`)
  const std::string k = text::to_lower_ascii(kv->key);
  if ((k == "name" || k == "kubernetes.io/hostname") && is_object_name(kv->value)) return kv->value;
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
  if (!kv.value.empty() && kv.value != "<none>" && !quantity_milli(kv.value)) return;
  f.quoted = f.quoted || kv.quoted;
  auto& slot = section == "capacity" ? f.capacity : f.allocatable;
  if (!section.empty() && !slot) {
    slot = kv.value;
  } else {
    f.loose.push_back(kv.value);
  }
}

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
  for (const auto& l : lines) {
    const auto kv = key_value(l);
    const std::string named = node_named(l, kv);
    if (!named.empty()) {
      if (named != node && found.emplace(named, Shown{}).second) order.push_back(named);
      if (named != node) section.clear();
      node = named;
      continue;
    }
    if (text::trim(l) == "--") section.clear();  // grep -A's group separator
    if (!kv) continue;
    if (node.empty()) {
      orphan_amount = orphan_amount || kv->key == lab::kResource;
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
           (kv->key == lab::kResource && (kv->value.empty() || quantity_milli(kv->value)));
  });
}

// The column that names the node: the one headed like a name (`NAME`, `Node`, `이름`), else
// the first.
std::size_t name_column(const std::vector<std::string>& h) {
  for (std::size_t i = 0; i < h.size(); ++i) {
    const std::string u = text::to_lower_ascii(h[i]);
    if (u == "name" || u == "node" || u == "nodes" || u == "node_name" || u == "node-name" || u == "nodename" ||
        u == "이름" || u == "노드" || u == "노드명" || u == "노드이름")
      return i;
  }
  return 0;
}

// The column of a capacity amount when the header has one beside an allocatable one.
std::optional<std::size_t> capacity_column(const std::vector<std::string>& h, std::size_t name_col) {
  for (std::size_t i = 0; i < h.size(); ++i) {
    if (i != name_col && text::to_lower_ascii(h[i]).find("cap") != std::string::npos) return i;
  }
  return std::nullopt;
}

// Whether every data row that has column `col` holds an amount there.
bool holds_amounts(const std::vector<std::vector<std::string>>& rows, std::size_t col) {
  bool any = false;
  for (const auto& r : rows) {
    if (col >= r.size()) continue;
    if (!is_amount_cell(r[col])) return false;
    any = true;
  }
  return any;
}

// The column of the GPU amount: allocatable first (the last so headed), then the first headed
// for the GPU or capacity, preferring one that holds amounts (`GPU-PRODUCT` before `GPU` is a
// label, not the amount); without such a header, the other column of two.
std::optional<std::size_t> amount_column(const std::vector<std::string>& h,
                                         const std::vector<std::vector<std::string>>& rows, std::size_t name_col) {
  std::vector<std::size_t> candidates;
  for (std::size_t i = h.size(); i-- > 0;) {
    if (i != name_col && text::to_lower_ascii(h[i]).find("alloc") != std::string::npos) candidates.push_back(i);
  }
  for (std::size_t i = 0; i < h.size(); ++i) {
    const std::string u = text::to_lower_ascii(h[i]);
    if (i != name_col && u.find("alloc") == std::string::npos &&
        (u.find("gpu") != std::string::npos || u.find("nvidia") != std::string::npos ||
         u.find("cap") != std::string::npos))
      candidates.push_back(i);
  }
  for (const std::size_t c : candidates) {
    if (holds_amounts(rows, c)) return c;
  }
  if (!candidates.empty()) return candidates.front();
  if (h.size() == 2) return 1 - name_col;
  return std::nullopt;
}

// Rows without a header: each node name is followed by its amount cells, on its line or on the
// lines after it until the next name (`awk '{print $2}'` of a filtered describe puts the name and
// each amount on lines of their own); with two, they are capacity then allocatable (the order the
// lab names them), and allocatable is the amount, its `<none>` included. Works for one pair a
// line and for a whole jsonpath range printed on one line (`lab-node-0=2 lab-node-1= lab-node-2=`).
void read_pairs(const std::vector<std::vector<std::string>>& rows, Advertised& a) {
  std::string name;
  std::vector<std::string> amounts;
  const auto flush = [&] {
    if (name.empty()) return;
    add_node(a, name, amounts.empty() ? std::string() : amounts.back());
    if (amounts.size() >= 2) a.capacity[name] = amounts.front() == "<none>" ? "" : amounts.front();
  };
  for (const auto& cells : rows) {
    for (const auto& c : cells) {
      if (is_amount_cell(c)) {
        if (!name.empty()) amounts.push_back(c);
        continue;
      }
      flush();
      name = c;
      amounts.clear();
    }
  }
  flush();
}

// Rows of a jsonpath template with tab separators (`{name}{"\t"}{capacity}{"\t"}{allocatable}`),
// cell by cell: an empty value keeps its place as `<none>`, so a missing allocatable is not
// taken for the capacity before it. A line of one name alone is a row whose fields were all
// empty (the file's last tabs trimmed). Empty when another line has no tab, or no line has
// three fields (then the ordinary reading is the same).
std::vector<std::vector<std::string>> tab_positional_rows(const std::vector<std::string>& lines) {
  std::vector<std::vector<std::string>> rows;
  std::size_t widest = 0;
  for (const auto& l : lines) {
    if (text::trim(l).empty()) continue;
    if (l.find('\t') == std::string::npos) {
      auto cells = split_cells(l);
      if (cells.size() != 1 || is_amount_cell(cells[0])) return {};
      rows.push_back(std::move(cells));
      continue;
    }
    std::vector<std::string> fields;
    for (std::size_t b = 0;;) {
      const std::size_t e = std::min(l.find('\t', b), l.size());
      const std::string f = text::trim(std::string_view(l).substr(b, e - b));
      fields.push_back(f.empty() || f == "\"\"" || f == "''" ? std::string("<none>") : f);
      if (e == l.size()) break;
      b = e + 1;
    }
    widest = std::max(widest, fields.size());
    rows.push_back(std::move(fields));
  }
  if (widest < 3) return {};
  for (auto& r : rows) r.resize(widest, "<none>");
  return rows;
}

bool same_cells(const std::vector<std::string>& x, const std::vector<std::string>& y) {
  if (x.size() != y.size()) return false;
  for (std::size_t i = 0; i < x.size(); ++i) {
    if (text::to_lower_ascii(x[i]) != text::to_lower_ascii(y[i])) return false;
  }
  return true;
}

// One table: an optional header and its rows. False when it holds no node rows (a problem or
// bare numbers, said in `a`).
bool read_one_table(std::vector<std::vector<std::string>> rows, Advertised& a) {
  // A one-column header (`GPU`, `Gpu`) above amounts only: bare numbers under a title.
  const bool lone_title =
      rows[0].size() == 1 && !is_amount_cell(rows[0][0]) && rows.size() > 1 &&
      std::all_of(rows.begin() + 1, rows.end(), [](const auto& r) {
        return std::all_of(r.begin(), r.end(), [](const std::string& c) { return is_amount_cell(c); });
      });
  const bool header = lone_title || looks_like_header(rows[0]);
  std::optional<std::size_t> amount_col;
  std::optional<std::size_t> capacity_col;
  std::size_t name_col = 0;
  std::vector<std::string> h;
  if (header) {
    h = rows[0];
    rows.erase(rows.begin());
    name_col = name_column(h);
    amount_col = amount_column(h, rows, name_col);
    capacity_col = capacity_column(h, name_col);
    if (!amount_col && h.size() > 2) {
      a.problem = "reason.advertised.no-gpu-column";
      return false;
    }
  }
  // Bare numbers: not one cell names a node.
  const bool any_name = std::any_of(rows.begin(), rows.end(), [](const auto& r) {
    return std::any_of(r.begin(), r.end(), [](const std::string& c) { return !is_amount_cell(c); });
  });
  if (!any_name) {
    if (!rows.empty()) {
      a.format = AdvertisedFormat::kBareNumbers;
      a.bare_numbers = true;
    } else {
      a.problem = "reason.advertised.header-only";
    }
    return false;
  }
  if (!header) {
    read_pairs(rows, a);
    return true;
  }
  // An allocatable column is the amount, its `<none>` included (capacity alone gives the
  // scheduler no room); a column headed only for the GPU falls back to a capacity column.
  const bool allocatable_col = amount_col && text::to_lower_ascii(h[*amount_col]).find("alloc") != std::string::npos;
  for (const auto& cells : rows) {
    const std::size_t col = amount_col && *amount_col < cells.size() ? *amount_col : cells.size() - 1;
    std::string amount = cells.size() >= 2 ? cells[col] : std::string();
    const bool has_capacity = capacity_col && *capacity_col < cells.size() && *capacity_col != col;
    if (!allocatable_col && (amount.empty() || amount == "<none>") && has_capacity) amount = cells[*capacity_col];
    const std::string& name = cells[name_col < cells.size() ? name_col : 0];
    add_node(a, name, amount);
    if (allocatable_col && has_capacity)
      a.capacity[name] = cells[*capacity_col] == "<none>" ? "" : cells[*capacity_col];
  }
  return true;
}

// Where each table of the file starts: a file may hold the output twice (`| tee -a`) or another
// command's table above the GPU one. A table starts at a header: the first row's again, or a
// row headed like a node name (`NAME ...`).
std::vector<std::size_t> table_starts(const std::vector<std::vector<std::string>>& rows) {
  std::vector<std::size_t> out{0};
  for (std::size_t r = 1; r < rows.size(); ++r) {
    if (!looks_like_header(rows[r])) continue;
    const std::string first = text::to_lower_ascii(rows[r][0]);
    if (same_cells(rows[r], rows[0]) || first == "name" || first == "node" || first == "이름" || first == "노드")
      out.push_back(r);
  }
  return out;
}

void read_table(const std::vector<std::string>& lines, Advertised& a) {
  a.format = AdvertisedFormat::kTable;
  std::vector<std::vector<std::string>> rows = tab_positional_rows(lines);
  if (!rows.empty() && looks_like_header(rows[0])) rows.clear();  // a header names the columns
  if (rows.empty()) {
    for (const auto& l : lines) {
      auto cells = split_cells(l);
      if (!cells.empty()) rows.push_back(std::move(cells));
    }
  }
  if (rows.empty()) {
    a.problem = "reason.advertised.no-rows";
    return;
  }
  // Several tables: those with a GPU column are read, in order (a later one wins for a node).
  const auto starts = table_starts(rows);
  std::vector<std::vector<std::vector<std::string>>> gpu_tables;
  for (std::size_t k = 0; k < starts.size() && starts.size() > 1; ++k) {
    const std::size_t end = k + 1 < starts.size() ? starts[k + 1] : rows.size();
    std::vector<std::vector<std::string>> t(rows.begin() + static_cast<std::ptrdiff_t>(starts[k]),
                                            rows.begin() + static_cast<std::ptrdiff_t>(end));
    if (!looks_like_header(t[0]) || t.size() < 2) continue;
    const std::vector<std::vector<std::string>> data(t.begin() + 1, t.end());
    const auto col = amount_column(t[0], data, name_column(t[0]));
    if (col && (t[0].size() > 2 || holds_amounts(data, *col))) gpu_tables.push_back(std::move(t));
  }
  bool read = false;
  if (gpu_tables.empty()) {
    read = read_one_table(std::move(rows), a);
  } else {
    for (auto& t : gpu_tables) read = read_one_table(std::move(t), a) || read;
  }
  const auto none = [](const auto& kv) { return kv.second.empty(); };
  if (read)
    a.all_none = std::all_of(a.amounts.begin(), a.amounts.end(), none) &&
                 std::all_of(a.capacity.begin(), a.capacity.end(), none);
}

// The JSON documents one after another in `t` (the output saved twice), each whole; empty when
// `t` is not such a sequence.
std::vector<std::string_view> json_documents(std::string_view t) {
  std::vector<std::string_view> out;
  std::size_t i = 0;
  while (true) {
    while (i < t.size() && (t[i] == ' ' || t[i] == '\n' || t[i] == '\t' || t[i] == '\r')) ++i;
    if (i == t.size()) return out;
    if (t[i] != '{' && t[i] != '[') return {};
    const std::size_t b = i;
    int depth = 0;
    bool in_string = false;
    for (; i < t.size(); ++i) {
      const char c = t[i];
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
        ++i;
        break;
      }
    }
    if (depth != 0) return {};
    out.push_back(t.substr(b, i - b));
  }
}

// `doc` as one JSON document or, when it is the output saved twice, each of them; a single
// discarded value when neither parses.
std::vector<json> parse_documents(std::string_view doc) {
  std::vector<json> docs{parse_bounded(doc)};
  if (!docs[0].is_discarded()) return docs;
  const auto parts = json_documents(doc);
  if (parts.size() < 2) return docs;
  std::vector<json> each;
  for (const auto part : parts) each.push_back(parse_bounded(part));
  if (std::any_of(each.begin(), each.end(), [](const json& d) { return d.is_discarded(); })) return docs;
  return each;
}

// The lines of `t` as text::lines gives them, but with their trailing tabs: for the table
// reader, a jsonpath row's empty last field is one.
std::vector<std::string> lines_keeping_tabs(std::string_view t) {
  std::vector<std::string> out;
  for (std::size_t start = 0; start <= t.size();) {
    const std::size_t end = std::min(t.find('\n', start), t.size());
    std::string_view l = t.substr(start, end - start);
    while (!l.empty() && (l.back() == '\r' || l.back() == ' ')) l.remove_suffix(1);
    out.emplace_back(l);
    start = end + 1;
  }
  return out;
}

}  // namespace

namespace {

// The first line of `t` that `opens` and everything after it: a JSON or YAML document may follow
// lines that are not output (a warning kubectl printed, a note the student typed).
template <typename Opens>
std::optional<std::string> document_from(const std::string& t, const Opens& opens) {
  for (std::size_t start = 0; start < t.size();) {
    const std::size_t end = std::min(t.find('\n', start), t.size());
    if (opens(std::string_view(t).substr(start, end - start))) return text::trim(std::string_view(t).substr(start));
    start = end + 1;
  }
  return std::nullopt;
}

// `-o json`, once or saved twice; nullopt when the text holds no JSON document.
std::optional<Advertised> json_form(const std::string& t) {
  auto doc = document_from(t, [](std::string_view l) { return !l.empty() && (l[0] == '{' || l[0] == '['); });
  if (!doc) return std::nullopt;
  const std::vector<json> docs = parse_documents(*doc);
  if (docs[0].is_discarded() && t.front() != '{' && t.front() != '[') return std::nullopt;
  Advertised a;
  a.format = AdvertisedFormat::kJson;
  if (docs[0].is_discarded()) {
    a.problem = "reason.advertised.bad-json";
    return a;
  }
  for (const auto& d : docs) nodes_from_json(d, a);
  return a;
}

// `-o yaml` (one or more documents); nullopt when the text opens none.
std::optional<Advertised> yaml_form(const std::string& t) {
  auto doc = document_from(t, [](std::string_view l) {
    return l.rfind("apiVersion:", 0) == 0 || l.rfind("items:", 0) == 0 || l.rfind("kind:", 0) == 0 ||
           l.rfind("metadata:", 0) == 0 || l.rfind("---", 0) == 0;
  });
  if (!doc) return std::nullopt;
  Advertised a;
  a.format = AdvertisedFormat::kYaml;
  try {
    const auto docs = yaml::load_all(*doc, std::string(lab::kFileAdvertised));
    for (const auto& d : docs) nodes_from_json(d, a);
    if (!a.amounts.empty()) a.problem.clear();
  } catch (const std::exception& e) {
    a.problem = "reason.advertised.yaml";
    a.problem_detail = e.what();
  }
  return a;
}

}  // namespace

// Whole documents first; a document that does not parse or holds no node (cut by head, or
// filtered by grep) is read for the keyed facts its lines still show.
Advertised read_advertised(std::string_view in) {
  Advertised a;
  const std::string t = text::trim(text::strip_noise(text::nfkc(in)));
  if (t.empty()) {
    a.problem = "reason.advertised.empty";
    return a;
  }
  const auto ls = text::lines(t);
  const bool keyed = has_keyed_facts(ls);
  if (auto j = json_form(t); j && (j->problem.empty() || !keyed)) return *j;
  const bool has_name =
      std::any_of(ls.begin(), ls.end(), [](const std::string& l) { return l.rfind("Name:", 0) == 0; });
  const bool has_section =
      std::any_of(ls.begin(), ls.end(), [](const std::string& l) { return l == "Capacity:" || l == "Allocatable:"; });
  if (!(has_name && has_section)) {
    if (auto y = yaml_form(t); y && (y->problem.empty() || !keyed)) return *y;
  }
  if (keyed) {
    a.format = has_name ? AdvertisedFormat::kDescribe : AdvertisedFormat::kKeyed;
    read_keyed(ls, a);
    return a;
  }
  read_table(lines_keeping_tabs(t), a);
  return a;
}

// ---- rejected.txt ------------------------------------------------------------------------

namespace {

std::string quoted_after(std::string_view line, std::string_view marker) {
  const auto p = line.find(marker);
  if (p == std::string_view::npos) return "";
  const auto b = p + marker.size();
  const auto e = line.find('"', b);
  if (e == std::string_view::npos) return "";
  return std::string(line.substr(b, e - b));
}

void finish(Rejection& r) {
  r.kinds = messages::classify(r.causes);
}

}  // namespace

namespace {

bool starts_rejection(const std::string& l) {
  return l.find("is invalid") != std::string::npos || l.rfind("Error from server", 0) == 0;
}

// A cause line without kubectl's header (the header was not copied): the apiserver's own form,
// `<field path>: Invalid value: ...: <rule>`. A note that only quotes the rule is no rejection.
bool bare_cause(const std::string& l) {
  const bool rule = l.find("must be equal to") != std::string::npos ||
                    l.find("must be an integer") != std::string::npos ||
                    l.find("Limit must be set") != std::string::npos;
  if (!rule) return false;
  const std::string_view t = l.rfind("* ", 0) == 0 ? std::string_view(l).substr(2) : std::string_view(l);
  const auto colon = t.find(": ");
  if (colon == std::string_view::npos) return false;
  const std::string_view path = t.substr(0, colon);  // spec.containers[0].resources.requests
  const bool field_path = path.rfind("spec.", 0) == 0 && path.find(' ') == std::string_view::npos &&
                          path.find("resources") != std::string_view::npos;
  return field_path &&
         (t.find("Invalid value") != std::string_view::npos || t.find("Required value") != std::string_view::npos ||
          t.find("Forbidden") != std::string_view::npos);
}

// A rejection as its lines were read: the header's own cause text, then one part per
// `* <field>: <msg>` line; a line wrapped by the terminal continues the part before it.
struct Block {
  Rejection r;
  std::vector<std::string> parts;
  bool listed = false;  ///< the header ends at `is invalid:`: its causes follow as `* ` lines
};

void close_block(std::optional<Block>& b, RejectedFile& out) {
  if (!b) return;
  for (const auto& p : b->parts) {
    auto c = messages::causes_from_text(p);
    b->r.causes.insert(b->r.causes.end(), c.begin(), c.end());
  }
  finish(b->r);
  out.rejections.push_back(std::move(b->r));
  b.reset();
}

// The rejections of one line, one a piece: `... must be equal to ... ; The Pod "bad-fraction"
// is invalid: ...` (the output of two commands joined by `echo $(...)` or by hand). A new one
// starts at kubectl's header; a Pod named inside `Error from server ... Pod "x" is invalid` is
// that header's own.
std::vector<std::string> split_rejections(const std::string& line) {
  std::vector<std::string> out;
  std::size_t start = 0;
  for (std::size_t i = 1; i < line.size(); ++i) {
    if (line.compare(i, 9, "The Pod \"") != 0 && line.compare(i, 17, "Error from server") != 0) continue;
    if (line[i - 1] != ' ' && line[i - 1] != ';' && line[i - 1] != ',' && line[i - 1] != '\t') continue;
    std::string_view piece = std::string_view(line).substr(start, i - start);
    while (!piece.empty() &&
           (piece.back() == ' ' || piece.back() == ';' || piece.back() == ',' || piece.back() == '\t'))
      piece.remove_suffix(1);
    if (!piece.empty()) out.push_back(text::trim(piece));
    start = i;
  }
  out.push_back(text::trim(std::string_view(line).substr(start)));
  return out;
}

}  // namespace

RejectedFile read_rejected(std::string_view in) {
  RejectedFile out;
  std::optional<Block> open;
  std::vector<std::string> lines;
  for (const auto& raw : text::lines(text::nfkc(in))) {
    for (auto& piece : split_rejections(text::trim(raw))) lines.push_back(std::move(piece));
  }
  for (const auto& l : lines) {
    if (l.empty() || text::is_noise_line(l)) {
      close_block(open, out);
      continue;
    }
    if (open && open->listed && l.rfind("* ", 0) == 0) {
      open->parts.push_back(l);
      continue;
    }
    // A cause without its header (cut by grep, tail or sed) is a rejection of its own: kubectl
    // lists `* ` causes only under a header that ends at `is invalid:`.
    if (starts_rejection(l) || bare_cause(l)) {
      close_block(open, out);
      open.emplace();
      open->r.header = l;
      open->r.pod = quoted_after(l, "Pod \"");
      const auto inv = l.find("is invalid:");
      const std::string rest = inv == std::string::npos ? l : text::trim(std::string_view(l).substr(inv + 11));
      open->listed = rest.empty();
      open->parts.push_back(rest.empty() ? std::string() : l);
      continue;
    }
    if (open) {
      // A cause the terminal wrapped onto the next line (`...resource.Quantity{...}:` /
      // `must be an integer`): it belongs to the part before it.
      open->parts.back() += ' ';
      open->parts.back() += l;
    }
  }
  close_block(open, out);
  return out;
}

std::vector<messages::SchedulerMessage> read_scheduler_file(std::string_view in) {
  const std::string t = text::trim(text::strip_noise(text::nfkc(in)));
  // `-o json` (a Pod, an event list, the conditions array): the strings, exactly decoded.
  if (!t.empty() && (t.front() == '{' || t.front() == '[')) {
    const json j = parse_bounded(t);
    if (!j.is_discarded()) {
      std::string strings;
      std::vector<const json*> stack{&j};
      while (!stack.empty()) {
        const json* v = stack.back();
        stack.pop_back();
        if (v->is_string()) {
          strings += v->get_ref<const std::string&>();
          strings += '\n';
        } else if (v->is_structured()) {
          for (const auto& c : *v) stack.push_back(&c);
        }
      }
      auto found = messages::parse_scheduler_messages(strings);
      if (!found.empty()) return found;
    }
  }
  // Anything else (plain text, -o yaml, describe, get events, jsonpath): quotes undone and
  // lines unfolded by the message parser itself.
  return messages::parse_scheduler_messages(t);
}

// ---- gate-report.txt ---------------------------------------------------------------------

GateReport read_gate_report(std::string_view in) {
  GateReport g;
  std::set<std::string> known(lab::kGateKeys.begin(), lab::kGateKeys.end());
  std::map<std::string, std::vector<std::string>> seen;
  for (const auto& raw : text::lines(text::nfkc(in))) {
    const std::string l = text::trim(raw);
    // The one file whose form is graded (SPEC: exactly seven non-blank lines): a comment, a
    // prompt or a fence is a line too, and fails step8.format; the values are read all the same.
    if (l.empty()) continue;
    ++g.nonblank_lines;
    const auto sep = l.find_first_of("=:");
    if (sep == std::string::npos || sep == 0) {
      g.malformed.push_back(l);
      continue;
    }
    std::string key = text::trim(std::string_view(l).substr(0, sep));
    std::string value = text::trim(std::string_view(l).substr(sep + 1));
    if (value.size() >= 2 && (value.front() == '"' || value.front() == '\'') && value.back() == value.front()) {
      value = text::trim(std::string_view(value).substr(1, value.size() - 2));
    }
    const bool ident = !key.empty() && std::all_of(key.begin(), key.end(), [](char c) {
      return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_';
    });
    if (!ident) {
      g.malformed.push_back(l);
      continue;
    }
    for (char& c : key) {
      if (c >= 'a' && c <= 'z') c = static_cast<char>(c - 'a' + 'A');
    }
    if (known.count(key) == 0) {
      g.unknown.push_back(key);
      continue;
    }
    seen[key].push_back(value);
  }
  for (const auto& k : lab::kGateKeys) {
    const std::string key(k);
    auto it = seen.find(key);
    if (it == seen.end()) {
      g.missing.push_back(key);
      continue;
    }
    g.values[key] = it->second.front();
    if (it->second.size() > 1) {
      g.duplicates.push_back(key);
      if (std::any_of(it->second.begin(), it->second.end(), [&](const std::string& v) { return v != it->second[0]; }))
        g.conflicting.push_back(key);
    }
  }
  return g;
}

// ---- answer words ------------------------------------------------------------------------

std::string to_string(Answer a) {
  switch (a) {
    case Answer::kUnknown: return "unknown";
    case Answer::kAffirmative: return "affirmative";
    case Answer::kNegative: return "negative";
    case Answer::kNumbers: return "numbers";
    case Answer::kDevices: return "devices";
    case Answer::kNegator: return "negator";
    case Answer::kAmbiguous: return "ambiguous";
  }
  return "unknown";
}

namespace {

using A = Answer;
// The table at namespace scope, not in a function body: the words are data.
constexpr AnswerWord kAnswerWords[] = {
    // affirmative: requests must equal limits
    {"yes", A::kAffirmative},
    {"y", A::kAffirmative},
    {"true", A::kAffirmative},
    {"required", A::kAffirmative},
    {"require", A::kAffirmative},
    {"must", A::kAffirmative},
    {"equal", A::kAffirmative},
    {"equals", A::kAffirmative},
    {"same", A::kAffirmative},
    {"mandatory", A::kAffirmative},
    {"identical", A::kAffirmative},
    {"correct", A::kAffirmative},
    {"ok", A::kAffirmative},
    {"예", A::kAffirmative},
    {"네", A::kAffirmative},
    {"응", A::kAffirmative},
    {"참", A::kAffirmative},
    {"필수", A::kAffirmative},
    {"같음", A::kAffirmative},
    {"같다", A::kAffirmative},
    {"같아야", A::kAffirmative},
    {"동일", A::kAffirmative},
    {"동일함", A::kAffirmative},
    {"동일해야", A::kAffirmative},
    {"일치", A::kAffirmative},
    {"일치해야", A::kAffirmative},
    {"맞음", A::kAffirmative},
    {"맞다", A::kAffirmative},
    // stems that take the polite endings (같습니다, 맞습니다)
    {"같", A::kAffirmative},
    {"맞", A::kAffirmative},
    // the quiz marks: O for yes, X for no (Korean and Japanese tests)
    {"o", A::kAffirmative},
    {"\u25CB", A::kAffirmative},
    {"\u2B55", A::kAffirmative},
    {"필요", A::kAffirmative},
    {"はい", A::kAffirmative},
    {"必須", A::kAffirmative},
    {"必要", A::kAffirmative},
    {"同じ", A::kAffirmative},
    {"等しい", A::kAffirmative},
    {"一致", A::kAffirmative},
    {"同一", A::kAffirmative},
    {"真", A::kAffirmative},
    // negative: fractional amounts are not allowed
    {"no", A::kNegative},
    {"n", A::kNegative},
    {"false", A::kNegative},
    {"rejected", A::kNegative},
    {"reject", A::kNegative},
    {"forbidden", A::kNegative},
    {"invalid", A::kNegative},
    {"denied", A::kNegative},
    {"disallowed", A::kNegative},
    {"not allowed", A::kNegative},
    {"not-allowed", A::kNegative},
    {"not permitted", A::kNegative},
    {"never", A::kNegative},
    {"impossible", A::kNegative},
    {"integer only", A::kNegative},
    {"integers only", A::kNegative},
    {"only integers", A::kNegative},
    {"whole numbers only", A::kNegative},
    {"only whole numbers", A::kNegative},
    {"must be an integer", A::kNegative},
    {"must be integer", A::kNegative},
    {"must be integers", A::kNegative},
    {"must be whole", A::kNegative},
    {"must be a whole", A::kNegative},
    {"only integer", A::kNegative},
    {"only whole", A::kNegative},
    {"x", A::kNegative},
    {"\u00D7", A::kNegative},
    {"\u274C", A::kNegative},
    {"불가", A::kNegative},
    {"불가능", A::kNegative},
    {"거절", A::kNegative},
    {"거부", A::kNegative},
    {"금지", A::kNegative},
    {"불허", A::kNegative},
    {"아니오", A::kNegative},
    {"아니요", A::kNegative},
    {"아니", A::kNegative},
    {"거짓", A::kNegative},
    {"안됨", A::kNegative},
    {"안 됨", A::kNegative},
    {"안돼", A::kNegative},
    {"안 돼", A::kNegative},
    {"안된다", A::kNegative},
    {"안 된다", A::kNegative},
    {"정수만", A::kNegative},
    {"いいえ", A::kNegative},
    {"不可", A::kNegative},
    {"不可能", A::kNegative},
    {"拒否", A::kNegative},
    {"禁止", A::kNegative},
    {"無効", A::kNegative},
    {"不許可", A::kNegative},
    {"だめ", A::kNegative},
    {"ダメ", A::kNegative},
    {"できない", A::kNegative},
    {"整数のみ", A::kNegative},
    {"できません", A::kNegative},
    {"偽", A::kNegative},
    // negators: turn an affirmative word around ("not equal", "같지 않음", "必要ない")
    {"not", A::kNegator},
    {"isn't", A::kNegator},
    {"aren't", A::kNegator},
    {"don't", A::kNegator},
    {"doesn't", A::kNegator},
    {"needn't", A::kNegator},
    {"no longer", A::kNegator},
    {"않음", A::kNegator},
    {"않다", A::kNegator},
    {"않아도", A::kNegator},
    {"않아도 됨", A::kNegator},
    {"아님", A::kNegator},
    {"아닙니다", A::kNegator},
    {"안", A::kNegator},
    {"못", A::kNegator},
    {"않", A::kNegator},
    {"없음", A::kNegator},
    {"ない", A::kNegator},
    {"ではない", A::kNegator},
    {"じゃない", A::kNegator},
    {"ではなく", A::kNegator},
    {"じゃなく", A::kNegator},
    {"ありません", A::kNegator},
    {"不要", A::kNegator},
    // numbers: what the scheduler sees
    {"number", A::kNumbers},
    {"numbers", A::kNumbers},
    {"count", A::kNumbers},
    {"counts", A::kNumbers},
    {"quantity", A::kNumbers},
    {"quantities", A::kNumbers},
    {"allocatable", A::kNumbers},
    {"integer", A::kNumbers},
    {"integers", A::kNumbers},
    {"amount", A::kNumbers},
    {"amounts", A::kNumbers},
    {"숫자", A::kNumbers},
    {"수", A::kNumbers},
    {"수량", A::kNumbers},
    {"개수", A::kNumbers},
    {"갯수", A::kNumbers},
    {"수치", A::kNumbers},
    {"数", A::kNumbers},
    {"数字", A::kNumbers},
    {"数値", A::kNumbers},
    {"個数", A::kNumbers},
    {"数量", A::kNumbers},
    {"台数", A::kNumbers},
    // devices: the wrong answer to SCHEDULER_SEES
    {"device", A::kDevices},
    {"devices", A::kDevices},
    {"gpu", A::kDevices},
    {"gpus", A::kDevices},
    {"hardware", A::kDevices},
    {"card", A::kDevices},
    {"cards", A::kDevices},
    {"장치", A::kDevices},
    {"디바이스", A::kDevices},
    {"하드웨어", A::kDevices},
    {"기기", A::kDevices},
    {"デバイス", A::kDevices},
    {"装置", A::kDevices},
    {"ハードウェア", A::kDevices},
    // neither: an answer that is no answer
    {"n/a", A::kAmbiguous},
    {"yes/no", A::kAmbiguous},
    {"?", A::kAmbiguous},
    {"don't know", A::kAmbiguous},
    {"not sure", A::kAmbiguous},
    {"모름", A::kAmbiguous},
    {"모르겠음", A::kAmbiguous},
    {"모르겠습니다", A::kAmbiguous},
    {"わからない", A::kAmbiguous},
    {"分からない", A::kAmbiguous},
};

}  // namespace

const std::vector<AnswerWord>& answer_words() {
  static const std::vector<AnswerWord> kWords(std::begin(kAnswerWords), std::end(kAnswerWords));
  return kWords;
}

const std::vector<std::string_view>& answer_suffixes() {
  // Endings Korean and Japanese put on a word: 필수임, 거절됨, 숫자만, 같아야 함 → 같아야+함 ...
  static const std::vector<std::string_view> kSuffixes{"임", "함", "됨", "만", "이다", "입니다", "다", "요", "음",
                                                       "이요", "해야", "해야함", "이어야", "입니다", "です", "である",
                                                       "だ", "のみ", "だけ", "する",
                                                       // the polite endings: 같습니다, 필요합니다, 안됩니다, 아니에요
                                                       "습니다", "합니다", "됩니다", "에요", "예요", "해요",
                                                       // before a negator: 거절되지 않음, 허용되지 않습니다
                                                       "되지", "되지는", "하지"};
  return kSuffixes;
}

namespace {

bool ascii_only(std::string_view s) {
  return std::all_of(s.begin(), s.end(), [](char c) { return static_cast<unsigned char>(c) < 0x80; });
}

Answer lookup(std::string_view w) {
  for (const auto& row : answer_words()) {
    if (row.word == w) return row.answer;
  }
  // A Korean or Japanese word with an ending: the longest table word the token starts with.
  if (ascii_only(w)) return Answer::kUnknown;
  Answer best = Answer::kUnknown;
  std::size_t best_len = 0;
  for (const auto& row : answer_words()) {
    if (row.word.size() <= best_len || row.word.size() >= w.size() || w.substr(0, row.word.size()) != row.word ||
        ascii_only(row.word))
      continue;
    const std::string_view rest = w.substr(row.word.size());
    const auto& sfx = answer_suffixes();
    if (std::find(sfx.begin(), sfx.end(), rest) != sfx.end()) {
      best = row.answer;
      best_len = row.word.size();
    }
  }
  return best;
}

bool is_token_sep(char c) {
  return c == ' ' || c == '\t' || c == '/' || c == '|' || c == ',' || c == '(' || c == ')' || c == '[' || c == ']' ||
         c == ';' || c == '.' || c == '!' || c == ':' || c == '"' || c == '\'' || c == '=' || c == '+' || c == '&';
}

// is_token_sep at `i`, but an apostrophe between two letters is part of the word (`isn't`).
bool token_sep_at(std::string_view span, std::size_t i) {
  if (span[i] == '\'' && i > 0 && i + 1 < span.size()) {
    const auto letter = [](char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); };
    if (letter(span[i - 1]) && letter(span[i + 1])) return false;
  }
  return is_token_sep(span[i]);
}

// Calls `f` with each token of `span` (the runs between token separators).
template <class F>
void for_each_token(std::string_view span, const F& f) {
  std::size_t i = 0;
  while (i < span.size()) {
    while (i < span.size() && token_sep_at(span, i)) ++i;
    const std::size_t b = i;
    while (i < span.size() && !token_sep_at(span, i)) ++i;
    if (i > b) f(span.substr(b, i - b));
  }
}

// The kinds of the answer words in one token, appended to `out`.
void token_kinds(std::string_view tok, std::vector<Answer>& out) {
  if (const Answer a = lookup(tok); a != Answer::kUnknown) {
    out.push_back(a);
    return;
  }
  if (ascii_only(tok)) return;
  // Japanese glues words together (`GPUの個数`, `必要ない`) and Korean glues particles on
  // (`숫자로`): the table words of two or more characters found inside, longest first.
  std::string rest(tok);
  std::vector<const AnswerWord*> rows;
  for (const auto& row : answer_words()) {
    if (!ascii_only(row.word) && row.word.size() >= 6) rows.push_back(&row);
  }
  std::sort(rows.begin(), rows.end(), [](const auto* x, const auto* y) { return x->word.size() > y->word.size(); });
  for (const auto* row : rows) {
    if (const auto p = rest.find(row->word); p != std::string::npos) {
      out.push_back(row->answer);
      rest.replace(p, row->word.size(), " ");
    }
  }
}

// The kinds of answer words in `span`, in order: phrases of the table first (and removed), then
// each token.
std::vector<Answer> kinds_in(std::string span) {
  std::vector<Answer> out;
  for (const auto& row : answer_words()) {
    if (row.word.find(' ') == std::string_view::npos) continue;
    for (auto p = span.find(row.word); p != std::string::npos; p = span.find(row.word)) {
      const bool left = p == 0 || token_sep_at(span, p - 1);
      const std::size_t e = p + row.word.size();
      const bool right = e == span.size() || token_sep_at(span, e);
      if (!left || !right) break;
      out.push_back(row.answer);
      span.replace(p, row.word.size(), std::string(row.word.size(), ' '));
    }
  }
  for_each_token(span, [&](std::string_view tok) { token_kinds(tok, out); });
  return out;
}

// One verdict from the kinds of one answer: a yes-word and a no-word together are ambiguous
// (`yes/no`); a negator turns a yes-word around (`not equal`); a count is a number even when
// it counts devices (`GPU 개수`, `GPU count`).
Answer resolve(const std::vector<Answer>& kinds) {
  const auto has = [&](Answer a) { return std::find(kinds.begin(), kinds.end(), a) != kinds.end(); };
  if (has(Answer::kAmbiguous)) return Answer::kAmbiguous;
  const bool yes = has(Answer::kAffirmative);
  const bool no = has(Answer::kNegative);
  const bool negator = has(Answer::kNegator);
  if (yes && no) return negator ? Answer::kNegative : Answer::kAmbiguous;
  if (yes) return negator ? Answer::kNegative : Answer::kAffirmative;
  if (no) return Answer::kNegative;
  if (has(Answer::kNumbers)) return negator ? Answer::kUnknown : Answer::kNumbers;
  if (has(Answer::kDevices)) return negator ? Answer::kUnknown : Answer::kDevices;
  return negator ? Answer::kNegative : Answer::kUnknown;
}

// Where the answer proper ends and its explanation starts: `no (must be an integer)`,
// `yes, they must match`, `예 - 같아야 함`.
std::size_t head_end(std::string_view v) {
  std::size_t end = v.size();
  for (std::string_view t : {"(", "[", ",", ";", ":", " - ", " -- ", "\u2014", "\u3001", "\u3002", ". "}) {
    const auto p = v.find(t);
    if (p != std::string_view::npos && p > 0) end = std::min(end, p);
  }
  return end;
}

// "not devices but numbers", "numbers rather than devices", "장치가 아니라 숫자", "デバイスではなく数":
// an answer with no yes or no in it that names both the count and the devices, and negates one
// of them, means the other. An English negator turns the word after it around; a Korean or
// Japanese one (아니라, 아님, ではなく) the word before it.
std::optional<Answer> contrast(std::string v) {
  constexpr std::string_view kBack = " <back> ";
  constexpr std::string_view kFwd = " <fwd> ";
  const std::pair<std::string_view, std::string_view> markers[] = {
      {"rather than", kFwd}, {"instead of", kFwd}, {"아니라", kBack},   {"아니고", kBack}, {"말고", kBack},
      {"대신", kBack},       {"ではなく", kBack},  {"じゃなく", kBack}, {"でなく", kBack}, {"の代わりに", kBack}};
  for (const auto& [word, mark] : markers) {
    for (auto p = v.find(word); p != std::string::npos; p = v.find(word, p + mark.size()))
      v.replace(p, word.size(), mark);
  }
  struct Item {
    Answer kind;
    int reach;  ///< a negator's: +1 the word after it, -1 the word before it
  };
  std::vector<Item> items;
  for_each_token(v, [&](std::string_view tok) {
    if (tok == "<back>" || tok == "<fwd>") {
      items.push_back({Answer::kNegator, tok == "<fwd>" ? 1 : -1});
      return;
    }
    std::vector<Answer> kinds;
    token_kinds(tok, kinds);
    for (const Answer k : kinds) items.push_back({k, k != Answer::kNegator ? 0 : ascii_only(tok) ? 1 : -1});
  });
  const auto term = [&](std::size_t k) {
    return items[k].kind == Answer::kNumbers || items[k].kind == Answer::kDevices;
  };
  std::vector<bool> negated(items.size(), false);
  for (std::size_t k = 0; k < items.size(); ++k) {
    const Answer a = items[k].kind;
    if (a == Answer::kAffirmative || a == Answer::kNegative || a == Answer::kAmbiguous) return std::nullopt;
    if (a != Answer::kNegator) continue;
    if (items[k].reach > 0 && k + 1 < items.size() && term(k + 1)) negated[k + 1] = true;
    if (items[k].reach < 0 && k > 0 && term(k - 1)) negated[k - 1] = true;
  }
  bool plain[2] = {false, false};  // numbers, devices
  bool denied[2] = {false, false};
  for (std::size_t k = 0; k < items.size(); ++k) {
    if (!term(k)) continue;
    const int t = items[k].kind == Answer::kNumbers ? 0 : 1;
    (negated[k] ? denied : plain)[t] = true;
  }
  for (int t = 0; t < 2; ++t) {
    if (plain[t] && !denied[t] && denied[1 - t] && !plain[1 - t]) return t == 0 ? Answer::kNumbers : Answer::kDevices;
  }
  return std::nullopt;
}

// A no-word turned around by a negator next to it: `not rejected`, `isn't forbidden`, `never
// denied`, `no longer invalid` (an English negator before the word), `금지 아님`, `禁止ではない`
// (a Korean or Japanese one after it). The answer then says the opposite of no.
bool negated_no(const std::string& span) {
  std::string s = span;
  for (auto p = s.find("no longer"); p != std::string::npos; p = s.find("no longer")) s.replace(p, 9, "not");
  std::vector<std::pair<std::string_view, Answer>> toks;
  bool glued = false;  // `禁止ではない`: a Japanese no-word and the negator after it, one token
  for_each_token(s, [&](std::string_view tok) {
    std::vector<Answer> kinds;
    token_kinds(tok, kinds);
    const auto has = [&kinds](Answer a) { return std::find(kinds.begin(), kinds.end(), a) != kinds.end(); };
    glued = glued || (kinds.size() >= 2 && has(Answer::kNegative) && has(Answer::kNegator) &&
                      !has(Answer::kAffirmative) && lookup(tok) == Answer::kUnknown);
    toks.emplace_back(tok, kinds.empty() ? Answer::kUnknown : kinds.front());
  });
  if (glued) return true;
  const auto english_negator = [](std::string_view t) {
    return t == "not" || t == "never" || t == "isn't" || t == "aren't" || t == "don't" || t == "doesn't" ||
           t == "needn't" || t == "wasn't";
  };
  // After the word: 아님, 않음, ではない ...; 안 and 못 only before 되다 (`거절 안 됨`), since
  // they negate the verb after them (`불가 안 됨` is two no-words).
  const auto negates_before = [&toks](std::size_t k) {
    if (k >= toks.size() || toks[k].second != Answer::kNegator || ascii_only(toks[k].first)) return false;
    if (toks[k].first != "안" && toks[k].first != "못") return true;
    if (k + 1 >= toks.size()) return false;
    const std::string_view verb = toks[k + 1].first;
    return verb.rfind("되", 0) == 0 || verb.rfind("됨", 0) == 0 || verb.rfind("됩", 0) == 0;
  };
  for (std::size_t k = 0; k < toks.size(); ++k) {
    if (toks[k].second != Answer::kNegative) continue;
    if (k > 0 && english_negator(toks[k - 1].first)) return true;
    if (negates_before(k + 1)) return true;
  }
  return false;
}

// The verdict of a span that holds answer words: a no-word turned around reads as yes.
Answer verdict(const std::string& span) {
  const Answer a = resolve(kinds_in(span));
  if (a == Answer::kNegative && negated_no(span)) return Answer::kAffirmative;
  return a;
}

}  // namespace

Answer classify_answer(std::string_view value) {
  std::string v = text::to_lower_ascii(text::trim(text::nfkc(value)));
  for (auto p = v.find("\u2019"); p != std::string::npos; p = v.find("\u2019")) v.replace(p, 3, "'");
  if (v.size() >= 2 && (v.front() == '"' || v.front() == '\'') && v.back() == v.front()) v = v.substr(1, v.size() - 2);
  while (!v.empty() && (v.back() == '.' || v.back() == '!' || v.back() == ',' || v.back() == ';')) v.pop_back();
  v = text::trim(v);
  if (v.empty()) return Answer::kUnknown;
  if (auto a = lookup(v); a != Answer::kUnknown) return a == Answer::kNegator ? Answer::kNegative : a;
  if (const auto c = contrast(v)) return *c;
  // The answer proper decides; its explanation is read only when the answer has no word (an
  // answer whose words say nothing, `not numbers`, stays unknown).
  const std::string head = v.substr(0, head_end(v));
  if (const Answer a = verdict(head); a != Answer::kUnknown || !kinds_in(head).empty()) return a;
  return verdict(v);
}

std::optional<long long> leading_count(std::string_view value) {
  const std::string v = text::trim(text::nfkc(value));
  std::size_t i = 0;
  while (i < v.size() && v[i] >= '0' && v[i] <= '9') ++i;
  if (i == 0 || i > 9) return std::nullopt;
  // `2개`, `2 (trainer, trainer2)`, `2 GPUs` count; `1.5`, `2,5` and `2/3` are not whole counts.
  if (i < v.size()) {
    const char c = v[i];
    const bool digit_after = i + 1 < v.size() && v[i + 1] >= '0' && v[i + 1] <= '9';
    if ((c == '.' || c == ',' || c == '/') && digit_after) return std::nullopt;
    if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z')) {
      // a quantity suffix (`2k`, `500m`) is not a count; a word after a space is a note
      const std::string_view rest = std::string_view(v).substr(i);
      const bool word = rest.size() > 2 && std::isalpha(static_cast<unsigned char>(rest[1])) != 0;
      if (!word) return std::nullopt;
    }
  }
  return std::stoll(v.substr(0, i));
}

}  // namespace gpuwhy::readers
