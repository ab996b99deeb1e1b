// The concepts the lab teaches, as data beside the checks: what an instructor reteaches when a
// check is a student's root cause. Every check is in exactly one (Concepts.* fail otherwise); the
// titles and the one line on what to reteach are catalog texts concept.<id>.title / .teach.
#include <array>
#include <string_view>

#include "checks.h"

namespace gpuwhy::checks {
namespace {

struct ConceptRow {
  std::string_view id;
  std::array<std::string_view, 8> checks;
};

constexpr std::array<ConceptRow, 10> kConcepts = {{
    {"labels", {"step1.namespace", "step1.gpu-labels", "step1.other-nodes-clean"}},
    {"extended-resources", {"step2.capacity", "step2.allocatable", "step2.other-nodes"}},
    {"apiserver-rules",
     {"step3.fraction-manifest", "step3.mismatch-manifest", "step3.apiserver-rejects", "step3.not-created",
      "step4.requests-defaulted", "step8.fractional", "step8.requests-equal-limits"}},
    {"gpu-pods", {"step4.manifest", "step5.cpu-only-spec", "step6.gpu", "step7.same-as-trainer2"}},
    {"taints", {"step5.taint", "step5.trainer-not-evicted", "step6.gate-kept", "step8.taint"}},
    {"tolerations", {"step6.toleration"}},
    {"scheduling", {"step4.placed-by-scheduler", "step6.placed"}},
    {"scheduler-messages", {"step5.cpu-only-pending", "step7.pending-insufficient", "step8.scheduler-sees"}},
    {"saving-output",
     {"step2.advertised-file", "step3.rejected-file", "step5.tainted-file", "step7.exhausted-file", "step8.format"}},
    {"counting", {"step8.allocatable", "step8.used", "step8.pending"}},
}};

}  // namespace

std::vector<Concept> concepts() {
  std::vector<Concept> out;
  for (const auto& row : kConcepts) {
    Concept c{std::string(row.id), {}};
    // In lab order, whatever order the row lists them in.
    for (const auto& info : all()) {
      for (const auto id : row.checks) {
        if (id == info.id) c.checks.emplace_back(id);
      }
    }
    out.push_back(std::move(c));
  }
  return out;
}

}  // namespace gpuwhy::checks
