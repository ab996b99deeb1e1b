#pragma once
// Internal to the renderers: pieces one render_*.cpp makes and another uses.

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include "gpuwhy/i18n/i18n.h"
#include "gpuwhy/render/render.h"

namespace gpuwhy::render::detail {

/// One environment cause (Outcome::env_cause) shared by two or more checks, its texts rendered
/// in the reader's language, told once above the steps of a table (render_env.cpp).
struct EnvGroup {
  std::string cause;
  std::vector<std::string> ids;  ///< the checks it made `error`, in lab order
  std::string heading;           ///< "Not your work: N checks could not be graded ..."
  std::string message;           ///< the first check's one-line reason (+ "and N more like it")
  std::string fix;               ///< what to do, with every RBAC rule the checks need
};
/// The causes that two or more `error` checks of the run share, in the order they first appear.
std::vector<EnvGroup> shared_env_causes(const RunResult& run, i18n::Lang lang);

/// One line of the terminal's batch table, all a BatchWriter keeps of a row (render_batch_table.cpp).
struct BatchCells {
  std::string user, score, counts, note;
  bool incomplete = false;  ///< not scored: an incomplete run or a bundle that could not be graded
};
BatchCells batch_cells(const BatchRow& row, i18n::Lang lang);
/// The table of those lines (columns as wide as their widest cell) and the closing count.
std::string batch_table_of(const std::vector<BatchCells>& rows, const Options& opts);

/// The batch summaries of all the rows at once (render_batch_table.cpp, render_html.cpp,
/// render_markdown.cpp): what BatchWriter gives html and markdown at finish() is each row's
/// summary_row.
std::string batch_table(const std::vector<BatchRow>& rows, const Options& opts);
std::string batch_html(const std::vector<BatchRow>& rows, const Options& opts);
std::string batch_markdown(const std::vector<BatchRow>& rows, const Options& opts);

/// '@' then U+200D ZERO WIDTH JOINER: shown as "@", but GitHub makes no @user or @org/team
/// mention of it, so text from outside pings no one where Markdown is posted (PR comments).
inline constexpr std::string_view kDefusedAt = "@\u200D";
/// `s` with every '@' that could start a mention (one followed by an ASCII letter or digit, as a
/// GitHub login starts) defused (kDefusedAt); "@.type" in a jsonpath stays as it is.
std::string defuse_mentions(std::string_view s);

/// RunMeta::source ("bundle PATH", "live URL") in the reader's words.
std::string source_text(const std::string& source, i18n::Lang lang);

// ---- What a class did (render_class.cpp), shared by the class page (html) and markdown.

/// Bins of the score histogram: bin i holds scores of [10·i %, 10·(i+1) %) of max_score; the
/// last one also holds 100 %.
inline constexpr int kScoreBins = 10;
/// The bin of `score` out of `max_score` (0 … kScoreBins-1; a run with max_score 0 is in the last).
int score_bin(int score, int max_score);
/// "0–9 %", ..., "90–100 %".
std::string bin_label(int bin);

/// Pass counts of one check (or one step) over the scored runs: graded = passed + failed.
struct PassRate {
  std::string id;  ///< check id, or "" for a step
  int step = 0;
  std::string title;  ///< in the reader's language
  int passed = 0;
  int graded = 0;
};
/// One root cause over the class: the scored runs in which a check failed with a cause of its own
/// (RunResult::roots), each student once.
struct RootLine {
  std::string check_id;
  int step = 0;
  std::string check_title;
  std::string hint;                     ///< the hint most of its students were given (the first such)
  std::string explain;                  ///< `gpuwhy explain <check>`
  std::vector<std::uint32_t> students;  ///< indices into ClassSummary::scored, in batch order
};
/// What to reteach: one concept of the lab (Options::concepts) and the students whose root causes
/// fall in it, each once however many of its checks they failed at the root.
struct ConceptLine {
  std::string id;
  std::string title;                    ///< catalog concept.<id>.title
  std::string teach;                    ///< catalog concept.<id>.teach: what to go over again
  std::vector<std::uint32_t> students;  ///< indices into ClassSummary::scored, in batch order
  /// Its root checks that were someone's root cause, most students first: (index into
  /// ClassSummary::roots).
  std::vector<std::size_t> roots;
};
/// One step of a student: points out of the step's most, and whether a root cause is in it.
struct StepCell {
  std::uint16_t score = 0;
  std::uint16_t max = 0;  ///< 0: nothing of the step was graded
  bool root = false;
};
/// When a submission was taken, and what that and the roster make of it.
struct RowFlags {
  std::string taken_at;           ///< RFC 3339 as the run says; "" = unknown
  std::optional<bool> late;       ///< nullopt: no --due, or no time to hold to it
  std::optional<bool> on_roster;  ///< nullopt: no --roster
  /// What integrity says of a suspect run, in the reader's words (integrity_lines); empty when ok.
  std::vector<std::string> integrity;
};
/// A row flag as the CSV cell and the class page's data attribute say it: "true", "false", or ""
/// when there is none (no --due or no time; no --roster).
inline const char* flag_text(const std::optional<bool>& v) {
  return v ? (*v ? "true" : "false") : "";
}
/// Holds each row to --due and --roster (Options::due, Options::roster).
class RowJudge {
 public:
  explicit RowJudge(const Options& opts);
  RowFlags operator()(const BatchRow& row) const;
  [[nodiscard]] bool has_roster() const { return has_roster_; }
  /// The roster's ids, once each, as given.
  [[nodiscard]] const std::vector<std::string>& roster() const { return order_; }

