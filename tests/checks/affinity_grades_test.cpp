// An affinity the scheduler reads as no constraint is none to the checks either: trainer must be
// placed by its resources alone (step 4), and an affinity empty all the way down constrains
// nothing (k8s::canonical_affinity), while one that keeps a requirement does. Graded through the
// checks on the solution captured from each recorded control plane, the manifest and the live
// pod both carrying the affinity.
#include <gtest/gtest.h>

#include <fstream>
#include <string>
#include <vector>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "checks.h"
#include "gpuwhy/i18n/i18n.h"
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

// `pod`'s manifest and live pod both given spec.`field` = `value` (the manifest ends inside spec).
Snapshot with_spec(Snapshot s, std::string_view manifest, std::string_view pod, const std::string& field,
                   const json& value) {
  auto& file = s.files.at(std::string(manifest));
  file.content += "  " + field + ": " + value.dump() + "\n";  // a JSON flow mapping is YAML
  file.size = file.content.size();
  json pods = s.pods.value();
  for (auto& p : pods["items"]) {
    if (p["metadata"]["name"] == pod) p["spec"][field] = value;
  }
  s.pods = pods;
  return s;
}

// trainer3 is "identical to trainer2": a pod affinity term whose selector is `{}` (every pod) is
// not one without a selector (no pod), though both are empty objects to a reader that drops them.
TEST(AffinityGrades, Trainer3sPodAffinityDiffersWhenOnlyOneSelectsEveryPod) {
  const json all = json::parse(R"({"podAffinity":{"requiredDuringSchedulingIgnoredDuringExecution":
    [{"labelSelector":{},"topologyKey":"kubernetes.io/hostname"}]}})");
  const json none = json::parse(R"({"podAffinity":{"requiredDuringSchedulingIgnoredDuringExecution":
    [{"topologyKey":"kubernetes.io/hostname"}]}})");
  for (const auto& bundle : gpuwhy_test::solutions()) {
    SCOPED_TRACE(bundle.string());
    const Snapshot base = load_bundle(bundle.string());
    RunResult keep;
    const Snapshot same = with_spec(with_spec(base, lab::kManifestTrainer2, lab::kPodTrainer2, "affinity", all),
                                    lab::kManifestTrainer3, lab::kPodTrainer3, "affinity", all);
    EXPECT_EQ(graded(same, "step7.same-as-trainer2", keep).outcome.status, Status::kPass);
    const Snapshot differ = with_spec(with_spec(base, lab::kManifestTrainer2, lab::kPodTrainer2, "affinity", all),
                                      lab::kManifestTrainer3, lab::kPodTrainer3, "affinity", none);
    EXPECT_EQ(graded(differ, "step7.same-as-trainer2", keep).outcome.status, Status::kFail);
  }
}

// A nodeSelector value that is no string (`true` unquoted) makes the apiserver refuse the whole
// manifest (validity.jsonl): trainer, trainer2 and trainer3 fail for it, named as refused.
// cpu-only's is step 5's own to name (AnUnquotedSelectorValueIsNamedAsTheBooleanYamlMakesOfIt).
TEST(AffinityGrades, ASelectorValueThatIsNoStringIsRefusedInEveryGpuPodsManifest) {
  const json selector = {{"nvidia.com/gpu.present", true}};
  const struct {
    std::string_view manifest, pod, check;
  } pods[] = {{lab::kManifestTrainer, lab::kPodTrainer, "step4.manifest"},
              {lab::kManifestTrainer2, lab::kPodTrainer2, "step6.gpu"},
              {lab::kManifestTrainer3, lab::kPodTrainer3, "step7.same-as-trainer2"}};
  for (const auto& bundle : gpuwhy_test::solutions()) {
    const Snapshot base = load_bundle(bundle.string());
    for (const auto& p : pods) {
      SCOPED_TRACE(bundle.string() + " " + std::string(p.manifest));
      Snapshot s = base;
      auto& file = s.files.at(std::string(p.manifest));
      file.content += "  nodeSelector: " + selector.dump() + "\n";
      file.size = file.content.size();
      RunResult keep;
      const auto& c = graded(s, p.check, keep);
      EXPECT_EQ(c.outcome.status, Status::kFail);
      EXPECT_EQ(c.outcome.hint.id, "hint.manifest.constraint.not-string");
    }
  }
}

