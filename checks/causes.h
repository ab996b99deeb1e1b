#pragma once
/// The cause rules of checks/causes.cpp and what they see: one rule per check that can be caused,
/// named in that check's row (CheckInfo::cause). Internal to gpuwhy_checks.

#include <initializer_list>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "gpuwhy/model/result.h"
#include "view.h"

namespace gpuwhy::checks::causes {

/// What a rule sees: the view of the lab and every check's outcome.
class Ctx {
 public:
  Ctx(const View& s, const RunResult& r) : s_(s), r_(r) {}
  [[nodiscard]] const View& snap() const { return s_; }

  [[nodiscard]] const CheckResult* get(std::string_view id) const {
    for (const auto& c : r_.checks) {
      if (c.id == id) return &c;
    }
    return nullptr;
  }
  [[nodiscard]] bool failed(std::string_view id) const {
    const CheckResult* c = get(id);
    return c != nullptr && c->outcome.status == Status::kFail;
  }
  /// What a failed check found wrong; Fault::kNone otherwise.
  [[nodiscard]] Fault fault(std::string_view id) const { return failed(id) ? get(id)->outcome.fault : Fault::kNone; }
  /// What a failed check compared (empty when it passed or compared nothing).
  [[nodiscard]] Compared compared(std::string_view id) const {
    return failed(id) ? get(id)->outcome.compared : Compared{};
  }
  [[nodiscard]] const std::vector<CheckResult>& checks() const { return r_.checks; }
  /// The first of `ids` that failed, or "".
  [[nodiscard]] std::string first_failed(std::span<const std::string_view> ids) const {
    for (auto id : ids) {
      if (failed(id)) return std::string(id);  // an unused "" slot names no check: never failed
    }
    return {};
  }
  [[nodiscard]] std::string first_failed(std::initializer_list<std::string_view> ids) const {
    return first_failed(std::span<const std::string_view>(ids.begin(), ids.size()));
  }

 private:
  const View& s_;
  const RunResult& r_;
};

// The rules, one per check that can be caused: the id of the declared cause at work, or "".
// CheckInfo::removes_every_pod: a missing namespace holds no pod; a NoExecute taint on the GPU
// node evicts every pod that does not tolerate it.
bool without_namespace(const View& s);
bool evicting_taint(const View& s);
/// trainer is gone, and lab-node-0 carries a NoExecute taint its manifest does not tolerate.
bool evicted_trainer(const View& s);

std::string other_nodes_clean(const Ctx& c);
std::string other_nodes(const Ctx& c);
std::string allocatable(const Ctx& c);
std::string advertised_file(const Ctx& c);
std::string apiserver_rejects(const Ctx& c);
std::string not_created(const Ctx& c);
std::string rejected_file(const Ctx& c);
std::string requests_defaulted(const Ctx& c);
std::string placed_trainer(const Ctx& c);
std::string taint(const Ctx& c);
std::string cpu_only_pending(const Ctx& c);
std::string tainted_file(const Ctx& c);
std::string trainer_not_evicted(const Ctx& c);
std::string toleration(const Ctx& c);
std::string placed_trainer2(const Ctx& c);
std::string gate_kept(const Ctx& c);
std::string same_as_trainer2(const Ctx& c);
std::string pending_insufficient(const Ctx& c);
std::string exhausted_file(const Ctx& c);
std::string step8_pending(const Ctx& c);
std::string step8_taint(const Ctx& c);

}  // namespace gpuwhy::checks::causes
