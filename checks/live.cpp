#include "live.h"

#include <algorithm>
#include <utility>

#include "gpuwhy/base/sys.h"
#include "gpuwhy/collect/collect.h"
#include "grade.h"

namespace gpuwhy::checks {

Snapshot collect_live(const std::optional<kube::ClientConfig>& cfg, const kube::ClientOptions& opts,
                      const FetchError& why, const std::string& dir, bool dry_run) {
  CollectOptions copts{dir, dry_run};
  if (!cfg) return collect_files_only(copts, why);
  kube::Client client(*cfg, opts);
  return collect(client, copts);
}

unsigned selected_reads(const Selection& sel) {
  unsigned reads = 0;
  for (const auto& c : all()) {
    if (sel.selects(c)) reads |= c.reads;
  }
  return reads;
}

bool selected_pass(const RunResult& r) {
  return std::all_of(r.checks.begin(), r.checks.end(), [](const CheckResult& c) {
    return c.outcome.status == Status::kPass || c.outcome.status == Status::kSkip;
  });
}

LiveGrade grade_live(const std::optional<kube::ClientConfig>& cfg, const kube::ClientOptions& opts,
                     const FetchError& why, const LiveGrading& g) {
  using Clock = std::chrono::steady_clock;
  LiveGrade out;
  out.snap = collect_live(cfg, opts, why, g.dir, g.dry_run);
  const auto grade_now = [&g](const Snapshot& s) { return grade(s, g.sel, meta_for(s, g.lang, sys::now_rfc3339())); };
  out.run = grade_now(out.snap);
  const auto done = [](const RunResult& r) { return selected_pass(r) || !r.complete(); };
  if (!cfg || done(out.run) || Clock::now() + std::chrono::seconds(1) >= g.deadline) return out;
  if (g.waiting) g.waiting(out.run);
  FollowOptions fo;
  fo.dir = g.dir;
  fo.dry_run = g.dry_run;
  fo.reads = selected_reads(g.sel);
  fo.deadline = g.deadline;
  fo.poll_only = g.poll;
  int failing = out.run.count(Status::kFail);
  out.followed = true;
  out.first_requests = out.snap.requests;
  out.first_bytes = out.snap.bytes_received;
  out.stats = follow(
      *cfg, opts, out.snap, fo,
      [&](const Snapshot& s) {
        out.run = grade_now(s);
        if (done(out.run)) return true;
        if (out.run.count(Status::kFail) != failing) {
          failing = out.run.count(Status::kFail);
          if (g.waiting) g.waiting(out.run);
        }
        return false;
      },
      [&g](const std::string& reason) {
        if (g.fallback) g.fallback(reason);
      });
  return out;
}

}  // namespace gpuwhy::checks
