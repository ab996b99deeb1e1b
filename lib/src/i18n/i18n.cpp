#include "gpuwhy/i18n/i18n.h"

#include "catalog.h"

#include <algorithm>
#include <array>
#include <optional>
#include <unordered_map>
#include <utility>

#include "gpuwhy/base/text.h"
#include "gpuwhy/lab/lab.h"

namespace gpuwhy::i18n {

constexpr std::array<LangRow, kLangCount> kLangRows{{
    {.lang = Lang::kEn, .code = "en", .country = "", .catalog = catalog_en},
    {.lang = Lang::kKo, .code = "ko", .country = "kr", .catalog = catalog_ko},
    {.lang = Lang::kJa, .code = "ja", .country = "jp", .catalog = catalog_ja},
}};

namespace {
// Every row in its place (row i is Lang i: a row given twice leaves another out), English first,
// each with a lower-case code of its own; a row left out does not compile (its catalog).
consteval bool rows_filled() {
  if (kLangRows[0].lang != Lang::kEn) return false;
  for (std::size_t i = 0; i < kLangRows.size(); ++i) {
    const LangRow& l = kLangRows[i];
    if (static_cast<std::size_t>(l.lang) != i || l.code.size() != 2) return false;
    for (const char c : l.code) {
      if (c < 'a' || c > 'z') return false;
    }
    for (std::size_t j = 0; j < i; ++j) {
      if (kLangRows[j].code == l.code || (!l.country.empty() && kLangRows[j].country == l.country)) return false;
    }
  }
  return true;
}
static_assert(rows_filled(), "kLangRows: one row per Lang, in its order, English first, each with its own code");
}  // namespace

const LangRow& info(Lang lang) {
  for (const auto& l : kLangRows) {
    if (l.lang == lang) return l;
  }
  return kLangRows[0];  // not a language (Lang::kCount): English, the fallback
}

std::string to_string(Lang lang) {
  return std::string(info(lang).code);
}

std::optional<Lang> parse_lang(std::string_view text) {
  // "ko", "ko_KR.UTF-8", "ko-KR", "ja_JP.eucJP@x": only the language part counts.
  std::string lower = text::to_lower_ascii(text);
  const auto cut = lower.find_first_of("_-.@");
  const std::string code = lower.substr(0, cut);
  for (const auto& l : kLangRows) {
    if (l.code == code) return l.lang;
  }
  return std::nullopt;
}

std::optional<Lang> parse_lang_flag(std::string_view text) {
  const std::string lower = text::to_lower_ascii(text);
  for (const auto& l : kLangRows) {
    if (!l.country.empty() && l.country == lower) return l.lang;
  }
  return parse_lang(text);
}

Lang choose_lang(const std::optional<std::string>& flag, const std::map<std::string, std::string>& env) {
  if (flag) {
    if (auto l = parse_lang_flag(*flag)) return *l;
  }
  const auto get = [&env](const char* name) -> std::string {
    auto it = env.find(name);
    return it == env.end() ? std::string() : it->second;
  };
  if (auto l = parse_lang(get("GPUWHY_LANG"))) return *l;
  // POSIX precedence: the first of LC_ALL, LC_MESSAGES, LANG that is set and non-empty decides,
  // even when it names a language we do not have ("C", "de_DE") -> English.
  for (const char* name : {"LC_ALL", "LC_MESSAGES", "LANG"}) {
    const std::string v = get(name);
    if (v.empty()) continue;
    return parse_lang(v).value_or(Lang::kEn);
  }
  return Lang::kEn;
}

std::optional<std::string> lang_flag(const std::vector<std::string>& args) {
  constexpr std::string_view kFlag = "--lang";
  for (std::size_t i = 0; i < args.size(); ++i) {
    const std::string& a = args[i];
    if (a == "--") break;
    if (a == kFlag) {
      if (i + 1 < args.size()) return args[i + 1];
      return std::nullopt;
    }
    if (a.size() > kFlag.size() && a.compare(0, kFlag.size(), kFlag) == 0 && a[kFlag.size()] == '=') {
      return a.substr(kFlag.size() + 1);
    }
  }
  return std::nullopt;
}

std::map<std::string, std::string> catalog_map(std::span<const CatalogEntry> entries) {
  std::map<std::string, std::string> out;
  for (const auto& e : entries) out.emplace(e.id, e.text);
  return out;
}

const std::map<std::string, std::string>& catalog(Lang lang) {
  return info(lang).catalog();
}

namespace {
/// The text of `id` in `lang`'s catalog, else nullptr: a hashed index over the catalog, built
/// once per language, since a report renders every message through it (the ordered map costs a
/// string comparison per level).
const std::string* find_text(Lang lang, std::string_view id) {
  using Index = std::unordered_map<std::string_view, const std::string*>;
  static const std::array<Index, kLangCount> kIndex = [] {
    std::array<Index, kLangCount> out;
    for (const auto& row : kLangRows) {
      auto& index = out[static_cast<std::size_t>(row.lang)];
      index.reserve(row.catalog().size());
      for (const auto& [k, v] : row.catalog()) index.emplace(k, &v);
    }
    return out;
  }();
  const auto& index = kIndex[static_cast<std::size_t>(info(lang).lang)];
  const auto it = index.find(id);
  return it == index.end() ? nullptr : it->second;
}
}  // namespace

namespace {
// The last sound of `word` read in Korean: 0 vowel, 1 a consonant, 2 ㄹ; nullopt when unknown.
std::optional<int> last_sound(std::string_view word) {
  std::size_t end = word.size();
  while (end > 0 && std::string_view(" )]}\"'`>").find(word[end - 1]) != std::string_view::npos) --end;
  while (end > 0 && (static_cast<unsigned char>(word[end - 1]) & 0xC0U) == 0x80U) --end;  // a closing ” 」 ）
  if (end == 0) return std::nullopt;
  const auto c = static_cast<unsigned char>(word[end - 1]);
  const std::string_view rest = word.substr(end - 1);
  if (c >= 0x80) {
    // One UTF-8 character from end-1: a Hangul syllable (U+AC00..U+D7A3) tells its final consonant.
    if (rest.size() < 3 || (c & 0xF0U) != 0xE0U) return std::nullopt;
    const auto cp = ((c & 0x0FU) << 12U) | ((static_cast<unsigned char>(rest[1]) & 0x3FU) << 6U) |
                    (static_cast<unsigned char>(rest[2]) & 0x3FU);
    if (cp == 0x201D || cp == 0x300D || cp == 0xFF09) return last_sound(word.substr(0, end - 1));
    if (cp < 0xAC00 || cp > 0xD7A3) return std::nullopt;
    const auto final = (cp - 0xAC00) % 28;
    return final == 0 ? 0 : final == 8 ? 2 : 1;
  }
  if (c >= '0' && c <= '9') {
    constexpr int kDigit[] = {1, 2, 0, 1, 0, 0, 1, 2, 2, 0};  // 영 일 이 삼 사 오 육 칠 팔 구
    return kDigit[c - '0'];
  }
  if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'))) return std::nullopt;
  std::string tail(word.substr(end >= 3 ? end - 3 : 0, std::min<std::size_t>(end, 3)));
  for (char& ch : tail) ch = static_cast<char>(ch >= 'A' && ch <= 'Z' ? ch - 'A' + 'a' : ch);
  const auto vowel = [](char ch) { return std::string_view("aeiou").find(ch) != std::string_view::npos; };
  const char last = tail.back();
  const char before = tail.size() >= 2 ? tail[tail.size() - 2] : '\0';
  const char first = tail.size() >= 3 ? tail[0] : '\0';
  if (last == 'l' || (before == 'l' && last == 'e')) return 2;                 // kubectl, YAML, NoSchedule
  if (last == 'm' || last == 'n' || (before == 'n' && last == 'g')) return 1;  // dry-run, Pending
  if ((before == 'm' || before == 'n') && last == 'e') return 1;               // nodeName, none
  // A short vowel then k, t, p or c closes the syllable: limit 리밋, snapshot 스냅숏, spec 스펙.
  if (std::string_view("ktpc").find(last) != std::string_view::npos && vowel(before) && !vowel(first)) return 1;
  return 0;
}

std::string render_in(const Msg& m, Lang lang);

// "node:이/가" -> {"node", "이/가"} when the part after ':' is a particle pair josa() knows.
std::pair<std::string, std::string> split_particle(std::string name) {
  const auto colon = name.find(':');
  if (colon == std::string::npos || !josa("", std::string_view(name).substr(colon + 1))) return {std::move(name), ""};
  return {name.substr(0, colon), name.substr(colon + 1)};
}

constexpr std::string_view kPartMark = "part_";

// {name} is filled from args["name"]; else, for a text of the lab (Msg::of_lab), from the lab's
// names; else, when args has "name@", with the catalog text of that id rendered in the same
// language and with the same args (a translated part of a sentence, such as what could not be
// read); else it stays as written.
std::string substitute(const std::string& tmpl, const std::map<std::string, std::string>& args, Lang lang,
                       bool of_lab) {
  std::string out;
  out.reserve(tmpl.size());
  for (std::size_t i = 0; i < tmpl.size(); ++i) {
    if (tmpl[i] != '{') {  // the text up to the next brace, in one append
      const auto brace = std::min(tmpl.find('{', i), tmpl.size());
      out.append(tmpl, i, brace - i);
      i = brace - 1;
      continue;
    }
    const auto close = tmpl.find('}', i);
    if (close == std::string::npos) {
      out += tmpl[i];
      continue;
    }
    const auto [name, particle] = split_particle(tmpl.substr(i + 1, close - i - 1));
    const std::size_t from = out.size();
    // The args first: the lab's names are looked up only for what they leave open.
    const auto arg = args.find(name);
    const auto lab_name = arg == args.end() && of_lab ? lab::names().find(name) : lab::names().end();
    if (arg != args.end()) {
      out += arg->second;
    } else if (lab_name != lab::names().end()) {
      out += lab_name->second;
    } else if (auto nested = args.find(name + "@"); nested != args.end() && !nested->second.empty()) {
      std::map<std::string, std::string> inner = args;
      inner.erase(name + "@");  // a text never fills itself
      out += render_in(Msg{nested->second, std::move(inner), of_lab}, lang);
    } else if (name.rfind(kPartMark, 0) == 0) {
      // a part mark (see parts()): nothing in the text
    } else {
      out += tmpl[i];
      continue;
    }
    if (!particle.empty()) out += *josa(std::string_view(out).substr(from), particle);
    i = close;
  }
  return out;
}

std::string render_in(const Msg& m, Lang lang) {
  if (const auto* t = find_text(lang, m.id)) return substitute(*t, m.args, lang, m.of_lab);
  if (const auto* t = find_text(Lang::kEn, m.id)) return substitute(*t, m.args, Lang::kEn, m.of_lab);
  return m.id;
}
}  // namespace

std::string render(const Msg& m, Lang lang) {
  if (m.id.empty()) {
    auto it = m.args.find("text");
    return it == m.args.end() ? std::string() : it->second;
  }
  return render_in(m, lang);
}

std::string text(std::string_view id, Lang lang, const std::map<std::string, std::string>& args) {
  return render(Msg{std::string(id), args}, lang);
}

std::vector<Part> parts(std::string_view id, Lang lang, const std::map<std::string, std::string>& args) {
  const std::string* found = find_text(lang, id);
  if (found == nullptr) {
    found = find_text(Lang::kEn, id);
    if (found == nullptr) return {};
    lang = Lang::kEn;
  }
  const std::string& tmpl = *found;
  std::vector<Part> out;
  std::string name = "what";
  std::size_t start = 0;
  const auto add = [&](std::size_t end) {
    std::string t = text::trim(substitute(tmpl.substr(start, end - start), args, lang, false));
    if (!t.empty()) out.push_back({name, std::move(t)});
  };
  const std::string open = "{" + std::string(kPartMark);
  for (auto at = tmpl.find(open); at != std::string::npos; at = tmpl.find(open, start)) {
    const auto close = tmpl.find('}', at);
    if (close == std::string::npos) break;
    add(at);
    name = tmpl.substr(at + open.size(), close - at - open.size());
    start = close + 1;
  }
  add(tmpl.size());
  return out;
}

std::optional<std::string> josa(std::string_view word, std::string_view pair) {
  static constexpr std::string_view kPairs[] = {"이/가",   "은/는",   "을/를",      "과/와",
                                                "으로/로", "이나/나", "이라는/라는"};
  if (std::find(std::begin(kPairs), std::end(kPairs), pair) == std::end(kPairs)) return std::nullopt;
  const auto slash = pair.find('/');
  const std::string after_consonant(pair.substr(0, slash));
  const std::string after_vowel(pair.substr(slash + 1));
  const auto sound = last_sound(word);
  if (!sound) return after_consonant + "(" + after_vowel + ")";
  if (*sound == 2 && pair == "으로/로") return after_vowel;
  return *sound == 0 ? after_vowel : after_consonant;
}

std::vector<std::string> placeholders(std::string_view t) {
  std::vector<std::string> out;
  for (std::size_t i = 0; i < t.size(); ++i) {
    if (t[i] != '{') continue;
    const auto close = t.find('}', i);
    if (close == std::string_view::npos) break;
    std::string_view name = t.substr(i + 1, close - i - 1);
    if (const auto colon = name.find(':'); colon != std::string_view::npos && josa("", name.substr(colon + 1)))
      name = name.substr(0, colon);
    bool ident = !name.empty();
    for (char c : name) ident = ident && ((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_');
    if (ident) out.emplace_back(name);
    i = close;
  }
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
  return out;
}

}  // namespace gpuwhy::i18n
