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

namespace gpuwhy::why {
namespace {

using nlohmann::json;
namespace fs = std::filesystem;
using k8s::pod_requests;
using report_test::read_text;
using report_test::source_dir;

constexpr const char* kVersions[] = {"v1.33.13", "v1.34.0", "v1.37.2"};

struct Capture {
  std::string version;
  std::string file;
  json j;
  [[nodiscard]] std::vector<json> nodes() const { return j["nodes"].get<std::vector<json>>(); }
  [[nodiscard]] std::vector<json> pods() const { return j["pods"].get<std::vector<json>>(); }
  [[nodiscard]] bool unschedulable() const { return j["verdict"] == "unschedulable"; }
  [[nodiscard]] std::vector<json> pdbs() const { return j.value("pdbs", json::array()).get<std::vector<json>>(); }
  [[nodiscard]] Verdict explain_it() const {
    return explain(j["pod"], nodes(), pods(), wording_for(j["server_version"].get<std::string>()), pdbs());
  }
};

const std::vector<Capture>& captures() {
  static const std::vector<Capture> all = [] {
    std::vector<Capture> out;
    for (const char* v : kVersions) {
      const fs::path dir = source_dir() / "fixtures" / "why" / v;
      if (!fs::is_directory(dir)) continue;
      std::vector<fs::path> files;
      for (const auto& e : fs::directory_iterator(dir)) files.push_back(e.path());
      std::sort(files.begin(), files.end());
      for (const auto& f : files) out.push_back({v, f.filename().string(), json::parse(read_text(f))});
    }
    return out;
  }();
  return all;
}

std::vector<Capture> held_captures();

std::vector<const Capture*> of_version(const std::string& v) {
  std::vector<const Capture*> out;
  for (const auto& c : captures()) {
    if (c.version == v) out.push_back(&c);
  }
  return out;
}

const NodeVerdict& node_of(const Verdict& v, const std::string& name) {
  for (const auto& n : v.nodes) {
    if (n.node == name) return n;
  }
  static const NodeVerdict kNone;
  ADD_FAILURE() << "no node " << name;
  return kNone;
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

// The PodScheduled condition of `pod` says `message` instead of what the scheduler wrote.
json with_condition(json pod, const std::string& message) {
  bool found = false;
  for (auto& cond : pod["status"]["conditions"]) {
    if (cond["type"] != "PodScheduled") continue;
    cond["status"] = "False";
    cond["message"] = message;
    found = true;
  }
  if (!found)
    pod["status"]["conditions"].push_back({{"type", "PodScheduled"}, {"status", "False"}, {"message", message}});
  return pod;
}

// The table of every language, and what `why` exits with.
void expect_no_binding_predicted(const Verdict& v) {
  for (const auto lang : i18n::kLangs) {
    const std::string t = render_table(v, lang);
    // The sentence after the node names: "The scheduler should bind it at its next try."
    const std::string fits_on = i18n::text("why.ui.fits-on", lang);
    const std::string bind = fits_on.substr(fits_on.find("{nodes}") + 7);
    ASSERT_GT(bind.size(), 8U);
    EXPECT_EQ(t.find(bind), std::string::npos) << t;
    EXPECT_NE(t.find(i18n::text("why.ui.not-explained", lang)), std::string::npos) << t;
    for (const auto& r : v.unmodelled_reasons) EXPECT_NE(t.find(r.text), std::string::npos) << r.text << "\n" << t;
  }
  EXPECT_EQ(why::exit_code({v}), kExitNotExplained);
  EXPECT_EQ(to_json(v, "en")["summary"], nullptr);
  EXPECT_EQ(to_json(v, "en")["outcome"], "not-explained");
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
                                      " node(s) didn't match pod topology spread constraints. preemption: 0/" + n +
                                      " nodes are available: " + n + " Preemption is not helpful for scheduling.");
  add_scheduler_view(v, pod, {});
  ASSERT_TRUE(v.agrees.has_value());
  EXPECT_FALSE(*v.agrees);
  ASSERT_EQ(v.unmodelled_reasons.size(), 1U);
  EXPECT_EQ(v.unmodelled_reasons[0].count, v.total_nodes);
  EXPECT_EQ(v.unmodelled_reasons[0].text, "node(s) didn't match pod topology spread constraints");
  EXPECT_EQ(v.outcome(), Outcome::kNotExplained);
  EXPECT_TRUE(v.summary.empty()) << "the model's FitError line would be a guess";
  const std::string t = render_table(v, i18n::Lang::kEn);
  EXPECT_NE(t.find("The scheduler's reasons differ from gpuwhy's"), std::string::npos) << t;
  EXPECT_NE(t.find("for a plugin gpuwhy does not model: node(s) didn't match pod topology spread constraints"),
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
  // The message the scheduler writes when InterPodAffinity rejects the nodes the gates let through.
  std::vector<NodeVerdict> theirs = v.nodes;
  for (auto& n : theirs) {
    if (n.gate == Gate::kNone) n.reasons = {"node(s) didn't match pod anti-affinity rules"};
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
    EXPECT_NE(line.find("node(s) didn't match pod anti-affinity rules"), std::string::npos) << line;
    ++rows;
  }
  EXPECT_EQ(rows, fits) << t;
  EXPECT_NE(t.find("gpuwhy checked only NodeUnschedulable, NodeName, TaintToleration, NodeAffinity, NodePorts, "
                   "NodeResourcesFit; by those the pod would fit " +
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
  pod["spec"]["affinity"]["podAntiAffinity"]["requiredDuringSchedulingIgnoredDuringExecution"] = json::array({term});
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

// ---- held out: the real scheduler where the modelled plugins do not decide ----------------

// fixtures/why-held/<version>/held-*.json, recorded by tests/integration/why_held.py (on v1.34.0
// only so far: fixtures/cluster/record-why records them on any version).
std::vector<Capture> held_captures() {
  std::vector<Capture> out;
  for (const char* v : kVersions) {
    const fs::path dir = source_dir() / "fixtures" / "why-held" / v;
    if (!fs::is_directory(dir)) continue;
    std::vector<fs::path> files;
    for (const auto& e : fs::directory_iterator(dir)) files.push_back(e.path());
    std::sort(files.begin(), files.end());
    for (const auto& f : files) out.push_back({v, f.filename().string(), json::parse(read_text(f))});
  }
  return out;
}

// What each held-out scenario aims at, as a phrase of the scheduler's reason.
const std::map<std::string, std::string>& held_phrases() {
  static const std::map<std::string, std::string> kPhrases = {
      {"anti-affinity-own", "anti-affinity"},
      {"anti-affinity-existing", "anti-affinity"},
      {"topology-spread", "topology spread"},
      {"claim-missing", "\"ho-missing\" not found"},
      {"claim-other-node", "PersistentVolume's node affinity"},
  };
  return kPhrases;
}

TEST(WhyHeld, EveryUnmodelledPluginIsNamedNeverGuessed) {
  std::set<std::string> seen;
  for (const auto& c : held_captures()) {
    const std::string scenario = c.j["scenario"];
    if (held_phrases().count(scenario) == 0) continue;  // the states below: gates, schedulers, nodes
    seen.insert(scenario);
    Verdict v = c.explain_it();
    add_scheduler_view(v, c.j["pod"], c.j["events"].get<std::vector<json>>());
    EXPECT_EQ(v.scheduler_message, c.j["scheduler"]) << c.file;
    ASSERT_FALSE(v.unmodelled_reasons.empty()) << c.file << ": " << v.scheduler_message;
    bool named = false;
    int counted = 0;
    for (const auto& r : v.unmodelled_reasons) {
      named = named || r.text.find(held_phrases().at(scenario)) != std::string::npos;
      // Quoted whole: each reason is in the scheduler's message as written.
      EXPECT_NE(v.scheduler_message.find(r.text), std::string::npos) << r.text;
      counted += std::max(r.count, 0);
    }
    EXPECT_TRUE(named) << c.file << ": " << v.scheduler_message;
    if (counted > 0) {
      EXPECT_EQ(counted, v.fitting_nodes()) << c.file << ": the unmodelled filters rejected the nodes the gates passed";
      for (const auto& n : v.nodes) EXPECT_EQ(n.scheduler_reasons.empty(), n.gate != Gate::kNone) << n.node;
    }
    expect_no_binding_predicted(v);
  }
  EXPECT_EQ(seen.size(), held_phrases().size()) << "record with fixtures/cluster/record-why";
}

TEST(WhyHeld, TheGhostNodeIsNotABinding) {
  int ghosts = 0;
  for (const auto& c : held_captures()) {
    if (c.j["scenario"] != "ghost-node") continue;
    ++ghosts;
    Verdict v = c.explain_it();
    add_scheduler_view(v, c.j["pod"], c.j["events"].get<std::vector<json>>());
    EXPECT_EQ(v.outcome(), Outcome::kNodeMissing) << c.file;
    EXPECT_EQ(to_json(v, "en")["summary"], nullptr);
    EXPECT_EQ(why::exit_code({v}), kExitFail);
  }
  EXPECT_GE(ghosts, 1) << "record with fixtures/cluster/record-why";
}

std::vector<const Capture*> held_of(const std::set<std::string>& scenarios) {
  static const std::vector<Capture> all = held_captures();
  std::vector<const Capture*> out;
  for (const auto& c : all) {
    if (scenarios.count(c.j["scenario"].get<std::string>()) != 0) out.push_back(&c);
  }
  return out;
}

// Created with a scheduling gate, read by gpuwhy, then ungated: the capture is the gated pod and
// what the scheduler did once the gate went. The apiserver's "Scheduling is blocked due to
// non-empty scheduling gates" is no scheduler's verdict; the prediction is the scheduler's.
TEST(WhyHeld, AGatedPodIsAStateAndItsPredictionHolds) {
  const auto cs = held_of({"gated-fits", "gated-no-fit", "soft-constraints"});
  EXPECT_EQ(cs.size(), 3U) << "record with fixtures/cluster/record-why";
  for (const Capture* c : cs) {
    Verdict v = c->explain_it();
    add_scheduler_view(v, c->j["pod"], c->j["events"].get<std::vector<json>>());
    EXPECT_TRUE(v.gated) << c->file;
    EXPECT_EQ(v.scheduling_gates, std::vector<std::string>{"gpuwhy.example/hold"}) << c->file;
    EXPECT_TRUE(v.scheduler_message.empty()) << c->file << ": " << v.scheduler_message;
    EXPECT_TRUE(v.unmodelled_reasons.empty()) << c->file;
    EXPECT_TRUE(v.not_modelled.empty()) << c->file << ": scoring-only constraints never filter";
    EXPECT_EQ(v.outcome(), Outcome::kExplained) << c->file;
    EXPECT_EQ(why::exit_code({v}), kExitPass) << c->file;
    EXPECT_EQ(to_json(v, "en")["scheduling_gates"], json::array({"gpuwhy.example/hold"}));
    if (c->unschedulable()) {
      EXPECT_EQ(v.fitting_nodes(), 0) << c->file;
      EXPECT_EQ(v.summary, c->j["scheduler"]) << c->file;
    } else {
      EXPECT_EQ(c->j["verdict"], "scheduled") << c->file;
      EXPECT_EQ(node_of(v, c->j["scheduler"]).gate, Gate::kNone) << c->file << ": bound to " << c->j["scheduler"];
    }
    for (const auto lang : i18n::kLangs) {
      const std::string t = render_table(v, lang);
      EXPECT_NE(t.find(i18n::render(msg("why.ui.gated", {{"gates", "gpuwhy.example/hold"}}), lang)), std::string::npos)
          << t;
      EXPECT_EQ(t.find(i18n::text("why.ui.not-explained", lang)), std::string::npos) << t;
      const std::string fits = i18n::text("why.ui.gated-fits-on", lang);
      EXPECT_EQ(t.find(fits.substr(0, fits.find('{'))) != std::string::npos, v.fitting_nodes() > 0) << t;
    }
    // The same pod without its gate: the same prediction, the usual words.
    json pod = c->j["pod"];
    pod["spec"].erase("schedulingGates");
    Verdict ungated = explain(pod, c->nodes(), c->pods(), wording_for(c->version));
    EXPECT_EQ(ungated.outcome(), Outcome::kExplained) << c->file;
    EXPECT_EQ(ungated.fitting_nodes(), v.fitting_nodes()) << c->file;
  }
}

// spec.schedulerName no scheduler serves: nobody wrote a verdict; no binding is predicted.
TEST(WhyHeld, AnUnservedSchedulerIsSaidAndNoBindingPredicted) {
  const auto cs = held_of({"unserved-scheduler"});
  ASSERT_EQ(cs.size(), 1U) << "record with fixtures/cluster/record-why";
  Verdict v = cs[0]->explain_it();
  add_scheduler_view(v, cs[0]->j["pod"], cs[0]->j["events"].get<std::vector<json>>());
  EXPECT_GT(v.fitting_nodes(), 0);
  EXPECT_EQ(v.outcome(), Outcome::kUnservedScheduler);
  EXPECT_EQ(why::exit_code({v}), kExitNotExplained);
  EXPECT_TRUE(v.summary.empty());
  EXPECT_EQ(to_json(v, "en")["outcome"], "unserved-scheduler");
  for (const auto lang : i18n::kLangs) {
    const std::string t = render_table(v, lang);
    EXPECT_NE(t.find(i18n::render(msg("why.ui.unserved-scheduler", {{"name", "gpuwhy-nobody"}}), lang)),
              std::string::npos)
        << t;
    const std::string fits_on = i18n::text("why.ui.fits-on", lang);
    EXPECT_EQ(t.find(fits_on.substr(fits_on.find("{nodes}") + 7)), std::string::npos) << t;
  }
}

// A Running pod whose node was deleted: the node is missing, and the words fit its phase.
TEST(WhyHeld, ANodeDeletedUnderARunningPodIsNotSaidToStayPending) {
  const auto cs = held_of({"node-gone"});
  ASSERT_EQ(cs.size(), 1U) << "record with fixtures/cluster/record-why";
  Verdict v = cs[0]->explain_it();
  add_scheduler_view(v, cs[0]->j["pod"], cs[0]->j["events"].get<std::vector<json>>());
  EXPECT_EQ(v.phase, "Running");
  EXPECT_EQ(v.outcome(), Outcome::kNodeMissing);
  EXPECT_EQ(why::exit_code({v}), kExitFail);
  for (const auto lang : i18n::kLangs) {
    const std::string t = render_table(v, lang);
    const std::map<std::string, std::string> args = {{"node", v.node_name}, {"phase", "Running"}};
    EXPECT_NE(t.find(i18n::render(msg("why.ui.node-gone", args), lang)), std::string::npos) << t;
    EXPECT_EQ(t.find(i18n::render(msg("why.ui.node-missing", args), lang)), std::string::npos) << t;
  }
}

// ---- priority and preemption: created gated, read by gpuwhy, then ungated ----------------------

std::vector<std::string> victim_names(const std::vector<Victim>& victims) {
  std::vector<std::string> out;
  for (const auto& v : victims) out.push_back(v.pod.substr(v.pod.find('/') + 1));
  return out;
}

std::string victims_shown(const std::vector<Victim>& victims, i18n::Lang lang) {
  std::string out;
  for (const auto& v : victims) {
    out += (out.empty() ? "" : ", ") +
           i18n::render(msg("why.ui.victim", {{"pod", v.pod}, {"priority", std::to_string(v.priority)}}), lang);
  }
  return out;
}

// A higher-priority pod that fits no node until lower-priority pods go: gpuwhy names the node and
// the minimal victim set (the more important of the two lower pods is reprieved), and writes the
// FailedScheduling line the scheduler wrote before it evicted (no preemption tail: the preemption
// succeeded). The scheduler then evicted exactly those victims and bound the pod there.
TEST(WhyHeld, APreemptingPodNamesTheVictimsTheSchedulerEvicts) {
  // preempt-pick: two nodes, one eviction each; the node whose victim has the lower priority wins.
  const auto cs = held_of({"preempt-victim", "preempt-pick"});
  ASSERT_EQ(cs.size(), 2U) << "record with fixtures/cluster/record-why";
  for (const Capture* c : cs) {
    Verdict v = c->explain_it();
    add_scheduler_view(v, c->j["pod"], c->j["events"].get<std::vector<json>>());
    EXPECT_EQ(v.priority, 1000);
    EXPECT_EQ(v.priority_class, "why-held-high");
    EXPECT_EQ(v.fitting_nodes(), 0);
    ASSERT_EQ(v.preemption.state, Preemption::State::kCandidate) << c->file;
    EXPECT_EQ(v.preemption.node, c->j["scheduler"]) << c->file;
    EXPECT_TRUE(v.preemption.tied.empty()) << c->file;
    EXPECT_EQ(victim_names(v.preemption.victims), c->j["evicted"].get<std::vector<std::string>>()) << c->file;
    EXPECT_EQ(v.outcome(), Outcome::kExplained) << c->file;
    EXPECT_EQ(why::exit_code({v}), kExitPass);
    const auto written = c->j["failed_scheduling"].get<std::vector<std::string>>();
    EXPECT_NE(std::find(written.begin(), written.end(), v.summary), written.end()) << v.summary;
    const json j = to_json(v, "en");
    EXPECT_EQ(j["preemption"]["state"], "candidate");
    EXPECT_EQ(j["preemption"]["victims"][0]["pod"], "why-diff/low-a");
    EXPECT_EQ(node_of(v, v.preemption.node).victims.size(), 1U);
    for (const auto lang : i18n::kLangs) {
      const std::string t = render_table(v, lang);
      const std::string said = i18n::render(
          msg("why.ui.preempts", {{"node", v.preemption.node}, {"victims", victims_shown(v.preemption.victims, lang)}}),
          lang);
      EXPECT_NE(t.find(said), std::string::npos) << t;
      const std::map<std::string, std::string> args = {
          {"priority", "1000"}, {"class", "why-held-high"}, {"policy", "PreemptLowerPriority"}};
      EXPECT_NE(t.find(i18n::render(msg("why.ui.priority", args), lang)), std::string::npos) << t;
    }
  }
}

// A Pending pod an earlier preemption nominated to a node counts there for the scheduler when its
// priority is at least this pod's: the model does not count it, so it is named and nothing is
// predicted. One of lower priority is not counted by the scheduler either.
TEST(WhyHeld, APodNominatedByAnEarlierPreemptionIsNamed) {
  const auto cs = held_of({"preempt-victim"});
  ASSERT_EQ(cs.size(), 1U) << "record with fixtures/cluster/record-why";
  const Capture& c = *cs[0];
  json other = c.j["pod"];
  other["metadata"]["name"] = "nominated";
  other["spec"].erase("schedulingGates");
  other["status"]["nominatedNodeName"] = c.j["scheduler"];
  std::vector<json> pods = c.pods();
  pods.push_back(other);
  const Verdict v = explain(c.j["pod"], c.nodes(), pods, wording_for(c.version), c.pdbs());
  ASSERT_FALSE(v.not_modelled.empty());
  EXPECT_NE(v.not_modelled.back().what.find("why-diff/nominated -> " + c.j["scheduler"].get<std::string>()),
            std::string::npos)
      << v.not_modelled.back().what;
  EXPECT_EQ(v.outcome(), Outcome::kNotExplained);
  pods.back()["spec"]["priority"] = 0;
  EXPECT_EQ(explain(c.j["pod"], c.nodes(), pods, wording_for(c.version), c.pdbs()).outcome(), Outcome::kExplained);
}

// Past 100 candidate nodes the scheduler's dry run stops at a sample taken from a random offset:
// which node it preempts on is chance, so it is named and nothing is predicted. The recorded pick
// with its chosen node and victim copied 100 times over.
TEST(WhyHeld, ASampledPreemptionIsNamedNotGuessed) {
  const auto cs = held_of({"preempt-pick"});
  ASSERT_EQ(cs.size(), 1U) << "record with fixtures/cluster/record-why";
  const Capture& c = *cs[0];
  const std::string chosen = c.j["scheduler"];
  std::vector<json> nodes = c.nodes();
  std::vector<json> pods = c.pods();
  const std::size_t base_nodes = nodes.size();
  const std::size_t base_pods = pods.size();
  for (int k = 0; k < 100; ++k) {
    for (std::size_t n = 0; n < base_nodes; ++n) {
      if (nodes[n]["metadata"]["name"] != chosen) continue;
      json copy = nodes[n];
      copy["metadata"]["name"] = chosen + "-" + std::to_string(k);
      nodes.push_back(copy);
    }
    for (std::size_t p = 0; p < base_pods; ++p) {
      if (pods[p]["spec"]["nodeName"] != chosen) continue;
      json copy = pods[p];
      copy["metadata"]["name"] = pods[p]["metadata"]["name"].get<std::string>() + "-" + std::to_string(k);
      copy["spec"]["nodeName"] = chosen + "-" + std::to_string(k);
      pods.push_back(copy);
    }
  }
  const Verdict v = explain(c.j["pod"], nodes, pods, wording_for(c.version), c.pdbs());
  EXPECT_EQ(v.preemption.state, Preemption::State::kCandidate);
  EXPECT_EQ(v.outcome(), Outcome::kNotExplained);
  ASSERT_FALSE(v.not_modelled.empty());
  EXPECT_NE(v.not_modelled.front().what.find("DefaultPreemption's sample of 100 of 102 candidate nodes"),
            std::string::npos)
      << v.not_modelled.front().what;
}

// preemptionPolicy: Never, and lower-priority pods that cannot free enough room: the summary is the
// scheduler's message byte for byte, tail included.
TEST(WhyHeld, ThePreemptionTailIsTheSchedulers) {
  const auto cs = held_of({"preempt-never", "preempt-not-enough"});
  ASSERT_EQ(cs.size(), 2U) << "record with fixtures/cluster/record-why";
  for (const Capture* c : cs) {
    Verdict v = c->explain_it();
    add_scheduler_view(v, c->j["pod"], c->j["events"].get<std::vector<json>>());
    EXPECT_EQ(c->j["verdict"], "unschedulable") << c->file;
    EXPECT_EQ(v.summary, c->j["scheduler"]) << c->file;
    EXPECT_EQ(v.outcome(), Outcome::kExplained) << c->file;
    EXPECT_EQ(why::exit_code({v}), kExitPass) << c->file;
    const bool never = c->j["scenario"] == "preempt-never";
    EXPECT_EQ(v.preemption.state, never ? Preemption::State::kIneligible : Preemption::State::kNoCandidate);
    EXPECT_EQ(to_json(v, "en")["preemption_policy"], never ? "Never" : "PreemptLowerPriority");
    for (const auto lang : i18n::kLangs) {
      const std::string t = render_table(v, lang);
      EXPECT_NE(t.find(i18n::text(never ? "why.ui.preempt-never" : "why.ui.preempt-none", lang)), std::string::npos)
          << t;
      EXPECT_NE(t.find(i18n::render(msg("why.ui.gated-summary", {{"summary", v.summary}}), lang)), std::string::npos)
          << t;
    }
    // The same pod allowed to preempt, or of the lower pods' priority: another line, not theirs.
    json pod = c->j["pod"];
    if (never) {
      pod["spec"].erase("preemptionPolicy");
    } else {
      pod["spec"]["priority"] = 0;
    }
    Verdict flat = explain(pod, c->nodes(), c->pods(), wording_for(c->version), c->pdbs());
    EXPECT_NE(flat.summary, c->j["scheduler"]) << c->file;
    // Read beside the scheduler's message (its condition once ungated): the same tail agrees, another
    // (the same reasons before it) does not.
    const auto refused = [&c](json p) {
      p["spec"].erase("schedulingGates");
      p = with_condition(p, c->j["scheduler"]);
      for (auto& cond : p["status"]["conditions"]) cond["reason"] = "Unschedulable";
      return p;
    };
    Verdict seen = c->explain_it();
    add_scheduler_view(seen, refused(c->j["pod"]), {});
    EXPECT_EQ(seen.agrees, std::optional<bool>(true)) << c->file;
    add_scheduler_view(flat, refused(pod), {});
    EXPECT_EQ(flat.agrees, std::optional<bool>(false)) << c->file;
  }
}

// The victim is guarded by a PodDisruptionBudget: named, and no binding predicted (exit 4); the
// scheduler evicted it all the same (a budget is best effort for preemption). Without the budget
// the same capture is explained.
TEST(WhyHeld, ABudgetTheEvictionWouldViolateIsNamedNeverGuessed) {
  const auto cs = held_of({"preempt-pdb"});
  ASSERT_EQ(cs.size(), 1U) << "record with fixtures/cluster/record-why";
  const Capture& c = *cs[0];
  Verdict v = c.explain_it();
  add_scheduler_view(v, c.j["pod"], c.j["events"].get<std::vector<json>>());
  EXPECT_EQ(v.preemption.pdb_violations, std::vector<std::string>{"why-diff/why-held-guard (why-diff/low-a)"});
  EXPECT_EQ(v.outcome(), Outcome::kNotExplained);
  EXPECT_EQ(why::exit_code({v}), kExitNotExplained);
  EXPECT_TRUE(v.summary.empty());
  EXPECT_EQ(c.j["evicted"], json::array({"low-a"}));
  for (const auto lang : i18n::kLangs) {
    const std::string t = render_table(v, lang);
    EXPECT_NE(t.find(i18n::render(msg("why.ui.not-modelled",
                                      {{"what", "PodDisruptionBudget why-diff/why-held-guard (why-diff/low-a)"}}),
                                  lang)),
              std::string::npos)
        << t;
    EXPECT_NE(t.find(i18n::text("why.ui.not-explained", lang)), std::string::npos) << t;
  }
  const Verdict unguarded = explain(c.j["pod"], c.nodes(), c.pods(), wording_for(c.version), {});
  EXPECT_EQ(unguarded.outcome(), Outcome::kExplained);
  EXPECT_EQ(victim_names(unguarded.preemption.victims), c.j["evicted"].get<std::vector<std::string>>());
  // Budgets that could not be read: no preemption is predicted either.
  const Verdict unread = explain(c.j["pod"], c.nodes(), c.pods(), wording_for(c.version), {}, false);
  EXPECT_EQ(unread.outcome(), Outcome::kNotExplained);
}

// A bound pod's required anti-affinity repels the gated pod from the one node the modelled gates
// let it through: named (which pod), no binding predicted; the scheduler then refused it for that.
TEST(WhyHeld, ABoundPodsAntiAffinityIsNamedNeverGuessedPast) {
  const auto cs = held_of({"anti-affinity-bound-gated"});
  ASSERT_EQ(cs.size(), 1U) << "record with fixtures/cluster/record-why";
  const Capture& c = *cs[0];
  Verdict v = c.explain_it();
  add_scheduler_view(v, c.j["pod"], c.j["events"].get<std::vector<json>>());
  EXPECT_EQ(v.fitting_nodes(), 1);
  ASSERT_FALSE(v.not_modelled.empty());
  EXPECT_NE(v.not_modelled.back().what.find("required anti-affinity of bound pods: why-diff/guard"), std::string::npos);
  EXPECT_EQ(v.outcome(), Outcome::kNotExplained);
  EXPECT_EQ(why::exit_code({v}), kExitNotExplained);
  EXPECT_NE(c.j["scheduler"].get<std::string>().find("existing pods anti-affinity rules"), std::string::npos);
  // Without the bound pod's terms, the same capture fits and is explained.
  std::vector<json> pods = c.pods();
  for (auto& p : pods) p["spec"].erase("affinity");
  const Verdict plain = explain(c.j["pod"], c.nodes(), pods, wording_for(c.version));
  EXPECT_EQ(plain.outcome(), Outcome::kExplained);
  // Terms that do not select this pod (other labels, or another namespace) repel nothing.
  json other = c.j["pod"];
  other["metadata"]["labels"]["why.gpuwhy/app"] = "welcome";
  EXPECT_EQ(explain(other, c.nodes(), c.pods(), wording_for(c.version)).outcome(), Outcome::kExplained);
  json elsewhere = c.j["pod"];
  elsewhere["metadata"]["namespace"] = "ml";
  EXPECT_EQ(explain(elsewhere, c.nodes(), c.pods(), wording_for(c.version)).outcome(), Outcome::kExplained);
}

// At a terminal's width no line is wider (a single unbreakable token aside), and the words are
// those of the unwrapped table: only the spaces and line breaks move. Korean particles follow the
// catalog's rule: never the "을(를)" form for a value whose last sound is known.
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
