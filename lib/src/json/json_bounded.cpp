// JSON with a nesting and a value budget, enforced while parsing (nlohmann's parser callback):
// nothing deeper or larger is ever built.
#include "gpuwhy/json/json_bounded.h"

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <iterator>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include <fmt/format.h>

#include "gpuwhy/base/error.h"
#include "json_scan.h"

namespace gpuwhy::jsonb {

namespace {

using nlohmann::json;

/// The DOM a parse builds, as nlohmann's json_sax_dom_parser builds it (a repeated key: the last
/// value wins), but strings are moved in, not copied, and a key goes in with the map's end as
/// its hint: a document written by nlohmann (a bundle, and the answers in it) has its keys in
/// order, so each is one compare, not a search.
class Dom {
 public:
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

/// The DOM builder behind a gate that counts nesting and values and drops what is unused.
/// (nlohmann's parser-callback form is quadratic on arrays of objects: it scans the parent for
/// discarded values at every object end.)
class BoundedDom {
 public:
  BoundedDom(json& result, const Limits& limits)
      : dom_(result), limits_(limits), track_(limits.drop_unused || limits.bundle) {}

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
    if (track_ && !open_.empty()) {
      if (dropped(open_.back(), v)) {
        skip_next_ = true;
        return true;
      }
      pending_ = child_of(open_.back(), v);
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
  // Where an open container is, as far as dropping is concerned: worked out once when it opens
  // from its parent and its key, so a key is judged by a few integer compares, not by comparing
  // the keys of the whole path. The places a bundle drops in (Limits::bundle) are
  // cluster.<list>.value.items[].metadata, .status and, for pods,
  // .metadata.managedFields[].fieldsV1 and its f:spec.
  enum class Place : std::uint8_t {
    kOther,
    kRoot,
    kCluster,
    kList,
    kValue,
    kItems,
    kItem,
    kMeta,
    kStatus,
    kManaged,
    kManagedEntry,
    kFields,
    kFieldsSpec
  };
  enum class List : std::uint8_t { kOther, kNodes, kPods, kEvents };
  enum class Named : std::uint8_t { kOther, kMetadata, kStatus };  ///< the key it is under (drop_unused)
  struct Open {
    Place place = Place::kOther;
    List list = List::kOther;
    Named named = Named::kOther;
    bool array = false;
  };

  // The place of a container under `key` in `parent` (for an array item the key is unused):
  // a member named as below, or any child of a list of lists, items or managedFields entries.
  [[nodiscard]] static Open child_of(const Open& parent, std::string_view key) {
    struct Step {
      std::string_view key;
      Place from;
      Place to;
    };
    static constexpr Step kMembers[] = {{"cluster", Place::kRoot, Place::kCluster},
                                        {"value", Place::kList, Place::kValue},
                                        {"items", Place::kValue, Place::kItems},
                                        {"metadata", Place::kItem, Place::kMeta},
                                        {"status", Place::kItem, Place::kStatus},
                                        {"managedFields", Place::kMeta, Place::kManaged},
                                        {"fieldsV1", Place::kManagedEntry, Place::kFields},
                                        {"f:spec", Place::kFields, Place::kFieldsSpec}};
    Open c;
    c.list = parent.list;
    if (!parent.array) {
      c.named = key == "metadata" ? Named::kMetadata : key == "status" ? Named::kStatus : Named::kOther;
      if (parent.place == Place::kOther) return c;  // most of a document: nothing below it is a place
      for (const auto& step : kMembers) {
        if (step.from == parent.place && step.key == key) c.place = step.to;
      }
    }
    switch (parent.place) {
      case Place::kCluster:
        c.place = Place::kList;
        c.list = key == "nodes"    ? List::kNodes
                 : key == "pods"   ? List::kPods
                 : key == "events" ? List::kEvents
                                   : List::kOther;
        break;
      case Place::kItems: c.place = Place::kItem; break;
      case Place::kManaged: c.place = Place::kManagedEntry; break;
      default: break;
    }
    return c;
  }

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
    if (track_) {
      Open o;
      if (open_.empty()) {
        o.place = Place::kRoot;
      } else if (open_.back().array) {
        o = child_of(open_.back(), {});
      } else {
        o = pending_;
      }
      o.array = array;
      open_.push_back(o);
    }
    return value();
  }
  bool close() {
    --depth_;
    if (track_ && !open_.empty()) open_.pop_back();
    return true;
  }
  /// What drop_unused drops: `metadata.managedFields` and `status.images` (and node status, see
  /// Limits), under whatever object holds them; in a bundle, by place (Limits::bundle).
  [[nodiscard]] bool dropped(const Open& in, const json::string_t& k) const {
    if (in.array) return false;
    if (limits_.bundle) return dropped_in_bundle(in, k);
    if (in.named == Named::kMetadata) return k == "managedFields";
    return in.named == Named::kStatus && dropped_from_status(k, limits_.node_status_too);
  }
  [[nodiscard]] static bool dropped_from_status(const json::string_t& k, bool node_status) {
    if (k == "images") return true;
    static constexpr std::string_view kNodeStatus[] = {"conditions",      "nodeInfo",        "addresses",
                                                       "daemonEndpoints", "config",          "volumesInUse",
                                                       "volumesAttached", "runtimeHandlers", "features"};
    return node_status && std::find(std::begin(kNodeStatus), std::end(kNodeStatus), k) != std::end(kNodeStatus);
  }
  // The nodes' managedFields, images and unread status; the events' managedFields; and of a
  // pod's managedFields, only who set spec.nodeName is read (bound by hand?): each entry keeps
  // its manager, operation and time, and of the fields it owns only `f:spec.f:nodeName` (the
  // rest of fieldsV1, every field the entry owns, is most of its size).
  [[nodiscard]] static bool dropped_in_bundle(const Open& in, const json::string_t& k) {
    switch (in.place) {
      case Place::kMeta: return k == "managedFields" && (in.list == List::kNodes || in.list == List::kEvents);
      case Place::kStatus: return in.list == List::kNodes && dropped_from_status(k, true);
      case Place::kFields: return in.list == List::kPods && k != "f:spec";
      case Place::kFieldsSpec: return in.list == List::kPods && k != "f:nodeName";
      default: return false;
    }
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
  bool track_;  ///< open_ is kept (drop_unused or bundle)
  std::size_t depth_ = 0;
  std::size_t values_ = 0;
  std::vector<Open> open_;  ///< each open container's place; track_ only
  Open pending_;            ///< the place of a container under the last key read
  bool skip_next_ = false;
  std::size_t skip_depth_ = 0;
};

/// A JSON reader for what gpuwhy and kubectl write (compact or indented, UTF-8, integers), about
/// three times faster than nlohmann's lexer, which copies every character into its token buffer.
/// It sends the events nlohmann's parser would send, in the same order, and gives up (false) on
/// anything else: invalid JSON, a number with a fraction or an exponent or of 19 digits or more,
/// a \u escape of a surrogate, a byte-order mark, nesting deeper than the limit (also in a
/// dropped value, which BoundedDom does not count: the reader recurses, nlohmann's parser does
/// not). The caller then parses with nlohmann from the start, so what is accepted, refused and
/// built is always nlohmann's. A dropped value is checked as strictly but skipped: nothing of it
/// is copied or sent.
class FastReader {
 public:
  FastReader(std::string_view text, BoundedDom& sax, std::size_t max_depth)
      : p_(text.data()), end_(text.data() + text.size()), sax_(sax), max_depth_(max_depth) {}

