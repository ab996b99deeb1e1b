#pragma once
/// Every check of the lab, as pure functions of the lab's View (built once from a snapshot). THE
/// list is in all_checks.cpp.

#include <array>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "gpuwhy/model/result.h"
#include "gpuwhy/model/snapshot.h"
#include "view.h"

namespace gpuwhy::checks {

namespace causes {
class Ctx;  // what a cause rule sees (causes.h)
}

/// A fact of the lab a check owns. A check that needed the fact and found it false (Outcome::unmet)
/// is caused by the fact's first owner that failed, its owners asked in `rank` order (0 first).
struct Owned {
  std::string_view fact;  ///< a lab pod (lab::kPods) or a gate-report key (lab::kGateKeys); "" for none
  int rank = 0;
};

/// Static description of one check: everything the grader knows about it before it runs. Title:
/// catalog id "check.<id>.title"; explanation: "check.<id>.explain".
struct CheckInfo {
  std::string_view id;  ///< stable, "stepN.name"
  int step;
  int points;
  Outcome (*run)(const View&);
  /// The parts of the snapshot it reads (Input bits); tests/checks/reads_test.cpp proves on every
  /// capture that the parts left out never change its outcome.
  unsigned reads = kInAll;
  /// The checks whose failure may explain this one's: the only ids checks/causes.cpp may write
  /// into its outcome's caused_by. tests/checks/causes_test.cpp proves on every capture that each
  /// caused_by produced is declared here, failed itself, and that no chain of causes loops.
  std::array<std::string_view, 12> may_be_caused_by{};
  /// The rule in checks/causes.cpp that decides from the evidence which of may_be_caused_by, if
  /// any, explains its failure; set exactly when may_be_caused_by names a check.
  std::string (*cause)(const causes::Ctx&) = nullptr;
  /// The lab pod its step creates: whether that pod exists is a fact of the step's checks.
  Owned creates{};
  /// The gate-report counts (Need::Kind::kCount) its failure leaves other than the lab's.
  std::array<Owned, 2> counts{};
  /// Its failure can keep every lab pod from existing (no namespace to hold them, a taint that
  /// evicts them): the test of the evidence that it did. When that holds it owns every pod's
  /// existence, ahead of the pods' creators, the first such check in lab order first.
  bool (*removes_every_pod)(const View&) = nullptr;
  /// The lab pod its failure can remove though it existed (a NoExecute taint of any key that
  /// trainer does not tolerate evicts it), and the test of the evidence that it did. When that
  /// holds it owns that pod's existence, after removes_every_pod and ahead of the pod's creators.
  struct Removes {
    std::string_view pod;
    bool (*when)(const View&) = nullptr;
  };
  Removes removes{};
};

/// Every check, in lab order.
std::span<const CheckInfo> all();
/// nullptr when unknown.
const CheckInfo* find(std::string_view id);
/// Every check id, in lab order.
std::vector<std::string> ids();

/// The concepts the lab teaches, each with its checks (checks/concepts.cpp): every check is in
/// exactly one. The class page ranks them by the students whose root causes fall in them.
std::vector<Concept> concepts();

/// --step N and --check ID (both repeatable; empty = everything).
struct Selection {
  std::vector<int> steps;
  std::vector<std::string> ids;
  [[nodiscard]] bool selects(const CheckInfo& c) const;
};

/// Runs the selected checks (the others are kSkip, score 0, not counted in max_score).
/// A check that throws becomes kError with the exception text (never a crash).
RunResult run(const Snapshot& snap, const Selection& sel, RunMeta meta);

/// The run of an input that cannot be read at all (a `--snapshot` path that is missing, unreadable
/// or not a bundle): nothing is graded and no lab file is read. Every selected check is an `error`
/// of that env cause whose actual is `reason`, so the run is incomplete (never a score of 0) and
/// a report file asked for stays valid.
/// `cause`: "input" (a bundle) or "kubeconfig" (a --kubeconfig file); the hint is hint.env.<cause>.
RunResult not_graded(const Selection& sel, RunMeta meta, const std::string& reason, const std::string& cause);

/// The checks that may own a fact another check needed and found false (Outcome::unmet), besides
/// the checks that needed the same fact before it in lab order: for a pod, the namespace, the
/// NoExecute taint and the checks that create it (CheckInfo::creates); for a gate-report count, the
/// checks whose failure changes it (CheckInfo::counts). Owners come in rank order.
/// causes_test.cpp holds every fact-caused failure to these.
std::vector<std::string_view> fact_owners(const Need& need);

/// Sets outcome.caused_by on the failed checks of `r` whose failure another failed check
/// explains, from the evidence in the view `snap` and the outcomes (checks/causes.cpp). run() calls it.
void attribute_causes(const View& snap, RunResult& r);

// One accessor per step file (checks/stepN_*.cpp), each returning that step's checks.
std::span<const CheckInfo> step1();
std::span<const CheckInfo> step2();
std::span<const CheckInfo> step3();
std::span<const CheckInfo> step4();
std::span<const CheckInfo> step5();
std::span<const CheckInfo> step6();
std::span<const CheckInfo> step7();
std::span<const CheckInfo> step8();

}  // namespace gpuwhy::checks
