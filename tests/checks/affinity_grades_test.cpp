// An affinity the scheduler reads as no constraint is none to the checks either: trainer must be
// placed by its resources alone (step 4), and an affinity empty all the way down constrains
// nothing (k8s::canonical_affinity), while one that keeps a requirement does. Graded through the
// checks on the solution captured from each recorded control plane, the manifest and the live
// pod both carrying the affinity.
#include <gtest/gtest.h>

#include <string>

#include <nlohmann/json.hpp>

#include "checks.h"
#include "gpuwhy/lab/lab.h"
#include "gpuwhy/model/bundle.h"
#include "gpuwhy/model/snapshot.h"
#include "solution_grades.h"

namespace gpuwhy {
namespace {

using gpuwhy_test::graded;
using nlohmann::json;

Snapshot with_affinity(Snapshot s, const json& affinity) {
  auto& file = s.files.at(std::string(lab::kManifestTrainer));
  file.content += "  affinity: " + affinity.dump() + "\n";  // a JSON flow mapping is YAML
  file.size = file.content.size();
  json pods = s.pods.value();
  for (auto& p : pods["items"]) {
    if (p["metadata"]["name"] == lab::kPodTrainer) p["spec"]["affinity"] = affinity;
  }
  s.pods = pods;
  return s;
}

TEST(AffinityGrades, AnAffinityEmptyAllTheWayDownLeavesTrainerPlacedByTheScheduler) {
  const json term = {
      {"matchExpressions", {{{"key", "nvidia.com/gpu.present"}, {"operator", "In"}, {"values", {"true"}}}}}};
  const json none[] = {json::object(),
                       {{"nodeAffinity", json::object()}},
                       {{"nodeAffinity", nullptr}, {"podAntiAffinity", json::object()}},
                       {{"nodeAffinity", {{"preferredDuringSchedulingIgnoredDuringExecution", json::array()}}}}};
  const json some[] = {
      {{"nodeAffinity", {{"requiredDuringSchedulingIgnoredDuringExecution", {{"nodeSelectorTerms", {term}}}}}}},
      {{"nodeAffinity",
        {{"preferredDuringSchedulingIgnoredDuringExecution", {{{"weight", 1}, {"preference", term}}}}}}}};
  for (const auto& bundle : gpuwhy_test::solutions()) {
    const Snapshot base = load_bundle(bundle.string());
    RunResult keep;
    for (const auto& a : none) {
      SCOPED_TRACE(bundle.string() + " affinity: " + a.dump());
      const Snapshot s = with_affinity(base, a);
      EXPECT_EQ(graded(s, "step4.manifest", keep).outcome.status, Status::kPass);
      EXPECT_EQ(graded(s, "step4.placed-by-scheduler", keep).outcome.status, Status::kPass);
    }
    for (const auto& a : some) {
      SCOPED_TRACE(bundle.string() + " affinity: " + a.dump());
      const Snapshot s = with_affinity(base, a);
      const auto& c = graded(s, "step4.manifest", keep);
      EXPECT_EQ(c.outcome.status, Status::kFail);
      EXPECT_EQ(c.outcome.hint.id, "hint.step4.manifest.constraint");
      EXPECT_EQ(graded(s, "step4.placed-by-scheduler", keep).outcome.status, Status::kFail);
    }
  }
}

}  // namespace
}  // namespace gpuwhy
