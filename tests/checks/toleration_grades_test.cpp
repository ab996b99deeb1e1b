// Every toleration Kubernetes was asked about (fixtures/k8s/toleration/tolerates.jsonl, what
// k8s.io/api's Toleration.ToleratesTaint said, recorded by fixtures/k8s/record) graded through the
// checks, on the solution captured from each recorded control plane: the grade of a manifest that
// carries the toleration agrees with what Kubernetes did with the lab's taint.
//   - cpu-only must stay off the GPU node: step5.cpu-only-spec fails exactly when it tolerates, or
//     when the apiserver refuses the toleration (kubectl apply refuses the whole manifest).
//   - trainer2 must land there: step6.toleration passes exactly when it tolerates, and not by a
//     toleration without a key (that one tolerates every taint: "too broad").
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "checks.h"
#include "gpuwhy/k8s/manifest.h"
#include "gpuwhy/k8s/taints.h"
#include "gpuwhy/lab/lab.h"
#include "gpuwhy/lab/rules.h"
#include "gpuwhy/model/bundle.h"
#include "gpuwhy/model/snapshot.h"
#include "solution_grades.h"
#include "validity_rows.h"

namespace gpuwhy {
namespace {

using gpuwhy_test::graded;
using gpuwhy_test::solutions;
using nlohmann::json;

const std::filesystem::path kSource(GPUWHY_SOURCE_DIR);

struct Row {
  json toleration;
  bool tolerates = false;
};

// The recorded rows for the lab's own taint (nvidia.com/gpu=present:NoSchedule).
std::vector<Row> recorded_for_lab_taint() {
  std::ifstream in(kSource / "fixtures/k8s/toleration/tolerates.jsonl");
  const json lab_taint = {{"key", std::string(lab::kTaintKey)},
                          {"value", std::string(lab::kTaintValue)},
                          {"effect", std::string(lab::kTaintEffect)}};
  std::vector<Row> out;
  for (std::string line; std::getline(in, line);) {
    const auto row = json::parse(line);
    if (row["taint"] == lab_taint) out.push_back({row["toleration"], row["tolerates"].get<bool>()});
  }
  return out;
}

// The captured manifest with its tolerations replaced by `tol` (a JSON flow sequence is YAML),
// and the live pod of the same name carrying it too: as if the student had applied it.
// The manifest's tolerations replaced by `block`, the YAML after "  tolerations:".
void set_manifest_tolerations(Snapshot& s, std::string_view manifest, const std::string& block) {
  auto& file = s.files.at(std::string(manifest));
  std::string& text = file.content;
  const auto at = text.find("\n  tolerations:");
  if (at != std::string::npos) text.resize(at + 1);
  text += "  tolerations:" + block + "\n";
  file.size = text.size();
}

Snapshot with_tolerations(Snapshot s, std::string_view pod, std::string_view manifest, const json& tols) {
  set_manifest_tolerations(s, manifest, " " + tols.dump());
  json pods = s.pods.value();
  for (auto& p : pods["items"]) {
    if (p["metadata"]["name"] == pod) p["spec"]["tolerations"] = tols;
  }
  s.pods = pods;
  return s;
}

Snapshot with_toleration(Snapshot s, std::string_view pod, std::string_view manifest, const json& tol) {
  return with_tolerations(std::move(s), pod, manifest, json::array({tol}));
}

TEST(TolerationGrades, TheRecordingHasTheLabTaintsRows) {
  const auto rows = recorded_for_lab_taint();
  EXPECT_EQ(rows.size(), 144U) << "run fixtures/k8s/record";
  std::size_t yes = 0;
  for (const auto& r : rows) yes += r.tolerates ? 1 : 0;
  EXPECT_GT(yes, 10U);
  EXPECT_LT(yes, rows.size() - 10);
  EXPECT_FALSE(solutions().empty());
}

TEST(TolerationGrades, CpuOnlyFailsExactlyWhenKubernetesToleratesTheLabTaint) {
  const auto rows = recorded_for_lab_taint();
  for (const auto& bundle : solutions()) {
    const Snapshot base = load_bundle(bundle.string());
    RunResult keep;
    ASSERT_EQ(graded(base, "step5.cpu-only-spec", keep).outcome.status, Status::kPass) << bundle;
    for (const auto& r : rows) {
      SCOPED_TRACE(bundle.string() + " " + r.toleration.dump());
      const Snapshot s = with_toleration(base, lab::kPodCpuOnly, lab::kManifestCpuOnly, r.toleration);
      const auto& c = graded(s, "step5.cpu-only-spec", keep);
      const bool refused = !k8s::toleration_problems(r.toleration).empty();
      EXPECT_EQ(c.outcome.status, r.tolerates || refused ? Status::kFail : Status::kPass);
      if (refused) {
        EXPECT_EQ(c.outcome.hint.id.rfind("hint.manifest.toleration.", 0), 0U) << c.outcome.hint.id;
      } else if (r.tolerates) {
        EXPECT_EQ(c.outcome.hint.id, "hint.step5.cpu-only-spec.toleration");
      }
    }
  }
}

TEST(TolerationGrades, Trainer2PassesExactlyWhenKubernetesToleratesTheLabTaintByItsKey) {
  const auto rows = recorded_for_lab_taint();
  for (const auto& bundle : solutions()) {
    const Snapshot base = load_bundle(bundle.string());
    RunResult keep;
    ASSERT_EQ(graded(base, "step6.toleration", keep).outcome.status, Status::kPass) << bundle;
    for (const auto& r : rows) {
      SCOPED_TRACE(bundle.string() + " " + r.toleration.dump());
      const Snapshot s = with_toleration(base, lab::kPodTrainer2, lab::kManifestTrainer2, r.toleration);
      const auto& c = graded(s, "step6.toleration", keep);
      const bool keyless = !r.toleration.contains("key");
      EXPECT_EQ(c.outcome.status, r.tolerates && !keyless ? Status::kPass : Status::kFail);
      // Keyless, it tolerates every taint; with the lab's effect, every taint of that effect: the
      // hint says which, as the evidence beside it shows the effect.
      const bool every_effect = r.toleration.value("effect", "").empty();
      if (r.tolerates && keyless) {
        EXPECT_EQ(c.outcome.hint.id,
                  every_effect ? "hint.step6.toleration.too-broad" : "hint.step6.toleration.too-broad-effect");
      }
      if (!r.tolerates) {  // a toleration Kubernetes does not match is never called too broad
        EXPECT_EQ(c.outcome.hint.id.rfind("hint.step6.toleration.too-broad", 0), std::string::npos);
      }
    }
  }
}

// What a real apiserver answered for 592 tolerations written as students write them
// (fixtures/k8s/toleration/validity.jsonl, recorded by record-validity): a cpu-only.yaml carrying
// one it refused fails and names the refusal, since kubectl apply refuses the whole file; one it
// accepted is graded on what it tolerates, never called refused. The live pod carries an accepted
// toleration and keeps the captured ones otherwise (it cannot carry a refused one).
TEST(TolerationGrades, CpuOnlyYamlFailsExactlyWhenTheApiserverRefusesItsToleration) {
  const std::vector<json> rows = gpuwhy_test::validity_rows("toleration/validity.jsonl");
  ASSERT_EQ(rows.size(), 592U) << "run fixtures/k8s/record-validity";
  for (const auto& bundle : solutions()) {
    const Snapshot base = load_bundle(bundle.string());
    RunResult keep;
    std::size_t refused = 0;
    for (const auto& row : rows) {
      const std::string yaml = row["yaml"].get<std::string>();
      SCOPED_TRACE(bundle.string() + " " + yaml);
      const bool accepted = row["accepted"].get<bool>();
      // The toleration as the manifest reader reads it, for the live pod of an accepted one.
      const auto docs = k8s::load_manifest("tolerations:\n- " + yaml + "\n", "row.yaml");
      ASSERT_EQ(docs.size(), 1U);
      const json& tol = docs[0]["tolerations"][0];
      Snapshot s = accepted ? with_toleration(base, lab::kPodCpuOnly, lab::kManifestCpuOnly, tol) : base;
      set_manifest_tolerations(s, lab::kManifestCpuOnly, "\n  - " + yaml);
      const auto& c = graded(s, "step5.cpu-only-spec", keep);
      const bool named_refusal = c.outcome.hint.id.rfind("hint.manifest.toleration.", 0) == 0;
      EXPECT_EQ(named_refusal, !accepted) << c.outcome.hint.id;
      if (accepted) {
        EXPECT_EQ(c.outcome.status, k8s::tolerates(tol, lab::taint()) ? Status::kFail : Status::kPass);
      } else {
        EXPECT_EQ(c.outcome.status, Status::kFail);
        ++refused;
      }
    }
    EXPECT_GT(refused, 400U);
  }
}

// An unknown toleration field is named by what the student wrote: shown on one bounded line, never
// as written (an 801-character name with a line break in it; YAML allows 1,024).
TEST(TolerationGrades, AnUnknownFieldIsShownOnOneBoundedLine) {
  const std::string name = "\"" + std::string(400, 'x') + "\\n" + std::string(400, 'y') + "\"";
  for (const auto& bundle : solutions()) {
    Snapshot s = load_bundle(bundle.string());
    set_manifest_tolerations(s, lab::kManifestCpuOnly, "\n  - {key: nvidia.com/gpu, " + name + ": 1}");
    RunResult keep;
    const auto& c = graded(s, "step5.cpu-only-spec", keep);
    EXPECT_EQ(c.outcome.hint.id, "hint.manifest.toleration.unknown-field");
    for (const Msg* m : {&c.outcome.actual, &c.outcome.hint}) {
      const std::string text = m->id.empty() ? m->args.at("text") : m->args.at("path");
      EXPECT_EQ(text.find('\n'), std::string::npos) << bundle;
      EXPECT_LT(text.size(), 300U) << bundle;
    }
  }
}

// trainer3 must tolerate what trainer2 tolerates: the same tolerations in any order, one written
// twice counted once (the scheduler asks whether any of them tolerates a taint); one more or one
// fewer is another list. The hint that trainer3 would wait for the taint again is given only when
// its tolerations leave the taint untolerated: one more toleration, or the lab's with every effect,
// still tolerate it, and the hint then only says the lists differ.
TEST(TolerationGrades, Trainer3MatchesTrainer2ByTheSetOfItsTolerations) {
  const json lab = {{"key", std::string(lab::kTaintKey)},
                    {"operator", "Equal"},
                    {"value", std::string(lab::kTaintValue)},
                    {"effect", std::string(lab::kTaintEffect)}};
  const json same = {{"value", std::string(lab::kTaintValue)},
                     {"effect", std::string(lab::kTaintEffect)},
                     {"key", std::string(lab::kTaintKey)}};  // operator Equal when unset
  const json every_effect = {{"key", std::string(lab::kTaintKey)}, {"operator", "Exists"}};
  const json other = {{"key", "example.com/spot"}, {"operator", "Exists"}, {"effect", "NoSchedule"}};
  const json no_execute = {{"key", std::string(lab::kTaintKey)}, {"operator", "Exists"}, {"effect", "NoExecute"}};
  const std::string lost = "hint.step7.same-as-trainer2.tolerations";
  const std::string differs = "hint.step7.same-as-trainer2.differs";
  struct Case {
    json tolerations;
    Status want;
    std::string hint;
  };
  const std::vector<Case> cases{{json::array({lab}), Status::kPass, ""},
                                {json::array({lab, lab}), Status::kPass, ""},
                                {json::array({same, lab}), Status::kPass, ""},
                                {json::array({lab, other}), Status::kFail, differs},
                                {json::array({every_effect}), Status::kFail, differs},
                                {json::array({other}), Status::kFail, lost},
                                {json::array({no_execute}), Status::kFail, lost},
                                {json::array(), Status::kFail, lost}};
  for (const auto& bundle : solutions()) {
    const Snapshot base = with_toleration(load_bundle(bundle.string()), lab::kPodTrainer2, lab::kManifestTrainer2, lab);
    RunResult keep;
    for (const auto& [tols, want, hint] : cases) {
      SCOPED_TRACE(bundle.string() + " " + tols.dump());
      const Snapshot s = with_tolerations(base, lab::kPodTrainer3, lab::kManifestTrainer3, tols);
      const auto& c = graded(s, "step7.same-as-trainer2", keep);
      EXPECT_EQ(c.outcome.status, want) << c.outcome.hint.id;
      if (want == Status::kFail) {
        EXPECT_EQ(c.outcome.hint.id, hint);
        // Both lists are shown, trainer3's first: the evidence holds what differs.
        std::vector<const Msg*> lists;
        for (const auto& m : c.outcome.evidence) {
          if (m.id == "ev.file-field" && m.args.at("field") == "tolerations") lists.push_back(&m);
        }
        ASSERT_EQ(lists.size(), 2U);
        EXPECT_EQ(lists[0]->args.at("file"), lab::kManifestTrainer3);
        EXPECT_EQ(lists[1]->args.at("file"), lab::kManifestTrainer2);
        for (const auto& t : tols) {
          EXPECT_NE(lists[0]->args.at("value").find(t.value("key", "\"operator\"")), std::string::npos);
        }
        if (tols.empty()) {
          EXPECT_EQ(lists[0]->args.at("value@"), "ev.none");
        }
        EXPECT_NE(lists[1]->args.at("value").find(lab::kTaintValue), std::string::npos);
      }
    }
  }
}

// A toleration another of the same pod covers adds nothing (k8s::covers): trainer2 tolerating the
// lab's key with any effect, trainer3 that plus the lab's own toleration tolerates the same taints.
// trainer3 with the narrower one alone tolerates fewer: another list.
TEST(TolerationGrades, Trainer3MayRepeatWhatAnotherOfItsTolerationsCovers) {
  const json lab = {{"key", std::string(lab::kTaintKey)},
                    {"operator", "Equal"},
                    {"value", std::string(lab::kTaintValue)},
                    {"effect", std::string(lab::kTaintEffect)}};
  const json any_effect = {{"key", std::string(lab::kTaintKey)}, {"operator", "Exists"}};
  const json lab_any_effect = {{"key", std::string(lab::kTaintKey)}, {"value", std::string(lab::kTaintValue)}};
  struct Case {
    json tolerations;
    Status want;
  };
  const std::vector<Case> cases{{json::array({lab, any_effect}), Status::kPass},
                                {json::array({any_effect, lab_any_effect, lab}), Status::kPass},
                                {json::array({lab}), Status::kFail},
                                {json::array({lab_any_effect}), Status::kFail}};
  for (const auto& bundle : solutions()) {
    const Snapshot base =
        with_toleration(load_bundle(bundle.string()), lab::kPodTrainer2, lab::kManifestTrainer2, any_effect);
    RunResult keep;
    ASSERT_EQ(graded(base, "step7.same-as-trainer2", keep).outcome.status, Status::kFail) << bundle;
    for (const auto& [tols, want] : cases) {
      SCOPED_TRACE(bundle.string() + " " + tols.dump());
      const Snapshot s = with_tolerations(base, lab::kPodTrainer3, lab::kManifestTrainer3, tols);
      const auto& c = graded(s, "step7.same-as-trainer2", keep);
      EXPECT_EQ(c.outcome.status, want) << c.outcome.hint.id;
      if (want == Status::kFail) {
        EXPECT_EQ(c.outcome.hint.id, "hint.step7.same-as-trainer2.differs");
      }
    }
  }
}

// A toleration added to live trainer2 after its file was applied (tolerations may be added to a
// running pod): trainer3, made from the same file, is as its file says, so the change to trainer2
// is what the hint names. The same toleration added to live trainer3 is trainer3's difference.
TEST(TolerationGrades, ATolerationAddedToLiveTrainer2IsTrainer2sChange) {
  const json extra = {{"key", "example.com/spot"}, {"operator", "Exists"}, {"effect", "NoSchedule"}};
  for (const auto& bundle : solutions()) {
    const Snapshot base = load_bundle(bundle.string());
    for (const std::string_view pod : {lab::kPodTrainer2, lab::kPodTrainer3}) {
      SCOPED_TRACE(bundle.string() + " " + std::string(pod));
      Snapshot s = base;
      json pods = s.pods.value();
      for (auto& p : pods["items"]) {
        if (p["metadata"]["name"] == pod) p["spec"]["tolerations"].push_back(extra);
      }
      s.pods = pods;
      RunResult keep;
      const auto& c = graded(s, "step7.same-as-trainer2", keep);
      EXPECT_EQ(c.outcome.status, Status::kFail);
      EXPECT_EQ(c.outcome.hint.id, pod == lab::kPodTrainer2 ? "hint.step7.same-as-trainer2.trainer2-changed"
                                                            : "hint.step7.same-as-trainer2.differs");
      EXPECT_EQ(c.outcome.hint.args.at("fields"), "tolerations");
    }
  }
}

// The wrong grade a copied rule gave: a toleration of every NoExecute taint does not tolerate the
// lab's NoSchedule taint, so the scheduler keeps cpu-only Pending; the manifest is right.
TEST(TolerationGrades, ANoExecuteWildcardLeavesCpuOnlyRight) {
  const json tol = {{"operator", "Exists"}, {"effect", "NoExecute"}};
  for (const auto& bundle : solutions()) {
    const Snapshot s = with_toleration(load_bundle(bundle.string()), lab::kPodCpuOnly, lab::kManifestCpuOnly, tol);
    RunResult keep;
    EXPECT_EQ(graded(s, "step5.cpu-only-spec", keep).outcome.status, Status::kPass) << bundle;
  }
}

// A taint of another key beside the lab's (kwok's own `kwok.x-k8s.io/node=fake:NoSchedule`, a
// student's `example.com/x`): a fault of step 5 exactly when it keeps trainer2 off the node, that is
// when trainer2 does not tolerate it (the hint says it keeps the lab's pods off).
TEST(TolerationGrades, AnotherKeysTaintBesideTheLabsIsAFaultOnlyWhenTrainer2DoesNotTolerateIt) {
  const json lab = {{"key", std::string(lab::kTaintKey)},
                    {"operator", "Equal"},
                    {"value", std::string(lab::kTaintValue)},
                    {"effect", std::string(lab::kTaintEffect)}};
  const json kwok = {{"key", "kwok.x-k8s.io/node"}, {"operator", "Exists"}, {"effect", "NoSchedule"}};
  for (const auto& bundle : solutions()) {
    SCOPED_TRACE(bundle.string());
    Snapshot base = load_bundle(bundle.string());
    json nodes = base.nodes.value();
    for (auto& n : nodes["items"]) {
      if (n["metadata"]["name"] == lab::kGpuNode)
        n["spec"]["taints"].push_back({{"key", "kwok.x-k8s.io/node"}, {"value", "fake"}, {"effect", "NoSchedule"}});
    }
    base.nodes = nodes;
    RunResult keep;
    const Snapshot tolerated =
        with_tolerations(base, lab::kPodTrainer2, lab::kManifestTrainer2, json::array({lab, kwok}));
    EXPECT_EQ(graded(tolerated, "step5.taint", keep).outcome.status, Status::kPass);
    const auto& c = graded(base, "step5.taint", keep);
    EXPECT_EQ(c.outcome.status, Status::kFail);
    EXPECT_EQ(c.outcome.hint.id, "hint.taint.foreign-beside");
  }
}

// Several tolerations of the lab's key, none matching: the hint names the one meant for the taint
// (its effect, or none: its value differs) whatever the order; a NoExecute one with
// tolerationSeconds is told to get a NoSchedule sibling, since changing its effect alone is refused
// (toleration/validity.jsonl).
TEST(TolerationGrades, TheHintNamesTheTolerationMeantForTheTaint) {
  const json seconds = {
      {"key", std::string(lab::kTaintKey)}, {"operator", "Exists"}, {"effect", "NoExecute"}, {"tolerationSeconds", 60}};
  const json absent = {{"key", std::string(lab::kTaintKey)},
                       {"operator", "Equal"},
                       {"value", "absent"},
                       {"effect", std::string(lab::kTaintEffect)}};
  for (const auto& bundle : solutions()) {
    SCOPED_TRACE(bundle.string());
    const Snapshot base = load_bundle(bundle.string());
    RunResult keep;
    for (const json& tols : {json::array({seconds, absent}), json::array({absent, seconds})}) {
      const Snapshot s = with_tolerations(base, lab::kPodTrainer2, lab::kManifestTrainer2, tols);
      EXPECT_EQ(graded(s, "step6.toleration", keep).outcome.hint.id, "hint.step6.toleration.wrong-value") << tols;
    }
    const Snapshot alone = with_tolerations(base, lab::kPodTrainer2, lab::kManifestTrainer2, json::array({seconds}));
    EXPECT_EQ(graded(alone, "step6.toleration", keep).outcome.hint.id, "hint.step6.toleration.wrong-effect-seconds");
  }
}

}  // namespace
}  // namespace gpuwhy
