// Renderer dispatch, batch summaries and the helpers every renderer shares.
// Each format lives in its own render_<format>.cpp.
#include "gpuwhy/render.h"

#include <algorithm>
#include <cstdint>
#include <map>

#include "gpuwhy/error.h"
#include "render_detail.h"

namespace gpuwhy::render {

// Defined in render_csv.cpp and render_json.cpp; only this file dispatches to them.
namespace detail {
std::string batch_csv(const std::vector<BatchRow>& rows, const Options& opts);
std::string batch_json(const std::vector<BatchRow>& rows, const Options& opts);
}  // namespace detail

std::vector<std::string> format_names() {
  return {"table", "json", "junit", "gradescope", "lti", "tap", "csv"};
}

std::optional<Format> parse_format(std::string_view name) {
  const auto names = format_names();
  for (std::size_t i = 0; i < names.size(); ++i) {
    if (names[i] == name) return static_cast<Format>(i);
  }
  return std::nullopt;
}

std::string render(Format format, const RunResult& run, const Options& opts) {
  switch (format) {
    case Format::kTable: return table(run, opts);
    case Format::kJson: return json(run, opts);
    case Format::kJunit: return junit(run, opts);
    case Format::kGradescope: return gradescope(run, opts);
    case Format::kLti: return lti(run, opts);
    case Format::kTap: return tap(run, opts);
    case Format::kCsv: return csv(run, opts);
  }
  throw Error(ErrorKind::kUsage, "unknown output format");
}

std::string batch(Format format, const std::vector<BatchRow>& rows, const Options& opts) {
  switch (format) {
    case Format::kCsv: return detail::batch_csv(rows, opts);
    case Format::kJson: return detail::batch_json(rows, opts);
    case Format::kTable: return detail::batch_table(rows, opts);
    default: break;
  }
  throw Error(ErrorKind::kUsage, "several bundles give a batch summary: use --format table, csv or json");
}

// ---- Shared helpers.

namespace {

// Length of the well-formed UTF-8 sequence at s[i] (RFC 3629: no overlong forms, no surrogates,
// nothing above U+10FFFF), or 0 when the byte there does not start one.
std::size_t utf8_sequence(std::string_view s, std::size_t i) {
  const auto b = [&s](std::size_t k) { return static_cast<unsigned char>(s[k]); };
  const unsigned char c = b(i);
  if (c < 0x80) return 1;
  std::size_t n = 0;
  unsigned char lo = 0x80;
  unsigned char hi = 0xBF;
  if (c >= 0xC2 && c <= 0xDF) {
    n = 2;
  } else if (c >= 0xE0 && c <= 0xEF) {
    n = 3;
    if (c == 0xE0) lo = 0xA0;  // overlong
    if (c == 0xED) hi = 0x9F;  // UTF-16 surrogates
  } else if (c >= 0xF0 && c <= 0xF4) {
    n = 4;
    if (c == 0xF0) lo = 0x90;  // overlong
    if (c == 0xF4) hi = 0x8F;  // above U+10FFFF
  } else {
    return 0;
  }
  if (i + n > s.size()) return 0;
  if (b(i + 1) < lo || b(i + 1) > hi) return 0;
  for (std::size_t k = 2; k < n; ++k) {
    if (b(i + k) < 0x80 || b(i + k) > 0xBF) return 0;
  }
  return n;
}

constexpr std::string_view kReplacement = "\xEF\xBF\xBD";  // U+FFFD

}  // namespace

std::string clean_utf8(std::string_view s) {
  std::string out;
  out.reserve(s.size());
  for (std::size_t i = 0; i < s.size();) {
    const std::size_t n = utf8_sequence(s, i);
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
  while (cut > 0 && (static_cast<unsigned char>(out[cut]) & 0xC0) == 0x80) --cut;
  out.resize(cut);
  while (!out.empty() && out.back() == ' ') out.pop_back();
  return out + std::string(kEllipsis);
}

bool is_empty(const Msg& m) {
  if (!m.id.empty()) return false;
  auto it = m.args.find("text");
  return it == m.args.end() || it->second.empty();
}

std::string text_of(const Msg& m, i18n::Lang lang) {
  return clean_utf8(i18n::render(m, lang));
}

std::string check_title(const CheckResult& check, i18n::Lang lang) {
  const std::string id = "check." + check.id + ".title";
  std::string t = i18n::text(id, lang);
  // i18n falls back to the catalog id itself; the check id reads better than that.
  if (t == id || t.empty()) return clean_utf8(check.id);
  return clean_utf8(t);
}

std::string summary_line(const RunResult& run, i18n::Lang lang) {
  return one_line(i18n::render(msg("ui.report.summary", {{"score", std::to_string(run.score())},
                                                         {"max_score", std::to_string(run.max_score())},
                                                         {"passed", std::to_string(run.count(Status::kPass))},
                                                         {"failed", std::to_string(run.count(Status::kFail))},
                                                         {"errors", std::to_string(run.count(Status::kError))},
                                                         {"skipped", std::to_string(run.count(Status::kSkip))}}),
                               lang),
                  1000);
}

std::string incomplete_line(const RunResult& run, i18n::Lang lang) {
  return one_line(
      i18n::render(msg("ui.report.grading-incomplete", {{"errors", std::to_string(run.count(Status::kError))}}), lang),
      1000);
}

std::vector<StepSummary> step_summaries(const RunResult& run) {
  std::map<int, StepSummary> by_step;
  for (const auto& c : run.checks) {
    StepSummary& s = by_step[c.step];
    s.step = c.step;
    s.score += c.score;
    switch (c.outcome.status) {
      case Status::kPass: ++s.passed; break;
      case Status::kFail: ++s.failed; break;
      case Status::kError: ++s.errors; break;
      case Status::kSkip: ++s.skipped; break;
    }
    if (c.outcome.status != Status::kSkip) s.max_score += c.points;
  }
  std::vector<StepSummary> out;
  out.reserve(by_step.size());
  for (auto& [step, s] : by_step) out.push_back(s);
  return out;
}

}  // namespace gpuwhy::render