  bool document() {
    ws();
    if (!value()) return false;
    ws();
    return p_ == end_;
  }

 private:
  // JSON whitespace; a string's plain bytes are found by detail::json_plain_end (json_scan.h),
  // the report writer's scan.
  [[nodiscard]] static bool space(char c) { return c == ' ' || c == '\n' || c == '\r' || c == '\t'; }

  void ws() {
#if defined(__SSE2__)
    // An indented document's whitespace is a line break and a run of spaces: sixteen bytes a
    // step while there are sixteen left.
    while (end_ - p_ >= 16 && space(*p_)) {
      const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p_));
      const __m128i sp =
          _mm_or_si128(_mm_or_si128(_mm_cmpeq_epi8(v, _mm_set1_epi8(' ')), _mm_cmpeq_epi8(v, _mm_set1_epi8('\n'))),
                       _mm_or_si128(_mm_cmpeq_epi8(v, _mm_set1_epi8('\r')), _mm_cmpeq_epi8(v, _mm_set1_epi8('\t'))));
      const auto other = static_cast<unsigned>(_mm_movemask_epi8(sp)) ^ 0xFFFFU;
      if (other != 0) {
        p_ += __builtin_ctz(other);
        return;
      }
      p_ += 16;
    }
#endif
    while (p_ != end_ && space(*p_)) ++p_;
  }

