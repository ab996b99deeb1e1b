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

/// Bytes of the character at word[k] (1 for a byte that is not UTF-8).
std::size_t char_len(std::string_view word, std::size_t k) {
  char32_t cp = 0;
  const std::size_t n = text::next_codepoint(word, k, &cp);
  return n == 0 ? 1 : n;
}

/// The longest head of `word` (at least one character) that fits in `width` columns.
std::size_t fitting_prefix(std::string_view word, std::size_t width) {
  std::size_t k = 0;
  std::size_t w = 0;
  while (k < word.size()) {
    const std::size_t n = char_len(word, k);
    const std::size_t cw = text::display_width(word.substr(k, n));
    if (w + cw > width) break;
    w += cw;
    k += n;
  }
  return k == 0 ? char_len(word, 0) : k;
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
        const std::size_t k = fitting_prefix(word, width);
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

/// How a status is shown: ASCII and Unicode marks, and the colour of either.
struct Look {
  const char* ascii;
  const char* unicode;
  const char* colour;
};

const Look& look_of(Status s) {
  static const Look kPass{"[PASS]", "✔", kGreen};
  static const Look kFail{"[FAIL]", "✘", kRed};
  static const Look kError{"[ERR ]", "!", kYellow};
  static const Look kSkip{"[SKIP]", "·", kDim};
  switch (s) {
    case Status::kPass: return kPass;
    case Status::kFail: return kFail;
    case Status::kError: return kError;
    case Status::kSkip: break;
  }
  return kSkip;
}

std::string mark(Status s, const Options& o) {
  const Look& look = look_of(s);
  const std::string t = o.unicode ? look.unicode : look.ascii;
  return o.color ? std::string(look.colour) + t + kReset : t;
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

/// The table being written: its column widths, fixed once over all checks, and the text so far.
class TableWriter {
 public:
  TableWriter(const RunResult& run, const Options& opts) : run_(run), opts_(opts), lang_(opts.lang) { measure(); }

  std::string write() {
    std::map<int, std::vector<const CheckResult*>> by_step;
    for (const auto& c : run_.checks) by_step[c.step].push_back(&c);
    env_causes();
    bool first_step = true;
    for (const auto& [step, checks] : by_step) {
      const bool any_selected = std::any_of(checks.begin(), checks.end(),
                                            [](const CheckResult* c) { return c->outcome.status != Status::kSkip; });
      if (!any_selected) continue;
      if (!first_step) out_ += "\n";
      first_step = false;
      const std::string heading = i18n::text(fmt::format("ui.step.{}", step), lang_);
      out_ += opts_.color ? std::string(kBold) + heading + kReset + "\n" : heading + "\n";
      for (const CheckResult* c : checks) {
        check_line(*c);
        if (told_.count(c->id) != 0) {
          detail("actual", i18n::text("ui.env.see-above", lang_));
        } else {
          check_details(c->outcome);
        }
      }
    }
    footer();
    return std::move(out_);
  }

 private:
  /// Column widths over the checks that are shown, and the labels of the detail lines.
  void measure() {
    for (const auto& c : run_.checks) {
      idw_ = std::max(idw_, text::display_width(c.id));
      titlew_ = std::max(titlew_, text::display_width(check_title(c, lang_)));
    }
    titlew_ = std::min<std::size_t>(titlew_, 60);
    const std::size_t markw = text::display_width(mark(Status::kPass, Options{}));
    const std::size_t markw_shown = opts_.unicode ? 1 : markw;
    indent_ = std::string(2 + markw_shown + 1, ' ');
    labels_ = {{"expected", i18n::text("ui.expected", lang_)}, {"actual", i18n::text("ui.actual", lang_)},
               {"hint", i18n::text("ui.hint", lang_)},         {"evidence", i18n::text("ui.evidence", lang_)},
               {"cause", i18n::text("ui.env.cause", lang_)},   {"fix", i18n::text("ui.env.fix", lang_)}};
    for (const auto& l : labels_) labelw_ = std::max(labelw_, text::display_width(l.second));
    valuew_ =
        std::max<std::size_t>(30, kWidth > indent_.size() + labelw_ + 2 ? kWidth - indent_.size() - labelw_ - 2 : 30);
  }

  [[nodiscard]] std::string label(const char* key) const {
    for (const auto& l : labels_) {
      if (std::string(l.first) == key) return l.second;
    }
    return std::string(key);
  }

  /// One labelled detail under a check, wrapped to the value column.
  void detail(const char* key, const std::string& value) {
    if (value.empty()) return;
    const auto ls = wrap(value, valuew_);
    std::string head = text::pad(label(key), labelw_ + 2);
    if (opts_.color) head = std::string(kDim) + head + kReset;
    for (std::size_t i = 0; i < ls.size(); ++i) {
      out_ += indent_ + (i == 0 ? head : std::string(labelw_ + 2, ' ')) + ls[i] + "\n";
    }
  }

  void check_line(const CheckResult& c) {
    std::string title = check_title(c, lang_);
    if (text::display_width(title) > titlew_) title = text::ellipsize(title, titlew_);
    // Built by appending: GCC 12 reports a false -Wrestrict on long operator+ chains in Release.
    std::string line = "  ";
    line += mark(c.outcome.status, opts_);
    line += ' ';
    line += text::pad(c.id, idw_);
    line += "  ";
    line += text::pad(title, titlew_);
    const std::string pts = points_text(c);
    if (!pts.empty()) line += "  " + pts;
    while (!line.empty() && line.back() == ' ') line.pop_back();
    out_ += line + "\n";
  }

  void check_details(const Outcome& o) {
    const bool problem = o.status == Status::kFail || o.status == Status::kError;
    if (problem) {
      // Values quote student files and apiserver messages: sanitised, so an escape sequence
      // or a newline in them can neither drive the terminal nor fake a line of the table.
      if (!opts_.hide_expected) detail("expected", text::sanitize_terminal(text_of(o.expected, lang_)));
      detail("actual", text::sanitize_terminal(text_of(o.actual, lang_)));
      detail("hint", text::sanitize_terminal(text_of(o.hint, lang_)));
    }
    // A check the grader chose not to run (e.g. --no-dry-run) says why; unselected ones say nothing.
    if (o.status == Status::kSkip && !is_empty(o.actual)) {
      detail("actual", text::sanitize_terminal(text_of(o.actual, lang_)));
    }
    if ((problem || (opts_.verbose && o.status == Status::kPass)) && !o.evidence.empty()) {
      std::string ev;
      for (std::size_t i = 0; i < o.evidence.size() && i < kMaxEvidence; ++i) {
        if (i > 0) ev += '\n';
        ev += text::sanitize_terminal(one_line(o.evidence[i], 400));
      }
      if (o.evidence.size() > kMaxEvidence) ev += fmt::format("\n… (+{})", o.evidence.size() - kMaxEvidence);
      detail("evidence", ev);
    }
  }

  /// One environment cause that several checks share: told once, above the steps (render_env.cpp).
  void env_causes() {
    for (const auto& g : detail::shared_env_causes(run_, lang_)) {
      out_ += "  " + mark(Status::kError, opts_) + " " + g.heading + "\n";
      detail("cause", text::sanitize_terminal(g.message));
      detail("fix", text::sanitize_terminal(g.fix));
      out_ += "\n";
      told_.insert(g.ids.begin(), g.ids.end());
    }
  }

  /// Warnings, the counts, the score and, when errors stopped grading, the incomplete line.
  void footer() {
    out_ += "\n";
    for (const auto& w : run_.meta.warnings) {
      out_ += i18n::text("ui.warning", lang_) + ": " + text::sanitize_terminal(one_line(w, 500)) + "\n";
    }
    const int errors = run_.count(Status::kError);
    const int skipped = run_.count(Status::kSkip);
    std::string summary = i18n::render(msg("ui.summary", {{"passed", std::to_string(run_.count(Status::kPass))},
                                                          {"failed", std::to_string(run_.count(Status::kFail))}}),
                                       lang_);
    if (errors > 0) summary += i18n::render(msg("ui.summary.errors", {{"errors", std::to_string(errors)}}), lang_);
    if (skipped > 0) summary += i18n::render(msg("ui.summary.skipped", {{"skipped", std::to_string(skipped)}}), lang_);
    out_ += summary + "\n";
    out_ +=
        i18n::render(
            msg("ui.score", {{"score", std::to_string(run_.score())}, {"max_score", std::to_string(run_.max_score())}}),
            lang_) +
        "\n";
    if (!run_.complete()) {
      const std::string inc = i18n::render(msg("ui.incomplete", {{"errors", std::to_string(errors)}}), lang_);
      out_ += (opts_.color ? std::string(kYellow) + inc + kReset : inc) + "\n";
    }
  }

  const RunResult& run_;
  const Options& opts_;
  const i18n::Lang lang_;
  std::size_t idw_ = 0;
  std::size_t titlew_ = 0;
  std::size_t labelw_ = 0;
  std::size_t valuew_ = 0;
  std::set<std::string> told_;  ///< checks whose error is told once above the steps
  std::string indent_;
  std::vector<std::pair<const char*, std::string>> labels_;
  std::string out_;
};

}  // namespace

std::string table(const RunResult& run, const Options& opts) {
  return TableWriter(run, opts).write();
}

}  // namespace gpuwhy::render
