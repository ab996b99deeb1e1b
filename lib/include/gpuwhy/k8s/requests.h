// A pod's resource request as the scheduler counts it (k8s.io/component-helpers resource
// PodRequests), and amounts in the scheduler's units: the one place gpuwhy sums a pod's requests.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

namespace gpuwhy::k8s {

inline constexpr std::string_view kCpu = "cpu";
inline constexpr std::string_view kMemory = "memory";
inline constexpr std::string_view kEphemeral = "ephemeral-storage";
inline constexpr std::string_view kPods = "pods";

/// The pod has finished (phase Succeeded or Failed): the scheduler's pod informer leaves such pods
/// out, so they hold nothing on their node.
bool terminated(const nlohmann::json& pod);

/// The scheduler counts the pod's requests on `node` (its NodeInfo): bound there (spec.nodeName)
/// and not terminated. A pod being deleted still counts until it is gone.
bool counts_on_node(const nlohmann::json& pod, std::string_view node);

/// Amounts per resource name ("cpu", "nvidia.com/gpu").
using Amounts = std::map<std::string, long long>;

/// Reads one quantity of `resource` in some unit; nullopt when it is not a quantity.
using Amount = std::optional<long long> (*)(std::string_view resource, const nlohmann::json& value);

/// A quantity in the scheduler's units for `resource` (cpu: MilliValue, the rest: Value), read
/// from JSON as the apiserver reads it (json_scaled_value: a string, or a number's text); nullopt
/// when it is not a quantity.
std::optional<long long> quantity(std::string_view resource, const nlohmann::json& value);
/// A quantity in the scheduler's units written back for people: "2", "500m", "8Gi", "1536Mi".
std::string show_quantity(std::string_view resource, long long amount);

/// A container's requests; a limit stands in for a missing request (SetDefaults_Pod does this on
/// create, so stored pods already have it; a pod read from a file may not).
Amounts container_requests(const nlohmann::json& container, Amount amount = quantity);

/// The pod's request as the scheduler computes it (component-helpers resource.PodRequests):
/// max(sum of app containers + restartable init containers (sidecars), each init container with
/// the sidecars started before it), pod-level requests (else limits) for cpu and memory when set,
/// plus spec.overhead. Amounts as `amount` reads them; zero amounts are left out.
Amounts pod_requests(const nlohmann::json& pod, Amount amount = quantity);

}  // namespace gpuwhy::k8s
