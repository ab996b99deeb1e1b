#pragma once
/// Whether a snapshot reads as the control plane left it: a bundle is graded offline,
/// so a student could copy another cluster's bundle or hand-edit one. The grader cannot stop
/// that; these rules make it visible. They never change a score.
///
/// Each rule states something the apiserver, the scheduler or `gpuwhy snapshot` always makes
/// true, checked on every real capture (tests/integrity/integrity_corpus_test.cpp: no finding on any),
/// and each is proven to catch a forgery made from a real capture (tests/forgery/forgeries.json).
///
/// What a forger would STILL have to get right to pass unseen (edits these rules cannot see):
/// - an edit made consistently everywhere the value is repeated: a pod's phase AND its
///   conditions AND what the node's agent writes (startTime, IPs, container statuses), a node name AND the Scheduled
///   event's message AND the last-applied annotation, a file's content AND its recorded size, a dry-run message AND the
///   manifest file, a field added by hand AND a managedFields entry that owns it (with a manager and a time that fit);
/// - a changed VALUE of a field that is owned: managedFields say who set a field, not to what
///   (allocatable 1 edited to 2 where no Pending pod's "Insufficient" after the write contradicts
///   it, a toleration's value edited on a pod without last-applied);
/// - a node's cpu, memory and pods (kwok writes them unowned) and the two admission-default
///   tolerations: no managedFields rule can ask about them;
/// - a bundle without kube-system (as an old collector wrote it) whose managedFields are all
///   deleted: only the collector that records kube-system is known to keep them;
/// - the events of pods bound by hand (no Scheduled event is required);
/// - deleting a whole pod with its events, or a FailedScheduling event older than the event TTL
///   (1 h): only an Unschedulable condition younger than that requires its event;
/// - the student's own files (out/*.txt, k8s/*.yaml) with their size fixed: their content is
///   the student's to write, and a grader cannot tell a typed answer from a copied one;
/// - a whole bundle taken from another cluster with every uid, time and resourceVersion kept:
///   check() sees nothing wrong, only match() over a class's bundles shows the shared cluster (also
///   when the uids are made anew and the times shifted: the event names and the scheduler's
///   microsecond gaps are kept; made anew too, nothing shows);
/// - new uids that are valid and unique, and times kept before taken_at and after the namespace
///   (a published capture so re-made is no longer known by its uids: published());
/// - a value made readable but false: an unreadable one is a finding (field-unreadable).

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

#include "gpuwhy/model/result.h"
#include "gpuwhy/model/snapshot.h"

namespace gpuwhy::integrity {

/// Clock skew allowed between the apiserver (object times) and the grader's clock (taken_at):
/// the snapshot is taken on the student's machine, the times are written by the apiserver.
inline constexpr long long kClockSkewMs = 5LL * 60 * 1000;

/// Event TTL of kube-apiserver (--event-ttl, 1 h), less a margin: an event younger than this
/// is still stored.
inline constexpr long long kEventTtlMs = 55LL * 60 * 1000;

/// Every contradiction of the snapshot, in a fixed rule order (the order of rule_ids()). Pure: no
/// I/O, no clock. A snapshot taken here (not a bundle) or an old bundle gives none; a part that
/// was not read (a FetchError) is not looked at.
std::vector<Finding> check(const Snapshot& snap);

/// The rule ids in the order check() reports them; each has catalog text "integrity.<id>".
const std::vector<std::string_view>& rule_ids();

/// A bundle published in the repository (fixtures/**/bundle.json: the captures, the reference
/// solution's among them) handed in as it is or with edits: one finding naming the objects that
/// keep a published uid and the bundle they are from; none for a lab run on its own cluster.
std::vector<Finding> published(const Snapshot& snap);

/// A batch: the bundle's own `student` against `submission`, the name it was handed in under
/// (its file name; the batch names the row after it): one finding when they differ.
std::vector<Finding> student_mismatch(const Snapshot& snap, std::string_view submission);

/// The ids of published() and student_mismatch(); each has catalog text "integrity.<id>".
const std::vector<std::string_view>& submission_rule_ids();

/// What identifies the cluster a snapshot was taken from, and the bundle itself.
struct ClusterId {
  std::string kube_system_uid;         ///< "" when not collected (an old bundle) or refused
  std::string namespace_uid;           ///< the lab namespace's uid
  std::vector<std::string> node_uids;  ///< sorted; nodes whose uid was kept (lab-node-0's)
  std::vector<std::string> pod_uids;   ///< sorted
  std::string digest;                  ///< the bundle bytes' size and XXH64, in hex; "" for none
  /// What stays when every uid is made anew and every time shifted by one amount: the names the
  /// event recorder gave ("trainer.18ed0e74f444615d", the hex of the nanosecond it was made in)
  /// and each two consecutive gaps between the microsecond times the scheduler wrote
  /// ("t:612345,1401177"), each as its kind and a hash ("e" or "t" and 14 hex digits); of each
  /// kind the 8 smallest, sorted.
  std::vector<std::string> traces;
};

/// The cluster of `snap`; `bundle_bytes`: the bundle file as read ("" gives an empty digest).
ClusterId cluster_id(const Snapshot& snap, std::string_view bundle_bytes);

/// The groups of a batch's bundles: those taken from one cluster (linked by the same kube-system
/// uid, the same lab-namespace uid, any shared node or pod uid or any shared trace, directly or
/// through another bundle of the group; an empty one never links), and those with the very same
/// bytes (digest).
/// Linear in the uids (a class of 10,000 copies of one bundle is 10,000 entries, not 10⁸ pairs).
struct Match {
  static constexpr std::size_t kAlone = static_cast<std::size_t>(-1);
  std::vector<std::size_t> cluster_of;             ///< per index: its group in `clusters`, or kAlone
  std::vector<std::size_t> bundle_of;              ///< per index: its group in `bundles`, or kAlone
  std::vector<std::vector<std::size_t>> clusters;  ///< groups of two or more indices, ascending
  std::vector<std::vector<std::size_t>> bundles;   ///< the same, by digest
  /// The other indices of i's cluster group, ascending; empty when it is alone.
  [[nodiscard]] std::vector<std::size_t> same_cluster(std::size_t i) const;
  /// The other indices with i's very bundle, ascending; empty when none.
  [[nodiscard]] std::vector<std::size_t> same_bundle(std::size_t i) const;
};
Match match(const std::vector<ClusterId>& ids);

}  // namespace gpuwhy::integrity
