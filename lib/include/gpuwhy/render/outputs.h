#pragma once
// Where a report goes and how it is put there: the --output file (written as it comes, put in
// place at the end), $GITHUB_OUTPUT (appended to at the end) and the terminal, for one run or a
// batch written as it is graded.

#include <filesystem>
#include <functional>
#include <map>
#include <string>
#include <string_view>
#include <vector>

#include "gpuwhy/i18n/i18n.h"
#include "gpuwhy/render/render.h"

namespace gpuwhy::render {

/// Where the report of a run or a batch goes, and in what.
struct OutputPlan {
  i18n::Lang lang = i18n::Lang::kEn;
  Format format = Format::kTable;
  Options ropts;              ///< for stdout
  bool tty = false;           ///< stdout is a terminal
  std::string output;         ///< "" or "-" = the report goes to stdout
  std::string github_output;  ///< the file $GITHUB_OUTPUT names, with --github-output; else ""
  [[nodiscard]] bool report_to_file() const { return !output.empty() && output != "-"; }
  /// The terminal gets the table when the report goes elsewhere.
  [[nodiscard]] bool report_elsewhere() const { return report_to_file() || !github_output.empty(); }
};

/// Whether the locale `env` names is UTF-8: the first of LC_ALL, LC_CTYPE, LANG that is set decides.
bool utf8_locale(const std::map<std::string, std::string>& env);

/// `text` as the terminal gets it: a machine format (CSV, TAP, ...) on a terminal has each line
/// sanitised (text::sanitize_terminal); the table, and text not shown on a terminal, as it is.
std::string shown_on(bool tty, Format f, std::string text);

/// `o` for a report file: never terminal colour codes.
Options for_file(Options o);

/// Appends `result=<base64 of the one-line JSON report>` to the file $GITHUB_OUTPUT names
/// (`path`); throws Error(kIo) in one line in `lang` naming it.
void append_github_output(const std::string& path, const std::string& report, i18n::Lang lang);

/// One place a report goes: the format and options it is written in, and where its text goes.
struct Target {
  Format format;
  Options opts;
  BatchWriter::Sink sink;
};

/// How the report of a run or a batch is emitted. The terminal shows the table when the report
/// goes elsewhere, and nothing when `quiet_table` and the table is what it would show.
struct Emitting {
  std::string generated_at;  ///< a batch's one time, in every report's options; "" for a run
  bool stream = false;       ///< the terminal may get the text as it comes (a batch)
  bool quiet_table = false;  ///< a one-line input error said it all
};

/// Writes the report into each target, in any order; returns the exit code of what was graded.
using WriteReport = std::function<int(const std::vector<Target>&)>;

/// Where a line that says a report could not be written goes.
using SayError = std::function<void(const std::string& line)>;

/// The same for a run and a batch: `write` sends the report to every place it goes, which are
/// then put in place. A report that cannot be written is said (`say`) in one line and makes the
/// run incomplete (the exit code becomes kExitIncomplete); the terminal still shows its part.
int emit(const OutputPlan& p, const Emitting& how, const SayError& say, const WriteReport& write);

/// The folder the class report is in ("." when it goes to stdout): the links to the students'
/// pages start there.
std::filesystem::path report_folder(const OutputPlan& p);

}  // namespace gpuwhy::render
