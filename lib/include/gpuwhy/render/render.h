#pragma once
/// Renderers: pure functions of a RunResult.

#include <array>
#include <cstddef>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "gpuwhy/base/text.h"
#include "gpuwhy/i18n/i18n.h"
#include "gpuwhy/model/result.h"

namespace gpuwhy::render {

/// The output formats, each with its row in kFormats. kCount is not a format: it stays last, and
/// kFormats has exactly that many rows, so a value added here without its row does not compile.
enum class Format { kTable, kJson, kJunit, kGradescope, kLti, kTap, kCsv, kHtml, kMarkdown, kGithubClassroom, kCount };
inline constexpr std::size_t kFormatCount = static_cast<std::size_t>(Format::kCount);

struct Options;
/// How a format sums up several bundles, a row at a time (BatchWriter); the forms are defined
/// beside the writer. kNoBatch says a format has none.
struct BatchForm;
extern const BatchForm kNoBatch;

/// Whether a format shows a check's expected value (--hide-expected hides it). No zero value: a
/// row that leaves it out is refused at compile time.
enum class Expected : unsigned char { kShown = 1, kNotShown = 2 };

/// Whether a format is for one named student, so a run needs --user (LTI: the LMS user id the score
/// is for). No zero value: a row that leaves it out is refused at compile time.
enum class User : unsigned char { kOptional = 1, kNeeded = 2 };

/// One output format, with all it takes: its `--format` name, the file name ending of its goldens,
/// whether it shows expected values and needs --user, its report renderer and its batch form (or kNoBatch). The
/// renderer and the batch form are references, so a row that leaves either out does not compile.
struct FormatRow {
  Format format;
  std::string_view name;
  std::string_view extension;
  Expected expected;
  User user;
  std::string (&report)(const RunResult& run, const Options& opts);
  const BatchForm& batch;

  /// Several bundles make one summary in it (a batch).
  [[nodiscard]] bool batches() const { return &batch != &kNoBatch; }
  [[nodiscard]] bool shows_expected() const { return expected == Expected::kShown; }
  [[nodiscard]] bool needs_user() const { return user == User::kNeeded; }
};
/// Every output format, once, in the order of Format (lib/src/render/render.cpp, where a
/// static_assert holds each row to its place, its name and ending to being given).
extern const std::array<FormatRow, kFormatCount> kFormats;
/// The row of `format` in kFormats.
const FormatRow& info(Format format);
std::vector<std::string> format_names();  ///< "table", "json", ... in kFormats order
std::optional<Format> parse_format(std::string_view name);

struct Options {
  i18n::Lang lang = i18n::Lang::kEn;
  bool color = false;          ///< ANSI colour (table only)
  bool unicode = false;        ///< ✔/✘ marks (table only), else ASCII
  bool verbose = false;        ///< table: every check (passing steps unfolded), evidence for passes too
  std::size_t width = 80;      ///< table: terminal columns no line exceeds (see terminal_width)
  bool hide_expected = false;  ///< no expected values (safe before the deadline)
  std::string user;            ///< --user (LTI userId, CSV user)
  /// The student's name as the roster gives it (a batch's pages); "" = none: the page is headed by the id.
  std::string user_name;
  std::vector<std::string> step_titles;  ///< unused by most formats
  /// The most points of step N at [N-1], as the lab's checks give them (the CSV header says them:
  /// "step2/6"); empty when the caller does not say.
  std::vector<int> step_max;
  /// When a batch summary was made (RFC 3339); "" = the latest `generated_at` of its graded runs.
  std::string generated_at;
  /// A batch: the lab's concepts (checks::concepts()), by which the class page says what to reteach.
  std::vector<Concept> concepts;
  /// A batch: the ids expected to submit (--roster), which says who is missing and who is not on
  /// it; nullopt when there is no roster.
  std::optional<std::vector<std::string>> roster;
  /// A batch: the students' names by id, as the roster gives them (the class page shows each beside
  /// the id); ids it lacks have none.
  std::map<std::string, std::string, std::less<>> names;
  /// A batch: the due time (--due, RFC 3339); a run taken after it is late. "" = none.
  std::string due;
};

/// Titles of checks and steps come from the catalog; check ids stay stable in every format.
std::string render(Format format, const RunResult& run, const Options& opts);

/// One submission of a batch: a graded run, or the reason its bundle could not be graded.
struct BatchRow {
  std::string origin;            ///< the bundle's path
  std::string user;              ///< the bundle's `student`, else its file name (without .json)
  std::optional<RunResult> run;  ///< empty when the bundle was bad
  std::string error;             ///< one line when `run` is empty
  /// The link from the class page to this student's own page (--pages), relative; "" = none.
  std::string page;
};
/// Batch summary: table (for a terminal), csv (one row per submission), json, html (the class
/// page) or markdown (the class summary); other formats are a usage error. The same bytes as a
/// BatchWriter given the rows, with `opts.generated_at` "" taken as the latest of the runs'.
std::string batch(Format format, const std::vector<BatchRow>& rows, const Options& opts);

/// A batch summary written as its rows come, in their order, so that a batch need not hold every
/// row's whole run:
/// - csv and json go to the sink a row at a time and keep nothing of a row;
/// - table, html and markdown sum up all the rows and go to the sink at finish(): the table keeps
///   each row's line, html and markdown each row's `summary_row` (no evidence, expected or actual).
/// `opts.generated_at` is the batch's time (json writes it first). The constructor throws
/// Error(kUsage) for a format with no batch summary.
class BatchWriter {
 public:
  using Sink = std::function<void(std::string_view)>;
  BatchWriter(Format format, Options opts, Sink sink);
  ~BatchWriter();
  BatchWriter(const BatchWriter&) = delete;
  BatchWriter& operator=(const BatchWriter&) = delete;
  BatchWriter(BatchWriter&&) noexcept;
  BatchWriter& operator=(BatchWriter&&) noexcept;