// A nodeSelector line of the lab's key alone (`{nvidia.com/gpu.present: true}`): the recorded
// lines name one pair each.
bool only_lab_key(const std::string& line) {
  const std::string lab_key = "nodeSelector: {" + std::string(lab::kCpuOnlySelector.key) + ": ";
  return line.rfind(lab_key, 0) == 0 && line.find(',') == std::string::npos;
}

// Each recorded row in cpu-only.yaml of `base` (a nodeSelector line in place of its own, any other
// line added under spec, the row's pod labels under metadata), graded: one the apiserver refused
// fails step5.cpu-only-spec and names the refusal, since kubectl apply refuses the whole file; one
// it accepted is never called refused. A nodeSelector value that is no string is the check's own to
// name (the unquoted "true" of step 5) when it is the lab's key's alone: it fails without the
// refusal. Returns how many were named.
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
    const bool selector_type =
        row["decode"].get<bool>() && row["paths"] == json::array({"spec.nodeSelector"}) && only_lab_key(line);
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

// cpu-only.yaml of `base` with `selector` as its nodeSelector and `affinity` (when not null), and
// lab-node-0 in the cluster labelled `labels`, graded by step5.cpu-only-spec alone.
CheckResult cpu_only_graded(Snapshot s, const json& selector, const json& affinity, const json& labels) {
  const std::string manifest(lab::kManifestCpuOnly);
  std::string& text = s.files.at(manifest).content;
  const std::string original = "  nodeSelector:\n    nvidia.com/gpu.present: \"true\"\n";
  text.replace(text.find(original), original.size(), "  nodeSelector: " + selector.dump() + "\n");
  if (!affinity.is_null()) text += "  affinity: " + affinity.dump() + "\n";
  s.files.at(manifest).size = text.size();
  json nodes = s.nodes.value();
  for (auto& n : nodes["items"]) {
    if (n["metadata"]["name"] == lab::kGpuNode) n["metadata"]["labels"] = labels;
  }
  s.nodes = nodes;
  const RunResult r = checks::run(s, checks::Selection{.steps = {}, .ids = {"step5.cpu-only-spec"}}, RunMeta{});
  return gpuwhy_test::result(r, "step5.cpu-only-spec");
}

// cpu-only must stay off lab-node-0 for the taint alone: its nodeSelector and node affinity must
// take the node once step 1 labelled it. What the scheduler's NodeAffinity filter said for each
// recorded pod and node named lab-node-0 (fixtures/k8s/affinity/matches.jsonl), graded through the
// check: the node's recorded labels with the lab's four, the pod's nodeSelector with the lab's
// pair. A pair the apiserver refuses fails for that refusal instead; every other fails exactly when
// the scheduler rejected the node, and names the constraint that rules it out.
TEST(AffinityGrades, CpuOnlyFailsExactlyWhenItsNodeConstraintsRuleOutTheGpuNode) {
  std::vector<json> rows;
  {
    std::ifstream in(std::string(GPUWHY_SOURCE_DIR) + "/fixtures/k8s/affinity/matches.jsonl");
    for (std::string line; std::getline(in, line);) {
      // A recorded pod or node that names the lab's own label keys would be changed by them.
      if (line.find("nvidia.com/gpu") != std::string::npos) continue;
      json row = json::parse(line);
      if (row["node"]["metadata"].value("name", "") == lab::kGpuNode) rows.push_back(std::move(row));
    }
  }
  ASSERT_GT(rows.size(), 5000U) << "run fixtures/k8s/record";
  const Snapshot base = load_bundle(gpuwhy_test::solutions().front().string());
  int refused = 0;
  int ruled_out = 0;
  for (const auto& row : rows) {
    SCOPED_TRACE(row.dump());
    json selector = row["pod"]["spec"].value("nodeSelector", json::object());
    selector[std::string(lab::kCpuOnlySelector.key)] = std::string(lab::kCpuOnlySelector.value);
    json labels = row["node"]["metadata"].value("labels", json::object());
    for (const auto& l : lab::kGpuLabels) labels[std::string(l.key)] = std::string(l.value);
    const json affinity = row["pod"]["spec"].value("affinity", json());
    const CheckResult c = cpu_only_graded(base, selector, affinity, labels);
    if (c.outcome.hint.id.rfind("hint.manifest.constraint.", 0) == 0) {
      ++refused;
      continue;
    }
    const bool takes = row["matches"].get<bool>();
    EXPECT_EQ(c.outcome.status, takes ? Status::kPass : Status::kFail) << c.outcome.hint.id;
    if (!takes) {
      EXPECT_EQ(c.outcome.hint.id, "hint.step5.cpu-only-spec.excludes-node");
    }
    ruled_out += takes ? 0 : 1;
  }
  EXPECT_GT(ruled_out, 1000);
  EXPECT_GT(static_cast<int>(rows.size()) - refused - ruled_out, 300);
}