 private:
  std::optional<long long> due_;
  bool has_roster_ = false;
  std::set<std::string, std::less<>> roster_;
  std::vector<std::string> order_;
};
/// A scored submission, as much of it as the class page and the Markdown summary show.
struct StudentLine {
  std::string user;
  std::string name;  ///< the roster's name of `user`; "" = none
  int score = 0;
  int max_score = 0;
  int passed = 0;
  std::string version;
  std::string page;  ///< BatchRow::page
  RowFlags flags;
  std::vector<std::uint16_t> failed;  ///< the checks it failed, in lab order: indices into ClassSummary::check_ids
  std::vector<std::uint16_t> roots;   ///< its root causes, in lab order: the same indices
  std::vector<StepCell> steps;        ///< step N at [N-1]
};
/// A submission that was not scored: an incomplete run, or a bundle that could not be graded.
struct IncompleteLine {
  std::string user;
  bool graded = false;  ///< a run with checks in error; else a bundle that could not be graded
  int errors = 0;       ///< checks in error, when graded
  std::string error;    ///< why it could not be graded, when not
  std::string page;     ///< BatchRow::page
  RowFlags flags;
  std::string name;  ///< the roster's name of `user`; "" = none
};
/// What a class did. Its size grows with the submissions by one short line each, not by their
/// runs: a class of 10,000 is a few MB.
struct ClassSummary {
  std::size_t submissions = 0;
  std::vector<StudentLine> scored;         ///< complete runs, in batch order
  std::vector<IncompleteLine> incomplete;  ///< incomplete runs and bundles that could not be graded
  std::vector<std::string> check_ids;      ///< every check seen, as StudentLine::failed numbers them
  std::vector<int> bins;                   ///< kScoreBins counts over `scored`
  /// Per step, students: graded on it, and right (every graded check of it passed); worst first.
  std::vector<PassRate> steps;
  std::vector<PassRate> checks;            ///< worst pass rate first (then lab order)
  std::vector<RootLine> roots;             ///< most students first (then lab order)
  std::vector<ConceptLine> concepts;       ///< concepts with a root cause, most students first (then their order)
  std::vector<std::string> versions;       ///< Kubernetes versions seen, sorted ("" = unknown)
  double mean_percent = 0;                 ///< mean score in % of max over `scored`
  double median_percent = 0;               ///< median of the same
  double min_percent = 0;                  ///< lowest of the same
  double max_percent = 0;                  ///< highest of the same
  std::size_t perfect = 0;                 ///< scored runs with every selected point
  std::string latest_generated_at;         ///< the latest of the runs' generated_at
  int step_count = 0;                      ///< the highest step seen (the grid's columns)
  bool has_roster = false;                 ///< --roster was given
  std::vector<std::string> missing;        ///< roster ids with no submission, in roster order
  std::vector<std::string> missing_names;  ///< the roster's name of missing[i] at [i]; "" = none
  /// Per missing[i], the submissions not on the roster whose id is one typo from it (edit distance
  /// 1: a character added, dropped, replaced, or two swapped), in batch order: most likely theirs.
  std::vector<std::vector<std::string>> missing_near;
  /// Who needs help: the scored students who lost points or are flagged (late, suspect, not on the
  /// roster), most root causes first, then the lowest share of their points, then batch order
  /// (indices into `scored`).
  std::vector<std::uint32_t> help;
  std::size_t not_on_roster = 0;  ///< submissions whose id the roster lacks
  std::string due;                ///< --due as given; "" = none
  std::size_t late = 0;           ///< submissions taken after `due`
  std::size_t suspect = 0;        ///< submissions whose integrity is suspect
  /// The ids a student failed, in lab order.
  [[nodiscard]] std::vector<std::string> failed_ids(const StudentLine& s) const;
  /// A student's root causes, in lab order.
  [[nodiscard]] std::vector<std::string> root_ids(const StudentLine& s) const;
  /// The users of a list of students, in batch order.
  [[nodiscard]] std::vector<std::string> users(const std::vector<std::uint32_t>& students) const;
};
/// Sums up a batch a row at a time, keeping of each row only its line (ClassSummary).
class ClassBuilder {
 public:
  explicit ClassBuilder(const Options& opts);
  ~ClassBuilder();
  ClassBuilder(const ClassBuilder&) = delete;
  ClassBuilder& operator=(const ClassBuilder&) = delete;
  ClassBuilder(ClassBuilder&&) noexcept;
  ClassBuilder& operator=(ClassBuilder&&) noexcept;
  void add(const BatchRow& row);
  /// The summary, sorted; the builder is spent.
  ClassSummary finish();

