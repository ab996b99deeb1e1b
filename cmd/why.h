#pragma once
// `gpuwhy why POD`: which scheduler gate keeps a pod Pending, node by node (lib/include/gpuwhy/why/why.h).

#include <vector>

#include <CLI/CLI.hpp>

#include "gpuwhy/i18n/i18n.h"
#include "gpuwhy/why/why.h"

namespace gpuwhy::cli {

void setup_why(CLI::App& app, int& exit_code, i18n::Lang lang);

/// The exit code of `why` over its verdicts, the highest applying: 0 explained or bound, 1 a
/// spec.nodeName that names no node, 4 (kExitNotExplained) not fully explained.
int why_exit_code(const std::vector<why::Verdict>& verdicts);

}  // namespace gpuwhy::cli