// What the check shows for a constraint that rules lab-node-0 out: the selector pair as written,
// else the failing requirement; and labels step 1 missed on the live node are not held against it.
TEST(AffinityGrades, CpuOnlyRuledOutNamesTheConstraintAndNotAMissingStep1Label) {
  const json lab_labels = {{"kubernetes.io/hostname", "lab-node-0"},
                           {"nvidia.com/gpu.present", "true"},
                           {"nvidia.com/gpu.product", "NVIDIA-A100-SXM4-40GB"},
                           {"nvidia.com/gpu.count", "2"},
                           {"nvidia.com/gpu.deploy.device-plugin", "true"}};
  const json not_here = {
      {"nodeAffinity",
       {{"requiredDuringSchedulingIgnoredDuringExecution",
         {{"nodeSelectorTerms",
           {{{"matchExpressions",
              {{{"key", "kubernetes.io/hostname"}, {"operator", "NotIn"}, {"values", {"lab-node-0"}}}}}}}}}}}}};
  for (const auto& bundle : gpuwhy_test::solutions()) {
    SCOPED_TRACE(bundle.string());
    const Snapshot base = load_bundle(bundle.string());
    const json selector = {{"nvidia.com/gpu.present", "true"}, {"nvidia.com/gpu.count", "4"}};
    auto c = cpu_only_graded(base, selector, nullptr, lab_labels);
    EXPECT_EQ(c.outcome.hint.id, "hint.step5.cpu-only-spec.excludes-node");
    EXPECT_EQ(c.outcome.hint.args.at("detail"), "nodeSelector nvidia.com/gpu.count: \"4\"");
    c = cpu_only_graded(base, {{"nvidia.com/gpu.present", "true"}}, not_here, lab_labels);
    EXPECT_EQ(c.outcome.hint.id, "hint.step5.cpu-only-spec.excludes-node");
    EXPECT_EQ(c.outcome.hint.args.at("detail"), "nodeAffinity kubernetes.io/hostname NotIn (lab-node-0)");
    // Step 1 left lab-node-0 without its GPU labels: the right selector still passes here.
    const json bare = {{"kubernetes.io/hostname", "lab-node-0"}};
    const json gpu_count = {{"nvidia.com/gpu.present", "true"}, {"nvidia.com/gpu.count", "2"}};
    EXPECT_EQ(cpu_only_graded(base, gpu_count, nullptr, bare).outcome.status, Status::kPass);
  }
}

// `s` with `line` added under cpu-only.yaml's spec.
Snapshot cpu_only_with(Snapshot s, const std::string& line) {
  auto& file = s.files.at(std::string(lab::kManifestCpuOnly));
  file.content += "  " + line + "\n";
  file.size = file.content.size();
  return s;
}