 private:
  struct State;
  std::unique_ptr<State> s_;
};
ClassSummary class_summary(const std::vector<BatchRow>& rows, const Options& opts);
std::string batch_html(const ClassSummary& s, const Options& opts);
/// The class page given to `sink` in pieces (the students' rows a few hundred KB at a time).
void batch_html(const ClassSummary& s, const Options& opts, const std::function<void(std::string_view)>& sink);
std::string batch_markdown(const ClassSummary& s, const Options& opts);
/// The summary given to `sink` a section at a time.
void batch_markdown(const ClassSummary& s, const Options& opts, const std::function<void(std::string_view)>& sink);
/// How many root causes a class summary lists in full; the rest are folded (html) or counted (markdown).
inline constexpr std::size_t kTopRoots = 10;
/// How many concepts the class page's "what to reteach" lists before folding the rest.
inline constexpr std::size_t kTopConcepts = 5;
/// How many students the class page's "who needs help" lists before folding the rest.
inline constexpr std::size_t kTopHelp = 8;

/// Text that grows with the class (a line per student), given to a sink a piece of at least
/// 256 KB at a time and the rest at end(), so a class of 10,000 is never one string.
class Pieces {
 public:
  using Sink = std::function<void(std::string_view)>;
  explicit Pieces(const Sink& sink) : sink_(sink) {}
  void add(std::string_view text) {
    buf_ += text;
    if (buf_.size() < kPieceBytes) return;
    sink_(buf_);
    buf_.clear();
  }
  void end() {
    sink_(buf_);
    buf_.clear();
  }

 private:
  static constexpr std::size_t kPieceBytes = std::size_t{256} * 1024;
  const Sink& sink_;
  std::string buf_;
};
/// The class's numbers after its submissions: "mean …" and "median …, lowest …, highest …;
/// perfect scores: N" when runs were scored; missing and not on the roster (--roster); late (--due).
std::vector<Msg> class_stats(const ClassSummary& s);
/// passed/graded in whole percent (0 when nothing was graded).
int percent(int passed, int graded);
/// The ids of the checks a run failed, in lab order.
std::vector<std::string> failed_ids(const RunResult& run);

}  // namespace gpuwhy::render::detail
