// The HTML report (`--format html`): one self-contained file, no network (inline CSS, SVG and a
// small script, a Content-Security-Policy that allows no fetch). One run gives the student's page
// (the terminal table's content, steps as sections, evidence in <details>); a batch gives the
// class page (render_class.cpp's numbers: histogram, pass rates, most common mistakes, incomplete
// runs apart, versions, a sortable student table). All markup is in report.html.tmpl; this file
// only fills its blocks, and every text slot is HTML-escaped there (students control their files).
#include <algorithm>
#include <functional>
#include <map>
#include <stdexcept>

#include <fmt/format.h>

#include "gpuwhy/base/text.h"
#include "gpuwhy/i18n/i18n.h"
#include "gpuwhy/lab/lab.h"
#include "gpuwhy/render/render.h"
#include "render_detail.h"

namespace gpuwhy::render {

namespace detail {
extern const std::string_view kReportTemplate;  // generated from report.html.tmpl (CMakeLists.txt)
}  // namespace detail

namespace {

constexpr std::size_t kMaxEvidence = 50;

// ---- The template: named blocks, {{text}} and {{{markup}}} slots.

std::string escape_html(std::string_view in) {
  return text::escape_each(clean_utf8(in), [](char32_t cp) -> std::string {
    switch (cp) {
      case '&': return "&amp;";
      case '<': return "&lt;";
      case '>': return "&gt;";
      case '"': return "&quot;";
      case '\'': return "&#39;";
      case '\n':
      case '\t': return "";
      case '\r': return "\n";
      default: break;
    }
    // C0/C1 controls and noncharacters are not text a browser shows: U+FFFD says something was there.
    if (cp < 0x20 || (cp >= 0x7F && cp < 0xA0) || cp == 0xFFFE || cp == 0xFFFF) return "\xEF\xBF\xBD";
    return "";
  });
}

/// A value for a slot: text (escaped when filled) or markup made from other blocks.
struct Slot {
  std::string value;
  bool markup = false;
};
using Slots = std::map<std::string, Slot>;

Slot markup(std::string html) {
  return Slot{std::move(html), true};
}
Slot txt(std::string text) {
  return Slot{std::move(text), false};
}
Slot num(long n) {
  return Slot{std::to_string(n), false};
}

std::string_view block(std::string_view name) {
  const std::string open = "<!--#" + std::string(name) + "-->";
  const std::string close = "<!--/" + std::string(name) + "-->";
  const std::string_view t = detail::kReportTemplate;
  const std::size_t a = t.find(open);
  const std::size_t b = a == std::string_view::npos ? a : t.find(close, a);
  if (b == std::string_view::npos) throw std::logic_error("report.html.tmpl has no block " + std::string(name));
  return t.substr(a + open.size(), b - a - open.size());
}

// Fills one block. A slot must be given with the kind the template asks for: {{x}} is always
// escaped text, so nothing a student wrote can ever be inserted as markup.
std::string fill(std::string_view name, const Slots& slots) {
  const std::string_view b = block(name);
  std::string out;
  std::size_t i = 0;
  while (i < b.size()) {
    const std::size_t at = b.find("{{", i);
    if (at == std::string_view::npos) break;
    out.append(b.substr(i, at - i));
    const bool raw = b.compare(at, 3, "{{{") == 0;
    const std::size_t start = at + (raw ? 3 : 2);
    const std::size_t end = b.find(raw ? "}}}" : "}}", start);
    if (end == std::string_view::npos) throw std::logic_error("unclosed slot in block " + std::string(name));
    const std::string key(b.substr(start, end - start));
    const auto it = slots.find(key);
    if (it == slots.end() || it->second.markup != raw) {
      throw std::logic_error("block " + std::string(name) + ": slot " + key + " missing or of the wrong kind");
    }
    out += raw ? it->second.value : escape_html(it->second.value);
    i = end + (raw ? 3 : 2);
  }
  out.append(b.substr(i));
  return out;
}

std::string tr(const char* id, i18n::Lang lang) {
  return i18n::text(id, lang);
}

std::string page(const std::string& title, std::string body, i18n::Lang lang) {
  return fill("page", {{"lang", txt(i18n::to_string(lang))},
                       {"title", txt(title)},
                       {"version", txt(GPUWHY_VERSION)},
                       {"body", markup(std::move(body))}});
}

std::string meta_text(const RunMeta& m, i18n::Lang lang) {
  return i18n::render(msg("ui.report.meta", {{"version", m.gpuwhy_version},
                                             {"server", m.server_version.empty() ? "-" : m.server_version},
                                             {"generated_at", m.generated_at},
                                             {"source", detail::source_text(m.source, lang)}}),
                      lang);
}

// ---- The student's page.

const char* mark_of(Status s) {
  switch (s) {
    case Status::kPass: return "✔";
    case Status::kFail: return "✘";
    case Status::kError: return "!";
    case Status::kSkip: break;
  }
  return "·";
}

std::string detail_html(const char* kind, const char* label_id, const Msg& m, i18n::Lang lang) {
  if (is_empty(m)) return "";
  return fill("detail", {{"kind", txt(kind)}, {"label", txt(tr(label_id, lang))}, {"value", txt(text_of(m, lang))}});
}

std::string evidence_html(const std::vector<Msg>& evidence, i18n::Lang lang) {
  if (evidence.empty()) return "";
  std::string lines;
  for (std::size_t i = 0; i < evidence.size() && i < kMaxEvidence; ++i) {
    if (i > 0) lines += '\n';
    lines += one_line(text_of(evidence[i], lang), 2000);
  }
  if (evidence.size() > kMaxEvidence) lines += fmt::format("\n… (+{})", evidence.size() - kMaxEvidence);
  return fill("evidence", {{"label", txt(tr("ui.report.evidence", lang))},
                           {"count", num(static_cast<long>(evidence.size()))},
                           {"lines", txt(lines)}});
}

/// A failure's full details, or (in a step's table) a pointer: to the root causes above, or
/// from a consequence to its root.
std::string cause_details(const RunResult& run, const CheckResult& c, const Options& opts) {
  if (c.outcome.caused_by.empty()) return detail_html("root", "ui.report.root", raw(" "), opts.lang);
  std::string d;
  if (const std::string fault = root_fault(run, c, opts.lang); !fault.empty())
    d += detail_html("follows", "ui.root.follows-from", raw(fault), opts.lang);
  if (const std::string note = right_answer_note(c, opts.lang); !note.empty())
    d += detail_html("hint", "ui.report.hint", raw(note), opts.lang);
  return d;
}

std::string check_details(const CheckResult& c, const Options& opts, const RunResult* run = nullptr) {
  const auto& o = c.outcome;
  const auto lang = opts.lang;
  const bool problem = o.status == Status::kFail || o.status == Status::kError;
  if (run != nullptr && o.status == Status::kFail) return cause_details(*run, c, opts);
  std::string d;
  if (problem) {
    if (!opts.hide_expected) d += detail_html("expected", "ui.report.expected", o.expected, lang);
    d += detail_html("actual", "ui.report.actual", o.actual, lang);
    d += detail_html("hint", "ui.report.hint", o.hint, lang);
  }
  if (problem || opts.verbose) d += evidence_html(o.evidence, lang);
  return d;
}

std::string check_row(const RunResult& run, const CheckResult& c, const Options& opts) {
  const Status st = c.outcome.status;
  const std::string points =
      st == Status::kError ? fmt::format("-/{}", c.points) : fmt::format("{}/{}", c.score, c.points);
  return fill("check", {{"status", txt(to_string(st))},
                        {"id", txt(c.id)},
                        {"mark", txt(mark_of(st))},
                        {"status_text", txt(tr(("ui.report.status." + to_string(st)).c_str(), opts.lang))},
                        {"title", txt(check_title(c, opts.lang))},
                        {"points", txt(points)},
                        {"details", markup(check_details(c, opts, &run))}});
}

std::string step_section(const RunResult& run, const StepSummary& s, const Options& opts) {
  const auto lang = opts.lang;
  std::string rows;
  for (const auto& c : run.checks) {
    if (c.step == s.step && c.outcome.status != Status::kSkip) rows += check_row(run, c, opts);
  }
  // A step whose checks all pass is folded.
  return fill(s.failed == 0 && s.errors == 0 ? "step-folded" : "step",
              {{"step", num(s.step)},
               {"title", txt(i18n::text(fmt::format("ui.step.{}", s.step), lang, lab::names()))},
               {"score", txt(fmt::format("{}/{}", s.score, s.max_score))},
               {"col_status", txt(tr("ui.report.col.status", lang))},
               {"col_check", txt(tr("ui.report.col.check", lang))},
               {"col_points", txt(tr("ui.report.col.points", lang))},
               {"col_details", txt(tr("ui.report.col.details", lang))},
               {"rows", markup(rows)}});
}

// A cause in the environment that made several checks `error`, told once above the steps (as the
// terminal table does); the rows keep their own details.
std::string env_causes(const RunResult& run, i18n::Lang lang) {
  std::string out;
  for (const auto& g : detail::shared_env_causes(run, lang)) {
    out += fill("env-cause", {{"cause", txt(g.cause)},
                              {"checks", txt(text::join(g.ids, " "))},
                              {"heading", txt(g.heading)},
                              {"cause_label", txt(tr("ui.env.cause", lang))},
                              {"message", txt(g.message)},
                              {"fix_label", txt(tr("ui.env.fix", lang))},
                              {"fix", txt(g.fix)}});
  }
  return out;
}

std::string consequences_html(const RunResult& run, const CheckResult& root, i18n::Lang lang) {
  const auto list = run.consequences_of(root.id);
  if (list.empty()) return "";
  int lost = 0;
  std::string items;
  for (const CheckResult* f : list) {
    lost += f->points - f->score;
    items += fill("consequence",
                  {{"id", txt(f->id)},
                   {"caused_by", txt(f->outcome.caused_by)},
                   {"step", txt(i18n::render(msg("ui.step.short", {{"step", std::to_string(f->step)}}), lang))},
                   {"title", txt(check_title(*f, lang))},
                   {"points", txt(fmt::format("{}/{}", f->score, f->points))}});
  }
  const std::string heading = i18n::render(
      msg("ui.root.consequences", {{"count", std::to_string(list.size())}, {"points", std::to_string(lost)}}), lang);
  return fill("consequences", {{"heading", txt(heading)}, {"items", markup(items)}});
}

// The root causes at the top, each in full with the failures that follow from it.
std::string roots_html(const RunResult& run, const Options& opts) {
  const auto roots = run.roots();
  if (roots.empty()) return "";
  std::string items;
  for (const auto& c : run.checks) {
    if (std::find(roots.begin(), roots.end(), c.id) == roots.end()) continue;
    items += fill("root", {{"id", txt(c.id)},
                           {"title", txt(check_title(c, opts.lang))},
                           {"points", txt(fmt::format("{}/{}", c.score, c.points))},
                           {"details", markup(check_details(c, opts))},
                           {"consequences", markup(consequences_html(run, c, opts.lang))}});
  }
  return fill("roots", {{"title", txt(tr("ui.report.roots", opts.lang))}, {"items", markup(items)}});
}

std::string student_body(const RunResult& run, const Options& opts) {
  const auto lang = opts.lang;
  std::string steps;
  for (const auto& s : step_summaries(run)) {
    if (s.selected()) steps += step_section(run, s, opts);
  }
  std::string warnings;
  for (const auto& line : integrity_lines(run, lang))
    warnings += fill("warning", {{"label", txt(tr("ui.integrity.label", lang))}, {"text", txt(line)}});
  for (const auto& w : run.meta.warnings) {
    warnings += fill("warning",
                     {{"label", txt(tr("ui.report.warning", lang))}, {"text", txt(one_line(text_of(w, lang), 500))}});
  }
  const std::string banner = run.complete() ? "" : fill("banner", {{"text", txt(incomplete_line(run, lang))}});
  // Whose page it is: the roster's name heads it, the id under it (a batch's pages, --user).
  std::string title = tr("ui.report.title", lang);
  std::string who;
  if (!opts.user.empty()) {
    const std::string id = one_line(opts.user, 200);
    title = opts.user_name.empty() ? id : one_line(opts.user_name, 200);
    who = fill("who", {{"user", txt(id)},
                       {"name", txt(one_line(opts.user_name, 200))},
                       {"text", txt(i18n::render(msg("ui.report.student-id", {{"user", id}}), lang))}});
  }
  // The root causes by name, right under the score: the page's first answer.
  const auto root_ids = run.roots();
  std::string root_line;
  if (!root_ids.empty()) {
    std::vector<std::string> titles;
    for (const auto& c : run.checks) {
      if (std::find(root_ids.begin(), root_ids.end(), c.id) != root_ids.end()) titles.push_back(check_title(c, lang));
    }
    root_line = fill("root-line", {{"ids", txt(text::join(root_ids, " "))},
                                   {"label", txt(tr("ui.report.root-ids", lang))},
                                   {"titles", txt(text::join(titles, "; "))}});
  }
  return fill("student", {{"title", txt(title)},
                          {"who", markup(who)},
                          {"root_line", markup(root_line)},
                          {"score", run.complete() ? num(run.score()) : txt("")},
                          {"max_score", run.complete() ? num(run.max_score()) : txt("")},
                          {"complete", txt(run.complete() ? "true" : "false")},
                          {"summary", txt(summary_line(run, lang))},
                          {"banner", markup(banner)},
                          {"env_causes", markup(env_causes(run, lang))},
                          {"warnings", markup(warnings)},
                          {"meta", txt(meta_text(run.meta, lang))},
                          {"roots", markup(roots_html(run, opts))},
                          {"steps", markup(steps)}});
}

}  // namespace

std::string html(const RunResult& run, const Options& opts) {
  std::string title = tr("ui.report.title", opts.lang);
  if (!opts.user.empty()) {
    title = i18n::render(opts.user_name.empty()
                             ? msg("ui.report.title.user", {{"user", one_line(opts.user, 200)}})
                             : msg("ui.report.title.named",
                                   {{"user", one_line(opts.user, 200)}, {"name", one_line(opts.user_name, 200)}}),
                         opts.lang);
  }
  return page(title, student_body(run, opts), opts.lang);
}

namespace detail {

namespace {

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
std::string help_html(const ClassSummary& s, i18n::Lang lang) {
  const std::vector<std::uint32_t>& order = s.help;
  std::string top;
  std::string rest;
  for (std::size_t i = 0; i < order.size(); ++i) (i < kTopHelp ? top : rest) += help_item(s, s.scored[order[i]], lang);
  std::string more;
  if (!rest.empty()) {
    more = fill(
        "more-help",
        {{"summary",
          txt(i18n::render(msg("ui.class.help.more", {{"count", std::to_string(order.size() - kTopHelp)}}), lang))},
         {"start", num(static_cast<long>(kTopHelp + 1))},
         {"items", markup(rest)}});
  }
  std::string unscored;
  for (const IncompleteLine& r : s.incomplete) {
    std::string badges = badge("incomplete", tr("ui.class.incomplete.badge", lang));
    if (r.flags.late.value_or(false)) badges += badge("late", tr("ui.class.late", lang));
    if (!r.flags.integrity.empty()) badges += suspect_badge(r.flags.integrity, lang);
    if (!r.flags.on_roster.value_or(true)) badges += badge("unknown", tr("ui.class.not-on-roster", lang));
    unscored += fill("unscored-item", {{"user", txt(one_line(r.user, 200))},
                                       {"kind", txt("incomplete")},
                                       {"user_cell", markup(user_cell(r.user, r.page, r.name))},
                                       {"badges", markup(badges)}});
  }
  for (std::size_t i = 0; i < s.missing.size(); ++i) {
    const std::string name = i < s.missing_names.size() ? s.missing_names[i] : "";
    std::string badges = badge("missing", tr("ui.class.missing.badge", lang));
    if (i < s.missing_near.size()) badges += near_miss(s.missing_near[i], lang);
    unscored += fill("unscored-item", {{"user", txt(one_line(s.missing[i], 200))},
                                       {"kind", txt("missing")},
                                       {"user_cell", markup(name_and_id(s.missing[i], name))},
                                       {"badges", markup(badges)}});
  }
  if (!unscored.empty())
    unscored = fill("unscored", {{"label", txt(tr("ui.class.help.unscored", lang))}, {"items", markup(unscored)}});
  if (order.empty()) return fill("paragraph", {{"text", txt(tr("ui.class.help.none", lang))}}) + unscored;
  return fill("help", {{"items", markup(top)}, {"more", markup(more)}, {"unscored", markup(unscored)}});
}

std::string incomplete_html(const ClassSummary& s, i18n::Lang lang) {
  if (s.incomplete.empty()) return fill("paragraph", {{"text", txt(tr("ui.class.none", lang))}});
  std::string rows;
  for (const IncompleteLine& r : s.incomplete) {
    const std::string why =
        r.graded ? i18n::render(msg("ui.class.incomplete.errors", {{"errors", std::to_string(r.errors)}}), lang)
                 : i18n::render(msg("ui.batch.not-graded", {{"error", one_line(r.error, 500)}}), lang);
    std::string user = user_cell(r.user, r.page, r.name);
    if (!r.flags.integrity.empty()) user += suspect_badge(r.flags.integrity, lang);
    rows += fill("incomplete-row", {{"user", txt(one_line(r.user, 200))},
                                    {"page", txt(r.page)},
                                    {"user_cell", markup(user)},
                                    {"reason", txt(why)}});
  }
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

// The page goes to `sink` in pieces: all of it but the students' rows, which come a few hundred
// at a time where the marker stands, so a class of 10,000 is never one string of all its rows.
void batch_html(const ClassSummary& s, const Options& opts, const std::function<void(std::string_view)>& sink) {
  static constexpr std::string_view kRowsMarker = "\x01gpuwhy-student-rows\x01";
  static constexpr std::size_t kPieceBytes = std::size_t{256} * 1024;
  const auto lang = opts.lang;
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
  slots["help"] = markup(help_html(s, lang));
  slots["roots"] = markup(roots_html(s, lang));
  slots["step_heads"] = markup(step_heads(s, lang));
  slots["roster"] = markup(roster_html(s, lang));
  slots["step_rows"] = markup(rate_rows(s.steps));
  slots["check_rows"] = markup(rate_rows(s.checks));
  slots["incomplete_list"] = markup(incomplete_html(s, lang));
  slots["versions"] = txt(versions_text(s, lang));
  slots["filter_options"] = markup(filter_options(s));
  slots["student_rows"] = markup(std::string(kRowsMarker));
  const std::string whole = page(title, fill("class", slots), lang);
  const std::size_t at = whole.find(kRowsMarker);
  sink(std::string_view(whole).substr(0, at));
  std::string rows;
  for (const StudentLine& r : s.scored) {
    rows += student_row(s, r, lang);
    if (rows.size() < kPieceBytes) continue;
    sink(rows);
    rows.clear();
  }
  sink(rows);
  sink(std::string_view(whole).substr(at + kRowsMarker.size()));
}

std::string batch_html(const ClassSummary& s, const Options& opts) {
  std::string out;
  batch_html(s, opts, [&out](std::string_view piece) { out += piece; });
  return out;
}

}  // namespace detail

}  // namespace gpuwhy::render
