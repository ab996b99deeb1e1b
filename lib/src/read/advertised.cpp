// advertised.txt: which node advertises how many GPUs, from every form kubectl prints (see readers.h).
#include "gpuwhy/read/readers.h"

#include <algorithm>
#include <cctype>
#include <initializer_list>
#include <set>

#include "gpuwhy/base/text.h"
#include "gpuwhy/k8s/manifest.h"
#include "gpuwhy/lab/lab.h"
#include "read/advertised_detail.h"
#include "read/read_detail.h"
namespace gpuwhy::readers {

using nlohmann::json;

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

using namespace adv;  // the helpers this file shares with advertised_json.cpp and advertised_keyed.cpp

// One cell as the readers compare it: a placeholder is `<none>`, `node/NAME` is NAME.
std::string normal_cell(std::string c) {
  if (is_placeholder(c)) return "<none>";
  if (c.rfind("node/", 0) == 0 || c.rfind("nodes/", 0) == 0) {
    std::string n = node_name_of(c);
    if (!n.empty()) return n;
  }
  return c;
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
    if (!cell.empty()) out.push_back(normal_cell(std::move(cell)));
  }
  return out;
}

bool is_amount_cell(const std::string& c) {
  return c == "<none>" || is_number_text(c);
}

// A cell kubectl prints in a node row: the node's name or an amount. A row starts with one; a
// line that starts with anything else is the student's heading or note.
bool row_cell(const std::string& c) {
  return is_amount_cell(c) || !node_name_of(c).empty();
}

// A header row as kubectl prints it, in whatever case the student typed the custom-columns
// names (`NAME GPU`, `Name Gpu`, `node alloc`): at least two cells, none of them a number or
// `<none>`. Data rows always carry an amount cell (`<none>` when missing).
bool looks_like_header(const std::vector<std::string>& cells) {
  if (cells.size() < 2) return false;
  // A column's name is a word (`NAME`, `GPU_CAP`, `nvidia.com/gpu`, `이름`); a heading the student
  // wrote (`[Step 2]`, `[2단계] 노드별 GPU`) is none.
  const auto word = [](const std::string& c) {
    const auto u = static_cast<unsigned char>(c.front());
    return (std::isalpha(u) != 0 || u >= 0x80) && c.find_first_of("[](){}<>") == std::string::npos;
  };
  return std::all_of(cells.begin(), cells.end(), word) &&
         std::none_of(cells.begin(), cells.end(), [](const std::string& c) { return is_amount_cell(c); });
}

// A line above the output that is none of it: not a header, and not a row (which starts with a
// node's name or an amount): a heading or a note the student wrote (`결과:`, `[Step 2]`).
bool note_row(const std::vector<std::string>& cells) {
  return !looks_like_header(cells) && !row_cell(cells.front());
}

// Whether no row pairs a plain word with its amounts (`lab-node-0 2` names its node with a digit,
// a dash or a dot): then a line that starts with a plain word is the student's note (`done`,
// `looks good`, `only lab-node-0 has gpus`), and one after a row's amount is a unit
// (`lab-node-0 2 gpus`).
bool plain_words_are_notes(const std::vector<std::vector<std::string>>& rows) {
  return std::none_of(rows.begin(), rows.end(),
                      [](const auto& r) { return r.size() >= 2 && plain_word(r[0]) && is_amount_cell(r[1]); });
}

// `rows` without the student's notes, when a row of output remains.
void drop_word_notes(std::vector<std::vector<std::string>>& rows) {
  if (!plain_words_are_notes(rows)) return;
  const auto note = [](const std::vector<std::string>& r) { return plain_word(r.front()); };
  if (std::all_of(rows.begin(), rows.end(), note)) return;
  std::erase_if(rows, note);
}

