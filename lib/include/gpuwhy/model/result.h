#pragma once
/// Check outcomes and the run that collects them; renderers are pure functions of RunResult.

#include <map>
#include <optional>
#include <string>
#include <vector>

namespace gpuwhy {

enum class Status { kPass, kFail, kError, kSkip };
std::string to_string(Status status);  ///< "pass", "fail", "error", "skip"

/// A user-facing text: a catalog id plus named arguments, rendered in the chosen language.
/// An empty id means `args["text"]` is shown as is (data such as node names or numbers).
struct Msg {
  std::string id;
  std::map<std::string, std::string> args;
  /// The text speaks of this lab: the lab's names (lab::names(): {node}, {namespace}, ...) fill
  /// the placeholders `args` leaves open. Off, a forgotten {node} shows as written, never the lab's
  /// node on some other cluster. The checks set it on every text of their outcomes.
  bool of_lab = false;
};
/// A literal text that needs no translation (numbers, names, quoted cluster messages).
Msg raw(std::string text);
/// A catalog text.
Msg msg(std::string id, std::map<std::string, std::string> args = {});

/// A fact a check needed before it could judge its own subject, found false: the pod it reads
/// does not exist, the file it reads is missing, unreadable or lacks the entry it reads, or a
/// count of the cluster is not what the lab leaves (the answer is right for the lab, the cluster
/// changed). A failure for an unmet need is the consequence of the check that owns the fact
/// (checks/causes.cpp): the step that creates the pod, the first check of the file.
struct Need {
  enum class Kind { kNone, kPod, kFile, kCount };
  Kind kind = Kind::kNone;
  std::string name;  ///< the pod, the file (lab-relative) or the gate report's key
  bool operator==(const Need&) const = default;
  [[nodiscard]] explicit operator bool() const { return kind != Kind::kNone; }
};

/// What a failed check found wrong, when another check's cause may depend on it: a value the
/// causes (checks/causes.cpp) read, never the words. The hint shown for it is the fault's own
/// catalog text (checks::detail::hint_id), so the two never disagree.
enum class Fault {
  kNone,
  kFileMissing,  // the file faults, kFileMissing to kFileEmpty, stay together and first
  kFileNotRegular,
  kFileTooLarge,
  kFileUnreadable,
  kFileHardLink,
  kFileNotText,
  kFileEmpty,
  kGpuLabelsOnOtherNode,      ///< the lab's labels are on another node, not lab-node-0
  kAdvertisedCapacityOnly,    ///< the saved file shows capacity 2 and no allocatable
  kAdvertisedWrongAmount,     ///< the saved file shows another amount
  kRejectsNoNamespace,        ///< the dry run answered "namespace not found"
  kRejectsAccepted,           ///< the apiserver accepted a manifest that must be refused
  kRejectsOtherRuleMismatch,  ///< bad-mismatch refused, for another rule than requests == limits
  kRejectsOtherRuleFraction,  ///< bad-fraction refused, for another rule than whole GPUs
  kRejectedFileNoRejection,   ///< the saved file holds no rejection
  kRejectedFileNoMismatch,    ///< … not the requests/limits one
  kRejectedFileNoFraction,    ///< … not the fractional one
  kRejectedFileNeither,       ///< … only rejections of neither rule
  kRejectedFileOverwritten,   ///< … one rejection alone, nothing else of the other command
  kRejectedFileOtherResult,   ///< … one rejection, and the other command's result is no rejection
  kPlacedConstrained,         ///< the manifest pins the pod (selector, affinity)
  kPlacedNodeName,            ///< the manifest sets spec.nodeName
  kPlacedWrongNode,           ///< bound to another node
  kPlacedNotBound,            ///< never bound
  kPlacedNotBoundToleration,  ///< never bound; its toleration does not match the taint
  kPlacedNotBoundUntolerant,  ///< never bound; the taint blocks it and it has no toleration for it
  kPlacedNotBoundSelector,    ///< never bound; its own nodeSelector or node affinity rules out lab-node-0
  kPlacedNotBoundLabels,      ///< … but would let it in were lab-node-0 labelled as step 1 says
  kPlacedNotBoundTaken,       ///< never bound; pods other than the lab's earlier ones hold the GPUs it would fit in
  kTaintMissing,              ///< lab-node-0 lacks the lab's taint
  kForeignTaint,              ///< lab-node-0 carries a taint of another key instead
  kForeignTaintBeside,        ///< … beside the lab's, and it keeps the lab's pods off
  kTolerationMissing,         ///< the manifest lacks the lab's toleration
  kSavedNoMessage,            ///< the saved file holds no scheduler message
  kSavedNoLiveMessage,        ///< the live pod has no message to compare with
  kSavedStale,                ///< the saved message differs from the live one
  kNeverScheduled,            ///< trainer never got a node
  kCpuOnlyScheduled,          ///< cpu-only got a node, so the gate kept nothing
  kSharedToleration,          ///< trainer3 copies trainer2's wrong toleration
  kSharedNoToleration,        ///< neither trainer2 nor trainer3 has a toleration
  kPremiseAllocatable,        ///< lab-node-0 advertises no allocatable GPU
  kPremiseSlots,              ///< a slot is free, so trainer3 cannot be short of one
  kTrainer3Scheduled,         ///< trainer3 got a node
  kTrainer3NotInsufficient,   ///< the message blames something else
  kTrainer3Taint,             ///< the message blames the taint
  kNoLiveTaint,               ///< the gate report's TAINT has no lab taint to match
  kGpuNodeCordoned,           ///< lab-node-0 is cordoned: the scheduler turns the pod away first
  kLabTaintChanged,           ///< the lab key's taint has another value or effect, which the pod does not tolerate
  kPremiseAllocatableZero,    ///< lab-node-0 advertises an allocatable of 0
  kTolerationWrongKey,        ///< the manifest's toleration for the GPU names another key (nvidia.com/GPU)
  kPremiseAllocatableAmount,  ///< lab-node-0 advertises an allocatable other than the lab's 2: no slots to run out
  kSavedGated,                ///< the saved file holds a gated pod's condition, no scheduler message
  kCapacityOnOtherNode,       ///< lab-node-0 advertises no GPU capacity, another node does
  kAllocatableNoPods,         ///< lab-node-0's allocatable allows no pod (the map replaced whole)
  kPlacedGated,               ///< never bound; its scheduling gates hold it back
  kPendingGated,              ///< Pending at its scheduling gates: the scheduler has not tried it
};

/// What a check compared, when it compares an answer the student saved with the cluster: the
/// answer as read and the live value, as the check judged them. Causes read these, never a hint.
struct Compared {
  std::string answer;                     ///< "2", "gpu=true:NoSchedule", "lab-node-0=1"
  std::string live;                       ///< the same, from the cluster ("<none>" when absent)
  std::optional<long long> answer_count;  ///< a count answer, as a number
  std::optional<long long> live_count;    ///< the live count
};

/// What a check function returns.
struct Outcome {
  Status status = Status::kFail;
  Msg expected;
  Msg actual;
  Msg hint;  ///< empty id and no args when there is nothing to say
  /// What the check looked at, one line each: raw() for what it quotes (cluster messages, file
  /// lines), a catalog text for its own words ("taints for …", "Pending in …").
  std::vector<Msg> evidence;
  /// Set on an `error` caused by the environment, not by the student's work: the kind of cause
  /// ("config", "tls", "unavailable", "unauthorized", "forbidden", "not-collected"). A table tells a cause that
  /// several checks share once, above the steps; machine formats keep every entry.
  std::string env_cause{};
  Msg env_need{};  ///< what the environment must grant for this check (an RBAC rule), or empty
  /// On a `fail`: the id of the failed check whose failure explains this one ("step2.allocatable"),
  /// decided from the evidence after every check ran (checks/causes.cpp); empty when this failure
  /// has its own cause (a root cause).
  std::string caused_by{};
  /// On a `fail`: the fact it needed and found false, if that is why it failed.
  Need unmet{};
  /// On a `fail`: what it found wrong, when a cause may depend on it (Fault::kNone otherwise).
  Fault fault = Fault::kNone;
  /// On a `fail` that compares a saved answer with the cluster: both, as judged.
  Compared compared{};
};

/// One check's graded result.
struct CheckResult {
  std::string id;  ///< "step2.allocatable"
  int step = 0;
  int points = 0;
  int score = 0;
  Outcome outcome;
};

/// A concept the lab teaches and the checks that test it: what an instructor reteaches when those
/// checks are students' root causes. The list is data beside the checks (checks/concepts.cpp);
/// its texts are catalog ids "concept.<id>.title" and "concept.<id>.teach".
struct Concept {
  std::string id;
  std::vector<std::string> checks;  ///< check ids, in lab order
};

struct RunMeta {
  std::string gpuwhy_version;
  std::string lab_id;
  std::string generated_at;    ///< RFC 3339
  std::string taken_at;        ///< RFC 3339: when the graded snapshot was taken ("" when unknown)
  std::string server_version;  ///< "" when unknown
  std::string source;          ///< where the snapshot came from
  std::string lang = "en";
  std::vector<Msg> warnings;  ///< catalog texts, rendered in the report's language
};

/// One thing a bundle says that the control plane would not have made so, or that a hand edit
/// forgets (integrity/integrity.h): it names the objects and fields it compares.
struct Finding {
  std::string id;                    ///< stable, language-neutral: "event-node-mismatch"
  Msg text;                          ///< catalog "integrity.<id>", the objects and fields as arguments
  std::vector<std::string> objects;  ///< "pod gpu-why/trainer", "node lab-node-0", "file out/rejected.txt"
};

/// Whether the graded snapshot reads as the control plane left it. Never changes a score.
struct Integrity {
  bool checked = false;           ///< false: nothing was looked at (no snapshot could be read)
  std::vector<Finding> findings;  ///< what contradicts itself, in rule order
  /// A batch: the other submissions taken from this one's cluster (the first kMaxNamed of them,
  /// in batch order), and how many there are in all.
  std::vector<std::string> same_cluster_as;
  std::size_t same_cluster_count = 0;
  /// A batch: the other submissions with the very same bundle (the first kMaxNamed), and how many.
  std::vector<std::string> same_bundle_as;
  std::size_t same_bundle_count = 0;
  static constexpr std::size_t kMaxNamed = 10;
  [[nodiscard]] bool suspect() const { return !findings.empty() || same_cluster_count > 0 || same_bundle_count > 0; }
};

struct RunResult {
  RunMeta meta;
  std::vector<CheckResult> checks;  ///< every known check, in lab order; unselected ones are kSkip
  Integrity integrity{};            ///< what the snapshot's own consistency says (a bundle, a batch)

  [[nodiscard]] int score() const;
  [[nodiscard]] int max_score() const;  ///< over selected checks
  [[nodiscard]] bool complete() const;  ///< no check is kError
  [[nodiscard]] int count(Status s) const;
  [[nodiscard]] int exit_code() const;  ///< 0, 1 or 3 (see error.h)
  /// The root causes: ids of the failed checks that name no cause, in lab order.
  [[nodiscard]] std::vector<std::string> roots() const;
  /// The failed checks whose caused_by chain ends at `root` (not `root` itself), in lab order.
  [[nodiscard]] std::vector<const CheckResult*> consequences_of(const std::string& root) const;
  /// The root cause `id`'s failure comes down to (itself when it is a root); "" when it did not fail.
  [[nodiscard]] std::string root_of(const std::string& id) const;
};

}  // namespace gpuwhy
