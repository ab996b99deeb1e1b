#pragma once
/// Collect once: one round of apiserver reads plus the student's files into a Snapshot.

#include <map>
#include <optional>
#include <string>
#include <vector>

#include "gpuwhy/kube/kube.h"
#include "gpuwhy/kube/paging.h"
#include "gpuwhy/model/snapshot.h"

namespace gpuwhy {

/// Reads every lab::kStudentFiles entry under `dir`, bounded by lab::kMaxFileBytes.
/// Never throws: each file's problem is recorded in its StudentFile. An empty `dir` reads
/// nothing (every file kMissing, "no lab folder was given").
std::map<std::string, StudentFile> read_student_files(const std::string& dir);

struct CollectOptions {
  std::string dir;      ///< the student's lab folder
  bool dry_run = true;  ///< send the bad manifests as server-side dry-run creates
};

/// Nodes are listed this many at a time (kubectl's chunk size): memory holds one page.
inline constexpr int kNodePage = kube::kListPage;

/// A node as the checks need it: the GPU node whole; any other node cut to its name, the lab's
/// four label keys, its taints and unschedulable flag, and its capacity and allocatable of the
/// lab's resource. What the checks read of other nodes, and nothing else (verdicts are the
/// same on the whole node; tests/cmd/scale_test.cpp proves it on every capture).
nlohmann::json lab_view_of_node(nlohmann::json node);

/// A pod bound to the GPU node as the checks need it: its name, namespace, uid, resourceVersion,
/// labels (pod affinity reads them) and times; the spec fields the scheduler sums its requests
/// from (nodeName, overhead, pod-level resources, each container's and init container's name,
/// resources and restartPolicy) and each container's ports that hold a host port; its phase.
/// Nothing else of another namespace's pod is kept (no env, no volumes, no images).
/// nullopt for a pod of the lab's namespace (in `pods` whole) or one without metadata.
std::optional<nlohmann::json> lab_view_of_node_pod(const nlohmann::json& pod);

/// The pods of every namespace bound to the GPU node: GET of this path, one answer (a node holds
/// at most a few hundred pods), each item then cut by lab_view_of_node_pod.
std::string node_pods_path();

/// Exactly: GET /version, namespace, kube-system, nodes (⌈nodes/kNodePage⌉ pages), pods, events,
/// the GPU node's pods (node_pods_path); one dry-run POST per bad manifest
/// (skipped, as kSkipped, when the manifest is missing or not a single Pod). Never throws for
/// a failed request: each item records its own error.
Snapshot collect(kube::Client& client, const CollectOptions& opts);

/// The server-side dry-run create of the bad manifest `rel` as collect sends it (or why it is not
/// sent: `enabled` false, a manifest that is not one Pod). Never throws.
Fetched<HttpAnswer> dry_run_of(kube::Client& client, const std::string& rel, const StudentFile& file, bool enabled);

/// The request path of step 3's server-side dry-run create (`dryRun=All`: nothing is stored).
std::string dry_run_path();

/// One line per distinct reason a live item or dry run could not be had (what the CLI prints
/// on stderr when grading is incomplete); skipped items and a missing namespace (404, the
/// student's state) are not listed. Never contains credentials (the messages never do).
std::vector<FetchError> fetch_errors(const Snapshot& snap);

/// A snapshot with the files only and every live item set to `why` (used when no
/// connection could be configured at all, so file checks are still graded). The dry runs are
/// set to `why` as well.
Snapshot collect_files_only(const CollectOptions& opts, const FetchError& why);

}  // namespace gpuwhy
