// The terminal table: checks grouped by step, details under failures and errors, the counts
// and the score at the end. Columns are aligned by display width, so Korean and Japanese
// titles line up; colour and Unicode marks only when the caller asks for them.
#include <algorithm>
#include <map>
#include <set>

#include <fmt/format.h>

#include "gpuwhy/render.h"
#include "gpuwhy/text.h"
#include "render_detail.h"

namespace gpuwhy::render {

namespace {

constexpr std::size_t kWidth = 100;  ///< wrap details to this many terminal columns
constexpr std::size_t kMaxEvidence = 8;

const char* kReset = "\x1b[0m";
const char* kBold = "\x1b[1m";
const char* kDim = "\x1b[2m";
const char* kRed = "\x1b[31m";
const char* kGreen = "\x1b[32m";
const char* kYellow = "\x1b[33m";

std::string pad(const std::string& s, std::size_t width) {
  const std::size_t w = text::display_width(s);
  return w >= width ? s : s + std::string(width - w, ' ');
}

std::size_t utf8_len(unsigned char c) {
  if (c < 0x80) return 1;
  if ((c & 0xE0U) == 0xC0U) return 2;
  if ((c & 0xF0U) == 0xE0U) return 3;
  if ((c & 0xF8U) == 0xF0U) return 4;
  return 1;
}

// Greedy word wrap by display width; a word wider than the line is cut between characters
// (Korean and Japanese sentences have long runs without spaces).
std::vector<std::string> wrap(const std::string& in, std::size_t width) {
  std::vector<std::string> out;
  for (const auto& para : text::lines(in)) {
    std::string line;
    std::size_t lw = 0;
    std::size_t i = 0;
    const std::string p = para;
    while (i < p.size()) {
      while (i < p.size() && p[i] == ' ') ++i;
      std::size_t j = i;
      while (j < p.size() && p[j] != ' ') ++j;
      std::string word = p.substr(i, j - i);
      i = j;
      if (word.empty()) continue;
      std::size_t ww = text::display_width(word);
      if (lw > 0 && lw + 1 + ww <= width) {
        line += " " + word;
        lw += 1 + ww;
        continue;
      }
      if (lw > 0) {
        out.push_back(line);
        line.clear();
      }
      while (ww > width) {
        std::size_t k = 0;
        std::size_t w = 0;
        while (k < word.size()) {
          const std::size_t n = std::min(utf8_len(static_cast<unsigned char>(word[k])), word.size() - k);
          const std::size_t cw = text::display_width(word.substr(k, n));
          if (w + cw > width) break;
          w += cw;
          k += n;
        }
        if (k == 0) k = utf8_len(static_cast<unsigned char>(word[0]));
        out.push_back(word.substr(0, k));
        word = word.substr(k);
        ww = text::display_width(word);
      }
      line = word;
      lw = ww;
    }
    if (!line.empty() || out.empty()) out.push_back(line);
  }
  if (out.empty()) out.emplace_back();
  return out;
}

struct Marks {
  std::string pass, fail, error, skip;
};

std::string mark(Status s, const Options& o) {
  static const Marks kAscii{"[PASS]", "[FAIL]", "[ERR ]", "[SKIP]"};
  static const Marks kUnicode{"✔", "✘", "!", "·"};
  const Marks& m = o.unicode ? kUnicode : kAscii;
  std::string t;
  const char* colour = "";
  switch (s) {
    case Status::kPass:
      t = m.pass;
      colour = kGreen;
      break;
    case Status::kFail:
      t = m.fail;
      colour = kRed;
      break;
    case Status::kError:
      t = m.error;
      colour = kYellow;
      break;
    case Status::kSkip:
      t = m.skip;
      colour = kDim;
      break;
  }
  return o.color ? std::string(colour) + t + kReset : t;
}

std::string points_text(const CheckResult& c) {
  switch (c.outcome.status) {
    case Status::kPass:
    case Status::kFail: return fmt::format("{}/{}", c.score, c.points);
    case Status::kError: return fmt::format("-/{}", c.points);
    case Status::kSkip: break;
  }
  return "";
}

}  // namespace

std::string table(const RunResult& run, const Options& opts) {
  const auto lang = opts.lang;
  std::map<int, std::vector<const CheckResult*>> by_step;
  for (const auto& c : run.checks) by_step[c.step].push_back(&c);

  // Column widths over the checks that are shown.
  std::size_t idw = 0;
  std::size_t titlew = 0;
  for (const auto& c : run.checks) {
    idw = std::max(idw, text::display_width(c.id));
    titlew = std::max(titlew, text::display_width(check_title(c, lang)));
  }
  titlew = std::min<std::size_t>(titlew, 60);
  const std::size_t markw = text::display_width(mark(Status::kPass, Options{}));
  const std::size_t markw_shown = opts.unicode ? 1 : markw;
  const std::string indent(2 + markw_shown + 1, ' ');
  const std::vector<std::pair<const char*, std::string>> labels{
      {"expected", i18n::text("ui.expected", lang)}, {"actual", i18n::text("ui.actual", lang)},
      {"hint", i18n::text("ui.hint", lang)},         {"evidence", i18n::text("ui.evidence", lang)},
      {"cause", i18n::text("ui.env.cause", lang)},   {"fix", i18n::text("ui.env.fix", lang)}};
  std::size_t labelw = 0;
  for (const auto& l : labels) labelw = std::max(labelw, text::display_width(l.second));
  const std::size_t valuew =
      std::max<std::size_t>(30, kWidth > indent.size() + labelw + 2 ? kWidth - indent.size() - labelw - 2 : 30);
  const auto label = [&](const char* key) {
    for (const auto& l : labels) {
      if (std::string(l.first) == key) return l.second;
    }
    return std::string(key);
  };

  std::string out;
  const auto detail = [&](const char* key, const std::string& value) {
    if (value.empty()) return;
    const auto ls = wrap(value, valuew);
    std::string head = pad(label(key), labelw + 2);
    if (opts.color) head = std::string(kDim) + head + kReset;
    for (std::size_t i = 0; i < ls.size(); ++i) {
      out += indent + (i == 0 ? head : std::string(labelw + 2, ' ')) + ls[i] + "\n";
    }
  };

  // One environment cause that several checks share: told once, here (render_env.cpp).
  std::set<std::string> told;
  for (const auto& g : detail::shared_env_causes(run, lang)) {
    out += "  " + mark(Status::kError, opts) + " " + g.heading + "\n";
    detail("cause", text::sanitize_terminal(g.message));
    detail("fix", text::sanitize_terminal(g.fix));
    out += "\n";
    told.insert(g.ids.begin(), g.ids.end());
  }

  bool first_step = true;
  for (const auto& [step, checks] : by_step) {
    const bool any_selected = std::any_of(checks.begin(), checks.end(),
                                          [](const CheckResult* c) { return c->outcome.status != Status::kSkip; });
    if (!any_selected) continue;
    if (!first_step) out += "\n";
    first_step = false;
    const std::string heading = i18n::text(fmt::format("ui.step.{}", step), lang);
    out += opts.color ? std::string(kBold) + heading + kReset + "\n" : heading + "\n";
    for (const CheckResult* c : checks) {
      const Outcome& o = c->outcome;
      std::string title = check_title(*c, lang);
      if (text::display_width(title) > titlew) title = text::ellipsize(title, titlew);
      // Built by appending: GCC 12 reports a false -Wrestrict on long operator+ chains in Release.
      std::string line = "  ";
      line += mark(o.status, opts);
      line += ' ';
      line += pad(c->id, idw);
      line += "  ";
      line += pad(title, titlew);
      const std::string pts = points_text(*c);
      if (!pts.empty()) line += "  " + pts;
      while (!line.empty() && line.back() == ' ') line.pop_back();
      out += line + "\n";
      if (told.count(c->id) != 0) {
        detail("actual", i18n::text("ui.env.see-above", lang));
        continue;
      }
      const bool problem = o.status == Status::kFail || o.status == Status::kError;
      if (problem) {
        // Values quote student files and apiserver messages: sanitised, so an escape sequence
        // or a newline in them can neither drive the terminal nor fake a line of the table.
        if (!opts.hide_expected) detail("expected", text::sanitize_terminal(text_of(o.expected, lang)));
        detail("actual", text::sanitize_terminal(text_of(o.actual, lang)));
        detail("hint", text::sanitize_terminal(text_of(o.hint, lang)));
      }
      // A check the grader chose not to run (e.g. --no-dry-run) says why; unselected ones say nothing.
      if (o.status == Status::kSkip && !is_empty(o.actual)) {
        detail("actual", text::sanitize_terminal(text_of(o.actual, lang)));
      }
      if ((problem || (opts.verbose && o.status == Status::kPass)) && !o.evidence.empty()) {
        std::string ev;
        for (std::size_t i = 0; i < o.evidence.size() && i < kMaxEvidence; ++i) {
          if (i > 0) ev += '\n';
          ev += text::sanitize_terminal(one_line(o.evidence[i], 400));
        }
        if (o.evidence.size() > kMaxEvidence) ev += fmt::format("\n… (+{})", o.evidence.size() - kMaxEvidence);
        detail("evidence", ev);
      }
    }
  }

  out += "\n";
  for (const auto& w : run.meta.warnings) {
    out += i18n::text("ui.warning", lang) + ": " + text::sanitize_terminal(one_line(w, 500)) + "\n";
  }
  const int errors = run.count(Status::kError);
  const int skipped = run.count(Status::kSkip);
  std::string summary = i18n::render(msg("ui.summary", {{"passed", std::to_string(run.count(Status::kPass))},
                                                        {"failed", std::to_string(run.count(Status::kFail))}}),
                                     lang);
  if (errors > 0) summary += i18n::render(msg("ui.summary.errors", {{"errors", std::to_string(errors)}}), lang);
  if (skipped > 0) summary += i18n::render(msg("ui.summary.skipped", {{"skipped", std::to_string(skipped)}}), lang);
  out += summary + "\n";
  out += i18n::render(
             msg("ui.score", {{"score", std::to_string(run.score())}, {"max_score", std::to_string(run.max_score())}}),
             lang) +
         "\n";
  if (!run.complete()) {
    const std::string inc = i18n::render(msg("ui.incomplete", {{"errors", std::to_string(errors)}}), lang);
    out += (opts.color ? std::string(kYellow) + inc + kReset : inc) + "\n";
  }
  return out;
}

}  // namespace gpuwhy::render