// An unquoted selector value is what YAML makes of it: true, yes, on and True are the boolean true,
// which the apiserver refuses for a string field, and the hint names that boolean, never the word the
// student wrote as if it were "true"; false, no and off are the boolean false, simply the wrong value.
TEST(AffinityGrades, AnUnquotedSelectorValueIsNamedAsTheBooleanYamlMakesOfIt) {
  for (const auto& bundle : gpuwhy_test::solutions()) {
    SCOPED_TRACE(bundle.string());
    const Snapshot base = load_bundle(bundle.string());
    RunResult keep;
    const auto with_value = [&](const std::string& value) {
      Snapshot s = base;
      auto& file = s.files.at(std::string(lab::kManifestCpuOnly));
      const std::string quoted = "nvidia.com/gpu.present: \"true\"";
      const auto at = file.content.find(quoted);
      EXPECT_NE(at, std::string::npos);
      file.content.replace(at, quoted.size(), "nvidia.com/gpu.present: " + value);
      file.size = file.content.size();
      return graded(s, "step5.cpu-only-spec", keep).outcome;
    };
    for (const char* yes : {"true", "yes", "True", "on"}) {
      SCOPED_TRACE(yes);
      const Outcome o = with_value(yes);
      EXPECT_EQ(o.hint.id, "hint.step5.cpu-only-spec.unquoted");
      const std::string said = i18n::render(o.hint, i18n::Lang::kEn);
      EXPECT_NE(said.find("as the boolean true"), std::string::npos) << said;
    }
    for (const char* no : {"false", "no", "off"}) {
      SCOPED_TRACE(no);
      const Outcome o = with_value(no);
      EXPECT_EQ(o.hint.id, "hint.step5.cpu-only-spec.selector");
      EXPECT_NE(o.hint.args.at("detail").find("false"), std::string::npos);
    }
    EXPECT_EQ(with_value("\"true\" # the GPU node").status, Status::kPass);
    EXPECT_EQ(with_value("'true'").status, Status::kPass);
  }
}

// `s` with the live cpu-only changed by `change`.
template <typename Change>
Snapshot live_cpu_only(Snapshot s, Change change) {
  json pods = s.pods.value();
  for (auto& p : pods["items"]) {
    if (p["metadata"]["name"] == lab::kPodCpuOnly) change(p);
  }
  s.pods = pods;
  return s;
}

// A node name skips the scheduler and a scheduling gate holds the pod back before it: either
// leaves the taint nothing to keep off, so cpu-only's spec fails for it, and a cpu-only Pending
// for no taint (or bound where its manifest sent it) is that failure's consequence.
TEST(AffinityGrades, CpuOnlyGivenANodeOrHeldByAGateFailsForItsSpecAndThatCausesItsPending) {
  for (const auto& bundle : gpuwhy_test::solutions()) {
    SCOPED_TRACE(bundle.string());
    const Snapshot base = load_bundle(bundle.string());
    RunResult keep;
    EXPECT_EQ(graded(cpu_only_with(base, "nodeName: \"\""), "step5.cpu-only-spec", keep).outcome.status, Status::kPass);
    EXPECT_EQ(graded(cpu_only_with(base, "nodeName: lab-node-0"), "step5.cpu-only-spec", keep).outcome.hint.id,
              "hint.step5.cpu-only-spec.node-name");
    const std::string gate = "schedulingGates: [{name: example.com/wait}]";
    EXPECT_EQ(graded(cpu_only_with(base, gate), "step5.cpu-only-spec", keep).outcome.hint.id,
              "hint.step5.cpu-only-spec.gated");
    EXPECT_EQ(graded(cpu_only_with(base, "schedulingGates: []"), "step5.cpu-only-spec", keep).outcome.status,
              Status::kPass);
    // Created gated and the manifest edited since: the live pod still waits at its gate.
    const Snapshot gated = live_cpu_only(base, [](json& p) {
      p["spec"]["schedulingGates"] = {{{"name", "example.com/wait"}}};
      p["status"]["conditions"] = {{{"type", "PodScheduled"},
                                    {"status", "False"},
                                    {"reason", "SchedulingGated"},
                                    {"message", "Scheduling is blocked due to non-empty scheduling gates"}}};
    });
    const auto& spec = graded(gated, "step5.cpu-only-spec", keep);
    EXPECT_EQ(spec.outcome.hint.id, "hint.step5.cpu-only-spec.gated");
    EXPECT_EQ(gpuwhy_test::result(keep, "step5.cpu-only-pending").outcome.caused_by, "step5.cpu-only-spec");
    // Sent to another node by its manifest, and running there.
    const Snapshot elsewhere = live_cpu_only(cpu_only_with(base, "nodeName: lab-node-1"), [](json& p) {
      p["spec"]["nodeName"] = "lab-node-1";
      p["status"] = {{"phase", "Running"}, {"conditions", {{{"type", "PodScheduled"}, {"status", "True"}}}}};
    });
    EXPECT_EQ(graded(elsewhere, "step5.cpu-only-spec", keep).outcome.hint.id, "hint.step5.cpu-only-spec.node-name");
    const auto& pending = gpuwhy_test::result(keep, "step5.cpu-only-pending");
    EXPECT_EQ(pending.outcome.status, Status::kFail);
    EXPECT_EQ(pending.outcome.caused_by, "step5.cpu-only-spec");
  }
}

