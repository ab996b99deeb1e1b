// Text in lines that fit a width in display columns, as the terminal shows them (see wrap.h).
#include "gpuwhy/base/wrap.h"

#include <algorithm>
#include <string>
#include <utility>
#include <vector>

#include "gpuwhy/base/text.h"

namespace gpuwhy::text {

namespace {

bool hangul(char32_t cp) {
  return (cp >= 0x1100 && cp <= 0x11FF) || (cp >= 0x3130 && cp <= 0x318F) || (cp >= 0xAC00 && cp <= 0xD7A3);
}

// Characters a line may not start with (closing punctuation, Japanese kinsoku) or end with.
bool closing(char32_t cp) {
  static constexpr std::u32string_view kClosing =
      U"、。，．・：；？！）」』】〕〉》ー々ぁぃぅぇぉっゃゅょァィゥェォッャュョ.,:;!?)]}";
  return kClosing.find(cp) != std::u32string_view::npos;
}
bool opening(char32_t cp) {
  static constexpr std::u32string_view kOpening = U"（「『【〔〈《([{";
  return kOpening.find(cp) != std::u32string_view::npos;
}

// Words (runs without a space) cut into atoms: between two characters of which one is a wide
// Japanese or Chinese character a line may break (not before closing nor after opening
// punctuation); Korean breaks at spaces, as Korean text is set.
std::vector<BreakUnit> atoms_of(std::string_view s) {
  std::vector<BreakUnit> out;
  bool space = false;
  bool break_after_prev = false;  // the previous character allows a break after it
  std::size_t i = 0;
  while (i < s.size()) {
    char32_t cp = 0;
    std::size_t n = next_codepoint(s, i, &cp);
    if (n == 0) {
      n = 1;
      cp = 0xFFFD;
    }
    const std::string_view ch = s.substr(i, n);
    i += n;
    if (ch == " ") {
      space = true;
      continue;
    }
    const bool cjk = display_width(ch) == 2 && !hangul(cp);
    const bool start = out.empty() || space || ((cjk || break_after_prev) && !closing(cp));
    if (start) {
      out.push_back({std::string(ch), space && !out.empty()});
    } else {
      out.back().text += ch;
    }
    break_after_prev = cjk && !opening(cp);
    space = false;
  }
  return out;
}

// `atom` cut into pieces of at most `width` columns, on character boundaries; a JSON token (one
// holding `{` or `[`) after its last `,` (else `:`) that fits, where it has one.
std::vector<std::string> cut(const std::string& atom, std::size_t width) {
  const bool json_token = atom.find_first_of("{[") != std::string::npos;
  std::vector<std::string> out(1);
  std::size_t w = 0;
  std::size_t i = 0;
  while (i < atom.size()) {
    char32_t cp = 0;
    const std::size_t n = std::max<std::size_t>(1, next_codepoint(atom, i, &cp));
    const std::string ch = atom.substr(i, n);
    const std::size_t cw = display_width(ch);
    if (w > 0 && w + cw > width) {
      std::string rest;
      for (const char at : {',', ':'}) {
        const std::size_t k = json_token ? out.back().rfind(at) : std::string::npos;
        if (k != std::string::npos && k + 1 < out.back().size() &&
            display_width(std::string_view(out.back()).substr(k + 1)) + cw <= width) {
          rest = out.back().substr(k + 1);
          out.back().resize(k + 1);
          break;
        }
      }
      out.push_back(std::move(rest));
      w = display_width(out.back());
    }
    out.back() += ch;
    w += cw;
    i += n;
  }
  return out;
}

}  // namespace

std::string wrap(std::string_view s, std::size_t width, std::string_view indent) {
  const std::size_t room = width > indent.size() ? width - indent.size() : 1;
  std::vector<std::string> lines;
  std::string line;
  std::size_t lw = 0;
  for (const BreakUnit& a : atoms_of(s)) {
    const std::size_t aw = display_width(a.text);
    const std::size_t sep = (lw > 0 && a.space_before) ? 1 : 0;
    if (lw + sep + aw <= room) {
      line += (sep != 0 ? " " : "") + a.text;
      lw += sep + aw;
      continue;
    }
    if (lw > 0) lines.push_back(std::exchange(line, {}));
    auto pieces = cut(a.text, room);
    line = pieces.back();
    pieces.pop_back();
    for (auto& p : pieces) lines.push_back(std::move(p));
    lw = display_width(line);
  }
  if (!line.empty()) lines.push_back(line);
  std::string out;
  for (const auto& l : lines) out += std::string(indent) + l + "\n";
  return out;
}

std::vector<BreakUnit> break_units(std::string_view s) {
  return atoms_of(s);
}

}  // namespace gpuwhy::text
