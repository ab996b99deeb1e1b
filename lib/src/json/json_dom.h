// The DOM a bounded parse builds and the gate in front of it that counts nesting and values and
// drops what the caller's DropPolicy says; shared by the fast reader (json_fast.cpp) and
// nlohmann's parser (json_bounded.cpp), which both send it SAX events.
#pragma once

#include <cstddef>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "gpuwhy/base/error.h"
#include "gpuwhy/json/json_bounded.h"

namespace gpuwhy::jsonb::detail {

/// The DOM a parse builds, as nlohmann's json_sax_dom_parser builds it (a repeated key: the last
/// value wins), but strings are moved in, not copied, and a key goes in with the map's end as
/// its hint: a document written by nlohmann (a bundle, and the answers in it) has its keys in
/// order, so each is one compare, not a search.
class Dom {
 public:
  using json = nlohmann::json;

  explicit Dom(json& root) : root_(root) {}

  bool null() { return put(nullptr); }
  bool boolean(bool v) { return put(v); }
  bool number_integer(json::number_integer_t v) { return put(v); }
  bool number_unsigned(json::number_unsigned_t v) { return put(v); }
  bool number_float(json::number_float_t v) { return put(v); }
  bool string(json::string_t& v) { return put(std::move(v)); }
  bool binary(json::binary_t& v) { return put(std::move(v)); }
  bool start_object() {
    open_.push_back(place(json::value_t::object));
    return true;
  }
  bool start_array() {
    open_.push_back(place(json::value_t::array));
    return true;
  }
  bool end_container() {
    open_.pop_back();
    return true;
  }
  bool key(json::string_t& k) {
    auto& members = open_.back()->get_ref<json::object_t&>();
    member_ = &members.emplace_hint(members.end(), std::move(k), nullptr)->second;
    return true;
  }
  bool parse_error() {
    errored_ = true;
    return false;
  }
  [[nodiscard]] bool is_errored() const { return errored_; }

 private:
  template <typename Value>
  bool put(Value&& v) {
    (void)place(std::forward<Value>(v));
    return true;
  }
  // Where a new value goes: the root, the end of the open array, or the member of the last key.
  template <typename Value>
  json* place(Value&& v) {
    if (open_.empty()) {
      root_ = json(std::forward<Value>(v));
      return &root_;
    }
    if (open_.back()->is_array()) {
      auto& items = open_.back()->get_ref<json::array_t&>();
      items.emplace_back(std::forward<Value>(v));
      return &items.back();
    }
    *member_ = json(std::forward<Value>(v));
    return member_;
  }

  json& root_;
  std::vector<json*> open_;
  json* member_ = nullptr;
  bool errored_ = false;
};

/// The DOM builder behind a gate that counts nesting and values and drops what the policy says.
/// (nlohmann's parser-callback form is quadratic on arrays of objects: it scans the parent for
/// discarded values at every object end.)
class BoundedDom {
 public:
  using json = nlohmann::json;

  BoundedDom(json& result, const Limits& limits) : dom_(result), limits_(limits), policy_(limits.drop) {}

  bool null() { return skipped_scalar() || (value() && dom_.null()); }
  bool boolean(bool v) { return skipped_scalar() || (value() && dom_.boolean(v)); }
  bool number_integer(json::number_integer_t v) { return skipped_scalar() || (value() && dom_.number_integer(v)); }
  bool number_unsigned(json::number_unsigned_t v) { return skipped_scalar() || (value() && dom_.number_unsigned(v)); }
  bool number_float(json::number_float_t v, const json::string_t& /*text*/) {
    return skipped_scalar() || (value() && dom_.number_float(v));
  }
  bool string(json::string_t& v) { return skipped_scalar() || (value() && dom_.string(v)); }
  bool binary(json::binary_t& v) { return skipped_scalar() || (value() && dom_.binary(v)); }
  bool start_object(std::size_t /*n*/) { return skipped_open() || (open(false) && dom_.start_object()); }
  bool key(json::string_t& v) {
    if (skip_depth_ > 0) return true;
    if (policy_ != nullptr && !open_.empty()) {
      const Open& in = open_.back();
      if (!in.array && policy_->drops(in.place, v)) {
        skip_next_ = true;
        return true;
      }
      pending_ = policy_->child(in.place, in.array, v);
    }
    return value() && dom_.key(v);
  }
  bool end_object() { return skipped_close() || (close() && dom_.end_container()); }
  bool start_array(std::size_t /*n*/) { return skipped_open() || (open(true) && dom_.start_array()); }
  bool end_array() { return skipped_close() || (close() && dom_.end_container()); }
  bool parse_error(std::size_t /*pos*/, const std::string& /*token*/, const nlohmann::detail::exception& /*e*/) {
    return dom_.parse_error();
  }
  [[nodiscard]] bool is_errored() const { return dom_.is_errored(); }
  /// After key(): whether its value is dropped, for a reader that skips it itself (then it
  /// sends nothing of the value).
  bool take_skip() {
    const bool skip = skip_next_;
    skip_next_ = false;
    return skip;
  }

 private:
  // An open container: where it is for the policy, worked out once when it opens from its
  // parent and its key, so a key is judged by a few compares, not by comparing the whole path.
  struct Open {
    DropPolicy::Place place;
    bool array = false;
  };

  bool value() {
    if (++values_ > limits_.max_values) {
      throw Error(ErrorKind::kParse, fmt::format("more than {} JSON values", limits_.max_values));
    }
    return true;
  }
  bool open(bool array) {
    if (++depth_ > limits_.max_depth) {
      throw Error(ErrorKind::kParse, fmt::format("JSON nested deeper than {} levels", limits_.max_depth));
    }
    if (policy_ != nullptr) {
      Open o;
      if (open_.empty()) {
        o.place = DropPolicy::Place{};
      } else if (open_.back().array) {
        o.place = policy_->child(open_.back().place, true, {});
      } else {
        o.place = pending_;
      }
      o.array = array;
      open_.push_back(o);
    }
    return value();
  }
  bool close() {
    --depth_;
    if (policy_ != nullptr && !open_.empty()) open_.pop_back();
    return true;
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

  Dom dom_;
  Limits limits_;
  const DropPolicy* policy_;  ///< null: nothing dropped, open_ not kept
  std::size_t depth_ = 0;
  std::size_t values_ = 0;
  std::vector<Open> open_;     ///< each open container's place; with a policy only
  DropPolicy::Place pending_;  ///< the place of a container under the last key read
  bool skip_next_ = false;
  std::size_t skip_depth_ = 0;
};

/// Reads `text` with the fast reader (json_fast.cpp) into `sax`: false when it gives up (the
/// caller then parses with nlohmann from the start).
bool read_fast(std::string_view text, BoundedDom& sax, std::size_t max_depth);

}  // namespace gpuwhy::jsonb::detail
