#pragma once
/// `gpuwhy check` once its flags are a Plan (check_plan.h): the snapshots obtained and graded
/// (checks::grade_live, grade_bundle, or a Batch written as it is graded) and each report emitted
/// (render::emit). What is said on stderr goes through Say: the command line prints it.

#include <functional>
#include <string>

#include "check_plan.h"
#include "gpuwhy/i18n/i18n.h"

namespace gpuwhy::checks {

/// Where the lines a run says on stderr go, and the language of its error lines.
struct Say {
  std::function<void(const std::string&)> error;       ///< one "error:" line
  std::function<void(const std::string&)> warning;     ///< one "warning:" line
  std::function<void(const std::string&)> note;        ///< one progress line ("gpuwhy: ...")
  std::function<void(const Msg&)> kubeconfig_warning;  ///< a warning of the kubeconfig
  i18n::Lang messages = i18n::Lang::kEn;               ///< the language of stderr
  /// Called once a batch starts: it frees and takes back about the same memory many times over.
  std::function<void()> batch_starts;
};

/// Grades what `p` names and emits its reports; returns the exit code. `o` is what `p` was
/// validated from (the bundles of a batch, the connection flags of a live run).
int run_check(const CheckOptions& o, const Plan& p, const Say& say);

}  // namespace gpuwhy::checks
