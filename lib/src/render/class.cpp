// What a class did, from the rows of a batch: the score histogram, pass rates per step and per
// check (worst first), the most common mistakes (by hint id) and the Kubernetes versions seen.
// Only complete runs are scored; an incomplete run or a bad bundle is counted apart, never as a
// zero. The class page (render_html.cpp) and the Markdown summary (render_markdown.cpp) both say
// exactly these numbers.
#include <algorithm>
#include <map>
#include <set>

#include <fmt/format.h>

#include "gpuwhy/base/sys.h"
#include "gpuwhy/base/text.h"
#include "gpuwhy/i18n/i18n.h"
#include "gpuwhy/lab/lab.h"
#include "gpuwhy/render/render.h"
#include "render_detail.h"

namespace gpuwhy::render::detail {

namespace {

bool worse(const PassRate& a, const PassRate& b) {
  // a/b < c/d without rounding; nothing graded sorts last.
  if ((a.graded == 0) != (b.graded == 0)) return b.graded == 0;
  return static_cast<long>(a.passed) * b.graded < static_cast<long>(b.passed) * a.graded;
}

void sort_worst_first(std::vector<PassRate>& v) {
  std::stable_sort(v.begin(), v.end(), worse);
}

// Who needs help, most first (ClassSummary::help).
std::vector<std::uint32_t> help_order(const std::vector<StudentLine>& scored) {
  std::vector<std::uint32_t> order;
  for (std::uint32_t i = 0; i < scored.size(); ++i) {
    const StudentLine& r = scored[i];
    const bool flagged =
        r.flags.late.value_or(false) || !r.flags.integrity.empty() || !r.flags.on_roster.value_or(true);
    if (r.score < r.max_score || !r.roots.empty() || flagged) order.push_back(i);
  }
  // A run with no points counts as whole: 1/1.
  const auto part = [](const StudentLine& r) {
    return r.max_score > 0 ? std::pair<long, long>{r.score, r.max_score} : std::pair<long, long>{1, 1};
  };
  std::stable_sort(order.begin(), order.end(), [&](std::uint32_t a, std::uint32_t b) {
    const StudentLine& x = scored[a];
    const StudentLine& y = scored[b];
    if (x.roots.size() != y.roots.size()) return x.roots.size() > y.roots.size();
    const auto [xs, xm] = part(x);
    const auto [ys, ym] = part(y);
    return xs * ym < ys * xm;  // a lower share of the points, without rounding
  });
  return order;
}

}  // namespace

RowJudge::RowJudge(const Options& opts) {
  if (!opts.due.empty()) due_ = sys::parse_rfc3339(opts.due);
  if (!opts.roster) return;
  has_roster_ = true;
  for (const auto& id : *opts.roster) {
    if (roster_.insert(id).second) order_.push_back(id);
  }
}

RowFlags RowJudge::operator()(const BatchRow& row) const {
  RowFlags f;
  if (row.run) f.taken_at = row.run->meta.taken_at;
  if (due_) {
    const auto taken = sys::parse_rfc3339(f.taken_at);
    if (taken) f.late = *taken > *due_;
  }
  if (has_roster_) f.on_roster = roster_.count(row.user) > 0;
  return f;
}

struct ClassBuilder::State {
  i18n::Lang lang;
  ClassSummary s;
  std::vector<Concept> concepts;                          ///< Options::concepts
  std::map<std::string, std::string, std::less<>> names;  ///< Options::names
  std::vector<std::string> unknown;                       ///< submissions not on the roster, in batch order
  RowJudge judge;                                         ///< late, on the roster
  std::set<std::string, std::less<>> seen;                ///< every submission's user (with a roster)
  std::map<std::string, std::size_t> check_at;            ///< check id -> index in s.checks
  std::map<int, std::size_t> step_at;                     ///< step -> index in s.steps
  std::map<std::string, std::uint16_t> id_at;             ///< check id -> index in s.check_ids (its lab position)
  std::map<std::string, std::size_t> root_at;             ///< check id -> index in s.roots
  /// Per root line, each hint id its students were given: how many, and the first one's text.
  std::vector<std::map<std::string, std::pair<int, std::string>>> root_hints;
  std::set<std::string> versions;
  double total = 0;

  [[nodiscard]] std::string name_of(std::string_view user) const {
    const auto it = names.find(user);
    return it == names.end() ? std::string() : it->second;
  }
  std::vector<double> percents;  ///< each scored run's score in % of its max