  bool literal(std::string_view word) {
    if (static_cast<std::size_t>(end_ - p_) < word.size() || std::string_view(p_, word.size()) != word) return false;
    p_ += word.size();
    return true;
  }

  bool value() {
    if (p_ == end_) return false;
    switch (*p_) {
      case '{': return object();
      case '[': return array();
      case '"': return string(&buf_) && sax_.string(buf_);
      case 't': return literal("true") && sax_.boolean(true);
      case 'f': return literal("false") && sax_.boolean(false);
      case 'n': return literal("null") && sax_.null();
      default: return number();
    }
  }

  // Nesting as deep as the limit allows, dropped values included.
  bool deeper() {
    return ++depth_ <= max_depth_;
  }

  bool object() {
    ++p_;
    if (!deeper() || !sax_.start_object(static_cast<std::size_t>(-1))) return false;
    ws();
    if (p_ != end_ && *p_ == '}') {
      ++p_;
      --depth_;
      return sax_.end_object();
    }
    while (true) {
      if (p_ == end_ || *p_ != '"' || !string(&buf_) || !sax_.key(buf_)) return false;
      ws();
      if (p_ == end_ || *p_ != ':') return false;
      ++p_;
      ws();
      if (!(sax_.take_skip() ? skip() : value())) return false;
      ws();
      if (p_ == end_) return false;
      if (*p_ == '}') {
        ++p_;
        --depth_;
        return sax_.end_object();
      }
      if (*p_ != ',') return false;
      ++p_;
      ws();
    }
  }

  bool array() {
    ++p_;
    if (!deeper() || !sax_.start_array(static_cast<std::size_t>(-1))) return false;
    ws();
    if (p_ != end_ && *p_ == ']') {
      ++p_;
      --depth_;
      return sax_.end_array();
    }
    while (true) {
      if (!value()) return false;
      ws();
      if (p_ == end_) return false;
      if (*p_ == ']') {
        ++p_;
        --depth_;
        return sax_.end_array();
      }
      if (*p_ != ',') return false;
      ++p_;
      ws();
    }
  }

  // A dropped value, read by the same rules as value() but with nothing sent or kept.
  bool skip() {
    if (p_ == end_) return false;
    switch (*p_) {
      case '{': return skip_container('}');
      case '[': return skip_container(']');
      case '"': return string(nullptr);
      case 't': return literal("true");
      case 'f': return literal("false");
      case 'n': return literal("null");
      default: return integer();
    }
  }
  bool skip_container(char close) {
    ++p_;
    if (!deeper()) return false;
    const bool object = close == '}';
    ws();
    if (p_ != end_ && *p_ == close) {
      ++p_;
      --depth_;
      return true;
    }
    while (true) {
      if (object) {
        if (p_ == end_ || *p_ != '"' || !string(nullptr)) return false;
        ws();
        if (p_ == end_ || *p_ != ':') return false;
        ++p_;
        ws();
      }
      if (!skip()) return false;
      ws();
      if (p_ == end_) return false;
      if (*p_ == close) {
        ++p_;
        --depth_;
        return true;
      }
      if (*p_ != ',') return false;
      ++p_;
      ws();
    }
  }

  // An integer as nlohmann reads it: negative ones signed, the others unsigned.
  bool number() {
    const char* start = p_;
    if (!integer()) return false;
    const bool neg = *start == '-';
    std::uint64_t v = 0;
    for (const char* d = neg ? start + 1 : start; d != p_; ++d) v = v * 10 + static_cast<std::uint64_t>(*d - '0');
    if (neg) return sax_.number_integer(-static_cast<json::number_integer_t>(v));
    return sax_.number_unsigned(v);
  }
  // Consumes an integer the fast reader takes (at most 18 digits, no fraction or exponent).
  bool integer() {
    const bool neg = *p_ == '-';
    if (neg) ++p_;
    const char* digits = p_;
    while (p_ != end_ && *p_ >= '0' && *p_ <= '9') ++p_;
    const auto n = static_cast<std::size_t>(p_ - digits);
    if (n == 0 || n > 18 || (n > 1 && *digits == '0')) return false;
    return p_ == end_ || (*p_ != '.' && *p_ != 'e' && *p_ != 'E');
  }

