// PodTopologySpread's Filter (kubernetes pkg/scheduler/framework/plugins/podtopologyspread:
// filtering.go calPreFilterState and Filter, common.go for the node policies).
#include "gpuwhy/k8s/topology_spread.h"

#include <algorithm>
#include <climits>
#include <map>
#include <string>
#include <utility>

#include "gpuwhy/k8s/fields.h"
#include "gpuwhy/k8s/node_affinity.h"
#include "gpuwhy/k8s/taints.h"

namespace gpuwhy::k8s {

using nlohmann::json;

namespace {

long long int_of(const json& c, std::string_view key, long long fallback) {
  const json& v = field(c, key);
  return v.is_number_integer() ? v.get<long long>() : fallback;
}

// A node is a domain of constraint `c`: it has the topologyKey of every constraint, and passes the
// pod's node affinity and taints as `c`'s policies ask (nodeAffinityPolicy Honor and
// nodeTaintsPolicy Ignore unless set).
bool eligible(const json& pod, const json& node, const std::vector<const json*>& constraints, const json& c) {
  for (const json* any : constraints) {
    if (!label_of(node, str(*any, "topologyKey"))) return false;
  }
  if (str(c, "nodeAffinityPolicy") != "Ignore" && !required_affinity_matches(pod, node)) return false;
  return str(c, "nodeTaintsPolicy") != "Honor" || untolerated_taint(pod, node) == nullptr;
}

}  // namespace

std::string_view reason_of(SpreadFit fit) {
  switch (fit) {
    case SpreadFit::kMissingLabel:
      return "node(s) didn't match pod topology spread constraints (missing required label)";
    case SpreadFit::kSkew: return "node(s) didn't match pod topology spread constraints";
    case SpreadFit::kFits: break;
  }
  return "";
}

std::vector<const json*> hard_spread_constraints(const json& pod) {
  std::vector<const json*> out;
  for (const json* c : array_of(path(pod, {"spec", "topologySpreadConstraints"}))) {
    if (str(*c, "whenUnsatisfiable") == "DoNotSchedule") out.push_back(c);
  }
  return out;
}

SpreadState topology_spread_state(const json& pod, const std::vector<const json*>& nodes,
                                  const std::vector<PlacedPod>& placed) {
  SpreadState st;
  const auto constraints = hard_spread_constraints(pod);
  if (constraints.empty()) return st;
  const std::string ns = str(field(pod, "metadata"), "namespace");
  for (const json* c : constraints) {
    SpreadState::Constraint sc;
    sc.constraint = c;
    sc.key = str(*c, "topologyKey");
    sc.max_skew = int_of(*c, "maxSkew", 1);
    const json selector = selector_with_label_keys(*c, field(field(pod, "metadata"), "labels"));
    sc.self_matches = label_selector(selector, pod).matches;
    // The PreFilter's counts: every domain of an eligible node, with the matching pods bound there.
    std::map<std::string, std::string> domain_of;  // eligible node name -> its domain
    for (const json* n : nodes) {
      if (n == nullptr || !eligible(pod, *n, constraints, *c)) continue;
      const std::string domain = *label_of(*n, sc.key);
      sc.domains[domain];
      domain_of.emplace(str(field(*n, "metadata"), "name"), domain);
    }
    for (const auto& [p, on] : placed) {
      if (p == nullptr || on == nullptr) continue;
      const auto d = domain_of.find(str(field(*on, "metadata"), "name"));
      if (d == domain_of.end()) continue;
      if (field(field(*p, "metadata"), "deletionTimestamp").is_null() &&
          str(field(*p, "metadata"), "namespace") == ns && label_selector(selector, *p).matches) {
        ++sc.domains[d->second];
      }
    }
    sc.min_count = LLONG_MAX;
    for (const auto& [domain, n] : sc.domains) sc.min_count = std::min(sc.min_count, n);
    if (sc.domains.empty() || static_cast<long long>(sc.domains.size()) < int_of(*c, "minDomains", 1)) sc.min_count = 0;
    st.constraints.push_back(std::move(sc));
  }
  return st;
}

SpreadFit topology_spread(const SpreadState& st, const json& node) {
  for (const auto& c : st.constraints) {
    if (!label_of(node, c.key)) return SpreadFit::kMissingLabel;
  }
  for (const auto& c : st.constraints) {
    const auto here = c.domains.find(*label_of(node, c.key));
    const long long match = here == c.domains.end() ? 0 : here->second;
    if (match + (c.self_matches ? 1 : 0) - c.min_count > c.max_skew) return SpreadFit::kSkew;
  }
  return SpreadFit::kFits;
}

SpreadFit topology_spread(const json& pod, const json& node, const std::vector<const json*>& nodes,
                          const std::vector<PlacedPod>& placed) {
  return topology_spread(topology_spread_state(pod, nodes, placed), node);
}

}  // namespace gpuwhy::k8s
