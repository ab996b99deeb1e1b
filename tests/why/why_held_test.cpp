// `gpuwhy why` held out: the real scheduler where the modelled plugins do not decide, recorded by
// tests/integration/why_held.py into fixtures/why-held/<version>/held-*.json (fixtures/cluster/record-why
// records them on any version): gated pods, unserved schedulers, ghost nodes, preemption and its
// victims, budgets and a bound pod's anti-affinity. No cluster JSON here is typed by hand.
#include <gtest/gtest.h>

#include <algorithm>
#include <cctype>
#include <functional>
#include <map>
#include <set>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "gpuwhy/base/error.h"
#include "gpuwhy/base/text.h"
#include "gpuwhy/i18n/i18n.h"
#include "gpuwhy/k8s/pod_affinity.h"
#include "gpuwhy/k8s/requests.h"
#include "gpuwhy/k8s/topology_spread.h"
#include "gpuwhy/why/render.h"
#include "gpuwhy/why/why.h"
#include "report_common_test.h"
#include "why_captures.h"

namespace gpuwhy::why {
namespace {

using nlohmann::json;
using test::Capture;
using test::expect_no_binding_predicted;
using test::held_captures;
using test::node_of;
using test::with_condition;

const std::map<std::string, std::string>& held_phrases() {
  static const std::map<std::string, std::string> kPhrases = {
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
  // preempt-anti-affinity: the cpu fits, the pod's anti-affinity does not; the pod it refuses goes.
  const auto cs = held_of({"preempt-victim", "preempt-pick", "preempt-anti-affinity"});
  ASSERT_EQ(cs.size(), 3U) << "record with fixtures/cluster/record-why";
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
TEST(WhyHeld, ABoundPodsAntiAffinityIsTheGateOfItsNode) {
  const auto cs = held_of({"anti-affinity-bound-gated"});
  ASSERT_EQ(cs.size(), 1U) << "record with fixtures/cluster/record-why";
  const Capture& c = *cs[0];
  Verdict v = c.explain_it();
  add_scheduler_view(v, c.j["pod"], c.j["events"].get<std::vector<json>>());
  EXPECT_EQ(v.fitting_nodes(), 0);
  EXPECT_TRUE(v.not_modelled.empty());
  EXPECT_EQ(v.outcome(), Outcome::kExplained);
  EXPECT_EQ(v.summary, c.j["scheduler"]) << "the scheduler's verdict once the gate went";
  int held = 0;
  for (const auto& n : v.nodes) {
    if (n.gate != Gate::kInterPodAffinity) continue;
    ++held;
    EXPECT_EQ(n.reasons, std::vector<std::string>{"node(s) didn't satisfy existing pods anti-affinity rules"});
    ASSERT_FALSE(n.details.empty());
    EXPECT_NE(i18n::render(n.details.front(), i18n::Lang::kEn).find(": why-diff/guard"), std::string::npos);
    EXPECT_FALSE(n.unresolvable) << "evicting the bound pod would help, were it of lower priority";
  }
  EXPECT_EQ(held, 1);
  // Without the bound pod's terms, the same capture fits and is explained.
  std::vector<json> pods = c.pods();
  for (auto& p : pods) p["spec"].erase("affinity");
  const Verdict plain = explain(c.j["pod"], c.nodes(), pods, wording_for(c.version));
  EXPECT_EQ(plain.outcome(), Outcome::kExplained);
  EXPECT_EQ(plain.fitting_nodes(), 1);
  // Terms that do not select this pod (other labels, or another namespace) repel nothing.
  json other = c.j["pod"];
  other["metadata"]["labels"]["why.gpuwhy/app"] = "welcome";
  EXPECT_EQ(explain(other, c.nodes(), c.pods(), wording_for(c.version)).fitting_nodes(), 1);
  json elsewhere = c.j["pod"];
  elsewhere["metadata"]["namespace"] = "ml";
  EXPECT_EQ(explain(elsewhere, c.nodes(), c.pods(), wording_for(c.version)).fitting_nodes(), 1);
}

// PodTopologySpread and InterPodAffinity are gates: on every recording of them the model's FitError
// line, preemption tail and all, is the scheduler's, and each node the scheduler gave one of their
// reasons has that gate. A namespaceSelector on a label of a namespace that was not read stays
// named, never guessed.
TEST(WhyHeld, SpreadAndPodAffinityAreJudgedAsTheSchedulerJudgedThem) {
  const std::map<std::string, Gate> kGate = {{"anti-affinity-own", Gate::kInterPodAffinity},
                                             {"anti-affinity-existing", Gate::kInterPodAffinity},
                                             {"anti-affinity-namespace-name", Gate::kInterPodAffinity},
                                             {"anti-affinity-namespace-label", Gate::kInterPodAffinity},
                                             {"affinity-missing", Gate::kInterPodAffinity},
                                             {"affinity-zone", Gate::kInterPodAffinity},
                                             {"topology-spread", Gate::kPodTopologySpread},
                                             {"spread-missing-label", Gate::kPodTopologySpread},
                                             {"spread-policy-ignore", Gate::kPodTopologySpread}};
  std::set<std::string> seen;
  for (const auto& c : held_captures()) {
    const std::string scenario = c.j["scenario"];
    if (kGate.count(scenario) == 0) continue;
    seen.insert(scenario);
    Verdict v = c.explain_it();
    add_scheduler_view(v, c.j["pod"], c.j["events"].get<std::vector<json>>());
    EXPECT_TRUE(v.unmodelled_reasons.empty()) << c.file;
    EXPECT_TRUE(v.not_modelled.empty()) << c.file;
    EXPECT_EQ(v.outcome(), Outcome::kExplained) << c.file;
    EXPECT_EQ(v.summary, c.j["scheduler"]) << c.file;
    ASSERT_TRUE(v.agrees.has_value()) << c.file;
    EXPECT_TRUE(*v.agrees) << c.file;
    const int gated = static_cast<int>(std::count_if(
        v.nodes.begin(), v.nodes.end(), [&](const NodeVerdict& n) { return n.gate == kGate.at(scenario); }));
    EXPECT_GT(gated, 0) << c.file;
    // A node refused for anti-affinity names the bound pods in the way, each one of the capture's.
    std::set<std::string> bound;
    for (const json& p : c.pods())
      bound.insert(p["metadata"].value("namespace", "") + "/" + p["metadata"].value("name", ""));
    for (const auto& n : v.nodes) {
      if (n.gate != Gate::kInterPodAffinity || n.unresolvable) continue;
      const std::string named = n.details.front().args.at("pods");
      EXPECT_FALSE(named.empty()) << c.file << " " << n.node;
      for (std::size_t at = 0; at <= named.size();) {
        const std::size_t end = std::min(named.find(", ", at), named.size());
        EXPECT_EQ(bound.count(named.substr(at, end - at)), 1U) << c.file << ": " << named;
        at = end + 2;
      }
    }
    const json j = to_json(v, "en");
    EXPECT_EQ(j["outcome"], "explained");
    for (const auto lang : i18n::kLangs) {
      const std::string t = render_table(v, lang);
      EXPECT_NE(t.find(to_string(kGate.at(scenario))), std::string::npos) << t;
      EXPECT_EQ(t.find(i18n::text("why.ui.not-explained", lang)), std::string::npos) << t;
    }
    if (scenario == "anti-affinity-namespace-label") {
      // Read without the namespaces: the selector asks for a label only the Namespace object has.
      Verdict unread = explain(c.j["pod"], c.nodes(), c.pods(), wording_for(c.version), c.pdbs());
      ASSERT_EQ(unread.not_modelled.size(), 1U);
      EXPECT_NE(unread.not_modelled[0].what.find("namespaceSelector"), std::string::npos);
      EXPECT_GT(unread.fitting_nodes(), 0);
      EXPECT_EQ(unread.outcome(), Outcome::kNotExplained);
      expect_no_binding_predicted(unread);
    }
  }
  EXPECT_EQ(seen.size(), kGate.size()) << "record with fixtures/cluster/record-why";
}

// At a terminal's width no line is wider (a single unbreakable token aside), and the words are
// those of the unwrapped table: only the spaces and line breaks move. Korean particles follow the
// catalog's rule: never the "을(를)" form for a value whose last sound is known.

// How many nodes the scheduler's message gives `reason` for, before its preemption tail; the
// reason must end there (a longer reason that starts with it is another).
int nodes_for(const std::string& message, std::string_view reason) {
  const std::string head = message.substr(0, message.find("preemption:"));
  for (std::size_t at = head.find(reason); at != std::string::npos; at = head.find(reason, at + 1)) {
    const std::size_t end = at + reason.size();
    if (at < 2 || head[at - 1] != ' ' || (end < head.size() && head[end] != ',' && head[end] != '.')) continue;
    std::size_t start = at - 1;
    while (start > 0 && std::isdigit(static_cast<unsigned char>(head[start - 1])) != 0) --start;
    return std::stoi(head.substr(start, at - 1 - start));
  }
  return 0;
}

// The pods a capture's scheduler held bound, each with its node, the pod itself left out.
std::vector<k8s::PlacedPod> placed_of(const Capture& c, const std::vector<json>& nodes, const std::vector<json>& pods) {
  std::vector<k8s::PlacedPod> out;
  const std::string self = c.j["pod"]["metadata"].value("name", "");
  for (const json& p : pods) {
    const std::string node = k8s::node_name(p);
    if (p["metadata"].value("name", "") == self || !k8s::counts_on_node(p, node)) continue;
    for (const json& n : nodes) {
      if (n["metadata"].value("name", "") == node) out.push_back({&p, &n});
    }
  }
  return out;
}

// k8s::inter_pod_affinity against the real scheduler: on every node the modelled gates pass, its
// verdict is the scheduler's reason for that node. Recorded: a pod's own anti-affinity, an existing
// pod's anti-affinity, one that repels a gated pod once ungated, its own anti-affinity through a
// namespaceSelector (by the name label, by a label of the namespace's), one a preemption clears, and a
// pod's own affinity to pods that are nowhere or only in another zone; every other recording (no pod
// affinity at all) must fit wherever the modelled gates let the pod.
TEST(InterPodAffinity, AgreesWithTheSchedulerOnEveryRecording) {
  std::set<std::string> recorded;
  std::vector<Capture> all = test::captures();
  for (auto& c : held_captures()) all.push_back(std::move(c));
  for (const auto& c : all) {
    const std::string scenario = c.j["scenario"].is_string() ? c.j["scenario"].get<std::string>() : c.file;
    const auto nodes = c.nodes();
    const auto pods = c.pods();
    const auto placed = placed_of(c, nodes, pods);
    std::vector<const json*> namespaces;  // as the recording read them (a namespaceSelector's labels)
    if (c.j.contains("namespaces")) {
      for (const json& n : c.j["namespaces"]) namespaces.push_back(&n);
    }
    const Verdict v = c.explain_it();
    std::map<k8s::PodAffinityFit, int> got;
    for (std::size_t i = 0; i < v.nodes.size(); ++i) {
      // The nodes the gates before InterPodAffinity let through.
      if (v.nodes[i].gate != Gate::kNone && v.nodes[i].gate != Gate::kInterPodAffinity) continue;
      const json* node = nullptr;
      for (const json& n : nodes) {
        if (n["metadata"]["name"] == v.nodes[i].node) node = &n;
      }
      ASSERT_NE(node, nullptr);
      ++got[k8s::inter_pod_affinity(c.j["pod"], *node, placed, namespaces)];
    }
    // A preemption's recording holds the node it bound to; the FitError it wrote first is kept beside.
    const std::string message = c.j.contains("failed_scheduling") && !c.j["failed_scheduling"].empty()
                                    ? c.j["failed_scheduling"][0].get<std::string>()
                                : c.j["scheduler"].is_string() ? c.j["scheduler"].get<std::string>()
                                                               : "";
    for (const auto fit : {k8s::PodAffinityFit::kAffinity, k8s::PodAffinityFit::kAntiAffinity,
                           k8s::PodAffinityFit::kExistingAntiAffinity}) {
      const int want = nodes_for(message, k8s::reason_of(fit));
      EXPECT_EQ(got[fit], want) << c.version << "/" << c.file << ": " << k8s::reason_of(fit) << "\n" << message;
      if (want > 0) recorded.insert(scenario);
    }
    EXPECT_EQ(got[k8s::PodAffinityFit::kUnknown], 0) << c.file;
  }
  EXPECT_EQ(recorded, (std::set<std::string>{"anti-affinity-own", "anti-affinity-existing", "anti-affinity-bound-gated",
                                             "anti-affinity-namespace-name", "anti-affinity-namespace-label",
                                             "affinity-missing", "affinity-zone", "preempt-anti-affinity"}))
      << "record with fixtures/cluster/record-why";
}

// k8s::topology_spread against the real scheduler, as above: PodTopologySpread runs before
// InterPodAffinity, on the nodes the modelled gates pass. Recorded: a skew by zone, a topology key
// no node has, and nodeAffinityPolicy Ignore counting a zone the nodeSelector leaves out.
TEST(TopologySpread, AgreesWithTheSchedulerOnEveryRecording) {
  std::set<std::string> recorded;
  std::vector<Capture> all = test::captures();
  for (auto& c : held_captures()) all.push_back(std::move(c));
  for (const auto& c : all) {
    const auto nodes = c.nodes();
    const auto pods = c.pods();
    const auto placed = placed_of(c, nodes, pods);
    std::vector<const json*> every;
    for (const json& n : nodes) every.push_back(&n);
    const Verdict v = c.explain_it();
    std::map<k8s::SpreadFit, int> got;
    for (const auto& nv : v.nodes) {
      // The nodes the gates before PodTopologySpread let through.
      if (nv.gate != Gate::kNone && nv.gate != Gate::kPodTopologySpread && nv.gate != Gate::kInterPodAffinity) continue;
      for (const json& n : nodes) {
        if (n["metadata"]["name"] == nv.node) ++got[k8s::topology_spread(c.j["pod"], n, every, placed)];
      }
    }
    const std::string message = c.j["scheduler"].is_string() ? c.j["scheduler"].get<std::string>() : "";
    for (const auto fit : {k8s::SpreadFit::kMissingLabel, k8s::SpreadFit::kSkew}) {
      const int want = nodes_for(message, k8s::reason_of(fit));
      EXPECT_EQ(got[fit], want) << c.version << "/" << c.file << ": " << k8s::reason_of(fit) << "\n" << message;
      if (want > 0) recorded.insert(c.j["scenario"].get<std::string>());
    }
  }
  EXPECT_EQ(recorded, (std::set<std::string>{"topology-spread", "spread-missing-label", "spread-policy-ignore"}))
      << "record with fixtures/cluster/record-why";
}

}  // namespace
}  // namespace gpuwhy::why