  std::uint16_t id_of(const std::string& id) {
    auto [it, fresh] = id_at.try_emplace(id, static_cast<std::uint16_t>(s.check_ids.size()));
    if (fresh) s.check_ids.push_back(id);
    return it->second;
  }

  explicit State(const Options& opts) : lang(opts.lang), concepts(opts.concepts), names(opts.names), judge(opts) {
    s.bins.assign(kScoreBins, 0);
    s.due = opts.due;
    s.has_roster = judge.has_roster();
  }

  RowFlags flags(const BatchRow& row) {
    RowFlags f = judge(row);
    if (row.run) f.integrity = integrity_lines(*row.run, lang);
    if (!f.integrity.empty()) ++s.suspect;
    if (f.late.value_or(false)) ++s.late;
    if (!f.on_roster.value_or(true)) {
      ++s.not_on_roster;
      unknown.push_back(row.user);
    }
    return f;
  }

  // Per check, in lab order (stable sort keeps it among equals).
  void add_rates(const CheckResult& c) {
    const Status st = c.outcome.status;
    if (st != Status::kPass && st != Status::kFail) return;
    auto [it, fresh] = check_at.try_emplace(c.id, s.checks.size());
    if (fresh) s.checks.push_back(PassRate{c.id, c.step, check_title(c, lang), 0, 0});
    PassRate& r = s.checks[it->second];
    ++r.graded;
    if (st == Status::kPass) ++r.passed;
  }

  // Per step, one student once: graded on the step when one of its checks was, right when every
  // graded check of it passed. The student's own cells: points of the step, and its root causes.
  void add_steps(const RunResult& run, StudentLine& line) {
    std::map<int, bool> right;  // step -> every graded check passed
    for (const auto& c : run.checks) {
      const Status st = c.outcome.status;
      if (st != Status::kPass && st != Status::kFail) continue;
      auto [it, fresh] = right.try_emplace(c.step, true);
      it->second = it->second && st == Status::kPass;
      if (c.step < 1 || c.step > lab::kSteps) continue;
      const auto at = static_cast<std::size_t>(c.step - 1);
      if (line.steps.size() <= at) line.steps.resize(at + 1);
      StepCell& cell = line.steps[at];
      cell.score = static_cast<std::uint16_t>(cell.score + c.score);
      cell.max = static_cast<std::uint16_t>(cell.max + c.points);
      cell.root = cell.root || (st == Status::kFail && c.outcome.caused_by.empty());
      s.step_count = std::max(s.step_count, c.step);
    }
    for (const auto& [step, ok] : right) {
      auto [sit, sfresh] = step_at.try_emplace(step, s.steps.size());
      if (sfresh)
        s.steps.push_back(PassRate{"", step, i18n::text("ui.step." + std::to_string(step), lang, lab::names()), 0, 0});
      PassRate& r = s.steps[sit->second];
      ++r.graded;
      if (ok) ++r.passed;
    }
  }

  void add_root(const CheckResult& c, std::uint32_t student) {
    auto [it, fresh] = root_at.try_emplace(c.id, s.roots.size());
    if (fresh) {
      RootLine r;
      r.check_id = c.id;
      r.step = c.step;
      r.check_title = check_title(c, lang);
      r.explain = i18n::text("check." + c.id + ".explain", lang, lab::names());
      s.roots.push_back(std::move(r));
      root_hints.emplace_back();
    }
    s.roots[it->second].students.push_back(student);
    auto& hint = root_hints[it->second][c.outcome.hint.id];
    if (hint.first++ == 0) hint.second = text_of(c.outcome.hint, lang);
  }

  void add_scored(const BatchRow& row, RowFlags flags) {
    const RunResult& run = *row.run;
    StudentLine line;
    line.user = row.user;
    line.name = name_of(row.user);
    line.score = run.score();
    line.max_score = run.max_score();
    line.passed = run.count(Status::kPass);
    line.version = run.meta.server_version;
    line.page = row.page;
    line.flags = std::move(flags);
    const auto student = static_cast<std::uint32_t>(s.scored.size());
    for (const auto& c : run.checks) {
      const std::uint16_t id = id_of(c.id);
      add_rates(c);
      if (c.outcome.status != Status::kFail) continue;
      line.failed.push_back(id);
      if (!c.outcome.caused_by.empty()) continue;
      line.roots.push_back(id);
      add_root(c, student);
    }
    add_steps(run, line);
    line.failed.shrink_to_fit();
    line.roots.shrink_to_fit();
    ++s.bins[static_cast<std::size_t>(score_bin(line.score, line.max_score))];
    const double pct = line.max_score > 0 ? 100.0 * line.score / line.max_score : 100.0;
    total += pct;
    percents.push_back(pct);
    if (line.score == line.max_score) ++s.perfect;
    s.scored.push_back(std::move(line));
  }

