#pragma once
/// What the command line's values mean, decided before any request or file read: the lab folder,
/// the language, the steps named, the live connection, and where a report may go. A value that
/// cannot be used is Error(kUsage): one line in the language given, which cmd/ only prints.

#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "gpuwhy/base/error.h"
#include "gpuwhy/i18n/i18n.h"
#include "gpuwhy/kube/kube.h"
#include "gpuwhy/model/snapshot.h"

namespace gpuwhy::checks {

/// The flags every command that talks to the apiserver shares (kubectl's names).
struct ConnectionFlags {
  std::string kubeconfig;
  std::string context;
  std::string request_timeout = "10s";
  std::string timeout = "60s";  ///< the whole live collection, retries and Retry-After waits included
};

/// The lab folder: --dir, else the current folder when it has k8s/ or out/, else
/// lab::kDefaultDir. A folder that does not exist or holds neither k8s/ nor out/ is a usage error
/// in one line, in `lang`; inside a lab's k8s/ or out/, the line names the lab folder above.
std::string resolve_dir(const std::string& flag, i18n::Lang lang);

/// A local file a command reads, and the catalog id that says what it is (cli.input.*).
struct Input {
  std::string path;
  const char* what;
};

/// The kubeconfig resolved like kubectl, once for a run: the config or why there is none, and
/// every local file resolving it read (the kubeconfig files, and the certificate, key and token
/// files they name). Nothing is said; a kubeconfig that cannot be used never throws.
struct Kubeconfig {
  std::optional<kube::ClientConfig> cfg;
  FetchError why;  ///< when cfg is empty
  std::vector<Input> read;
};
Kubeconfig load_kubeconfig(const ConnectionFlags& flags);

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
/// The connection of the resolved kubeconfig `kc`: gives each of its warnings to `warn` (before
/// a timeout flag is read), then the flags' timeouts and the list budget; never throws for a bad
/// kubeconfig.
LiveConnection connect(Kubeconfig kc, const ConnectionFlags& flags, const std::function<void(const Msg&)>& warn);

/// The ONE line naming the first environment problem of a live snapshot (unreachable, TLS,
/// 401/403, config), with a count of the others, in `lang`; nullopt when there is none.
std::optional<std::string> live_problem_line(const Snapshot& snap, i18n::Lang lang);

/// The student files of the lab folder `dir`.
std::vector<Input> lab_inputs(const std::string& dir);
/// -o "" is a usage error: said before the lab folder is looked for.
void refuse_empty_output(const std::string& output, i18n::Lang lang);
/// Refuses, before any work, an --output that cannot take a report (usage error, one line): ""
/// (use "-" for standard output); a FIFO, socket or device, looked at with stat and never opened
/// (our own /dev/stdout and /dev/stderr pass); the list of a --pages folder or its lock (by name,
/// through links, and with `pages_dir` by device and inode), which gpuwhy must be able to trust.
void refuse_output_target(const std::string& output, const std::string& pages_dir, i18n::Lang lang);
/// Refuses, before any work, an --output that refuse_output_target refuses or that is one of
/// `inputs` (usage error, one line): files are compared by device and inode, so another spelling,
/// a symbolic or a hard link does not hide one. "-" and a path that does not exist pass.
void refuse_output_over_inputs(const std::string& output, const std::vector<Input>& inputs, i18n::Lang lang);

/// `message`, followed by `; did you mean "X"?` when one of `candidates` is close to `word`.
std::string with_suggestion(std::string message, std::string_view word, const std::vector<std::string>& candidates,
                            i18n::Lang lang);
/// The number of a step as the user names it, "2" or "step2" (any case), in range or not
/// (checked by the caller against lab::kSteps); nullopt when the word names no step at all.
std::optional<int> step_number(std::string_view word);
/// "step1" ... "step8": the words a mistyped step is compared with.
std::vector<std::string> step_names();
/// The values of --lang, as --help, the man page and the completions offer them (i18n::kLangRows).
std::vector<std::string> lang_names();
/// `items` as a list in `lang`: "a, b, c" (Japanese "a、b、c"), one cli.list-more at a time; the
/// last one joined with `last` (cli.list-or: "a, b or c").
std::string listed(const std::vector<std::string>& items, i18n::Lang lang, const char* last = "cli.list-more");
/// The --help text of --format: every name of render::kFormats, in their order.
std::string format_help(i18n::Lang lang);
/// The --help text of --lang: the code of every row of i18n::kLangRows, in their order.
std::string lang_help(i18n::Lang lang);

/// The language of a run: --lang `flag` when given (a language we do not have is a usage error,
/// in the language the environment asks for), else GPUWHY_LANG and the locale.
i18n::Lang lang_of(const std::string& flag);

}  // namespace gpuwhy::checks
