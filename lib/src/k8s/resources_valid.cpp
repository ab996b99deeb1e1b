// Which container resources the apiserver refuses: strict decoding into core/v1
// ResourceRequirements (as kubectl sends a manifest), SetDefaults_Pod's copy of limits into
// requests, then ValidateContainerResourceRequirements. Held to
// fixtures/k8s/resources/validity.jsonl, recorded from a real apiserver.
#include <algorithm>
#include <cstdio>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <vector>

#include <fmt/format.h>

#include "gpuwhy/k8s/fields.h"
#include "gpuwhy/k8s/labels.h"
#include "gpuwhy/k8s/quantity.h"
#include "gpuwhy/k8s/requests.h"

namespace gpuwhy::k8s {

namespace {

using json = nlohmann::json;
using Kind = ResourceProblem::Kind;

constexpr std::string_view kHugePagesPrefix = "hugepages-";
constexpr std::string_view kDefaultNamespace = "kubernetes.io/";
constexpr std::string_view kRequestsPrefix = "requests.";

// helper.standardResources: the names without '/' Kubernetes has a resource of (quotas' included).
constexpr std::string_view kStandardResources[] = {"cpu",
                                                   "memory",
                                                   "ephemeral-storage",
                                                   "requests.cpu",
                                                   "requests.memory",
                                                   "requests.ephemeral-storage",
                                                   "limits.cpu",
                                                   "limits.memory",
                                                   "limits.ephemeral-storage",
                                                   "pods",
                                                   "resourcequotas",
                                                   "services",
                                                   "replicationcontrollers",
                                                   "secrets",
                                                   "configmaps",
                                                   "persistentvolumeclaims",
                                                   "storage",
                                                   "requests.storage",
                                                   "services.nodeports",
                                                   "services.loadbalancers"};
// helper.integerResources: counted in whole units, as every extended resource is.
constexpr std::string_view kIntegerResources[] = {
    "pods",       "resourcequotas",         "services",           "replicationcontrollers", "secrets",
    "configmaps", "persistentvolumeclaims", "services.nodeports", "services.loadbalancers"};

template <std::size_t N>
bool one_of(const std::string_view (&set)[N], std::string_view name) {
  return std::find(std::begin(set), std::end(set), name) != std::end(set);
}

bool hugepages(std::string_view name) {
  return name.starts_with(kHugePagesPrefix);
}

// helper.IsNativeResource: unprefixed, or in the kubernetes.io/ namespace.
bool native(std::string_view name) {
  return name.find('/') == std::string_view::npos || name.find(kDefaultNamespace) != std::string_view::npos;
}

// helper.IsExtendedResourceName ("nvidia.com/gpu").
bool extended(std::string_view name) {
  if (native(name) || name.starts_with(kRequestsPrefix)) return false;
  return is_qualified_name(std::string(kRequestsPrefix) + std::string(name));
}

// helper.IsOvercommitAllowed: a request may be below its limit, or alone.
bool overcommit_allowed(std::string_view name) {
  return native(name) && !hugepages(name);
}

bool unprefixed(std::string_view name) {
  return name.find('/') == std::string_view::npos;
}

// Quantity.Cmp: below zero, zero or above, at the finest of nano, milli and whole units both fit in.
int compare(const json& a, const json& b) {
  for (const int scale : {1'000'000'000, 1'000, 1}) {
    const auto x = json_scaled_value(a, scale);
    const auto y = json_scaled_value(b, scale);
    if (x && y) return (*x > *y ? 1 : 0) - (*x < *y ? 1 : 0);
  }
  return 0;
}

int sign(const json& v) {
  return compare(v, json(0));
}

// Quantity.MilliValue() % 1000 != 0; a quantity too large for milli units is whole.
bool fraction(const json& v) {
  const auto m = json_scaled_value(v, 1000);
  return m && *m % 1000 != 0;
}

// helper.IsHugePageResourceValueDivisible: the amount (Value(), rounded up) a whole number of the
// page size the name gives ("hugepages-2Mi").
bool hugepages_divisible(std::string_view name, const json& v) {
  const std::string_view size = name.substr(kHugePagesPrefix.size());
  const auto page = scaled_value(size, 1);
  const auto page_milli = scaled_value(size, 1000);
  if (!page || !page_milli || *page <= 0 || *page_milli % 1000 != 0) return false;
  const auto amount = json_scaled_value(v, 1);
  return amount && *amount % *page == 0;
}

class Walker {
 public:
  std::vector<ResourceProblem> decode;
  std::vector<ResourceProblem> invalid;

