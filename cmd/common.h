#pragma once
// Shared CLI plumbing: connection flags, lab folder, environment, atomic writes.

#include <chrono>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <CLI/CLI.hpp>

#include "gpuwhy/base/duration.h"
#include "gpuwhy/base/error.h"
#include "gpuwhy/collect/collect.h"
#include "gpuwhy/i18n/i18n.h"
#include "gpuwhy/kube/kube.h"
#include "gpuwhy/model/snapshot.h"

namespace gpuwhy::cli {

/// Flags every command that talks to the apiserver shares (kubectl's names).
struct ConnectionFlags {
  std::string kubeconfig;
  std::string context;
  std::string request_timeout = "10s";
  std::string timeout = "60s";  ///< the whole live collection, retries and Retry-After waits included
};
/// `lang` is the language of the --help texts.
void add_connection_flags(CLI::App& app, ConnectionFlags& flags, i18n::Lang lang);

/// The lab folder: --dir, else the current folder when it has k8s/ or out/, else
/// lab::kDefaultDir. A folder that does not exist or holds neither k8s/ nor out/ is a usage error
/// (exit 2) in one line, in `lang`; inside a lab's k8s/ or out/, the line names the lab folder above.
std::string resolve_dir(const std::string& flag, i18n::Lang lang);

/// A resolved connection (kubeconfig like kubectl, the flags' timeouts), or why there is none.
struct LiveConnection {
  std::optional<kube::ClientConfig> cfg;
  kube::ClientOptions opts;
  FetchError why;  ///< when cfg is empty
};
/// The list budget of a live collection (kube::ListBudget) from GPUWHY_LIST_MAX_BYTES and
/// GPUWHY_LIST_MAX_ITEMS, each a whole number from 1 (unset: the default); throws Error(kUsage)
/// naming the variable for any other value.
void list_budget_from_env(kube::ClientOptions& opts);

/// Resolves the kubeconfig and prints its warnings (once); never throws for a bad kubeconfig.
LiveConnection connect_live(const ConnectionFlags& flags);

/// Collects a live snapshot over `conn`. When no connection could be configured, a files-only
/// snapshot (every live item = that error) is returned, so file checks are still graded.
Snapshot collect_live(const LiveConnection& conn, const std::string& dir, bool dry_run);
Snapshot collect_live(const ConnectionFlags& flags, const std::string& dir, bool dry_run);

/// Prints ONE line naming the first environment problem of a live snapshot (unreachable, TLS,
/// 401/403, config), with a count of the others; returns true when there was any.
bool report_live_problems(const Snapshot& snap);

/// Writes `content` to `path` atomically (temp file + rename); throws Error(kIo).
void write_file_atomic(const std::string& path, const std::string& content);

/// What main sets when the binary's allocator can be tuned: called once a command knows it will
/// free and take back about the same memory many times over (a batch, a bundle at a time), where
/// giving freed pages back at once costs a page fault for each page taken again.
void set_batch_allocator(void (*tune)());
/// Calls what set_batch_allocator set, if anything.
void use_batch_allocator();

/// -o "" is a usage error: said before the lab folder is looked for.
void refuse_empty_output(const std::string& output, i18n::Lang lang);

/// A local file a command reads, and the catalog id that says what it is (cli.input.*).
struct Input {
  std::string path;
  const char* what;
};
/// Every local file resolving the kubeconfig reads (the kubeconfig files, and the certificate,
/// key and token files they name), found by resolving it as connect_live does; nothing printed.
std::vector<Input> kubeconfig_inputs(const ConnectionFlags& flags);
/// The student files of the lab folder `dir`.
std::vector<Input> lab_inputs(const std::string& dir);
/// Refuses, before any work, an --output that cannot take a report (usage error, one line): ""
/// (use "-" for standard output); a FIFO, socket or device, looked at with stat and never opened
/// (our own /dev/stdout and /dev/stderr pass); the list of a --pages folder or its lock (by name,
/// through links, and with `pages_dir` by device and inode), which gpuwhy must be able to trust.
void refuse_output_target(const std::string& output, const std::string& pages_dir, i18n::Lang lang);
/// Refuses, before any work, an --output that refuse_output_target refuses or that is one of `inputs` (usage error, one
/// line): files are compared by device and inode, so another spelling, a symbolic or a hard link does not hide one. ""
/// is refused too (use "-" for standard output); "-" and a path that does not exist pass.
void refuse_output_over_inputs(const std::string& output, const std::vector<Input>& inputs, i18n::Lang lang);

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

/// `message`, followed by `; did you mean "X"?` when one of `candidates` is close to `word`.
std::string with_suggestion(std::string message, std::string_view word, const std::vector<std::string>& candidates,
                            i18n::Lang lang);

/// The number of a step as the user names it, "2" or "step2" (any case), in range or not
/// (checked by the caller against lab::kSteps); nullopt when the word names no step at all.
std::optional<int> step_number(std::string_view word);
/// "step1" ... "step8": the words a mistyped step is compared with.
std::vector<std::string> step_names();

/// The line a user reads for `e`: its catalog text in the language of the messages when it has
/// one (an input that cannot be read), else what().
std::string error_text(const Error& e);

/// Language from --lang / GPUWHY_LANG / locale.
i18n::Lang lang_from(const std::string& flag);
/// Where `gpuwhy --lang X COMMAND` (the flag before the command) is stored; lang_from() takes it
/// when the command's own --lang is not given.
std::string& top_lang_flag();

/// The values of --lang, as --help, the man page and the completions offer them: "en", "ko", "ja".
std::vector<std::string> lang_names();

}  // namespace gpuwhy::cli
