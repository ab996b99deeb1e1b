#pragma once
#include <CLI/CLI.hpp>

#include "gpuwhy/i18n/i18n.h"

namespace gpuwhy::cli {
// `lang` is the language of the --help texts (chosen before parsing; see main.cpp).
void setup_check(CLI::App& app, int& exit_code, i18n::Lang lang);
void setup_snapshot(CLI::App& app, int& exit_code, i18n::Lang lang);
void setup_list(CLI::App& app, int& exit_code, i18n::Lang lang);
void setup_explain(CLI::App& app, int& exit_code, i18n::Lang lang);     // cmd/explain.cpp
void setup_completion(CLI::App& app, int& exit_code, i18n::Lang lang);  // cmd/completion.cpp
}  // namespace gpuwhy::cli
