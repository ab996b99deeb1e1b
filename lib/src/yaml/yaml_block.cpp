// The common shape of a hand-written manifest read without yaml-cpp: block mappings and
// sequences, one-line plain and quoted scalars, comments, "---", and the flow forms {} [] and
// [a, "b"]. yaml-cpp's scanner was a third of the offline grading time; this reader
// is a few microseconds per manifest.
//
// It is a fast path, not a second YAML implementation: on anything outside that shape (anchors,
// tags, block scalars, multi-line scalars, escapes, tabs, CR, odd indentation, keys it does not
// know to be plain, limits near) it declines and load_all() hands the text to yaml-cpp. Where it
// answers, the documents are the ones yaml-cpp's path gives (the same scalar typing, key
// strings and "later duplicate wins"): tests/yaml/yaml_block_test.cpp compares the two on every
// captured manifest and on thousands of mutations of them, and fuzz/manifests_fuzz.cpp does so
// on whatever the fuzzer makes.
#include <cstddef>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "gpuwhy/base/text.h"
#include "gpuwhy/yaml/yaml.h"
#include "yaml_detail.h"

namespace gpuwhy::yaml::detail {

namespace {

using nlohmann::json;

struct Decline {};  // thrown inside the reader: hand the text to yaml-cpp

struct Line {
  std::size_t indent = 0;
  std::string_view text;  ///< after the indent, trailing spaces cut; never blank or a comment
};

bool is_item(std::string_view t) {
  return t == "-" || (t.size() >= 2 && t[0] == '-' && t[1] == ' ');
}

bool plain_key_char(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '.' || c == '_' ||
         c == '/' || c == '-';
}

/// After a quoted scalar or a flow form: nothing, or spaces and a comment.
bool only_comment(std::string_view rest) {
  if (rest.empty()) return true;
  if (rest[0] != ' ') return false;
  const auto p = rest.find_first_not_of(' ');
  return p == std::string_view::npos || rest[p] == '#';
}

class Reader {
 public:
  Reader(std::vector<Line> lines, const Limits& limits) : lines_(std::move(lines)), limits_(limits) {}

  /// The document's root (a mapping or a sequence); declines when lines are left over.
  json document() {
    if (lines_.empty()) return nullptr;
    const Line& first = lines_[0];
    json root;
    if (is_item(first.text)) {
      root = sequence(first.indent);
    } else {
      root = mapping(first.indent);
    }
    if (pos_ != lines_.size()) throw Decline{};
    return root;
  }

 private:
  void count(std::size_t n = 1) {
    nodes_ += n;
    if (nodes_ + 8 > limits_.max_nodes) throw Decline{};  // yaml-cpp's path words the limit
  }
  struct Level {
    explicit Level(Reader& r) : r_(r) {
      if (++r_.depth_ + 2 > r_.limits_.max_depth) throw Decline{};
    }
    ~Level() { --r_.depth_; }
    Level(const Level&) = delete;
    Level& operator=(const Level&) = delete;
    Level(Level&&) = delete;
    Level& operator=(Level&&) = delete;
    Reader& r_;
  };

  /// The block node whose first line is the current one (indent >= min).
  json node(std::size_t min) {
    const Line& l = lines_[pos_];
    if (l.indent < min) throw Decline{};
    if (is_item(l.text)) return sequence(l.indent);
    return mapping(l.indent);
  }

  json mapping(std::size_t n) {
    const Level level(*this);
    count();
    json obj = json::object();
    while (pos_ < lines_.size()) {
      const Line l = lines_[pos_];
      if (l.indent < n) break;
      if (l.indent > n || is_item(l.text)) throw Decline{};
      auto [key, rest] = split_key(l.text);
      ++pos_;
      count();  // the key
      json value;
      if (rest.empty() || rest[0] == '#') {
        const bool nested = pos_ < lines_.size() &&
                            (lines_[pos_].indent > n || (lines_[pos_].indent == n && is_item(lines_[pos_].text)));
        if (nested) {
          value = lines_[pos_].indent == n ? sequence(n) : node(n + 1);
        } else {
          count();
        }
      } else {
        value = inline_value(rest);
        if (pos_ < lines_.size() && lines_[pos_].indent > n) throw Decline{};  // a continued scalar
      }
      if (key == "<<") throw Decline{};  // merge keys
      obj[key] = std::move(value);       // a later duplicate wins, as on yaml-cpp's path
    }
    return obj;
  }

