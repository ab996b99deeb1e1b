// Scanning JSON string bytes, shared by the bundle and answer reader (json_fast.cpp) and the
// report writer (json_out.h).
#pragma once

#include <cstdint>
#include <cstring>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

namespace gpuwhy::detail {

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

}  // namespace gpuwhy::detail
