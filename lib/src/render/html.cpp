// The HTML report of one run (`--format html`): one self-contained file, no network (inline CSS,
// SVG and a small script, a Content-Security-Policy that allows no fetch): the student's page (the
// terminal table's content, steps as sections, evidence in <details>). All markup is in
// report.html.tmpl (html_template.h fills its blocks and escapes every text slot: students control
// their files); the class page of a batch is class_html.cpp.
#include <algorithm>
#include <functional>
#include <map>
#include <stdexcept>

#include <fmt/format.h>

#include "gpuwhy/base/text.h"
#include "gpuwhy/i18n/i18n.h"
#include "gpuwhy/lab/lab.h"
#include "gpuwhy/render/render.h"
#include "html_template.h"
#include "render_detail.h"

namespace gpuwhy::render {

namespace {

using html_tmpl::fill;
using html_tmpl::markup;
using html_tmpl::meta_text;
using html_tmpl::num;
using html_tmpl::page;
using html_tmpl::Slots;
using html_tmpl::tr;
using html_tmpl::txt;

constexpr std::size_t kMaxEvidence = 50;

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

}  // namespace gpuwhy::render
