// JSON with a nesting and a value budget, enforced while parsing (nlohmann's parser callback):
// nothing deeper or larger is ever built.
#include "gpuwhy/json_bounded.h"

#include <fmt/format.h>

#include "gpuwhy/error.h"

namespace gpuwhy::jsonb {

nlohmann::json parse(std::string_view text, const Limits& limits) {
  using nlohmann::json;
  std::size_t values = 0;
  const json::parser_callback_t check = [&](int depth, json::parse_event_t event, json& /*parsed*/) {
    // `depth` counts the containers already open around this event.
    if (event == json::parse_event_t::object_start || event == json::parse_event_t::array_start) {
      if (static_cast<std::size_t>(depth) + 1 > limits.max_depth) {
        throw Error(ErrorKind::kParse, fmt::format("JSON nested deeper than {} levels", limits.max_depth));
      }
      if (++values > limits.max_values) {
        throw Error(ErrorKind::kParse, fmt::format("more than {} JSON values", limits.max_values));
      }
    } else if (event == json::parse_event_t::value || event == json::parse_event_t::key) {
      if (++values > limits.max_values) {
        throw Error(ErrorKind::kParse, fmt::format("more than {} JSON values", limits.max_values));
      }
    }
    return true;
  };
  return json::parse(text.begin(), text.end(), check, false);
}

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
  bool parse_error(std::size_t /*pos*/, const std::string& /*token*/, const nlohmann::detail::exception& e) {
    error = e.what();
    return false;
  }
};

}  // namespace

std::string syntax_error(std::string_view text) {
  SyntaxOnly sax;
  (void)nlohmann::json::sax_parse(text.begin(), text.end(), &sax);
  return sax.error;
}

}  // namespace gpuwhy::jsonb
