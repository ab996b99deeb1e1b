#include "gpuwhy/base/sys.h"

#include <sys/ioctl.h>
#include <unistd.h>

#include <algorithm>
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
