// GitHub-flavoured Markdown (`--format markdown`): the student's summary (a table per step) or,
// for a batch, the class summary (render_class.cpp), fit for $GITHUB_STEP_SUMMARY and LMS comment
// boxes. Every outside text is one line with Markdown's punctuation backslash-escaped (`|` cannot
// split a table cell, a backtick cannot open code) and HTML written as character references, so
// student text can neither format nor inject anything.
#include <algorithm>
#include <functional>
#include <string>
#include <string_view>

#include <fmt/format.h>

#include "gpuwhy/base/text.h"
#include "gpuwhy/i18n/i18n.h"
#include "gpuwhy/lab/lab.h"
#include "gpuwhy/render/render.h"
#include "render_detail.h"

namespace gpuwhy::render {

namespace {

std::string md(std::string_view in, std::size_t max = 1000) {
  // No @user or @org/team mention from outside text (detail::defuse_mentions).
  return detail::defuse_mentions(text::escape_each(one_line(in, max), [](char32_t cp) -> std::string {
    switch (cp) {
      case '&': return "&amp;";
      case '<': return "&lt;";
      case '>': return "&gt;";
      case '"': return "&quot;";
      case '\\':
      case '`':
      case '*':
      case '_':
      case '[':
      case ']':
      case '|':
      case '#':
      case '~':
      case '!': return std::string("\\") + static_cast<char>(cp);
      default: break;
    }
    return "";
  }));
}

std::string t(const char* id, i18n::Lang lang) {
  return md(i18n::text(id, lang));
}

const char* emoji(Status s) {
  switch (s) {
    case Status::kPass: return "✅";
    case Status::kFail: return "❌";
    case Status::kError: return "⚠️";
    case Status::kSkip: break;
  }
  return "➖";
}

std::string status_cell(Status s, i18n::Lang lang) {
  return std::string(emoji(s)) + " " + t(("ui.report.status." + to_string(s)).c_str(), lang);
}

std::string points_cell(const CheckResult& c) {
  if (c.outcome.status == Status::kError) return fmt::format("-/{}", c.points);
  return fmt::format("{}/{}", c.score, c.points);
}

std::string full_details(const CheckResult& c, const Options& opts) {
  const auto& o = c.outcome;
  std::string cell;
  const auto add = [&](const char* label, const Msg& m) {
    if (is_empty(m)) return;
    if (!cell.empty()) cell += "<br>";
    cell += "**" + t(label, opts.lang) + "** " + md(text_of(m, opts.lang));
  };
  if (!opts.hide_expected) add("ui.report.expected", o.expected);
  add("ui.report.actual", o.actual);
  add("ui.report.hint", o.hint);
  return cell;
}

// In a step's table: a root cause points at its entry above, a consequence at its root; an
// error says why in full.
std::string details_cell(const RunResult& run, const CheckResult& c, const Options& opts) {
  const auto& o = c.outcome;
  if (o.status == Status::kError) return full_details(c, opts);
  if (o.status != Status::kFail) return "";
  if (o.caused_by.empty()) return "**" + t("ui.report.root", opts.lang) + "**";
  const std::string fault = root_fault(run, c, opts.lang);
  std::string cell = fault.empty() ? "" : "**" + t("ui.root.follows-from", opts.lang) + "** " + md(fault);
  if (const std::string note = right_answer_note(c, opts.lang); !note.empty())
    cell += (cell.empty() ? "" : "<br>") + md(note);
  return cell;
}

/// The root causes, each in full with the failures that follow from it.
std::string roots_section(const RunResult& run, const Options& opts) {
  const auto roots = run.roots();
  if (roots.empty()) return "";
  const auto lang = opts.lang;
  std::string out = "### " + t("ui.report.roots", lang) + "\n\n";
  for (const auto& c : run.checks) {
    if (std::find(roots.begin(), roots.end(), c.id) == roots.end()) continue;
    out += fmt::format("#### ❌ {} `{}` ({})\n\n{}\n\n", md(check_title(c, lang)), md(c.id), points_cell(c),
                       full_details(c, opts));
    const auto list = run.consequences_of(c.id);
    if (list.empty()) continue;
    int lost = 0;
    for (const CheckResult* f : list) lost += f->points - f->score;
    out += md(i18n::render(
               msg("ui.root.consequences", {{"count", std::to_string(list.size())}, {"points", std::to_string(lost)}}),
               lang)) +
           "\n\n";
    for (const CheckResult* f : list) {
      out += fmt::format("- {} {} `{}` ({})\n",
                         md(i18n::render(msg("ui.step.short", {{"step", std::to_string(f->step)}}), lang)),
                         md(check_title(*f, lang)), md(f->id), points_cell(*f));
    }
    out += "\n";
  }
  return out;
}

std::string step_table(const RunResult& run, const StepSummary& s, const Options& opts) {
  const auto lang = opts.lang;
  const std::string heading = md(i18n::text(fmt::format("ui.step.{}", s.step), lang, lab::names()));
  // A step whose checks all pass is one line.
  if (s.failed == 0 && s.errors == 0) return fmt::format("✅ **{}** ({}/{})<br>\n", heading, s.score, s.max_score);
  std::string out =
      fmt::format("### {} ({}/{})\n\n", md(i18n::text(fmt::format("ui.step.{}", s.step), lang, lab::names())), s.score,
                  s.max_score);
  out += fmt::format("| {} | {} | {} | {} |\n|---|---|---|---|\n", t("ui.report.col.status", lang),
                     t("ui.report.col.check", lang), t("ui.report.col.points", lang), t("ui.report.col.details", lang));
  for (const auto& c : run.checks) {
    if (c.step != s.step || c.outcome.status == Status::kSkip) continue;
    out += fmt::format("| {} | {} `{}` | {} | {} |\n", status_cell(c.outcome.status, lang), md(check_title(c, lang)),
                       md(c.id), points_cell(c), details_cell(run, c, opts));
  }
  return out + "\n";
}

std::string meta_line(const RunMeta& m, i18n::Lang lang) {
  return md(i18n::render(msg("ui.report.meta", {{"version", m.gpuwhy_version},
                                                {"server", m.server_version.empty() ? "-" : m.server_version},
                                                {"generated_at", m.generated_at},
                                                {"source", detail::source_text(m.source, lang)}}),
                         lang));
}

}  // namespace

std::string markdown(const RunResult& run, const Options& opts) {
  const auto lang = opts.lang;
  std::string out = "## " + t("ui.report.title", lang) + "\n\n";
  out += "**" + md(summary_line(run, lang)) + "**\n\n";
  if (!run.complete()) out += "> ⚠️ " + md(incomplete_line(run, lang)) + "\n\n";
  for (const auto& g : detail::shared_env_causes(run, lang)) {
    out += "> ⚠️ **" + md(g.heading) + "**<br>**" + t("ui.env.cause", lang) + "** " + md(g.message) + "<br>**" +
           t("ui.env.fix", lang) + "** " + md(g.fix) + "\n\n";
  }
  for (const auto& w : run.meta.warnings)
    out += "> " + t("ui.report.warning", lang) + ": " + md(text_of(w, lang), 500) + "\n\n";
  for (const auto& line : integrity_lines(run, lang)) out += "> ⚠️ " + md(line, 1000) + "\n\n";
  out += roots_section(run, opts);
  bool folded = false;
  for (const auto& s : step_summaries(run)) {
    if (!s.selected()) continue;
    const std::string part = step_table(run, s, opts);
    const bool one_line = part.rfind("✅", 0) == 0;
    if (folded && !one_line) out += "\n";
    out += part;
    folded = one_line;
  }
  if (folded) out += "\n";
  out += "<sub>" + meta_line(run.meta, lang) + "</sub>\n";
  return out;
}

namespace detail {

namespace {

std::string rates_table(const std::vector<PassRate>& rates, bool checks, i18n::Lang lang) {
  std::string out = fmt::format("| {} | {} | {} | {} |\n|---|---:|---:|---:|\n",
                                checks ? t("ui.report.col.check", lang) : t("ui.class.step", lang),
                                t("ui.class.passed", lang), t("ui.class.graded", lang), t("ui.class.rate", lang));
  for (const auto& r : rates) {
    const std::string name = checks ? md(r.title) + " `" + md(r.id) + "`" : md(r.title);
    out += fmt::format("| {} | {} | {} | {} % |\n", name, r.passed, r.graded, percent(r.passed, r.graded));
  }
  return out + "\n";
}

std::string students_of(const ClassSummary& s, const std::vector<std::uint32_t>& students) {
  std::vector<std::string> out;
  for (const auto& u : s.users(students)) out.push_back(md(u, 100));
  return text::join(out, ", ");
}

std::string concepts_list(const ClassSummary& s, i18n::Lang lang) {
  if (s.concepts.empty()) return t("ui.class.no-roots", lang) + "\n\n";
  std::string out = md(t("ui.class.reteach.intro", lang)) + "\n\n";
  int n = 0;
  for (const auto& c : s.concepts) {
    std::string roots;
    for (const std::size_t r : c.roots)
      roots +=
          fmt::format("{}`{}` ({})", roots.empty() ? "" : ", ", md(s.roots[r].check_id), s.roots[r].students.size());
    out += fmt::format(
        "{}. **{}**: {}. {}\n", ++n,
        md(i18n::render(msg("ui.class.mistake.count", {{"count", std::to_string(c.students.size())}}), lang)),
        md(c.title), md(c.teach, 500));
    out += "   - " + md(t("ui.class.concept.roots", lang)) + ": " + roots + "\n";
    if (!c.roots.empty()) out += "   - " + md(s.roots[c.roots.front()].hint, 500) + "\n";
    out += "   - " + md(t("ui.class.students", lang)) + ": " + students_of(s, c.students) + "\n";
  }
  return out + "\n";
}

std::string roots_list(const ClassSummary& s, i18n::Lang lang) {
  if (s.roots.empty()) return t("ui.class.no-roots", lang) + "\n\n";
  std::string out;
  int n = 0;
  for (const auto& r : s.roots) {
    if (static_cast<std::size_t>(n) == kTopRoots) {
      out +=
          "\n" +
          md(i18n::render(msg("ui.class.more-roots", {{"count", std::to_string(s.roots.size() - kTopRoots)}}), lang)) +
          "\n";
      break;
    }
    out += fmt::format(
        "{}. **{}**: {} `{}`: {}\n", ++n,
        md(i18n::render(msg("ui.class.mistake.count", {{"count", std::to_string(r.students.size())}}), lang)),
        md(r.check_title), md(r.check_id), md(r.hint));
    out += "   > " + md(t("ui.class.students", lang)) + ": " + students_of(s, r.students) + "\n";
  }
  return out + "\n";
}

// A student as a list names them: their page's link (or the id), the roster's name beside it.
std::string student_md(const std::string& user, const std::string& name, const std::string& page) {
  std::string out = md(user, 100);
  if (!page.empty()) out.insert(0, "[").append("](").append(page).append(")");
  if (!name.empty()) out = md(name, 100) + " " + out;
  return out;
}

// Who needs help (ClassSummary::help): the first kTopHelp, how many more; then who has no score.
std::string help_list(const ClassSummary& s, i18n::Lang lang) {
  std::string out;
  if (s.help.empty()) out = md(t("ui.class.help.none", lang)) + "\n";
  int n = 0;
  for (const std::uint32_t i : s.help) {
    if (static_cast<std::size_t>(n) == kTopHelp) {
      out += "\n" +
             md(i18n::render(msg("ui.class.help.more", {{"count", std::to_string(s.help.size() - kTopHelp)}}), lang)) +
             "\n";
      break;
    }
    const StudentLine& r = s.scored[i];
    const auto roots = s.root_ids(r);
    std::string why = roots.empty() ? t("ui.class.help.no-root", lang)
                                    : i18n::render(msg("ui.class.help.roots", {{"count", std::to_string(roots.size())},
                                                                               {"ids", text::join(roots, ", ")}}),
                                                   lang);
    std::string flags;
    if (r.flags.late.value_or(false)) flags += " **" + md(t("ui.class.late", lang)) + "**";
    if (!r.flags.integrity.empty()) flags += " **" + md(t("ui.class.suspect", lang)) + "**";
    if (!r.flags.on_roster.value_or(true)) flags += " **" + md(t("ui.class.not-on-roster", lang)) + "**";
    out += fmt::format("{}. {} {}/{}: {}{}\n", ++n, student_md(r.user, r.name, r.page), r.score, r.max_score, md(why),
                       flags);
  }
  std::vector<std::string> unscored;
  for (const IncompleteLine& r : s.incomplete)
    unscored.push_back(student_md(r.user, r.name, r.page) + " (" + md(t("ui.class.incomplete.badge", lang)) + ")");
  for (std::size_t i = 0; i < s.missing.size(); ++i) {
    std::string item = student_md(s.missing[i], i < s.missing_names.size() ? s.missing_names[i] : "", "") + " (" +
                       md(t("ui.class.missing.badge", lang)) + ")";
    if (i < s.missing_near.size() && !s.missing_near[i].empty()) {
      item += " " + md(i18n::render(msg("ui.class.near-miss", {{"user", text::join(s.missing_near[i], ", ")}}), lang));
    }
    unscored.push_back(std::move(item));
  }
  if (!unscored.empty())
    out += "\n**" + md(t("ui.class.help.unscored", lang)) + "**: " + text::join(unscored, ", ") + "\n";
  return out + "\n";
}

using Sink = std::function<void(std::string_view)>;

void incomplete_table(const ClassSummary& s, i18n::Lang lang, const Sink& sink) {
  if (s.incomplete.empty()) {
    sink(t("ui.class.none", lang) + "\n\n");
    return;
  }
  Pieces out(sink);
  out.add(fmt::format("| {} | {} |\n|---|---|\n", t("ui.batch.user", lang), t("ui.class.col.reason", lang)));
  for (const IncompleteLine& r : s.incomplete) {
    const std::string why =
        r.graded ? i18n::render(msg("ui.class.incomplete.errors", {{"errors", std::to_string(r.errors)}}), lang)
                 : i18n::render(msg("ui.batch.not-graded", {{"error", r.error}}), lang);
    out.add(fmt::format("| {} | {} |\n", md(r.user, 100), md(why, 300)));
  }
  out.add("\n");
  out.end();
}

// The students × steps grid: each step's points, "*" after the step of a root cause.
void students_table(const ClassSummary& s, i18n::Lang lang, const Sink& sink) {
  std::string head = fmt::format("| {} | {} |", t("ui.batch.user", lang), t("ui.batch.score", lang));
  std::string rule = "|---|---:|";
  for (int step = 1; step <= s.step_count; ++step) {
    head += fmt::format(" {} |", step);
    rule += "---:|";
  }
  head += fmt::format(" {} | {} | {} |\n", t("ui.class.col.roots", lang), t("ui.class.col.taken", lang),
                      t("ui.class.col.kubernetes", lang));
  Pieces out(sink);
  out.add(head + rule + "---|---|---|\n");
  for (const StudentLine& r : s.scored) {
    std::string user = student_md(r.user, r.name, r.page);
    if (!r.flags.on_roster.value_or(true)) user += " (" + md(t("ui.class.not-on-roster", lang)) + ")";
    if (!r.flags.integrity.empty())
      user += " (**" + md(t("ui.class.suspect", lang)) + "**: " + md(text::join(r.flags.integrity, " / "), 600) + ")";
    std::string row = fmt::format("| {} | {}/{} |", user, r.score, r.max_score);
    for (int step = 1; step <= s.step_count; ++step) {
      const auto at = static_cast<std::size_t>(step - 1);
      const StepCell c = at < r.steps.size() ? r.steps[at] : StepCell{};
      row += c.max == 0 ? " – |" : fmt::format(" {}/{}{} |", c.score, c.max, c.root ? "\\*" : "");
    }
    std::string roots;
    for (const auto& id : s.root_ids(r)) roots += (roots.empty() ? "`" : ", `") + md(id) + "`";
    std::string taken = md(r.flags.taken_at, 40);
    if (r.flags.late.value_or(false)) taken += " **" + md(t("ui.class.late", lang)) + "**";
    out.add(row + fmt::format(" {} | {} | {} |\n", roots, taken, md(r.version, 40)));
  }
  out.add("\n" + md(t("ui.class.grid.intro", lang)) + "\n\n");
  out.end();
}

std::string roster_lists(const ClassSummary& s, i18n::Lang lang) {
  if (!s.has_roster) return "";
  std::vector<std::string> unknown;
  for (const auto& r : s.scored) {
    if (!r.flags.on_roster.value_or(true)) unknown.push_back(md(r.user, 100));
  }
  for (const auto& r : s.incomplete) {
    if (!r.flags.on_roster.value_or(true)) unknown.push_back(md(r.user, 100));
  }
  std::vector<std::string> missing;
  for (std::size_t i = 0; i < s.missing.size(); ++i) {
    missing.push_back(student_md(s.missing[i], i < s.missing_names.size() ? s.missing_names[i] : "", ""));
    if (i < s.missing_near.size() && !s.missing_near[i].empty())
      missing.back() +=
          " (" + md(i18n::render(msg("ui.class.near-miss", {{"user", text::join(s.missing_near[i], ", ")}}), lang)) +
          ")";
  }
  const auto list = [&](const std::vector<std::string>& v) {
    return (v.empty() ? t("ui.class.none", lang) : text::join(v, ", ")) + "\n\n";
  };
  return "### " + md(i18n::render(msg("ui.class.missing.title", {{"count", std::to_string(missing.size())}}), lang)) +
         "\n\n" + list(missing) + "### " +
         md(i18n::render(msg("ui.class.not-on-roster.title", {{"count", std::to_string(unknown.size())}}), lang)) +
         "\n\n" + list(unknown);
}

std::string summary_head(const ClassSummary& s, i18n::Lang lang) {
  std::string out = "## " + t("ui.report.title", lang) + ": " + t("ui.class.title", lang) + "\n\n";
  out += "**" +
         md(i18n::render(msg("ui.batch.summary", {{"count", std::to_string(s.submissions)},
                                                  {"scored", std::to_string(s.scored.size())},
                                                  {"incomplete", std::to_string(s.incomplete.size())}}),
                         lang)) +
         "**";
  if (!s.scored.empty()) {
    std::vector<std::string> stats;
    for (const auto& m : class_stats(s)) stats.push_back(md(i18n::render(m, lang)));
    out += " " + text::join(stats, "; ");
  }
  return out + "\n\n";
}

}  // namespace

// The summary goes to `sink` a section at a time: a class of 10,000 is never one string.
void batch_markdown(const ClassSummary& s, const Options& opts, const std::function<void(std::string_view)>& sink) {
  const auto lang = opts.lang;
  const auto section = [&](const char* id, const std::string& body) { sink("### " + t(id, lang) + "\n\n" + body); };
  // The class page's order: what to reteach, the root causes, who needs help, then the rates.
  sink(summary_head(s, lang));
  section("ui.class.reteach", concepts_list(s, lang));
  section("ui.class.help", help_list(s, lang));
  section("ui.class.table", "");
  students_table(s, lang, sink);
  section("ui.class.roots", roots_list(s, lang));
  section("ui.class.steps", rates_table(s.steps, false, lang));
  section("ui.class.checks", rates_table(s.checks, true, lang));
  std::string bins = fmt::format("| {} | {} |\n|---|---:|\n", t("ui.class.bin", lang), t("ui.class.students", lang));
  for (int i = 0; i < kScoreBins; ++i) bins += fmt::format("| {} | {} |\n", bin_label(i), s.bins[i]);
  section("ui.class.histogram", bins + "\n");
  section("ui.class.incomplete", "");
  incomplete_table(s, lang, sink);
  sink(roster_lists(s, lang));
  std::string versions;
  for (const auto& v : s.versions) {
    versions += (versions.empty() ? "" : ", ") + (v.empty() ? t("ui.class.unknown-version", lang) : md(v, 40));
  }
  section("ui.class.versions", (versions.empty() ? t("ui.class.none", lang) : versions) + "\n\n");
}

std::string batch_markdown(const ClassSummary& s, const Options& opts) {
  std::string out;
  batch_markdown(s, opts, [&out](std::string_view piece) { out += piece; });
  return out;
}

}  // namespace detail

}  // namespace gpuwhy::render
