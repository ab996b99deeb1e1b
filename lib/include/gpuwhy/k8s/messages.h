#pragma once
/// Matchers for what the real kube-scheduler and kube-apiserver say about the lab pods.
/// Every matcher works on phrases, never on whole strings, so that all the wordings of
/// docs/kubernetes-facts.md §1-§2 (k8s 1.23 ... 1.37) are recognised.

#include <cstddef>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

namespace gpuwhy::messages {

// ---- apiserver Status ----------------------------------------------------------------------

/// The most bytes of a Status `message` gpuwhy reads: the server's text is cut to this (at a UTF-8
/// boundary, with an ellipsis) before any work, whatever its length. Real messages are < 1 KiB.
inline constexpr std::size_t kMaxStatusMessage = 4096;

/// The `message` of an apiserver Status body, cut to kMaxStatusMessage; "" when there is none, unless `dump_max` > 0:
/// then a body without a string `message` (and not null) is shown as its JSON, cut to `dump_max` bytes.
std::string status_message(const nlohmann::json& body, std::size_t dump_max = 0);

/// A dry-run answer that is no verdict on the manifest but the environment's (no status, 401,
/// 403, 429, 5xx). The one rule for collect (fetch_errors) and step 3 (an `error`, not a fail).
inline bool dry_run_answer_is_environment(int http_status) {
  return http_status == 0 || http_status == 401 || http_status == 403 || http_status == 429 || http_status >= 500;
}

// ---- scheduler ---------------------------------------------------------------------------

/// What one entry of a FitError histogram ("2 node(s) didn't match ...") blames.
enum class ReasonKind {
  kTaint,         ///< any of the three historic untolerated-taint forms
  kSelector,      ///< node affinity / nodeSelector mismatch
  kInsufficient,  ///< "Insufficient <resource>"
  kOther,         ///< anything else (kept verbatim for comparison)
};

/// The taint a comparison of messages reads as "the" taint (the one the caller set up): a
/// message naming it, or a 1.35+ message naming none, reads as "taint".
struct TaintRef {
  std::string_view key;
  std::string_view value;
};

/// One "<count> <reason>" entry.
struct Reason {
  int count = -1;  ///< -1 when the entry had no leading count
  ReasonKind kind = ReasonKind::kOther;
  std::string resource;  ///< kInsufficient: "nvidia.com/gpu"; kTaint (≤1.34 forms): the taint key, else ""
  std::string value;     ///< kTaint (≤1.34 forms): the taint value ("present"), else ""
  std::string text;      ///< the entry as written, without the count
  /// Stable identity used when two messages are compared: "taint" (the taint `own`, or none
  /// named), "taint:<own key>=<other value>", "taint:<other key>", "selector",
  /// "insufficient:nvidia.com/gpu", "other:<text>". The taint wording (which changed across
  /// versions) does not matter; the kind, the key and, for `own`'s key, the value do. An empty
  /// `own` names no taint: every named one reads as "taint:<key>".
  [[nodiscard]] std::string key(const TaintRef& own) const;
};

/// A scheduler FitError message, as written in a PodScheduled condition or a
/// FailedScheduling event.
struct SchedulerMessage {
  int available = 0;             ///< N of "N/M nodes are available"
  int total = 0;                 ///< M
  std::vector<Reason> reasons;   ///< the histogram before the tail, in message order
  bool dra_tail = false;         ///< "no new claims to deallocate," was present (k8s 1.34+)
  bool preemption_tail = false;  ///< "preemption: ..." was present
  std::string main;              ///< "0/3 nodes are available: ...", up to (excluding) the tail
  /// The reasons run to the end of the text without the period that closes them: the message
  /// was cut (grep kept the first line of one -o yaml folded over several), so its last reason
  /// may be incomplete.
  bool cut = false;

