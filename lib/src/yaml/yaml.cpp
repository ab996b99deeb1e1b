// YAML -> JSON through yaml-cpp's event API. The event API (not YAML::Node) is used so that
// aliases are expanded by us, with the node budget checked *before* a copy is made: an alias
// bomb ("billion laughs") is refused after at most max_nodes nodes of work, never expanded.
#include "gpuwhy/yaml/yaml.h"

#include <yaml-cpp/depthguard.h>
#include <yaml-cpp/eventhandler.h>
#include <yaml-cpp/exceptions.h>
#include <yaml-cpp/mark.h>
#include <yaml-cpp/parser.h>

#include <algorithm>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <map>
#include <optional>
#include <sstream>
#include <utility>

#include <fmt/format.h>

#include "gpuwhy/base/base64.h"
#include "gpuwhy/base/error.h"
#include "gpuwhy/base/text.h"
#include "yaml_detail.h"

namespace gpuwhy::yaml {

namespace {

using nlohmann::json;

/// Thrown from inside the event handler; carries the position of the offending event.
struct LimitHit {
  LimitHit(YAML::Mark m, std::string r, std::string f = {}) : mark(m), reason(std::move(r)), fault(std::move(f)) {}
  YAML::Mark mark;
  std::string reason;
  std::string fault;  ///< set: what kubectl's reader refuses, named to the reader (hint.manifest.yaml-<fault>)
};

constexpr std::string_view kTagStr = "tag:yaml.org,2002:str";
constexpr std::string_view kTagInt = "tag:yaml.org,2002:int";
constexpr std::string_view kTagFloat = "tag:yaml.org,2002:float";
constexpr std::string_view kTagBool = "tag:yaml.org,2002:bool";
constexpr std::string_view kTagNull = "tag:yaml.org,2002:null";
constexpr std::string_view kTagMerge = "tag:yaml.org,2002:merge";
constexpr std::string_view kTagBinary = "tag:yaml.org,2002:binary";

bool is_one_of(std::string_view s, std::initializer_list<std::string_view> list) {
  for (auto v : list) {
    if (s == v) return true;
  }
  return false;
}

/// The length of the UTF-8 sequence a byte leads (0: it leads none).
std::size_t utf8_length(unsigned char b) {
  if (b < 0x80) return 1;
  if (b >= 0xC2 && b <= 0xDF) return 2;
  if (b >= 0xE0 && b <= 0xEF) return 3;
  if (b >= 0xF0 && b <= 0xF4) return 4;
  return 0;
}

std::optional<bool> resolve_bool(std::string_view s) {
  // go-yaml v2's YAML 1.1 table, which sigs.k8s.io/yaml (and so kubectl) uses.
  if (is_one_of(s, {"y", "Y", "yes", "Yes", "YES", "true", "True", "TRUE", "on", "On", "ON"})) return true;
  if (is_one_of(s, {"n", "N", "no", "No", "NO", "false", "False", "FALSE", "off", "Off", "OFF"})) return false;
  return std::nullopt;
}

bool resolve_null(std::string_view s) {
  return is_one_of(s, {"", "~", "null", "Null", "NULL"});
}

/// The text go-yaml resolves a plain number from: every '_' dropped.
std::string without_underscores(std::string_view in) {
  std::string s;
  s.reserve(in.size());
  for (char c : in) {
    if (c != '_') s.push_back(c);
  }
  return s;
}

/// Integers the way Go's strconv.ParseInt(s, 0, 64) reads them after go-yaml drops '_':
/// optional sign, decimal, 0x hex, 0o / leading-0 octal, 0b binary.
std::optional<json> resolve_int(std::string_view in) {
  const std::string s = without_underscores(in);
  if (s.empty()) return std::nullopt;
  bool neg = false;
  std::size_t i = 0;
  if (s[0] == '+' || s[0] == '-') {
    neg = s[0] == '-';
    i = 1;
  }
  if (i >= s.size()) return std::nullopt;
  int base = 10;
  if (s.size() - i > 2 && s[i] == '0' && (s[i + 1] == 'x' || s[i + 1] == 'X')) {
    base = 16;
    i += 2;
  } else if (s.size() - i > 2 && s[i] == '0' && (s[i + 1] == 'b' || s[i + 1] == 'B')) {
    base = 2;
    i += 2;
  } else if (s.size() - i > 2 && s[i] == '0' && (s[i + 1] == 'o' || s[i + 1] == 'O')) {
    base = 8;
    i += 2;
  } else if (s.size() - i > 1 && s[i] == '0') {
    base = 8;
    i += 1;
  }
  const char* first = s.data() + i;
  const char* last = s.data() + s.size();
  std::uint64_t mag = 0;
  auto [ptr, ec] = std::from_chars(first, last, mag, base);
  if (ec != std::errc() || ptr != last) return std::nullopt;
  if (!neg) {
    if (mag <= static_cast<std::uint64_t>(INT64_MAX)) return json(static_cast<std::int64_t>(mag));
    return json(mag);
  }
  if (mag <= static_cast<std::uint64_t>(INT64_MAX)) return json(-static_cast<std::int64_t>(mag));
  if (mag == static_cast<std::uint64_t>(INT64_MAX) + 1) return json(INT64_MIN);
  return std::nullopt;
}

/// A float too far from 1 for a double: whether its first significant digit stands below the units
/// (it underflowed: ParseFloat gives 0) rather than above (it overflowed: no float). `s` is the text,
/// its number from `number` to `mantissa_end`, then an exponent.
bool underflows(std::string_view s, std::size_t number, std::size_t mantissa_end) {
  long long place = 0;  // zeros after the '.' before the first significant digit
  long long whole = 0;  // integer digits from the first significant one
  bool seen = false;
  bool fraction = false;
  for (std::size_t k = number; k < mantissa_end; ++k) {
    if (s[k] == '.') {
      fraction = true;
    } else if (s[k] != '0' || seen) {
      if (!fraction) ++whole;
      seen = true;
    } else if (fraction) {
      --place;
    }
    if (seen && fraction) break;
  }
  long long exponent = 0;
  if (mantissa_end < s.size()) {
    std::string_view e = s.substr(mantissa_end + 1);
    const bool eneg = e.front() == '-';
    if (e.front() == '+' || e.front() == '-') e.remove_prefix(1);
    for (char c : e) exponent = std::min(exponent * 10 + (c - '0'), 1'000'000'000LL);
    if (eneg) exponent = -exponent;
  }
  return !seen || (whole > 0 ? whole - 1 : place - 1) + exponent < 0;
}

/// go-yaml's yamlStyleFloat, ^[-+]?(\.[0-9]+|[0-9]+(\.[0-9]*)?)([eE][-+]?[0-9]+)?$, matched like its
/// ParseInt against the text with every '_' dropped ("4_3.5" is 43.5), then strconv.ParseFloat: a
/// value too small for a double is 0 (or its sign), one too large is no float.
std::optional<json> resolve_float(std::string_view in) {
  const std::string s = without_underscores(in);
  std::size_t i = 0;
  auto digits = [&] {
    std::size_t start = i;
    while (i < s.size() && s[i] >= '0' && s[i] <= '9') ++i;
    return i - start;
  };
  if (i < s.size() && (s[i] == '+' || s[i] == '-')) ++i;
  const std::size_t number = i;
  if (i < s.size() && s[i] == '.') {
    ++i;
    if (digits() == 0) return std::nullopt;
  } else {
    if (digits() == 0) return std::nullopt;
    if (i < s.size() && s[i] == '.') {
      ++i;
      digits();
    }
  }
  const std::size_t mantissa_end = i;
  if (i < s.size() && (s[i] == 'e' || s[i] == 'E')) {
    ++i;
    if (i < s.size() && (s[i] == '+' || s[i] == '-')) ++i;
    if (digits() == 0) return std::nullopt;
  }
  if (i != s.size()) return std::nullopt;
  const bool neg = s.front() == '-';
  const std::string_view text = std::string_view(s).substr(s.front() == '+' ? 1 : 0);
  double d = 0;
  auto [ptr, ec] = std::from_chars(text.data(), text.data() + text.size(), d);
  if (ec == std::errc::result_out_of_range) {
    if (underflows(s, number, mantissa_end)) return json(neg ? -0.0 : 0.0);
    return std::nullopt;
  }
  if (ec != std::errc() || ptr != text.data() + text.size() || !std::isfinite(d)) return std::nullopt;
  return json(d);
}

using detail::go_special_float;
using detail::key_string;
using detail::plain_key;
using detail::resolve_plain;

class Builder : public YAML::EventHandler {
 public:
  Builder(const Limits& limits, std::vector<json>& out) : limits_(limits), out_(out) {}

  void OnDocumentStart(const YAML::Mark& /*mark*/) override {
    stack_.clear();
    anchors_.clear();
    root_ = json();
    have_root_ = false;
  }
  void OnDocumentEnd() override {
    if (have_root_ && !root_.is_null()) out_.push_back(std::move(root_));
  }

  void OnNull(const YAML::Mark& mark, YAML::anchor_t anchor) override { add(mark, json(nullptr), anchor, 1); }
  void OnAlias(const YAML::Mark& mark, YAML::anchor_t anchor) override {
    auto it = anchors_.find(anchor);
    if (it == anchors_.end()) throw LimitHit{mark, "alias refers to an anchor that is not complete (recursive alias)"};
    if (nodes_ + it->second.nodes > limits_.max_nodes) {
      throw LimitHit{mark, fmt::format("more than {} nodes after alias expansion (alias bomb?)", limits_.max_nodes)};
    }
    add(mark, it->second.value, YAML::NullAnchor, it->second.nodes, it->second.depth);
  }
  void OnScalar(const YAML::Mark& mark, const std::string& tag, YAML::anchor_t anchor,
                const std::string& value) override {
    const bool key = !stack_.empty() && stack_.back().value.is_object() && !stack_.back().have_key;
    const bool plain = tag == "?" || tag.empty();
    // A merge key is a plain "<<" (or one tagged !!merge); quoted, it is a key like any other.
    if (key) stack_.back().merge_key = (value == "<<" && plain) || tag == kTagMerge;
    if ((plain || tag == kTagFloat) && go_special_float(value)) {
      // go-yaml reads a float that has no JSON form: as a value sigs.k8s.io/yaml, so kubectl,
      // refuses the file; as a key it is written back as text.
      if (!key) throw LimitHit{mark, fmt::format("\"{}\" is a number JSON has no form for", value), "number"};
      add(mark, plain_key(value), anchor, 1);
      return;
    }
    add(mark, typed_scalar(mark, tag, value), anchor, 1);
  }
  void OnSequenceStart(const YAML::Mark& mark, const std::string& /*tag*/, YAML::anchor_t anchor,
                       YAML::EmitterStyle::value /*style*/) override {
    open(mark, json::array(), anchor);
  }
  void OnSequenceEnd() override { close(); }
  void OnMapStart(const YAML::Mark& mark, const std::string& /*tag*/, YAML::anchor_t anchor,
                  YAML::EmitterStyle::value /*style*/) override {
    open(mark, json::object(), anchor);
  }
  void OnMapEnd() override { close(); }

 private:
  struct Frame {
    json value;
    YAML::anchor_t anchor = YAML::NullAnchor;
    std::size_t nodes_at_start = 0;
    std::size_t depth = 0;  ///< of this container (1 = root)
    YAML::Mark start;
    std::size_t max_child_depth = 0;
    bool have_key = false;
    std::string key;
    bool merge_key = false;  ///< the key is a merge key ("<<")
  };
  struct Anchored {
    json value;
    std::size_t nodes;
    std::size_t depth;
  };

  json typed_scalar(const YAML::Mark& mark, const std::string& tag, const std::string& v) {
    // JSON strings are UTF-8 (nlohmann's dump() throws on anything else): a scalar with other
    // bytes, or an escape that makes a surrogate ("\ud800"), is refused here, at the edge.
    if (tag == "!" && !text::valid_utf8(v)) return quoted_utf8(mark, v);
    if (!text::valid_utf8(v)) throw LimitHit{mark, "not valid UTF-8 text"};
    if (tag == "!" || tag == kTagStr) return v;  // quoted, or explicitly !!str
    if (tag == "?" || tag.empty()) return resolve_plain(v);
    if (tag == kTagInt) {
      if (auto i = resolve_int(v)) return *i;
      throw LimitHit{mark, fmt::format("cannot read \"{}\" as !!int", v)};
    }
    if (tag == kTagFloat) {
      if (auto i = resolve_int(v)) return *i;
      if (auto f = resolve_float(v)) return *f;
      throw LimitHit{mark, fmt::format("cannot read \"{}\" as !!float", v)};
    }
    if (tag == kTagBool) {
      if (auto b = resolve_bool(v)) return *b;
      throw LimitHit{mark, fmt::format("cannot read \"{}\" as !!bool", v)};
    }
    if (tag == kTagNull) {
      if (resolve_null(v)) return nullptr;
      throw LimitHit{mark, fmt::format("cannot read \"{}\" as !!null", v)};
    }
    if (tag == kTagBinary) return binary(mark, v);
    // Any other tag (!custom, !!timestamp): keep the text.
    return v;
  }

  /// A !!binary scalar as go-yaml v2 decodes it: base64 (Go's, which skips line breaks and no
  /// other space) to bytes, a string; JSON then has each byte that is not UTF-8 as U+FFFD.
  static json binary(const YAML::Mark& mark, const std::string& v) {
    const auto bytes = v.find_first_of(" \t\v\f") == std::string::npos ? base64::decode(v) : std::nullopt;
    if (!bytes) throw LimitHit{mark, "!!binary value contains invalid base64 data"};
    return text::clean_utf8(*bytes);
  }

  /// yaml-cpp writes the escapes "\N" and "\_" of a double-quoted scalar as the one Latin-1 byte
  /// (0x85, 0xA0); go-yaml as the characters U+0085 and U+00A0, in UTF-8.
  static json quoted_utf8(const YAML::Mark& mark, const std::string& v) {
    const std::string_view in(v);
    std::string out;
    out.reserve(v.size() + 8);
    for (std::size_t k = 0; k < in.size();) {
      const auto b = static_cast<unsigned char>(in[k]);
      const std::size_t n = utf8_length(b);
      if (n > 0 && k + n <= in.size() && text::valid_utf8(in.substr(k, n))) {
        out.append(in.substr(k, n));
        k += n;
      } else if (b == 0x85 || b == 0xA0) {
        out.push_back(static_cast<char>(0xC2));
        out.push_back(in[k++]);
      } else {
        throw LimitHit{mark, "not valid UTF-8 text"};
      }
    }
    return out;
  }

  void count(const YAML::Mark& mark, std::size_t n) {
    nodes_ += n;
    if (nodes_ > limits_.max_nodes) {
      throw LimitHit{mark, fmt::format("more than {} nodes (after alias expansion)", limits_.max_nodes)};
    }
  }

  void open(const YAML::Mark& mark, json value, YAML::anchor_t anchor) {
    count(mark, 1);
    if (stack_.size() + 1 > limits_.max_depth) {
      throw LimitHit{mark, fmt::format("nesting deeper than {} levels", limits_.max_depth)};
    }
    if (!stack_.empty() && stack_.back().value.is_object() && !stack_.back().have_key) {
      throw LimitHit{mark, "a mapping or sequence used as a mapping key is not supported"};
    }
    Frame f;
    f.value = std::move(value);
    f.anchor = anchor;
    f.nodes_at_start = nodes_ - 1;
    f.depth = stack_.size() + 1;
    f.start = mark;
    stack_.push_back(std::move(f));
  }

  void close() {
    Frame f = std::move(stack_.back());
    stack_.pop_back();
    const std::size_t nodes = nodes_ - f.nodes_at_start;
    const std::size_t depth = 1 + f.max_child_depth;
    if (f.anchor != YAML::NullAnchor) anchors_[f.anchor] = Anchored{f.value, nodes, depth};
    place(f.start, std::move(f.value), depth);
  }

  void add(const YAML::Mark& mark, json value, YAML::anchor_t anchor, std::size_t nodes, std::size_t depth = 0) {
    count(mark, nodes);
    if (anchor != YAML::NullAnchor) anchors_[anchor] = Anchored{value, nodes, depth};
    place(mark, std::move(value), depth);
  }

  /// A merge key's value ("<<: *base") merged where it stands, as go-yaml v2 (kubectl's) does:
  /// its keys overwrite the ones set before it, keys after it overwrite its; of a list of maps
  /// the first one's win. Anything but a map or a list of maps is refused, as go-yaml refuses it.
  static void merge(const YAML::Mark& mark, json& into, const json& value) {
    const auto all_maps = [](const json& list) {
      return std::all_of(list.begin(), list.end(), [](const json& m) { return m.is_object(); });
    };
    if (!value.is_object() && !(value.is_array() && all_maps(value))) {
      throw LimitHit{mark, "map merge requires map or sequence of maps as the value", "merge"};
    }
    const auto set_all = [&into](const json& m) {
      for (auto it = m.begin(); it != m.end(); ++it) into[it.key()] = it.value();
    };
    if (value.is_object()) {
      set_all(value);
      return;
    }
    for (auto it = value.rbegin(); it != value.rend(); ++it) set_all(*it);
  }

  /// Puts a finished value into its parent (or makes it the document root).
  void place(const YAML::Mark& mark, json value, std::size_t depth) {
    if (stack_.empty()) {
      root_ = std::move(value);
      have_root_ = true;
      return;
    }
    Frame& p = stack_.back();
    p.max_child_depth = std::max(p.max_child_depth, depth);
    if (p.depth + depth > limits_.max_depth) {
      throw LimitHit{mark, fmt::format("nesting deeper than {} levels", limits_.max_depth)};
    }
    if (p.value.is_array()) {
      p.value.push_back(std::move(value));
      return;
    }
    if (!p.have_key) {
      if (value.is_object() || value.is_array()) {
        throw LimitHit{mark, "a mapping or sequence used as a mapping key is not supported"};
      }
      p.key = key_string(value);
      p.have_key = true;
      return;
    }
    p.have_key = false;
    if (p.merge_key) {
      p.merge_key = false;
      merge(mark, p.value, value);
      return;
    }
    // Later duplicates win, as with go-yaml's non-strict Unmarshal.
    p.value[p.key] = std::move(value);
  }

  const Limits& limits_;
  std::vector<json>& out_;
  std::vector<Frame> stack_;
  std::map<YAML::anchor_t, Anchored> anchors_;
  json root_;
  bool have_root_ = false;
  std::size_t nodes_ = 0;
};

std::string where(const std::string& origin, const YAML::Mark& mark, const std::string& reason) {
  if (mark.is_null() || mark.line < 0) return fmt::format("{}: {}", origin, reason);
  return fmt::format("{}: line {} column {}: {}", origin, mark.line + 1, mark.column + 1, reason);
}

}  // namespace

namespace detail {

json resolve_plain(const std::string& v) {
  if (resolve_null(v)) return nullptr;
  if (auto b = resolve_bool(v)) return *b;
  if (!v.empty() && (std::isdigit(static_cast<unsigned char>(v[0])) || v[0] == '+' || v[0] == '-' || v[0] == '.')) {
    if (auto i = resolve_int(v)) return *i;
    if (auto f = resolve_float(v)) return *f;
  }
  return v;  // .inf and .nan too: the reader refuses them before (go_special_float)
}

std::string plain_key(const std::string& k) {
  if (!go_special_float(k)) return key_string(resolve_plain(k));
  // FormatFloat's "+Inf", "-Inf" and "NaN", as sigs.k8s.io/yaml spells them for a key.
  if (k.find_first_of("aA") != std::string::npos) return ".nan";
  return k[0] == '-' ? "-.inf" : ".inf";
}

bool go_special_float(std::string_view v) {
  return is_one_of(
      v, {".nan", ".NaN", ".NAN", ".inf", ".Inf", ".INF", "+.inf", "+.Inf", "+.INF", "-.inf", "-.Inf", "-.INF"});
}

std::string key_string(const json& k) {
  if (k.is_string()) return k.get<std::string>();
  if (k.is_null()) return "null";
  return k.dump();
}

}  // namespace detail

std::vector<nlohmann::json> detail::load_all_full(std::string_view text, const std::string& origin,
                                                  const Limits& limits) {
  if (text.size() > limits.max_bytes) {
    throw Error(ErrorKind::kParse,
                fmt::format("{}: {} bytes is larger than the {} byte limit", origin, text.size(), limits.max_bytes));
  }
  std::vector<json> docs;
  try {
    std::istringstream in{std::string(text)};
    YAML::Parser parser(in);
    Builder builder(limits, docs);
    while (parser.HandleNextDocument(builder)) {
    }
  } catch (const LimitHit& e) {
    if (!e.fault.empty()) {
      throw Error(ErrorKind::kParse, where(origin, e.mark, e.reason), "input.syntax",
                  {{"line", std::to_string(e.mark.line + 1)},
                   {"column", std::to_string(e.mark.column + 1)},
                   {"fault", e.fault}});
    }
    throw Error(ErrorKind::kParse, where(origin, e.mark, e.reason));
  } catch (const YAML::Exception& e) {
    // The reader is told where, in words of its language (input.syntax); what() keeps yaml-cpp's reason.
    if (e.mark.is_null() || e.mark.line < 0) throw Error(ErrorKind::kParse, where(origin, e.mark, e.msg));
    throw Error(ErrorKind::kParse, where(origin, e.mark, e.msg), "input.syntax",
                {{"line", std::to_string(e.mark.line + 1)}, {"column", std::to_string(e.mark.column + 1)}});
  } catch (const json::exception& e) {
    throw Error(ErrorKind::kParse, fmt::format("{}: {}", origin, e.what()));
  } catch (const std::bad_alloc&) {
    throw Error(ErrorKind::kParse, fmt::format("{}: out of memory while reading YAML", origin));
  }
  return docs;
}

std::vector<nlohmann::json> load_all(std::string_view text, const std::string& origin, const Limits& limits) {
  // The block fast path answers for the usual document; anything else (and every error, with
  // its line and column) is yaml-cpp's.
  if (auto docs = detail::load_block(text, limits)) return std::move(*docs);
  return detail::load_all_full(text, origin, limits);
}

}  // namespace gpuwhy::yaml
