#pragma once
// A roster: the students a batch expects, from a plain list or the CSV an LMS exports.

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace gpuwhy::readers {

/// Largest roster file read (4 MiB: a class of tens of thousands of ids).
inline constexpr std::size_t kMaxRosterBytes = 4UL * 1024 * 1024;

/// What a roster text holds: its ids, each once and in the order first seen, or why it holds none.
struct Roster {
  enum class Problem {
    kNone,
    kEmpty,       ///< no id at all (blank, comments only, a CSV header only)
    kNoIdColumn,  ///< a CSV whose header names no id column
    kNotText,     ///< binary or not UTF-8 / UTF-16 text
  };
  std::vector<std::string> ids;
  Problem problem = Problem::kNone;
  /// The students' names, ids[i]'s at [i] ("" when the roster gives none): a CSV's `name` column
  /// (any case; else `full_name`, `display_name`, `student_name`, or `first_name` and `last_name`
  /// joined by a space; a space may stand for the '_').
  std::vector<std::string> names;
};

/// An id as a roster line or a bundle's `student` gives it: on one line, trimmed, at most
/// kMaxStudentBytes (text::one_line), so the two compare equal.
std::string clean_student_id(std::string_view raw);

/// Parses a roster's bytes (a UTF-8 BOM, UTF-16 and CRLF are decoded first). A CSV (RFC 4180:
/// quoted fields, "" for a quote, line breaks inside quotes) when the first line that is not blank
/// holds a comma or a quote, or is itself an id column's name: its header's `id` column (any
/// case), else the first of `student`, `student_id`, `login`, `user`. Otherwise one id per line.
/// Either way blank lines and lines starting with '#' are skipped.
Roster parse_roster(std::string_view raw);

}  // namespace gpuwhy::readers
