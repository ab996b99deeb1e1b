#pragma once
/// grade() of a live cluster: collect once (or the lab files alone when no connection could be
/// configured), grade, and, until a deadline, follow the cluster (watches from the first
/// snapshot's resourceVersions, the files read again) and grade again on each change, until the
/// selected checks pass, grading becomes incomplete, or the time runs out.

#include <chrono>
#include <cstddef>
#include <functional>
#include <optional>
#include <string>

#include "checks.h"
#include "gpuwhy/collect/watch.h"
#include "gpuwhy/i18n/i18n.h"
#include "gpuwhy/kube/kube.h"
#include "gpuwhy/model/result.h"
#include "gpuwhy/model/snapshot.h"

namespace gpuwhy::checks {

/// A snapshot of the cluster over `cfg`, with the lab files of `dir`; without `cfg`, a files-only
/// snapshot whose every live item is `why`, so the file checks are still graded.
Snapshot collect_live(const std::optional<kube::ClientConfig>& cfg, const kube::ClientOptions& opts,
                      const FetchError& why, const std::string& dir, bool dry_run);

/// What the selected checks read (Input bits): all that following the cluster watches.
unsigned selected_reads(const Selection& sel);

/// Every selected check passed (the others are skipped).
bool selected_pass(const RunResult& r);

struct LiveGrading {
  std::string dir;  ///< the lab folder
  bool dry_run = true;
  bool poll = false;  ///< a whole snapshot each second instead of watches
  Selection sel;
  i18n::Lang lang = i18n::Lang::kEn;
  std::chrono::steady_clock::time_point deadline;  ///< follow until then; the first grade only when past
  /// Said when following starts and whenever the number of failed checks changes while following.
  std::function<void(const RunResult&)> waiting;
  /// Said once if following falls back to polling (follow's on_fallback).
  std::function<void(const std::string&)> fallback;
};

struct LiveGrade {
  RunResult run;  ///< the last grade
  Snapshot snap;  ///< the last snapshot
  bool followed = false;
  int first_requests = 0;  ///< the first collection's requests and body bytes
  std::size_t first_bytes = 0;
  FollowStats stats;  ///< while following
};

/// Collects (collect_live) and grades (grade(), each grade's time its own), following as said
/// above when `cfg` is set and the first grade neither passes nor is incomplete, with at least a
/// second left before the deadline.
LiveGrade grade_live(const std::optional<kube::ClientConfig>& cfg, const kube::ClientOptions& opts,
                     const FetchError& why, const LiveGrading& g);

}  // namespace gpuwhy::checks
