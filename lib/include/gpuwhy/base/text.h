#pragma once
/// Tolerant text handling for what students save: BOM, CRLF, UTF-16, trailing spaces.

#include <cstddef>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace gpuwhy::text {

/// Decodes raw file bytes to UTF-8: strips a UTF-8 BOM, converts UTF-16 LE/BE (with BOM),
/// turns CRLF/CR into LF. Returns nullopt for binary content (NUL bytes outside UTF-16)
/// or invalid UTF-8, with `why` set to a one-line reason.
std::optional<std::string> decode(std::string_view raw, std::string* why = nullptr);

/// Lines without their terminators and without trailing spaces/tabs.
std::vector<std::string> lines(std::string_view utf8);

/// `s` without leading and trailing ASCII whitespace (space, \t, \n, \r, \f, \v).
std::string trim(std::string_view s);
/// trim(s).empty() without the copy: nothing but the whitespace trim cuts.
bool blank(std::string_view s);
/// The items of `v` with `sep` between them.
std::string join(const std::vector<std::string>& v, std::string_view sep = ", ");
std::string to_lower_ascii(std::string_view s);

/// Decodes the well-formed UTF-8 sequence at s[i] (RFC 3629: no overlong forms, no surrogates,
/// nothing above U+10FFFF; utf8proc_iterate) into `*cp`; returns its length in bytes, 0 when the
/// byte there does not start one (or i is past the end). The one UTF-8 decoder of gpuwhy.
std::size_t next_codepoint(std::string_view s, std::size_t i, char32_t* cp);
bool valid_utf8(std::string_view s);

/// `utf8` with each character for which `escape(cp)` is not empty written as that instead (the
/// escapers of machine formats); a byte that is not UTF-8 is kept as it is.
std::string escape_each(std::string_view utf8, const std::function<std::string(char32_t)>& escape);
/// `s` as valid UTF-8: every byte that does not start a well-formed sequence becomes U+FFFD.
std::string clean_utf8(std::string_view s);
/// `s` on one line: valid UTF-8, control characters and line breaks turned into spaces, runs of
/// spaces collapsed, trimmed, cut to at most `max` bytes on a character boundary ("…" when cut).
std::string one_line(std::string_view s, std::size_t max = 200);

/// Columns a terminal uses to show `utf8` (utf8proc_charwidth: East Asian wide characters count
/// 2, combining marks and format characters 0; C0 controls and ANSI CSI sequences count 0, a
/// byte that is not UTF-8 counts 1).
std::size_t display_width(std::string_view utf8);
/// `s` followed by spaces up to `width` display columns (unchanged when already that wide).
std::string pad(std::string_view s, std::size_t width);
/// Optimal string alignment distance between `a` and `b`, by characters (code points; a byte
/// that is not UTF-8 is one), ASCII letters in any case equal: the fewest insertions, deletions,
/// replacements and swaps of two neighbours that make one the other ("2026027" and "20260127": 1).
std::size_t edit_distance(std::string_view a, std::string_view b);
/// The candidate closest to `word` by edit distance (insert, delete, replace, swap two
/// neighbours), as kubectl and git suggest (`chek` -> `check`); "" when none is close (more
/// than a third of the word's letters, at least 1, 2 for short words).
std::string closest(std::string_view word, const std::vector<std::string>& candidates);

/// Unicode normalisation of what a keyboard produced (macOS pastes Hangul decomposed, Japanese
/// IMEs type full-width letters and digits): NFC composes, NFKC also folds compatibility forms
/// (`ＡＬＬＯＣＡＴＡＢＬＥ＝２` -> `ALLOCATABLE=2`). Invalid UTF-8 is returned unchanged.
std::string nfc(std::string_view utf8);
std::string nfkc(std::string_view utf8);

/// A line a student pasted around kubectl's output that is not part of it: a shell prompt with
/// its command (`$ kubectl ...`, `root@host:~# kubectl ...`, `kubectl ...`), a `#` or `//`
/// comment (in any language), a Markdown fence, what kubectl writes to stderr beside its output
/// (`Warning: ...`, klog lines `W1130 05:23:35.123456 ...`), the framing of a terminal session
/// recorded with `script` (`Script started on ...`, `Script done on ...`) and the `exit` that ends it,
/// the header `watch` prints above the output (`Every 2.0s: kubectl ...`).
bool is_noise_line(std::string_view line);
/// For each line, whether it is noise (is_noise_line) or the rest of a command typed at a prompt
/// that goes on below it: a terminal wrapped it inside a quote
/// (`$ kubectl get nodes -o jsonpath='{...}{.status` / `.allocatable...}'`), or the shell read on
/// after a trailing `\`, `|` or `&&`.
std::vector<bool> noise_lines(const std::vector<std::string_view>& lines);
/// `utf8` without what a terminal session adds to the text a program printed: ANSI escape
/// sequences (colours, bracketed paste, titles: CSI, OSC and two-byte escapes) and the other
/// control characters but tab and newline. A recorded session (`script`, a coloured `jq`) reads
/// as the plain output.
std::string strip_terminal_codes(std::string_view utf8);
/// `utf8` without its terminal codes (strip_terminal_codes) and its noise lines (see
/// is_noise_line); other lines are kept as they are.
std::string strip_noise(std::string_view utf8);

/// Cuts `s` to at most `max` bytes on a UTF-8 boundary, appending "…" when cut.
std::string ellipsize(std::string_view s, std::size_t max);

/// `s` made safe to print on a terminal, on one line: every control character (C0, DEL, C1,
/// bidi overrides, line separators) and every byte that is not UTF-8 is shown escaped (`\x1b`,
/// `\n`, `\u009b`, `\xff`), so nothing from outside can move the
/// cursor, clear the screen, set a title or start a line of its own. The one sanitiser for every
/// string from outside (files, apiserver, bundles) on its way to the table or to stderr; machine
/// formats (JSON, JUnit, ...) keep their own escaping instead.
std::string sanitize_terminal(std::string_view s);

}  // namespace gpuwhy::text
