#include "gpuwhy/k8s/quantity.h"

#include <utility>

namespace gpuwhy::k8s {

namespace {

__extension__ typedef __int128 i128;  // NOLINT(modernize-use-using): __extension__ keeps -Wpedantic quiet

constexpr i128 kMantissaCap = static_cast<i128>(1) << 90;
constexpr i128 kWorkCap = static_cast<i128>(1) << 100;
constexpr i128 kResultCap = static_cast<i128>(9'000'000'000'000'000'000LL);

/// mantissa * 10^(exp10 - frac_digits) * 2^exp2 * scale, its magnitude rounded up (so a negative
/// value rounds away from zero, as apimachinery's AsScale does).
std::optional<long long> scaled_away_from_zero(i128 mantissa, int frac_digits, int exp10, int exp2, bool neg,
                                               int scale) {
  i128 num = mantissa * scale;
  i128 den = 1;
  int e = exp10 - frac_digits;
  for (; e > 0; --e) {
    num *= 10;
    if (num > kWorkCap) return std::nullopt;
  }
  for (; e < 0; ++e) {
    den *= 10;
    if (den > kWorkCap) return num == 0 ? std::optional<long long>(0) : std::optional<long long>(neg ? -1 : 1);
  }
  for (int i = 0; i < exp2; ++i) {
    num *= 2;
    if (num > kWorkCap) return std::nullopt;
  }
  i128 q = num / den;
  if (num % den != 0) ++q;
  if (q > kResultCap) return std::nullopt;
  return static_cast<long long>(neg ? -q : q);
}

/// A quantity's suffix: SI (n ... E), binary (Ki ... Ei) or a decimal exponent (e3, E-2, e+3).
bool suffix_exponents(std::string_view suf, int& exp10, int& exp2) {
  static constexpr std::pair<std::string_view, int> kDec[] = {{"n", -9}, {"u", -6}, {"m", -3}, {"", 0},   {"k", 3},
                                                              {"M", 6},  {"G", 9},  {"T", 12}, {"P", 15}, {"E", 18}};
  static constexpr std::pair<std::string_view, int> kBin[] = {{"Ki", 10}, {"Mi", 20}, {"Gi", 30},
                                                              {"Ti", 40}, {"Pi", 50}, {"Ei", 60}};
  for (const auto& [n, e] : kDec) {
    if (suf == n) {
      exp10 = e;
      return true;
    }
  }
  for (const auto& [n, e] : kBin) {
    if (suf == n) {
      exp2 = e;
      return true;
    }
  }
  if (suf.size() < 2 || (suf[0] != 'e' && suf[0] != 'E')) return false;
  std::size_t j = 1;
  bool eneg = false;
  if (suf[j] == '+' || suf[j] == '-') eneg = suf[j++] == '-';
  if (j >= suf.size()) return false;
  int ev = 0;
  for (; j < suf.size(); ++j) {
    if (suf[j] < '0' || suf[j] > '9' || ev > 100) return false;
    ev = ev * 10 + (suf[j] - '0');
  }
  exp10 = eneg ? -ev : ev;
  return true;
}

}  // namespace

std::optional<long long> scaled_value(std::string_view s, int scale) {
  if (s.empty() || s.size() > 64) return std::nullopt;
  std::size_t i = 0;
  bool neg = false;
  if (s[i] == '+' || s[i] == '-') neg = s[i++] == '-';
  i128 mant = 0;
  int frac = 0;
  for (; i < s.size() && s[i] >= '0' && s[i] <= '9'; ++i) {
    if (mant >= kMantissaCap) return std::nullopt;
    mant = mant * 10 + (s[i] - '0');
  }
  if (i < s.size() && s[i] == '.') {
    for (++i; i < s.size() && s[i] >= '0' && s[i] <= '9'; ++i) {
      if (mant >= kMantissaCap) return std::nullopt;
      mant = mant * 10 + (s[i] - '0');
      ++frac;
    }
  }
  // No digit at all ("-", ".", "m", "Ki") is zero to ParseQuantity too.
  int exp10 = 0;
  int exp2 = 0;
  if (!suffix_exponents(s.substr(i), exp10, exp2) || exp10 < -40 || exp10 > 40) return std::nullopt;
  return scaled_away_from_zero(mant, frac, exp10, exp2, neg, scale);
}

}  // namespace gpuwhy::k8s
