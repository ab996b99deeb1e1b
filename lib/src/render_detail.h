#pragma once
// Internal to the renderers: pieces one render_*.cpp makes and another uses.

#include <string>
#include <vector>

#include "gpuwhy/i18n.h"
#include "gpuwhy/render.h"

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

/// The batch summary for a terminal (render_batch_table.cpp).
std::string batch_table(const std::vector<BatchRow>& rows, const Options& opts);

}  // namespace gpuwhy::render::detail
