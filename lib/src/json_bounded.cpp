// JSON with a nesting and a value budget, enforced while parsing (nlohmann's parser callback):
// nothing deeper or larger is ever built.
#include "gpuwhy/json_bounded.h"

#include <fmt/format.h>

#include "gpuwhy/error.h"

namespace gpuwhy::jsonb {

namespace {

using nlohmann::json;

/// nlohmann's own DOM builder behind a gate that counts nesting and values. (The parser-callback
/// form is quadratic on arrays of objects: it scans the parent for discarded values at every
/// object end.)
class BoundedDom {
 public:
  BoundedDom(json& result, const Limits& limits) : dom_(result, false), limits_(limits) {}

  bool null() { return value() && dom_.null(); }
  bool boolean(bool v) { return value() && dom_.boolean(v); }
  bool number_integer(json::number_integer_t v) { return value() && dom_.number_integer(v); }
  bool number_unsigned(json::number_unsigned_t v) { return value() && dom_.number_unsigned(v); }
  bool number_float(json::number_float_t v, const json::string_t& s) { return value() && dom_.number_float(v, s); }
  bool string(json::string_t& v) { return value() && dom_.string(v); }
  bool binary(json::binary_t& v) { return value() && dom_.binary(v); }
  bool start_object(std::size_t n) { return enter() && dom_.start_object(n); }
  bool key(json::string_t& v) { return value() && dom_.key(v); }
  bool end_object() {
    --depth_;
    return dom_.end_object();
  }
  bool start_array(std::size_t n) { return enter() && dom_.start_array(n); }
  bool end_array() {
    --depth_;
    return dom_.end_array();
  }
  bool parse_error(std::size_t pos, const std::string& token, const nlohmann::detail::exception& e) {
    return dom_.parse_error(pos, token, e);
  }
  [[nodiscard]] bool is_errored() const { return dom_.is_errored(); }

 private:
  bool value() {
    if (++values_ > limits_.max_values) {
      throw Error(ErrorKind::kParse, fmt::format("more than {} JSON values", limits_.max_values));
    }
    return true;
  }
  bool enter() {
    if (++depth_ > limits_.max_depth) {
      throw Error(ErrorKind::kParse, fmt::format("JSON nested deeper than {} levels", limits_.max_depth));
    }
    return value();
  }

  nlohmann::detail::json_sax_dom_parser<json> dom_;
  Limits limits_;
  std::size_t depth_ = 0;
  std::size_t values_ = 0;
};

}  // namespace

nlohmann::json parse(std::string_view text, const Limits& limits) {
  json result;
  BoundedDom sax(result, limits);
  const bool ok = json::sax_parse(text.begin(), text.end(), &sax);
  if (!ok || sax.is_errored()) return json(json::value_t::discarded);
  return result;
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
