#include "gpuwhy/text.h"

#include <algorithm>
#include <cstdint>
#include <cstdlib>
#include <memory>

#include <utf8proc.h>

namespace gpuwhy::text {
namespace {

void append_utf8(std::string& out, std::uint32_t cp) {
  if (cp < 0x80) {
    out += static_cast<char>(cp);
  } else if (cp < 0x800) {
    out += static_cast<char>(0xC0U | (cp >> 6U));
    out += static_cast<char>(0x80U | (cp & 0x3FU));
  } else if (cp < 0x10000) {
    out += static_cast<char>(0xE0U | (cp >> 12U));
    out += static_cast<char>(0x80U | ((cp >> 6U) & 0x3FU));
    out += static_cast<char>(0x80U | (cp & 0x3FU));
  } else {
    out += static_cast<char>(0xF0U | (cp >> 18U));
    out += static_cast<char>(0x80U | ((cp >> 12U) & 0x3FU));
    out += static_cast<char>(0x80U | ((cp >> 6U) & 0x3FU));
    out += static_cast<char>(0x80U | (cp & 0x3FU));
  }
}

std::optional<std::string> from_utf16(std::string_view raw, bool little, std::string* why) {
  if (raw.size() % 2 != 0) {
    if (why != nullptr) *why = "UTF-16 text with an odd number of bytes";
    return std::nullopt;
  }
  std::string out;
  out.reserve(raw.size() / 2);
  for (std::size_t i = 0; i + 1 < raw.size(); i += 2) {
    const auto a = static_cast<unsigned char>(raw[i]);
    const auto b = static_cast<unsigned char>(raw[i + 1]);
    std::uint32_t u =
        little ? (a | (static_cast<std::uint32_t>(b) << 8U)) : ((static_cast<std::uint32_t>(a) << 8U) | b);
    if (u >= 0xD800 && u <= 0xDBFF) {
      if (i + 3 >= raw.size()) {
        if (why != nullptr) *why = "UTF-16 text ends inside a surrogate pair";
        return std::nullopt;
      }
      const auto c = static_cast<unsigned char>(raw[i + 2]);
      const auto d = static_cast<unsigned char>(raw[i + 3]);
      const std::uint32_t lo =
          little ? (c | (static_cast<std::uint32_t>(d) << 8U)) : ((static_cast<std::uint32_t>(c) << 8U) | d);
      if (lo < 0xDC00 || lo > 0xDFFF) {
        if (why != nullptr) *why = "invalid UTF-16 surrogate pair";
        return std::nullopt;
      }
      u = 0x10000 + ((u - 0xD800) << 10U) + (lo - 0xDC00);
      i += 2;
    } else if (u >= 0xDC00 && u <= 0xDFFF) {
      if (why != nullptr) *why = "invalid UTF-16 surrogate";
      return std::nullopt;
    }
    if (u == 0) {
      if (why != nullptr) *why = "binary content (NUL bytes)";
      return std::nullopt;
    }
    append_utf8(out, u);
  }
  return out;
}

// Decodes one UTF-8 code point at s[i]; returns its length, 0 when invalid.
std::size_t utf8_next(std::string_view s, std::size_t i, std::uint32_t* cp) {
  const auto c = static_cast<unsigned char>(s[i]);
  std::size_t len = 0;
  std::uint32_t v = 0;
  if (c < 0x80) {
    *cp = c;
    return 1;
  }
  if ((c & 0xE0U) == 0xC0U) {
    len = 2;
    v = c & 0x1FU;
  } else if ((c & 0xF0U) == 0xE0U) {
    len = 3;
    v = c & 0x0FU;
  } else if ((c & 0xF8U) == 0xF0U) {
    len = 4;
    v = c & 0x07U;
  } else {
    return 0;
  }
  if (i + len > s.size()) return 0;
  for (std::size_t k = 1; k < len; ++k) {
    const auto n = static_cast<unsigned char>(s[i + k]);
    if ((n & 0xC0U) != 0x80U) return 0;
    v = (v << 6U) | (n & 0x3FU);
  }
  // Overlong forms, surrogates and out-of-range values are invalid.
  if ((len == 2 && v < 0x80) || (len == 3 && v < 0x800) || (len == 4 && v < 0x10000) || v > 0x10FFFF ||
      (v >= 0xD800 && v <= 0xDFFF)) {
    return 0;
  }
  *cp = v;
  return len;
}

bool is_wide(std::uint32_t cp) {
  // East Asian Wide/Fullwidth ranges (Unicode 15, the blocks a terminal shows as two columns).
  return (cp >= 0x1100 && cp <= 0x115F) || (cp >= 0x2E80 && cp <= 0x303E) || (cp >= 0x3041 && cp <= 0x33FF) ||
         (cp >= 0x3400 && cp <= 0x4DBF) || (cp >= 0x4E00 && cp <= 0x9FFF) || (cp >= 0xA000 && cp <= 0xA4CF) ||
         (cp >= 0xA960 && cp <= 0xA97F) || (cp >= 0xAC00 && cp <= 0xD7A3) || (cp >= 0xF900 && cp <= 0xFAFF) ||
         (cp >= 0xFE30 && cp <= 0xFE4F) || (cp >= 0xFF00 && cp <= 0xFF60) || (cp >= 0xFFE0 && cp <= 0xFFE6) ||
         (cp >= 0x1F300 && cp <= 0x1F64F) || (cp >= 0x1F900 && cp <= 0x1F9FF) || (cp >= 0x20000 && cp <= 0x3FFFD);
}

bool is_zero_width(std::uint32_t cp) {
  return (cp >= 0x0300 && cp <= 0x036F) || (cp >= 0x1160 && cp <= 0x11FF) || cp == 0x200B || cp == 0x200D ||
         (cp >= 0xFE00 && cp <= 0xFE0F) || cp == 0xFEFF;
}

}  // namespace

bool valid_utf8(std::string_view s) {
  std::uint32_t cp = 0;
  for (std::size_t i = 0; i < s.size();) {
    const std::size_t n = utf8_next(s, i, &cp);
    if (n == 0) return false;
    i += n;
  }
  return true;
}

std::optional<std::string> decode(std::string_view raw, std::string* why) {
  std::string utf8;
  if (raw.size() >= 2 && static_cast<unsigned char>(raw[0]) == 0xFF && static_cast<unsigned char>(raw[1]) == 0xFE) {
    auto r = from_utf16(raw.substr(2), true, why);
    if (!r) return std::nullopt;
    utf8 = std::move(*r);
  } else if (raw.size() >= 2 && static_cast<unsigned char>(raw[0]) == 0xFE &&
             static_cast<unsigned char>(raw[1]) == 0xFF) {
    auto r = from_utf16(raw.substr(2), false, why);
    if (!r) return std::nullopt;
    utf8 = std::move(*r);
  } else {
    if (raw.size() >= 3 && raw.substr(0, 3) == "\xEF\xBB\xBF") raw.remove_prefix(3);
    if (raw.find('\0') != std::string_view::npos) {
      if (why != nullptr) *why = "binary content (NUL bytes)";
      return std::nullopt;
    }
    if (!valid_utf8(raw)) {
      if (why != nullptr) *why = "not valid UTF-8 text";
      return std::nullopt;
    }
    utf8.assign(raw);
  }
  std::string out;
  out.reserve(utf8.size());
  for (std::size_t i = 0; i < utf8.size(); ++i) {
    if (utf8[i] == '\r') {
      out += '\n';
      if (i + 1 < utf8.size() && utf8[i + 1] == '\n') ++i;
    } else {
      out += utf8[i];
    }
  }
  return out;
}

std::vector<std::string> lines(std::string_view utf8) {
  std::vector<std::string> out;
  std::size_t start = 0;
  while (start <= utf8.size()) {
    std::size_t end = utf8.find('\n', start);
    if (end == std::string_view::npos) end = utf8.size();
    std::string_view line = utf8.substr(start, end - start);
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);
    while (!line.empty() && (line.back() == ' ' || line.back() == '\t')) line.remove_suffix(1);
    if (end == utf8.size() && line.empty() && start == utf8.size()) break;
    out.emplace_back(line);
    start = end + 1;
  }
  return out;
}

