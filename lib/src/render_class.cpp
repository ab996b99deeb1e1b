// What a class did, from the rows of a batch: the score histogram, pass rates per step and per
// check (worst first), the most common mistakes (by hint id) and the Kubernetes versions seen.
// Only complete runs are scored; an incomplete run or a bad bundle is counted apart, never as a
// zero. The class page (render_html.cpp) and the Markdown summary (render_markdown.cpp) both say
// exactly these numbers.
#include <algorithm>
#include <map>
#include <set>

#include "gpuwhy/i18n.h"
#include "gpuwhy/render.h"
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

// Per check and per step, in lab order (stable sort keeps it among equals).
void add_rates(ClassSummary& s, i18n::Lang lang) {
  std::map<std::string, std::size_t> check_at;
  std::map<int, std::size_t> step_at;
  for (const BatchRow* row : s.scored) {
    for (const auto& c : row->run->checks) {
      const Status st = c.outcome.status;
      if (st != Status::kPass && st != Status::kFail) continue;
      auto [it, fresh] = check_at.try_emplace(c.id, s.checks.size());
      if (fresh) s.checks.push_back(PassRate{c.id, c.step, check_title(c, lang), 0, 0});
      auto [sit, sfresh] = step_at.try_emplace(c.step, s.steps.size());
      if (sfresh) s.steps.push_back(PassRate{"", c.step, i18n::text("ui.step." + std::to_string(c.step), lang), 0, 0});
      for (PassRate* r : {&s.checks[it->second], &s.steps[sit->second]}) {
        ++r->graded;
        if (st == Status::kPass) ++r->passed;
      }
    }
  }
  std::stable_sort(s.steps.begin(), s.steps.end(),
                   [](const PassRate& a, const PassRate& b) { return a.step < b.step; });
  sort_worst_first(s.checks);
  sort_worst_first(s.steps);
}

void add_mistakes(ClassSummary& s, i18n::Lang lang) {
  std::map<std::pair<std::string, std::string>, std::size_t> at;  // (check id, hint id) -> index
  std::map<std::string, std::size_t> order;                       // check id -> lab position
  for (const BatchRow* row : s.scored) {
    for (std::size_t i = 0; i < row->run->checks.size(); ++i) {
      const auto& c = row->run->checks[i];
      order.try_emplace(c.id, i);
      if (c.outcome.status != Status::kFail) continue;
      auto [it, fresh] = at.try_emplace({c.id, c.outcome.hint.id}, s.mistakes.size());
      if (fresh) {
        Mistake m;
        m.hint_id = c.outcome.hint.id;
        m.check_id = c.id;
        m.check_title = check_title(c, lang);
        m.hint = text_of(c.outcome.hint, lang);
        m.explain = i18n::text("check." + c.id + ".explain", lang);
        s.mistakes.push_back(std::move(m));
      }
      Mistake& m = s.mistakes[it->second];
      ++m.count;
      m.users.push_back(row->user);
    }
  }
  std::stable_sort(s.mistakes.begin(), s.mistakes.end(), [&order](const Mistake& a, const Mistake& b) {
    if (a.count != b.count) return a.count > b.count;
    if (a.check_id != b.check_id) return order[a.check_id] < order[b.check_id];
    return a.hint_id < b.hint_id;
  });
}

}  // namespace

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

ClassSummary class_summary(const std::vector<BatchRow>& rows, i18n::Lang lang) {
  ClassSummary s;
  s.bins.assign(kScoreBins, 0);
  std::set<std::string> versions;
  double total = 0;
  for (const auto& row : rows) {
    if (row.run) versions.insert(clean_utf8(row.run->meta.server_version));
    if (!row.run || !row.run->complete()) {
      s.incomplete.push_back(&row);
      continue;
    }
    s.scored.push_back(&row);
    const int max = row.run->max_score();
    ++s.bins[static_cast<std::size_t>(score_bin(row.run->score(), max))];
    total += max > 0 ? 100.0 * row.run->score() / max : 100.0;
  }
  if (!s.scored.empty()) s.mean_percent = total / static_cast<double>(s.scored.size());
  s.versions.assign(versions.begin(), versions.end());
  add_rates(s, lang);
  add_mistakes(s, lang);
  return s;
}

}  // namespace gpuwhy::render::detail