  json sequence(std::size_t n) {
    const Level level(*this);
    count();
    json arr = json::array();
    while (pos_ < lines_.size()) {
      const Line l = lines_[pos_];
      if (l.indent < n || (l.indent == n && !is_item(l.text))) break;
      if (l.indent > n) throw Decline{};
      std::string_view rest = l.text.substr(1);
      const std::size_t spaces = rest.find_first_not_of(' ');
      if (spaces == std::string_view::npos || rest[spaces] == '#') {  // "-" alone: the item is below
        ++pos_;
        if (pos_ < lines_.size() && lines_[pos_].indent > n) {
          arr.push_back(node(n + 1));
        } else {
          count();
          arr.push_back(nullptr);
        }
        continue;
      }
      rest.remove_prefix(spaces);
      const std::size_t col = n + 1 + spaces;
      if (is_item(rest) || has_key(rest)) {  // "- key: v" or "- - v": a block node at that column
        lines_[pos_] = Line{col, rest};
        arr.push_back(node(col));
        continue;
      }
      ++pos_;
      arr.push_back(inline_value(rest));
      if (pos_ < lines_.size() && lines_[pos_].indent > n) throw Decline{};
    }
    return arr;
  }

  /// Whether `t` starts with a key this reader knows: a plain key of label characters or a simple
  /// quoted one, then ':' and a space or the end.
  static bool has_key(std::string_view t) {
    std::string key;
    std::string_view rest;
    return key_of(t, key, rest);
  }

  static bool key_of(std::string_view t, std::string& key, std::string_view& rest) {
    std::size_t end = 0;
    if (!t.empty() && (t[0] == '\'' || t[0] == '"')) {
      std::string_view after;
      if (!quoted(t, key, after)) return false;
      end = t.size() - after.size();
    } else {
      while (end < t.size() && plain_key_char(t[end])) ++end;
      if (end == 0 || t[0] == '-') return false;
      key.assign(t.substr(0, end));
      // A key that starts with a letter and is longer than the null and bool words (at most five
      // letters) is its own text; others are resolved as a plain scalar ("1", "true", "0x10").
      const bool letter = (t[0] >= 'a' && t[0] <= 'z') || (t[0] >= 'A' && t[0] <= 'Z');
      if (!letter || end <= 5) key = plain_key(key);
    }
    if (end >= t.size() || t[end] != ':') return false;
    if (end + 1 < t.size() && t[end + 1] != ' ') return false;
    rest = t.substr(end + 1);
    const auto p = rest.find_first_not_of(' ');
    rest = p == std::string_view::npos ? std::string_view() : rest.substr(p);
    return true;
  }

  std::pair<std::string, std::string_view> split_key(std::string_view t) {
    std::string key;
    std::string_view rest;
    if (!key_of(t, key, rest)) throw Decline{};
    return {std::move(key), rest};
  }

  /// A one-line quoted scalar at the start of `t` into `out`; `after` is what follows it.
  /// Double quotes with a backslash (escapes) and unclosed quotes are declined.
  static bool quoted(std::string_view t, std::string& out, std::string_view& after) {
    out.clear();
    const char q = t[0];
    for (std::size_t i = 1; i < t.size(); ++i) {
      if (q == '"' && t[i] == '\\') return false;
      if (t[i] != q) {
        out += t[i];
        continue;
      }
      if (q == '\'' && i + 1 < t.size() && t[i + 1] == '\'') {  // '' is a quote
        out += '\'';
        ++i;
        continue;
      }
      after = t.substr(i + 1);
      return true;
    }
    return false;
  }

  /// A value written on its key's (or its dash's) line.
  json inline_value(std::string_view t) {
    count();
    if (t[0] == '\'' || t[0] == '"') {
      std::string s;
      std::string_view after;
      if (!quoted(t, s, after) || !only_comment(after)) throw Decline{};
      return s;
    }
    if (t[0] == '{' || t[0] == '[') return flow(t);
    return plain(t, false);
  }

