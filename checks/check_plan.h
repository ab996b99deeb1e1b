#pragma once
/// `gpuwhy check`'s flags as given, and what they mean: which snapshots are graded (live, one
/// bundle, a batch), which checks, where and in what the report goes. Every combination that
/// cannot be used is refused here, before any request or file read (validate).

#include <chrono>
#include <optional>
#include <set>
#include <string>
#include <vector>

#include "checks.h"
#include "gpuwhy/render/outputs.h"
#include "options.h"

namespace gpuwhy::checks {

/// The flags of `gpuwhy check`, as the command line gave them.
struct CheckOptions {
  std::string dir;
  ConnectionFlags conn;
  std::vector<std::string> steps;  ///< as given: "2" or "step2"
  std::vector<std::string> ids;
  std::string wait = "0";
  bool poll = false;  ///< --poll: with --wait, a whole snapshot each second instead of watches
  std::vector<std::string> snapshots;
  bool no_dry_run = false;
  std::string format = "table";
  std::string output;
  bool verbose = false;
  bool hide_expected = false;
  bool require_integrity = false;  ///< --require-integrity: a suspect bundle exits 3
  std::string user;
  std::string lang;  ///< --lang, else the one given before the command
  std::string color = "auto";
  bool github_output = false;   ///< --github-output: append result=<base64> to $GITHUB_OUTPUT
  std::string jobs;             ///< "" = one per core
  std::string roster;           ///< --roster FILE: the ids a batch expects
  std::string due;              ///< --due TIME (RFC 3339)
  std::string pages;            ///< --pages DIR: each student's own page goes there
  std::set<std::string> given;  ///< the flags named on the command line
};

enum class Source { kLive, kBundle, kBatch };

/// Most --jobs accepted: far more threads than cores only costs memory.
inline constexpr unsigned kMaxJobs = 1024;

/// Every flag, checked and resolved before any request or file read.
struct Plan : render::OutputPlan {
  Selection sel;
  bool require_integrity = false;  ///< --require-integrity
  Source source = Source::kLive;
  std::chrono::milliseconds wait{0};
  unsigned jobs = 1;  ///< bundles of a batch graded at once
  std::string pages;  ///< --pages DIR of a batch; "" = no student pages
  std::string dir;    ///< the lab folder of a live run (resolve_dir); "" otherwise
  /// A live run's kubeconfig, resolved once (after the lab folder): what -o is held against and
  /// what the run connects with.
  std::optional<Kubeconfig> kubeconfig;
};

/// Checks and resolves every flag of `o` (usage errors: Error(kUsage), one line in the run's
/// language). The flags' own mistakes come first, the lab folder last, then -o against the files
/// the run reads; a batch's roster is read here. `tty`: standard output is a terminal.
Plan validate(const CheckOptions& o, bool tty);

/// The local files a live or bundle run reads (a batch's are its entries).
std::vector<Input> read_inputs(const CheckOptions& o, const Plan& p);

}  // namespace gpuwhy::checks
