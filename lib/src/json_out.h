// A streaming JSON writer whose bytes equal nlohmann's dump(2, ' ', false, replace) of the same
// document built as an ordered_json (keys in the order written). The native report is written
// with it straight into its string: building the ordered_json and dumping it was a fifth of the
// offline grading time (issue 14). tests/unit/report_json_test.cpp checks the bytes against the
// ordered_json route on every capture.
#pragma once

#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>
#include <vector>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include "gpuwhy/text.h"

namespace gpuwhy::render::detail {

/// How many bytes from `p` (before `end`) a JSON string holds as they are: printable ASCII but
/// '"' and '\\'. With SSE2 (every x86-64) sixteen bytes a step, else eight (a word test for any
/// quote, backslash, control or non-ASCII byte), then byte by byte to the first one that is not.
inline const char* json_plain_end(const char* p, const char* end) {
#if defined(__SSE2__)
  while (end - p >= 16) {
    const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p));
    // Controls and non-ASCII bytes are the bytes below 0x20 as signed bytes.
    const __m128i stop =
        _mm_or_si128(_mm_or_si128(_mm_cmpeq_epi8(v, _mm_set1_epi8('"')), _mm_cmpeq_epi8(v, _mm_set1_epi8('\\'))),
                     _mm_cmplt_epi8(v, _mm_set1_epi8(0x20)));
    const auto at = static_cast<unsigned>(_mm_movemask_epi8(stop));
    if (at != 0) return p + __builtin_ctz(at);
    p += 16;
  }
#else
  constexpr std::uint64_t kOnes = 0x0101010101010101ULL;
  constexpr std::uint64_t kHigh = 0x8080808080808080ULL;
  const auto zero_byte = [](std::uint64_t v) { return (v - kOnes) & ~v & kHigh; };
  while (end - p >= 8) {
    std::uint64_t w = 0;
    std::memcpy(&w, p, 8);
    const std::uint64_t special =
        zero_byte(w ^ (kOnes * '"')) | zero_byte(w ^ (kOnes * '\\')) | ((w - kOnes * 0x20) & ~w) | w;
    if ((special & kHigh) != 0) break;
    p += 8;
  }
#endif
  while (p != end) {
    const auto c = static_cast<unsigned char>(*p);
    if (c < 0x20 || c >= 0x80 || c == '"' || c == '\\') break;
    ++p;
  }
  return p;
}

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
    string(k);
    out_ += ": ";
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
    out_ += empty_.back() ? "\n" : ",\n";
    empty_.back() = false;
    out_.append(2 * empty_.size(), ' ');
  }
  void open(char c) {
    separate();
    out_ += c;
    empty_.push_back(true);
  }
  void close(char c) {
    const bool was_empty = empty_.back();
    empty_.pop_back();
    if (!was_empty) {
      out_ += '\n';
      out_.append(2 * empty_.size(), ' ');
    }
    out_ += c;
  }
  // nlohmann's escaping with ensure_ascii off: the two JSON specials and C0 controls escaped
  // (\b \t \n \f \r by name, the rest \u00xx in lower case), everything else as it is. A text
  // that is not valid UTF-8 is written cleaned (each bad byte U+FFFD), so the report stays valid.
  void string(std::string_view s) {
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
          string(text::clean_utf8(s));
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
  }

  std::string& out_;
  std::vector<bool> empty_;  ///< per open container: nothing written in it yet
  bool after_key_ = false;
};

}  // namespace gpuwhy::render::detail
