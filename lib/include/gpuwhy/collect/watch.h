#pragma once
/// `check --wait`: after the first snapshot, follow the cluster with the apiserver's watch (one
/// stream per part the selected checks read, from the resourceVersion of the first snapshot,
/// with bookmarks) and the student's files by reading them again, and grade again only when
/// something the selected checks read changed. Falls back to a whole new snapshot each second
/// when the apiserver answers 410 Gone or refuses a watch.

#include <chrono>
#include <functional>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

#include "gpuwhy/kube/kube.h"
#include "gpuwhy/model/snapshot.h"

namespace gpuwhy {

/// How a followed list keeps its objects, as collect keeps them.
enum class Kept {
  kWhole,     ///< as the apiserver sends them (pods and events of the lab's namespace)
  kNodes,     ///< lab_view_of_node
  kNodePods,  ///< lab_view_of_node_pod; the lab namespace's pods are left out
};

/// One watch event applied to the list it belongs to, in place: ADDED and MODIFIED put the object
/// in (cut as `kept` says), in namespace and name order as the apiserver lists; DELETED takes it out; the list's
/// resourceVersion follows every event (a BOOKMARK changes nothing else). Returns whether the list changed in anything
/// but resourceVersions: a heartbeat that only moves fields gpuwhy drops while parsing, or a bookmark, is no change.
/// ERROR events are not applied (false).
bool apply_watch_event(nlohmann::json& list, const nlohmann::json& event, Kept kept);

/// The watch URL of a list: `list_path` (may carry a query) with watch=1, allowWatchBookmarks,
/// resourceVersion and timeoutSeconds.
std::string watch_path(std::string_view list_path, std::string_view resource_version, std::chrono::seconds timeout);

/// Whether two student files read the same (state, bytes, reason).
bool same_file(const StudentFile& a, const StudentFile& b);

struct FollowOptions {
  std::string dir;          ///< the lab folder, read again every `file_poll`
  bool dry_run = true;      ///< send a changed bad manifest as a dry run again
  unsigned reads = kInAll;  ///< what the selected checks read (Input bits): all that is followed
  std::chrono::steady_clock::time_point deadline;
  std::chrono::milliseconds file_poll{250};
  std::chrono::milliseconds poll_every{1000};  ///< the fallback: a whole snapshot this often
  bool poll_only = false;                      ///< never watch (the fallback from the start)
};

struct FollowStats {
  int requests = 0;                ///< apiserver requests made while following (watches included)
  std::size_t bytes_received = 0;  ///< body bytes received while following
  int watches = 0;                 ///< watch streams opened (restarts included)
  int events = 0;                  ///< watch events received
  int grades = 0;                  ///< times the snapshot changed and was graded again
  std::string fallback;            ///< why it polled instead of watching; "" when it watched throughout
};

/// Follows from `snap` (the first snapshot; updated in place) until `grade(snap)` returns true
/// (the caller's "done": the selected checks pass, or grading became incomplete) or the deadline
/// passes. `grade` is called after every change of a part in `reads`, never otherwise.
/// `on_fallback(reason)` is called once if it falls back to polling. Never throws for the
/// apiserver's answers (a failed read is the snapshot's, as in collect).
FollowStats follow(const kube::ClientConfig& cfg, const kube::ClientOptions& opts, Snapshot& snap,
                   const FollowOptions& fo, const std::function<bool(const Snapshot&)>& grade,
                   const std::function<void(const std::string&)>& on_fallback = {});

}  // namespace gpuwhy
