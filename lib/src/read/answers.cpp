// What a free answer of gate-report.txt says: yes, no, numbers, devices (see readers.h).
#include "gpuwhy/read/readers.h"

#include <algorithm>
#include <cctype>
#include <cstddef>
#include <initializer_list>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "gpuwhy/base/text.h"
namespace gpuwhy::readers {

// ---- answer words ------------------------------------------------------------------------

std::string to_string(Answer a) {
  switch (a) {
    case Answer::kUnknown: return "unknown";
    case Answer::kAffirmative: return "affirmative";
    case Answer::kNegative: return "negative";
    case Answer::kNumbers: return "numbers";
    case Answer::kDevices: return "devices";
    case Answer::kLabels: return "labels";
    case Answer::kNegator: return "negator";
    case Answer::kAmbiguous: return "ambiguous";
    case Answer::kPermissive: return "permissive";
    case Answer::kDiffer: return "differ";
  }
  return "unknown";
}

namespace {

bool ascii_only(std::string_view s) {
  return std::all_of(s.begin(), s.end(), [](char c) { return static_cast<unsigned char>(c) < 0x80; });
}

Answer lookup(std::string_view w) {
  for (const auto& row : answer_words()) {
    if (row.word == w) return row.answer;
  }
  // A Korean or Japanese word with an ending: the longest table word the token starts with.
  if (ascii_only(w)) return Answer::kUnknown;
  Answer best = Answer::kUnknown;
  std::size_t best_len = 0;
  for (const auto& row : answer_words()) {
    if (row.word.size() <= best_len || row.word.size() >= w.size() || w.substr(0, row.word.size()) != row.word ||
        ascii_only(row.word))
      continue;
    const std::string_view rest = w.substr(row.word.size());
    const auto& sfx = answer_suffixes();
    if (std::find(sfx.begin(), sfx.end(), rest) != sfx.end()) {
      best = row.answer;
      best_len = row.word.size();
    }
  }
  return best;
}

bool is_token_sep(char c) {
  return c == ' ' || c == '\t' || c == '/' || c == '|' || c == ',' || c == '(' || c == ')' || c == '[' || c == ']' ||
         c == ';' || c == '.' || c == '!' || c == ':' || c == '"' || c == '\'' || c == '=' || c == '+' || c == '&';
}

// is_token_sep at `i`, but an apostrophe between two letters is part of the word (`isn't`).
bool token_sep_at(std::string_view span, std::size_t i) {
  if (span[i] == '\'' && i > 0 && i + 1 < span.size()) {
    const auto letter = [](char c) { return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z'); };
    if (letter(span[i - 1]) && letter(span[i + 1])) return false;
  }
  return is_token_sep(span[i]);
}

// Calls `f` with each token of `span` (the runs between token separators).
template <class F>
void for_each_token(std::string_view span, const F& f) {
  std::size_t i = 0;
  while (i < span.size()) {
    while (i < span.size() && token_sep_at(span, i)) ++i;
    const std::size_t b = i;
    while (i < span.size() && !token_sep_at(span, i)) ++i;
    if (i > b) f(span.substr(b, i - b));
  }
}

// One CJK ideograph (U+4E00..U+9FFF): three bytes of UTF-8 led by E4..E9.
bool one_kanji(std::string_view w) {
  const auto b = static_cast<unsigned char>(w.empty() ? 0 : w[0]);
  return w.size() == 3 && b >= 0xE4 && b <= 0xE9;
}

// Whether the three bytes at `p` are hiragana or katakana (U+3040..U+30FF: E3 81 80 .. E3 83 BF).
bool kana_at(std::string_view s, std::size_t p) {
  if (p + 3 > s.size() || static_cast<unsigned char>(s[p]) != 0xE3) return false;
  const auto b = static_cast<unsigned char>(s[p + 1]);
  return b >= 0x81 && b <= 0x83;
}

// The token's edge (a blank left by a word found before counts as one) or kana before `p` / at `e`.
bool kana_or_edge_before(std::string_view s, std::size_t p) {
  return p == 0 || s[p - 1] == ' ' || (p >= 3 && kana_at(s, p - 3));
}
bool kana_or_edge_after(std::string_view s, std::size_t e) {
  return e >= s.size() || s[e] == ' ' || kana_at(s, e);
}

// The kinds of the answer words in one token, appended to `out`.
void token_kinds(std::string_view tok, std::vector<Answer>& out) {
  if (const Answer a = lookup(tok); a != Answer::kUnknown) {
    out.push_back(a);
    return;
  }
  if (ascii_only(tok)) return;
  // An English word with a Korean or Japanese particle or ending glued on: `GPU가`, `devices를`,
  // `GPUが`, `numbers입니다`.
  const auto cut = static_cast<std::size_t>(
      std::find_if(tok.begin(), tok.end(), [](char c) { return static_cast<unsigned char>(c) >= 0x80; }) - tok.begin());
  if (cut > 0) {
    static const std::vector<std::string_view> kParticles{"가", "이", "는", "은", "를", "을", "의", "로", "으로", "와",
                                                          "과", "도", "에", "が", "の", "は", "を", "で", "と",   "も"};
    const std::string_view rest = tok.substr(cut);
    const auto& sfx = answer_suffixes();
    const bool glued = std::find(kParticles.begin(), kParticles.end(), rest) != kParticles.end() ||
                       std::find(sfx.begin(), sfx.end(), rest) != sfx.end();
    if (const Answer a = glued ? lookup(tok.substr(0, cut)) : Answer::kUnknown; a != Answer::kUnknown) {
      out.push_back(a);
      return;
    }
  }
  // Japanese glues words together (`GPUの個数`, `必要ない`) and Korean glues particles on
  // (`숫자로`): the table words of two or more characters found inside, longest first, kept in
  // the order they stand in (`数値ではなくデバイス` is not `デバイスではなく数値`). A word of one
  // kanji (`数`) counts where kana or the token's edge stand beside it (`GPUの数`, `数だけ`), not
  // inside a compound (`複数`, `変数`).
  std::string rest(tok);
  std::vector<const AnswerWord*> rows;
  for (const auto& row : answer_words()) {
    if (!ascii_only(row.word) && (row.word.size() >= 6 || one_kanji(row.word))) rows.push_back(&row);
  }
  std::stable_sort(rows.begin(), rows.end(),
                   [](const auto* x, const auto* y) { return x->word.size() > y->word.size(); });
  std::vector<std::pair<std::size_t, Answer>> found;
  for (const auto* row : rows) {
    for (auto p = rest.find(row->word); p != std::string::npos; p = rest.find(row->word, p + 1)) {
      if (one_kanji(row->word) && !(kana_or_edge_before(rest, p) && kana_or_edge_after(rest, p + row->word.size())))
        continue;
      found.emplace_back(p, row->answer);
      rest.replace(p, row->word.size(), row->word.size(), ' ');
      break;
    }
  }
  std::sort(found.begin(), found.end(), [](const auto& x, const auto& y) { return x.first < y.first; });
  for (const auto& f : found) out.push_back(f.second);
}

// The kinds of answer words in `span`, in order: phrases of the table first (and removed), then
// each token.
std::vector<Answer> kinds_in(std::string span) {
  std::vector<Answer> out;
  for (const auto& row : answer_words()) {
    if (row.word.find(' ') == std::string_view::npos) continue;
    for (auto p = span.find(row.word); p != std::string::npos; p = span.find(row.word)) {
      const bool left = p == 0 || token_sep_at(span, p - 1);
      const std::size_t e = p + row.word.size();
      const bool right = e == span.size() || token_sep_at(span, e);
      if (!left || !right) break;
      out.push_back(row.answer);
      span.replace(p, row.word.size(), std::string(row.word.size(), ' '));
    }
  }
  for_each_token(span, [&](std::string_view tok) { token_kinds(tok, out); });
  return out;
}

// One verdict from the kinds of one answer: a yes-word and a no-word together are ambiguous
// (`yes/no`); a negator turns a yes-word around (`not equal`); a count is a number even when
// it counts devices (`GPU 개수`, `GPU count`).
Answer resolve(const std::vector<Answer>& kinds, bool about_equality) {
  const auto has = [&](Answer a) { return std::find(kinds.begin(), kinds.end(), a) != kinds.end(); };
  if (has(Answer::kAmbiguous)) return Answer::kAmbiguous;
  const bool yes = has(Answer::kAffirmative);
  const bool no = has(Answer::kNegative);
  const bool negator = has(Answer::kNegator);
  // An answer about requests and limits differing says the opposite of its no-words: differing is
  // refused (`must not differ`, `다르면 안 됨`, `mismatch rejected`, `no difference allowed`) means
  // they must be equal; differing allowed, or only said (`can differ`, `달라도 됨`, `different`),
  // means no. An answer that names the count or the devices is about something else.
  if (about_equality && has(Answer::kDiffer) && !has(Answer::kNumbers) && !has(Answer::kDevices)) {
    return no || negator ? Answer::kAffirmative : Answer::kNegative;
  }
  if (yes && no) return negator ? Answer::kNegative : Answer::kAmbiguous;
  if (yes) return negator ? Answer::kNegative : Answer::kAffirmative;
  if (no) return Answer::kNegative;
  // A label is no count, whatever counts beside it (`count label`): the label named count.
  if (has(Answer::kLabels)) return negator ? Answer::kUnknown : Answer::kLabels;
  if (has(Answer::kNumbers)) return negator ? Answer::kUnknown : Answer::kNumbers;
  if (has(Answer::kDevices)) return negator ? Answer::kUnknown : Answer::kDevices;
  // `allowed`, `허용됨`; `not permitted`, `허용되지 않음` turned around. Beside a no-word it names
  // what is allowed (`정수만 허용`, `integers only allowed`), so the no-word decided above.
  if (has(Answer::kPermissive)) return negator ? Answer::kNegative : Answer::kPermissive;
  return negator ? Answer::kNegative : Answer::kUnknown;
}

// Where the answer proper ends and its explanation starts: `no (must be an integer)`,
// `yes, they must match`, `예 - 같아야 함`.
std::size_t head_end(std::string_view v) {
  std::size_t end = v.size();
  // `must be equal otherwise error`, `같아야 함 아니면 에러`: what happens otherwise explains the answer.
  for (std::string_view t : {"(", "[", ",", ";", ":", " - ", " -- ", "\u2014", "\u3001", "\u3002", ". ", " otherwise",
                             " else ", " or else", " 아니면 ", " 그렇지 않으면", " 안 그러면"}) {
    const auto p = v.find(t);
    if (p != std::string_view::npos && p > 0) end = std::min(end, p);
  }
  return end;
}

// "not devices but numbers", "numbers rather than devices", "장치가 아니라 숫자", "デバイスではなく数":
// an answer with no yes or no in it that names both the count and the devices, and negates one
// of them, means the other. An English negator turns the word after it around; a Korean or
// Japanese one (아니라, 아님, ではなく) the word before it.
std::optional<Answer> contrast(std::string v) {
  constexpr std::string_view kBack = " <back> ";
  constexpr std::string_view kFwd = " <fwd> ";
  const std::pair<std::string_view, std::string_view> markers[] = {
      {"rather than", kFwd}, {"instead of", kFwd}, {"아니라", kBack},   {"아니고", kBack}, {"말고", kBack},
      {"대신", kBack},       {"ではなく", kBack},  {"じゃなく", kBack}, {"でなく", kBack}, {"の代わりに", kBack}};
  for (const auto& [word, mark] : markers) {
    for (auto p = v.find(word); p != std::string::npos; p = v.find(word, p + mark.size()))
      v.replace(p, word.size(), mark);
  }
  struct Item {
    Answer kind;
    int reach;  ///< a negator's: +1 the word after it, -1 the word before it
  };
  std::vector<Item> items;
  for_each_token(v, [&](std::string_view tok) {
    if (tok == "<back>" || tok == "<fwd>") {
      items.push_back({Answer::kNegator, tok == "<fwd>" ? 1 : -1});
      return;
    }
    std::vector<Answer> kinds;
    token_kinds(tok, kinds);
    for (const Answer k : kinds) items.push_back({k, k != Answer::kNegator ? 0 : ascii_only(tok) ? 1 : -1});
  });
  const auto term = [&](std::size_t k) {
    return items[k].kind == Answer::kNumbers || items[k].kind == Answer::kDevices || items[k].kind == Answer::kLabels;
  };
  std::vector<bool> negated(items.size(), false);
  for (std::size_t k = 0; k < items.size(); ++k) {
    const Answer a = items[k].kind;
    if (a == Answer::kDiffer) continue;  // `numbers, different from devices`: no term of its own
    if (a == Answer::kAffirmative || a == Answer::kNegative || a == Answer::kAmbiguous || a == Answer::kPermissive)
      return std::nullopt;
    if (a != Answer::kNegator) continue;
    if (items[k].reach > 0 && k + 1 < items.size() && term(k + 1)) negated[k + 1] = true;
    if (items[k].reach < 0 && k > 0 && term(k - 1)) negated[k - 1] = true;
  }
  bool plain[2] = {false, false};  // numbers; devices or labels
  bool denied[2] = {false, false};
  Answer wrong = Answer::kDevices;  // a label said plainly is the wrong answer named
  for (std::size_t k = 0; k < items.size(); ++k) {
    if (!term(k)) continue;
    const int t = items[k].kind == Answer::kNumbers ? 0 : 1;
    (negated[k] ? denied : plain)[t] = true;
    if (!negated[k] && items[k].kind == Answer::kLabels) wrong = Answer::kLabels;
  }
  for (int t = 0; t < 2; ++t) {
    if (plain[t] && !denied[t] && denied[1 - t] && !plain[1 - t]) return t == 0 ? Answer::kNumbers : wrong;
  }
  return std::nullopt;
}

// The first syllables of the verbs a Korean no-word is done by (되다, 나다, 하다, 당하다, 생기다,
// 뜨다), as 안 or 못 negates them.
constexpr std::string_view kRefusalVerbs[] = {"되", "됨", "됩", "돼", "남", "나", "났", "납", "함",
                                              "해", "했", "합", "당", "생", "뜨", "뜸", "떠", "떴"};

// A no-word turned around by a negator next to it: `not rejected`, `isn't forbidden`, `never
// denied`, `no longer invalid` (an English negator before the word), `금지 아님`, `禁止ではない`
// (a Korean or Japanese one after it). The answer then says the opposite of no.
bool negated_no(const std::string& span) {
  std::string s = span;
  for (auto p = s.find("no longer"); p != std::string::npos; p = s.find("no longer")) s.replace(p, 9, "not");
  std::vector<std::pair<std::string_view, Answer>> toks;
  bool glued = false;  // `禁止ではない`: a Japanese no-word and the negator after it, one token
  for_each_token(s, [&](std::string_view tok) {
    std::vector<Answer> kinds;
    token_kinds(tok, kinds);
    const auto has = [&kinds](Answer a) { return std::find(kinds.begin(), kinds.end(), a) != kinds.end(); };
    glued = glued || (kinds.size() >= 2 && has(Answer::kNegative) && has(Answer::kNegator) &&
                      !has(Answer::kAffirmative) && lookup(tok) == Answer::kUnknown);
    toks.emplace_back(tok, kinds.empty() ? Answer::kUnknown : kinds.front());
  });
  if (glued) return true;
  const auto english_negator = [](std::string_view t) {
    return t == "not" || t == "never" || t == "isn't" || t == "aren't" || t == "don't" || t == "doesn't" ||
           t == "needn't" || t == "wasn't" || t == "cannot" || t == "can't";
  };
  // `no error`, `no rejection`: "no" before a noun of refusal says there is none.
  const auto no_before = [&toks](std::size_t k) {
    if (k == 0 || toks[k - 1].first != "no") return false;
    const std::string_view w = toks[k].first;
    return w == "error" || w == "errors" || w == "rejection" || w == "rejections" || w == "failure" ||
           w == "failures" || w == "denial";
  };
  // After the word: 아님, 않음, ではない ...; 안 and 못 only before the verb the no-word is done by
  // (`거절 안 됨`, `에러 안 남`, `실패 안 함`, `거부 안 당함`), since they negate the verb after
  // them (`불가 안 됨` is two no-words); the verb's `-지` before 않다 (`에러가 나지 않음`) too.
  const auto negates_before = [&toks](std::size_t k) {
    if (k >= toks.size()) return false;
    if (toks[k].second != Answer::kNegator) {
      return k + 1 < toks.size() && toks[k].first.ends_with("지") && !ascii_only(toks[k].first) &&
             toks[k + 1].second == Answer::kNegator && toks[k + 1].first.starts_with("않");
    }
    if (ascii_only(toks[k].first)) return false;
    if (toks[k].first != "안" && toks[k].first != "못") return true;
    if (k + 1 >= toks.size()) return false;
    const std::string_view verb = toks[k + 1].first;
    return std::any_of(std::begin(kRefusalVerbs), std::end(kRefusalVerbs),
                       [verb](std::string_view v) { return verb.starts_with(v); });
  };
  for (std::size_t k = 0; k < toks.size(); ++k) {
    if (toks[k].second != Answer::kNegative) continue;
    if (k > 0 && english_negator(toks[k - 1].first)) return true;
    // `not an error`, `isn't a failure`: an article between.
    if (k > 1 && (toks[k - 1].first == "a" || toks[k - 1].first == "an") && english_negator(toks[k - 2].first))
      return true;
    if (no_before(k) || negates_before(k + 1)) return true;
  }
  return false;
}

// The verdict of a span that holds answer words: a no-word turned around reads as yes.
// Whether `span` joins two words with "and" or "or" (`numbers and devices`, `숫자와 장치`,
// `数値とデバイス`): then a count word and a devices word name two answers, not a count of devices
// (`GPU count`, `GPU 개수`, `number of GPUs`).
bool joins(const std::string& span) {
  bool joined = false;
  for_each_token(span, [&joined](std::string_view tok) {
    joined = joined || tok == "and" || tok == "or" || tok == "both" || tok == "및" || tok == "또는" ||
             tok == "그리고" || tok == "둘" || tok == "および" || tok == "または" || tok == "両方";
  });
  for (const std::string_view glue : {"와 ", "과 ", "と", "や"}) {
    joined = joined || span.find(glue) != std::string::npos;
  }
  return joined;
}

Answer verdict(const std::string& span, bool about_equality) {
  const auto kinds = kinds_in(span);
  const Answer a = resolve(kinds, about_equality);
  if (a == Answer::kNegative && negated_no(span)) return Answer::kAffirmative;
  // Differing with no refusal (`no error when different`, `다르게 해도 에러 없음`): they may differ.
  if (about_equality && a == Answer::kAffirmative &&
      std::find(kinds.begin(), kinds.end(), Answer::kDiffer) != kinds.end() && negated_no(span))
    return Answer::kNegative;
  if (a == Answer::kNumbers && std::find(kinds.begin(), kinds.end(), Answer::kDevices) != kinds.end() && joins(span)) {
    return Answer::kAmbiguous;
  }
  return a;
}

// The answer without what wraps it whole: quotes, Markdown's code or bold (`` `no` ``, `**yes**`),
// angle brackets.
std::string unwrapped(std::string v) {
  for (bool again = true; again;) {
    again = false;
    for (const std::string_view mark : {"\"", "'", "`", "**", "__", "*"}) {
      if (v.size() > 2 * mark.size() && v.starts_with(mark) && v.ends_with(mark)) {
        v = text::trim(std::string_view(v).substr(mark.size(), v.size() - 2 * mark.size()));
        again = true;
      }
    }
    if (v.size() > 2 && v.front() == '<' && v.back() == '>') {
      v = text::trim(std::string_view(v).substr(1, v.size() - 2));
      again = true;
    }
  }
  return v;
}

bool has_any(std::string_view v, std::initializer_list<std::string_view> words) {
  return std::any_of(words.begin(), words.end(),
                     [v](std::string_view w) { return v.find(w) != std::string_view::npos; });
}

// The rule written as an equation between requests and limits (`requests=limits`, `limits ==
// request`, `요청 = 제한`): equal, a yes; unequal (`requests != limits`, `≠`), a no. A path before
// either (`resources.requests`) is the same field.
std::optional<Answer> equation(std::string_view head) {
  std::string s;
  for (const char c : head) {
    if (c != ' ' && c != '\t') s.push_back(c);
  }
  static const std::pair<std::string_view, Answer> kOps[] = {
      {"!=", Answer::kNegative},  {"\u2260", Answer::kNegative}, {"<>", Answer::kNegative},
      {"=/=", Answer::kNegative}, {"===", Answer::kAffirmative}, {"==", Answer::kAffirmative},
      {"=", Answer::kAffirmative}};
  const auto side = [](std::string_view x) {
    if (const auto dot = x.rfind('.'); dot != std::string_view::npos) x = x.substr(dot + 1);
    for (std::string_view w : {"requests", "request", "req", "요청", "リクエスト", "要求"}) {
      if (x == w) return 1;
    }
    for (std::string_view w : {"limits", "limit", "lim", "제한", "리밋", "リミット", "制限"}) {
      if (x == w) return 2;
    }
    return 0;
  };
  for (const auto& [op, answer] : kOps) {
    const auto p = s.find(op);
    if (p == std::string::npos) continue;
    const std::string_view left = std::string_view(s).substr(0, p);
    const std::string_view right = std::string_view(s).substr(p + op.size());
    const int l = side(left);
    const int r = side(right);
    if (l != 0 && r != 0 && l != r) return answer;
    return std::nullopt;
  }
  return std::nullopt;
}

// A resource written with its amount, as a node's status holds it (`nvidia.com/gpu: 2`,
// `nvidia.com/gpu=2`): what the scheduler reads is that number.
bool resource_amount(std::string_view v) {
  const auto slash = v.find('/');
  if (slash == std::string_view::npos || slash == 0) return false;
  std::size_t i = 0;
  const auto name_char = [](char c) {
    return std::isalnum(static_cast<unsigned char>(c)) != 0 || c == '.' || c == '-' || c == '_' || c == '/';
  };
  while (i < v.size() && name_char(v[i])) ++i;
  if (i <= slash + 1) return false;
  std::size_t j = i;
  while (j < v.size() && (v[j] == ' ' || v[j] == ':' || v[j] == '=')) ++j;
  if (j == i || j == v.size()) return false;
  return std::all_of(v.begin() + static_cast<std::ptrdiff_t>(j), v.end(),
                     [](char c) { return std::isdigit(static_cast<unsigned char>(c)) != 0; });
}

}  // namespace

std::optional<bool> integer_rule(std::string_view value) {
  const std::string v = unwrapped(text::to_lower_ascii(text::trim(text::nfkc(value))));
  if (!has_any(v, {"integer", "whole number", "whole gpu", "정수", "자연수", "整数"})) return std::nullopt;
  // Fractions named too (`fractions are not allowed, only integers`): the answer words decide.
  if (has_any(v, {"fraction", "decimal", "소수", "분수", "小数", "0.5", "500m"})) return std::nullopt;
  // A yes first says fractions are allowed, whatever follows.
  for (const std::string_view yes : {"yes", "y ", "true", "예", "네", "はい"}) {
    if (v.starts_with(yes) && (v.size() == yes.size() || !std::isalpha(static_cast<unsigned char>(v[yes.size()]))))
      return std::nullopt;
  }
  // `整数でなければならない`, `整数でないといけない`: must; the "not" inside is the double negative's.
  if (has_any(v, {"でなければ", "でないと", "でなきゃ"})) return true;
  // The rule said not to hold: no need to be whole.
  if (has_any(v, {"필요 없",      "필요없",   "필요는 없",  "필요가 없", "아니어도",    "아니라도",    "아니여도",
                  "not need",     "need not", "needn't",    "n't need",  "not have to", "n't have to", "not necessar",
                  "not required", "not only", "必要はない", "必要ない",  "必要なし",    "でなくても",  "じゃなくても"}))
    return false;
  // Values that are not whole named: refused (`non-integer values are rejected`, `整数でない値は拒否`)
  // is the rule; else what happens to them the answer words say (`정수가 아닌 값도 가능`).
  if (has_any(v, {"non-integer", "not an integer", "not integer", "not a whole", "정수가 아닌", "정수 아닌",
                  "정수가 아님", "정수 아님", "整数ではない", "整数でない", "整数じゃない"})) {
    if (has_any(v, {"reject", "refuse", "error", "fail", "invalid", "denied", "not allowed", "거절", "거부", "에러",
                    "오류", "실패", "불가", "안 됨", "拒否", "エラー", "不可", "禁止"}))
      return true;
    return std::nullopt;
  }
  return true;
}

Answer classify_answer(std::string_view value, bool about_equality) {
  std::string v = text::to_lower_ascii(text::trim(text::nfkc(value)));
  for (auto p = v.find("\u2019"); p != std::string::npos; p = v.find("\u2019")) v.replace(p, 3, "'");
  v = unwrapped(v);
  while (!v.empty() && (v.back() == '.' || v.back() == '!' || v.back() == ',' || v.back() == ';')) v.pop_back();
  v = unwrapped(text::trim(v));
  // A label's key (`nvidia.com/gpu.count`, step 1's) names a label, not a number the scheduler reads.
  for (const std::string_view key : {"gpu.count", "gpu.present", "gpu.product"}) {
    for (auto p = v.find(key); p != std::string::npos; p = v.find(key)) v.replace(p, key.size(), " label ");
  }
  if (v.empty()) return Answer::kUnknown;
  if (auto a = lookup(v); a != Answer::kUnknown) {
    if (a == Answer::kDiffer) return about_equality ? Answer::kNegative : Answer::kUnknown;
    return a == Answer::kNegator ? Answer::kNegative : a;
  }
  if (const auto c = contrast(v)) return *c;
  // The answer proper decides; its explanation is read only when the answer has no word (an
  // answer whose words say nothing, `not numbers`, stays unknown).
  if (!about_equality && resource_amount(v)) return Answer::kNumbers;
  const std::string head = v.substr(0, head_end(v));
  if (about_equality) {
    if (const auto e = equation(head)) return *e;
  }
  // Words about differing say nothing in an answer that is not about equality.
  auto head_words = kinds_in(head);
  if (!about_equality) std::erase(head_words, Answer::kDiffer);
  if (const Answer a = verdict(head, about_equality); a != Answer::kUnknown || !head_words.empty()) return a;
  return verdict(v, about_equality);
}

}  // namespace gpuwhy::readers
