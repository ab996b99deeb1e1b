#pragma once
// Shell completions (bash, zsh, fish) and the man page, generated from the CLI11 definition itself
// (`gpuwhy completion bash|zsh|fish`; the build runs `gpuwhy completion man` for the man page).
// One source of truth: an option declared in cmd/ is in --help, the man page and the completions.

#include <string>
#include <vector>

#include <CLI/CLI.hpp>

#include "gpuwhy/i18n/i18n.h"

namespace gpuwhy::cli {

/// One option, flag or positional, as CLI11 declares it.
struct OptionDoc {
  std::vector<std::string> names;    ///< "-o", "--output" (short ones first); empty for a positional
  std::string positional;            ///< the positional's name ("id"), else ""
  std::string description;           ///< the --help text
  std::string value;                 ///< the value's placeholder ("FORMAT"); "" for a flag
  std::vector<std::string> choices;  ///< the values CLI11 knows from its validators, else empty
  std::string default_value;
  bool repeatable = false;
};

/// A command with its options and its visible subcommands (a hidden one has an empty group).
struct CommandDoc {
  std::string name;  ///< "gpuwhy", "check"
  std::string description;
  std::vector<OptionDoc> options;
  std::vector<OptionDoc> positionals;
  std::vector<CommandDoc> commands;
};

/// One option as describe() gives it.
OptionDoc describe_option(const CLI::Option& opt);
/// The placeholder of a value: "request-timeout" -> "REQUEST_TIMEOUT".
std::string placeholder(std::string name);

/// Walks the CLI::App tree: every visible option and subcommand, in declaration order.
CommandDoc describe(const CLI::App& app);

/// A CLI11 validator that names an option's values, shown as CLI::IsMember shows them ("{a,b}")
/// and so known to --help, the man page and the completions. It accepts any value: the command
/// itself refuses a wrong one with its own translated message (e.g. cli.error.unknown-format).
CLI::Validator choices(const std::vector<std::string>& names);

std::string bash_completion(const CommandDoc& root);
std::string zsh_completion(const CommandDoc& root);
std::string fish_completion(const CommandDoc& root);
/// man(7) roff, one page: the commands each with their options; headings and notes in `lang`.
std::string man_page(const CommandDoc& root, i18n::Lang lang);

}  // namespace gpuwhy::cli
