#pragma once
/// The one grading pipeline every caller runs (the CLI, the tests, the bench, the fuzzers): a
/// snapshot, taken live or loaded from a bundle, graded by the checks (their causes among them)
/// with what its own consistency says (integrity), and the exit code that follows.

#include <optional>
#include <string>

#include "checks.h"
#include "gpuwhy/base/error.h"
#include "gpuwhy/i18n/i18n.h"
#include "gpuwhy/model/result.h"
#include "gpuwhy/model/snapshot.h"

namespace gpuwhy::checks {

/// The meta of the report of `snap`: this build's version, the lab, `generated_at`, when and from
/// what server and source the snapshot was taken, the report's language and the snapshot's warnings.
RunMeta meta_for(const Snapshot& snap, i18n::Lang lang, std::string generated_at);

/// Grades `snap`: the selected checks (run(), which attributes causes), then what the snapshot's
/// own consistency says (integrity::check) and whether it is a bundle published with gpuwhy
/// (integrity::published). Integrity never changes a score.
RunResult grade(const Snapshot& snap, const Selection& sel, RunMeta meta);

/// The exit code of a graded run: run.exit_code(), or kExitIncomplete when `require_integrity`
/// and the run is suspect (Integrity::suspect) and it would otherwise exit lower.
int exit_code(const RunResult& run, bool require_integrity);

/// A bundle file graded as `gpuwhy check --snapshot FILE` grades it.
struct BundleGrade {
  RunResult run;
  /// The bundle could not be read or is no bundle: `run` is not_graded (nothing is graded and
  /// no lab file is read) and this is why; the exit code is then input_exit.
  std::optional<Error> error;
  int input_exit = kExitPass;  ///< kExitUsage when the path names nothing, else kExitIncomplete
};
/// Loads the bundle at `path` (load_bundle) and grades it; `messages` is the language of the
/// error line of a bundle that cannot be read (the reason not_graded records).
BundleGrade grade_bundle(const std::string& path, const Selection& sel, i18n::Lang lang, i18n::Lang messages,
                         const std::string& generated_at);

/// The line a user reads for `e`: its catalog text in `messages` when it has one (an input that
/// cannot be read), else what().
std::string error_text(const Error& e, i18n::Lang messages);

/// The exit code of an input that cannot be read at `path`: kExitUsage when the path names
/// nothing (lstat: ENOENT, ENOTDIR), else kExitIncomplete.
int input_exit(const std::string& path);

}  // namespace gpuwhy::checks