std::string trim(std::string_view s) {
  const auto is_space = [](char c) {
    return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v';
  };
  while (!s.empty() && is_space(s.front())) s.remove_prefix(1);
  while (!s.empty() && is_space(s.back())) s.remove_suffix(1);
  return std::string(s);
}

std::string to_lower_ascii(std::string_view s) {
  std::string out(s);
  for (char& c : out) {
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  }
  return out;
}

std::size_t display_width(std::string_view utf8) {
  std::size_t w = 0;
  std::uint32_t cp = 0;
  for (std::size_t i = 0; i < utf8.size();) {
    std::size_t n = utf8_next(utf8, i, &cp);
    if (n == 0) {
      ++w;
      ++i;
      continue;
    }
    i += n;
    if (cp == 0x1B) {  // ANSI escape: skip to the final byte of a CSI sequence
      if (i < utf8.size() && utf8[i] == '[') {
        ++i;
        while (i < utf8.size() && !(utf8[i] >= '@' && utf8[i] <= '~')) ++i;
        if (i < utf8.size()) ++i;
      }
      continue;
    }
    if (cp < 0x20 || is_zero_width(cp)) continue;
    w += is_wide(cp) ? 2 : 1;
  }
  return w;
}

std::string ellipsize(std::string_view s, std::size_t max) {
  if (s.size() <= max) return std::string(s);
  std::size_t cut = max;
  while (cut > 0 && (static_cast<unsigned char>(s[cut]) & 0xC0U) == 0x80U) --cut;
  return std::string(s.substr(0, cut)) + "…";
}

