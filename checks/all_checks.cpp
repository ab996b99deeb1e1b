// THE list of checks: every step's checks, in lab order. Adding a check: see README "Adding a check".
#include <algorithm>
#include <exception>
#include <vector>

#include "checks.h"
#include "common.h"
#include "gpuwhy/base/error.h"
#include "gpuwhy/lab/lab.h"
#include "placement.h"

namespace gpuwhy::checks {

std::span<const CheckInfo> all() {
  static const std::vector<CheckInfo> kAll = [] {
    std::vector<CheckInfo> v;
    for (auto step : {step1(), step2(), step3(), step4(), step5(), step6(), step7(), step8()}) {
      v.insert(v.end(), step.begin(), step.end());
    }
    return v;
  }();
  return kAll;
}

const CheckInfo* find(std::string_view id) {
  for (const auto& c : all()) {
    if (c.id == id) return &c;
  }
  return nullptr;
}

std::vector<std::string> ids() {
  std::vector<std::string> out;
  for (const auto& c : all()) out.emplace_back(c.id);
  return out;
}

bool Selection::selects(const CheckInfo& c) const {
  if (steps.empty() && ids.empty()) return true;
  if (std::find(steps.begin(), steps.end(), c.step) != steps.end()) return true;
  return std::find(ids.begin(), ids.end(), c.id) != ids.end();
}

namespace {

/// A check's result before it is graded: its id, step and points; kSkip unless the selection takes it.
CheckResult ungraded(const CheckInfo& c) {
  CheckResult cr;
  cr.id = std::string(c.id);
  cr.step = c.step;
  cr.points = c.points;
  cr.outcome.status = Status::kSkip;
  return cr;
}

// Every text of an outcome speaks of this lab: the lab's names fill what its args leave open
// (Msg::of_lab), as the catalog fills in nothing by itself.
void fill_lab_names(Outcome& o) {
  const auto fill = [](Msg& m) {
    m.of_lab = !m.id.empty();  // raw text has no placeholders
  };
  fill(o.expected);
  fill(o.actual);
  fill(o.hint);
  fill(o.env_need);
  for (auto& m : o.evidence) fill(m);
}

}  // namespace

RunResult run(const Snapshot& snap, const Selection& sel, RunMeta meta) {
  RunResult r;
  r.meta = std::move(meta);
  const View view(snap);  // the lab as every check reads it, built once
  r.checks.reserve(all().size());
  for (const auto& c : all()) {
    CheckResult cr = ungraded(c);
    if (sel.selects(c)) {
      try {
        cr.outcome = c.run(view);
        detail::add_recreate_parts(view, cr.outcome);
        detail::add_pod_parts(view, c.creates.fact, cr.outcome);
      } catch (const std::exception& e) {
        // A check must never take the run down; an internal failure is an `error`, not a zero.
        cr.outcome = Outcome{Status::kError, {}, raw(e.what()), msg("hint.internal-error"), {}};
      }
      fill_lab_names(cr.outcome);
      if (cr.outcome.status == Status::kPass) cr.score = c.points;
    }
    r.checks.push_back(std::move(cr));
  }
  attribute_causes(view, r);
  return r;
}

RunResult not_graded(const Selection& sel, RunMeta meta, const std::string& reason, const std::string& cause) {
  RunResult r;
  r.meta = std::move(meta);
  for (const auto& c : all()) {
    CheckResult cr = ungraded(c);
    if (sel.selects(c)) {
      cr.outcome = Outcome{Status::kError, {}, raw(reason), msg("hint.env." + cause), {}};
      cr.outcome.env_cause = cause;
      fill_lab_names(cr.outcome);
    }
    r.checks.push_back(std::move(cr));
  }
  return r;
}

}  // namespace gpuwhy::checks
