#pragma once
/// Renderers: pure functions of a RunResult.

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "gpuwhy/i18n.h"
#include "gpuwhy/result.h"

namespace gpuwhy::render {

enum class Format { kTable, kJson, kJunit, kGradescope, kLti, kTap, kCsv };
std::vector<std::string> format_names();  ///< "table", "json", ...
std::optional<Format> parse_format(std::string_view name);

struct Options {
  i18n::Lang lang = i18n::Lang::kEn;
  bool color = false;                    ///< ANSI colour (table only)
  bool unicode = false;                  ///< ✔/✘ marks (table only), else ASCII
  bool verbose = false;                  ///< evidence for passes too
  bool hide_expected = false;            ///< no expected values (safe before the deadline)
  std::string user;                      ///< --user (LTI userId, CSV user)
  std::vector<std::string> step_titles;  ///< unused by most formats
};

/// Titles of checks and steps come from the catalog; check ids stay stable in every format.
std::string render(Format format, const RunResult& run, const Options& opts);

/// One submission of a batch: a graded run, or the reason its bundle could not be graded.
struct BatchRow {
  std::string origin;            ///< the bundle's path
  std::string user;              ///< from the bundle's file name (without .json)
  std::optional<RunResult> run;  ///< empty when the bundle was bad
  std::string error;             ///< one line when `run` is empty
};
/// Batch summary: csv (one row per submission) or json; other formats are a usage error.
std::string batch(Format format, const std::vector<BatchRow>& rows, const Options& opts);

std::string table(const RunResult& run, const Options& opts);
std::string json(const RunResult& run, const Options& opts);

}  // namespace gpuwhy::render
