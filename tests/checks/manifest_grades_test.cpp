// A lab manifest's header as kubectl takes it: `apiVersion: v1` and the lab's namespace (or none),
// else the file did not create the pod graded beside it; graded on every recorded solution.
#include <gtest/gtest.h>

#include <span>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "checks.h"
#include "gpuwhy/lab/lab.h"
#include "gpuwhy/model/bundle.h"
#include "gpuwhy/model/snapshot.h"
#include "solution_grades.h"

namespace gpuwhy {
namespace {

using gpuwhy_test::graded;

struct LabManifest {
  std::string_view file;
  std::string_view check;  ///< the check that reads it first
};
constexpr LabManifest kManifests[] = {{lab::kManifestTrainer, "step4.manifest"},
                                      {lab::kManifestCpuOnly, "step5.cpu-only-spec"},
                                      {lab::kManifestTrainer2, "step6.gpu"},
                                      {lab::kManifestTrainer3, "step7.same-as-trainer2"}};

// `base` with `from` in `file` replaced by `to` (which must be there).
Snapshot edited(const Snapshot& base, std::string_view file, const std::string& from, const std::string& to) {
  Snapshot s = base;
  auto& f = s.files.at(std::string(file));
  const auto at = f.content.find(from);
  EXPECT_NE(at, std::string::npos) << file << " has no " << from;
  if (at != std::string::npos) f.content.replace(at, from.size(), to);
  f.size = f.content.size();
  return s;
}

struct Edit {
  std::string from, to;
  const char* hint;  ///< nullptr: passes
};

// Each edit in each lab manifest of every recorded solution, graded: a hint fails the check that
// reads the file first, as the one root; none passes.
void expect_graded(std::span<const Edit> cases) {
  for (const auto& bundle : gpuwhy_test::solutions()) {
    const Snapshot base = load_bundle(bundle.string());
    RunResult keep;
    for (const auto& m : kManifests) {
      for (const auto& c : cases) {
        SCOPED_TRACE(bundle.string() + " " + std::string(m.file) + ": " + c.to);
        const auto& r = graded(edited(base, m.file, c.from, c.to), m.check, keep);
        if (c.hint == nullptr) {
          EXPECT_EQ(r.outcome.status, Status::kPass) << r.outcome.hint.id;
          continue;
        }
        EXPECT_EQ(r.outcome.status, Status::kFail);
        EXPECT_EQ(r.outcome.hint.id, c.hint);
        EXPECT_EQ(keep.roots(), std::vector<std::string>{std::string(m.check)}) << "one mistake, one root";
      }
    }
  }
}

// kubectl refuses a Pod without apiVersion or of another version; `kubectl apply -f` puts a pod
// whose manifest names another namespace there (with -n gpu-why it refuses the file). Each fails
// the check that reads the file first, as one root; written as kubectl takes it, each passes.
TEST(ManifestGrades, AHeaderKubectlRefusesOrAnotherNamespaceIsNoManifestOfTheLabsPod) {
  const std::string ns = "  namespace: " + std::string(lab::kNamespace) + "\n";
  const Edit cases[] = {
      {"apiVersion: v1\n", "", "hint.manifest.api-version-missing"},
      {"apiVersion: v1\n", "apiVersion: apps/v1\n", "hint.manifest.api-version"},
      {"apiVersion: v1\n", "apiVersion: V1\n", "hint.manifest.api-version"},
      {"apiVersion: v1\n", "apiVersion: \"v1\"\n", nullptr},
      {ns, "  namespace: default\n", "hint.manifest.other-namespace"},
      {ns, "  namespace: gpu-wyh\n", "hint.manifest.other-namespace"},
      {ns, "", nullptr},
      {ns, "  namespace: \"" + std::string(lab::kNamespace) + "\"\n", nullptr},
  };
  expect_graded(cases);
}

// A field a Pod has none of there (tolerations in a container, a misspelt or plural field, a
// metadata field at the top), or one of the wrong type (`command: sleep infinity`, a label value
// unquoted): kubectl apply refuses the whole file while reading it, so it made no lab pod. Each
// fails the check that reads the file first, as one root, and says where the field belongs or how
// it is spelled; fields a Pod has there pass.
TEST(ManifestGrades, AFieldAPodHasNoneOfThereRefusesTheFile) {
  const Edit cases[] = {
      {"    image: ", "    tolerations: []\n    image: ", "hint.manifest.field.misplaced"},
      {"    image: ", "    nodeSelector: {a: b}\n    image: ", "hint.manifest.field.misplaced"},
      {"    image: ", "    limits: {cpu: 1}\n    image: ", "hint.manifest.field.misplaced"},
      {"kind: Pod\n", "kind: Pod\nnamespace: gpu-why\n", "hint.manifest.field.misplaced"},
      {"spec:\n", "spec:\n  toleration: []\n", "hint.manifest.field.spelled"},
      {"spec:\n", "spec:\n  NodeSelector: {a: b}\n", "hint.manifest.field.spelled"},
      {"spec:\n", "spec:\n  taints: []\n", "hint.manifest.field.unknown"},
      {"    command: [\"sleep\", \"infinity\"]", "    command: sleep infinity", "hint.manifest.field.wrong-type"},
      {"metadata:\n", "metadata:\n  labels: {version: 1}\n", "hint.manifest.field.wrong-type"},
      {"kind: Pod\n", "kind: Pod\nstatus: {}\n", nullptr},
      {"metadata:\n", "metadata:\n  annotations: {note: lab}\n", nullptr},
  };
  expect_graded(cases);
}

// What kubectl's YAML reader (go-yaml under sigs.k8s.io/yaml) refuses and yaml-cpp reads, as
// recorded in fixtures/k8s/yaml/syntax.jsonl: a tab at the start of a line (even a blank or a
// comment line), after a sequence's '-', an escape it does not know, a directive, text after
// "---". Each fails the check that reads the file first, as one root, naming the fault and where
// it is; tabs where go-yaml takes them as spaces, and escapes it knows, pass.
TEST(ManifestGrades, WhatKubectlsYamlReaderRefusesIsNamedAtItsLine) {
  const Edit cases[] = {
      {"spec:\n", "spec:\n\t\n", "hint.manifest.yaml-tab"},
      {"spec:\n", "spec:\n\t# the pod\n", "hint.manifest.yaml-tab"},
      {"spec:\n", "spec:\n  \t\n", "hint.manifest.yaml-tab"},
      {"  - name: ", "  -\tname: ", "hint.manifest.yaml-tab"},
      {"  name: ", "  name: \"lab\\/pod\"\n  generateName: ", "hint.manifest.yaml-escape"},
      {"apiVersion: v1\n", "%YAML 1.1\n---\napiVersion: v1\n", "hint.manifest.yaml-directive"},
      {"apiVersion: v1\n", "--- # the pod\napiVersion: v1\n", nullptr},
      {"apiVersion: v1\n", "---\t\napiVersion: v1\n", nullptr},
      {"kind: Pod\n", "kind:\tPod\t# tabs inside a line\n", nullptr},
      {"metadata:\n", "metadata:\n  annotations: {note:\t\"a\\_b\\N\"}\n", nullptr},
      // A control character, in a comment too (an escape sequence a terminal left); a comment or
      // a value saved in CP949 (kubectl reads each byte that is not UTF-8 as U+FFFD) passes.
      {"apiVersion: v1\n", "# \x1b[0mcopied\napiVersion: v1\n", "hint.manifest.yaml-control"},
      {"kind: Pod\n", "kind: Pod\x7f\n", "hint.manifest.yaml-control"},
      {"apiVersion: v1\n", "# \xc6\xae\xb7\xb9\xc0\xcc\xb3\xca\napiVersion: v1\n", nullptr},
      {"metadata:\n", "metadata:\n  annotations: {note: \xc6\xae\xb7\xb9}\n", nullptr},
      {"apiVersion: v1\n", "apiVersion: v1 # note\xe2\x80\xa8\n", nullptr},
      // go-yaml breaks a line at U+2028 and U+2029 (a value pasted from a web page): the value
      // ends there, and so does a comment, what follows it being read.
      {"kind: Pod\n", "kind: Pod\xe2\x80\xa8\n", nullptr},
      // A merge key takes a map or a list of maps (go-yaml refuses anything else); quoted, "<<"
      // is a key like any other (no field of a pod here).
      {"metadata:\n", "metadata:\n  <<: ~\n", "hint.manifest.yaml-merge"},
      {"metadata:\n", "metadata:\n  <<: [{}, 1]\n", "hint.manifest.yaml-merge"},
      {"metadata:\n", "metadata:\n  <<: [{}, {}]\n", nullptr},
      // .inf and .nan are floats JSON cannot hold: kubectl refuses the file; quoted, they are text.
      {"metadata:\n", "metadata:\n  annotations: {note: .inf}\n", "hint.manifest.yaml-number"},
      {"metadata:\n", "metadata:\n  annotations: {note: '.nan'}\n", nullptr},
      {"apiVersion: v1\n",
       "# the pod\xe2\x80\xa9"
       "apiVersion: v1\n",
       nullptr},
  };
  expect_graded(cases);
  // The line and column named are the tab's, in the file as the student's editor counts them.
  for (const auto& bundle : gpuwhy_test::solutions()) {
    const Snapshot base = load_bundle(bundle.string());
    RunResult keep;
    const Snapshot s = edited(base, lab::kManifestTrainer, "apiVersion: v1\n", "---\napiVersion: v1\n\t\n");
    const auto& r = graded(s, "step4.manifest", keep);
    EXPECT_EQ(r.outcome.hint.args.at("line"), "3");
    EXPECT_EQ(r.outcome.hint.args.at("column"), "1");
    const Snapshot separator = edited(base, lab::kManifestTrainer, "apiVersion: v1\n", "apiVersion: v1\n--- {}\n");
    EXPECT_EQ(graded(separator, "step4.manifest", keep).outcome.hint.id, "hint.manifest.yaml-separator");
    EXPECT_EQ(keep.roots(), std::vector<std::string>{"step4.manifest"});
  }
}

// A merge key applies where it stands, as kubectl's reader (go-yaml v2) applies it: a key written
// before `<<` is overwritten by the merged map, one written after it wins. trainer2's one GPU
// then reads as the merged two, and step6.gpu fails; written after the merge, it passes.
TEST(ManifestGrades, AMergeKeyOverwritesTheKeysBeforeIt) {
  const std::string gpu = "        nvidia.com/gpu: 1\n";
  for (const auto& bundle : gpuwhy_test::solutions()) {
    SCOPED_TRACE(bundle.string());
    const Snapshot base = load_bundle(bundle.string());
    RunResult keep;
    const Snapshot after = edited(base, lab::kManifestTrainer2, gpu, gpu + "        <<: {nvidia.com/gpu: 2}\n");
    EXPECT_EQ(graded(after, "step6.gpu", keep).outcome.status, Status::kFail);
    const Snapshot before = edited(base, lab::kManifestTrainer2, gpu, "        <<: {nvidia.com/gpu: 2}\n" + gpu);
    EXPECT_EQ(graded(before, "step6.gpu", keep).outcome.status, Status::kPass);
    const Snapshot list =
        edited(base, lab::kManifestTrainer2, gpu, "        <<: [{nvidia.com/gpu: 1}, {nvidia.com/gpu: 2}]\n");
    EXPECT_EQ(graded(list, "step6.gpu", keep).outcome.status, Status::kPass) << "of a list, the first map wins";
  }
}

// trainer created from a manifest that wrote requests, the file fixed afterwards: the apiserver
// filled nothing in, and what kubectl applied (last-applied-configuration) shows it. Without the
// annotation (kubectl create) nothing shows it, and the live pod passes as before.
TEST(ManifestGrades, RequestsWrittenInWhatWasAppliedWereNotDefaulted) {
  constexpr std::string_view kAnnotation = "kubectl.kubernetes.io/last-applied-configuration";
  for (const auto& bundle : gpuwhy_test::solutions()) {
    SCOPED_TRACE(bundle.string());
    Snapshot s = load_bundle(bundle.string());
    RunResult keep;
    ASSERT_EQ(graded(s, "step4.requests-defaulted", keep).outcome.status, Status::kPass);
    nlohmann::json pods = s.pods.value();
    for (auto& p : pods["items"]) {
      if (p["metadata"]["name"] != lab::kPodTrainer) continue;
      auto& text = p["metadata"]["annotations"][std::string(kAnnotation)];
      auto applied = nlohmann::json::parse(text.get<std::string>());
      applied["spec"]["containers"][0]["resources"]["requests"][std::string(lab::kResource)] = 1;
      text = applied.dump();
    }
    s.pods = pods;
    const auto& c = graded(s, "step4.requests-defaulted", keep);
    EXPECT_EQ(c.outcome.status, Status::kFail);
    EXPECT_EQ(c.outcome.hint.id, "hint.step4.requests-defaulted.written");
    for (auto& p : pods["items"]) {
      if (p["metadata"]["name"] == lab::kPodTrainer) p["metadata"]["annotations"].erase(std::string(kAnnotation));
    }
    s.pods = pods;
    EXPECT_EQ(graded(s, "step4.requests-defaulted", keep).outcome.status, Status::kPass);
  }
}

}  // namespace
}  // namespace gpuwhy