// InterPodAffinity is the scheduler's last filter: cpu-only's own required pod affinity or
// anti-affinity that rules out lab-node-0, given the pods bound there (trainer and trainer2), keeps it
// off the GPU node without any taint, so its spec fails; a term the node's pods meet passes. A bound
// pod's anti-affinity against cpu-only is that pod's doing, not cpu-only's spec.
TEST(AffinityGrades, CpuOnlyKeptOffTheGpuNodeByItsOwnPodAffinityFails) {
  const auto term = [](const char* kind, const std::string& selector, const char* key = "kubernetes.io/hostname") {
    return fmt::format(
        "affinity: {{{}: {{requiredDuringSchedulingIgnoredDuringExecution: [{{labelSelector: {}, "
        "topologyKey: {}}}]}}}}",
        kind, selector, key);
  };
  const std::string any_lab_pod = "{matchExpressions: [{key: example.com/none, operator: DoesNotExist}]}";
  const std::string no_pod = "{matchLabels: {app: nowhere}}";
  for (const auto& bundle : gpuwhy_test::solutions()) {
    SCOPED_TRACE(bundle.string());
    const Snapshot base = load_bundle(bundle.string());
    RunResult keep;
    const auto status = [&](const std::string& line) {
      return graded(cpu_only_with(base, line), "step5.cpu-only-spec", keep).outcome;
    };
    const auto away = status(term("podAntiAffinity", any_lab_pod));
    EXPECT_EQ(away.hint.id, "hint.step5.cpu-only-spec.pod-affinity");
    EXPECT_NE(away.hint.args.at("detail").find("podAntiAffinity"), std::string::npos);
    EXPECT_EQ(status(term("podAntiAffinity", no_pod)).status, Status::kPass);
    EXPECT_EQ(status(term("podAffinity", no_pod)).hint.id, "hint.step5.cpu-only-spec.pod-affinity");
    EXPECT_EQ(status(term("podAffinity", any_lab_pod)).status, Status::kPass);
    // lab-node-0 has no such label: no topology domain, so no pod can be near it there.
    EXPECT_EQ(status(term("podAffinity", any_lab_pod, "example.com/rack")).hint.id,
              "hint.step5.cpu-only-spec.pod-affinity");
    // Away from pods of another namespace only: none runs on lab-node-0.
    EXPECT_EQ(status("affinity: {podAntiAffinity: {requiredDuringSchedulingIgnoredDuringExecution: [{labelSelector: "
                     "{}, namespaces: [example-other], topologyKey: kubernetes.io/hostname}]}}")
                  .status,
              Status::kPass);
    // Through a namespaceSelector: the lab's namespace by the name label the apiserver gives it or
    // by a label it has, or not; a label of a namespace gpuwhy does not read leaves it unjudged.
    const auto by_namespace = [&](const std::string& ns_selector) {
      return status(
          fmt::format("affinity: {{podAntiAffinity: {{requiredDuringSchedulingIgnoredDuringExecution: "
                      "[{{labelSelector: {{}}, namespaceSelector: {}, topologyKey: kubernetes.io/hostname}}]}}}}",
                      ns_selector));
    };
    EXPECT_EQ(by_namespace("{matchLabels: {kubernetes.io/metadata.name: gpu-why}}").hint.id,
              "hint.step5.cpu-only-spec.pod-affinity");
    EXPECT_EQ(by_namespace("{matchExpressions: [{key: kubernetes.io/metadata.name, operator: In, values: [gpu-why]}]}")
                  .hint.id,
              "hint.step5.cpu-only-spec.pod-affinity");
    EXPECT_EQ(by_namespace("{matchExpressions: [{key: example.com/team, operator: DoesNotExist}]}").hint.id,
              "hint.step5.cpu-only-spec.pod-affinity");
    EXPECT_EQ(by_namespace("{matchLabels: {kubernetes.io/metadata.name: example-other}}").status, Status::kPass);
    EXPECT_EQ(by_namespace("{matchLabels: {example.com/team: ml}}").status, Status::kPass);
    Snapshot unread = base;
    unread.namespace_ = Fetched<json>(FetchError{ErrorKind::kHttp, 404, "not found"});
    EXPECT_EQ(graded(cpu_only_with(unread,
                                   "affinity: {podAntiAffinity: {requiredDuringSchedulingIgnoredDuringExecution: "
                                   "[{labelSelector: {}, namespaceSelector: {matchLabels: {example.com/team: ml}}, "
                                   "topologyKey: kubernetes.io/hostname}]}}"),
                     "step5.cpu-only-spec", keep)
                  .outcome.status,
              Status::kPass);
    // trainer, bound to lab-node-0, refuses every pod of its namespace beside it.
    json pods = base.pods.value();
    for (auto& p : pods["items"]) {
      if (p["metadata"]["name"] != lab::kPodTrainer) continue;
      p["spec"]["affinity"]["podAntiAffinity"]["requiredDuringSchedulingIgnoredDuringExecution"] = {
          {{"labelSelector", json::object()}, {"topologyKey", "kubernetes.io/hostname"}}};
    }
    Snapshot repelled = base;
    repelled.pods = pods;
    EXPECT_EQ(graded(repelled, "step5.cpu-only-spec", keep).outcome.status, Status::kPass);
  }
}

