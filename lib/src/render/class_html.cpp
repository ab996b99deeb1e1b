// The class page (`--format html` of a batch): one self-contained file made of report.html.tmpl's
// blocks (html_template.h) from a ClassSummary (class.cpp's numbers): histogram, pass rates, what
// to reteach, who needs help, most common mistakes, incomplete runs apart, the roster, versions and
// a sortable student table whose rows go out a few hundred at a time.
#include <algorithm>
#include <functional>
#include <map>
#include <string>
#include <string_view>

#include <fmt/format.h>

#include "gpuwhy/base/text.h"
#include "gpuwhy/i18n/i18n.h"
#include "gpuwhy/lab/lab.h"
#include "gpuwhy/render/render.h"
#include "html_template.h"
#include "render_detail.h"

namespace gpuwhy::render {

namespace detail {

namespace {

using html_tmpl::escape_html;
using html_tmpl::fill;
using html_tmpl::markup;
using html_tmpl::num;
using html_tmpl::page;
using html_tmpl::Slots;
using html_tmpl::tr;
using html_tmpl::txt;

// ---- The class page.

constexpr int kBarWidth = 40;
constexpr int kBarGap = 8;
constexpr int kChartHeight = 140;
constexpr int kTop = 18;
constexpr int kLabels = 34;

std::string histogram_bars(const ClassSummary& s) {
  int most = 1;
  for (int n : s.bins) most = std::max(most, n);
  std::string bars;
  for (int i = 0; i < kScoreBins; ++i) {
    const int n = s.bins[static_cast<std::size_t>(i)];
    const int h = n * kChartHeight / most;
    const int x = kBarGap + i * (kBarWidth + kBarGap);
    const std::string label = bin_label(i);
    bars += fill("bar", {{"bin", num(i)},
                         {"count", num(n)},
                         {"x", num(x)},
                         {"y", num(kTop + kChartHeight - h)},
                         {"width", num(kBarWidth)},
                         {"height", num(h)},
                         {"label", txt(label)},
                         {"text_x", num(x + kBarWidth / 2)},
                         {"count_y", num(kTop + kChartHeight - h - 4)},
                         {"label_y", num(kTop + kChartHeight + 16)},
                         {"short_label", txt(std::to_string(i * 100 / kScoreBins) + "%")}});
  }
  return bars;
}

std::string bin_rows(const ClassSummary& s) {
  std::string rows;
  for (int i = 0; i < kScoreBins; ++i) {
    rows += fill("bin-row",
                 {{"bin", num(i)}, {"count", num(s.bins[static_cast<std::size_t>(i)])}, {"label", txt(bin_label(i))}});
  }
  return rows;
}

// How a pass rate is coloured: "low" under half, "mid" under four in five, else "".
std::string severity(int passed, int graded) {
  if (graded == 0) return "";
  if (2 * passed < graded) return "low";
  if (5 * passed < 4 * graded) return "mid";
  return "";
}

std::string rate_rows(const std::vector<PassRate>& rates) {
  std::string rows;
  for (const auto& r : rates) {
    rows += fill("rate-row", {{"id", txt(r.id)},
                              {"step", num(r.step)},
                              {"passed", num(r.passed)},
                              {"graded", num(r.graded)},
                              {"rate", num(percent(r.passed, r.graded))},
                              {"severity", txt(severity(r.passed, r.graded))},
                              {"name", txt(r.title)},
                              {"code", markup(r.id.empty() ? "" : fill("code", {{"text", txt(r.id)}}))}});
  }
  return rows;
}

// A student's name (the roster's) beside their id, or the id alone.
std::string name_and_id(const std::string& user, const std::string& name) {
  const std::string id = one_line(user, 200);
  if (name.empty()) return escape_html(id);
  return fill("name-id", {{"name", txt(one_line(name, 200))}, {"user", txt(id)}});
}

// A student's name and id, linked to their own page when there is one (--pages).
std::string user_cell(const std::string& user, const std::string& page, const std::string& name = "") {
  std::string shown = name_and_id(user, name);
  if (page.empty()) return shown;
  return fill("user-link", {{"href", txt(page)}, {"shown", markup(std::move(shown))}});
}

// "suspect", with what integrity found in its title.
std::string suspect_badge(const std::vector<std::string>& lines, i18n::Lang lang) {
  return fill("suspect", {{"label", txt(tr("ui.class.suspect", lang))}, {"title", txt(text::join(lines, " / "))}});
}

// The students of a list, each linked to their page, comma-separated.
std::string user_links(const ClassSummary& s, const std::vector<std::uint32_t>& students) {
  std::string out;
  for (const std::uint32_t i : students) {
    if (!out.empty()) out += ", ";
    out += user_cell(s.scored[i].user, s.scored[i].page, s.scored[i].name);
  }
  return out;
}

std::string students_text(std::size_t n, i18n::Lang lang) {
  return i18n::render(msg("ui.class.mistake.count", {{"count", std::to_string(n)}}), lang);
}

std::string root_item(const ClassSummary& s, const RootLine& r, i18n::Lang lang) {
  const auto n = static_cast<long>(r.students.size());
  return fill("root-cause",
              {{"check", txt(r.check_id)},
               {"count", num(n)},
               {"users_data", txt(text::join(s.users(r.students), " "))},
               {"count_text", txt(students_text(r.students.size(), lang))},
               {"title", txt(r.check_title)},
               {"hint", txt(r.hint)},
               {"explain_label", txt(i18n::render(msg("ui.class.explain", {{"check", r.check_id}}), lang))},
               {"explain", txt(r.explain)},
               {"users_label", txt(tr("ui.class.students", lang))},
               {"users", markup(user_links(s, r.students))}});
}

// The most common ones in a list; the rest (often one student each) folded under it.
std::string roots_html(const ClassSummary& s, i18n::Lang lang) {
  if (s.roots.empty()) return fill("paragraph", {{"text", txt(tr("ui.class.no-roots", lang))}});
  std::string top;
  std::string rest;
  for (std::size_t i = 0; i < s.roots.size(); ++i) (i < kTopRoots ? top : rest) += root_item(s, s.roots[i], lang);
  std::string more;
  if (!rest.empty()) {
    const auto n = s.roots.size() - kTopRoots;
    more = fill("more-roots",
                {{"summary", txt(i18n::render(msg("ui.class.more-roots", {{"count", std::to_string(n)}}), lang))},
                 {"start", num(static_cast<long>(kTopRoots + 1))},
                 {"items", markup(rest)}});
  }
  return fill("root-list", {{"items", markup(top)}, {"more", markup(more)}});
}

std::string concept_item(const ClassSummary& s, const ConceptLine& c, i18n::Lang lang) {
  std::string roots;
  std::vector<std::string> ids;
  for (const std::size_t r : c.roots) {
    const RootLine& root = s.roots[r];
    roots +=
        (roots.empty() ? "" : ", ") +
        fill("concept-root", {{"id", txt(root.check_id)}, {"count", num(static_cast<long>(root.students.size()))}});
    ids.push_back(root.check_id);
  }
  const std::string hint = c.roots.empty() ? "" : s.roots[c.roots.front()].hint;
  return fill("concept", {{"id", txt(c.id)},
                          {"count", num(static_cast<long>(c.students.size()))},
                          {"users_data", txt(text::join(s.users(c.students), " "))},
                          {"root_ids", txt(text::join(ids, " "))},
                          {"count_text", txt(students_text(c.students.size(), lang))},
                          {"title", txt(c.title)},
                          {"teach", txt(c.teach)},
                          {"roots_label", txt(tr("ui.class.concept.roots", lang))},
                          {"roots", markup(roots)},
                          {"hint", txt(hint)},
                          {"users_label", txt(tr("ui.class.students", lang))},
                          {"users", markup(user_links(s, c.students))}});
}

// The concepts most students need again, one line each (what to go over, their root causes and
// students folded under it); the rest folded under them, so the first screen also shows who needs help.
std::string concepts_html(const ClassSummary& s, i18n::Lang lang) {
  if (s.concepts.empty()) return fill("paragraph", {{"text", txt(tr("ui.class.no-roots", lang))}});
  std::string top;
  std::string rest;
  for (std::size_t i = 0; i < s.concepts.size(); ++i)
    (i < kTopConcepts ? top : rest) += concept_item(s, s.concepts[i], lang);
  std::string more;
  if (!rest.empty()) {
    const auto n = s.concepts.size() - kTopConcepts;
    more = fill("more-concepts",
                {{"summary", txt(i18n::render(msg("ui.class.more-concepts", {{"count", std::to_string(n)}}), lang))},
                 {"start", num(static_cast<long>(kTopConcepts + 1))},
                 {"items", markup(rest)}});
  }
  return fill("concepts", {{"items", markup(top)}, {"more", markup(more)}});
}

std::string badge(const std::string& kind, const std::string& text);

// "submitted as 2026027?": the submissions whose id is one typo from a missing student's.
std::string near_miss(const std::vector<std::string>& near, i18n::Lang lang) {
  if (near.empty()) return "";
  std::vector<std::string> shown;
  shown.reserve(near.size());
  for (const auto& u : near) shown.push_back(one_line(u, 200));
  return fill("near-miss",
              {{"users", txt(text::join(shown, " "))},
               {"text", txt(i18n::render(msg("ui.class.near-miss", {{"user", text::join(shown, ", ")}}), lang))}});
}

// The flags of a scored student that want a look whatever the score: late, suspect, not on the roster.
std::string flag_badges(const StudentLine& r, i18n::Lang lang) {
  std::string out;
  if (r.flags.late.value_or(false)) out += badge("late", tr("ui.class.late", lang));
  if (!r.flags.integrity.empty()) out += suspect_badge(r.flags.integrity, lang);
  if (!r.flags.on_roster.value_or(true)) out += badge("unknown", tr("ui.class.not-on-roster", lang));
  return out;
}

std::string help_item(const ClassSummary& s, const StudentLine& r, i18n::Lang lang) {
  const auto roots = s.root_ids(r);
  std::vector<std::string> titles;
  for (const auto& id : roots) titles.push_back(i18n::text("check." + id + ".title", lang, lab::names()));
  const std::string why =
      roots.empty() ? tr("ui.class.help.no-root", lang)
                    : i18n::render(msg("ui.class.help.roots",
                                       {{"count", std::to_string(roots.size())}, {"ids", text::join(roots, ", ")}}),
                                   lang);
  return fill("help-item", {{"user", txt(one_line(r.user, 200))},
                            {"root_ids", txt(text::join(roots, " "))},
                            {"root_count", num(static_cast<long>(roots.size()))},
                            {"score", num(r.score)},
                            {"max_score", num(r.max_score)},
                            {"user_cell", markup(user_cell(r.user, r.page, r.name))},
                            {"root_titles", txt(text::join(titles, " / "))},
                            {"why", txt(why)},
                            {"badges", markup(flag_badges(r, lang))}});
}

// Who needs help (ClassSummary::help): the first kTopHelp listed, the rest folded. Then those with
// no score: incomplete runs, and the roster's students with no submission (with the submission one
// typo from their id, when there is one).
/// The lists of a class page that grow with the class (a line per student) are not made into the
/// page's one string: a marker stands where each goes, and its lines are made and given to the
/// sink a few hundred KB at a time when the page gets there, so a class of 10,000 is never held
/// whole, however many copies filling the blocks takes.
struct Later {
  using Sink = std::function<void(std::string_view)>;
  std::vector<std::pair<std::string, std::function<void(const Sink&)>>> lists;

