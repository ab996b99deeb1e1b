// A roster: a plain list of ids or an LMS's CSV export.
#include "gpuwhy/read/roster.h"

#include <algorithm>
#include <array>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "gpuwhy/base/error.h"
#include "gpuwhy/base/files.h"
#include "gpuwhy/base/text.h"
#include "gpuwhy/model/result.h"
#include "gpuwhy/model/snapshot.h"

namespace gpuwhy::readers {

namespace {

using Record = std::vector<std::string>;

// The records of a CSV text (LF line ends; RFC 4180). Lenient where a spreadsheet is: a quote
// inside an unquoted field is kept as it is, and so is text after a closing quote.
std::vector<Record> csv_records(std::string_view s) {
  std::vector<Record> out;
  Record record;
  std::string field;
  bool quoted = false;
  bool fresh = true;  // nothing of the field read yet: a quote opens a quoted field
  for (std::size_t i = 0; i < s.size(); ++i) {
    const char c = s[i];
    if (quoted) {
      if (c != '"') {
        field += c;
      } else if (i + 1 < s.size() && s[i + 1] == '"') {
        field += '"';
        ++i;
      } else {
        quoted = false;
      }
      continue;
    }
    if (c == ',' || c == '\n') {
      record.push_back(std::move(field));
      field.clear();
      fresh = true;
      if (c == '\n') out.push_back(std::exchange(record, {}));
      continue;
    }
    if (c == '"' && fresh) {
      quoted = true;
    } else {
      field += c;
    }
    fresh = false;
  }
  if (!fresh || !record.empty()) {
    record.push_back(std::move(field));
    out.push_back(std::move(record));
  }
  return out;
}

bool skipped(std::string_view first_field, bool whole_record_blank) {
  return whole_record_blank || text::trim(first_field).starts_with('#');
}

bool blank_record(const Record& r) {
  return std::all_of(r.begin(), r.end(), [](const std::string& f) { return text::blank(f); });
}

// The column of the header holding the ids: `id`, else the first of the other names.
std::optional<std::size_t> id_column(const Record& header) {
  static constexpr std::array<std::string_view, 5> kNames = {"id", "student", "student_id", "login", "user"};
  for (const std::string_view name : kNames) {
    for (std::size_t i = 0; i < header.size(); ++i) {
      if (text::to_lower_ascii(text::trim(header[i])) == name) return i;
    }
  }
  return std::nullopt;
}

// A header cell as a column name: trimmed, ASCII lower case, a space as '_'.
std::string column_name(std::string_view cell) {
  std::string n = text::to_lower_ascii(text::trim(cell));
  std::replace(n.begin(), n.end(), ' ', '_');
  return n;
}

std::optional<std::size_t> column_named(const Record& header, std::string_view name) {
  for (std::size_t i = 0; i < header.size(); ++i) {
    if (column_name(header[i]) == name) return i;
  }
  return std::nullopt;
}

// The columns that hold a student's name: one whole-name column, else first and last name.
std::vector<std::size_t> name_columns(const Record& header) {
  for (const std::string_view name : {"name", "full_name", "display_name", "student_name"}) {
    if (const auto c = column_named(header, name)) return {*c};
  }
  std::vector<std::size_t> out;
  for (const std::string_view name : {"first_name", "last_name"}) {
    if (const auto c = column_named(header, name)) out.push_back(*c);
  }
  return out;
}

// A student's name from their record: the name columns' cells, trimmed, joined by a space.
std::string name_of(const Record& r, const std::vector<std::size_t>& columns) {
  std::string out;
  for (const std::size_t c : columns) {
    if (c >= r.size() || text::blank(r[c])) continue;
    if (!out.empty()) out += ' ';
    out += clean_student_id(r[c]);
  }
  return out;
}

bool is_id_column_name(std::string_view line) {
  return id_column(Record{text::trim(line)}).has_value();
}

// Ids in order, each once, with the name given the first time.
void add_id(std::string_view raw, std::set<std::string>& seen, Roster& out, std::string name = "") {
  std::string id = clean_student_id(raw);
  if (id.empty() || !seen.insert(id).second) return;
  out.ids.push_back(std::move(id));
  out.names.push_back(std::move(name));
}

Roster from_csv(std::string_view utf8) {
  Roster out;
  std::set<std::string> seen;
  std::optional<std::size_t> column;
  std::vector<std::size_t> names;
  bool header = true;
  for (const Record& r : csv_records(utf8)) {
    if (skipped(r.front(), blank_record(r))) continue;
    if (header) {
      column = id_column(r);
      if (!column) return {{}, Roster::Problem::kNoIdColumn, {}};
      names = name_columns(r);
      header = false;
      continue;
    }
    if (*column < r.size()) add_id(r[*column], seen, out, name_of(r, names));
  }
  if (out.ids.empty()) out.problem = Roster::Problem::kEmpty;
  return out;
}

}  // namespace

std::string clean_student_id(std::string_view raw) {
  return text::one_line(raw, kMaxStudentBytes);
}

Roster parse_roster(std::string_view raw) {
  const std::optional<std::string> utf8 = text::decode(raw);
  if (!utf8) return {{}, Roster::Problem::kNotText, {}};
  const std::vector<std::string> lines = text::lines(*utf8);
  const auto first =
      std::find_if(lines.begin(), lines.end(), [](const std::string& l) { return !skipped(l, text::blank(l)); });
  if (first == lines.end()) return {{}, Roster::Problem::kEmpty, {}};
  if (first->find_first_of(",\"") != std::string::npos || is_id_column_name(*first)) return from_csv(*utf8);
  Roster out;
  std::set<std::string> seen;
  for (const std::string& line : lines) {
    if (!skipped(line, text::blank(line))) add_id(line, seen, out);
  }
  if (out.ids.empty()) out.problem = Roster::Problem::kEmpty;
  return out;
}

}  // namespace gpuwhy::readers
