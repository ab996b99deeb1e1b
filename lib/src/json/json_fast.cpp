// The fast reader of jsonb::parse: what gpuwhy and kubectl write, read into a BoundedDom.
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include <nlohmann/json.hpp>

#include "json_dom.h"
#include "json_scan.h"

namespace gpuwhy::jsonb::detail {

namespace {

using nlohmann::json;

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
    // Most calls meet no whitespace, or the one space after a colon: a byte above ' ' is none.
    if (p_ == end_ || static_cast<unsigned char>(*p_) > ' ') return;
    if (*p_ == ' ' && end_ - p_ >= 2 && static_cast<unsigned char>(p_[1]) > ' ') {
      ++p_;
      return;
    }
#if defined(__SSE2__)
    // An indented document's whitespace is a line break and a run of spaces: the spaces sixteen
    // bytes a step while there are sixteen left; what ends the run is left to the loop below.
    if (*p_ == '\n') ++p_;
    while (end_ - p_ >= 16 && *p_ == ' ') {
      const __m128i v = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p_));
      const auto other = static_cast<unsigned>(_mm_movemask_epi8(_mm_cmpeq_epi8(v, _mm_set1_epi8(' ')))) ^ 0xFFFFU;
      if (other != 0) {
        p_ += __builtin_ctz(other);
        break;
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
      p_ = gpuwhy::detail::json_plain_end(p_, end_);
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

bool read_fast(std::string_view text, BoundedDom& sax, std::size_t max_depth) {
  return FastReader(text, sax, max_depth).document();
}

}  // namespace gpuwhy::jsonb::detail