  /// A marker for the lines `count` and `line` make (line(i) for i in [0, count)).
  std::string list(std::size_t count, std::function<std::string(std::size_t)> line) {
    std::string marker = "\x01gpuwhy-later-" + std::to_string(lists.size()) + "\x01";
    lists.emplace_back(marker, [count, line = std::move(line)](const Sink& sink) {
      Pieces out(sink);
      for (std::size_t i = 0; i < count; ++i) out.add(line(i));
      out.end();
    });
    return marker;
  }

  /// `whole` to `sink`, each marker in it replaced by its lines.
  void write(std::string_view whole, const Sink& sink) const {
    std::vector<std::pair<std::size_t, std::size_t>> at;  // where, which
    for (std::size_t k = 0; k < lists.size(); ++k) {
      const std::size_t p = whole.find(lists[k].first);
      if (p != std::string_view::npos) at.emplace_back(p, k);
    }
    std::sort(at.begin(), at.end());
    std::size_t done = 0;
    for (const auto& [p, k] : at) {
      sink(whole.substr(done, p - done));
      lists[k].second(sink);
      done = p + lists[k].first.size();
    }
    sink(whole.substr(done));
  }
};

std::string help_html(const ClassSummary& s, i18n::Lang lang, Later& later) {
  const std::vector<std::uint32_t>& order = s.help;
  std::string top;
  for (std::size_t i = 0; i < order.size() && i < kTopHelp; ++i) top += help_item(s, s.scored[order[i]], lang);
  std::string more;
  if (order.size() > kTopHelp) {
    const std::string rest = later.list(order.size() - kTopHelp, [&s, &order, lang](std::size_t i) {
      return help_item(s, s.scored[order[kTopHelp + i]], lang);
    });
    more = fill(
        "more-help",
        {{"summary",
          txt(i18n::render(msg("ui.class.help.more", {{"count", std::to_string(order.size() - kTopHelp)}}), lang))},
         {"start", num(static_cast<long>(kTopHelp + 1))},
         {"items", markup(rest)}});
  }
  std::string unscored;
  if (!s.incomplete.empty() || !s.missing.empty()) {
    const std::size_t incomplete = s.incomplete.size();
    unscored = later.list(incomplete + s.missing.size(), [&s, incomplete, lang](std::size_t k) {
      if (k < incomplete) {
        const IncompleteLine& r = s.incomplete[k];
        std::string badges = badge("incomplete", tr("ui.class.incomplete.badge", lang));
        if (r.flags.late.value_or(false)) badges += badge("late", tr("ui.class.late", lang));
        if (!r.flags.integrity.empty()) badges += suspect_badge(r.flags.integrity, lang);
        if (!r.flags.on_roster.value_or(true)) badges += badge("unknown", tr("ui.class.not-on-roster", lang));
        return fill("unscored-item", {{"user", txt(one_line(r.user, 200))},
                                      {"kind", txt("incomplete")},
                                      {"user_cell", markup(user_cell(r.user, r.page, r.name))},
                                      {"badges", markup(badges)}});
      }
      const std::size_t i = k - incomplete;
      const std::string name = i < s.missing_names.size() ? s.missing_names[i] : "";
      std::string badges = badge("missing", tr("ui.class.missing.badge", lang));
      if (i < s.missing_near.size()) badges += near_miss(s.missing_near[i], lang);
      return fill("unscored-item", {{"user", txt(one_line(s.missing[i], 200))},
                                    {"kind", txt("missing")},
                                    {"user_cell", markup(name_and_id(s.missing[i], name))},
                                    {"badges", markup(badges)}});
    });
    unscored = fill("unscored", {{"label", txt(tr("ui.class.help.unscored", lang))}, {"items", markup(unscored)}});
  }
  if (order.empty()) return fill("paragraph", {{"text", txt(tr("ui.class.help.none", lang))}}) + unscored;
  return fill("help", {{"items", markup(top)}, {"more", markup(more)}, {"unscored", markup(unscored)}});
}

std::string incomplete_html(const ClassSummary& s, i18n::Lang lang, Later& later) {
  if (s.incomplete.empty()) return fill("paragraph", {{"text", txt(tr("ui.class.none", lang))}});
  const std::string rows = later.list(s.incomplete.size(), [&s, lang](std::size_t i) {
    const IncompleteLine& r = s.incomplete[i];
    const std::string why =
        r.graded ? i18n::render(msg("ui.class.incomplete.errors", {{"errors", std::to_string(r.errors)}}), lang)
                 : i18n::render(msg("ui.batch.not-graded", {{"error", one_line(r.error, 500)}}), lang);
    std::string user = user_cell(r.user, r.page, r.name);
    if (!r.flags.integrity.empty()) user += suspect_badge(r.flags.integrity, lang);
    return fill("incomplete-row", {{"user", txt(one_line(r.user, 200))},
                                   {"page", txt(r.page)},
                                   {"user_cell", markup(user)},
                                   {"reason", txt(why)}});
  });
  return fill("incomplete-table", {{"col_user", txt(tr("ui.batch.user", lang))},
                                   {"col_reason", txt(tr("ui.class.col.reason", lang))},
                                   {"rows", markup(rows)}});
}

// A cell's colour by the step's points: all of them, at least half, fewer, or nothing graded.
std::string level(const StepCell& c) {
  if (c.max == 0) return "none";
  if (c.score == c.max) return "full";
  return 2 * c.score >= c.max ? "part" : "low";
}

std::string step_cells(const ClassSummary& s, const StudentLine& r, i18n::Lang lang) {
  std::string cells;
  for (int step = 1; step <= s.step_count; ++step) {
    const auto at = static_cast<std::size_t>(step - 1);
    const StepCell c = at < r.steps.size() ? r.steps[at] : StepCell{};
    // Sorting by a step puts the weakest first: its share of the step's points (none graded last).
    const long value = c.max == 0 ? 1001 : 1000L * c.score / c.max;
    cells += fill("step-cell", {{"level", txt(level(c))},
                                {"root_class", txt(c.root ? " root" : "")},
                                {"step", num(step)},
                                {"value", num(value)},
                                {"score", num(c.score)},
                                {"max", num(c.max)},
                                {"root_title", txt(c.root ? tr("ui.class.root-mark", lang) : "")},
                                {"shown", txt(c.max == 0 ? "–" : fmt::format("{}/{}", c.score, c.max))},
                                {"mark", markup(c.root ? fill("root-mark", {}) : "")}});
  }
  return cells;
}

std::string badge(const std::string& kind, const std::string& text) {
  return fill("badge", {{"kind", txt(kind)}, {"text", txt(text)}});
}

std::string student_row(const ClassSummary& s, const StudentLine& r, i18n::Lang lang) {
  const auto roots = s.root_ids(r);
  std::string user = user_cell(r.user, r.page, r.name);
  if (!r.flags.on_roster.value_or(true)) user += badge("unknown", tr("ui.class.not-on-roster", lang));
  if (!r.flags.integrity.empty()) user += suspect_badge(r.flags.integrity, lang);
  return fill("student-row",
              {{"user", txt(one_line(r.user, 200))},
               {"failed_ids", txt(text::join(s.failed_ids(r), " "))},
               {"root_ids", txt(text::join(roots, " "))},
               {"late", txt(flag_text(r.flags.late))},
               {"on_roster", txt(flag_text(r.flags.on_roster))},
               {"suspect", txt(r.flags.integrity.empty() ? "false" : "true")},
               {"page", txt(r.page)},
               {"user_cell", markup(user)},
               {"score", num(r.score)},
               {"max_score", num(r.max_score)},
               {"cells", markup(step_cells(s, r, lang))},
               {"root_list", txt(text::join(roots, ", "))},
               {"taken_at", txt(one_line(r.flags.taken_at, 60))},
               {"late_badge", markup(r.flags.late.value_or(false) ? badge("late", tr("ui.class.late", lang)) : "")},
               {"version", txt(one_line(r.version, 60))},
               {"col_roots", txt(tr("ui.class.col.roots", lang))},
               {"col_taken", txt(tr("ui.class.col.taken", lang))}});
}

std::string step_heads(const ClassSummary& s, i18n::Lang lang) {
  std::string heads;
  for (int step = 1; step <= s.step_count; ++step)
    heads += fill("step-head", {{"step", num(step)},
                                {"title", txt(i18n::text("ui.step." + std::to_string(step), lang, lab::names()))}});
  return heads;
}

// Ids, each with its markup (name, near misses) at the same index of `shown`.
std::string id_list(const std::vector<std::string>& ids, const std::vector<std::string>& shown, i18n::Lang lang) {
  if (ids.empty()) return fill("paragraph", {{"text", txt(tr("ui.class.none", lang))}});
  std::string items;
  for (std::size_t i = 0; i < ids.size(); ++i)
    items += fill("id-item", {{"user", txt(one_line(ids[i], 200))}, {"shown", markup(shown[i])}});
  return fill("id-list", {{"items", markup(items)}});
}

// Who is on the roster and did not submit, and who submitted and is not on it.
std::string roster_html(const ClassSummary& s, i18n::Lang lang) {
  if (!s.has_roster) return "";
  std::vector<std::string> unknown;
  for (const auto& r : s.scored) {
    if (!r.flags.on_roster.value_or(true)) unknown.push_back(r.user);
  }
  for (const auto& r : s.incomplete) {
    if (!r.flags.on_roster.value_or(true)) unknown.push_back(r.user);
  }
  std::vector<std::string> missing_shown;
  for (std::size_t i = 0; i < s.missing.size(); ++i) {
    missing_shown.push_back(name_and_id(s.missing[i], i < s.missing_names.size() ? s.missing_names[i] : "") +
                            (i < s.missing_near.size() ? near_miss(s.missing_near[i], lang) : ""));
  }
  std::vector<std::string> unknown_shown;
  for (const auto& u : unknown) unknown_shown.push_back(escape_html(one_line(u, 200)));
  return fill(
      "roster",
      {{"missing_title",
        txt(i18n::render(msg("ui.class.missing.title", {{"count", std::to_string(s.missing.size())}}), lang))},
       {"missing", markup(id_list(s.missing, missing_shown, lang))},
       {"unknown_title",
        txt(i18n::render(msg("ui.class.not-on-roster.title", {{"count", std::to_string(unknown.size())}}), lang))},
       {"unknown", markup(id_list(unknown, unknown_shown, lang))}});
}

std::string filter_options(const ClassSummary& s) {
  std::string options;
  for (const auto& m : s.checks) options += fill("filter-option", {{"id", txt(m.id)}, {"title", txt(m.title)}});
  return options;
}

std::string versions_text(const ClassSummary& s, i18n::Lang lang) {
  std::vector<std::string> v;
  for (const auto& x : s.versions) v.push_back(x.empty() ? tr("ui.class.unknown-version", lang) : one_line(x, 60));
  return v.empty() ? tr("ui.class.none", lang) : text::join(v, ", ");
}

std::string class_summary_text(const ClassSummary& s, i18n::Lang lang) {
  std::string t = i18n::render(msg("ui.batch.summary", {{"count", std::to_string(s.submissions)},
                                                        {"scored", std::to_string(s.scored.size())},
                                                        {"incomplete", std::to_string(s.incomplete.size())}}),
                               lang);
  for (const auto& m : class_stats(s)) t += "; " + i18n::render(m, lang);
  return t;
}

Slots class_labels(i18n::Lang lang) {
  return {
      {"histogram_title", txt(tr("ui.class.histogram", lang))},
      {"col_bin", txt(tr("ui.class.bin", lang))},
      {"col_students", txt(tr("ui.class.students", lang))},
      {"reteach_title", txt(tr("ui.class.reteach", lang))},
      {"reteach_intro", txt(tr("ui.class.reteach.intro", lang))},
      {"help_title", txt(tr("ui.class.help", lang))},
      {"help_intro", txt(tr("ui.class.help.intro", lang))},
      {"roots_title", txt(tr("ui.class.roots", lang))},
      {"grid_intro", txt(tr("ui.class.grid.intro", lang))},
      {"col_roots", txt(tr("ui.class.col.roots", lang))},
      {"col_taken", txt(tr("ui.class.col.taken", lang))},
      {"steps_title", txt(tr("ui.class.steps", lang))},
      {"checks_title", txt(tr("ui.class.checks", lang))},
      {"col_step", txt(tr("ui.class.step", lang))},
      {"col_check", txt(tr("ui.report.col.check", lang))},
      {"col_passed", txt(tr("ui.class.passed", lang))},
      {"col_graded", txt(tr("ui.class.graded", lang))},
      {"col_rate", txt(tr("ui.class.rate", lang))},
      {"incomplete_title", txt(tr("ui.class.incomplete", lang))},
      {"versions_title", txt(tr("ui.class.versions", lang))},
      {"students_title", txt(tr("ui.class.table", lang))},
      {"sort_hint", txt(tr("ui.class.sort-hint", lang))},
      {"filter_label", txt(tr("ui.class.filter", lang))},
      {"filter_all", txt(tr("ui.class.filter.all", lang))},
      {"col_user", txt(tr("ui.batch.user", lang))},
      {"col_score", txt(tr("ui.batch.score", lang))},
      {"col_kubernetes", txt(tr("ui.class.col.kubernetes", lang))},
  };
}

std::string generated_at_of(const ClassSummary& s, const Options& opts) {
  return opts.generated_at.empty() ? s.latest_generated_at : opts.generated_at;
}

}  // namespace

// The page goes to `sink` in pieces: all of it but its lists of students (Later), which come a few
// hundred KB at a time where their markers stand.
void batch_html(const ClassSummary& s, const Options& opts, const std::function<void(std::string_view)>& sink) {
  const auto lang = opts.lang;
  Later later;
  Slots slots = class_labels(lang);
  const std::string title = tr("ui.class.title", lang);
  slots["title"] = txt(title);
  slots["submissions"] = num(static_cast<long>(s.submissions));
  slots["scored"] = num(static_cast<long>(s.scored.size()));
  slots["incomplete"] = num(static_cast<long>(s.incomplete.size()));
  slots["summary"] = txt(class_summary_text(s, lang));
  slots["meta"] = txt(fmt::format("gpuwhy {}, {}", GPUWHY_VERSION, generated_at_of(s, opts)));
  slots["svg_width"] = num(kBarGap + kScoreBins * (kBarWidth + kBarGap));
  slots["svg_height"] = num(kTop + kChartHeight + kLabels);
  slots["histogram_aria"] =
      txt(i18n::render(msg("ui.class.histogram.aria",
                           {{"scored", std::to_string(s.scored.size())}, {"bins", std::to_string(kScoreBins)}}),
                       lang));
  slots["bars"] = markup(histogram_bars(s));
  slots["bin_rows"] = markup(bin_rows(s));
  slots["missing"] = num(static_cast<long>(s.missing.size()));
  slots["late"] = num(static_cast<long>(s.late));
  slots["due"] = markup(
      s.due.empty()
          ? ""
          : fill("due", {{"text", txt(i18n::render(msg("ui.class.due", {{"due", one_line(s.due, 60)}}), lang))}}));
  slots["concepts"] = markup(concepts_html(s, lang));
  slots["help"] = markup(help_html(s, lang, later));
  slots["roots"] = markup(roots_html(s, lang));
  slots["step_heads"] = markup(step_heads(s, lang));
  slots["roster"] = markup(roster_html(s, lang));
  slots["step_rows"] = markup(rate_rows(s.steps));
  slots["check_rows"] = markup(rate_rows(s.checks));
  slots["incomplete_list"] = markup(incomplete_html(s, lang, later));
  slots["versions"] = txt(versions_text(s, lang));
  slots["filter_options"] = markup(filter_options(s));
  slots["student_rows"] =
      markup(later.list(s.scored.size(), [&s, lang](std::size_t i) { return student_row(s, s.scored[i], lang); }));
  later.write(page(title, fill("class", slots), lang), sink);
}

std::string batch_html(const ClassSummary& s, const Options& opts) {
  std::string out;
  batch_html(s, opts, [&out](std::string_view piece) { out += piece; });
  return out;
}

}  // namespace detail

}  // namespace gpuwhy::render
