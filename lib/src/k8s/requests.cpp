#include "gpuwhy/k8s/requests.h"

#include <utility>

#include "gpuwhy/k8s/fields.h"
#include "gpuwhy/k8s/quantity.h"

namespace gpuwhy::k8s {

using nlohmann::json;

namespace {

void add(Amounts& into, const Amounts& more) {
  for (const auto& [k, v] : more) into[k] += v;
}

void max_into(Amounts& into, const Amounts& other) {
  for (const auto& [k, v] : other) {
    auto it = into.find(k);
    if (it == into.end() || it->second < v) into[k] = v;
  }
}

// Pod-level resources (PodLevelResources, beta and on from 1.34; the apiserver drops the field
// where the gate is off): they replace the containers' sum for cpu and memory.
void pod_level(const json& spec, Amounts& reqs, Amount amount) {
  const json& plr = path(spec, {"resources", "requests"});
  const json& pll = path(spec, {"resources", "limits"});
  for (const auto r : {kCpu, kMemory}) {
    const std::string key(r);
    if (plr.is_object() && plr.contains(key)) {
      if (auto q = amount(r, plr[key])) reqs[key] = *q;
    } else if (pll.is_object() && pll.contains(key)) {
      if (auto q = amount(r, pll[key])) reqs[key] = *q;
    }
  }
}

}  // namespace

bool terminated(const json& pod) {
  const std::string phase = str(field(pod, "status"), "phase");
  return phase == "Succeeded" || phase == "Failed";
}

std::string node_name_of_spec(const json& spec) {
  return str(spec, "nodeName");
}

std::string node_name(const json& pod) {
  return node_name_of_spec(field(pod, "spec"));
}

std::vector<std::string> scheduling_gates(const json& pod) {
  std::vector<std::string> out;
  const json& gates = field(field(pod, "spec"), "schedulingGates");
  if (!gates.is_array()) return out;
  for (const auto& g : gates) out.push_back(str(g, "name"));
  return out;
}

bool counts_on_node(const json& pod, std::string_view node) {
  const std::string bound = node_name(pod);
  return !bound.empty() && bound == node && !terminated(pod);
}

std::optional<long long> quantity(std::string_view resource, const json& value) {
  return json_scaled_value(value, resource == kCpu ? 1000 : 1);
}

std::string show_quantity(std::string_view resource, long long amount) {
  if (resource == kCpu) {
    if (amount % 1000 == 0) return std::to_string(amount / 1000);
    return std::to_string(amount) + "m";
  }
  if (resource == kMemory || resource == kEphemeral || resource.rfind("hugepages-", 0) == 0) {
    static const std::pair<const char*, int> kBin[] = {{"Ei", 60}, {"Pi", 50}, {"Ti", 40},
                                                       {"Gi", 30}, {"Mi", 20}, {"Ki", 10}};
    if (amount == 0) return "0";
    for (const auto& [suffix, shift] : kBin) {
      const long long unit = 1LL << shift;
      if (amount % unit == 0 && amount / unit != 0) return std::to_string(amount / unit) + suffix;
    }
  }
  return std::to_string(amount);
}

Amounts container_requests(const json& c, Amount amount) {
  Amounts out;
  const json& req = path(c, {"resources", "requests"});
  const json& lim = path(c, {"resources", "limits"});
  if (req.is_object()) {
    for (const auto& [k, v] : req.items()) {
      if (auto q = amount(k, v)) out[k] = *q;
    }
  }
  if (lim.is_object()) {
    for (const auto& [k, v] : lim.items()) {
      if (req.is_object() && req.contains(k)) continue;
      if (auto q = amount(k, v)) out[k] = *q;
    }
  }
  return out;
}

namespace {

Amounts container_limits(const json& c, Amount amount) {
  Amounts out;
  const json& lim = path(c, {"resources", "limits"});
  if (lim.is_object()) {
    for (const auto& [k, v] : lim.items()) {
      if (auto q = amount(k, v)) out[k] = *q;
    }
  }
  return out;
}

// resourcehelper's AggregateContainerRequests and AggregateContainerLimits: `of` each container.
Amounts aggregate(const json& pod, Amounts (*of)(const json&, Amount), Amount amount) {
  const json& spec = field(pod, "spec");
  Amounts sum;
  for (const json* c : array_of(field(spec, "containers"))) add(sum, of(*c, amount));
  Amounts restartable;
  Amounts init_max;
  for (const json* c : array_of(field(spec, "initContainers"))) {
    Amounts mine = of(*c, amount);
    if (str(*c, "restartPolicy") == "Always") {
      // A sidecar runs for the pod's whole life: it adds to the app containers, and every init
      // container after it runs beside it.
      add(sum, mine);
      add(restartable, mine);
      mine = restartable;
    } else {
      add(mine, restartable);
    }
    max_into(init_max, mine);
  }
  max_into(sum, init_max);
  return sum;
}

}  // namespace

Amounts containers_requests(const json& pod, Amount amount) {
  return aggregate(pod, container_requests, amount);
}

Amounts containers_limits(const json& pod, Amount amount) {
  return aggregate(pod, container_limits, amount);
}

Amounts pod_requests(const json& pod, Amount amount) {
  const json& spec = field(pod, "spec");
  Amounts reqs = containers_requests(pod, amount);
  pod_level(spec, reqs, amount);
  const json& overhead = field(spec, "overhead");
  if (overhead.is_object()) {
    for (const auto& [k, v] : overhead.items()) {
      if (auto q = amount(k, v)) reqs[k] += *q;
    }
  }
  for (auto it = reqs.begin(); it != reqs.end();) {
    it = it->second == 0 ? reqs.erase(it) : std::next(it);
  }
  return reqs;
}

std::optional<std::string> beyond_allocatable(const json& pod, const json& node) {
  const json& alloc = path(node, {"status", "allocatable"});
  for (const auto& [resource, amount] : pod_requests(pod)) {
    const json& have = field(alloc, resource);
    const auto has = have.is_null() ? std::optional<long long>(0) : quantity(resource, have);
    if (has && amount > *has) return resource;
  }
  // Each pod takes one of the node's pods (NodeResourcesFit's "Too many pods").
  const json& pods = field(alloc, kPods);
  const auto room = pods.is_null() ? std::optional<long long>(0) : quantity(kPods, pods);
  if (room && *room < 1) return std::string(kPods);
  return std::nullopt;
}

}  // namespace gpuwhy::k8s
