#pragma once
/// The message catalog: every user-facing text, by id, in every language.

#include <array>
#include <cstddef>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "gpuwhy/model/result.h"

namespace gpuwhy::i18n {

/// The languages, English (the fallback) first, each with its row in kLangRows. kCount is not a
/// language: it stays last, and kLangRows has exactly that many rows, so a value added here
/// without its row does not compile.
enum class Lang { kEn, kKo, kJa, kCount };
inline constexpr std::size_t kLangCount = static_cast<std::size_t>(Lang::kCount);

using Catalog = std::map<std::string, std::string>;

/// One language, with all it takes: its code, the country code people type for it, and its
/// catalog. The catalog is a reference, so a row that leaves it out does not compile.
struct LangRow {
  Lang lang;
  std::string_view code;     ///< ISO 639-1: what --lang, GPUWHY_LANG and LANG's language part say
  std::string_view country;  ///< what --lang also takes for it ("kr" for Korean); "" = none
  const Catalog& (&catalog)();
};
/// Every language, once, in the order of Lang (lib/src/i18n/i18n.cpp, where a static_assert
/// holds each row to its place and its code to being given).
extern const std::array<LangRow, kLangCount> kLangRows;
/// The row of `lang` in kLangRows.
const LangRow& info(Lang lang);

/// Every language, English first: what --lang offers, and what tests walk.
inline constexpr std::array<Lang, kLangCount> kLangs = [] {
  std::array<Lang, kLangCount> out{};
  for (std::size_t i = 0; i < kLangCount; ++i) out[i] = static_cast<Lang>(i);
  return out;
}();
std::string to_string(Lang lang);                       ///< "en", "ko", "ja"
std::optional<Lang> parse_lang(std::string_view text);  ///< "ko", "ko_KR.UTF-8", "ja-JP" ...
/// A --lang value: what parse_lang takes, and the country codes people type for the language,
/// "kr" (Korean) and "jp" (Japanese). nullopt for anything else: the caller refuses it.
std::optional<Lang> parse_lang_flag(std::string_view text);

/// --lang, else GPUWHY_LANG, else LC_ALL, LC_MESSAGES, LANG, else English.
/// `getenv` is injected so the rule is testable.
Lang choose_lang(const std::optional<std::string>& flag, const std::map<std::string, std::string>& env);

/// The value of the first `--lang X` or `--lang=X` among command-line arguments (argv without the
/// program name), before any `--`. main() needs the language before the parser exists, because
/// CLI11 takes the --help texts when options are declared.
std::optional<std::string> lang_flag(const std::vector<std::string>& args);

/// The catalog of one language: id -> text with `{name}` placeholders.
const std::map<std::string, std::string>& catalog(Lang lang);

/// Renders a message; falls back to English, then to the id itself. Only `m.args` fill the
/// placeholders: a name the message does not carry stays "{name}" in the text, so a text that
/// forgets an argument shows it instead of printing some default (a node of the lab on any cluster).
std::string render(const Msg& m, Lang lang);
/// Shortcut for a catalog id with `args` (none by default).
std::string text(std::string_view id, Lang lang, const std::map<std::string, std::string>& args = {});

/// One part of a long catalog text. A check's explanation (check.<id>.explain) marks where each
/// of its parts starts with {part_what}, {part_why}, {part_look} or {part_mistakes} (what it
/// checks, why it matters, how to look yourself, usual mistakes); the text before the first mark
/// is "what". render() drops the marks, so the text reads as one paragraph elsewhere.
struct Part {
  std::string name;  ///< "what", "why", "look", "mistakes"
  std::string text;  ///< rendered as render() would with `args`, trimmed
};
/// The parts of the text `id`, in the order they are written (a name may come more than once);
/// a text without marks is one "what" part.
std::vector<Part> parts(std::string_view id, Lang lang, const std::map<std::string, std::string>& args = {});

/// The Korean particle of `pair` ("이/가", "은/는", "을/를", "과/와", "으로/로", "이나/나", "이라는/라는":
/// the form after a final consonant, then the one after a vowel) that follows `word` as read
/// aloud: a Hangul syllable by its final consonant, a digit as Korean reads it (0 영, 1 일, 3 삼 …),
/// a Latin word by its last sound (-l, -le: ㄹ; -m, -n, -ng, -me, -ne: a consonant; else a vowel),
/// closing quotes and brackets skipped. "으로/로" takes 로 after ㄹ too. A word it cannot read
/// gets both ("이(가)"). std::nullopt when `pair` is not one of these. In a catalog text,
/// `{name:이/가}` is the value of `name` followed by its particle.
std::optional<std::string> josa(std::string_view word, std::string_view pair);

/// Placeholder names used in a catalog text, e.g. {"node", "want"} ("{node:이/가}" counts as "node").
std::vector<std::string> placeholders(std::string_view text);

}  // namespace gpuwhy::i18n
