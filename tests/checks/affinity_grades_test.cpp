// An affinity the scheduler reads as no constraint is none to the checks either: trainer must be
// placed by its resources alone (step 4), and an affinity empty all the way down constrains
// nothing (k8s::canonical_affinity), while one that keeps a requirement does. Graded through the
// checks on the solution captured from each recorded control plane, the manifest and the live
// pod both carrying the affinity.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "checks.h"
#include "gpuwhy/lab/lab.h"
#include "gpuwhy/model/bundle.h"
#include "gpuwhy/model/snapshot.h"
#include "solution_grades.h"
#include "validity_rows.h"

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

// Each recorded row in cpu-only.yaml of `base` (a nodeSelector line in place of its own, any other
// line added under spec, the row's pod labels under metadata), graded: one the apiserver refused
// fails step5.cpu-only-spec and names the refusal, since kubectl apply refuses the whole file; one
// it accepted is never called refused. A nodeSelector value that is no string is the check's own to
// name (the unquoted "true" of step 5): it fails without the refusal. Returns how many were named.
std::size_t refusals_named(const Snapshot& base, const std::vector<json>& rows) {
  const std::string manifest(lab::kManifestCpuOnly);
  const std::string& original = base.files.at(manifest).content;
  const std::string selector = "  nodeSelector:\n    nvidia.com/gpu.present: \"true\"\n";
  const std::string name = "  name: cpu-only\n";
  EXPECT_NE(original.find(selector), std::string::npos);
  EXPECT_NE(original.find(name), std::string::npos);
  RunResult keep;
  std::size_t named = 0;
  for (const auto& row : rows) {
    const std::string line = row["yaml"].get<std::string>();
    SCOPED_TRACE(line);
    Snapshot s = base;
    std::string& text = s.files.at(manifest).content;
    if (line.rfind("nodeSelector:", 0) == 0) {
      text.replace(text.find(selector), selector.size(), "  " + line + "\n");
    } else {
      text += "  " + line + "\n";
    }
    if (row.contains("labels"))
      text.insert(text.find(name) + name.size(), "  labels: " + row["labels"].get<std::string>() + "\n");
    s.files.at(manifest).size = text.size();
    const auto& c = graded(s, "step5.cpu-only-spec", keep);
    const bool named_refusal = c.outcome.hint.id.rfind("hint.manifest.constraint.", 0) == 0;
    const bool selector_type = row["decode"].get<bool>() && row["paths"] == json::array({"spec.nodeSelector"}) &&
                               line.rfind("nodeSelector: {", 0) == 0;
    const bool accepted = row["accepted"].get<bool>();
    EXPECT_EQ(named_refusal, !accepted && !selector_type) << c.outcome.hint.id;
    if (!accepted) {
      EXPECT_EQ(c.outcome.status, Status::kFail);
      named += named_refusal ? 1 : 0;
    }
  }
  return named;
}

// What a real apiserver answered for 1,076 node selectors and node affinities written as students
// write them (fixtures/k8s/affinity/validity.jsonl, recorded by fixtures/k8s/record-validity), in
// cpu-only.yaml on the solution captured from each recorded control plane.
TEST(AffinityGrades, CpuOnlyYamlFailsExactlyWhenTheApiserverRefusesItsNodeConstraints) {
  const std::vector<json> rows = gpuwhy_test::validity_rows("affinity/validity.jsonl");
  ASSERT_EQ(rows.size(), 1076U) << "run fixtures/k8s/record-validity";
  for (const auto& bundle : gpuwhy_test::solutions()) {
    SCOPED_TRACE(bundle.string());
    EXPECT_GT(refusals_named(load_bundle(bundle.string()), rows), 900U);
  }
}

// The same for 341 pod affinities and anti-affinities (fixtures/k8s/affinity/pod_validity.jsonl),
// with the recorded pod's labels as cpu-only's where it had some.
TEST(AffinityGrades, CpuOnlyYamlFailsExactlyWhenTheApiserverRefusesItsPodAffinity) {
  const std::vector<json> rows = gpuwhy_test::validity_rows("affinity/pod_validity.jsonl");
  ASSERT_EQ(rows.size(), 341U) << "run fixtures/k8s/record-validity pod-affinity";
  for (const auto& bundle : gpuwhy_test::solutions()) {
    SCOPED_TRACE(bundle.string());
    EXPECT_GT(refusals_named(load_bundle(bundle.string()), rows), 200U);
  }
}

}  // namespace
}  // namespace gpuwhy