  // `claims`: the DynamicResourceAllocation gate is on (a container's claims are validated).
  Walker(std::set<std::string> claim_names, bool claims) : claim_names_(std::move(claim_names)), claims_(claims) {}

  void container(const json& c, const std::string& at) {
    if (!c.is_object()) return;  // the container's own shape is not this rule's
    const auto r = c.find("resources");
    if (r == c.end() || r->is_null()) return;
    const std::string path = at + ".resources";
    if (!decoded(*r, path)) return;
    const json& limits = field(*r, "limits");
    // SetDefaults_Pod: a limit stands in for the request a resource lacks.
    json requests = field(*r, "requests").is_object() ? field(*r, "requests") : json::object();
    if (limits.is_object()) {
      for (const auto& [name, v] : limits.items()) {
        if (!requests.contains(name)) requests[name] = v;
      }
    }
    validate(limits, requests, path, false);
    if (claims_) claim_names(field(*r, "claims"), path + ".claims");
  }

  // spec.resources (PodLevelResources): decoded as a container's resources are, whether or not the
  // gate is on; with it on, defaulted (defaultHugePagePodLimits, defaultPodRequests) and validated
  // (validatePodResources), after the containers, whose own defaults it builds on.
  void pod(const json& pod, bool validated) {
    const json& spec = field(pod, "spec");
    const json& r = field(spec, "resources");
    if (r.is_null()) return;
    const std::string path = "spec.resources";
    if (!decoded(r, path) || !validated) return;
    // What the containers ask together, after SetDefaults_Pod's copy of their limits.
    const Amounts their_requests = containers_requests(pod, in_milli);
    const Amounts their_limits = containers_limits(pod, in_milli);
    json limits = field(r, "limits").is_object() ? field(r, "limits") : json::object();
    json requests = field(r, "requests").is_object() ? field(r, "requests") : json::object();
    if (!limits.empty() || !requests.empty()) {
      for (const auto& [name, amount] : their_limits) {
        if (hugepages(name) && !requests.contains(name) && !limits.contains(name)) limits[name] = milli(amount);
      }
    }
    if (!limits.empty()) {
      for (const auto& [name, amount] : their_requests) {
        if (!requests.contains(name) && for_pods(name) && overcommit_allowed(name)) requests[name] = milli(amount);
      }
      for (const auto& [name, v] : limits.items()) {
        if (!requests.contains(name) && for_pods(name)) requests[name] = v;
      }
    }
    const json& claims = field(r, "claims");
    if (!claims.is_null()) problem(invalid, Kind::kClaimsForPod, path + ".claims", claims);
    validate(limits, requests, path, true);
    claim_names(claims, path + ".claims");
    // validatePodResourceConsistency: the pod's requests hold the containers' sum; its huge pages
    // limits hold theirs.
    for (const auto& [name, amount] : their_requests) {
      const auto own = requests.contains(name) ? json_scaled_value(requests[name], 1000) : std::nullopt;
      if (own && amount > *own) {
        problem(invalid, Kind::kBelowContainers, fmt::format("{}.requests[{}]", path, name), requests[name], name,
                written(milli(amount)));
      }
    }
    for (const auto& [name, amount] : their_limits) {
      const auto own = hugepages(name) && limits.contains(name) ? json_scaled_value(limits[name], 1000) : std::nullopt;
      if (own && amount > *own) {
        problem(invalid, Kind::kBelowContainers, fmt::format("{}.limits[{}]", path, name), limits[name], name,
                written(milli(amount)));
      }
    }
    // And no app container's limit above the pod's (named as the apiserver names it).
    std::size_t i = 0;
    for (const json* c : array_of(field(spec, "containers"))) {
      const json& own = path_of(*c, "limits");
      if (own.is_object()) {
        for (const auto& [name, v] : own.items()) {
          if (limits.contains(name) && compare(v, limits[name]) > 0) {
            problem(invalid, Kind::kContainerAbovePod, fmt::format("{}.containers[{}][{}].limits", path, i, name), v,
                    name, written(limits[name]));
          }
        }
      }
      ++i;
    }
  }

