#pragma once
// The whole CLI11 definition of gpuwhy in one call: main parses with it, and the completions, the
// man page and their tests walk the same tree (cmd/completion.h).

#include <string>

#include <CLI/CLI.hpp>

#include "gpuwhy/i18n/i18n.h"

namespace gpuwhy::cli {

/// Declares every subcommand, option and flag on `app`, with their --help texts in `lang`.
/// A subcommand's callback stores its exit code in `exit_code`.
void build_app(CLI::App& app, int& exit_code, i18n::Lang lang);

/// "gpuwhy 0.1.0 (git 1a2b3c4d5e6f)" when built from a git checkout, else "gpuwhy 0.1.0".
std::string version_line();

}  // namespace gpuwhy::cli
