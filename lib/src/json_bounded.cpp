// JSON with a nesting and a value budget, enforced while parsing (nlohmann's parser callback):
// nothing deeper or larger is ever built.
#include "gpuwhy/json_bounded.h"

#include <algorithm>
#include <iterator>
#include <string>
#include <string_view>
#include <vector>

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

  bool null() { return skipped_scalar() || (value() && dom_.null()); }
  bool boolean(bool v) { return skipped_scalar() || (value() && dom_.boolean(v)); }
  bool number_integer(json::number_integer_t v) { return skipped_scalar() || (value() && dom_.number_integer(v)); }
  bool number_unsigned(json::number_unsigned_t v) { return skipped_scalar() || (value() && dom_.number_unsigned(v)); }
  bool number_float(json::number_float_t v, const json::string_t& s) {
    return skipped_scalar() || (value() && dom_.number_float(v, s));
  }
  bool string(json::string_t& v) { return skipped_scalar() || (value() && dom_.string(v)); }
  bool binary(json::binary_t& v) { return skipped_scalar() || (value() && dom_.binary(v)); }
  bool start_object(std::size_t n) { return skipped_open() || (open() && dom_.start_object(n)); }
  bool key(json::string_t& v) {
    if (skip_depth_ > 0) return true;
    if (limits_.drop_unused && dropped(v)) {
      skip_next_ = true;
      return true;
    }
    if (limits_.drop_unused) pending_key_ = v;
    return value() && dom_.key(v);
  }
  bool end_object() { return skipped_close() || (close() && dom_.end_object()); }
  bool start_array(std::size_t n) { return skipped_open() || (open() && dom_.start_array(n)); }
  bool end_array() { return skipped_close() || (close() && dom_.end_array()); }
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
  bool open() {
    if (++depth_ > limits_.max_depth) {
      throw Error(ErrorKind::kParse, fmt::format("JSON nested deeper than {} levels", limits_.max_depth));
    }
    if (limits_.drop_unused) {
      keys_.push_back(std::move(pending_key_));
      pending_key_.clear();
    }
    return value();
  }
  bool close() {
    --depth_;
    if (limits_.drop_unused && !keys_.empty()) keys_.pop_back();
    return true;
  }
  /// `metadata.managedFields` and `status.images` (and node status, see Limits), under whatever
  /// object holds them.
  [[nodiscard]] bool dropped(const json::string_t& k) const {
    if (keys_.empty()) return false;
    const std::string& parent = keys_.back();
    if (k == "managedFields" && parent == "metadata") return true;
    if (parent != "status") return false;
    if (k == "images") return true;
    static constexpr std::string_view kNodeStatus[] = {"conditions",      "nodeInfo",        "addresses",
                                                       "daemonEndpoints", "config",          "volumesInUse",
                                                       "volumesAttached", "runtimeHandlers", "features"};
    return limits_.node_status_too &&
           std::find(std::begin(kNodeStatus), std::end(kNodeStatus), k) != std::end(kNodeStatus);
  }
  // The value of a dropped key: a scalar is consumed; a container is skipped to its end.
  bool skipped_scalar() {
    if (skip_depth_ > 0) return true;
    if (!skip_next_) return false;
    skip_next_ = false;
    return true;
  }
  bool skipped_open() {
    if (skip_depth_ > 0) {
      ++skip_depth_;
      return true;
    }
    if (!skip_next_) return false;
    skip_next_ = false;
    skip_depth_ = 1;
    return true;
  }
  bool skipped_close() {
    if (skip_depth_ == 0) return false;
    --skip_depth_;
    return true;
  }

  nlohmann::detail::json_sax_dom_parser<json> dom_;
  Limits limits_;
  std::size_t depth_ = 0;
  std::size_t values_ = 0;
  std::vector<std::string> keys_;  ///< the key of each open container ("" for array items); drop_unused only
  std::string pending_key_;
  bool skip_next_ = false;
  std::size_t skip_depth_ = 0;
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
