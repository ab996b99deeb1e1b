#include "gpuwhy/k8s/quantity.h"

#include <array>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <limits>
#include <string>
#include <utility>

#include <fmt/format.h>

#include "gpuwhy/base/text.h"

namespace gpuwhy::k8s {

namespace {

__extension__ typedef __int128 i128;  // NOLINT(modernize-use-using): __extension__ keeps -Wpedantic quiet

constexpr int kKeptDigits = 30;                                // significant digits held exactly
constexpr i128 kWorkCap = static_cast<i128>(1) << 110;         // beyond: the value is "big"
constexpr long long kResultCap = 9'000'000'000'000'000'000LL;  // beyond ±9e18: "big"
constexpr i128 kNanoPerUnit = 1'000'000'000;

/// The number part of a quantity as parseQuantityString splits it.
struct Number {
  bool neg = false;
  i128 mant = 0;           ///< the first kKeptDigits significant digits, as an integer
  int frac = 0;            ///< how many of those are after the '.'
  int shift = 0;           ///< integer digits dropped past kKeptDigits (each one times 10)
  bool sticky = false;     ///< a dropped digit was not 0
  int num_len = 0;         ///< integer digits without leading zeros ("0" when none: 1), as Go counts `num`
  int denom_len = 0;       ///< digits after the '.', as Go counts `denom`
  bool any_digit = false;  ///< a digit was read at all ("", "+", "." and "-." have none)
};

/// The suffix: a decimal exponent (SI n ... E, or e3 / E-2 / e+3) or a binary one
/// (Ki ... Ei).
struct Suffix {
  long long exp10 = 0;
  int exp2 = 0;
  bool binary = false;
};

bool parse_suffix(std::string_view suf, Suffix& out) {
  static constexpr std::pair<std::string_view, int> kDec[] = {{"n", -9}, {"u", -6}, {"m", -3}, {"", 0},   {"k", 3},
                                                              {"M", 6},  {"G", 9},  {"T", 12}, {"P", 15}, {"E", 18}};
  static constexpr std::pair<std::string_view, int> kBin[] = {{"Ki", 10}, {"Mi", 20}, {"Gi", 30},
                                                              {"Ti", 40}, {"Pi", 50}, {"Ei", 60}};
  for (const auto& [n, e] : kDec) {
    if (suf == n) {
      out.exp10 = e;
      return true;
    }
  }
  for (const auto& [n, e] : kBin) {
    if (suf == n) {
      out.exp2 = e;
      out.binary = true;
      return true;
    }
  }
  if (suf.size() < 2 || (suf[0] != 'e' && suf[0] != 'E')) return false;
  std::size_t j = 1;
  bool eneg = false;
  if (suf[j] == '+' || suf[j] == '-') eneg = suf[j++] == '-';
  if (j >= suf.size()) return false;
  // strconv.ParseInt(…, 10, 64), then int32(…): an exponent past int32 wraps, as in Go.
  std::uint64_t ev = 0;
  const std::uint64_t limit = eneg ? std::uint64_t{1} << 63 : (std::uint64_t{1} << 63) - 1;
  for (; j < suf.size(); ++j) {
    if (suf[j] < '0' || suf[j] > '9') return false;
    const auto d = static_cast<std::uint64_t>(suf[j] - '0');
    if (ev > (limit - d) / 10) return false;
    ev = ev * 10 + d;
  }
  const std::uint64_t bits = eneg ? std::uint64_t{0} - ev : ev;
  out.exp10 = static_cast<std::int32_t>(static_cast<std::uint32_t>(bits & 0xffffffffU));
  return true;
}

/// The digits up to the suffix; returns where the suffix starts.
std::size_t parse_number(std::string_view s, Number& n) {
  std::size_t i = 0;
  if (i < s.size() && (s[i] == '+' || s[i] == '-')) n.neg = s[i++] == '-';
  int kept = 0;
  auto digit = [&](char c, bool fraction) {
    n.any_digit = true;
    const int d = c - '0';
    if (kept == 0 && d == 0) {
      if (fraction) ++n.frac;  // a leading zero after the '.' still scales the rest
      return;
    }
    if (kept < kKeptDigits) {
      n.mant = n.mant * 10 + d;
      ++kept;
      if (fraction) ++n.frac;
      return;
    }
    if (!fraction) ++n.shift;
    n.sticky = n.sticky || d != 0;
  };
  bool leading = true;
  for (; i < s.size() && s[i] >= '0' && s[i] <= '9'; ++i) {
    leading = leading && s[i] == '0';
    if (!leading) ++n.num_len;
    digit(s[i], false);
  }
  if (n.num_len == 0) n.num_len = 1;  // Go's num is "0"
  if (i < s.size() && s[i] == '.') {
    for (++i; i < s.size() && s[i] >= '0' && s[i] <= '9'; ++i) {
      ++n.denom_len;
      digit(s[i], true);
    }
  }
  return i;
}

/// ParseQuantity keeps the value as an int64 with a decimal scale (its fast path) when the digits
/// and the suffix allow; otherwise as an inf.Dec rounded up to nano units.
bool kept_as_int64(const Number& n, const Suffix& suf) {
  if (suf.binary) {
    if (n.denom_len != 0) return false;
    const int precision = 15 - n.num_len - static_cast<int>(static_cast<float>(suf.exp2) * 3 / 10) - 1;
    return precision >= 0;
  }
  return 18 - (n.num_len + n.denom_len) >= 0 && suf.exp10 - n.denom_len >= -9;
}

/// Off its fast path ParseQuantity reads the number part with inf.Dec's SetString, which refuses one
/// without a digit: "Pi", "+Ei" and "e-19" are no quantity, though "Ki", "m" and "e3" are zero.
bool readable(const Number& n, const Suffix& suf) {
  return n.any_digit || kept_as_int64(n, suf);
}

/// ceil(|value| * 1e9), the magnitude in nano units rounded away from zero; nullopt when it is far
/// beyond any int64 result.
std::optional<i128> nano_units(const Number& n, const Suffix& suf) {
  long long e = suf.exp10 + n.shift - n.frac + 9;
  if (e > 40) return std::nullopt;
  i128 num = n.mant;
  for (int i = 0; i < suf.exp2; ++i) {
    num *= 2;
    if (num > kWorkCap) return std::nullopt;
  }
  for (; e > 0; --e) {
    num *= 10;
    if (num > kWorkCap) return std::nullopt;
  }
  i128 den = 1;
  for (; e < 0; ++e) {
    den *= 10;
    if (den > num) return 1;  // below one nano unit (num > 0 here): rounded up to it
  }
  i128 u = num / den;
  // A digit dropped past kKeptDigits (always below one nano unit here) rounds up too.
  if (num % den != 0 || n.sticky) ++u;
  return u;
}

/// Quantity.ScaledValue of an inf.Dec holding -u nano units: scaledValue's int64 fast path, which
/// truncates and then adds one whenever there is a remainder (so -2.5 becomes -1, and -0.1n 1),
/// after big.Int.Int64, which keeps the low 64 bits of a larger magnitude.
long long dec_scaled_negative(i128 u, long long per_unit) {
  const auto low = static_cast<std::uint64_t>(u);
  const auto v = static_cast<long long>(std::uint64_t{0} - low);
  const long long d = static_cast<long long>(kNanoPerUnit) / per_unit;
  if (d == 1) return v;
  return v / d + (v % d != 0 ? 1 : 0);
}

}  // namespace

std::optional<long long> scaled_value(std::string_view s, int scale) {
  if (s.empty() || s.size() > 64 || scale <= 0 || kNanoPerUnit % scale != 0) return std::nullopt;
  Number n;
  const std::size_t at = parse_number(s, n);
  Suffix suf;
  if (!parse_suffix(s.substr(at), suf) || !readable(n, suf)) return std::nullopt;
  // No digit at all ("-", ".", "m", "Ki") is zero to ParseQuantity too.
  if (n.mant == 0 && !n.sticky) return 0;
  const auto u = nano_units(n, suf);
  if (!u) return std::nullopt;
  // ceil(|value| * scale): how AsScaledInt64 rounds (away from zero), and the magnitude of any result.
  const i128 per = kNanoPerUnit / scale;
  const i128 q = (*u + per - 1) / per;
  if (q > kResultCap) return std::nullopt;
  if (!n.neg) return static_cast<long long>(q);
  if (kept_as_int64(n, suf)) return -static_cast<long long>(q);
  return dec_scaled_negative(*u, scale);
}

bool is_quantity(std::string_view s) {
  if (s.empty()) return false;  // ParseQuantity: ErrFormatWrong
  Number n;
  const std::size_t at = parse_number(s, n);
  Suffix suf;
  return parse_suffix(s.substr(at), suf) && readable(n, suf);
}

namespace {

// The length of the Unicode white space (Go's unicode.IsSpace) that begins `s`, 0 if none; the
// ASCII ones but the space, U+2028 and U+2029 never reach it (sent_text).
std::size_t space_at(std::string_view s) {
  static constexpr std::array<std::string_view, 18> kSpaces{" ",      "\u0085", "\u00a0", "\u1680", "\u2000", "\u2001",
                                                            "\u2002", "\u2003", "\u2004", "\u2005", "\u2006", "\u2007",
                                                            "\u2008", "\u2009", "\u200a", "\u202f", "\u205f", "\u3000"};
  for (const std::string_view sp : kSpaces) {
    if (s.starts_with(sp)) return sp.size();
  }
  return 0;
}

}  // namespace

std::optional<std::string> sent_text(std::string_view s) {
  // encoding/json writes these as escapes (\t, \u2028): a backslash no quantity holds.
  for (const char c : s) {
    if (static_cast<unsigned char>(c) < 0x20) return std::nullopt;
  }
  if (s.find("\u2028") != std::string_view::npos || s.find("\u2029") != std::string_view::npos) return std::nullopt;
  while (const std::size_t n = space_at(s)) s.remove_prefix(n);
  for (bool cut = true; cut && !s.empty();) {
    cut = false;
    for (std::size_t back = 1; back <= 3 && back <= s.size(); ++back) {
      if (space_at(s.substr(s.size() - back)) == back) {
        s.remove_suffix(back);
        cut = true;
        break;
      }
    }
  }
  return std::string(s);
}

bool json_is_quantity(const nlohmann::json& value) {
  if (value.is_number_float()) return std::isfinite(value.get<double>());  // .inf is no JSON: refused
  if (value.is_null() || value.is_number()) return true;
  if (!value.is_string()) return false;
  const auto sent = sent_text(value.get_ref<const std::string&>());
  return sent && is_quantity(*sent);
}

namespace {

// A double as Go's encoding/json writes it, which is the text ParseQuantity reads: the shortest
// digits that read back as the same number (strconv.AppendFloat's precision -1), in fixed notation
// ('f') from 1e-6 up to 1e21 and as 'e' beyond, so 2.0701533902369498e18 is 2070153390236950000,
// not the double's exact 2070153390236950016.
std::string go_json_float(double d) {
  std::array<char, 64> buf{};
  const auto r = std::to_chars(buf.data(), buf.data() + buf.size(), d, std::chars_format::scientific);
  const std::string_view sci(buf.data(), static_cast<std::size_t>(r.ptr - buf.data()));
  const std::size_t e_at = sci.find('e');
  const bool neg = sci.front() == '-';
  std::string digits;
  for (char c : sci.substr(neg ? 1 : 0, e_at - (neg ? 1 : 0))) {
    if (c != '.') digits.push_back(c);
  }
  int exp10 = 0;
  std::from_chars(sci.data() + e_at + 1 + (sci[e_at + 1] == '+' ? 1 : 0), sci.data() + sci.size(), exp10);
  const double abs = d < 0 ? -d : d;
  std::string out = neg ? "-" : "";
  if (abs != 0 && (abs < 1e-6 || abs >= 1e21)) {
    out += digits.substr(0, 1);
    if (digits.size() > 1) out += "." + digits.substr(1);
    out += fmt::format("e{}{:02}", exp10 < 0 ? '-' : '+', exp10 < 0 ? -exp10 : exp10);
    return out;
  }
  const int point = exp10 + 1;  // digits before the '.'
  if (point <= 0) return out + "0." + std::string(static_cast<std::size_t>(-point), '0') + digits;
  if (static_cast<std::size_t>(point) >= digits.size()) {
    return out + digits + std::string(static_cast<std::size_t>(point) - digits.size(), '0');
  }
  return out + digits.substr(0, static_cast<std::size_t>(point)) + "." + digits.substr(static_cast<std::size_t>(point));
}

}  // namespace

std::optional<long long> json_scaled_value(const nlohmann::json& value, int scale) {
  if (value.is_null()) return 0;  // UnmarshalJSON: null is the zero Quantity
  if (value.is_string()) {
    const auto sent = sent_text(value.get_ref<const std::string&>());
    return sent ? scaled_value(*sent, scale) : std::nullopt;
  }
  // A number as Go's encoding/json writes it back (go_json_float for a double).
  std::array<char, 64> buf{};
  std::to_chars_result r{};
  if (value.is_number_unsigned()) {
    r = std::to_chars(buf.data(), buf.data() + buf.size(), value.get<std::uint64_t>());
  } else if (value.is_number_integer()) {
    r = std::to_chars(buf.data(), buf.data() + buf.size(), value.get<std::int64_t>());
  } else if (value.is_number_float()) {
    return scaled_value(go_json_float(value.get<double>()), scale);
  } else {
    return std::nullopt;
  }
  if (r.ec != std::errc()) return std::nullopt;
  return scaled_value(std::string_view(buf.data(), static_cast<std::size_t>(r.ptr - buf.data())), scale);
}

}  // namespace gpuwhy::k8s