// PodTopologySpread runs before InterPodAffinity: a DoNotSchedule constraint over a label
// lab-node-0 lacks, or one whose skew the pods bound there exceed once nodeAffinityPolicy Ignore
// counts the other nodes, keeps cpu-only off the GPU node without the taint; ScheduleAnyway only
// scores, and by default the nodeSelector leaves lab-node-0 the one domain.
TEST(AffinityGrades, CpuOnlyKeptOffTheGpuNodeByItsOwnSpreadConstraintFails) {
  const auto spread = [](const char* key, const char* when, const char* extra = "") {
    return fmt::format(
        "topologySpreadConstraints: [{{maxSkew: 1, topologyKey: {}, whenUnsatisfiable: {}, "
        "labelSelector: {{}}{}}}]",
        key, when, extra);
  };
  for (const auto& bundle : gpuwhy_test::solutions()) {
    SCOPED_TRACE(bundle.string());
    const Snapshot base = load_bundle(bundle.string());
    RunResult keep;
    const auto outcome = [&](const std::string& line) {
      return graded(cpu_only_with(base, line), "step5.cpu-only-spec", keep).outcome;
    };
    const auto missing = outcome(spread("topology.kubernetes.io/zone", "DoNotSchedule"));
    EXPECT_EQ(missing.hint.id, "hint.step5.cpu-only-spec.spread-label");
    EXPECT_NE(missing.hint.args.at("detail").find("topology.kubernetes.io/zone"), std::string::npos);
    EXPECT_EQ(outcome(spread("topology.kubernetes.io/zone", "ScheduleAnyway")).status, Status::kPass);
    EXPECT_EQ(outcome(spread("kubernetes.io/hostname", "DoNotSchedule")).status, Status::kPass);
    const auto skew = outcome(spread("kubernetes.io/hostname", "DoNotSchedule", ", nodeAffinityPolicy: Ignore"));
    EXPECT_EQ(skew.hint.id, "hint.step5.cpu-only-spec.spread");
    // trainer and trainer2 there, cpu-only itself: 3 against 0 on the other nodes.
    EXPECT_EQ(outcome("topologySpreadConstraints: [{maxSkew: 3, topologyKey: kubernetes.io/hostname, "
                      "whenUnsatisfiable: DoNotSchedule, nodeAffinityPolicy: Ignore, labelSelector: {}}]")
                  .status,
              Status::kPass);
  }
}