std::string closest(std::string_view word, const std::vector<std::string>& candidates) {
  // Optimal string alignment distance, case-insensitive.
  const std::string a = to_lower_ascii(word);
  const auto distance = [&a](const std::string& cand) {
    const std::string b = to_lower_ascii(cand);
    std::vector<std::vector<std::size_t>> d(a.size() + 1, std::vector<std::size_t>(b.size() + 1));
    for (std::size_t i = 0; i <= a.size(); ++i) d[i][0] = i;
    for (std::size_t j = 0; j <= b.size(); ++j) d[0][j] = j;
    for (std::size_t i = 1; i <= a.size(); ++i) {
      for (std::size_t j = 1; j <= b.size(); ++j) {
        const std::size_t cost = a[i - 1] == b[j - 1] ? 0 : 1;
        d[i][j] = std::min({d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost});
        if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1])
          d[i][j] = std::min(d[i][j], d[i - 2][j - 2] + 1);
      }
    }
    return d[a.size()][b.size()];
  };
  if (a.empty() || a.size() > 200) return "";
  const std::size_t limit = std::max<std::size_t>(2, a.size() / 3);
  std::string best;
  std::size_t best_d = limit + 1;
  for (const auto& c : candidates) {
    if (c.size() > 200) continue;
    const std::size_t dist = distance(c);
    if (dist < best_d) {
      best_d = dist;
      best = c;
    }
  }
  return best;
}

std::string sanitize_terminal(std::string_view s) {
  static constexpr char kHex[] = "0123456789abcdef";
  std::string out;
  out.reserve(s.size());
  const auto hex = [&out](std::uint32_t v, int digits) {
    for (int k = digits - 1; k >= 0; --k) out += kHex[(v >> (4U * static_cast<unsigned>(k))) & 0xFU];
  };
  for (std::size_t i = 0; i < s.size();) {
    std::uint32_t cp = 0;
    const std::size_t n = utf8_next(s, i, &cp);
    if (n == 0) {  // not UTF-8: the byte, escaped
      out += "\\x";
      hex(static_cast<unsigned char>(s[i]), 2);
      ++i;
      continue;
    }
    if (cp == '\n') {
      out += "\\n";
    } else if (cp == '\r') {
      out += "\\r";
    } else if (cp == '\t') {
      out += "\\t";
    } else if (cp < 0x20 || cp == 0x7F) {  // C0 controls and DEL: ESC starts every CSI/OSC
      out += "\\x";
      hex(cp, 2);
    } else if ((cp >= 0x80 && cp <= 0x9F) || (cp >= 0x202A && cp <= 0x202E) || (cp >= 0x2066 && cp <= 0x2069) ||
               cp == 0x2028 || cp == 0x2029) {
      // C1 controls (0x9B is a one-byte CSI on some terminals), bidi overrides that reorder
      // what is shown, and the Unicode line/paragraph separators.
      out += "\\u";
      hex(cp, 4);
    } else {
      out.append(s.substr(i, n));
    }
    i += n;
  }
  return out;
}

