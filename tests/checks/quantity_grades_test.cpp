// Every quantity apimachinery was asked about (fixtures/k8s/quantity/*.tsv, recorded by
// fixtures/k8s/record) as the GPU amount of the two manifests of step 3, graded through the checks
// on the solution captured from each recorded control plane. The apiserver refuses an extended
// resource whose MilliValue() is not a multiple of 1000 ("must be an integer"), and one whose
// requests differ from its limits; a text that is no quantity it refuses earlier, as it decodes
// the object. So:
//   - bad-fraction.yaml with the amount as its limit passes exactly when MilliValue() % 1000 != 0,
//     and says so when the amount is no quantity at all;
//   - bad-mismatch.yaml with the amount as its request (limit 1) passes exactly when the amount is
//     whole and not 1.
// Amounts beyond what an int64 holds in thousandths ("big") are left out: Go's wrapped arithmetic
// decides those, and no lab asks for 10^16 GPUs.
#include <gtest/gtest.h>

#include <cstdlib>
#include <fstream>
#include <string>
#include <string_view>

#include "checks.h"
#include "gpuwhy/base/text.h"
#include "gpuwhy/lab/lab.h"
#include "gpuwhy/model/bundle.h"
#include "gpuwhy/model/snapshot.h"
#include "recorded_quantities.h"
#include "solution_grades.h"

