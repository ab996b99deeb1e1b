// `gpuwhy why`: the scheduler-filter model (lib/src/why/) against the real kube-scheduler's verdicts
// recorded by fixtures/cluster/record-why (tests/integration/why_diff.py --record) on every
// recorded version: fixtures/why/<version>/*.json, each the pod, the nodes and the bound pods
// gpuwhy read and the scheduler's verdict. No cluster JSON here is typed by hand; the
// transformations below change one named thing of a real capture.
#include <gtest/gtest.h>

#include <algorithm>
#include <functional>
#include <map>
#include <set>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "gpuwhy/base/error.h"
#include "gpuwhy/base/text.h"
#include "gpuwhy/i18n/i18n.h"
#include "gpuwhy/k8s/requests.h"
#include "gpuwhy/why/render.h"
#include "gpuwhy/why/why.h"
#include "report_common_test.h"
#include "why_captures.h"

namespace gpuwhy::why {
namespace {

using k8s::pod_requests;
using nlohmann::json;
using test::Capture;
using test::captures;
using test::expect_no_binding_predicted;
using test::held_captures;
using test::kVersions;
using test::node_of;
using test::with_condition;

std::vector<const Capture*> of_version(const std::string& v) {
  std::vector<const Capture*> out;
  for (const auto& c : captures()) {
    if (c.version == v) out.push_back(&c);
  }
  return out;
}

// ---- the captures --------------------------------------------------------------------------------

TEST(WhyCaptures, EveryVersionIsRecordedByTheScript) {
  for (const char* v : kVersions) {
    const auto cs = of_version(v);
    EXPECT_GE(cs.size(), 40U) << v << ": record with KUBE_VERSION=" << v << " fixtures/cluster/record-why";
    int unsched = 0;
    for (const auto* c : cs) {
      EXPECT_EQ(c->j["recorded_by"], "tests/integration/why_diff.py") << c->file;
      EXPECT_EQ(c->j["server_version"], v) << c->file;
      unsched += c->unschedulable() ? 1 : 0;
    }
    EXPECT_GE(unsched, 15) << v << ": too few unschedulable scenarios to test the reasons";
    EXPECT_GE(static_cast<int>(cs.size()) - unsched, 5) << v << ": too few scheduled scenarios";
  }
}

// The heart of it: the summary gpuwhy writes is the scheduler's message, character for character
// (reasons, counts, order, the preemption tail and its counts, the version's DRA tail).
TEST(WhyCaptures, SummaryIsTheSchedulersMessage) {
  for (const auto& c : captures()) {
    if (!c.unschedulable()) continue;
    Verdict v = c.explain_it();
    const std::string theirs = c.j["scheduler"];
    EXPECT_EQ(v.fitting_nodes(), 0) << c.version << "/" << c.file;
    EXPECT_EQ(v.summary, theirs) << c.version << "/" << c.file;
    add_scheduler_view(v, c.j["pod"], {});
    EXPECT_EQ(v.scheduler_message_source, "condition") << c.file;
    ASSERT_TRUE(v.agrees.has_value()) << c.file;
    EXPECT_TRUE(*v.agrees) << c.version << "/" << c.file;
  }
}

// Without its PodScheduled condition (an older pod, a reader without it), the newest recorded
// FailedScheduling event of the pod is the scheduler's verdict, and it says the same.
TEST(WhyCaptures, TheNewestFailedSchedulingEventStandsInForTheCondition) {
  int tried = 0;
  for (const auto& c : captures()) {
    if (!c.unschedulable() || !c.j.contains("events") || c.j["events"].empty()) continue;
    Verdict v = c.explain_it();
    json pod = c.j["pod"];
    json kept = json::array();
    for (const auto& cond : pod["status"]["conditions"]) {
      if (cond["type"] != "PodScheduled") kept.push_back(cond);
    }
    pod["status"]["conditions"] = kept;
    add_scheduler_view(v, pod, c.j["events"].get<std::vector<json>>());
    EXPECT_EQ(v.scheduler_message_source, "event") << c.file;
    ASSERT_TRUE(v.agrees.has_value()) << c.file;
    EXPECT_TRUE(*v.agrees) << c.version << "/" << c.file << ": " << v.scheduler_message;
    ++tried;
  }
  EXPECT_GE(tried, 45) << "record the events with fixtures/cluster/record-why";
}

// A pod the scheduler bound fits, by gpuwhy, the node it was bound to (the pod itself is not
// counted among the node's pods).
TEST(WhyCaptures, TheNodeTheSchedulerChoseFits) {
  for (const auto& c : captures()) {
    if (c.unschedulable()) continue;
    const Verdict v = c.explain_it();
    const std::string chosen = c.j["scheduler"];
    const NodeVerdict& n = node_of(v, chosen);
    EXPECT_EQ(n.gate, Gate::kNone) << c.version << "/" << c.file << ": " << to_string(n.gate)
                                   << (n.reasons.empty() ? "" : " " + n.reasons.front());
    // Unbound again, it fits that node and the scheduler's choice is among gpuwhy's fitting nodes.
    json pod = c.j["pod"];
    pod["spec"].erase("nodeName");
    const Verdict u = explain(pod, c.nodes(), c.pods(), wording_for(c.version));
    EXPECT_EQ(node_of(u, chosen).gate, Gate::kNone) << c.version << "/" << c.file;
    EXPECT_TRUE(u.summary.empty()) << c.file;
  }
}

// Every gate and reason the scheduler can give is in the captures of every version, so the two
// tests above hold each of them against the real scheduler.
TEST(WhyCaptures, EveryGateAndReasonIsExercised) {
  for (const char* ver : kVersions) {
    std::set<std::string> gates;
    std::set<std::string> reasons;
    std::set<std::string> preemption;
    bool init = false;
    bool sidecar = false;
    bool succeeded = false;
    bool too_big = false;
    bool too_big_resolvable_band = false;
    bool conflict = false;
    for (const auto* c : of_version(ver)) {
      for (const auto& p : c->pods()) {
        succeeded = succeeded || p["status"]["phase"] == "Succeeded";
      }
      const json& spec = c->j["pod"]["spec"];
      if (spec.contains("initContainers")) {
        init = true;
        for (const auto& ic : spec["initContainers"]) sidecar = sidecar || ic.value("restartPolicy", "") == "Always";
      }
      if (!c->unschedulable()) continue;
      const Verdict v = c->explain_it();
      conflict = conflict || !v.prefilter_failure.empty();
      for (const auto& n : v.nodes) {
        gates.insert(to_string(n.gate) + (n.gate == Gate::kNodeAffinityFilter ? "/PreFilter" : ""));
        for (const auto& r : n.reasons) reasons.insert(r.find("taint") != std::string::npos ? "taint" : r);
        if (n.gate != Gate::kNone) preemption.insert(n.unresolvable ? "not-helpful" : "no-victims");
        for (const auto& r : n.resources) {
          if (r.shortfall() > 0 && r.too_big()) {
            too_big = true;
            too_big_resolvable_band = too_big_resolvable_band || !n.unresolvable;
          }
        }
      }
    }
    for (const char* g : {"NodeUnschedulable", "TaintToleration", "NodeAffinity", "NodeResourcesFit", "NodePorts"}) {
      EXPECT_EQ(gates.count(g), 1U) << ver << ": no capture where " << g << " blocks a node";
    }
    for (const char* r :
         {"taint", "Too many pods", "Insufficient cpu", "Insufficient memory", "Insufficient nvidia.com/gpu",
          "Insufficient ephemeral-storage", "node(s) didn't match Pod's node affinity/selector",
          "node(s) were unschedulable", "node(s) didn't have free ports for the requested pod ports"}) {
      EXPECT_EQ(reasons.count(r), 1U) << ver << ": no capture with the reason " << r;
    }
    EXPECT_EQ(preemption.size(), 2U) << ver << ": both preemption verdicts";
    EXPECT_EQ(gates.count("NodeAffinity/PreFilter"), 1U) << ver << ": NodeAffinity's PreFilter (matchFields)";
    EXPECT_TRUE(conflict) << ver << ": a PreFilter refusal (pod affinity terms conflict)";
    EXPECT_TRUE(init) << ver << ": a pod with init containers";
    EXPECT_TRUE(sidecar) << ver << ": a pod with a sidecar";
    EXPECT_TRUE(succeeded) << ver << ": a Succeeded pod on a node";
    EXPECT_TRUE(too_big) << ver << ": a request bigger than a whole node";
    // The band of PR #131345: before 1.34 a too-big node was still "No preemption victims".
    EXPECT_EQ(too_big_resolvable_band, std::string(ver) == "v1.33.13") << ver;
  }
}

// ---- wording bands ----------------------------------------------------------------------------------

TEST(WhyWording, VersionsGiveTheirBands) {
  const Wording w133 = wording_for("v1.33.13");
  EXPECT_TRUE(w133.taint_named);
  EXPECT_FALSE(w133.dra_tail);
  EXPECT_FALSE(w133.too_big_unresolvable);
  const Wording w134 = wording_for("v1.34.0");
  EXPECT_TRUE(w134.taint_named);
  EXPECT_TRUE(w134.dra_tail);
  EXPECT_TRUE(w134.too_big_unresolvable);
  EXPECT_TRUE(w134.prefilter_tail_not_found);
  EXPECT_FALSE(w133.prefilter_tail_not_found);
  const Wording w137 = wording_for("v1.37.2");
  EXPECT_FALSE(w137.taint_named);
  EXPECT_FALSE(w137.dra_tail);
  EXPECT_TRUE(w137.too_big_unresolvable);
  EXPECT_FALSE(wording_for("v1.35.1").taint_named);  // PR #134740
  EXPECT_TRUE(wording_for("v1.36.0").dra_tail);      // measured on a 1.36 cluster (docs/kubernetes-facts.md §2.4)
  EXPECT_TRUE(wording_for("v1.33.13-gke.100").taint_named);
  const Wording unknown = wording_for("");
  EXPECT_FALSE(unknown.taint_named);
  EXPECT_TRUE(unknown.too_big_unresolvable);
}

// The real messages of each version show its band; the captures must hold a taint and a tail.
TEST(WhyWording, TheCapturesShowEachBand) {
  for (const char* ver : kVersions) {
    const Wording w = wording_for(ver);
    int taints = 0;
    for (const auto* c : of_version(ver)) {
      if (!c->unschedulable()) continue;
      const std::string m = c->j["scheduler"];
      if (m.find("pod affinity terms conflict") != std::string::npos) continue;  // a PreFilter refusal: no tail
      EXPECT_EQ(m.find("no new claims to deallocate") != std::string::npos, w.dra_tail) << ver << ": " << m;
      if (m.find("untolerated taint") == std::string::npos) continue;
      ++taints;
      EXPECT_EQ(m.find("untolerated taint {") != std::string::npos, w.taint_named) << ver << ": " << m;
    }
    EXPECT_GE(taints, 3) << ver;
  }
}

// ---- one named change of a real capture --------------------------------------------------------------

const Capture* find_capture(const std::function<bool(const Capture&, const Verdict&)>& pred) {
  for (const auto& c : captures()) {
    if (pred(c, c.explain_it())) return &c;
  }
  return nullptr;
}

TEST(WhyGates, NodeNameRejectsEveryOtherNode) {
  const Capture* c = find_capture([](const Capture& c, const Verdict&) { return c.unschedulable(); });
  ASSERT_NE(c, nullptr);
  json pod = c->j["pod"];
  const auto nodes = c->nodes();
  const std::string want = nodes.back()["metadata"]["name"];
  pod["spec"]["nodeName"] = want;
  const Verdict v = explain(pod, nodes, c->pods(), wording_for(c->version));
  for (const auto& n : v.nodes) {
    if (n.node == want) {
      EXPECT_NE(n.gate, Gate::kNodeName);
      continue;
    }
    // NodeUnschedulable comes before NodeName in the filter order.
    if (n.gate == Gate::kNodeUnschedulable) continue;
    EXPECT_EQ(n.gate, Gate::kNodeName) << n.node;
    EXPECT_EQ(n.reasons, std::vector<std::string>{"node(s) didn't match the requested node name"});
    EXPECT_TRUE(n.unresolvable);
  }
}

TEST(WhyGates, TheUnschedulableTolerationPassesACordonedNode) {
  const Capture* c = find_capture([](const Capture& c, const Verdict& v) {
    return c.unschedulable() && std::any_of(v.nodes.begin(), v.nodes.end(),
                                            [](const NodeVerdict& n) { return n.gate == Gate::kNodeUnschedulable; });
  });
  ASSERT_NE(c, nullptr);
  json pod = c->j["pod"];
  pod["spec"]["tolerations"].push_back(
      {{"key", "node.kubernetes.io/unschedulable"}, {"operator", "Exists"}, {"effect", "NoSchedule"}});
  const Verdict before = c->explain_it();
  const Verdict after = explain(pod, c->nodes(), c->pods(), wording_for(c->version));
  for (std::size_t i = 0; i < before.nodes.size(); ++i) {
    if (before.nodes[i].gate == Gate::kNodeUnschedulable) {
      EXPECT_NE(after.nodes[i].gate, Gate::kNodeUnschedulable);
    }
  }
}

TEST(WhyGates, ATaintNeedsItsEffectAndPreferNoScheduleIsNoFilter) {
  const Capture* c = find_capture([](const Capture& c, const Verdict& v) {
    return c.unschedulable() && std::any_of(v.nodes.begin(), v.nodes.end(),
                                            [](const NodeVerdict& n) { return n.gate == Gate::kTaintToleration; });
  });
  ASSERT_NE(c, nullptr);
  const Verdict v = c->explain_it();
  auto nodes = c->nodes();
  for (const auto& n : v.nodes) {
    if (n.gate != Gate::kTaintToleration) continue;
    EXPECT_TRUE(n.taint["effect"] == "NoSchedule" || n.taint["effect"] == "NoExecute") << n.taint.dump();
    // The toleration gpuwhy suggests passes that taint.
    json pod = c->j["pod"];
    pod["spec"]["tolerations"].push_back(n.toleration);
    const Verdict tolerated = explain(pod, nodes, c->pods(), wording_for(c->version));
    const NodeVerdict& again = node_of(tolerated, n.node);
    EXPECT_FALSE(again.gate == Gate::kTaintToleration && again.taint == n.taint) << n.node;
    // The same taint as PreferNoSchedule does not filter.
    for (auto& node : nodes) {
      if (node["metadata"]["name"] != n.node) continue;
      for (auto& t : node["spec"]["taints"]) {
        if (t == n.taint) t["effect"] = "PreferNoSchedule";
      }
    }
    const Verdict soft = explain(c->j["pod"], nodes, c->pods(), wording_for(c->version));
    EXPECT_FALSE(node_of(soft, n.node).taint == n.taint && node_of(soft, n.node).gate == Gate::kTaintToleration);
  }
}

TEST(WhyGates, SucceededPodsHoldNothing) {
  // Every bound Running pod with a request on a node that reaches NodeResourcesFit, in every capture:
  // marked Succeeded, the node's requested amounts drop by exactly its request and its pod count by one.
  int tried = 0;
  for (const auto& c : captures()) {
    auto pods = c.pods();
    for (std::size_t k = 0; k < pods.size(); ++k) {
      if (pods[k]["status"]["phase"] != "Running" || pod_requests(pods[k]).empty()) continue;
      const std::string on = pods[k]["spec"]["nodeName"];
      const auto req = pod_requests(pods[k]);
      const Verdict before = explain(c.j["pod"], c.nodes(), pods, wording_for(c.version));
      const auto& b = node_of(before, on);
      if (b.gate != Gate::kNodeResourcesFit && b.gate != Gate::kNone) continue;
      auto changed = pods;
      changed[k]["status"]["phase"] = "Succeeded";
      const Verdict after = explain(c.j["pod"], c.nodes(), changed, wording_for(c.version));
      const auto& a = node_of(after, on);
      ASSERT_EQ(a.resources.size(), b.resources.size()) << c.file;
      for (std::size_t i = 0; i < a.resources.size(); ++i) {
        const auto& r = a.resources[i].resource;
        const long long want = r == "pods" ? 1 : (req.count(r) != 0 ? req.at(r) : 0);
        EXPECT_EQ(b.resources[i].requested - a.resources[i].requested, want) << c.file << " " << r;
      }
      ++tried;
    }
  }
  EXPECT_GE(tried, 10);
}

// ---- output -----------------------------------------------------------------------------------------

TEST(WhyOutput, JsonFollowsTheSchemaInEveryLanguage) {
  for (const char* lang : {"en", "ko", "ja"}) {
    std::vector<Verdict> vs;
    for (const auto& c : captures()) {
      Verdict v = c.explain_it();
      add_scheduler_view(v, c.j["pod"], {});
      vs.push_back(std::move(v));
    }
    for (const auto& c : held_captures()) {  // not-explained and node-missing verdicts too
      Verdict v = c.explain_it();
      add_scheduler_view(v, c.j["pod"], {});
      vs.push_back(std::move(v));
    }
    ASSERT_FALSE(vs.empty());
    const json doc = report(vs, "v1.34.0", *i18n::parse_lang(lang));
    report_test::expect_valid_json("why.schema.json", {doc.dump()});
    EXPECT_EQ(doc["lang"], lang);
  }
}

TEST(WhyOutput, TablesNameEveryNodeAndFillEveryPlaceholder) {
  for (const auto& c : captures()) {
    Verdict v = c.explain_it();
    add_scheduler_view(v, c.j["pod"], {});
    for (const auto lang : i18n::kLangs) {
      const std::string t = render_table(v, lang);
      EXPECT_EQ(t.find("{node}"), std::string::npos) << t;
      EXPECT_EQ(t.find("{resource}"), std::string::npos) << t;
      if (!c.unschedulable()) continue;
      // A PreFilter refusal tried no node: it is said once, without node rows.
      if (v.prefilter_failure.empty()) {
        for (const auto& n : v.nodes) EXPECT_NE(t.find(n.node), std::string::npos) << n.node;
      } else {
        EXPECT_NE(t.find(i18n::render(msg("why.ui.prefilter", {{"reason", "pod affinity terms conflict"}}), lang)),
                  std::string::npos)
            << t;
      }
      EXPECT_NE(t.find(v.summary), std::string::npos);
      EXPECT_NE(t.find(i18n::text("why.ui.agrees", lang)), std::string::npos) << t;
    }
  }
}

// A capture the scheduler bound, unbound again: the model lets it through some nodes.
const Capture* fitting_capture() {
  return find_capture([](const Capture& c, const Verdict&) {
    if (c.unschedulable()) return false;
    json pod = c.j["pod"];
    pod["spec"].erase("nodeName");
    return explain(pod, c.nodes(), c.pods(), wording_for(c.version)).fitting_nodes() >= 2;
  });
}

// What `why` prints for several pods: each table, a blank line between two; for none, one line.
TEST(WhyOutput, SeveralTablesOrTheLineForNone) {
  ASSERT_FALSE(captures().empty());
  const Verdict v = captures().front().explain_it();
  for (const auto lang : i18n::kLangs) {
    EXPECT_EQ(render_tables({v, v}, "gpu-why", lang), render_table(v, lang) + "\n" + render_table(v, lang));
    const std::string none = render_tables({}, "team-a", lang);
    EXPECT_NE(none.find("team-a"), std::string::npos) << none;
    EXPECT_EQ(std::count(none.begin(), none.end(), '\n'), 1) << none;
    EXPECT_EQ(none.back(), '\n');
  }
}

TEST(WhyOutput, ADifferentVerdictIsSaidPlainly) {
  const Capture* c =
      find_capture([](const Capture& c, const Verdict& v) { return c.unschedulable() && v.prefilter_failure.empty(); });
  ASSERT_NE(c, nullptr);
  Verdict v = c->explain_it();
  ASSERT_FALSE(v.summary.empty());
  const std::string n = std::to_string(v.total_nodes);
  const json pod =
      with_condition(c->j["pod"], "0/" + n + " nodes are available: " + n +
                                      " node(s) didn't match PersistentVolume's node affinity. preemption: 0/" + n +
                                      " nodes are available: " + n + " Preemption is not helpful for scheduling.");
  add_scheduler_view(v, pod, {});
  ASSERT_TRUE(v.agrees.has_value());
  EXPECT_FALSE(*v.agrees);
  ASSERT_EQ(v.unmodelled_reasons.size(), 1U);
  EXPECT_EQ(v.unmodelled_reasons[0].count, v.total_nodes);
  EXPECT_EQ(v.unmodelled_reasons[0].text, "node(s) didn't match PersistentVolume's node affinity");
  EXPECT_EQ(v.outcome(), Outcome::kNotExplained);
  EXPECT_TRUE(v.summary.empty()) << "the model's FitError line would be a guess";
  const std::string t = render_table(v, i18n::Lang::kEn);
  EXPECT_NE(t.find("The scheduler's reasons differ from gpuwhy's"), std::string::npos) << t;
  EXPECT_NE(t.find("for a plugin gpuwhy does not model: node(s) didn't match PersistentVolume's node affinity"),
            std::string::npos)
      << t;
  expect_no_binding_predicted(v);
}

// the modelled gates let the pod through, the scheduler names an unmodelled plugin for
// exactly those nodes: each of them carries that reason, whole, and no binding is predicted.
TEST(WhyUnmodelled, TheSchedulersReasonIsEachPassingNodesOwn) {
  const Capture* c = fitting_capture();
  ASSERT_NE(c, nullptr);
  json pod = c->j["pod"];
  pod["spec"].erase("nodeName");
  Verdict v = explain(pod, c->nodes(), c->pods(), wording_for(c->version));
  const int fits = v.fitting_nodes();
  // The message the scheduler writes when VolumeBinding rejects the nodes the gates let through.
  std::vector<NodeVerdict> theirs = v.nodes;
  for (auto& n : theirs) {
    if (n.gate == Gate::kNone) n.reasons = {"node(s) didn't match PersistentVolume's node affinity"};
  }
  add_scheduler_view(v, with_condition(pod, summary_line(theirs, v.total_nodes, wording_for(c->version))), {});
  ASSERT_EQ(v.unmodelled_reasons.size(), 1U);
  EXPECT_EQ(v.unmodelled_reasons[0].count, fits);
  for (const auto& n : v.nodes) {
    EXPECT_EQ(n.scheduler_reasons.size(), n.gate == Gate::kNone ? 1U : 0U) << n.node;
  }
  expect_no_binding_predicted(v);
  const std::string t = render_table(v, i18n::Lang::kEn);
  int rows = 0;
  for (std::size_t at = t.find("(not modelled)"); at != std::string::npos; at = t.find("(not modelled)", at + 1)) {
    const std::string line = t.substr(at, t.find('\n', at) - at);
    EXPECT_NE(line.find("node(s) didn't match PersistentVolume's node affinity"), std::string::npos) << line;
    ++rows;
  }
  EXPECT_EQ(rows, fits) << t;
  EXPECT_NE(t.find("gpuwhy checked only NodeUnschedulable, NodeName, TaintToleration, NodeAffinity, NodePorts, "
                   "NodeResourcesFit, PodTopologySpread, InterPodAffinity; by those the pod would fit " +
                   std::to_string(fits) + " node(s)"),
            std::string::npos)
      << t;
}

// A PreFilter refusal of an unmodelled plugin: the reason is the whole pod's, quotes and all.
TEST(WhyUnmodelled, APreFilterRefusalIsQuotedWhole) {
  const Capture* c = fitting_capture();
  ASSERT_NE(c, nullptr);
  json pod = c->j["pod"];
  pod["spec"].erase("nodeName");
  Verdict v = explain(pod, c->nodes(), c->pods(), wording_for(c->version));
  const std::string n = std::to_string(v.total_nodes);
  add_scheduler_view(
      v,
      with_condition(pod,
                     "0/" + n + R"( nodes are available: persistentvolumeclaim "ho-missing" not found. not found)"),
      {});
  ASSERT_EQ(v.unmodelled_reasons.size(), 1U);
  EXPECT_EQ(v.unmodelled_reasons[0].count, -1);
  EXPECT_EQ(v.unmodelled_reasons[0].text, R"(persistentvolumeclaim "ho-missing" not found)");
  for (const auto& nv : v.nodes) EXPECT_TRUE(nv.scheduler_reasons.empty()) << nv.node;
  expect_no_binding_predicted(v);
  EXPECT_EQ(to_json(v, "en")["scheduler"]["unmodelled_reasons"][0]["count"], nullptr);
}

// The scheduler said no with only modelled reasons, yet the gates let the pod through (the cluster
// changed, or an unmodelled plugin wrote a modelled-looking line): said so, no binding predicted.
TEST(WhyUnmodelled, SchedulerSaysNoWhereTheGatesSayYes) {
  const Capture* fit = fitting_capture();
  const Capture* no =
      find_capture([](const Capture& c, const Verdict& v) { return c.unschedulable() && v.prefilter_failure.empty(); });
  ASSERT_NE(fit, nullptr);
  ASSERT_NE(no, nullptr);
  json pod = fit->j["pod"];
  pod["spec"].erase("nodeName");
  Verdict v = explain(pod, fit->nodes(), fit->pods(), wording_for(fit->version));
  add_scheduler_view(v, with_condition(pod, no->j["scheduler"]), {});
  EXPECT_TRUE(v.unmodelled_reasons.empty());
  expect_no_binding_predicted(v);
  EXPECT_NE(render_table(v, i18n::Lang::kEn).find("the scheduler's last try found no node"), std::string::npos);
}

// A pod whose spec needs an unmodelled plugin, not yet tried by the scheduler: the gates pass, but
// the binding is not gpuwhy's to predict.
TEST(WhyUnmodelled, AnUnmodelledSpecIsNoBinding) {
  const Capture* c = fitting_capture();
  ASSERT_NE(c, nullptr);
  json pod = c->j["pod"];
  pod["spec"].erase("nodeName");
  Verdict plain = explain(pod, c->nodes(), c->pods(), wording_for(c->version));
  EXPECT_EQ(plain.outcome(), Outcome::kExplained);
  EXPECT_EQ(why::exit_code({plain}), kExitPass);
  // Scoring only (preferred anti-affinity, a ScheduleAnyway spread): no filter, the same verdict.
  const json term = {{"labelSelector", {{"matchLabels", {{"app", "x"}}}}}, {"topologyKey", "kubernetes.io/hostname"}};
  pod["spec"]["affinity"]["podAntiAffinity"]["preferredDuringSchedulingIgnoredDuringExecution"] =
      json::array({{{"weight", 10}, {"podAffinityTerm", term}}});
  pod["spec"]["topologySpreadConstraints"] = json::array({{{"maxSkew", 1},
                                                           {"topologyKey", "zone"},
                                                           {"whenUnsatisfiable", "ScheduleAnyway"},
                                                           {"labelSelector", term["labelSelector"]}}});
  const Verdict soft = explain(pod, c->nodes(), c->pods(), wording_for(c->version));
  EXPECT_EQ(soft.outcome(), Outcome::kExplained);
  EXPECT_TRUE(soft.not_modelled.empty());
  // A required anti-affinity is a modelled gate: no pod it selects runs anywhere, the same verdict.
  pod["spec"]["affinity"]["podAntiAffinity"]["requiredDuringSchedulingIgnoredDuringExecution"] = json::array({term});
  const Verdict anti = explain(pod, c->nodes(), c->pods(), wording_for(c->version));
  EXPECT_EQ(anti.outcome(), Outcome::kExplained);
  EXPECT_EQ(anti.fitting_nodes(), plain.fitting_nodes());
  EXPECT_TRUE(anti.not_modelled.empty());
  // A persistent volume is VolumeBinding's, which the model does not have.
  pod["spec"]["volumes"] = json::array({{{"name", "data"}, {"persistentVolumeClaim", {{"claimName", "data"}}}}});
  Verdict v = explain(pod, c->nodes(), c->pods(), wording_for(c->version));
  EXPECT_EQ(v.outcome(), Outcome::kNotExplained);
  expect_no_binding_predicted(v);
}

// Lab step 5: `trainer` runs on lab-node-0 when the node is tainted; the taint does not evict it.
// A bound pod is past the scheduler: no FitError line, exit 0.
TEST(WhyBound, ABoundPodHasNoSummary) {
  const Capture* c = find_capture([](const Capture& c, const Verdict&) { return !c.unschedulable(); });
  ASSERT_NE(c, nullptr);
  std::vector<json> nodes = c->nodes();
  for (auto& n : nodes) {
    if (n["metadata"]["name"] == c->j["scheduler"]) {
      n["spec"]["taints"] = json::array({{{"key", "gpuwhy.test/after"}, {"effect", "NoSchedule"}}});
    }
  }
  const Verdict v = explain(c->j["pod"], nodes, c->pods(), wording_for(c->version));
  EXPECT_EQ(v.fitting_nodes(), 0) << "the taint now keeps the pod off its own node";
  EXPECT_TRUE(v.summary.empty()) << v.summary;
  EXPECT_EQ(v.outcome(), Outcome::kBound);
  EXPECT_EQ(to_json(v, "en")["summary"], nullptr);
  EXPECT_EQ(why::exit_code({v}), kExitPass);
}

// spec.nodeName names no node: its own verdict, exit 1, and never "bound".
TEST(WhyBound, AGhostNodeIsItsOwnVerdict) {
  const Capture* c = find_capture([](const Capture& c, const Verdict&) { return !c.unschedulable(); });
  ASSERT_NE(c, nullptr);
  json pod = c->j["pod"];
  pod["spec"]["nodeName"] = "ghost-node";
  pod["status"]["phase"] = "Pending";
  Verdict v = explain(pod, c->nodes(), c->pods(), wording_for(c->version));
  add_scheduler_view(v, pod, {});
  EXPECT_FALSE(v.node_exists);
  EXPECT_EQ(v.outcome(), Outcome::kNodeMissing);
  EXPECT_TRUE(v.summary.empty());
  EXPECT_EQ(to_json(v, "en")["outcome"], "node-missing");
  EXPECT_EQ(why::exit_code({v}), kExitFail);
  for (const auto lang : i18n::kLangs) {
    const std::string t = render_table(v, lang);
    EXPECT_NE(t.find(i18n::render(msg("why.ui.node-missing", {{"node", "ghost-node"}}), lang)), std::string::npos) << t;
    EXPECT_EQ(t.find(i18n::render(msg("why.ui.bound", {{"node", "ghost-node"}}), lang)), std::string::npos) << t;
  }
  // With --all the highest code wins: a not-explained pod beside it makes 4.
  Verdict other = v;
  other.node_name.clear();
  other.unmodelled_reasons.push_back({-1, "x"});
  EXPECT_EQ(why::exit_code({v, other}), kExitNotExplained);
}

TEST(WhyOutput, TablesFitTheTerminalWidthAndKeepEveryWord) {
  std::vector<const Capture*> all;
  for (const auto& c : captures()) all.push_back(&c);
  static const std::vector<Capture> held = held_captures();
  for (const auto& c : held) all.push_back(&c);
  const auto squeezed = [](const std::string& t) {
    std::string out;
    for (const char ch : t) {
      if (ch != ' ' && ch != '\n') out += ch;
    }
    return out;
  };
  int wrapped = 0;
  for (const Capture* c : all) {
    Verdict v = c->explain_it();
    add_scheduler_view(v, c->j["pod"], c->j["events"].get<std::vector<json>>());
    for (const auto lang : i18n::kLangs) {
      const std::string wide = render_table(v, lang);
      for (const std::size_t width : {40U, 80U, 120U}) {
        const std::string t = render_table(v, lang, width);
        for (const auto& line : text::lines(t)) {
          const bool one_token = line.find(' ', line.find_first_not_of(' ')) == std::string::npos;
          EXPECT_TRUE(text::display_width(line) <= width || one_token) << c->file << " at " << width << ":\n" << t;
        }
        EXPECT_EQ(squeezed(t), squeezed(wide)) << c->file;
        wrapped += t != wide ? 1 : 0;
      }
      if (lang == i18n::Lang::kKo) {
        for (const char* form : {"을(를)", "이(가)", "은(는)"}) EXPECT_EQ(wide.find(form), std::string::npos) << wide;
      }
    }
  }
  EXPECT_GT(wrapped, 0);
}

}  // namespace
}  // namespace gpuwhy::why