// A refused value that only its quotes tell apart is shown quoted, as the apiserver shows it: a
// nodeSelector "true " is not the "true" the hint would otherwise seem to call invalid.
TEST(AffinityGrades, ARefusedValueWithSpacesAtItsEndsIsShownQuoted) {
  RunResult keep;
  const Snapshot base = load_bundle(gpuwhy_test::solutions().front().string());
  Snapshot s = base;
  auto& text = s.files.at(std::string(lab::kManifestCpuOnly)).content;
  const std::string value = "nvidia.com/gpu.present: \"true\"";
  text.replace(text.find(value), value.size(), "nvidia.com/gpu.present: \"true \"");
  s.files.at(std::string(lab::kManifestCpuOnly)).size = text.size();
  const auto& c = graded(s, "step5.cpu-only-spec", keep);
  EXPECT_EQ(c.outcome.hint.id, "hint.manifest.constraint.bad-value");
  EXPECT_EQ(c.outcome.hint.args.at("found"), "\"true \"");
}

// cpu-only must fit lab-node-0 but for the taint, by the scheduler's resource filter too: asking
// for all the CPU the captured node has left passes, a thousandth of a core more does not, and
// names what the scheduler would say.
TEST(AffinityGrades, CpuOnlyFailsExactlyWhenItWouldNotFitTheGpuNodeWithoutTheTaint) {
  for (const auto& bundle : gpuwhy_test::solutions()) {
    SCOPED_TRACE(bundle.string());
    const Snapshot base = load_bundle(bundle.string());
    long long cores = 0;
    for (const auto& n : base.nodes.value()["items"]) {
      if (n["metadata"]["name"] == lab::kGpuNode)
        cores = std::stoll(n["status"]["allocatable"]["cpu"].get<std::string>());
    }
    ASSERT_GT(cores, 0);
    RunResult keep;
    const auto asking = [&](const std::string& cpu) -> const CheckResult& {
      Snapshot s = base;
      auto& text = s.files.at(std::string(lab::kManifestCpuOnly)).content;
      const std::string command = "    command: [\"sleep\", \"infinity\"]\n";
      text.insert(text.find(command) + command.size(),
                  "    resources:\n      requests:\n        cpu: \"" + cpu + "\"\n");
      s.files.at(std::string(lab::kManifestCpuOnly)).size = text.size();
      return graded(s, "step5.cpu-only-spec", keep);
    };
    EXPECT_EQ(asking(std::to_string(cores)).outcome.status, Status::kPass);
    const auto& c = asking(std::to_string(cores * 1000 + 1) + "m");
    EXPECT_EQ(c.outcome.hint.id, "hint.step5.cpu-only-spec.does-not-fit");
    EXPECT_EQ(c.outcome.hint.args.at("detail"), "Insufficient cpu");
  }
}

}  // namespace
}  // namespace gpuwhy