// The column that names the node: the one headed like a name (`NAME`, `Node`, `이름`), else
// the first.
std::size_t name_column(const std::vector<std::string>& h) {
  for (std::size_t i = 0; i < h.size(); ++i) {
    const std::string u = text::to_lower_ascii(h[i]);
    if (u == "name" || u == "node" || u == "nodes" || u == "node_name" || u == "node-name" || u == "nodename" ||
        u == "이름" || u == "노드" || u == "노드명" || u == "노드이름" || u == "名前" || u == "ノード" ||
        u == "ノード名")
      return i;
  }
  return 0;
}

// What a column's header names, in English, Korean or Japanese: allocatable (`ALLOC`, `할당가능`,
// `割当可能`), capacity (`CAP`, `용량`, `容量`), the GPU, or another resource of the node's status
// (`CPU_ALLOC`, `ALLOC_MEM`, `PODS`), whose amount is not the GPU's.
bool heads(const std::string& cell, std::initializer_list<std::string_view> words) {
  const std::string u = text::to_lower_ascii(cell);
  return std::any_of(words.begin(), words.end(), [&u](std::string_view w) { return u.find(w) != std::string::npos; });
}
bool heads_allocatable(const std::string& cell) {
  return heads(cell, {"alloc", "할당", "割当", "割り当て"});
}
bool heads_capacity(const std::string& cell) {
  return heads(cell, {"cap", "용량", "容量"});
}
bool heads_gpu(const std::string& cell) {
  return heads(cell, {"gpu", "nvidia"});
}
bool heads_other_resource(const std::string& cell) {
  return !heads_gpu(cell) && heads(cell, {"cpu", "mem", "pod", "storage", "hugepage"});
}

// The column of a capacity amount when the header has one beside an allocatable one.
std::optional<std::size_t> capacity_column(const std::vector<std::string>& h, std::size_t name_col) {
  for (std::size_t i = 0; i < h.size(); ++i) {
    if (i != name_col && heads_capacity(h[i]) && !heads_other_resource(h[i])) return i;
  }
  return std::nullopt;
}

// Whether every data row that has column `col` holds an amount there. kubectl prints every cell
// of a row (`<none>` for a missing value): a row narrower than the widest (`looks good` under the
// table) is the student's note, not data.
bool holds_amounts(const std::vector<std::vector<std::string>>& rows, std::size_t col) {
  std::size_t widest = 0;
  for (const auto& r : rows) widest = std::max(widest, r.size());
  bool any = false;
  for (const auto& r : rows) {
    if (col >= r.size() || r.size() < widest) continue;
    if (!is_amount_cell(r[col])) return false;
    any = true;
  }
  return any;
}