 private:
  std::set<std::string> claim_names_;
  bool claims_;

  static void problem(std::vector<ResourceProblem>& into, Kind kind, std::string path, const json& found,
                      std::string resource = "", std::string limit = "") {
    into.push_back({kind, std::move(path), written(found), std::move(resource), std::move(limit)});
  }

  // A `resources` as it is decoded (strictly): false when it, or anything decoded before, is refused.
  bool decoded(const json& r, const std::string& path) {
    if (!r.is_object()) {
      problem(decode, Kind::kNotObject, path, r);
      return false;
    }
    for (const auto& [k, v] : r.items()) {
      if (k != "limits" && k != "requests" && k != "claims")
        problem(decode, Kind::kUnknownField, fmt::format("{}.{}", path, k), v);
    }
    amounts(r, "limits", path);
    amounts(r, "requests", path);
    claims(field(r, "claims"), path + ".claims");
    return decode.empty();
  }

  // An amount in milli-units written back as a quantity: "1500m", "2", "1073741824".
  static json milli(long long amount) {
    return json(amount % 1000 == 0 ? std::to_string(amount / 1000) : std::to_string(amount) + "m");
  }

  // An amount in milli-units, whatever the resource: the sums are compared exactly at that scale.
  static std::optional<long long> in_milli(std::string_view /*resource*/, const json& v) {
    return json_scaled_value(v, 1000);
  }

  // A container's resources.limits or .requests.
  static const json& path_of(const json& c, std::string_view which) { return path(c, {"resources", which}); }

  // resourcehelper.IsSupportedPodLevelResource: what a whole pod may ask for.
  static bool for_pods(std::string_view name) { return name == "cpu" || name == "memory" || hugepages(name); }

  // limits or requests, checked as they are decoded: a mapping of quantities (null is none).
  const json& amounts(const json& r, std::string_view which, const std::string& at) {
    const json& m = field(r, which);
    const std::string path = at + "." + std::string(which);
    if (m.is_null()) return m;
    if (!m.is_object()) {
      problem(decode, Kind::kNotObject, path, m);
      return m;
    }
    for (const auto& [name, v] : m.items()) {
      if (!json_is_quantity(v)) problem(decode, Kind::kNotQuantity, fmt::format("{}[{}]", path, name), v, name);
    }
    return m;
  }

  void claims(const json& list, const std::string& path) {
    if (list.is_null()) return;
    if (!list.is_array()) return problem(decode, Kind::kNotList, path, list);
    for (std::size_t i = 0; i < list.size(); ++i) {
      const json& c = list[i];
      const std::string at = fmt::format("{}[{}]", path, i);
      if (c.is_null()) continue;
      if (!c.is_object()) {
        problem(decode, Kind::kNotObject, at, c);
        continue;
      }
      for (const auto& [k, v] : c.items()) {
        if (k != "name" && k != "request") {
          problem(decode, Kind::kUnknownField, fmt::format("{}.{}", at, k), v);
        } else if (!v.is_null() && !v.is_string()) {
          problem(decode, Kind::kNotString, fmt::format("{}.{}", at, k), v);
        }
      }
    }
  }

  // validateContainerResourceName, or validatePodResourceName (`pod`): a valid name, then one a
  // whole pod may ask for.
  void name_problems(const std::string& name, const std::string& at, bool pod) {
    const json shown(name);
    const bool qualified = is_qualified_name(name);
    if (!qualified) problem(invalid, Kind::kBadName, at, shown, name);
    const bool standard = !unprefixed(name) || one_of(kStandardResources, name) || hugepages(name);
    if (qualified && !standard) problem(invalid, Kind::kNotStandard, at, shown, name);
    if (pod) {
      if (qualified && standard && !for_pods(name)) problem(invalid, Kind::kNotForPods, at, shown, name);
      return;
    }
    if (unprefixed(name)) {
      if (name != "cpu" && name != "memory" && name != "ephemeral-storage" && !hugepages(name)) {
        problem(invalid, Kind::kNotForContainers, at, shown, name);
      }
    } else if (!native(name) && !extended(name)) {
      problem(invalid, Kind::kNotExtended, at, shown, name);
    }
  }

