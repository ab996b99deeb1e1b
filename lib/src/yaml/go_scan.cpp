// What go-yaml v2 (the reader under sigs.k8s.io/yaml, so kubectl's) refuses in a document that
// yaml-cpp reads (yaml.h, go_yaml_problem). It follows go-yaml's scanner (scannerc.go) only as far
// as those refusals need: where whitespace may hold a tab, which escapes a double-quoted scalar
// knows, and a directive with no document after it. Anything else it leaves to the parser that
// reads the document, which words its own errors.
#include <algorithm>
#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "gpuwhy/base/text.h"
#include "gpuwhy/yaml/yaml.h"

namespace gpuwhy::yaml {

namespace {

/// A change go_line_breaks() makes: bytes [from, to) become `with`.
struct Edit {
  std::size_t from;
  std::size_t to;
  std::string_view with;
};

constexpr std::string_view kLineSeparator = "\xE2\x80\xA8";
constexpr std::string_view kParagraphSeparator = "\xE2\x80\xA9";

class Scanner {
 public:
  explicit Scanner(std::string_view t) : t_(t) {}
  /// Scanning the whole file (every document) for go_line_breaks(): the edits go to `edits`.
  Scanner(std::string_view t, std::vector<Edit>* edits) : t_(t), edits_(edits) {}

  std::optional<GoProblem> run() {
    while (true) {
      to_next_token();
      if (problem_ || at_end()) return problem_;
      if (stale_key()) key_possible_ = false;
      if (flow_ == 0) unroll(col_);
      if (!token()) return problem_;
    }
  }

 private:
  [[nodiscard]] bool at_end() const { return pos_ >= t_.size(); }
  [[nodiscard]] char at(std::size_t k = 0) const { return pos_ + k < t_.size() ? t_[pos_ + k] : '\0'; }
  /// U+2028 or U+2029 at byte k: a line break to go-yaml's scanner.
  [[nodiscard]] bool separator(std::size_t k = 0) const {
    const std::string_view s = t_.substr(std::min(pos_ + k, t_.size()), 3);
    return s == kLineSeparator || s == kParagraphSeparator;
  }
  [[nodiscard]] bool brk(std::size_t k = 0) const { return at(k) == '\n' || at(k) == '\r' || separator(k); }
  [[nodiscard]] bool blank(std::size_t k = 0) const { return at(k) == ' ' || at(k) == '\t'; }
  [[nodiscard]] bool blankz(std::size_t k = 0) const { return blank(k) || brk(k) || pos_ + k >= t_.size(); }
  [[nodiscard]] bool stale_key() const { return key_possible_ && key_line_ != line_; }

  void skip() {
    // A column is a character: the continuation bytes of one take none.
    ++pos_;
    while (pos_ < t_.size() && (static_cast<unsigned char>(t_[pos_]) & 0xC0U) == 0x80U) ++pos_;
    ++col_;
  }
  /// Past a line break. A U+2028 or U+2029 is then an LF to yaml-cpp (an edit), unless the scalar
  /// it is in keeps it (join_at_separator).
  void skip_line() {
    if (separator()) {
      if (edits_ != nullptr) edits_->push_back({pos_, pos_ + 3, "\n"});
      pos_ += 2;
    } else if (at() == '\r' && at(1) == '\n') {
      ++pos_;
    }
    ++pos_;
    ++line_;
    col_ = 0;
  }
  /// Text follows on this line that a plain scalar would take (go-yaml's plain scalar loop).
  [[nodiscard]] bool plain_text_here() const {
    if (blankz() || at() == '#') return false;
    if (col_ == 0 && blankz(3) && (t_.substr(pos_, 3) == "---" || t_.substr(pos_, 3) == "...")) return false;
    const char c = at();
    return !((c == ':' && blankz(1)) ||
             (flow_ > 0 && (c == ',' || c == '?' || c == '[' || c == ']' || c == '{' || c == '}')));
  }
  /// The separator skip_line() just passed was go-yaml's one break inside a scalar, with the
  /// scalar's text going on after it: go-yaml joins the two lines with that character, the blanks
  /// around it dropped. So do the bytes [from, pos_).
  void join_at_separator(std::size_t from) {
    if (edits_ == nullptr || edits_->empty()) return;
    const std::string_view sep = t_.substr(edits_->back().from, 3);
    edits_->back() = {from, pos_, sep};
  }
  void fail(const char* reason, const char* fault) { problem_ = GoProblem{line_ + 1, col_ + 1, reason, fault}; }

