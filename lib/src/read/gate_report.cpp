// gate-report.txt: seven KEY=VALUE lines, and the counts in them (see readers.h).
#include "gpuwhy/read/readers.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <cmath>
#include <cstdlib>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "gpuwhy/base/text.h"
#include "gpuwhy/k8s/quantity.h"
#include "gpuwhy/lab/lab.h"
namespace gpuwhy::readers {

// ---- gate-report.txt ---------------------------------------------------------------------

namespace {

// A key under Markdown's list or emphasis (`- ALLOCATABLE`, `1. ALLOCATABLE`, `**ALLOCATABLE**`,
// `` `ALLOCATABLE` ``): the key, and whether it was so decorated.
std::string undecorated(const std::string& key, bool& decorated) {
  std::string_view k = key;
  for (const std::string_view bullet : {"- ", "* ", "+ ", "\u2022 "}) {
    if (k.starts_with(bullet)) k.remove_prefix(bullet.size());
  }
  std::size_t digits = 0;
  while (digits < k.size() && k[digits] >= '0' && k[digits] <= '9') ++digits;
  if (digits > 0 && digits + 1 < k.size() && (k[digits] == '.' || k[digits] == ')') && k[digits + 1] == ' ')
    k.remove_prefix(digits + 2);
  for (const std::string_view mark : {"**", "__", "`"}) {
    if (k.size() > 2 * mark.size() && k.starts_with(mark) && k.ends_with(mark))
      k = k.substr(mark.size(), k.size() - 2 * mark.size());
  }
  decorated = k.size() != key.size();
  return text::trim(k);
}

}  // namespace

GateReport read_gate_report(std::string_view in) {
  GateReport g;
  std::set<std::string> known(lab::kGateKeys.begin(), lab::kGateKeys.end());
  std::map<std::string, std::vector<std::string>> seen;
  // Colour codes an `echo -e` left are no text of the file, as for every other reader.
  for (const auto& raw : text::lines(text::strip_terminal_codes(text::nfkc(in)))) {
    const std::string l = text::trim(raw);
    // The one file whose form is graded (SPEC: exactly seven non-blank lines): a comment, a
    // prompt or a fence is a line too, and fails step8.format; the values are read all the same.
    if (l.empty()) continue;
    ++g.nonblank_lines;
    const auto sep = l.find_first_of("=:");
    if (sep == std::string::npos || sep == 0) {
      g.malformed.push_back(l);
      continue;
    }
    bool decorated = false;
    std::string key = undecorated(text::trim(std::string_view(l).substr(0, sep)), decorated);
    if (decorated) g.malformed.push_back(l);  // not the file's form; its value is read all the same
    std::string value = text::trim(std::string_view(l).substr(sep + 1));
    if (value.size() >= 2 && (value.front() == '"' || value.front() == '\'') && value.back() == value.front()) {
      value = text::trim(std::string_view(value).substr(1, value.size() - 2));
    }
    const bool ident = !key.empty() && std::all_of(key.begin(), key.end(), [](char c) {
      return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_';
    });
    if (!ident) {
      g.malformed.push_back(l);
      continue;
    }
    for (char& c : key) {
      if (c >= 'a' && c <= 'z') c = static_cast<char>(c - 'a' + 'A');
    }
    if (known.count(key) == 0) {
      g.unknown.push_back(key);
      continue;
    }
    seen[key].push_back(value);
  }
  for (const auto& k : lab::kGateKeys) {
    const std::string key(k);
    auto it = seen.find(key);
    if (it == seen.end()) {
      g.missing.push_back(key);
      continue;
    }
    g.values[key] = it->second.front();
    if (it->second.size() > 1) {
      g.duplicates.push_back(key);
      if (std::any_of(it->second.begin(), it->second.end(), [&](const std::string& v) { return v != it->second[0]; }))
        g.conflicting.push_back(key);
    }
  }
  return g;
}

namespace {

// The words read before a count that say it is all of them, longest first where one begins another.
constexpr std::array<std::string_view, 12> kTotalWords{"in total", "total", "sum",  "all",  "총합", "합계",
                                                       "총",       "모두",  "전체", "合計", "全部", "計"};
// Counters that may follow a count written as a word.
constexpr std::array<std::string_view, 6> kCounters{"개", "つ", "個", "台", "件", "명"};
struct NumberWord {
  std::string_view word;
  int n;
};
// Counts written as words, as students write small counts: English, Korean (native numbers, and
// the forms they take before a counter), Japanese.
constexpr std::array<NumberWord, 27> kNumberWords{
    {{"zero", 0},  {"one", 1},   {"two", 2},   {"three", 3}, {"four", 4},  {"five", 5},  {"six", 6},
     {"seven", 7}, {"eight", 8}, {"nine", 9},  {"ten", 10},  {"하나", 1},  {"둘", 2},    {"셋", 3},
     {"넷", 4},    {"다섯", 5},  {"한 개", 1}, {"두 개", 2}, {"세 개", 3}, {"네 개", 4}, {"한개", 1},
     {"두개", 2},  {"세개", 3},  {"네개", 4},  {"一", 1},    {"二", 2},    {"三", 3}}};

/// A count worked out as a sum: whether the value is one, and its total (none when a total
/// written after `=` is another number).
struct Sum {
  bool is_sum = false;
  std::optional<long long> total;
};

// `1+1`, `1 + 1 = 2`, `1 (trainer) + 1 (trainer2)`, `1+1 GPUs`: whole numbers joined by `+`, each
// may carry a note in parentheses; after them a written total (`= 2`) or a word.
Sum sum_of(std::string_view v) {
  std::size_t p = 0;
  const auto spaces = [&] {
    while (p < v.size() && (v[p] == ' ' || v[p] == '\t')) ++p;
  };
  const auto number = [&]() -> std::optional<long long> {
    const std::size_t from = p;
    while (p < v.size() && v[p] >= '0' && v[p] <= '9') ++p;
    if (p == from || p - from > 9) return std::nullopt;
    return std::stoll(std::string(v.substr(from, p - from)));
  };
  long long total = 0;
  int terms = 0;
  while (true) {
    spaces();
    const auto n = number();
    if (!n) return {};
    total += *n;
    ++terms;
    spaces();
    if (p < v.size() && v[p] == '(') {
      const auto close = v.find(')', p);
      if (close == std::string_view::npos) return {};
      p = close + 1;
      spaces();
    }
    if (p < v.size() && v[p] == '+') {
      ++p;
      continue;
    }
    break;
  }
  if (terms < 2) return {};
  if (p < v.size() && v[p] == '=') {
    ++p;
    spaces();
    const auto written = number();
    return {true, written && *written == total ? std::optional<long long>(total) : std::nullopt};
  }
  const bool note =
      p == v.size() || std::isalpha(static_cast<unsigned char>(v[p])) != 0 || static_cast<unsigned char>(v[p]) >= 0x80;
  return note ? Sum{true, total} : Sum{};
}

// Whether a word read at the front of `rest`'s owner ends where `rest` begins: at the end, before
// a space or a sign, or before a counter (`개`, `つ`, `個`, `台`, `件`, `명`).
bool word_ends(std::string_view rest) {
  if (rest.empty()) return true;
  if (static_cast<unsigned char>(rest.front()) < 0x80)
    return std::isalnum(static_cast<unsigned char>(rest.front())) == 0;
  return std::any_of(kCounters.begin(), kCounters.end(), [&](std::string_view c) { return rest.starts_with(c); });
}

// `total 2`, `총 2개`, `合計: 2`: a word for "in all" before the count; the text after it.
std::string_view after_total_word(std::string_view v) {
  for (const std::string_view word : kTotalWords) {
    if (v.size() <= word.size() || text::to_lower_ascii(v.substr(0, word.size())) != word) continue;
    std::string_view rest = v.substr(word.size());
    const bool ascii = static_cast<unsigned char>(word.front()) < 0x80;
    if (ascii && std::isalpha(static_cast<unsigned char>(rest.front())) != 0) continue;  // `totally`
    while (!rest.empty() && (rest.front() == ' ' || rest.front() == '\t' || rest.front() == ':' || rest.front() == '='))
      rest.remove_prefix(1);
    const bool apart = rest.size() < v.size() - word.size();  // `total 2`, `총2개`; not `sum2x`
    if (!rest.empty() && (apart || (rest.front() >= '0' && rest.front() <= '9'))) return rest;
  }
  return v;
}

// `two`, `둘`, `두 개`, `二つ`: a count written as a word, as its digits (the rest kept as a note).
std::string number_word_as_digits(std::string_view v) {
  for (const auto& [word, n] : kNumberWords) {
    if (v.size() < word.size() || text::to_lower_ascii(v.substr(0, word.size())) != word) continue;
    if (!word.ends_with("개") && !word_ends(v.substr(word.size()))) continue;
    return std::to_string(n) + std::string(v.substr(word.size()));
  }
  return std::string(v);
}

// The numbers standing on their own in `rest` (`or 3`, `2-3`, `/ 2`, `3개`), each as written: not
// one inside a name (`trainer2`, `lab-node-0`, `k8s`) or a share (`100%`).
std::vector<double> numbers_in(std::string_view rest) {
  const auto digit = [&](std::size_t k) { return k < rest.size() && rest[k] >= '0' && rest[k] <= '9'; };
  const auto letter = [&](std::size_t k) { return std::isalpha(static_cast<unsigned char>(rest[k])) != 0; };
  std::vector<double> out;
  for (std::size_t i = 0; i < rest.size();) {
    if (!digit(i)) {
      ++i;
      continue;
    }
    const std::size_t b = i;
    while (digit(i) || (rest[i] == '.' && digit(i + 1))) ++i;
    const char before = b > 0 ? rest[b - 1] : ' ';
    const bool joined = before == '-' || before == '_' || before == '.';
    const bool in_name = b > 0 && (letter(b - 1) || digit(b - 1) || (joined && b > 1 && letter(b - 2)));
    if (in_name || (i < rest.size() && rest[i] == '%')) continue;
    out.push_back(std::strtod(std::string(rest.substr(b, i - b)).c_str(), nullptr));
  }
  return out;
}

// A hedge around a count: a question, a bound (`2 or more`, `2개 이상`) or a range or change
// (`2-3`, `2~3`, `1 → 2`) between numbers.
bool hedged(std::string_view v) {
  if (v.find('?') != std::string_view::npos) return true;
  const std::string l = text::to_lower_ascii(v);
  for (const std::string_view w : {"or more", "or less", "at least", "at most", "이상", "이하", "以上", "以下"}) {
    if (l.find(w) != std::string::npos) return true;
  }
  return false;
}

// `of 2`, `out of 2`, `/ 2` right after a count of `n`: the whole it is part of (`1 of 2` used of
// the allocatable, `2/2` as kubectl's READY column writes it), no second count; the text after it.
// A whole less than the count (`3/2`) makes it a fraction: nullopt.
std::optional<std::string_view> after_whole(std::string_view rest, long long n) {
  std::size_t p = 0;
  const auto spaces = [&] {
    while (p < rest.size() && (rest[p] == ' ' || rest[p] == '\t')) ++p;
  };
  spaces();
  const std::string l = text::to_lower_ascii(rest.substr(p, 7));
  const bool slash = l.starts_with("/");
  if (l.starts_with("out of ")) {
    p += 7;
  } else if (l.starts_with("of ")) {
    p += 3;
  } else if (slash) {
    p += 1;
  } else {
    return rest;
  }
  spaces();
  const std::size_t digits = p;
  while (p < rest.size() && ((rest[p] >= '0' && rest[p] <= '9') || rest[p] == '.')) ++p;
  if (p == digits) return rest;
  if (slash && (p - digits > 9 || std::stoll(std::string(rest.substr(digits, p - digits))) < n ||
                rest.substr(digits, p - digits).find('.') != std::string_view::npos))
    return std::nullopt;
  return rest.substr(p);
}

// Whether the text after a count of `n` names another count: a number that is not `n` (`2 or 3`,
// `2, 3`, `1 → 2`), unless the numbers after it add up to it (`2 (1 + 1)`, `2 = 1 + 1`) with no
// range or change between them, or is the whole it is part of (`1 of 2`, `2/2`); or a hedge, or a
// fraction (`3/2`).
bool another_count(std::string_view rest, long long n) {
  if (hedged(rest)) return true;
  const auto after = after_whole(rest, n);
  if (!after) return true;
  rest = *after;
  const std::vector<double> nums = numbers_in(rest);
  const auto is_n = [n](double x) { return std::fabs(x - static_cast<double>(n)) < 1e-9; };
  if (std::all_of(nums.begin(), nums.end(), is_n)) return false;
  double sum = 0;
  for (const double x : nums) sum += x;
  const bool ranged = rest.find_first_of("-~>") != std::string_view::npos || rest.find("→") != std::string_view::npos;
  return ranged || !is_n(sum);
}

std::optional<long long> first_count(std::string_view value, std::string* rest_out) {
  std::string v = text::trim(text::nfkc(value));
  v = number_word_as_digits(after_total_word(v));
  // A quantity's sign (`+2`, as the apiserver keeps it when written so): the number after it.
  if (v.size() > 1 && v[0] == '+' && v[1] >= '0' && v[1] <= '9') v.erase(0, 1);
  if (const Sum sum = sum_of(v); sum.is_sum) return sum.total;
  std::size_t i = 0;
  while (i < v.size() && v[i] >= '0' && v[i] <= '9') ++i;
  if (i == 0 || i > 9) return std::nullopt;
  // `2,5` is no count, whatever comes first; `2/3` is 2 of 3 (another_count reads the whole).
  const auto digit_at = [&](std::size_t k) { return k < v.size() && v[k] >= '0' && v[k] <= '9'; };
  // The number as written: the leading run of a quantity's characters. A whole quantity counts as
  // Kubernetes reads it (`2`, `2.0`, `2000m`, `2.` ending a sentence); `1.5` and `500m` are none.
  std::size_t end = i;
  while (end < v.size() && (std::isalnum(static_cast<unsigned char>(v[end])) != 0 || v[end] == '.' ||
                            ((v[end] == '+' || v[end] == '-') && digit_at(end + 1)))) {
    ++end;
  }
  if (end < v.size() && v[end] == ',' && digit_at(end + 1)) return std::nullopt;
  if (const auto milli = k8s::milli_value(std::string_view(v).substr(0, end))) {
    if (*milli % 1000 != 0) return std::nullopt;
    *rest_out = v.substr(end);
    return *milli / 1000;
  }
  // `2개`, `2 (trainer, trainer2)`, `2 GPUs`, `2GPUs` count: a word after the number is a note.
  if (i < v.size()) {
    const char c = v[i];
    if ((c == '.' || c == ',') && digit_at(i + 1)) return std::nullopt;
    if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z')) {
      // a quantity suffix beyond int64 (`2E`) is not a count; a word is a note
      const std::string_view rest = std::string_view(v).substr(i);
      const bool word = rest.size() > 2 && std::isalpha(static_cast<unsigned char>(rest[1])) != 0;
      if (!word) return std::nullopt;
    }
  }
  *rest_out = v.substr(i);
  return std::stoll(v.substr(0, i));
}

}  // namespace

