#include "gpuwhy/base/text.h"

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <memory>

#include <utf8proc.h>

namespace gpuwhy::text {
namespace {

const utf8proc_uint8_t* bytes(std::string_view s) {
  return reinterpret_cast<const utf8proc_uint8_t*>(s.data());  // NOLINT(*-reinterpret-cast)
}

void append_utf8(std::string& out, std::uint32_t cp) {
  std::array<utf8proc_uint8_t, 4> buf{};
  const auto n = utf8proc_encode_char(static_cast<utf8proc_int32_t>(cp), buf.data());
  out.append(reinterpret_cast<const char*>(buf.data()), static_cast<std::size_t>(n));  // NOLINT(*-reinterpret-cast)
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

}  // namespace

std::size_t next_codepoint(std::string_view s, std::size_t i, char32_t* cp) {
  if (i >= s.size()) return 0;
  if (const auto b = static_cast<unsigned char>(s[i]); b < 0x80) {  // ASCII: what utf8proc would say, without the call
    *cp = b;
    return 1;
  }
  utf8proc_int32_t v = 0;
  const utf8proc_ssize_t n = utf8proc_iterate(bytes(s.substr(i)), static_cast<utf8proc_ssize_t>(s.size() - i), &v);
  if (n <= 0 || v < 0) return 0;
  *cp = static_cast<char32_t>(v);
  return static_cast<std::size_t>(n);
}

bool valid_utf8(std::string_view s) {
  char32_t cp = 0;
  for (std::size_t i = 0; i < s.size();) {
    // ASCII, most of every text, eight bytes a step.
    if (std::uint64_t w = 0;
        s.size() - i >= 8 && (std::memcpy(&w, s.data() + i, 8), (w & 0x8080808080808080ULL) == 0)) {
      i += 8;
      continue;
    }
    if (static_cast<unsigned char>(s[i]) < 0x80) {
      ++i;
      continue;
    }
    const std::size_t n = next_codepoint(s, i, &cp);
    if (n == 0) return false;
    i += n;
  }
  return true;
}

std::string escape_each(std::string_view utf8, const std::function<std::string(char32_t)>& escape) {
  std::string out;
  out.reserve(utf8.size());
  for (std::size_t i = 0; i < utf8.size();) {
    char32_t cp = 0;
    const std::size_t n = std::max<std::size_t>(1, next_codepoint(utf8, i, &cp));
    const std::string e = escape(cp);
    if (e.empty()) {
      out.append(utf8.substr(i, n));
    } else {
      out += e;
    }
    i += n;
  }
  return out;
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
  // Line ends: CRLF and a lone CR become LF. Most files have none: then the text is the answer.
  std::size_t cr = utf8.find('\r');
  if (cr == std::string::npos) return utf8;
  std::string out;
  out.reserve(utf8.size());
  std::size_t from = 0;
  while (cr != std::string::npos) {
    out.append(utf8, from, cr - from);
    out += '\n';
    from = cr + 1;
    if (from < utf8.size() && utf8[from] == '\n') ++from;
    cr = utf8.find('\r', from);
  }
  out.append(utf8, from, std::string::npos);
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

namespace {
bool trim_space(char c) {
  return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v';
}
}  // namespace

std::string trim(std::string_view s) {
  while (!s.empty() && trim_space(s.front())) s.remove_prefix(1);
  while (!s.empty() && trim_space(s.back())) s.remove_suffix(1);
  return std::string(s);
}

bool blank(std::string_view s) {
  return std::all_of(s.begin(), s.end(), trim_space);
}

std::string join(const std::vector<std::string>& v, std::string_view sep) {
  std::string out;
  for (const auto& s : v) {
    if (!out.empty()) out += sep;
    out += s;
  }
  return out;
}

std::string to_lower_ascii(std::string_view s) {
  std::string out(s);
  for (char& c : out) {
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  }
  return out;
}

namespace {
/// Past an ANSI CSI sequence whose ESC ended at `i` (`ESC [ ... final`); `i` when none follows.
std::size_t skip_csi(std::string_view s, std::size_t i) {
  if (i >= s.size() || s[i] != '[') return i;
  ++i;
  while (i < s.size() && !(s[i] >= '@' && s[i] <= '~')) ++i;
  return i < s.size() ? i + 1 : i;
}
}  // namespace

std::size_t display_width(std::string_view utf8) {
  std::size_t w = 0;
  char32_t cp = 0;
  for (std::size_t i = 0; i < utf8.size();) {
    const std::size_t n = next_codepoint(utf8, i, &cp);
    if (n == 0) {
      ++w;
      ++i;
      continue;
    }
    i += n;
    if (cp == 0x1B) {
      i = skip_csi(utf8, i);
      continue;
    }
    if (cp < 0x20) continue;
    w += static_cast<std::size_t>(std::max(0, utf8proc_charwidth(static_cast<utf8proc_int32_t>(cp))));
  }
  return w;
}

std::string pad(std::string_view s, std::size_t width) {
  std::string out(s);
  const std::size_t w = display_width(s);
  if (w < width) out.append(width - w, ' ');
  return out;
}

std::string clean_utf8(std::string_view s) {
  constexpr std::string_view kReplacement = "\xEF\xBF\xBD";  // U+FFFD
  if (valid_utf8(s)) return std::string(s);
  std::string out;
  out.reserve(s.size());
  char32_t cp = 0;
  for (std::size_t i = 0; i < s.size();) {
    const std::size_t n = next_codepoint(s, i, &cp);
    if (n == 0) {
      out += kReplacement;
      ++i;
    } else {
      out.append(s.substr(i, n));
      i += n;
    }
  }
  return out;
}

std::string one_line(std::string_view s, std::size_t max) {
  const std::string clean = clean_utf8(s);
  std::string out;
  out.reserve(clean.size());
  bool space = false;
  for (char ch : clean) {
    const auto c = static_cast<unsigned char>(ch);
    if (c < 0x20 || c == 0x7F || ch == ' ') {
      space = !out.empty();
      continue;
    }
    if (space) out += ' ';
    space = false;
    out += ch;
  }
  if (out.size() <= max) return out;
  constexpr std::string_view kEllipsis = "\xE2\x80\xA6";  // …
  std::size_t cut = max > kEllipsis.size() ? max - kEllipsis.size() : 0;
  // Back up to a character boundary: never leave half a UTF-8 sequence.
  while (cut > 0 && (static_cast<unsigned char>(out[cut]) & 0xC0U) == 0x80U) --cut;
  out.resize(cut);
  while (!out.empty() && out.back() == ' ') out.pop_back();
  return out + std::string(kEllipsis);
}

std::string ellipsize(std::string_view s, std::size_t max) {
  if (s.size() <= max) return std::string(s);
  std::size_t cut = max;
  while (cut > 0 && (static_cast<unsigned char>(s[cut]) & 0xC0U) == 0x80U) --cut;
  return std::string(s.substr(0, cut)) + "…";
}

std::size_t edit_distance(std::string_view a_utf8, std::string_view b_utf8) {
  const auto chars = [](std::string_view s) {
    std::u32string out;
    for (std::size_t i = 0; i < s.size();) {
      char32_t cp = 0;
      std::size_t n = next_codepoint(s, i, &cp);
      if (n == 0) {
        cp = 0x110000U + static_cast<unsigned char>(s[i]);  // a stray byte: a character of its own
        n = 1;
      }
      out += cp >= 'A' && cp <= 'Z' ? cp - 'A' + 'a' : cp;
      i += n;
    }
    return out;
  };
  const std::u32string a = chars(a_utf8);
  const std::u32string b = chars(b_utf8);
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
}

std::string closest(std::string_view word, const std::vector<std::string>& candidates) {
  const std::string a(word);
  const auto distance = [&a](const std::string& cand) { return edit_distance(a, cand); };
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
    char32_t cp = 0;
    const std::size_t n = next_codepoint(s, i, &cp);
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
  // ASCII is its own NFC and NFKC: most student text is, and utf8proc_map allocates and walks
  // it anyway.
  const bool ascii = std::all_of(in.begin(), in.end(), [](char c) { return static_cast<unsigned char>(c) < 0x80; });
  if (ascii || !valid_utf8(in)) return std::string(in);
  utf8proc_uint8_t* out = nullptr;
  const auto n = utf8proc_map(bytes(in), static_cast<utf8proc_ssize_t>(in.size()), &out,
                              static_cast<utf8proc_option_t>(options | UTF8PROC_STABLE));
  if (n < 0 || out == nullptr) return std::string(in);
  const std::unique_ptr<utf8proc_uint8_t, decltype(&std::free)> owned(out, &std::free);
  return {reinterpret_cast<const char*>(out), static_cast<std::size_t>(n)};  // NOLINT(*-reinterpret-cast)
}

bool starts_with(std::string_view s, std::string_view p) {
  return s.substr(0, p.size()) == p;
}

std::string_view trim_view(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.remove_suffix(1);
  return s;
}

// A shell's own prompt name: `bash`, `sh`, `zsh`, `ash`, with a version (`bash-5.1`, `sh-5.2`).
bool shell_name(std::string_view s) {
  const auto dash = s.find('-');
  const std::string_view name = s.substr(0, dash);
  if (name != "bash" && name != "sh" && name != "zsh" && name != "ash" && name != "dash" && name != "ksh") return false;
  if (dash == std::string_view::npos) return true;
  const std::string_view version = s.substr(dash + 1);
  return !version.empty() &&
         std::all_of(version.begin(), version.end(), [](char c) { return (c >= '0' && c <= '9') || c == '.'; });
}

// A command line the lab's students type: kubectl (or its aliases) and the shell's own.
bool starts_command(std::string_view s) {
  for (std::string_view c : {"kubectl ", "k ", "kubecolor ", "sudo ", "cat ", "echo ", "watch ", "oc "}) {
    if (starts_with(s, c)) return true;
  }
  return false;
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
  if (l == "$" || l == "exit" || l == "logout") return true;
  // A session recorded with `script`: its header and footer (and the lines `script` prints on the
  // terminal when it starts and ends, pasted with the output).
  if (starts_with(l, "Script started on ") || starts_with(l, "Script done on ") || starts_with(l, "Script started, ") ||
      starts_with(l, "Script done, "))
    return true;
  // watch(1)'s header above the output it repeats: `Every 2.0s: kubectl get nodes ...  host: date`.
  if (starts_with(l, "Every ") && l.size() > 7 && l[6] >= '0' && l[6] <= '9' && l.find("s: ") != std::string_view::npos)
    return true;
  if (starts_with(l, "kubectl ") || starts_with(l, "sudo kubectl ") || starts_with(l, "k get ")) return true;
  // What kubectl says on stderr beside its output (`2>&1`): a warning, a klog line
  // (`W1130 05:23:35.123456   123 file.go:42] ...`).
  if (starts_with(l, "Warning: ")) return true;
  if (l.size() > 22 && (l[0] == 'I' || l[0] == 'W' || l[0] == 'E' || l[0] == 'F') && l[5] == ' ' && l[8] == ':' &&
      l[11] == ':' && l[14] == '.' &&
      std::all_of(l.begin() + 1, l.begin() + 5, [](char c) { return c >= '0' && c <= '9'; }))
    return true;
  // `user@host:~/lab$ kubectl ...`, `[root@host lab]# cat out/x.txt`, `PS C:\lab> kubectl ...`,
  // a container's shell (`bash-5.1# `, `sh-5.2$ `), a host name before a command
  // (`controlplane $ kubectl ...`); a prompt alone on its line too (`bash-5.1#`).
  for (std::string_view p : {"$ ", "# ", "> ", "% "}) {
    const auto at = l.find(p);
    if (at == std::string_view::npos || at == 0) continue;
    const std::string_view before = trim_view(l.substr(0, at));
    if (before.empty()) continue;
    const std::string_view after = l.substr(at + p.size());
    const bool prompt_like = before.find('@') != std::string_view::npos || starts_with(before, "PS ") ||
                             (before.front() == '[' && before.back() == ']') || shell_name(before) ||
                             (before.find(' ') == std::string_view::npos && starts_command(after));
    if (prompt_like && before.find("  ") == std::string_view::npos) return true;
  }
  // A prompt alone on its line, as a copy that ends at the next prompt holds it: `user@host:~$`,
  // `bash-5.1#`, `controlplane:~$`, `controlplane $`, `[root@lab gpuwhy]#`, `PS C:\lab>`, `❯`.
  if (l == "\u276f" || l == "\u279c" || l == "%" || l == ">") return true;
  if (starts_with(l, "PS ") && l.back() == '>') return true;
  if (l.size() > 1 && (l.back() == '$' || l.back() == '#')) {
    const std::string_view before = trim_view(l.substr(0, l.size() - 1));
    if (shell_name(before) || (!before.empty() && before.find(' ') == std::string_view::npos) ||
        (before.size() > 2 && before.front() == '[' && before.back() == ']'))
      return true;
  }
  return false;
}

namespace {

// The command a noise line types at a prompt (`$ kubectl get ...`, `root@lab:~# kubectl ...`,
// `PS C:\lab> kubectl ...`, `kubectl ...` alone); empty when the line types none (a comment, a
// warning, a prompt alone).
std::string_view typed_command(std::string_view l) {
  l = trim_view(l);
  if (starts_with(l, "//") || starts_with(l, "```") || starts_with(l, "Warning: ") || starts_with(l, "Script ") ||
      starts_with(l, "Every "))
    return {};
  if (starts_command(l)) return l;
  std::size_t best = std::string_view::npos;
  std::size_t size = 0;
  for (std::string_view p : {"$ ", "# ", "> ", "% ", "\u276f ", "\u279c "}) {
    const auto at = l.find(p);
    if (at < best) {
      best = at;
      size = p.size();
    }
  }
  if (best == std::string_view::npos) return {};
  const std::string_view after = trim_view(l.substr(best + size));
  // `# note` is a comment; `# kubectl ...` is root's prompt.
  if (best == 0 && l.front() == '#' && !starts_command(after)) return {};
  return after;
}

// Whether a shell reads on past the end of `cmd` before it runs it: a quote is still open, or the
// line ends with `\`, `|`, `&&` or `||` (outside a `#` comment).
bool shell_reads_on(std::string_view cmd) {
  char quote = 0;
  bool word_start = true;
  std::size_t end = cmd.size();
  for (std::size_t i = 0; i < cmd.size(); ++i) {
    const char c = cmd[i];
    if (quote == '\'') {
      if (c == '\'') quote = 0;
      continue;
    }
    if (c == '\\') {
      if (i + 1 == cmd.size()) return true;
      ++i;
      word_start = false;
      continue;
    }
    if (quote == '"') {
      if (c == '"') quote = 0;
      continue;
    }
    if (c == '\'' || c == '"') {
      quote = c;
      word_start = false;
      continue;
    }
    if (c == '#' && word_start) {
      end = i;
      break;
    }
    word_start = c == ' ' || c == '\t' || c == ';' || c == '|' || c == '&' || c == '(';
  }
  if (quote != 0) return true;
  const std::string_view code = trim_view(cmd.substr(0, end));
  return !code.empty() && (code.back() == '|' || (code.size() >= 2 && code.substr(code.size() - 2) == "&&"));
}

}  // namespace

std::vector<bool> noise_lines(const std::vector<std::string_view>& lines) {
  std::vector<bool> out(lines.size(), false);
  for (std::size_t i = 0; i < lines.size(); ++i) {
    if (!is_noise_line(lines[i])) continue;
    out[i] = true;
    // A command the terminal wrapped (or the shell continued) goes on in the lines below it: they
    // are the rest of the command, not its output. Read exactly, as the terminal cut it.
    // `script`'s header names the command in brackets: `[COMMAND="kubectl ..." <not executed on
    // terminal>]`, wrapped like any line.
    const std::string_view own = trim_view(lines[i]);
    if (starts_with(own, "Script started on ") && own.find('[') != std::string_view::npos && own.back() != ']') {
      for (std::size_t more = 0; more < 8 && i + 1 < lines.size() && !blank(lines[i + 1]); ++more) {
        out[++i] = true;
        if (trim_view(lines[i]).back() == ']') break;
      }
      continue;
    }
    std::string cmd(typed_command(lines[i]));
    for (std::size_t more = 0; !cmd.empty() && more < 8 && shell_reads_on(cmd); ++more) {
      if (i + 1 >= lines.size() || blank(lines[i + 1])) break;
      cmd += lines[++i];
      out[i] = true;
    }
  }
  return out;
}

std::string strip_terminal_codes(std::string_view utf8) {
  if (std::none_of(utf8.begin(), utf8.end(), [](char c) {
        const auto u = static_cast<unsigned char>(c);
        return u < 0x20 && c != '\n' && c != '\t';
      }))
    return std::string(utf8);
  std::string out;
  out.reserve(utf8.size());
  for (std::size_t i = 0; i < utf8.size(); ++i) {
    const char c = utf8[i];
    if (c != '\x1b') {
      if (static_cast<unsigned char>(c) >= 0x20 || c == '\n' || c == '\t') out += c;
      continue;
    }
    if (i + 1 >= utf8.size()) break;
    const char kind = utf8[++i];
    if (kind == '[') {  // CSI: parameters and intermediates, then one final byte 0x40-0x7e
      while (i + 1 < utf8.size() && (utf8[i + 1] < 0x40 || utf8[i + 1] > 0x7e) && utf8[i + 1] >= 0x20) ++i;
      if (i + 1 < utf8.size()) ++i;
    } else if (kind == ']' || kind == 'P' || kind == '_' || kind == '^') {  // OSC, DCS ...: to BEL or ESC backslash
      while (i + 1 < utf8.size() && utf8[i + 1] != '\a' && utf8[i + 1] != '\x1b' && utf8[i + 1] != '\n') ++i;
      if (i + 1 < utf8.size() && utf8[i + 1] == '\a') {
        ++i;
      } else if (i + 2 < utf8.size() && utf8[i + 1] == '\x1b' && utf8[i + 2] == '\\') {
        i += 2;
      }
    } else if ((kind == '(' || kind == ')') && i + 1 < utf8.size()) {  // a character set: one more byte
      ++i;
    }
  }
  return out;
}

std::string strip_noise(std::string_view in) {
  const std::string plain = strip_terminal_codes(in);
  const std::string_view utf8 = plain;
  std::vector<std::string_view> lines;
  for (std::size_t start = 0; start <= utf8.size();) {
    std::size_t end = utf8.find('\n', start);
    if (end == std::string_view::npos) end = utf8.size();
    lines.push_back(utf8.substr(start, end - start));
    start = end + 1;
  }
  const std::vector<bool> noise = noise_lines(lines);
  std::string out;
  out.reserve(utf8.size());
  for (std::size_t i = 0; i < lines.size(); ++i) {
    if (noise[i]) continue;
    out.append(lines[i]);
    if (i + 1 < lines.size()) out += '\n';
  }
  return out;
}

}  // namespace gpuwhy::text
