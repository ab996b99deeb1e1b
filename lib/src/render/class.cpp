// What a class did, from the rows of a batch: the score histogram, pass rates per step and per
// check (worst first), the most common mistakes (by hint id) and the Kubernetes versions seen.
// Only complete runs are scored; an incomplete run or a bad bundle is counted apart, never as a
// zero. The class page (render_html.cpp) and the Markdown summary (render_markdown.cpp) both say
// exactly these numbers.
#include <algorithm>
#include <map>
#include <set>

#include <fmt/format.h>

#include "gpuwhy/base/lab.h"
#include "gpuwhy/i18n/i18n.h"
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

}  // namespace

struct ClassBuilder::State {
  i18n::Lang lang;
  ClassSummary s;
  std::map<std::string, std::size_t> check_at;  ///< check id -> index in s.checks
  std::map<int, std::size_t> step_at;           ///< step -> index in s.steps
  std::map<std::string, std::uint16_t> id_at;   ///< check id -> index in s.check_ids (its lab position)
  std::map<std::pair<std::string, std::string>, std::size_t> mistake_at;  ///< (check id, hint id) -> index
  std::set<std::string> versions;
  double total = 0;
  std::vector<double> percents;  ///< each scored run's score in % of its max

  std::uint16_t id_of(const std::string& id) {
    auto [it, fresh] = id_at.try_emplace(id, static_cast<std::uint16_t>(s.check_ids.size()));
    if (fresh) s.check_ids.push_back(id);
    return it->second;
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
  // graded check of it passed.
  void add_steps(const RunResult& run) {
    std::map<int, bool> right;  // step -> every graded check passed
    for (const auto& c : run.checks) {
      const Status st = c.outcome.status;
      if (st != Status::kPass && st != Status::kFail) continue;
      auto [it, fresh] = right.try_emplace(c.step, true);
      it->second = it->second && st == Status::kPass;
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

  void add_mistake(const CheckResult& c, std::uint32_t student) {
    auto [it, fresh] = mistake_at.try_emplace({c.id, c.outcome.hint.id}, s.mistakes.size());
    if (fresh) {
      Mistake m;
      m.hint_id = c.outcome.hint.id;
      m.check_id = c.id;
      m.check_title = check_title(c, lang);
      m.hint = text_of(c.outcome.hint, lang);
      m.explain = i18n::text("check." + c.id + ".explain", lang, lab::names());
      s.mistakes.push_back(std::move(m));
    }
    Mistake& m = s.mistakes[it->second];
    ++m.count;
    m.students.push_back(student);
  }

  void add_scored(const BatchRow& row) {
    const RunResult& run = *row.run;
    StudentLine line;
    line.user = row.user;
    line.score = run.score();
    line.max_score = run.max_score();
    line.passed = run.count(Status::kPass);
    line.version = run.meta.server_version;
    const auto student = static_cast<std::uint32_t>(s.scored.size());
    for (const auto& c : run.checks) {
      const std::uint16_t id = id_of(c.id);
      add_rates(c);
      if (c.outcome.status != Status::kFail) continue;
      line.failed.push_back(id);
      add_mistake(c, student);
    }
    add_steps(run);
    line.failed.shrink_to_fit();
    ++s.bins[static_cast<std::size_t>(score_bin(line.score, line.max_score))];
    const double pct = line.max_score > 0 ? 100.0 * line.score / line.max_score : 100.0;
    total += pct;
    percents.push_back(pct);
    if (line.score == line.max_score) ++s.perfect;
    s.scored.push_back(std::move(line));
  }
};

ClassBuilder::ClassBuilder(i18n::Lang lang) : s_(std::make_unique<State>()) {
  s_->lang = lang;
  s_->s.bins.assign(kScoreBins, 0);
}
ClassBuilder::~ClassBuilder() = default;
ClassBuilder::ClassBuilder(ClassBuilder&&) noexcept = default;
ClassBuilder& ClassBuilder::operator=(ClassBuilder&&) noexcept = default;

void ClassBuilder::add(const BatchRow& row) {
  State& st = *s_;
  ++st.s.submissions;
  if (row.run) {
    st.versions.insert(clean_utf8(row.run->meta.server_version));
    st.s.latest_generated_at = std::max(st.s.latest_generated_at, row.run->meta.generated_at);
  }
  if (!row.run || !row.run->complete()) {
    IncompleteLine line{row.user, row.run.has_value(), row.run ? row.run->count(Status::kError) : 0,
                        row.run ? std::string() : row.error};
    st.s.incomplete.push_back(std::move(line));
    return;
  }
  st.add_scored(row);
}

ClassSummary ClassBuilder::finish() {
  State& st = *s_;
  ClassSummary s = std::move(st.s);
  if (!s.scored.empty()) {
    s.mean_percent = st.total / static_cast<double>(s.scored.size());
    auto& p = st.percents;
    std::sort(p.begin(), p.end());
    const std::size_t n = p.size();
    s.median_percent = n % 2 == 1 ? p[n / 2] : (p[n / 2 - 1] + p[n / 2]) / 2;
    s.min_percent = p.front();
    s.max_percent = p.back();
  }
  s.versions.assign(st.versions.begin(), st.versions.end());
  std::stable_sort(s.steps.begin(), s.steps.end(),
                   [](const PassRate& a, const PassRate& b) { return a.step < b.step; });
  sort_worst_first(s.checks);
  sort_worst_first(s.steps);
  const auto& order = st.id_at;  // a check's index is its lab position: the first run lists every check
  std::stable_sort(s.mistakes.begin(), s.mistakes.end(), [&order](const Mistake& a, const Mistake& b) {
    if (a.count != b.count) return a.count > b.count;
    if (a.check_id != b.check_id) return order.at(a.check_id) < order.at(b.check_id);
    return a.hint_id < b.hint_id;
  });
  return s;
}

std::vector<std::string> ClassSummary::failed_ids(const StudentLine& s) const {
  std::vector<std::string> out;
  out.reserve(s.failed.size());
  for (const std::uint16_t i : s.failed) out.push_back(check_ids[i]);
  return out;
}

std::vector<std::string> ClassSummary::users(const Mistake& m) const {
  std::vector<std::string> out;
  out.reserve(m.students.size());
  for (const std::uint32_t i : m.students) out.push_back(scored[i].user);
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
  const auto pct = [](double v) { return fmt::format("{:.1f}", v); };
  return {msg("ui.class.mean", {{"mean", pct(s.mean_percent)}}),
          msg("ui.class.stats", {{"median", pct(s.median_percent)},
                                 {"min", pct(s.min_percent)},
                                 {"max", pct(s.max_percent)},
                                 {"perfect", std::to_string(s.perfect)}})};
}

ClassSummary class_summary(const std::vector<BatchRow>& rows, i18n::Lang lang) {
  ClassBuilder b(lang);
  for (const auto& row : rows) b.add(row);
  return b.finish();
}

std::string batch_html(const std::vector<BatchRow>& rows, const Options& opts) {
  return batch_html(class_summary(rows, opts.lang), opts);
}

std::string batch_markdown(const std::vector<BatchRow>& rows, const Options& opts) {
  return batch_markdown(class_summary(rows, opts.lang), opts);
}

}  // namespace gpuwhy::render::detail