  // ValidateResourceQuantityValue, and the huge pages amount.
  void amount_problems(const std::string& name, const json& v, const std::string& at) {
    if (sign(v) < 0) problem(invalid, Kind::kNegative, at, v, name);
    if ((one_of(kIntegerResources, name) || extended(name)) && fraction(v)) {
      problem(invalid, Kind::kNotInteger, at, v, name);
    }
    if (hugepages(name) && !hugepages_divisible(name, v)) problem(invalid, Kind::kHugePagesSize, at, v, name);
  }

  // validateResourceRequirements, of the requests as defaulted; `pod`: the pod's own (spec.resources).
  void validate(const json& limits, const json& requests, const std::string& path, bool pod) {
    bool cpu_or_memory = false;
    std::string huge;  // the first huge pages resource
    const auto note = [&](const std::string& name) {
      cpu_or_memory = cpu_or_memory || name == "cpu" || name == "memory";
      if (huge.empty() && hugepages(name)) huge = name;
    };
    if (limits.is_object()) {
      for (const auto& [name, v] : limits.items()) {
        const std::string at = fmt::format("{}.limits[{}]", path, name);
        name_problems(name, at, pod);
        amount_problems(name, v, at);
        note(name);
      }
    }
    for (const auto& [name, v] : requests.items()) {
      const std::string at = fmt::format("{}.requests[{}]", path, name);
      name_problems(name, at, pod);
      amount_problems(name, v, at);
      const auto limit = limits.is_object() ? limits.find(name) : limits.end();
      if (limits.is_object() && limit != limits.end()) {
        const int c = compare(v, *limit);
        if (c != 0 && !overcommit_allowed(name)) {
          problem(invalid, Kind::kNotEqualLimit, path + ".requests", v, name, written(*limit));
        } else if (c > 0) {
          problem(invalid, Kind::kAboveLimit, path + ".requests", v, name, written(*limit));
        }
      } else if (!overcommit_allowed(name)) {
        problem(invalid, Kind::kLimitRequired, path + ".limits", v, name);
      }
      note(name);
    }
    if (!huge.empty() && !cpu_or_memory) problem(invalid, Kind::kHugePagesNeedCpuOrMemory, path, json(huge), huge);
  }

  // validateResourceClaimNames: each claim names one of the pod's resourceClaims.
  void claim_names(const json& list, const std::string& path) {
    std::size_t i = 0;
    for (const json* c : array_of(list)) {
      const std::string at = fmt::format("{}[{}]", path, i++);
      const std::string name = str(*c, "name");
      if (name.empty()) {
        problem(invalid, Kind::kClaimRequired, at, *c);
      } else if (claim_names_.count(name) == 0) {
        problem(invalid, Kind::kClaimUnknown, at, json(name));
      }
    }
  }
};

}  // namespace

ResourceGates resource_gates(std::string_view server_version) {
  unsigned major = 0;
  unsigned minor = 0;
  if (std::sscanf(std::string(server_version).c_str(), "v%u.%u", &major, &minor) != 2) return {};
  const bool v134 = major > 1 || (major == 1 && minor >= 34);
  return {.pod_level = v134, .claims = v134};
}

std::vector<ResourceProblem> resource_problems(const nlohmann::json& pod, ResourceGates gates) {
  std::vector<ResourceProblem> out;
  const json& spec = field(pod, "spec");
  std::set<std::string> claim_names;
  for (const json* c : array_of(field(spec, "resourceClaims"))) claim_names.insert(str(*c, "name"));
  Walker w(claim_names, gates.claims);
  for (const std::string_view list : {"containers", "initContainers"}) {
    std::size_t i = 0;
    for (const json* c : array_of(field(spec, list))) w.container(*c, fmt::format("spec.{}[{}]", list, i++));
  }
  w.pod(pod, gates.pod_level);
  return w.decode.empty() ? w.invalid : w.decode;
}

}  // namespace gpuwhy::k8s