  /// {} and [], and a flow sequence of scalars on one line.
  json flow(std::string_view t) {
    if (t.substr(0, 2) == "{}" && only_comment(t.substr(2))) return json::object();
    if (t[0] != '[') throw Decline{};
    const auto close = t.find(']');
    if (close == std::string_view::npos || !only_comment(t.substr(close + 1))) throw Decline{};
    std::string_view body = t.substr(1, close - 1);
    json arr = json::array();
    if (body.find_first_not_of(' ') == std::string_view::npos) return arr;
    while (true) {
      const auto start = body.find_first_not_of(' ');
      if (start == std::string_view::npos) throw Decline{};  // an empty element or a trailing comma
      body.remove_prefix(start);
      count();
      if (body[0] == '\'' || body[0] == '"') {
        std::string s;
        std::string_view after;
        if (!quoted(body, s, after)) throw Decline{};
        arr.push_back(std::move(s));
        body = after;
        const auto p = body.find_first_not_of(' ');
        body = p == std::string_view::npos ? std::string_view() : body.substr(p);
      } else {
        const auto comma = std::min(body.find(','), body.size());
        std::string_view item = body.substr(0, comma);
        while (!item.empty() && item.back() == ' ') item.remove_suffix(1);
        arr.push_back(plain(item, true));
        body.remove_prefix(comma);
      }
      if (body.empty()) return arr;
      if (body[0] != ',') throw Decline{};
      body.remove_prefix(1);
    }
  }

  /// A one-line plain scalar, typed like yaml-cpp's path types it. Declines on an indicator at
  /// its start and on what would make it a key, a comment (in flow) or a flow form.
  static json plain(std::string_view t, bool in_flow) {
    if (t.empty()) throw Decline{};
    constexpr std::string_view kIndicators = "?:,[]{}#&*!|>'\"%@`";
    if (kIndicators.find(t[0]) != std::string_view::npos) throw Decline{};
    if (t[0] == '-' && (t.size() == 1 || t[1] == ' ')) throw Decline{};
    if (!in_flow) {  // " #" starts a comment; a '#' inside a word is text
      if (const auto hash = t.find(" #"); hash != std::string_view::npos) t = t.substr(0, hash);
      while (!t.empty() && t.back() == ' ') t.remove_suffix(1);
    }
    // In flow, yaml-cpp's scanner also stops at '?' and ':' inside a word (`[lab-node-?0]`): left to it.
    if (t.find_first_of(in_flow ? "[]{}#?:" : "[]{},") != std::string_view::npos) throw Decline{};
    if (t.find(": ") != std::string_view::npos || t.back() == ':') throw Decline{};
    if (go_special_float(t)) throw Decline{};  // refused, at its place, by yaml-cpp's path
    return resolve_plain(std::string(t));
  }

  std::vector<Line> lines_;
  const Limits& limits_;
  std::size_t pos_ = 0;
  std::size_t nodes_ = 0;
  std::size_t depth_ = 0;
};

/// Splits `text` into documents of lines; false when a line is outside what the reader takes.
bool split_documents(std::string_view text, std::vector<std::vector<Line>>& docs) {
  docs.emplace_back();
  std::size_t start = 0;
  while (start <= text.size()) {
    auto end = text.find('\n', start);
    if (end == std::string_view::npos) end = text.size();
    std::string_view raw = text.substr(start, end - start);
    start = end + 1;
    while (!raw.empty() && raw.back() == ' ') raw.remove_suffix(1);
    const auto indent = raw.find_first_not_of(' ');
    if (indent == std::string_view::npos || raw[indent] == '#') continue;  // blank, or a comment
    const std::string_view t = raw.substr(indent);
    if (indent == 0 && (t.substr(0, 3) == "---" || t.substr(0, 3) == "..." || t[0] == '%')) {
      if (t != "---") return false;  // "--- value", "...", directives
      docs.emplace_back();
      continue;
    }
    docs.back().push_back(Line{indent, t});
  }
  return true;
}

}  // namespace

std::optional<std::vector<json>> load_block(std::string_view text, const Limits& limits) {
  // A tab, a CR or a NUL anywhere: yaml-cpp's path. (One memchr each: find_first_of with a set
  // makes one call per byte.)
  const auto has = [text](char c) { return text.find(c) != std::string_view::npos; };
  if (text.size() > limits.max_bytes || has('\t') || has('\r') || has('\0') || text.substr(0, 3) == "\xEF\xBB\xBF" ||
      !text::valid_utf8(text)) {
    return std::nullopt;
  }
  std::vector<std::vector<Line>> groups;
  if (!split_documents(text, groups)) return std::nullopt;
  std::vector<json> docs;
  try {
    for (auto& g : groups) {
      if (g.empty()) continue;
      json root = Reader(std::move(g), limits).document();
      if (!root.is_null()) docs.push_back(std::move(root));
    }
  } catch (const Decline&) {
    return std::nullopt;
  }
  return docs;
}

}  // namespace gpuwhy::yaml::detail