namespace gpuwhy {
namespace {

using gpuwhy_test::graded;
using gpuwhy_test::RecordedQuantity;

// The recorded inputs: the YAML scalars as written, and the texts given as YAML double-quoted
// strings; every chosen one, and one in 16 of the random ones (each row grades a bundle; tests/k8s
// holds the rule to all of them). GPUWHY_QUANTITY_SLICE=1 grades them all (about two minutes).
std::vector<std::pair<std::string, RecordedQuantity>> scalars() {
  const char* slice = std::getenv("GPUWHY_QUANTITY_SLICE");
  const std::size_t kRandomSlice = slice != nullptr && std::atoi(slice) > 0 ? std::stoul(slice) : 16;
  std::vector<std::pair<std::string, RecordedQuantity>> out;
  for (const auto& r :
       gpuwhy_test::chosen_and_random("yaml_quantities.tsv", "yaml_random_quantities.tsv", kRandomSlice)) {
    // A block scalar (`>` then the value on the next line) needs its own indentation, which the
    // one line of with_amount cannot give; the K8sQuantity tests hold those rows.
    if (r.input.find('\n') != std::string::npos) continue;
    out.emplace_back(r.input, r);
  }
  for (const auto& r : gpuwhy_test::chosen_and_random("quantities.tsv", "random_quantities.tsv", kRandomSlice)) {
    // The apiserver trims a string before ParseQuantity (UnmarshalJSON): " 2" is 2 there, not
    // the error ParseQuantity recorded; the K8sQuantity tests hold that path.
    if (r.input != gpuwhy::text::trim(r.input)) continue;
    out.emplace_back(nlohmann::json(r.input).dump(), r);  // a JSON string is a YAML double-quoted one
  }
  return out;
}

// The captured manifest with the GPU amount on the line after `section` (requests or limits) as `scalar`.
Snapshot with_amount(Snapshot s, std::string_view manifest, std::string_view section, const std::string& scalar) {
  auto& file = s.files.at(std::string(manifest));
  std::string& text = file.content;
  const std::string head = "      " + std::string(section) + ":\n        " + std::string(lab::kResource) + ": ";
  const auto at = text.find(head);
  if (at == std::string::npos) throw std::runtime_error("no " + std::string(section) + " in " + std::string(manifest));
  const auto end = text.find('\n', at + head.size());
  text.replace(at + head.size(), end - at - head.size(), scalar);
  file.size = text.size();
  return s;
}

// A recorded refusal graded: the apiserver's ("not a quantity"), or, where kubectl's YAML reader
// refused the scalar and sent nothing, the file's.
void expect_refused(const CheckResult& c, const RecordedQuantity& r) {
  EXPECT_EQ(c.outcome.status, Status::kFail);
  if (r.yaml_error) {
    EXPECT_TRUE(c.outcome.hint.id.starts_with("hint.manifest.yaml-")) << c.outcome.hint.id;
  } else {
    EXPECT_EQ(c.outcome.hint.id, "hint.step3.not-quantity");
  }
}

TEST(QuantityGrades, BadFractionPassesExactlyWhenTheApiserverFindsNoWholeNumber) {
  const auto rows = scalars();
  ASSERT_GT(rows.size(), 200U) << "run fixtures/k8s/record";
  for (const auto& bundle : gpuwhy_test::solutions()) {
    const Snapshot base = load_bundle(bundle.string());
    RunResult keep;
    ASSERT_EQ(graded(base, "step3.fraction-manifest", keep).outcome.status, Status::kPass) << bundle;
    int passed = 0;
    int refused = 0;
    for (const auto& [scalar, r] : rows) {
      if (!r.error && !r.milli) continue;  // "big"
      SCOPED_TRACE(bundle.string() + " nvidia.com/gpu: " + scalar);
      const auto& c =
          graded(with_amount(base, lab::kManifestBadFraction, "limits", scalar), "step3.fraction-manifest", keep);
      if (r.error) {
        expect_refused(c, r);
        ++refused;
        continue;
      }
      const bool fraction = *r.milli % 1000 != 0;
      EXPECT_EQ(c.outcome.status, fraction ? Status::kPass : Status::kFail);
      if (!fraction) {
        EXPECT_EQ(c.outcome.hint.id, "hint.step3.fraction-manifest.whole");
      }
      passed += fraction ? 1 : 0;
    }
    EXPECT_GT(passed, 20);
    EXPECT_GT(refused, 10);
  }
}

TEST(QuantityGrades, BadMismatchPassesExactlyWhenTheRequestIsWholeNotNegativeAndNotTheLimit) {
  const auto rows = scalars();
  for (const auto& bundle : gpuwhy_test::solutions()) {
    const Snapshot base = load_bundle(bundle.string());
    RunResult keep;
    ASSERT_EQ(graded(base, "step3.mismatch-manifest", keep).outcome.status, Status::kPass) << bundle;
    const Snapshot one = with_amount(base, lab::kManifestBadMismatch, "limits", "1");
    int negative = 0;
    for (const auto& [scalar, r] : rows) {
      if (!r.error && !r.milli) continue;  // "big"
      SCOPED_TRACE(bundle.string() + " requests nvidia.com/gpu: " + scalar);
      const auto& c =
          graded(with_amount(one, lab::kManifestBadMismatch, "requests", scalar), "step3.mismatch-manifest", keep);
      if (r.error) {
        expect_refused(c, r);
        continue;
      }
      // A negative whole request breaks a second rule (>= 0): the mismatch is not tested alone.
      const bool whole = *r.milli % 1000 == 0;
      EXPECT_EQ(c.outcome.status, whole && *r.milli != 1000 && *r.milli >= 0 ? Status::kPass : Status::kFail);
      if (!whole) {
        EXPECT_EQ(c.outcome.hint.id, "hint.step3.mismatch-manifest.fractional");
      } else if (*r.milli < 0) {
        EXPECT_EQ(c.outcome.hint.id, "hint.step3.mismatch-manifest.negative");
        ++negative;
      } else if (*r.milli == 1000) {
        EXPECT_EQ(c.outcome.hint.id, "hint.step3.mismatch-manifest.equal");
      }
    }
    EXPECT_GT(negative, 0) << "no negative whole amount recorded";
  }
}

// cpu-only is the pod that uses no GPU: every recorded amount written as its container's
// nvidia.com/gpu limit (the apiserver copies it to requests) passes step5.cpu-only-spec exactly
// when it is zero, as no GPU is asked for then; a whole positive amount asks for one.
TEST(QuantityGrades, CpuOnlyPassesAGpuAmountExactlyWhenItIsZero) {
  const auto rows = scalars();
  for (const auto& bundle : gpuwhy_test::solutions()) {
    Snapshot base = load_bundle(bundle.string());
    auto& file = base.files.at(std::string(lab::kManifestCpuOnly));
    const std::string command = "    command: [\"sleep\", \"infinity\"]\n";
    const auto at = file.content.find(command);
    ASSERT_NE(at, std::string::npos) << bundle;
    file.content.insert(at + command.size(),
                        "    resources:\n      limits:\n        " + std::string(lab::kResource) + ": 7\n");
    file.size = file.content.size();
    RunResult keep;
    ASSERT_EQ(graded(base, "step5.cpu-only-spec", keep).outcome.hint.id, "hint.step5.cpu-only-spec.gpu") << bundle;
    int zeros = 0;
    for (const auto& [scalar, r] : rows) {
      if (r.error || !r.milli || *r.milli < 0) continue;  // refused by the apiserver, or "big"
      SCOPED_TRACE(bundle.string() + " nvidia.com/gpu: " + scalar);
      const auto& c = graded(with_amount(base, lab::kManifestCpuOnly, "limits", scalar), "step5.cpu-only-spec", keep);
      EXPECT_EQ(c.outcome.status, *r.milli == 0 ? Status::kPass : Status::kFail) << c.outcome.hint.id;
      if (*r.milli % 1000 == 0 && *r.milli != 0) {
        EXPECT_EQ(c.outcome.hint.id, "hint.step5.cpu-only-spec.gpu");
      }
      zeros += *r.milli == 0 ? 1 : 0;
    }
    EXPECT_GT(zeros, 3);
  }
}

// trainer3 asks what trainer2 asks, however it is written: the same amount passes; another fails,
// and the evidence shows both manifests' containers as written.
TEST(QuantityGrades, Trainer3AskingAnotherAmountShowsBothContainers) {
  for (const auto& bundle : gpuwhy_test::solutions()) {
    const Snapshot base = load_bundle(bundle.string());
    RunResult keep;
    for (const char* same : {"\"1\"", "1000m", "1.0", "1e0"}) {
      const auto& c = graded(with_amount(base, lab::kManifestTrainer3, "limits", same), "step7.same-as-trainer2", keep);
      EXPECT_EQ(c.outcome.status, Status::kPass) << bundle << " " << same;
    }
    const auto& c = graded(with_amount(base, lab::kManifestTrainer3, "limits", "2"), "step7.same-as-trainer2", keep);
    ASSERT_EQ(c.outcome.status, Status::kFail) << bundle;
    EXPECT_EQ(c.outcome.hint.id, "hint.step7.same-as-trainer2.differs");
    std::vector<std::pair<std::string, std::string>> shown;  // (file, value)
    for (const auto& m : c.outcome.evidence) {
      if (m.id == "ev.file-field" && m.args.at("field") == "containers")
        shown.emplace_back(m.args.at("file"), m.args.at("value"));
    }
    ASSERT_EQ(shown.size(), 2U) << bundle;
    EXPECT_EQ(shown[0].first, lab::kManifestTrainer3);
    EXPECT_NE(shown[0].second.find("\"nvidia.com/gpu\":2"), std::string::npos) << shown[0].second;
    EXPECT_EQ(shown[1].first, lab::kManifestTrainer2);
    EXPECT_NE(shown[1].second.find("\"nvidia.com/gpu\":1"), std::string::npos) << shown[1].second;
  }
}

// The evidence names the amount as written when it is no amount, never "?".
TEST(QuantityGrades, AnAmountThatIsNoQuantityIsShownAsWritten) {
  for (const auto& bundle : gpuwhy_test::solutions()) {
    const Snapshot s = with_amount(load_bundle(bundle.string()), lab::kManifestBadFraction, "limits", "\"0,5\"");
    RunResult keep;
    const auto& c = graded(s, "step3.fraction-manifest", keep);
    EXPECT_EQ(c.outcome.hint.id, "hint.step3.not-quantity");
    EXPECT_EQ(c.outcome.hint.args.at("value"), "\"0,5\"");
    ASSERT_FALSE(c.outcome.evidence.empty());
    EXPECT_NE(c.outcome.evidence.front().args.at("text").find("\"0,5\""), std::string::npos);
    // A long value is cut, on one line.
    const Snapshot l = with_amount(load_bundle(bundle.string()), lab::kManifestBadFraction, "limits",
                                   "\"" + std::string(5000, 'x') + "\"");
    const auto& cl = graded(l, "step3.fraction-manifest", keep);
    EXPECT_EQ(cl.outcome.hint.id, "hint.step3.not-quantity");
    EXPECT_LE(cl.outcome.hint.args.at("value").size(), 40U);
  }
}

// The scheduler counts a pod's init containers and sidecars too (k8s::pod_requests, held to
// fixtures/k8s/requests/pod_requests.jsonl). Every recorded pod whose app containers ask for exactly
// one GPU (requests and limits) and whose init containers ask for some, as the live trainer: step 4
// passes exactly when the scheduler counted one GPU for it, and otherwise names the init containers.
TEST(QuantityGrades, TrainerWithGpuInitContainersPassesExactlyWhenTheSchedulerCountsOneGpu) {
  std::vector<nlohmann::json> rows;
  {
    std::ifstream in(std::string(GPUWHY_SOURCE_DIR) + "/fixtures/k8s/requests/pod_requests.jsonl");
    for (std::string line; std::getline(in, line);) {
      nlohmann::json row = nlohmann::json::parse(line);
      const auto& spec = row["pod"]["spec"];
      if (spec.contains("overhead") || !spec.contains("initContainers") || !spec["containers"].is_array()) continue;
      if (spec["initContainers"].dump().find(lab::kResource) == std::string::npos) continue;
      int app = 0;  // app containers asking for exactly 1 GPU, as requests and limits
      bool other = false;
      for (const auto& c : spec["containers"]) {
        const auto& r = c.value("resources", nlohmann::json::object());
        const auto req = r.value("requests", nlohmann::json::object()).value(std::string(lab::kResource), "");
        const auto lim = r.value("limits", nlohmann::json::object()).value(std::string(lab::kResource), "");
        if (req.empty() && lim.empty()) continue;
        if (req == "1" && lim == "1") {
          ++app;
        } else {
          other = true;
        }
      }
      if (app == 1 && !other) rows.push_back(std::move(row));
    }
  }
  ASSERT_GE(rows.size(), 12U) << "run fixtures/k8s/record";
  int one = 0;
  for (const auto& bundle : gpuwhy_test::solutions()) {
    const Snapshot base = load_bundle(bundle.string());
    RunResult keep;
    for (const auto& row : rows) {
      SCOPED_TRACE(bundle.string() + " " + row.dump());
      Snapshot s = base;
      nlohmann::json pods = s.pods.value();
      for (auto& p : pods["items"]) {
        if (p["metadata"]["name"] != lab::kPodTrainer) continue;
        p["spec"]["containers"] = row["pod"]["spec"]["containers"];
        p["spec"]["initContainers"] = row["pod"]["spec"]["initContainers"];
      }
      s.pods = pods;
      const bool counts_one = row["requests"].value(std::string(lab::kResource), 0) == 1;
      const auto& c = graded(s, "step4.requests-defaulted", keep);
      EXPECT_EQ(c.outcome.status, counts_one ? Status::kPass : Status::kFail);
      if (!counts_one) {
        EXPECT_EQ(c.outcome.hint.id, "hint.gpu.init-containers");
      }
      one += counts_one ? 1 : 0;
    }
  }
  EXPECT_GT(one, 0);
  EXPECT_LT(one, static_cast<int>(gpuwhy_test::solutions().size() * rows.size()));
}

// The same in the manifests: an init container asking for no more than the app container leaves
// the pod at one GPU; one asking for more, or a sidecar asking for any, does not.
TEST(QuantityGrades, TrainerManifestsWithGpuInitContainersFailWhenThePodCountsMoreThanOne) {
  const auto init = [](const std::string& name, const std::string& amount, bool sidecar) {
    return "  initContainers:\n  - name: " + name + "\n    image: busybox:1.36\n" +
           (sidecar ? "    restartPolicy: Always\n" : "") + "    resources:\n      limits:\n        " +
           std::string(lab::kResource) + ": " + amount + "\n";
  };
  const struct {
    std::string text;
    bool passes;
  } cases[] = {{init("warm", "1", false), true},
               {init("warm", "0", true), true},
               {init("warm", "2", false), false},
               {init("side", "1", true), false}};
  for (const auto& bundle : gpuwhy_test::solutions()) {
    const Snapshot base = load_bundle(bundle.string());
    RunResult keep;
    for (const auto& c : cases) {
      for (const auto& [manifest, id] :
           {std::pair{lab::kManifestTrainer, "step4.manifest"}, std::pair{lab::kManifestTrainer2, "step6.gpu"}}) {
        SCOPED_TRACE(bundle.string() + " " + std::string(manifest) + "\n" + c.text);
        Snapshot s = base;
        auto& file = s.files.at(std::string(manifest));
        file.content += c.text;
        file.size = file.content.size();
        const auto& r = graded(s, id, keep);
        EXPECT_EQ(r.outcome.status, c.passes ? Status::kPass : Status::kFail);
        if (!c.passes) {
          EXPECT_EQ(r.outcome.hint.id, "hint.gpu.init-containers");
        }
      }
    }
  }
}

// "Identical to trainer2 but for its name": every field the scheduler reads counts, each with its
// default written out or left out alike; written the same into both manifests, it is no difference;
// another scheduler, a gate or a node only trainer2 sets is trainer2's fault, not trainer3's.
TEST(QuantityGrades, Trainer3DiffersFromTrainer2InEveryFieldTheSchedulerReads) {
  const struct {
    std::string line;
    std::string field;  ///< "" when trainer3 is still the same
  } cases[] = {
      {"  schedulerName: default-scheduler", ""},
      {"  preemptionPolicy: PreemptLowerPriority", ""},
      {"  schedulingGates: []", ""},
      {"  nodeName: \"\"", ""},
      {"  schedulerName: my-scheduler", "schedulerName"},
      {"  priorityClassName: system-cluster-critical", "priorityClassName"},
      {"  preemptionPolicy: Never", "preemptionPolicy"},
      {"  runtimeClassName: gvisor", "runtimeClassName"},
      {"  schedulingGates: [{name: example.com/wait}]", "schedulingGates"},
      {"  nodeName: lab-node-0", "nodeName"},
      {"  initContainers: [{name: warm, image: busybox:1.36, resources: {limits: {nvidia.com/gpu: 1}}}]",
       "initContainers"},
      {"  topologySpreadConstraints: [{maxSkew: 1, topologyKey: kubernetes.io/hostname, whenUnsatisfiable: "
       "DoNotSchedule}]",
       "topologySpreadConstraints"},
  };
  for (const auto& bundle : gpuwhy_test::solutions()) {
    const Snapshot base = load_bundle(bundle.string());
    RunResult keep;
    for (const auto& c : cases) {
      SCOPED_TRACE(bundle.string() + " " + c.line);
      const auto with = [&](Snapshot s, std::string_view manifest) {
        auto& file = s.files.at(std::string(manifest));
        file.content += c.line + "\n";
        file.size = file.content.size();
        return s;
      };
      const auto& r = graded(with(base, lab::kManifestTrainer3), "step7.same-as-trainer2", keep);
      EXPECT_EQ(r.outcome.status, c.field.empty() ? Status::kPass : Status::kFail);
      if (!c.field.empty()) {
        EXPECT_EQ(r.outcome.hint.id, "hint.step7.same-as-trainer2.differs");
        EXPECT_EQ(r.outcome.hint.args.at("fields"), c.field);
      }
      const Snapshot both = with(with(base, lab::kManifestTrainer3), lab::kManifestTrainer2);
      EXPECT_EQ(graded(both, "step7.same-as-trainer2", keep).outcome.status, Status::kPass);
      // Only trainer2 names another scheduler, a gate or a node: trainer2's own fault (step 6), which
      // keeps trainer2 itself from the scheduler; trainer3 stays right. Any other field only trainer2
      // sets (a priority, a spread) is trainer3's difference: it may let trainer2 in where trainer3 waits.
      const bool step6 = c.field == "schedulerName" || c.field == "schedulingGates" || c.field == "nodeName";
      const auto& only2 = graded(with(base, lab::kManifestTrainer2), "step7.same-as-trainer2", keep);
      EXPECT_EQ(only2.outcome.status, c.field.empty() || step6 ? Status::kPass : Status::kFail);
      if (!c.field.empty() && !step6) {
        EXPECT_EQ(only2.outcome.hint.args.at("fields"), c.field);
      }
    }
  }
}

}  // namespace
}  // namespace gpuwhy
