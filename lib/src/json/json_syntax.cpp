// Why a text is not JSON, in one line that never quotes it, and where the parser stopped.
#include <algorithm>
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <utility>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "gpuwhy/json/json_bounded.h"

namespace gpuwhy::jsonb {

namespace {

/// A SAX consumer that keeps nothing and remembers the first syntax error.
struct SyntaxOnly {
  using json = nlohmann::json;
  std::string error;
  bool null() { return true; }
  bool boolean(bool /*v*/) { return true; }
  bool number_integer(json::number_integer_t /*v*/) { return true; }
  bool number_unsigned(json::number_unsigned_t /*v*/) { return true; }
  bool number_float(json::number_float_t /*v*/, const json::string_t& /*s*/) { return true; }
  bool string(json::string_t& /*v*/) { return true; }
  bool binary(json::binary_t& /*v*/) { return true; }
  bool start_object(std::size_t /*n*/) { return true; }
  bool key(json::string_t& /*v*/) { return true; }
  bool end_object() { return true; }
  bool start_array(std::size_t /*n*/) { return true; }
  bool end_array() { return true; }
  bool parse_error(std::size_t p, const std::string& /*token*/, const nlohmann::detail::exception& e) {
    pos = p;
    error = e.what();
    return false;
  }
  std::size_t pos = 0;
};

/// What the parser says went wrong, without its frame ("[json.exception...] parse error at line
/// L, column C: ") and without "; last read: '…'", which quotes the input (whatever the file is:
/// a bundle that is a link to a secret must not have its first bytes printed).
std::string problem_of(std::string_view what) {
  const auto column = what.find(", column ");
  const auto colon = column == std::string_view::npos ? column : what.find(": ", column);
  std::string_view rest = colon == std::string_view::npos ? std::string_view("syntax error") : what.substr(colon + 2);
  rest = rest.substr(0, rest.find("; last read"));
  return std::string(rest);
}

}  // namespace

namespace {
struct Stop {
  std::size_t line = 0;
  std::size_t column = 0;
  std::string problem;
};
std::optional<Stop> stop_of(std::string_view text) {
  SyntaxOnly sax;
  (void)nlohmann::json::sax_parse(text.begin(), text.end(), &sax);
  if (sax.error.empty()) return std::nullopt;
  // The byte being read when the parser stopped, as a line and a column (both from 1).
  const std::size_t at = std::min(sax.pos > 0 ? sax.pos - 1 : 0, text.size());
  const std::string_view before = text.substr(0, at);
  const std::size_t line = 1 + static_cast<std::size_t>(std::count(before.begin(), before.end(), '\n'));
  const std::size_t nl = before.rfind('\n');
  const std::size_t column = nl == std::string_view::npos ? at + 1 : at - nl;
  return Stop{line, column, problem_of(sax.error)};
}
}  // namespace

std::string syntax_error(std::string_view text) {
  const auto s = stop_of(text);
  return s ? fmt::format("line {}, column {}: {}", s->line, s->column, s->problem) : "";
}

std::optional<std::pair<std::size_t, std::size_t>> syntax_at(std::string_view text) {
  const auto s = stop_of(text);
  if (!s) return std::nullopt;
  return std::pair{s->line, s->column};
}

}  // namespace gpuwhy::jsonb
