#pragma once
// What gpuwhy says when CLI11 refuses the command line (app.failure_message): CLI11's own texts
// are English and name no alternative, so each kind of error it can raise is said again from the
// catalog, in the user's language, naming the flag or the value, with "did you mean" when a
// mistyped word is close to a valid one.

#include <string>

#include <CLI/CLI.hpp>

#include "gpuwhy/i18n/i18n.h"

namespace gpuwhy::cli {

/// The text for a CLI11 parse error `e` raised while `root` parsed: "gpuwhy: error: <one line>",
/// then the "run with --help" line; when no command was given, the commands with their
/// descriptions between the two. Every word is from the catalog in `lang`.
std::string parse_failure(const CLI::App& root, const CLI::Error& e, i18n::Lang lang);

}  // namespace gpuwhy::cli