  void finish_stats() {
    if (s.scored.empty()) return;
    s.mean_percent = total / static_cast<double>(s.scored.size());
    auto& p = percents;
    std::sort(p.begin(), p.end());
    const std::size_t n = p.size();
    s.median_percent = n % 2 == 1 ? p[n / 2] : (p[n / 2 - 1] + p[n / 2]) / 2;
    s.min_percent = p.front();
    s.max_percent = p.back();
  }

  // Each root line's hint: the one most of its students were given (the first of equals).
  void finish_roots() {
    for (std::size_t i = 0; i < s.roots.size(); ++i) {
      int best = 0;
      for (const auto& [id, seen_hint] : root_hints[i]) {
        if (seen_hint.first > best) {
          best = seen_hint.first;
          s.roots[i].hint = seen_hint.second;
        }
      }
    }
    const auto& order = id_at;  // a check's index is its lab position: the first run lists every check
    std::stable_sort(s.roots.begin(), s.roots.end(), [&order](const RootLine& a, const RootLine& b) {
      if (a.students.size() != b.students.size()) return a.students.size() > b.students.size();
      return order.at(a.check_id) < order.at(b.check_id);
    });
  }

  // What to reteach: every concept with a root cause, each student once in it. A root check no
  // concept names is a concept of its own ("other").
  void finish_concepts() {
    std::map<std::string, std::size_t> concept_of;  // check id -> index in `concepts`
    for (std::size_t i = 0; i < concepts.size(); ++i) {
      for (const auto& id : concepts[i].checks) concept_of.try_emplace(id, i);
    }
    std::vector<ConceptLine> lines(concepts.size() + 1);
    for (std::size_t i = 0; i <= concepts.size(); ++i) {
      const std::string id = i < concepts.size() ? concepts[i].id : "other";
      lines[i].id = id;
      lines[i].title = i18n::text("concept." + id + ".title", lang, lab::names());
      lines[i].teach = i18n::text("concept." + id + ".teach", lang, lab::names());
    }
    for (std::size_t r = 0; r < s.roots.size(); ++r) {  // most students first: so are a concept's roots
      const auto it = concept_of.find(s.roots[r].check_id);
      ConceptLine& line = lines[it == concept_of.end() ? concepts.size() : it->second];
      line.roots.push_back(r);
      line.students.insert(line.students.end(), s.roots[r].students.begin(), s.roots[r].students.end());
    }
    for (auto& line : lines) {
      std::sort(line.students.begin(), line.students.end());
      line.students.erase(std::unique(line.students.begin(), line.students.end()), line.students.end());
      if (!line.students.empty()) s.concepts.push_back(std::move(line));
    }
    std::stable_sort(s.concepts.begin(), s.concepts.end(),
                     [](const ConceptLine& a, const ConceptLine& b) { return a.students.size() > b.students.size(); });
  }
};

ClassBuilder::ClassBuilder(const Options& opts) : s_(std::make_unique<State>(opts)) {}
ClassBuilder::~ClassBuilder() = default;
ClassBuilder::ClassBuilder(ClassBuilder&&) noexcept = default;
ClassBuilder& ClassBuilder::operator=(ClassBuilder&&) noexcept = default;

void ClassBuilder::add(const BatchRow& row) {
  State& st = *s_;
  ++st.s.submissions;
  if (st.s.has_roster) st.seen.insert(row.user);
  RowFlags flags = st.flags(row);
  if (row.run) {
    st.versions.insert(clean_utf8(row.run->meta.server_version));
    st.s.latest_generated_at = std::max(st.s.latest_generated_at, row.run->meta.generated_at);
  }
  if (!row.run || !row.run->complete()) {
    IncompleteLine line{row.user,
                        row.run.has_value(),
                        row.run ? row.run->count(Status::kError) : 0,
                        row.run ? std::string() : row.error,
                        row.page,
                        std::move(flags),
                        st.name_of(row.user)};
    st.s.incomplete.push_back(std::move(line));
    return;
  }
  st.add_scored(row, std::move(flags));
}

ClassSummary ClassBuilder::finish() {
  State& st = *s_;
  st.finish_stats();
  st.finish_roots();
  st.finish_concepts();
  for (const auto& id : st.judge.roster()) {
    if (st.seen.count(id) != 0) continue;
    st.s.missing.push_back(id);
    st.s.missing_names.push_back(st.name_of(id));
    std::vector<std::string> near;
    for (const auto& user : st.unknown) {
      // One character (up to 4 bytes) more or less at most: the distance is only worked out then.
      const std::size_t longer = std::max(id.size(), user.size());
      if (longer - std::min(id.size(), user.size()) > 4) continue;
      if (text::edit_distance(id, user) == 1 && std::find(near.begin(), near.end(), user) == near.end())
        near.push_back(user);
    }
    st.s.missing_near.push_back(std::move(near));
  }
  ClassSummary s = std::move(st.s);
  s.help = help_order(s.scored);
  s.versions.assign(st.versions.begin(), st.versions.end());
  std::stable_sort(s.steps.begin(), s.steps.end(),
                   [](const PassRate& a, const PassRate& b) { return a.step < b.step; });
  sort_worst_first(s.checks);
  sort_worst_first(s.steps);
  return s;
}

std::vector<std::string> ClassSummary::failed_ids(const StudentLine& s) const {
  std::vector<std::string> out;
  out.reserve(s.failed.size());
  for (const std::uint16_t i : s.failed) out.push_back(check_ids[i]);
  return out;
}

std::vector<std::string> ClassSummary::root_ids(const StudentLine& s) const {
  std::vector<std::string> out;
  out.reserve(s.roots.size());
  for (const std::uint16_t i : s.roots) out.push_back(check_ids[i]);
  return out;
}

std::vector<std::string> ClassSummary::users(const std::vector<std::uint32_t>& students) const {
  std::vector<std::string> out;
  out.reserve(students.size());
  for (const std::uint32_t i : students) out.push_back(scored[i].user);
  return out;
}

int score_bin(int score, int max_score) {
  if (max_score <= 0) return kScoreBins - 1;
  const int b = score * kScoreBins / max_score;
  return std::clamp(b, 0, kScoreBins - 1);
}

std::string bin_label(int bin) {
  const int lo = bin * 100 / kScoreBins;
  const int hi = bin == kScoreBins - 1 ? 100 : (bin + 1) * 100 / kScoreBins - 1;
  return std::to_string(lo) + "–" + std::to_string(hi) + " %";
}

int percent(int passed, int graded) {
  return graded == 0 ? 0 : (passed * 100) / graded;
}

std::vector<std::string> failed_ids(const RunResult& run) {
  std::vector<std::string> out;
  for (const auto& c : run.checks) {
    if (c.outcome.status == Status::kFail) out.push_back(c.id);
  }
  return out;
}

std::vector<Msg> class_stats(const ClassSummary& s) {
  std::vector<Msg> out;
  if (!s.scored.empty()) {
    const auto pct = [](double v) { return fmt::format("{:.1f}", v); };
    out.push_back(msg("ui.class.mean", {{"mean", pct(s.mean_percent)}}));
    out.push_back(msg("ui.class.stats", {{"median", pct(s.median_percent)},
                                         {"min", pct(s.min_percent)},
                                         {"max", pct(s.max_percent)},
                                         {"perfect", std::to_string(s.perfect)}}));
  }
  if (s.has_roster) {
    out.push_back(msg("ui.class.numbers.roster",
                      {{"missing", std::to_string(s.missing.size())}, {"unknown", std::to_string(s.not_on_roster)}}));
  }
  if (!s.due.empty()) out.push_back(msg("ui.class.numbers.late", {{"late", std::to_string(s.late)}}));
  if (s.suspect > 0) out.push_back(msg("ui.class.numbers.suspect", {{"suspect", std::to_string(s.suspect)}}));
  return out;
}

ClassSummary class_summary(const std::vector<BatchRow>& rows, const Options& opts) {
  ClassBuilder b(opts);
  for (const auto& row : rows) b.add(row);
  return b.finish();
}

std::string batch_html(const std::vector<BatchRow>& rows, const Options& opts) {
  return batch_html(class_summary(rows, opts), opts);
}

std::string batch_markdown(const std::vector<BatchRow>& rows, const Options& opts) {
  return batch_markdown(class_summary(rows, opts), opts);
}

}  // namespace gpuwhy::render::detail
