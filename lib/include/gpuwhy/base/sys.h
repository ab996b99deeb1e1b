#pragma once
/// The few things gpuwhy asks of the operating system besides files.h: the environment, the
/// clock, and reading a descriptor or a file with a size bound.

#include <cstddef>
#include <map>
#include <optional>
#include <string>
#include <string_view>

namespace gpuwhy::sys {

/// The process environment as a map (for pure, testable resolution rules).
std::map<std::string, std::string> environment();

/// The columns of the terminal on `fd` (TIOCGWINSZ); 0 when it is not a terminal or does not say.
std::size_t terminal_columns(int fd);

/// How wide the table may be: the terminal's columns when known (non-zero), else a positive
/// COLUMNS from `env`, else 80.
std::size_t table_width(std::size_t terminal_columns, const std::map<std::string, std::string>& env);

/// The current UTC time as RFC 3339 with second precision ("2026-12-01T06:15:13Z").
std::string now_rfc3339();

/// Milliseconds since the Unix epoch of an RFC 3339 time ("2026-12-01T06:15:13Z",
/// "2026-12-01T15:15:13.250+09:00"; 't'/'z'/' ' accepted as RFC 3339 allows; digits past the
/// millisecond dropped); nullopt for anything else, including a date that does not exist.
std::optional<long long> parse_rfc3339(std::string_view text);

/// Reads `fd` to its end, but never more than `max_bytes` + 1 bytes, so a caller sees that a
/// file grew past its limit (`size() > max_bytes`). `expected` (e.g. st_size) sizes the first
/// buffer. Retries EINTR; nullopt with errno set on a read error.
std::optional<std::string> read_bounded(int fd, std::size_t max_bytes, std::size_t expected = 0);

}  // namespace gpuwhy::sys