  void add(const BatchRow& row);
  /// The end of the summary; nothing may be added after it.
  void finish();

  /// What a writer holds between rows; defined in render.cpp with the batch forms that use it.
  struct State;

 private:
  std::unique_ptr<State> s_;
};

/// `row` without what no batch summary shows: each check's expected, actual and evidence, and
/// its environment need (a batch says that a check is `error`, the report says why).
BatchRow summary_row(const BatchRow& row);

std::string table(const RunResult& run, const Options& opts);
std::string json(const RunResult& run, const Options& opts);

/// Version of the native JSON report (`schema/report.schema.json`); fields are only ever added.
/// 2: `roots` per run and `caused_by` per check (the causal model).
/// 3: `integrity` per run (ok, suspect or unchecked, with the findings).
inline constexpr int kReportSchemaVersion = 3;
/// Version of the batch JSON summary (`kind: "gpuwhy-batch"`).
inline constexpr int kBatchSchemaVersion = 1;

/// JUnit XML: one <testsuites> root, a <testsuite> per step, a <testcase> per check (schema/junit.xsd).
std::string junit(const RunResult& run, const Options& opts);
/// Gradescope autograder results.json. An incomplete run carries no top-level score (see the .cpp).
std::string gradescope(const RunResult& run, const Options& opts);
/// LTI AGS Score body. Throws Error(kUsage) when `opts.user` is empty.
std::string lti(const RunResult& run, const Options& opts);
/// TAP version 14, one test point per check, YAML diagnostics for fail and error.
std::string tap(const RunResult& run, const Options& opts);
/// CSV (RFC 4180, CRLF): the header and one row for `opts.user`.
std::string csv(const RunResult& run, const Options& opts);
/// The student's page: one self-contained HTML file (inline CSS, no network), from report.html.tmpl.
std::string html(const RunResult& run, const Options& opts);
/// The student's summary as GitHub-flavoured Markdown ($GITHUB_STEP_SUMMARY, LMS comment boxes).
std::string markdown(const RunResult& run, const Options& opts);
/// GitHub Classroom's runner result (`{"version":1,"status",...,"tests":[...]}`, one line), the
/// JSON the autograding grading reporter decodes from a runner's base64 `result` output. An
/// incomplete run is status "error" with max_score 0, so the reporter posts no points for it.
std::string github_classroom(const RunResult& run, const Options& opts);

// ---- Helpers shared by the renderers (pure; public so that every renderer says the same thing).

/// The check's title in `lang` (catalog id "check.<id>.title"); the check id when the catalog lacks it.
std::string check_title(const CheckResult& check, i18n::Lang lang);
/// A message rendered in `lang`, as valid UTF-8 (see `clean_utf8`).
std::string text_of(const Msg& m, i18n::Lang lang);
/// True when `m` renders to nothing (no id and no text).
bool is_empty(const Msg& m);
/// Valid UTF-8 and one-line cleaning live in text.h; every renderer uses them by these names.
using text::clean_utf8;
using text::one_line;

/// "Score {score}/{max_score}: {passed} passed, ..." (catalog id "ui.report.summary"), one line.
std::string summary_line(const RunResult& run, i18n::Lang lang);
/// "Grading incomplete: {errors} check(s) could not be evaluated ..." ("ui.report.grading-incomplete").
std::string incomplete_line(const RunResult& run, i18n::Lang lang);

/// The first sentence of a text, on one line: up to the first ". " or "。" (the whole text when none).
std::string first_sentence(const std::string& s);
/// For a consequence (a failed check with a cause), the fault it follows from, one line: the first
/// sentence of its root's hint (what is wrong, as the root found it), then the root's id:
/// "The taint on lab-node-0 has effect NoExecute, ... (step5.taint)". Never the root's title, which
/// states the goal and reads as the opposite of the fault. Empty for any other check.
std::string root_fault(const RunResult& run, const CheckResult& check, i18n::Lang lang);
/// For a consequence whose own answer is right (Need::Kind::kCount: a gate-report count that is
/// what the lab leaves, while the cluster an earlier mistake changed counts otherwise), its own
/// words saying so, one line: the student must not "fix" a correct answer. Empty otherwise.
std::string right_answer_note(const CheckResult& check, i18n::Lang lang);
/// For a failed check, what it is in the causal model, one line: "root cause", or "caused by: " and
/// root_fault. Empty for a check that did not fail.
std::string cause_line(const RunResult& run, const CheckResult& check, i18n::Lang lang);
/// What to do about a root cause, one line: its whole hint (the fault first, then the action with
/// the lab's real values; the action alone may say "create it" of the file the fault names), its
/// title when it has no hint.
std::string fix_action(const CheckResult& check, i18n::Lang lang);
/// "Fix first: ACTION (ID)" (fix_action) for the first root cause in lab order; empty when no
/// check failed. Every format that has room for one line of advice ends with it.
std::string fix_first_line(const RunResult& run, i18n::Lang lang);

/// "ok", "suspect" or "unchecked" (Integrity::checked false and nothing found).
std::string integrity_status(const Integrity& integrity);
/// What a run's integrity says, in the reader's words, one line each: empty when it is "ok" or
/// "unchecked"; else the headline ("the score is not changed"), then each finding, then the other
/// submissions of the same cluster or bundle. Every format that shows a report shows these lines.
std::vector<std::string> integrity_lines(const RunResult& run, i18n::Lang lang);

/// Score and counts of one lab step, over the checks of that step.
struct StepSummary {
  int step = 0;
  int score = 0;
  int max_score = 0;  ///< over selected checks
  int passed = 0;
  int failed = 0;
  int errors = 0;
  int skipped = 0;
  [[nodiscard]] bool complete() const { return errors == 0; }
  [[nodiscard]] bool selected() const { return passed + failed + errors > 0; }
};
/// One summary per step that has checks, in step order.
std::vector<StepSummary> step_summaries(const RunResult& run);

}  // namespace gpuwhy::render