  static int hex(char c) {
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
  }

  // `out` null: checked and consumed, not kept (a dropped value).
  bool escape(std::string* out) {
    if (p_ == end_) return false;
    const char c = *p_++;
    char one = 0;
    switch (c) {
      case '"': one = '"'; break;
      case '\\': one = '\\'; break;
      case '/': one = '/'; break;
      case 'b': one = '\b'; break;
      case 'f': one = '\f'; break;
      case 'n': one = '\n'; break;
      case 'r': one = '\r'; break;
      case 't': one = '\t'; break;
      case 'u': break;
      default: return false;
    }
    if (c != 'u') {
      if (out != nullptr) *out += one;
      return true;
    }
    if (end_ - p_ < 4) return false;
    int cp = 0;
    for (int i = 0; i < 4; ++i) {
      const int h = hex(*p_++);
      if (h < 0) return false;
      cp = cp * 16 + h;
    }
    if (cp >= 0xD800 && cp <= 0xDFFF) return false;  // surrogates: nlohmann's own rules
    if (out == nullptr) return true;
    if (cp < 0x80) {
      *out += static_cast<char>(cp);
    } else if (cp < 0x800) {
      *out += static_cast<char>(0xC0 | (cp >> 6));
      *out += static_cast<char>(0x80 | (cp & 0x3F));
    } else {
      *out += static_cast<char>(0xE0 | (cp >> 12));
      *out += static_cast<char>(0x80 | ((cp >> 6) & 0x3F));
      *out += static_cast<char>(0x80 | (cp & 0x3F));
    }
    return true;
  }

  // One UTF-8 sequence of 2 to 4 bytes, well formed as RFC 3629 (and nlohmann) say; appended.
  bool utf8(std::string* out) {
    const auto b = [this](std::ptrdiff_t i) { return static_cast<unsigned char>(p_[i]); };
    const unsigned char c = b(0);
    int len = 0;
    unsigned char lo = 0x80;
    unsigned char hi = 0xBF;
    if (c >= 0xC2 && c <= 0xDF) {
      len = 2;
    } else if (c >= 0xE0 && c <= 0xEF) {
      len = 3;
      if (c == 0xE0) lo = 0xA0;
      if (c == 0xED) hi = 0x9F;
    } else if (c >= 0xF0 && c <= 0xF4) {
      len = 4;
      if (c == 0xF0) lo = 0x90;
      if (c == 0xF4) hi = 0x8F;
    } else {
      return false;
    }
    if (end_ - p_ < len || b(1) < lo || b(1) > hi) return false;
    for (int i = 2; i < len; ++i) {
      if (b(i) < 0x80 || b(i) > 0xBF) return false;
    }
    if (out != nullptr) out->append(p_, static_cast<std::size_t>(len));
    p_ += len;
    return true;
  }

  bool string(std::string* out) {
    if (out != nullptr) out->clear();
    ++p_;  // the opening quote
    while (true) {
      const char* run = p_;
      p_ = detail::json_plain_end(p_, end_);
      if (out != nullptr) out->append(run, static_cast<std::size_t>(p_ - run));
      if (p_ == end_) return false;
      const auto c = static_cast<unsigned char>(*p_);
      if (c == '"') {
        ++p_;
        return true;
      }
      if (c == '\\') {
        ++p_;
        if (!escape(out)) return false;
      } else if (c >= 0x80) {
        if (!utf8(out)) return false;
      } else {
        return false;  // a control character
      }
    }
  }

  const char* p_;
  const char* end_;
  BoundedDom& sax_;
  std::size_t max_depth_;
  std::size_t depth_ = 0;
  std::string buf_;
};

}  // namespace

nlohmann::json parse(std::string_view text, const Limits& limits) {
  {
    json result;
    BoundedDom sax(result, limits);
    bool fast = false;
    try {
      fast = FastReader(text, sax, limits.max_depth).document() && !sax.is_errored();
    } catch (const Error&) {
      fast = false;  // a limit: nlohmann's parse below says it the same way
    }
    if (fast) return result;
  }
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