namespace {
std::string normalize_with(std::string_view in, utf8proc_option_t options) {
  if (in.empty() || !valid_utf8(in)) return std::string(in);
  utf8proc_uint8_t* out = nullptr;
  const auto n = utf8proc_map(reinterpret_cast<const utf8proc_uint8_t*>(in.data()),  // NOLINT(*-reinterpret-cast)
                              static_cast<utf8proc_ssize_t>(in.size()), &out,
                              static_cast<utf8proc_option_t>(options | UTF8PROC_STABLE));
  if (n < 0 || out == nullptr) return std::string(in);
  const std::unique_ptr<utf8proc_uint8_t, decltype(&std::free)> owned(out, &std::free);
  return {reinterpret_cast<const char*>(out), static_cast<std::size_t>(n)};  // NOLINT(*-reinterpret-cast)
}

bool starts_with(std::string_view s, std::string_view p) {
  return s.substr(0, p.size()) == p;
}
}  // namespace

std::string nfc(std::string_view utf8) {
  return normalize_with(utf8, UTF8PROC_COMPOSE);
}

std::string nfkc(std::string_view utf8) {
  return normalize_with(utf8, static_cast<utf8proc_option_t>(UTF8PROC_COMPOSE | UTF8PROC_COMPAT));
}

bool is_noise_line(std::string_view line) {
  const std::string t = trim(line);
  const std::string_view l = t;
  if (l.empty()) return false;
  // Comments (`# 쿠버네티스 출력`, `// note`), a root prompt (`# kubectl get ...`), Markdown fences.
  if (l.front() == '#' || starts_with(l, "//") || starts_with(l, "```")) return true;
  // A command typed at a prompt: `$ kubectl ...`, `% ...`, `❯ ...`, `PS C:\> kubectl ...`.
  for (std::string_view p : {"$ ", "% ", "\u276f ", "\u279c "}) {
    if (starts_with(l, p)) return true;
  }
  if (l == "$") return true;
  if (starts_with(l, "kubectl ") || starts_with(l, "sudo kubectl ") || starts_with(l, "k get ")) return true;
  // What kubectl says on stderr beside its output (`2>&1`): a warning, a klog line
  // (`W1130 05:23:35.123456   123 file.go:42] ...`).
  if (starts_with(l, "Warning: ")) return true;
  if (l.size() > 22 && (l[0] == 'I' || l[0] == 'W' || l[0] == 'E' || l[0] == 'F') && l[5] == ' ' && l[8] == ':' &&
      l[11] == ':' && l[14] == '.' &&
      std::all_of(l.begin() + 1, l.begin() + 5, [](char c) { return c >= '0' && c <= '9'; }))
    return true;
  // `user@host:~/lab$ kubectl ...`, `[root@host lab]# cat out/x.txt`, `PS C:\lab> kubectl ...`.
  for (std::string_view p : {"$ ", "# ", "> ", "% "}) {
    const auto at = l.find(p);
    if (at == std::string_view::npos || at == 0) continue;
    const std::string_view before = l.substr(0, at);
    const bool prompt_like = before.find('@') != std::string_view::npos || starts_with(before, "PS ") ||
                             (before.front() == '[' && before.back() == ']');
    if (prompt_like && before.find("  ") == std::string_view::npos) return true;
  }
  return false;
}

std::string strip_noise(std::string_view utf8) {
  std::string out;
  out.reserve(utf8.size());
  std::size_t start = 0;
  while (start < utf8.size()) {
    std::size_t end = utf8.find('\n', start);
    const bool last = end == std::string_view::npos;
    if (last) end = utf8.size();
    const std::string_view line = utf8.substr(start, end - start);
    if (!is_noise_line(line)) {
      out.append(line);
      if (!last) out += '\n';
    }
    start = end + 1;
  }
  return out;
}

}  // namespace gpuwhy::text