  /// Any taint reason, whichever taint (or none named).
  [[nodiscard]] bool blames_taint() const;
  /// A taint reason that names the taint `key` (the ≤1.34 wordings).
  [[nodiscard]] bool names_taint(std::string_view key) const;
  /// A taint reason that names no taint (1.35+: "untolerated taint(s)"): whose it is, the
  /// message does not say.
  [[nodiscard]] bool unnamed_taint() const;
  [[nodiscard]] bool blames_selector() const;
  /// "Insufficient <resource>" is one of the reasons.
  [[nodiscard]] bool insufficient(std::string_view resource) const;
};

/// Whitespace runs (newlines included) become one space, the text is trimmed, and a doubled
/// final period ("..", seen up to k8s 1.29) collapses to one.
std::string normalize(std::string_view text);

/// Finds the first "N/M nodes are available:" frame anywhere in `text` (which may hold other
/// lines: a `describe` Events line, kubectl prompts ...) and parses it. nullopt when there is
/// no frame.
std::optional<SchedulerMessage> parse_scheduler_message(std::string_view text);

/// Every scheduler message in `text`, in order: a file may hold several (`kubectl get events`,
/// `describe pod` Events, a condition and an event). The text is unquoted first (see unquote),
/// so a message copied from `-o yaml` (single-quoted, `''`, folded over lines) or `-o json`
/// (escaped) reads like the plain one. A preemption tail's own frame is not a message.
std::vector<SchedulerMessage> parse_scheduler_messages(std::string_view text);

/// `text` holds the message of the PodScheduled condition a pod with scheduling gates carries
/// ("Scheduling is blocked due to non-empty scheduling gates", reason SchedulingGated): the
/// apiserver's, written before any scheduler tried the pod; never a scheduler message.
bool holds_gated_condition(std::string_view text);

/// Undoes the quoting kubectl's outputs put on a message: YAML `''` -> `'`, JSON escapes
/// (`\"`, `\\`, `\n`, `\u0026` ...). Line folds are undone by normalize.
std::string unquote(std::string_view text);

/// Classifies one histogram entry without its count ("node(s) had untolerated taint(s)").
Reason classify_reason(std::string_view entry);

/// The reason lists of two messages are the same: same total and the same multiset of
/// (count, key(own)). The preemption / DRA tail never counts.
bool same_reasons(const SchedulerMessage& a, const SchedulerMessage& b, const TaintRef& own);

/// "1 taint, 2 selector" style summary of the reason list (for evidence and actual values).
std::string describe_reasons(const SchedulerMessage& m);

// ---- writing the scheduler's words (pkg/scheduler/framework/types.go FitError.Error,
// pkg/scheduler/framework/preemption/preemption.go, plugins/defaultpreemption) ------------------

/// SelectVictimsOnNode: the node holds no pod of lower priority than the incoming one.
inline constexpr std::string_view kNoVictims = "No preemption victims found for incoming pod";
/// Preempt: a node the filters found UnschedulableAndUnresolvable (or no candidate was tried on).
inline constexpr std::string_view kNotHelpful = "Preemption is not helpful for scheduling";
/// PodEligibleToPreemptOthers: the pod's preemptionPolicy is Never.
inline constexpr std::string_view kNotEligibleNever = "not eligible due to preemptionPolicy=Never.";
/// PodEligibleToPreemptOthers: a lower-priority pod on the pod's nominated node is already being
/// preempted (deletionTimestamp and DisruptionTarget=True, reason PreemptionByScheduler).
inline constexpr std::string_view kNotEligibleTerminating =
    "not eligible due to a terminating pod on the nominated node.";
/// DynamicResources' PostFilter reason for a pod without claims (k8s 1.34 ... 1.36).
inline constexpr std::string_view kNoClaimsToDeallocate = "no new claims to deallocate";

/// FitError.Error() for a cycle that passed PreFilter: "0/N nodes are available: <count> <reason>,
/// ..." (the "<count> <reason>" strings sorted, as sort.Strings) then "." (no reasons: no colon), then each PostFilter
/// reason joined by ", " after a space (none when a PostFilter plugin succeeded: preemption
/// nominated a node).
std::string fit_error_text(int total, const std::map<std::string, int>& reasons,
                           const std::vector<std::string>& post_filter = {});
/// DefaultPreemption's PostFilter reason: "preemption: " and its evaluator's message.
std::string preemption_reason(std::string_view message);
/// The text after "preemption: " of one scheduler message (normalized), "" when it has none.
std::string preemption_text(std::string_view message);

// ---- apiserver ---------------------------------------------------------------------------

/// One validation cause: `field` may be empty when it could not be told apart.
struct Cause {
  std::string field;    ///< "spec.containers[0].resources.requests"
  std::string message;  ///< "Invalid value: \"2\": must be equal to nvidia.com/gpu limit of 1"
};

/// requests != limits for nvidia.com/gpu: "must be equal to nvidia.com/gpu limit" (with or
/// without " of N", which arrived in k8s 1.27).
bool is_mismatch(const Cause& c);
/// A fractional nvidia.com/gpu: "must be an integer" on a resources field path that names
/// nvidia.com/gpu. The value text (`"500m"` or a Go struct dump) is ignored.
bool is_fraction(const Cause& c);

/// Splits one kubectl cause text "<field>: <msg>" (a single-cause line after "is invalid: ",
/// a "* <field>: <msg>" line, or a Status message) into causes. Aggregates "[e1, e2]" are split.
std::vector<Cause> causes_from_text(std::string_view text);

/// Causes of a 422 Status body: details.causes when present, else parsed from `message`.
std::vector<Cause> causes_from_status(const nlohmann::json& status);

/// Summary of a set of causes.
struct RejectionKinds {
  bool mismatch = false;
  bool fraction = false;
};
RejectionKinds classify(const std::vector<Cause>& causes);

}  // namespace gpuwhy::messages
