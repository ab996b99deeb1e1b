// The terminal table, built around root causes: a step whose checks all pass is one line; each
// root cause is told once, in full, with the failures that follow from it listed under it; the
// last lines are the score and the one thing to fix first. `verbose` shows every check.
// Every line fits opts.width display columns (East Asian wide characters count two), except a
// single token that cannot be broken; wrapped lines are indented under their column.
#include <algorithm>
#include <map>
#include <set>
#include <utility>

#include <fmt/format.h>

#include "gpuwhy/base/text.h"
#include "gpuwhy/base/wrap.h"
#include "gpuwhy/lab/lab.h"
#include "gpuwhy/render/render.h"
#include "render_detail.h"

namespace gpuwhy::render {

namespace {

constexpr std::size_t kMaxEvidence = 8;
constexpr std::size_t kMinWidth = 40;  ///< narrower terminals get lines of 40 columns

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

/// A word that may be broken between its characters: it holds East Asian wide text, which
/// breaks anywhere (Korean and Japanese sentences have long runs without spaces).
bool breakable(std::string_view word) {
  for (std::size_t k = 0; k < word.size();) {
    const std::size_t n = char_len(word, k);
    if (text::display_width(word.substr(k, n)) > 1) return true;
    k += n;
  }
  return false;
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

/// A JSON token (a toleration, an object the student wrote, printed whole) wider than the line
/// breaks after a `,` or, without one that fits, after a `:`: the longest head of `word` so ended
/// that fits in `width` columns; 0 when no such head fits.
std::size_t json_break(std::string_view word, std::size_t width) {
  const std::size_t fits = fitting_prefix(word, width);
  if (fits >= word.size()) return 0;
  for (const char at : {',', ':'}) {
    const std::size_t k = word.substr(0, fits).rfind(at);
    if (k != std::string_view::npos && k + 1 < word.size()) return k + 1;
  }
  return 0;
}

/// A field path (`spec.affinity.nodeAffinity.…[0].values`: dots, no '/', so neither a file path,
/// a label key nor a URL) wider than the line breaks after a `.`: the longest head so ended that
/// fits in `width` columns; 0 when `word` is no field path or no such head fits.
std::size_t field_path_break(std::string_view word, std::size_t width) {
  if (word.find('/') != std::string_view::npos || word.find('.') == std::string_view::npos) return 0;
  const std::size_t fits = fitting_prefix(word, width);
  if (fits >= word.size()) return 0;
  const std::size_t k = word.substr(0, fits).rfind('.');
  return k == std::string_view::npos || k == 0 ? 0 : k + 1;
}

// Greedy word wrap by display width. Lines break at spaces and where Japanese text allows
// (text::break_units: never inside a run of ASCII such as `operator`); a word wider than the line is cut
// between characters when it holds wide (Korean, Japanese) text, after a `,` or `:` when it is a
// JSON token, after a `.` when it is a field path, else it stays whole on a line of its own (a
// file path or a URL is not broken where no break exists).
std::vector<std::string> wrap(const std::string& in, std::size_t width) {
  std::vector<std::string> out;
  for (const auto& para : text::lines(in)) {
    std::string line;
    std::size_t lw = 0;
    for (const text::BreakUnit& unit : text::break_units(para)) {
      std::string word = unit.text;
      std::size_t ww = text::display_width(word);
      const std::size_t sep = unit.space_before ? 1 : 0;
      if (lw > 0 && lw + sep + ww <= width) {
        line += (sep != 0 ? " " : "") + word;
        lw += sep + ww;
        continue;
      }
      if (lw > 0) out.push_back(std::exchange(line, {}));
      const bool json_token = word.find_first_of("{[") != std::string::npos;
      while (ww > width) {
        std::size_t k = 0;
        if (breakable(word)) {
          k = fitting_prefix(word, width);
        } else if (json_token) {
          k = json_break(word, width);
        }
        if (k == 0) k = field_path_break(word, width);
        if (k == 0) break;
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

std::string points_text(const CheckResult& c) {
  switch (c.outcome.status) {
    case Status::kPass:
    case Status::kFail: return fmt::format("{}/{}", c.score, c.points);
    case Status::kError: return fmt::format("-/{}", c.points);
    case Status::kSkip: break;
  }
  return "";
}

/// The table being written: its width and columns, fixed once, and the text so far.
class TableWriter {
 public:
  TableWriter(const RunResult& run, const Options& opts)
      : run_(run), opts_(opts), lang_(opts.lang), width_(std::max(opts.width, kMinWidth)) {
    measure();
  }

  std::string write() {
    std::map<int, std::vector<const CheckResult*>> by_step;
    for (const auto& c : run_.checks) by_step[c.step].push_back(&c);
    env_causes();
    for (const auto& [step, checks] : by_step) write_step(step, checks);
    footer();
    return std::move(out_);
  }

 private:
  void measure() {
    for (const auto& c : run_.checks) idw_ = std::max(idw_, text::display_width(c.id));
    markw_ = text::display_width(opts_.unicode ? look_of(Status::kPass).unicode : look_of(Status::kPass).ascii);
    ptsw_ = 5;  // "10/10"
    // The id column costs a title a third of an 80-column line: by default it is shown from 100
    // columns on (a root's id is in "Fix first" and in each "caused by"); -v shows it when a
    // title keeps 24 columns.
    show_ids_ = (opts_.verbose || width_ >= 100) && width_ >= 2 + markw_ + 1 + idw_ + 2 + 24 + 2 + ptsw_;
    indent_ = std::string(2 + markw_ + 1, ' ');
    labels_ = {{"expected", i18n::text("ui.expected", lang_)},
               {"actual", i18n::text("ui.actual", lang_)},
               {"hint", i18n::text("ui.hint", lang_)},
               {"evidence", i18n::text("ui.evidence", lang_)},
               {"cause", i18n::text("ui.env.cause", lang_)},
               {"fix", i18n::text("ui.env.fix", lang_)},
               {"follows", i18n::text("ui.root.follows-from", lang_)}};
    for (const auto& l : labels_) labelw_ = std::max(labelw_, text::display_width(l.second));
  }

  [[nodiscard]] std::string paint(const std::string& s, const char* colour) const {
    return opts_.color && !s.empty() ? std::string(colour) + s + kReset : s;
  }
  [[nodiscard]] std::string mark(Status s) const {
    const Look& look = look_of(s);
    return paint(opts_.unicode ? look.unicode : look.ascii, look.colour);
  }
  [[nodiscard]] std::string label(const char* key) const {
    for (const auto& l : labels_) {
      if (std::string(l.first) == key) return l.second;
    }
    return std::string(key);
  }

  /// `head` (already `headw` columns wide) then `body` wrapped in the columns left before a
  /// right-aligned `tail`; the body's further lines start under its first column. `colour`
  /// paints each line of the body (widths are measured before).
  void row(const std::string& head, std::size_t headw, const std::string& body, const std::string& tail,
           const char* colour = nullptr) {
    // The points are left-aligned in a column of their own, as wide as "10/10".
    const std::size_t tailw = tail.empty() ? 0 : 2 + std::max(ptsw_, text::display_width(tail));
    const std::size_t bodyw = width_ > headw + tailw + 8 ? width_ - headw - tailw : 8;
    const auto ls = wrap(body, bodyw);
    for (std::size_t i = 0; i < ls.size(); ++i) {
      std::string line = i == 0 ? head : std::string(headw, ' ');
      line += colour == nullptr ? ls[i] : paint(ls[i], colour);
      if (i == 0 && !tail.empty()) {
        const std::size_t w = text::display_width(ls[i]);
        line += std::string(bodyw > w ? bodyw - w : 0, ' ') + "  " + tail;
      }
      while (!line.empty() && line.back() == ' ') line.pop_back();
      out_ += line + "\n";
    }
  }

  /// One labelled detail under a check, wrapped to the value column.
  void detail(const char* key, const std::string& value, const std::string& indent) {
    if (value.empty()) return;
    const std::size_t headw = indent.size() + labelw_ + 2;
    const std::size_t valuew = width_ > headw + 20 ? width_ - headw : 20;
    std::string head = text::pad(label(key), labelw_ + 2);
    head = indent + (opts_.color ? std::string(kDim) + head + kReset : head);
    const auto ls = wrap(value, valuew);
    for (std::size_t i = 0; i < ls.size(); ++i) {
      out_ += (i == 0 ? head : std::string(headw, ' ')) + ls[i] + "\n";
    }
  }

  [[nodiscard]] static bool shown_by_default(const CheckResult& c) { return c.outcome.status != Status::kPass; }

  void write_step(int step, const std::vector<const CheckResult*>& checks) {
    int score = 0;
    int max = 0;
    bool all_pass = true;
    for (const CheckResult* c : checks) {
      if (c->outcome.status == Status::kSkip) continue;
      score += c->score;
      max += c->points;
      all_pass = all_pass && c->outcome.status == Status::kPass;
    }
    // A check the grader chose not to run says why: its step is not folded.
    for (const CheckResult* c : checks) {
      if (c->outcome.status == Status::kSkip && !is_empty(c->outcome.actual)) all_pass = false;
    }
    if (max == 0 && std::all_of(checks.begin(), checks.end(),
                                [](const CheckResult* c) { return c->outcome.status == Status::kSkip; }))
      return;
    const std::string heading = i18n::text(fmt::format("ui.step.{}", step), lang_, lab::names());
    const std::string head = (all_pass ? mark(Status::kPass) : mark(Status::kFail)) + " ";
    if (!out_.empty() && (!all_pass || opts_.verbose || !folded_last_)) out_ += "\n";
    row(head, markw_ + 1, heading, fmt::format("{}/{}", score, max), kBold);
    folded_last_ = all_pass && !opts_.verbose;
    if (folded_last_) return;
    int hidden = 0;
    for (const CheckResult* c : checks) {
      if (c->outcome.status == Status::kSkip && is_empty(c->outcome.actual)) continue;
      if (!opts_.verbose && !shown_by_default(*c)) {
        ++hidden;
        continue;
      }
      check_line(*c);
      check_body(*c);
    }
    if (hidden > 0) {
      out_ += "  " + mark(Status::kPass) + " " +
              paint(i18n::render(msg("ui.step.more-passed", {{"count", std::to_string(hidden)}}), lang_), kDim) + "\n";
    }
  }

  void check_line(const CheckResult& c) {
    const std::string title = check_title(c, lang_);
    std::string head = "  " + mark(c.outcome.status) + " ";
    std::size_t headw = 2 + markw_ + 1;
    if (show_ids_) {
      head += text::pad(c.id, idw_) + "  ";
      headw += idw_ + 2;
      row(head, headw, title, points_text(c));
    } else {
      row(head, headw, title, points_text(c));
    }
  }

  void check_body(const CheckResult& c) {
    if (told_.count(c.id) != 0) {
      detail("actual", i18n::text("ui.env.see-above", lang_), indent_);
      return;
    }
    const Outcome& o = c.outcome;
    if (o.status == Status::kFail && !o.caused_by.empty()) {
      // A consequence: told in full under its root; here, which root it follows from.
      detail("follows", root_fault(run_, c, lang_), indent_);
      if (const std::string note = right_answer_note(c, lang_); !note.empty())
        detail("hint", text::sanitize_terminal(note), indent_);
      if (!opts_.verbose) return;
    }
    check_details(o);
    if (o.status == Status::kFail && o.caused_by.empty()) consequences(c);
  }

  [[nodiscard]] const CheckResult* find(const std::string& id) const {
    for (const auto& c : run_.checks) {
      if (c.id == id) return &c;
    }
    return nullptr;
  }

  void check_details(const Outcome& o) {
    const bool problem = o.status == Status::kFail || o.status == Status::kError;
    // Values quote student files and apiserver messages: sanitised, so an escape sequence or a
    // newline in them can neither drive the terminal nor fake a line of the table.
    if (problem) {
      if (!opts_.hide_expected) detail("expected", text::sanitize_terminal(text_of(o.expected, lang_)), indent_);
      detail("actual", text::sanitize_terminal(text_of(o.actual, lang_)), indent_);
      detail("hint", text::sanitize_terminal(text_of(o.hint, lang_)), indent_);
    }
    // A check the grader chose not to run (e.g. --no-dry-run) says why; unselected ones say nothing.
    if (o.status == Status::kSkip && !is_empty(o.actual)) {
      detail("actual", text::sanitize_terminal(text_of(o.actual, lang_)), indent_);
    }
    if ((problem || (opts_.verbose && o.status == Status::kPass)) && !o.evidence.empty()) {
      std::string ev;
      for (std::size_t i = 0; i < o.evidence.size() && i < kMaxEvidence; ++i) {
        if (i > 0) ev += '\n';
        ev += text::sanitize_terminal(one_line(text_of(o.evidence[i], lang_), 400));
      }
      if (o.evidence.size() > kMaxEvidence) ev += fmt::format("\n… (+{})", o.evidence.size() - kMaxEvidence);
      detail("evidence", ev, indent_);
    }
  }

  /// Under a root cause: the failures that follow from it, by title and points.
  void consequences(const CheckResult& root) {
    const auto list = run_.consequences_of(root.id);
    if (list.empty()) return;
    int lost = 0;
    for (const CheckResult* c : list) lost += c->points - c->score;
    const std::string heading = i18n::render(
        msg("ui.root.consequences", {{"count", std::to_string(list.size())}, {"points", std::to_string(lost)}}), lang_);
    row(indent_, indent_.size(), heading, "");
    const std::string sub = indent_ + "  ";
    for (const CheckResult* c : list) {
      const std::string step = i18n::render(msg("ui.step.short", {{"step", std::to_string(c->step)}}), lang_);
      row(sub + "· ", sub.size() + 2, step + " " + check_title(*c, lang_), points_text(*c));
    }
  }

  /// One environment cause that several checks share: told once, above the steps (render_env.cpp).
  void env_causes() {
    for (const auto& g : detail::shared_env_causes(run_, lang_)) {
      row("  " + mark(Status::kError) + " ", 2 + markw_ + 1, g.heading, "");
      detail("cause", text::sanitize_terminal(g.message), indent_);
      detail("fix", text::sanitize_terminal(g.fix), indent_);
      out_ += "\n";
      told_.insert(g.ids.begin(), g.ids.end());
    }
  }

  /// Warnings, the counts, the score, the incomplete line, and what to fix first.
  void footer() {
    out_ += "\n";
    for (const auto& w : run_.meta.warnings) {
      row("", 0, i18n::text("ui.warning", lang_) + ": " + text::sanitize_terminal(one_line(text_of(w, lang_), 500)),
          "");
    }
    for (const auto& line : integrity_lines(run_, lang_)) row("", 0, text::sanitize_terminal(line), "");
    const int errors = run_.count(Status::kError);
    const int skipped = run_.count(Status::kSkip);
    const auto roots = run_.roots();
    std::string summary = i18n::render(msg("ui.summary", {{"passed", std::to_string(run_.count(Status::kPass))},
                                                          {"failed", std::to_string(run_.count(Status::kFail))}}),
                                       lang_);
    if (!roots.empty())
      summary += i18n::render(msg("ui.summary.roots", {{"roots", std::to_string(roots.size())}}), lang_);
    if (errors > 0) summary += i18n::render(msg("ui.summary.errors", {{"errors", std::to_string(errors)}}), lang_);
    if (skipped > 0) summary += i18n::render(msg("ui.summary.skipped", {{"skipped", std::to_string(skipped)}}), lang_);
    row("", 0, summary, "");
    const std::string score = i18n::render(
        msg("ui.score", {{"score", std::to_string(run_.score())}, {"max_score", std::to_string(run_.max_score())}}),
        lang_);
    if (run_.complete()) row("", 0, score, "", kBold);
    if (!run_.complete()) {
      row("", 0, i18n::render(msg("ui.incomplete", {{"errors", std::to_string(errors)}}), lang_), "", kYellow);
    }
    if (!roots.empty()) fix_first(*find(roots.front()));
  }

  /// What to do about the first root cause in lab order (fix_action), and its id.
  void fix_first(const CheckResult& c) {
    const std::string lead = i18n::text("ui.fix-first", lang_) + " ";
    row(paint(lead, kBold), text::display_width(lead),
        text::sanitize_terminal(fix_action(c, lang_)) + " (" + c.id + ")", "");
  }

  const RunResult& run_;
  const Options& opts_;
  const i18n::Lang lang_;
  const std::size_t width_;
  std::size_t idw_ = 0;
  std::size_t markw_ = 1;
  std::size_t ptsw_ = 5;
  std::size_t labelw_ = 0;
  bool show_ids_ = true;
  bool folded_last_ = false;
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
