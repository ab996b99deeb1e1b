#pragma once
// Shared CLI plumbing: connection flags, the language, and the lines said on stderr. What the
// flags' values mean is decided in checks/options.h and checks/check_plan.h.

#include <string>

#include <CLI/CLI.hpp>

#include "gpuwhy/base/error.h"
#include "gpuwhy/i18n/i18n.h"
#include "gpuwhy/model/snapshot.h"
#include "options.h"

namespace gpuwhy::cli {

using checks::ConnectionFlags;
using checks::lang_names;
using checks::LiveConnection;
using checks::with_suggestion;

/// Declares the flags every command that talks to the apiserver shares; `lang` is the language
/// of the --help texts.
void add_connection_flags(CLI::App& app, ConnectionFlags& flags, i18n::Lang lang);

/// Declares --lang, stored in `flag`: its values (checks::lang_names) and its --help text in `lang`.
void add_lang_option(CLI::App& app, std::string& flag, i18n::Lang lang);

/// checks::connect, each warning of the kubeconfig printed (once).
LiveConnection connect_live(checks::Kubeconfig kc, const ConnectionFlags& flags);
/// Collects a live snapshot: without a connection, a files-only snapshot (every live item = that
/// error), so file checks are still graded.
Snapshot collect_live(checks::Kubeconfig kc, const ConnectionFlags& flags, const std::string& dir, bool dry_run);
/// Prints checks::live_problem_line, if any; returns true when there was one.
bool report_live_problems(const Snapshot& snap);

/// What main sets when the binary's allocator can be tuned: called once a command knows it will
/// free and take back about the same memory many times over (a batch, a bundle at a time), where
/// giving freed pages back at once costs a page fault for each page taken again.
void set_batch_allocator(void (*tune)());
/// Calls what set_batch_allocator set, if anything.
void use_batch_allocator();

/// The language of the "gpuwhy: error:" and "gpuwhy: warning:" prefixes: main sets it once, from
/// --lang, GPUWHY_LANG and the locale, before parsing.
void set_message_lang(i18n::Lang lang);
/// The language set_message_lang set.
i18n::Lang message_lang();
/// Prints "gpuwhy: error: <line>" to stderr, the prefix in the language set_message_lang set.
void print_error(const std::string& line);
/// Prints "gpuwhy: warning: <line>" to stderr, likewise.
void print_warning(const std::string& line);
/// The same for a catalog text, in the language of stderr.
void print_warning(const Msg& m);
/// The line a user reads for `e` (checks::error_text in the language of the messages).
std::string error_text(const Error& e);

/// Language from --lang (the command's, else the one before the command) / GPUWHY_LANG / locale.
i18n::Lang lang_from(const std::string& flag);
/// Where `gpuwhy --lang X COMMAND` (the flag before the command) is stored; lang_from() takes it
/// when the command's own --lang is not given.
std::string& top_lang_flag();

}  // namespace gpuwhy::cli