  void to_next_token() {
    while (!at_end()) {
      if (col_ == 0 && t_.substr(pos_, 3) == "\xEF\xBB\xBF") skip();
      // Tabs are whitespace in a flow collection, and in a block only after a token that cannot
      // start a key: never at the start of a line, nor after '-', '?' or a complex key's ':'.
      while (at() == ' ' || ((flow_ > 0 || !key_allowed_) && at() == '\t')) skip();
      if (at() == '#') {
        while (!at_end() && !brk()) skip();
      }
      if (!brk()) return;
      skip_line();
      if (flow_ == 0) key_allowed_ = true;
    }
  }

  void roll(int column) {
    if (flow_ == 0 && indent_ < column) {
      indents_.push_back(indent_);
      indent_ = column;
    }
  }
  void unroll(int column) {
    while (indent_ > column && !indents_.empty()) {
      indent_ = indents_.back();
      indents_.pop_back();
    }
    if (indent_ > column) indent_ = -1;
  }
  void save_key() {
    key_possible_ = key_allowed_;
    key_line_ = line_;
    key_col_ = col_;
  }

  /// One token; false when the scan ends (a problem, or the end of the first document).
  bool token() {
    const char c = at();
    if (col_ == 0 && c == '%') {
      // A directive: go-yaml then wants "---", which kubectl's reader never leaves inside a document.
      fail("did not find expected <document start>", "directive");
      return false;
    }
    if (col_ == 0 && blankz(3) && (t_.substr(pos_, 3) == "---" || t_.substr(pos_, 3) == "...")) {
      if ((c == '.' || started_) && edits_ == nullptr) return false;  // go-yaml reads no further
      started_ = true;
      flow_ = 0;
      unroll(-1);
      key_allowed_ = key_possible_ = false;
      skip(), skip(), skip();
      return true;
    }
    started_ = true;
    if (indicator(c)) return true;
    if ((c == '|' || c == '>') && flow_ == 0) return block_scalar();
    if (c == '\'' || c == '"') return quoted(c);
    if (c == '\t') {
      fail("found character that cannot start any token", "tab");
      return false;
    }
    return plain();
  }

  /// A flow or block indicator, an anchor, an alias or a tag: false when `c` starts none.
  bool indicator(char c) {
    switch (c) {
      case '[':
      case '{':
        save_key();
        ++flow_;
        key_allowed_ = true;
        skip();
        return true;
      case ']':
      case '}':
        if (flow_ > 0) --flow_;
        key_allowed_ = key_possible_ = false;
        skip();
        return true;
      case ',':
        key_allowed_ = true;
        key_possible_ = false;
        skip();
        return true;
      default: break;
    }
    if (c == '-' && flow_ == 0 && blankz(1)) {
      roll(col_);
      key_allowed_ = true;
      key_possible_ = false;
      skip();
      return true;
    }
    if (c == '?' && (flow_ > 0 || blankz(1))) {
      key_allowed_ = flow_ == 0;
      skip();
      return true;
    }
    if (c == ':' && (flow_ > 0 || blankz(1))) {
      if (key_possible_) {
        roll(key_col_);
        key_possible_ = false;
        key_allowed_ = false;
      } else {
        key_allowed_ = flow_ == 0;
      }
      skip();
      return true;
    }
    if (c == '*' || c == '&' || c == '!') {
      save_key();
      key_allowed_ = false;
      while (!blankz() && (c == '!' || (at() != ',' && at() != ']' && at() != '}'))) skip();
      return true;
    }
    return false;
  }

  /// Spaces of a block scalar's indentation, and its blank lines: a tab there is refused.
  bool block_breaks(int& indent) {
    int max_indent = 0;
    while (true) {
      while ((indent == 0 || col_ < indent) && at() == ' ') skip();
      if (col_ > max_indent) max_indent = col_;
      if ((indent == 0 || col_ < indent) && at() == '\t') {
        fail("found a tab character where an indentation space is expected", "tab");
        return false;
      }
      if (!brk()) break;
      skip_line();
    }
    if (indent == 0) {
      indent = max_indent;
      if (indent < indent_ + 1) indent = indent_ + 1;
      if (indent < 1) indent = 1;
    }
    return true;
  }

