#include "gpuwhy/base/sys.h"

#include <sys/ioctl.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <cerrno>
#include <ctime>

#include <fmt/format.h>

extern char** environ;  // NOLINT(readability-redundant-declaration): POSIX, not declared by <unistd.h> in C++

namespace gpuwhy::sys {

std::map<std::string, std::string> environment() {
  std::map<std::string, std::string> env;
  for (char** e = environ; e != nullptr && *e != nullptr; ++e) {
    const std::string_view kv(*e);
    const auto eq = kv.find('=');
    if (eq != std::string_view::npos) env.emplace(std::string(kv.substr(0, eq)), std::string(kv.substr(eq + 1)));
  }
  return env;
}

std::size_t terminal_columns(int fd) {
  winsize ws{};
  if (::ioctl(fd, TIOCGWINSZ, &ws) != 0) return 0;  // NOLINT(cppcoreguidelines-pro-type-vararg): POSIX
  return ws.ws_col;
}

std::size_t table_width(std::size_t terminal_columns, const std::map<std::string, std::string>& env) {
  constexpr std::size_t kDefault = 80;
  constexpr std::size_t kMax = 1000;
  if (terminal_columns > 0) return std::min(terminal_columns, kMax);
  const auto it = env.find("COLUMNS");
  if (it == env.end() || it->second.empty() || it->second.size() > 4) return kDefault;
  std::size_t n = 0;
  for (char c : it->second) {
    if (c < '0' || c > '9') return kDefault;
    n = n * 10 + static_cast<std::size_t>(c - '0');
  }
  return n == 0 ? kDefault : std::min(n, kMax);
}

std::string now_rfc3339() {
  const std::time_t t = std::time(nullptr);
  std::tm tm{};
  ::gmtime_r(&t, &tm);
  return fmt::format("{:04}-{:02}-{:02}T{:02}:{:02}:{:02}Z", tm.tm_year + 1900, tm.tm_mon + 1, tm.tm_mday, tm.tm_hour,
                     tm.tm_min, tm.tm_sec);
}

namespace {

// Days from 1970-01-01 to y-m-d (proleptic Gregorian; Howard Hinnant's days_from_civil).
long long days_from_civil(long long y, unsigned m, unsigned d) {
  y -= m <= 2 ? 1 : 0;
  const long long era = (y >= 0 ? y : y - 399) / 400;
  const auto yoe = static_cast<unsigned>(y - era * 400);
  const unsigned doy = (153 * (m > 2 ? m - 3 : m + 9) + 2) / 5 + d - 1;
  const unsigned doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
  return era * 146097 + static_cast<long long>(doe) - 719468;
}

bool leap(long long y) {
  return (y % 4 == 0 && y % 100 != 0) || y % 400 == 0;
}

// `n` digits of `t` at `*at` as a number, advancing `*at`; nullopt when one is not a digit.
std::optional<int> digits(std::string_view t, std::size_t* at, std::size_t n) {
  if (t.size() < *at + n) return std::nullopt;
  int v = 0;
  for (std::size_t i = 0; i < n; ++i) {
    const char c = t[*at + i];
    if (c < '0' || c > '9') return std::nullopt;
    v = v * 10 + (c - '0');
  }
  *at += n;
  return v;
}

bool expect(std::string_view t, std::size_t* at, std::string_view any_of) {
  if (*at >= t.size() || any_of.find(t[*at]) == std::string_view::npos) return false;
  ++*at;
  return true;
}

// The offset in minutes at `*at` ("Z", "+09:00", "-05:30"), to the end of `t`.
std::optional<int> offset_minutes(std::string_view t, std::size_t at) {
  if (at + 1 == t.size() && (t[at] == 'Z' || t[at] == 'z')) return 0;
  if (at >= t.size() || (t[at] != '+' && t[at] != '-')) return std::nullopt;
  const int sign = t[at] == '-' ? -1 : 1;
  ++at;
  const auto h = digits(t, &at, 2);
  if (!h || !expect(t, &at, ":")) return std::nullopt;
  const auto m = digits(t, &at, 2);
  if (!m || at != t.size() || *h > 23 || *m > 59) return std::nullopt;
  return sign * (*h * 60 + *m);
}

}  // namespace

std::optional<long long> parse_rfc3339(std::string_view t) {
  static constexpr std::array<int, 12> kDays = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
  std::size_t at = 0;
  const auto y = digits(t, &at, 4);
  if (!y || !expect(t, &at, "-")) return std::nullopt;
  const auto mo = digits(t, &at, 2);
  if (!mo || !expect(t, &at, "-")) return std::nullopt;
  const auto d = digits(t, &at, 2);
  if (!d || !expect(t, &at, "Tt ")) return std::nullopt;
  const auto h = digits(t, &at, 2);
  if (!h || !expect(t, &at, ":")) return std::nullopt;
  const auto mi = digits(t, &at, 2);
  if (!mi || !expect(t, &at, ":")) return std::nullopt;
  const auto s = digits(t, &at, 2);
  if (!s || *mo < 1 || *mo > 12 || *h > 23 || *mi > 59 || *s > 60) return std::nullopt;
  const int month_days = kDays.at(static_cast<std::size_t>(*mo - 1)) + (*mo == 2 && leap(*y) ? 1 : 0);
  if (*d < 1 || *d > month_days) return std::nullopt;
  int ms = 0;
  if (at < t.size() && t[at] == '.') {
    ++at;
    int n = 0;
    while (at < t.size() && t[at] >= '0' && t[at] <= '9') {
      if (n < 3) ms = ms * 10 + (t[at] - '0');
      ++n;
      ++at;
    }
    if (n == 0) return std::nullopt;
    for (; n < 3; ++n) ms *= 10;
  }
  const auto off = offset_minutes(t, at);
  if (!off) return std::nullopt;
  const long long days = days_from_civil(*y, static_cast<unsigned>(*mo), static_cast<unsigned>(*d));
  const long long secs = days * 86400 + *h * 3600LL + *mi * 60LL + std::min(*s, 59) - *off * 60LL;
  return secs * 1000 + ms;
}

std::optional<std::string> read_bounded(int fd, std::size_t max_bytes, std::size_t expected) {
  std::string out(std::min(expected, max_bytes) + 1, '\0');
  std::size_t got = 0;
  for (;;) {
    if (got == out.size()) {
      if (out.size() > max_bytes) break;
      out.resize(std::min(out.size() * 2, max_bytes + 1));
    }
    const ssize_t n = ::read(fd, out.data() + got, out.size() - got);
    if (n < 0) {
      if (errno == EINTR) continue;
      return std::nullopt;
    }
    if (n == 0) break;
    got += static_cast<std::size_t>(n);
  }
  out.resize(got);
  return out;
}

}  // namespace gpuwhy::sys
