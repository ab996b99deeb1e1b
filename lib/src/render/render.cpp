// Renderer dispatch, batch summaries and the helpers every renderer shares.
// Each format lives in its own render_<format>.cpp.
#include "gpuwhy/render/render.h"
#include "gpuwhy/lab/lab.h"

#include <algorithm>
#include <array>
#include <cctype>
#include <map>
#include <optional>
#include <stdexcept>
#include <string_view>
#include <tuple>

#include "gpuwhy/base/error.h"
#include "json/json_out.h"
#include "render_detail.h"

namespace gpuwhy::render {

// Defined in render_csv.cpp, render_json.cpp, render_html.cpp and render_markdown.cpp; only this
// file dispatches to them.
namespace detail {
std::string batch_csv_head(const Options& opts);
std::string batch_csv_row(const BatchRow& r, const RowFlags& flags);
void batch_json_head(JsonOut& w, const std::string& generated_at);
void batch_json_row(JsonOut& w, const BatchRow& r, const RowFlags& flags, const Options& opts);
void batch_json_tail(JsonOut& w, std::string& out, const ClassSummary& s);
}  // namespace detail

// ---- The batch writer and the batch forms.

struct BatchWriter::State {
  Options opts;
  Sink sink;
  const BatchForm* form = nullptr;
  std::optional<detail::ClassBuilder> cls;  ///< html, markdown and json: the class so far, a line a row
  std::optional<detail::RowJudge> judge;    ///< csv and json: each row held to --due and --roster
  std::vector<detail::BatchCells> cells;    ///< table: each row's line
  std::string buf;                          ///< json: the text not yet given to the sink
  detail::JsonOut json{buf};
  bool finished = false;