// The column of the GPU amount: allocatable first (the last so headed), then the first headed
// for the GPU, then for capacity, preferring one that holds amounts (`GPU-PRODUCT` before `GPU` is
// a label, not the amount); without such a header, the other column of two.
std::optional<std::size_t> amount_column(const std::vector<std::string>& h,
                                         const std::vector<std::vector<std::string>>& rows, std::size_t name_col) {
  std::vector<std::size_t> candidates;
  for (std::size_t i = h.size(); i-- > 0;) {
    if (i != name_col && heads_allocatable(h[i]) && !heads_other_resource(h[i])) candidates.push_back(i);
  }
  for (const bool capacity : {false, true}) {
    for (std::size_t i = 0; i < h.size(); ++i) {
      const bool cap = heads_capacity(h[i]);
      if (i != name_col && !heads_allocatable(h[i]) && !heads_other_resource(h[i]) && cap == capacity &&
          (heads_gpu(h[i]) || cap))
        candidates.push_back(i);
    }
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
  const bool notes = plain_words_are_notes(rows);
  const auto name_cell = [notes](const std::string& c) {
    return !node_name_of(c).empty() && !(notes && plain_word(c));
  };
  std::string name;
  std::vector<std::string> amounts;
  const auto flush = [&] {
    if (name.empty()) return;
    add_node(a, name, amounts.empty() ? std::string() : amounts.back());
    if (amounts.size() >= 2) a.capacity[name] = amounts.front() == "<none>" ? "" : amounts.front();
  };
  for (const auto& cells : rows) {
    // A row of the output starts with a node's name or an amount; a line that starts with
    // anything else is the student's note ("Only lab-node-0 has GPUs", "설명: ...", "---").
    if (!is_amount_cell(cells.front()) && !name_cell(cells.front())) continue;
    bool named = false;  // the cell before was the node's name
    for (const auto& c : cells) {
      // Right after the name, a cell that starts with a digit is its amount as written, even one
      // no quantity (`2-3`): never another node.
      if (is_amount_cell(c) || (named && c.front() >= '0' && c.front() <= '9')) {
        if (!name.empty()) amounts.push_back(c);
        named = false;
        continue;
      }
      if (!name_cell(c)) break;  // a note after the row's cells
      flush();
      name = c;
      amounts.clear();
      named = true;
    }
  }
  flush();
}

// Rows whose fields a delimiter separates, cell by cell: a jsonpath template or `jq @tsv` with
// tabs (`{name}{"\t"}{capacity}{"\t"}{allocatable}`), `jq @csv` with commas (`"lab-node-1",,`).
// An empty value keeps its place as `<none>`, so a missing allocatable is not taken for the
// capacity before it. A line of one name alone is a row whose fields were all empty (the file's
// last tabs trimmed). Empty when another line has no delimiter, or no line has three fields
// (then the ordinary reading is the same).
std::vector<std::vector<std::string>> positional_rows(const std::vector<std::string>& lines, char delim) {
  std::vector<std::vector<std::string>> rows;
  std::size_t widest = 0;
  std::size_t word_lines = 0;
  for (const auto& l : lines) {
    if (text::trim(l).empty()) continue;
    if (l.find(delim) == std::string::npos) {
      auto cells = split_cells(l);
      // The student's heading or note: a line of words that are neither names nor amounts.
      if (cells.empty() || !std::all_of(cells.begin(), cells.end(), row_cell)) continue;
      if (cells.size() != 1 && plain_word(cells[0])) {  // `looks good`: a note, if the rows say so
        ++word_lines;
        continue;
      }
      if (cells.size() != 1 || is_amount_cell(cells[0])) return {};
      rows.push_back(std::move(cells));
      continue;
    }
    std::vector<std::string> fields;
    for (std::size_t b = 0;;) {
      const std::size_t e = std::min(l.find(delim, b), l.size());
      std::string f = text::trim(std::string_view(l).substr(b, e - b));
      if (f.size() >= 2 && (f.front() == '"' || f.front() == '\'') && f.back() == f.front())
        f = f.substr(1, f.size() - 2);
      fields.push_back(normal_cell(std::move(f)));
      if (e == l.size()) break;
      b = e + 1;
    }
    widest = std::max(widest, fields.size());
    rows.push_back(std::move(fields));
  }
  if (widest < 3 || (word_lines > 0 && !plain_words_are_notes(rows))) return {};
  drop_word_notes(rows);
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

// `{.items[*].metadata.name} {.items[*].status.allocatable.nvidia\.com/gpu}`: the node names,
// two or more on one row, then (on it or the rows after) the amounts kubectl found, and nothing
// else. True when `rows` are that, with the names and the amounts in order.
bool names_then_amounts(const std::vector<std::vector<std::string>>& rows, std::vector<std::string>& names,
                        std::vector<std::string>& amounts) {
  const auto header_word = [](const std::string& c) {
    const std::string u = text::to_lower_ascii(c);
    return u.find("gpu") != std::string::npos || u.find("nvidia") != std::string::npos ||
           u.find("alloc") != std::string::npos || u.find("cap") != std::string::npos ||
           u.find("name") != std::string::npos || u == "node" || u == "nodes" || u == "이름" || u == "노드";
  };
  bool one_row_names_two = false;
  for (const auto& r : rows) {
    std::size_t named = 0;
    for (const auto& c : r) {
      if (is_amount_cell(c)) {
        amounts.push_back(c);
        continue;
      }
      if (!amounts.empty() || header_word(c)) return false;
      names.push_back(c);
      ++named;
    }
    one_row_names_two = one_row_names_two || named >= 2;
  }
  return one_row_names_two && !amounts.empty();
}

// Names and amounts printed apart (names_then_amounts) pair by place only when as many: else a
// node was skipped. Whether they were read; none when `rows` are not that form.
std::optional<bool> read_apart(const std::vector<std::vector<std::string>>& rows, Advertised& a) {
  std::vector<std::string> names;
  std::vector<std::string> amounts;
  if (!names_then_amounts(rows, names, amounts)) return std::nullopt;
  if (names.size() != amounts.size()) {
    a.problem = "reason.advertised.apart";
    return false;
  }
  for (std::size_t i = 0; i < names.size(); ++i) add_node(a, names[i], amounts[i]);
  return true;
}

// Why a header's table shows no amount: no GPU column, or the GPU column is a label's. `kubectl get
// nodes -L nvidia.com/gpu.count` prints the default columns (STATUS, ROLES, AGE, VERSION), then one
// per label headed by its key's last segment: a label is what step 1 wrote, not what the node
// advertises in status. nullptr when the amount column is one.
const char* header_problem(const std::vector<std::string>& h, std::optional<std::size_t> amount_col) {
  if (!amount_col) return h.size() > 2 ? "reason.advertised.no-gpu-column" : nullptr;
  const auto at = [&h](std::string_view word) -> std::optional<std::size_t> {
    for (std::size_t i = 0; i < h.size(); ++i) {
      if (text::to_lower_ascii(h[i]) == word) return i;
    }
    return std::nullopt;
  };
  const auto version = at("version");
  return at("status") && at("roles") && version && *amount_col > *version ? "reason.advertised.label-column" : nullptr;
}

// The columns of a table with a header: the node's name, the amount, a capacity beside it.
struct Columns {
  std::size_t name = 0;
  std::optional<std::size_t> amount;
  std::optional<std::size_t> capacity;
};

// The rows under header `h`, into `a`.
void read_header_rows(const std::vector<std::string>& h, const std::vector<std::vector<std::string>>& rows,
                      const Columns& cols, Advertised& a) {
  const std::size_t name_col = cols.name;
  const auto& amount_col = cols.amount;
  const auto& capacity_col = cols.capacity;
  // An allocatable column is the amount, its `<none>` included (capacity alone gives the
  // scheduler no room): one so headed, or a GPU column beside a capacity one (`GPU_CAP GPU`).
  // Only a column headed for the GPU alone falls back to a capacity column.
  const bool allocatable_col =
      amount_col && (heads_allocatable(h[*amount_col]) ||
                     (capacity_col && *capacity_col != *amount_col && !heads_capacity(h[*amount_col])));
  for (const auto& cells : rows) {
    const std::size_t col = amount_col && *amount_col < cells.size() ? *amount_col : cells.size() - 1;
    // A row of the table names a node and shows its amount (`<none>` where it has none); any other
    // line under it is the student's note ("완료", "=> lab-node-0: 2"), not a node.
    if (cells.size() < 2 || node_name_of(cells[name_col < cells.size() ? name_col : 0]).empty() ||
        !is_amount_cell(cells[col]))
      continue;
    std::string amount = cells[col];
    const bool has_capacity = capacity_col && *capacity_col < cells.size() && *capacity_col != col;
    if (!allocatable_col && (amount.empty() || amount == "<none>") && has_capacity) amount = cells[*capacity_col];
    const std::string& name = cells[name_col < cells.size() ? name_col : 0];
    add_node(a, name, amount);
    if (allocatable_col && has_capacity)
      a.capacity[name] = cells[*capacity_col] == "<none>" ? "" : cells[*capacity_col];
  }
}

// One table: an optional header and its rows. False when it holds no node rows (a problem or
// bare numbers, said in `a`).
bool read_one_table(std::vector<std::vector<std::string>> rows, Advertised& a) {
  if (const auto apart = read_apart(rows, a)) return *apart;
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
    if (const char* problem = header_problem(h, amount_col)) {
      a.problem = problem;
      return false;
    }
  }
  if (!header) drop_word_notes(rows);
  // Bare numbers: not one cell names a node.
  const bool any_name = std::any_of(rows.begin(), rows.end(), [](const auto& r) {
    return std::any_of(r.begin(), r.end(), [](const std::string& c) { return !is_amount_cell(c); });
  });
  if (!any_name) {
    if (!rows.empty()) {
      a.format = AdvertisedFormat::kBareNumbers;
      a.bare_numbers = true;
      for (const auto& r : rows) a.bare.insert(a.bare.end(), r.begin(), r.end());
    } else {
      a.problem = "reason.advertised.header-only";
    }
    return false;
  }
  if (!header) {
    read_pairs(rows, a);
    return true;
  }
  read_header_rows(h, rows, {name_col, amount_col, capacity_col}, a);
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

// The student's headings and notes, above the output and under it, taken out of `rows`: for each
// row left, whether a note stood right before it (a note ends the table above it: `Allocatable:`
// of a describe under the GPU table starts other output).
std::vector<bool> drop_notes(std::vector<std::vector<std::string>>& rows) {
  std::vector<bool> after_note;
  std::vector<std::vector<std::string>> kept;
  bool note = false;
  for (auto& r : rows) {
    if (note_row(r)) {
      note = true;
      continue;
    }
    after_note.push_back(note);
    kept.push_back(std::move(r));
    note = false;
  }
  rows = std::move(kept);
  return after_note;
}

// The tables of `rows` with a header and a GPU column, in order; each ends at the next header
// or note.
std::vector<std::vector<std::vector<std::string>>> gpu_tables_of(const std::vector<std::vector<std::string>>& rows,
                                                                 const std::vector<bool>& after_note) {
  const auto starts = table_starts(rows);
  std::vector<std::vector<std::vector<std::string>>> out;
  for (std::size_t k = 0; k < starts.size(); ++k) {
    std::size_t end = k + 1 < starts.size() ? starts[k + 1] : rows.size();
    for (std::size_t r = starts[k] + 1; r < end; ++r) {
      if (after_note[r]) {
        end = r;
        break;
      }
    }
    std::vector<std::vector<std::string>> t(rows.begin() + static_cast<std::ptrdiff_t>(starts[k]),
                                            rows.begin() + static_cast<std::ptrdiff_t>(end));
    if (!looks_like_header(t[0]) || t.size() < 2) continue;
    const std::vector<std::vector<std::string>> data(t.begin() + 1, t.end());
    const auto col = amount_column(t[0], data, name_column(t[0]));
    if (col && (t[0].size() > 2 || holds_amounts(data, *col))) out.push_back(std::move(t));
  }
  return out;
}

void read_table(const std::vector<std::string>& lines, Advertised& a) {
  a.format = AdvertisedFormat::kTable;
  std::vector<std::vector<std::string>> rows = positional_rows(lines, '\t');
  if (rows.empty()) rows = positional_rows(lines, ',');
  if (!rows.empty() && looks_like_header(rows[0])) rows.clear();  // a header names the columns
  if (rows.empty()) {
    for (const auto& l : lines) {
      auto cells = split_cells(l);
      if (!cells.empty()) rows.push_back(std::move(cells));
    }
  }
  const std::vector<bool> after_note = drop_notes(rows);
  if (rows.empty()) {
    a.problem = "reason.advertised.no-rows";
    return;
  }
  // Several tables: those with a GPU column are read, in order (a later one wins for a node).
  auto gpu_tables = gpu_tables_of(rows, after_note);
  bool read = false;
  if (gpu_tables.empty()) {
    read = read_one_table(std::move(rows), a);
  } else {
    // A table that shows no amount (a label column, `-L`) beside one that does: the one that
    // does is the answer; only when none does is the first one's problem said.
    std::optional<Advertised> failed;
    for (auto& t : gpu_tables) {
      Advertised trial = a;
      if (read_one_table(std::move(t), trial)) {
        a = std::move(trial);
        read = true;
      } else if (!failed) {
        failed = std::move(trial);
      }
    }
    if (!read && failed) a = std::move(*failed);
  }
  const auto none = [](const auto& kv) { return kv.second.empty(); };
  if (read)
    a.all_none = std::all_of(a.amounts.begin(), a.amounts.end(), none) &&
                 std::all_of(a.capacity.begin(), a.capacity.end(), none);
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
  const auto opens = [](std::string_view l) {
    return !l.empty() && (l[0] == '{' || (l[0] == '[' && !bracket_heading(l)) || l[0] == '"');
  };
  auto doc = document_from(t, opens);
  if (!doc) return std::nullopt;
  const std::vector<json> docs = parse_documents(*doc);
  if (docs[0].is_discarded() && !opens(t.substr(0, t.find('\n')))) return std::nullopt;
  Advertised a;
  a.format = AdvertisedFormat::kJson;
  if (docs[0].is_discarded()) {
    a.problem = "reason.advertised.bad-json";
    return a;
  }
  std::vector<const json*> each;
  for (const auto& d : docs) each.push_back(&d);
  facts_from_json(each, a);
  // Lines jq printed as JSON strings (without -r): their text is the output.
  const bool strings =
      std::all_of(docs.begin(), docs.end(), [](const json& d) { return d.is_string() || d.is_null(); });
  if (a.amounts.empty() && !a.bare_numbers && strings) {
    std::string text;
    for (const auto& d : docs) text += (d.is_string() ? d.get_ref<const std::string&>() : std::string("null")) + "\n";
    return read_advertised(text);
  }
  return a;
}

// `-o yaml` (one or more documents); nullopt when the text opens none.
std::optional<Advertised> yaml_form(const std::string& t) {
  auto doc = document_from(t, [](std::string_view l) {
    // Not at `---`: a rule the student drew between notes opens no YAML (a document that
    // follows it opens at its own first key).
    return l.rfind("apiVersion:", 0) == 0 || l.rfind("items:", 0) == 0 || l.rfind("kind:", 0) == 0 ||
           l.rfind("metadata:", 0) == 0;
  });
  if (!doc) return std::nullopt;
  Advertised a;
  a.format = AdvertisedFormat::kYaml;
  try {
    const auto docs = k8s::load_manifest(*doc, std::string(lab::kFileAdvertised));
    std::vector<const json*> each;
    for (const auto& d : docs) each.push_back(&d);
    facts_from_json(each, a);
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
  std::vector<std::string> ls;
  for (const auto& l : text::lines(t)) ls.push_back(normalise_line(l));
  // A file may hold two commands' output (`describe | grep` above the custom-columns table, a
  // jsonpath map line above it): a reading that names no node gives way to the table's, when
  // that one pairs nodes with amounts.
  const auto as_table = [&t] {
    Advertised table;
    std::vector<std::string> rows;
    for (const auto& l : lines_keeping_tabs(t)) rows.push_back(normalise_line(l));
    read_table(rows, table);
    return table;
  };
  const auto or_table = [&as_table](Advertised first) {
    if (!first.amounts.empty()) return first;
    Advertised table = as_table();
    return !table.amounts.empty() && table.problem.empty() ? table : first;
  };
  const bool keyed = has_keyed_facts(ls);
  if (auto j = json_form(t); j && (j->problem.empty() || !keyed)) return or_table(*j);
  const bool has_name =
      std::any_of(ls.begin(), ls.end(), [](const std::string& l) { return l.rfind("Name:", 0) == 0; });
  const bool has_section =
      std::any_of(ls.begin(), ls.end(), [](const std::string& l) { return l == "Capacity:" || l == "Allocatable:"; });
  if (!(has_name && has_section)) {
    if (auto y = yaml_form(t); y && (y->problem.empty() || !keyed)) return or_table(*y);
  }
  if (keyed) {
    a.format = has_name ? AdvertisedFormat::kDescribe : AdvertisedFormat::kKeyed;
    read_keyed(ls, a);
    return or_table(a);
  }
  return as_table();
}

}  // namespace gpuwhy::readers
