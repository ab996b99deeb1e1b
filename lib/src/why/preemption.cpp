// DefaultPreemption's PostFilter (pkg/scheduler/framework/preemption/preemption.go and
// plugins/defaultpreemption/default_preemption.go) for a pod that fits no node: whether the pod may
// preempt, on each node whether evicting every lower-priority pod lets it pass the filters, the
// minimal victim set (the highest-priority victims reprieved first, PodDisruptionBudget-violating
// ones before the others) and the node pickOneNodeForPreemption takes.
#include <algorithm>
#include <climits>
#include <optional>
#include <set>
#include <string>
#include <utility>
#include <vector>

#include "gpuwhy/k8s/messages.h"
#include "gpuwhy/k8s/node_affinity.h"
#include "why_detail.h"

namespace gpuwhy::why::detail {

using nlohmann::json;

int priority_of(const json& pod) {
  const json& p = path(pod, {"spec", "priority"});
  if (!p.is_number_integer()) return 0;
  const long long v = p.get<long long>();
  return static_cast<int>(std::clamp<long long>(v, INT_MIN, INT_MAX));
}

namespace {

std::string key_of(const json& pod) {
  return str(field(pod, "metadata"), "namespace") + "/" + str(field(pod, "metadata"), "name");
}

// status.startTime (RFC 3339, UTC: ordered as text); none: "now", later than any recorded one.
std::string start_of(const json& pod) {
  const std::string t = str(field(pod, "status"), "startTime");
  return t.empty() ? std::string("~") : t;
}

// util.MoreImportantPod: higher priority, then the earlier start.
bool more_important(const json* a, const json* b) {
  if (priority_of(*a) != priority_of(*b)) return priority_of(*a) > priority_of(*b);
  return start_of(*a) < start_of(*b);
}

// filterPodsWithPDBViolation over `pods` (most important first): for each pod, the budgets its
// eviction would take below zero ("namespace/name"); empty: it violates none.
std::vector<std::vector<std::string>> pdb_violations(const std::vector<const json*>& pods,
                                                     const std::vector<json>& pdbs) {
  std::vector<long long> allowed;
  allowed.reserve(pdbs.size());
  for (const json& b : pdbs) {
    const json& a = path(b, {"status", "disruptionsAllowed"});
    allowed.push_back(a.is_number_integer() ? a.get<long long>() : 0);
  }
  std::vector<std::vector<std::string>> out(pods.size());
  for (std::size_t i = 0; i < pods.size(); ++i) {
    const json& pod = *pods[i];
    const json& labels = path(pod, {"metadata", "labels"});
    if (!labels.is_object() || labels.empty()) continue;
    const std::string ns = str(field(pod, "metadata"), "namespace");
    const std::string name = str(field(pod, "metadata"), "name");
    for (std::size_t b = 0; b < pdbs.size(); ++b) {
      if (str(field(pdbs[b], "metadata"), "namespace") != ns) continue;
      // A budget with a nil or empty selector matches nothing.
      // A PDB whose selector is refused, null or empty selects no pod (the default preemption).
      const auto m = k8s::label_selector(path(pdbs[b], {"spec", "selector"}), pod);
      if (m.empty || !m.matches) continue;
      const json& disrupted = path(pdbs[b], {"status", "disruptedPods"});
      if (disrupted.is_object() && disrupted.contains(name)) continue;
      if (--allowed[b] < 0) out[i].push_back(key_of(pdbs[b]));
    }
  }
  return out;
}

// A pod the scheduler is already preempting: deletionTimestamp and DisruptionTarget=True of reason
// PreemptionByScheduler (podTerminatingByPreemption).
bool terminating_by_preemption(const json& pod) {
  if (str(field(pod, "metadata"), "deletionTimestamp").empty()) return false;
  for (const json* c : array_of(path(pod, {"status", "conditions"}))) {
    if (str(*c, "type") == "DisruptionTarget") {
      return str(*c, "status") == "True" && str(*c, "reason") == "PreemptionByScheduler";
    }
  }
  return false;
}

struct Candidate {
  std::size_t node = 0;  // index into the verdict's nodes
  std::vector<const json*> victims;
  int violations = 0;
};

// pickOneNodeForPreemption's scores, the first rule first: each keeps the candidates of the best
// score; what ties on all of them is the scheduler's arbitrary pick.
std::vector<std::size_t> pick(const std::vector<Candidate>& cs) {
  std::vector<std::size_t> keep(cs.size());
  for (std::size_t i = 0; i < cs.size(); ++i) keep[i] = i;
  const auto best = [&keep, &cs](auto score) {  // score: bigger is better
    auto top = score(cs[keep.front()]);
    for (const std::size_t i : keep) top = std::max(top, score(cs[i]));
    std::vector<std::size_t> next;
    for (const std::size_t i : keep) {
      if (score(cs[i]) == top) next.push_back(i);
    }
    keep = std::move(next);
  };
  best([](const Candidate& c) { return -static_cast<long long>(c.violations); });
  best([](const Candidate& c) { return -static_cast<long long>(priority_of(*c.victims.front())); });
  best([](const Candidate& c) {
    long long sum = 0;
    for (const json* v : c.victims) sum += static_cast<long long>(priority_of(*v)) + INT_MAX + 1LL;
    return -sum;
  });
  best([](const Candidate& c) { return -static_cast<long long>(c.victims.size()); });
  // The latest start among the earliest starts of each node's highest-priority victims.
  best([](const Candidate& c) {
    const int top = priority_of(*c.victims.front());
    std::string earliest = "~";
    for (const json* v : c.victims) {
      if (priority_of(*v) == top) earliest = std::min(earliest, start_of(*v));
    }
    return earliest;
  });
  return keep;
}

// PodEligibleToPreemptOthers: the scheduler's words when the pod may not preempt, else "".
std::string ineligible(const Verdict& out, const PreemptInput& in, bool* unsure) {
  if (out.preemption_policy == "Never") return std::string(messages::kNotEligibleNever);
  const std::string nominated = str(field(in.pod, "status"), "nominatedNodeName");
  for (const auto& n : out.nodes) {
    if (nominated.empty() || n.node != nominated || n.unresolvable) continue;
    for (const json* p : in.on_node.at(n.node)) {
      if (priority_of(*p) >= out.priority) continue;
      // A pod being deleted whose conditions were not read: whether the scheduler preempts it, unknown.
      if (!str(field(*p, "metadata"), "deletionTimestamp").empty() && path(*p, {"status", "conditions"}).is_null()) {
        *unsure = true;
      }
      if (terminating_by_preemption(*p)) return std::string(messages::kNotEligibleTerminating);
    }
  }
  return "";
}

// SelectVictimsOnNode on node `i`: its reasons when it is no candidate, else its victims.
std::optional<Candidate> select_victims(const Verdict& out, const PreemptInput& in, std::size_t i, NodeVerdict& nv,
                                        bool* unsure) {
  std::vector<const json*> lower;
  std::vector<const json*> kept;
  for (const json* p : in.on_node.at(nv.node)) (priority_of(*p) < out.priority ? lower : kept).push_back(p);
  if (lower.empty()) {
    nv.preemption_reasons = {std::string(messages::kNoVictims)};
    return std::nullopt;
  }
  // The node with only `pods` bound: its NodeInfo, and the cluster the last two filters count
  // (the scheduler's RemovePod of each victim from their PreFilter state).
  const json& node = (*in.nodes)[i];
  const auto fits_with = [&in, &node](const std::vector<const json*>& pods) {
    const NodeState st = state_of(pods);
    Cluster cluster{in.cluster.nodes, {}, in.cluster.namespaces, {}, {}};
    for (const auto& p : in.cluster.placed) {
      if (p.node != &node) cluster.placed.push_back(p);
    }
    for (const json* p : pods) cluster.placed.push_back({p, &node});
    const Cluster now = judged(std::move(cluster), in.pod);
    const Input x{in.pod, node, st, in.request, in.want_ports, in.wording, now};
    return evaluate(x, in.pre);
  };
  const NodeVerdict without = fits_with(kept);
  if (without.gate != Gate::kNone) {
    nv.preemption_reasons = without.reasons;
    return std::nullopt;
  }
  // The modelled filters pass with the lower-priority pods gone; a plugin the model does not
  // have would judge the node next.
  if (!out.not_modelled.empty()) *unsure = true;
  // Reprieve as many as possible, the most important first, those a budget protects before the others.
  std::sort(lower.begin(), lower.end(), more_important);
  const auto violated = pdb_violations(lower, *in.pdbs);
  std::vector<std::size_t> order;
  for (const bool protected_first : {true, false}) {
    for (std::size_t k = 0; k < lower.size(); ++k) {
      if (violated[k].empty() != protected_first) order.push_back(k);
    }
  }
  Candidate c;
  c.node = i;
  std::vector<const json*> now = kept;
  for (const std::size_t k : order) {
    now.push_back(lower[k]);
    if (fits_with(now).gate == Gate::kNone) continue;  // reprieved
    now.pop_back();
    c.victims.push_back(lower[k]);
    if (!violated[k].empty()) ++c.violations;
  }
  std::sort(c.victims.begin(), c.victims.end(), more_important);
  for (const json* v : c.victims) {
    const auto k = static_cast<std::size_t>(std::find(lower.begin(), lower.end(), v) - lower.begin());
    nv.victims.push_back({key_of(*v), priority_of(*v), violated[k]});
  }
  if (c.victims.empty()) return std::nullopt;
  return c;
}

}  // namespace

void preempt(Verdict& out, const PreemptInput& in) {
  Preemption& pre = out.preemption;
  pre.ineligible = ineligible(out, in, &pre.unsure);
  if (!pre.ineligible.empty()) {
    pre.state = Preemption::State::kIneligible;
    return;
  }
  // findCandidates and DryRunPreemption: only nodes the filters found Unschedulable (not
  // UnschedulableAndUnresolvable) are tried.
  std::vector<Candidate> candidates;
  long long potential = 0;
  for (std::size_t i = 0; i < out.nodes.size(); ++i) {
    NodeVerdict& nv = out.nodes[i];
    if (nv.unresolvable) {
      nv.preemption_reasons = {std::string(messages::kNotHelpful)};
      continue;
    }
    ++potential;
    if (auto c = select_victims(out, in, i, nv, &pre.unsure)) candidates.push_back(std::move(*c));
  }
  if (candidates.empty()) {
    pre.state = Preemption::State::kNoCandidate;
    return;
  }
  pre.state = Preemption::State::kCandidate;
  // GetOffsetAndNumCandidates (the default args: 10 %, at least 100): with more potential nodes the
  // dry run stops, from a random offset, once it has that many candidates: which ones, chance says.
  const long long sampled = std::min(potential, std::max(100LL, potential * 10 / 100));
  if (static_cast<long long>(candidates.size()) > sampled) {
    out.not_modelled.push_back({"DefaultPreemption's sample of " + std::to_string(sampled) + " of " +
                                std::to_string(candidates.size()) + " candidate nodes, from a random offset"});
  }
  const auto picked = pick(candidates);
  const NodeVerdict& chosen = out.nodes[candidates[picked.front()].node];
  pre.node = chosen.node;
  pre.victims = chosen.victims;
  for (std::size_t k = 1; k < picked.size(); ++k) pre.tied.push_back(out.nodes[candidates[picked[k]].node].node);
  // The budgets the eviction would violate, on the node picked (or any node that ties with it).
  for (const std::size_t k : picked) {
    for (const auto& v : out.nodes[candidates[k].node].victims) {
      for (const auto& b : v.pdbs) pre.pdb_violations.push_back(b + " (" + v.pod + ")");
    }
  }
}

}  // namespace gpuwhy::why::detail