  /// json: gives the sink what was written since the last time.
  void flush() {
    sink(buf);
    buf.clear();
  }
};

/// A format's batch summary: what it does when the writer is made, at each row, and at the end.
struct BatchForm {
  void (*start)(BatchWriter::State& s);
  void (*add)(BatchWriter::State& s, const BatchRow& row);
  void (*finish)(BatchWriter::State& s);
};

namespace {
using State = BatchWriter::State;

void nothing(State& /*s*/) {}
[[noreturn]] void never(State& /*s*/) {
  throw std::logic_error("a batch summary for a format without a batch form");
}

constexpr BatchForm kTableBatch{
    .start = nothing,
    .add = [](State& s, const BatchRow& row) { s.cells.push_back(detail::batch_cells(row, s.opts.lang)); },
    .finish = [](State& s) { s.sink(detail::batch_table_of(s.cells, s.opts)); },
};
constexpr BatchForm kJsonBatch{
    .start =
        [](State& s) {
          s.cls.emplace(s.opts);
          s.judge.emplace(s.opts);
          detail::batch_json_head(s.json, s.opts.generated_at);
          s.flush();
        },
    .add =
        [](State& s, const BatchRow& row) {
          detail::batch_json_row(s.json, row, (*s.judge)(row), s.opts);
          s.cls->add(row);
          s.flush();
        },
    .finish =
        [](State& s) {
          detail::batch_json_tail(s.json, s.buf, s.cls->finish());
          s.flush();
        },
};
constexpr BatchForm kCsvBatch{
    .start =
        [](State& s) {
          s.judge.emplace(s.opts);
          s.sink(detail::batch_csv_head(s.opts));
        },
    .add = [](State& s, const BatchRow& row) { s.sink(detail::batch_csv_row(row, (*s.judge)(row))); },
    .finish = nothing,
};
constexpr BatchForm kHtmlBatch{
    .start = [](State& s) { s.cls.emplace(s.opts); },
    .add = [](State& s, const BatchRow& row) { s.cls->add(row); },
    .finish = [](State& s) { detail::batch_html(s.cls->finish(), s.opts, s.sink); },
};
constexpr BatchForm kMarkdownBatch{
    .start = [](State& s) { s.cls.emplace(s.opts); },
    .add = [](State& s, const BatchRow& row) { s.cls->add(row); },
    .finish = [](State& s) { detail::batch_markdown(s.cls->finish(), s.opts, s.sink); },
};
}  // namespace

// Never called: the writer refuses a format whose row says kNoBatch.
constexpr BatchForm kNoBatch{
    .start = never,
    .add = [](State& s, const BatchRow& /*row*/) { never(s); },
    .finish = never,
};

// ---- The formats.

constexpr std::array<FormatRow, kFormatCount> kFormats{{
    {.format = Format::kTable,
     .name = "table",
     .extension = ".txt",
     .expected = Expected::kShown,
     .user = User::kOptional,
     .report = table,
     .batch = kTableBatch},
    {.format = Format::kJson,
     .name = "json",
     .extension = ".json",
     .expected = Expected::kShown,
     .user = User::kOptional,
     .report = json,
     .batch = kJsonBatch},
    {.format = Format::kJunit,
     .name = "junit",
     .extension = ".junit.xml",
     .expected = Expected::kShown,
     .user = User::kOptional,
     .report = junit,
     .batch = kNoBatch},
    {.format = Format::kGradescope,
     .name = "gradescope",
     .extension = ".gradescope.json",
     .expected = Expected::kShown,
     .user = User::kOptional,
     .report = gradescope,
     .batch = kNoBatch},
    {.format = Format::kLti,
     .name = "lti",
     .extension = ".lti.json",
     .expected = Expected::kNotShown,
     .user = User::kNeeded,
     .report = lti,
     .batch = kNoBatch},
    {.format = Format::kTap,
     .name = "tap",
     .extension = ".tap",
     .expected = Expected::kShown,
     .user = User::kOptional,
     .report = tap,
     .batch = kNoBatch},
    {.format = Format::kCsv,
     .name = "csv",
     .extension = ".csv",
     .expected = Expected::kNotShown,
     .user = User::kOptional,
     .report = csv,
     .batch = kCsvBatch},
    {.format = Format::kHtml,
     .name = "html",
     .extension = ".html",
     .expected = Expected::kShown,
     .user = User::kOptional,
     .report = html,
     .batch = kHtmlBatch},
    {.format = Format::kMarkdown,
     .name = "markdown",
     .extension = ".md",
     .expected = Expected::kShown,
     .user = User::kOptional,
     .report = markdown,
     .batch = kMarkdownBatch},
    {.format = Format::kGithubClassroom,
     .name = "github-classroom",
     .extension = ".classroom.json",
     .expected = Expected::kShown,
     .user = User::kOptional,
     .report = github_classroom,
     .batch = kNoBatch},
}};

namespace {
// Every row in its place (row i is Format i: a row given twice leaves another out), with a name
// and a golden ending of its own; a row left out does not compile (its references), and a form
// that batches does all three steps.
consteval bool rows_filled() {
  for (std::size_t i = 0; i < kFormats.size(); ++i) {
    const FormatRow& f = kFormats[i];
    if (static_cast<std::size_t>(f.format) != i || f.name.empty() || f.extension.empty()) return false;
    if (f.expected != Expected::kShown && f.expected != Expected::kNotShown) return false;
    if (f.user != User::kOptional && f.user != User::kNeeded) return false;
    if (f.batch.start == nullptr || f.batch.add == nullptr || f.batch.finish == nullptr) return false;
    for (std::size_t j = 0; j < i; ++j) {
      if (kFormats[j].name == f.name || kFormats[j].extension == f.extension) return false;
    }
  }
  return true;
}
static_assert(rows_filled(), "kFormats: one row per Format, in its order, each with its own name and golden ending");
}  // namespace

const FormatRow& info(Format format) {
  for (const auto& f : kFormats) {
    if (f.format == format) return f;
  }
  throw Error(ErrorKind::kUsage, "unknown output format");
}

std::vector<std::string> format_names() {
  std::vector<std::string> out;
  for (const auto& f : kFormats) out.emplace_back(f.name);
  return out;
}

std::optional<Format> parse_format(std::string_view name) {
  for (const auto& f : kFormats) {
    if (f.name == name) return f.format;
  }
  return std::nullopt;
}

std::string render(Format format, const RunResult& run, const Options& opts) {
  return info(format).report(run, opts);
}

std::string batch(Format format, const std::vector<BatchRow>& rows, const Options& opts) {
  Options o = opts;
  if (o.generated_at.empty()) {
    // RFC 3339 times in UTC with the same layout sort as text; the cmd writes them that way.
    for (const auto& r : rows) {
      if (r.run) o.generated_at = std::max(o.generated_at, r.run->meta.generated_at);
    }
  }
  std::string out;
  BatchWriter w(format, std::move(o), [&out](std::string_view s) { out += s; });
  for (const auto& r : rows) w.add(r);
  w.finish();
  return out;
}

BatchWriter::BatchWriter(Format format, Options opts, Sink sink) {
  const FormatRow& row = info(format);
  if (!row.batches()) {
    std::string names;
    for (const auto& f : kFormats) {
      if (f.batches()) names += std::string(names.empty() ? "" : ", ") + std::string(f.name);
    }
    throw Error(ErrorKind::kUsage, "several bundles give a batch summary: use --format " + names);
  }
  s_ = std::make_unique<State>();
  s_->opts = std::move(opts);
  s_->sink = std::move(sink);
  s_->form = &row.batch;
  s_->form->start(*s_);
}

BatchWriter::~BatchWriter() = default;
BatchWriter::BatchWriter(BatchWriter&&) noexcept = default;
BatchWriter& BatchWriter::operator=(BatchWriter&&) noexcept = default;

void BatchWriter::add(const BatchRow& row) {
  State& s = *s_;
  if (s.finished) throw std::logic_error("a batch row after the end of the summary");
  s.form->add(s, row);
}

void BatchWriter::finish() {
  State& s = *s_;
  if (s.finished) return;
  s.finished = true;
  s.form->finish(s);
  s.cls.reset();
  s.cells.clear();
}

BatchRow summary_row(const BatchRow& row) {
  BatchRow out;
  out.origin = row.origin;
  out.user = row.user;
  out.error = row.error;
  out.page = row.page;
  if (!row.run) return out;
  RunResult& r = out.run.emplace();
  r.meta = row.run->meta;
  r.integrity = row.run->integrity;
  r.checks.reserve(row.run->checks.size());
  for (const auto& c : row.run->checks) {
    CheckResult k;
    k.id = c.id;
    k.step = c.step;
    k.points = c.points;
    k.score = c.score;
    k.outcome.status = c.outcome.status;
    k.outcome.hint = c.outcome.hint;
    k.outcome.env_cause = c.outcome.env_cause;
    k.outcome.caused_by = c.outcome.caused_by;  // the class page ranks root causes
    r.checks.push_back(std::move(k));
  }
  return out;
}

// ---- Shared helpers.

bool is_empty(const Msg& m) {
  if (!m.id.empty()) return false;
  auto it = m.args.find("text");
  return it == m.args.end() || it->second.empty();
}

std::string text_of(const Msg& m, i18n::Lang lang) {
  return clean_utf8(i18n::render(m, lang));
}

namespace {
constexpr std::size_t kTitleCache = 512;  ///< titles kept per thread (ids from a report file are many)
}  // namespace

std::string check_title(const CheckResult& check, i18n::Lang lang) {
  // A function of the id and the built-in catalog: worked out once per thread (a batch prints each
  // of the 35 titles in every report).
  // Keyed by the language itself: a language added to i18n::Lang needs no edit here.
  thread_local std::map<i18n::Lang, std::map<std::string, std::string, std::less<>>> titles;
  auto& known = titles[lang];
  if (const auto it = known.find(check.id); it != known.end()) return it->second;
  const std::string id = "check." + check.id + ".title";
  std::string t = i18n::text(id, lang, lab::names());
  // i18n falls back to the catalog id itself; the check id reads better than that.
  std::string title = t == id || t.empty() ? clean_utf8(check.id) : clean_utf8(t);
  if (known.size() < kTitleCache) known.emplace(check.id, title);
  return title;
}

std::string summary_line(const RunResult& run, i18n::Lang lang) {
  // An incomplete run has no score anywhere: a number a student or an importer could take for a
  // grade would be the points of whatever happened to be evaluated.
  const char* id = run.complete() ? "ui.report.summary" : "ui.report.summary.unscored";
  return one_line(i18n::render(msg(id, {{"score", std::to_string(run.score())},
                                        {"max_score", std::to_string(run.max_score())},
                                        {"passed", std::to_string(run.count(Status::kPass))},
                                        {"failed", std::to_string(run.count(Status::kFail))},
                                        {"errors", std::to_string(run.count(Status::kError))},
                                        {"skipped", std::to_string(run.count(Status::kSkip))}}),
                               lang),
                  1000);
}

std::string incomplete_line(const RunResult& run, i18n::Lang lang) {
  return one_line(
      i18n::render(msg("ui.report.grading-incomplete", {{"errors", std::to_string(run.count(Status::kError))}}), lang),
      1000);
}

std::string first_sentence(const std::string& s) {
  const std::string one = one_line(s, 2000);
  std::size_t end = std::string::npos;
  for (const char* stop : {". ", "。"}) {
    const auto at = one.find(stop);
    if (at != std::string::npos) end = std::min(end, at + std::string_view(stop).size());
  }
  std::string out = end == std::string::npos ? one : one.substr(0, end);
  while (!out.empty() && out.back() == ' ') out.pop_back();
  return out;
}

std::string root_fault(const RunResult& run, const CheckResult& check, i18n::Lang lang) {
  if (check.outcome.status != Status::kFail || check.outcome.caused_by.empty()) return "";
  std::string root = run.root_of(check.id);
  for (const auto& c : run.checks) {
    if (c.id != root) continue;
    // The root's finding: its hint opens with what is wrong; else what it found.
    std::string fault = first_sentence(text_of(c.outcome.hint, lang));
    if (fault.empty()) fault = one_line(text_of(c.outcome.actual, lang), 1000);
    for (const std::string_view stop : {".", "。"}) {  // the id closes the sentence
      if (fault.size() > stop.size() && fault.compare(fault.size() - stop.size(), stop.size(), stop) == 0)
        fault.resize(fault.size() - stop.size());
    }
    if (fault.empty()) return root;
    fault.append(" (").append(root).append(")");
    return one_line(fault, 1000);
  }
  return root;
}

std::string right_answer_note(const CheckResult& check, i18n::Lang lang) {
  const Outcome& o = check.outcome;
  if (o.status != Status::kFail || o.caused_by.empty() || o.unmet.kind != Need::Kind::kCount) return "";
  return one_line(text_of(o.hint, lang), 1000);
}

std::string cause_line(const RunResult& run, const CheckResult& check, i18n::Lang lang) {
  if (check.outcome.status != Status::kFail) return "";
  if (check.outcome.caused_by.empty()) return i18n::text("ui.report.root-cause", lang);
  std::string line = i18n::text("ui.root.follows-from", lang);
  line.append(": ").append(root_fault(run, check, lang));
  return line;
}

std::string fix_action(const CheckResult& check, i18n::Lang lang) {
  const std::string hint = one_line(text_of(check.outcome.hint, lang), 2000);
  return hint.empty() ? check_title(check, lang) : hint;
}

std::string fix_first_line(const RunResult& run, i18n::Lang lang) {
  const auto roots = run.roots();
  if (roots.empty()) return "";
  for (const auto& c : run.checks) {
    if (c.id != roots.front()) continue;
    return one_line(i18n::text("ui.fix-first", lang) + " " + fix_action(c, lang) + " (" + c.id + ")", 1000);
  }
  return "";
}

std::string integrity_status(const Integrity& integrity) {
  if (integrity.suspect()) return "suspect";
  return integrity.checked ? "ok" : "unchecked";
}

std::vector<std::string> integrity_lines(const RunResult& run, i18n::Lang lang) {
  const Integrity& in = run.integrity;
  std::vector<std::string> out;
  if (!in.suspect()) return out;
  out.push_back(
      one_line(i18n::render(msg("ui.integrity.suspect", {{"count", std::to_string(in.findings.size())}}), lang), 1000));
  for (const auto& f : in.findings) out.push_back(one_line(text_of(f.text, lang), 1000));
  // The others by name, the first few, then how many more.
  const auto others = [lang](const std::vector<std::string>& v, std::size_t count) {
    std::string s;
    for (const auto& x : v) s += (s.empty() ? "" : ", ") + x;
    if (count > v.size())
      s += " " + i18n::render(msg("ui.integrity.and-more", {{"count", std::to_string(count - v.size())}}), lang);
    return s;
  };
  for (const auto& [id, named, count] :
       {std::tuple{"ui.integrity.same-cluster", &in.same_cluster_as, in.same_cluster_count},
        std::tuple{"ui.integrity.same-bundle", &in.same_bundle_as, in.same_bundle_count}}) {
    if (count > 0) out.push_back(one_line(i18n::render(msg(id, {{"others", others(*named, count)}}), lang), 1000));
  }
  return out;
}

std::vector<StepSummary> step_summaries(const RunResult& run) {
  std::map<int, StepSummary> by_step;
  for (const auto& c : run.checks) {
    StepSummary& s = by_step[c.step];
    s.step = c.step;
    s.score += c.score;
    switch (c.outcome.status) {
      case Status::kPass: ++s.passed; break;
      case Status::kFail: ++s.failed; break;
      case Status::kError: ++s.errors; break;
      case Status::kSkip: ++s.skipped; break;
    }
    if (c.outcome.status != Status::kSkip) s.max_score += c.points;
  }
  std::vector<StepSummary> out;
  out.reserve(by_step.size());
  for (auto& [step, s] : by_step) out.push_back(s);
  return out;
}

namespace detail {
std::string source_text(const std::string& source, i18n::Lang lang) {
  for (const auto& [prefix, id, arg] :
       {std::tuple{"bundle ", "ui.source.bundle", "path"}, {"live ", "ui.source.live", "url"}}) {
    if (source.rfind(prefix, 0) == 0)
      return i18n::render(msg(id, {{arg, source.substr(std::string_view(prefix).size())}}), lang);
  }
  return source;
}

std::string defuse_mentions(std::string_view s) {
  std::string out;
  out.reserve(s.size());
  for (std::size_t i = 0; i < s.size(); ++i) {
    const bool mention = s[i] == '@' && i + 1 < s.size() && std::isalnum(static_cast<unsigned char>(s[i + 1])) != 0;
    if (mention) {
      out += kDefusedAt;
    } else {
      out += s[i];
    }
  }
  return out;
}

}  // namespace detail

}  // namespace gpuwhy::render
