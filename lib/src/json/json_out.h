// A streaming JSON writer whose bytes equal nlohmann's dump(2, ' ', false, replace) of the same
// document built as an ordered_json (keys in the order written). The native report is written
// with it straight into its string: building the ordered_json and dumping it was a fifth of the
// offline grading time. tests/render/report_json_test.cpp checks the bytes against the
// ordered_json route on every capture.
#pragma once

#include <array>
#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>
#include <vector>

#include "gpuwhy/base/text.h"
#include "json_scan.h"

namespace gpuwhy::render::detail {

using gpuwhy::detail::json_plain_end;

class JsonOut {
 public:
  explicit JsonOut(std::string& out) : out_(out) {}

  void begin_object() { open('{'); }
  void end_object() { close('}'); }
  void begin_array() { open('['); }
  void end_array() { close(']'); }

  /// An object member's key; the value follows with one of the calls below.
  void key(std::string_view k) {
    separate();
    string(k, ": ");
    after_key_ = true;
  }

  void value(std::string_view s) {
    separate();
    string(s);
  }
  void value(const char* s) { value(std::string_view(s)); }
  void value(int v) {
    separate();
    out_ += std::to_string(v);
  }
  void value(bool v) {
    separate();
    out_ += v ? "true" : "false";
  }
  void null() {
    separate();
    out_ += "null";
  }
  /// A number already written as JSON ("72.5").
  void number(std::string_view text) {
    separate();
    out_ += text;
  }

  template <typename T>
  void member(std::string_view k, const T& v) {
    key(k);
    value(v);
  }
  void null_member(std::string_view k) {
    key(k);
    null();
  }

 private:
  // Before a value: the comma, new line and indent of its container (none after a key).
  void separate() {
    if (after_key_) {
      after_key_ = false;
      return;
    }
    if (empty_.empty()) return;  // the top-level value
    const bool first = empty_.back();
    empty_.back() = false;
    // ",\n" or "\n" and the indent, in one append from the line kept for it
    out_.append(line_.data() + (first ? 1 : 0), (first ? 1 : 2) + 2 * empty_.size());
  }
  void open(char c) {
    separate();
    out_ += c;
    empty_.push_back(true);
    if (line_.size() < 2 + 2 * empty_.size()) line_.resize(2 + 4 * empty_.size(), ' ');
  }
  void close(char c) {
    const bool was_empty = empty_.back();
    empty_.pop_back();
    if (!was_empty) out_.append(line_.data() + 1, 1 + 2 * empty_.size());  // "\n" and the indent
    out_ += c;
  }
  // nlohmann's escaping with ensure_ascii off: the two JSON specials and C0 controls escaped
  // (\b \t \n \f \r by name, the rest \u00xx in lower case), everything else as it is. A text
  // that is not valid UTF-8 is written cleaned (each bad byte U+FFFD), so the report stays valid.
  void string(std::string_view s, std::string_view tail = {}) {
    // Most strings are short and need no escape: quoted, and `tail` (at most two bytes: ": "
    // after a key) added, in one append.
    constexpr std::size_t kShort = 120;
    if (s.size() <= kShort && json_plain_end(s.data(), s.data() + s.size()) == s.data() + s.size()) {
      std::array<char, kShort + 4> buf{};
      buf[0] = '"';
      s.copy(buf.data() + 1, s.size());
      buf[s.size() + 1] = '"';
      tail.copy(buf.data() + s.size() + 2, tail.size());
      out_.append(buf.data(), s.size() + 2 + tail.size());
      return;
    }
    const std::size_t mark = out_.size();
    out_ += '"';
    std::size_t run = 0;  // start of the bytes not written yet that need no escape
    for (std::size_t i = 0; i < s.size();) {
      i = static_cast<std::size_t>(json_plain_end(s.data() + i, s.data() + s.size()) - s.data());
      if (i == s.size()) break;
      const auto c = static_cast<unsigned char>(s[i]);
      if (c >= 0x80) {  // validated in the same pass: one walk over the text, not two
        char32_t cp = 0;
        const std::size_t n = text::next_codepoint(s, i, &cp);
        if (n == 0) {
          out_.resize(mark);
          string(text::clean_utf8(s), tail);
          return;
        }
        i += n;
        continue;
      }
      out_.append(s.substr(run, i - run));
      run = ++i;
      switch (c) {
        case '"': out_ += "\\\""; break;
        case '\\': out_ += "\\\\"; break;
        case '\b': out_ += "\\b"; break;
        case '\t': out_ += "\\t"; break;
        case '\n': out_ += "\\n"; break;
        case '\f': out_ += "\\f"; break;
        case '\r': out_ += "\\r"; break;
        default: {
          constexpr std::string_view kHex = "0123456789abcdef";
          out_ += "\\u00";
          out_ += kHex[c >> 4U];
          out_ += kHex[c & 0xFU];
        }
      }
    }
    out_.append(s.substr(run));
    out_ += '"';
    out_ += tail;
  }

  std::string& out_;
  std::vector<bool> empty_;                          ///< per open container: nothing written in it yet
  std::string line_ = ",\n" + std::string(14, ' ');  ///< a comma, a line break and indent enough
  bool after_key_ = false;
};

}  // namespace gpuwhy::render::detail