  bool block_scalar() {
    skip();
    int increment = 0;
    for (int k = 0; k < 2; ++k) {
      if (at() == '+' || at() == '-') {
        skip();
      } else if (at() >= '1' && at() <= '9') {
        increment = at() - '0';
        skip();
      }
    }
    while (blank()) skip();
    if (at() == '#') {
      while (!at_end() && !brk()) skip();
    }
    if (!brk() && !at_end()) return false;  // go-yaml refuses the header; so does yaml-cpp
    if (brk()) skip_line();
    int indent = increment == 0 ? 0 : (indent_ >= 0 ? indent_ + increment : increment);
    if (!block_breaks(indent)) return false;
    while (col_ == indent && !at_end()) {
      while (!at_end() && !brk()) skip();
      if (at_end()) break;
      const std::size_t at_break = pos_;
      const bool sep = separator();
      skip_line();
      if (sep) block_separator(at_break, indent);
      if (!block_breaks(indent)) return false;
    }
    key_allowed_ = true;
    key_possible_ = false;
    return true;
  }

  /// After a U+2028 or U+2029 that ends a block scalar's line (at `at_break`): go-yaml keeps it in
  /// the text, where the block goes on (the next line indented as the block: the lines joined
  /// with it, or a line break next: kept before it); else it ends the line, and maybe the block.
  void block_separator(std::size_t at_break, int indent) {
    if (edits_ == nullptr) return;
    std::size_t k = 0;
    while (std::cmp_less(k, indent) && at(k) == ' ') ++k;
    if (brk(k)) {
      edits_->pop_back();
    } else if (std::cmp_equal(k, indent) && pos_ + k < t_.size()) {
      edits_->back() = {at_break, pos_ + k, t_.substr(at_break, 3)};
    }
  }

  bool quoted(char q) {
    save_key();
    key_allowed_ = false;
    skip();
    constexpr std::size_t kNone = std::string_view::npos;
    std::size_t blanks_from = kNone;  // where the blanks before pos_ begin
    while (!at_end()) {
      const char c = at();
      const std::size_t here = pos_;
      if (separator()) {
        // go-yaml breaks the line; a quoted scalar keeps the character, not an LF.
        skip_line();
        while (blank()) skip();
        if (brk() && edits_ != nullptr) edits_->pop_back();  // more breaks follow: left to yaml-cpp
        if (!brk()) join_at_separator(blanks_from == kNone ? here : blanks_from);
        blanks_from = kNone;
        continue;
      }
      if (c != ' ' && c != '\t') {
        blanks_from = kNone;
      } else if (blanks_from == kNone) {
        blanks_from = here;
      }
      if (q == '\'' && c == '\'' && at(1) == '\'') {
        skip(), skip();
      } else if (c == q) {
        skip();
        return true;
      } else if (q == '"' && c == '\\' && !brk(1)) {  // a backslash before a line break joins the lines
        if (!escape()) return false;
      } else if (brk()) {
        skip_line();
      } else {
        skip();
      }
    }
    return false;  // unterminated: yaml-cpp refuses it too, and words it
  }

  /// A backslash in a double-quoted scalar and what follows it; go-yaml knows these and no others.
  bool escape() {
    constexpr std::string_view kKnown = "0abt\tnvfre \"'\\N_LP";
    const char e = at(1);
    std::size_t digits = 0;
    if (e == 'x') digits = 2;
    if (e == 'u') digits = 4;
    if (e == 'U') digits = 8;
    if (digits == 0 && (e == '\0' || kKnown.find(e) == std::string_view::npos)) {
      fail("found unknown escape character", "escape");
      return false;
    }
    skip(), skip();
    for (std::size_t k = 0; k < digits; ++k) {
      const char h = at();
      if (!((h >= '0' && h <= '9') || (h >= 'a' && h <= 'f') || (h >= 'A' && h <= 'F'))) {
        fail("did not find expected hexdecimal number", "escape");
        return false;
      }
      skip();
    }
    return true;
  }

