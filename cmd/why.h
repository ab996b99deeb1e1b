#pragma once
// `gpuwhy why POD`: which scheduler gate keeps a pod Pending, node by node (lib/include/gpuwhy/why/why.h).

#include <vector>

#include <CLI/CLI.hpp>

#include "gpuwhy/i18n/i18n.h"
#include "gpuwhy/why/why.h"

namespace gpuwhy::cli {

void setup_why(CLI::App& app, int& exit_code, i18n::Lang lang);

}  // namespace gpuwhy::cli
