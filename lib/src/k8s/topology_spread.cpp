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

SpreadFit topology_spread(const json& pod, const json& node, const std::vector<const json*>& nodes,
                          const std::vector<PlacedPod>& placed) {
  const auto constraints = hard_spread_constraints(pod);
  if (constraints.empty()) return SpreadFit::kFits;
  for (const json* c : constraints) {
    if (!label_of(node, str(*c, "topologyKey"))) return SpreadFit::kMissingLabel;
  }
  const std::string ns = str(field(pod, "metadata"), "namespace");
  for (const json* c : constraints) {
    const std::string key = str(*c, "topologyKey");
    const json selector = selector_with_label_keys(*c, field(field(pod, "metadata"), "labels"));
    // The PreFilter's counts: every domain of an eligible node, with the matching pods bound there.
    std::map<std::string, long long> domains;
    for (const json* n : nodes) {
      if (n == nullptr || !eligible(pod, *n, constraints, *c)) continue;
      long long& count = domains[*label_of(*n, key)];
      const std::string name = str(field(*n, "metadata"), "name");
      for (const auto& [p, on] : placed) {
        if (p == nullptr || on == nullptr || str(field(*on, "metadata"), "name") != name) continue;
        if (field(field(*p, "metadata"), "deletionTimestamp").is_null() &&
            str(field(*p, "metadata"), "namespace") == ns && label_selector(selector, *p).matches) {
          ++count;
        }
      }
    }
    long long min_count = LLONG_MAX;
    for (const auto& [domain, n] : domains) min_count = std::min(min_count, n);
    if (domains.empty() || static_cast<long long>(domains.size()) < int_of(*c, "minDomains", 1)) min_count = 0;
    const auto here = domains.find(*label_of(node, key));
    const long long match = here == domains.end() ? 0 : here->second;
    const long long self = label_selector(selector, pod).matches ? 1 : 0;
    if (match + self - min_count > int_of(*c, "maxSkew", 1)) return SpreadFit::kSkew;
  }
  return SpreadFit::kFits;
}

}  // namespace gpuwhy::k8s