  bool plain() {
    save_key();
    key_allowed_ = false;
    const int indent = indent_ + 1;
    bool leading_blanks = false;
    while (true) {
      if (col_ == 0 && blankz(3) && (t_.substr(pos_, 3) == "---" || t_.substr(pos_, 3) == "...")) break;
      if (at() == '#') break;
      while (!blankz()) {
        const char c = at();
        if ((c == ':' && blankz(1)) ||
            (flow_ > 0 && (c == ',' || c == '?' || c == '[' || c == ']' || c == '{' || c == '}'))) {
          break;
        }
        leading_blanks = false;
        skip();
      }
      if (!blank() && !brk()) break;
      const std::size_t run_from = pos_;
      int breaks = 0;
      bool separator_first = false;
      while (blank() || brk()) {
        if (blank()) {
          if (leading_blanks && col_ < indent && at() == '\t') {
            fail("found a tab character that violates indentation", "tab");
            return false;
          }
          skip();
        } else {
          if (breaks++ == 0) separator_first = separator();
          skip_line();
          leading_blanks = true;
        }
      }
      if (flow_ == 0 && col_ < indent) break;
      if (separator_first && breaks == 1 && plain_text_here()) join_at_separator(run_from);
    }
    if (leading_blanks) key_allowed_ = true;
    return true;
  }

  std::string_view t_;
  std::size_t pos_ = 0;
  int line_ = 0;
  int col_ = 0;
  int flow_ = 0;
  int indent_ = -1;
  std::vector<int> indents_;
  bool key_allowed_ = true;
  bool key_possible_ = false;
  int key_line_ = 0;
  int key_col_ = 0;
  bool started_ = false;
  std::optional<GoProblem> problem_;
  std::vector<Edit>* edits_ = nullptr;  ///< set: the whole file is scanned, for go_line_breaks()
};

}  // namespace

namespace {

// go-yaml's reader allows only these characters, in comments too: TAB, LF, CR, printable ASCII,
// NEL, U+00A0 to U+D7FF, U+E000 to U+FFFD and U+10000 to U+10FFFF ("control characters are not
// allowed"). Text that is not UTF-8 is the decoder's to refuse, not this.
bool go_printable(char32_t c) {
  return c == 0x09 || c == 0x0A || c == 0x0D || (c >= 0x20 && c <= 0x7E) || c == 0x85 || (c >= 0xA0 && c <= 0xD7FF) ||
         (c >= 0xE000 && c <= 0xFFFD) || c >= 0x10000;
}

std::optional<GoProblem> control_character(std::string_view document) {
  int line = 1;
  int column = 1;
  for (std::size_t i = 0; i < document.size();) {
    const auto byte = static_cast<unsigned char>(document[i]);
    char32_t cp = byte;
    std::size_t n = 1;
    if (byte >= 0x80) {
      n = text::next_codepoint(document, i, &cp);
      if (n == 0) return std::nullopt;
    }
    if (!go_printable(cp)) return GoProblem{line, column, "control characters are not allowed", "control"};
    if (cp == '\n') {
      ++line;
      column = 1;
    } else {
      ++column;
    }
    i += n;
  }
  return std::nullopt;
}

}  // namespace

std::optional<std::string> go_line_breaks(std::string_view text) {
  if (text.find(kLineSeparator) == std::string_view::npos && text.find(kParagraphSeparator) == std::string_view::npos)
    return std::nullopt;
  std::vector<Edit> edits;
  (void)Scanner(text, &edits).run();
  if (edits.empty()) return std::nullopt;
  std::string out;
  out.reserve(text.size());
  std::size_t from = 0;
  for (const Edit& e : edits) {
    out.append(text.substr(from, e.from - from));
    out.append(e.with);
    from = e.to;
  }
  out.append(text.substr(from));
  return out;
}

std::optional<GoProblem> go_yaml_problem(std::string_view document) {
  // The reader's refusal first: it reads ahead of the scanner.
  if (auto c = control_character(document)) return c;
  // Only tabs, backslashes and directives make the scanner's refusals this looks for. (One memchr
  // each: find_first_of with a set makes one call per byte.)
  const auto has = [document](char c) { return document.find(c) != std::string_view::npos; };
  if (!has('\t') && !has('\\') && !has('%')) return std::nullopt;
  return Scanner(document).run();
}

}  // namespace gpuwhy::yaml