std::optional<long long> leading_count(std::string_view value) {
  std::string rest;
  const auto n = first_count(value, &rest);
  if (!n || another_count(rest, *n)) return std::nullopt;
  return n;
}

bool several_counts(std::string_view value) {
  std::string rest;
  const auto n = first_count(value, &rest);
  return n && another_count(rest, *n);
}

namespace {

// The amount of `resource` that `value` shows, which may name it first: `nvidia.com/gpu: 2` is
// `2`; a value that does not name it is itself; nullopt for a longer name (`nvidia.com/gpus`).
std::optional<std::string> after_resource(std::string_view value, std::string_view resource) {
  std::string v = text::trim(text::nfkc(value));
  // The line as -o json prints it: `"nvidia.com/gpu": "2",`; its key read without the quotes.
  if (v.size() > resource.size() + 2 && v.front() == '"' && v[resource.size() + 1] == '"' &&
      text::to_lower_ascii(std::string_view(v).substr(1, resource.size())) == resource)
    v = v.substr(1, resource.size()) + v.substr(resource.size() + 2);
  if (resource.empty() || v.size() <= resource.size() ||
      text::to_lower_ascii(std::string_view(v).substr(0, resource.size())) != resource) {
    return v;
  }
  std::string_view rest = std::string_view(v).substr(resource.size());
  const auto skip_spaces = [&] {
    while (!rest.empty() && (rest.front() == ' ' || rest.front() == '\t')) rest.remove_prefix(1);
  };
  const std::size_t before = rest.size();
  skip_spaces();
  if (!rest.empty() && (rest.front() == ':' || rest.front() == '=')) {
    rest.remove_prefix(1);
    skip_spaces();
  }
  if (rest.size() == before) return std::nullopt;  // `nvidia.com/gpus` is no name of the resource
  // Its value as -o yaml or -o json quote it: `"2"`, `"2",`.
  if (!rest.empty() && rest.back() == ',') rest.remove_suffix(1);
  if (rest.size() > 2 && rest.front() == '"' && rest.back() == '"') rest = rest.substr(1, rest.size() - 2);
  return std::string(rest);
}

}  // namespace

std::optional<long long> leading_count(std::string_view value, std::string_view resource) {
  const auto v = after_resource(value, resource);
  return v ? leading_count(*v) : std::nullopt;
}

bool several_counts(std::string_view value, std::string_view resource) {
  const auto v = after_resource(value, resource);
  return v && several_counts(*v);
}
}  // namespace gpuwhy::readers
