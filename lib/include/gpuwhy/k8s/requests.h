// A pod's resource request as the scheduler counts it (k8s.io/component-helpers resource
// PodRequests), and amounts in the scheduler's units: the one place gpuwhy sums a pod's requests.
#pragma once

#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

namespace gpuwhy::k8s {

inline constexpr std::string_view kCpu = "cpu";
inline constexpr std::string_view kMemory = "memory";
inline constexpr std::string_view kEphemeral = "ephemeral-storage";
inline constexpr std::string_view kPods = "pods";

/// The pod has finished (phase Succeeded or Failed): the scheduler's pod informer leaves such pods
/// out, so they hold nothing on their node.
bool terminated(const nlohmann::json& pod);

/// The node a pod spec names (spec.nodeName): the node it is bound to, or, in a manifest, the node
/// it asks for without the scheduler. Absent, null and "" are the same unset field (the zero value
/// of a Go string: the pod is created unbound and the scheduler places it), so all three give "".
/// `spec` is the pod's spec, or a last-applied-configuration's.
std::string node_name_of_spec(const nlohmann::json& spec);
/// The same, of a pod (or a pod manifest): node_name_of_spec(pod.spec).
std::string node_name(const nlohmann::json& pod);

/// The names of the pod's scheduling gates (spec.schedulingGates), in order: while there is one the
/// scheduler does not try the pod (SchedulingGates PreEnqueue), and the apiserver's PodScheduled
/// condition (False, reason SchedulingGated) carries its message, not the scheduler's. Empty: none.
std::vector<std::string> scheduling_gates(const nlohmann::json& pod);

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

/// What the pod's containers ask together (resourcehelper.AggregateContainerRequests): the app
/// containers and sidecars (restartable init containers) summed, each init container with the
/// sidecars started before it, the larger of the two per resource; zero amounts kept.
Amounts containers_requests(const nlohmann::json& pod, Amount amount = quantity);
/// The same of their limits (AggregateContainerLimits).
Amounts containers_limits(const nlohmann::json& pod, Amount amount = quantity);

/// The pod's request as the scheduler computes it (component-helpers resource.PodRequests):
/// max(sum of app containers + restartable init containers (sidecars), each init container with
/// the sidecars started before it), pod-level requests (else limits) for cpu and memory when set,
/// plus spec.overhead. Amounts as `amount` reads them; zero amounts are left out.
Amounts pod_requests(const nlohmann::json& pod, Amount amount = quantity);

/// The first resource `pod` asks more of (pod_requests) than `node` has allocatable at all, with no
/// other pod on it: a resource the node does not advertise has none (`nvidia.com/gpus`). The
/// scheduler's NodeResourcesFit turns the pod away there whatever else it does; nullopt when it fits.
/// The pod itself takes one of the node's `pods`, checked after what it asks: none allocatable
/// (absent or 0) is "pods".
std::optional<std::string> beyond_allocatable(const nlohmann::json& pod, const nlohmann::json& node);

/// Why the apiserver refuses a pod's container resources as `kubectl apply` sends them: each
/// container's and init container's `resources` decoded strictly (kubectl's default), limits copied
/// into the requests that lack them (SetDefaults_Pod), then ValidateContainerResourceRequirements.
struct ResourceProblem {
  enum class Kind {
    kNotObject,                 ///< a mapping is expected (decoding)
    kNotList,                   ///< a list is expected: claims (decoding)
    kNotString,                 ///< a claim's name or request is no string (decoding)
    kNotQuantity,               ///< an amount that is no quantity ("1gi", "abc", true) (decoding)
    kUnknownField,              ///< a field resources has none of (limit, Limits) (decoding)
    kBadName,                   ///< a resource name that is no qualified name ("NVIDIA.com/gpu")
    kNotStandard,               ///< a name without '/' Kubernetes has no resource of ("gpu")
    kNotForContainers,          ///< a name without '/' no container asks for ("gpu", "pods")
    kNotExtended,               ///< a name with '/' that is no extended resource ("requests.nvidia.com/gpu")
    kNegative,                  ///< an amount below zero
    kNotInteger,                ///< a fraction of a resource counted in whole units (nvidia.com/gpu: 0.5)
    kNotEqualLimit,             ///< a request of a resource that cannot be overcommitted, not its limit
    kAboveLimit,                ///< a request above its limit
    kLimitRequired,             ///< a request of a resource that cannot be overcommitted, with no limit
    kHugePagesSize,             ///< a huge pages amount that is no whole number of its pages
    kHugePagesNeedCpuOrMemory,  ///< huge pages without cpu or memory
    kClaimRequired,             ///< a claim without a name
    kClaimUnknown,              ///< a claim naming none of spec.resourceClaims
    kNotForPods,                ///< spec.resources names what a whole pod cannot ask for (only cpu, memory, huge pages)
    kClaimsForPod,              ///< spec.resources has claims (a container's field only)
    kBelowContainers,           ///< spec.resources asks less than its containers together (`limit`: their sum)
    kContainerAbovePod,         ///< a container's limit above the pod's own (`limit`: the pod's)
  };
  Kind kind;
  std::string path;      ///< as the apiserver names it: spec.containers[0].resources.limits[nvidia.com/gpu]
  std::string found;     ///< what was written there: a string as it is, anything else as JSON
  std::string resource;  ///< the resource name it is about; "" for none
  /// kNotEqualLimit, kAboveLimit: the limit as written; kBelowContainers: the containers' sum;
  /// kContainerAbovePod: the pod's limit.
  std::string limit;
  /// Refused while decoding (kNotObject to kUnknownField): the apiserver validated nothing.
  [[nodiscard]] bool decoding() const {
    return kind == Kind::kNotObject || kind == Kind::kNotList || kind == Kind::kNotString ||
           kind == Kind::kNotQuantity || kind == Kind::kUnknownField;
  }
};

/// The feature gates of the apiserver that decide which resource fields it validates. A gate that
/// is off leaves its fields decoded (a value of the wrong type is still refused) and then dropped.
struct ResourceGates {
  bool pod_level = true;  ///< PodLevelResources: spec.resources is validated and kept
  bool claims = true;     ///< DynamicResourceAllocation: a container's resources.claims is validated and kept
};

/// Every reason the apiserver gives for refusing the pod's container resources (spec.containers
/// and spec.initContainers), containers in order, limits before requests, names in order, then the
/// pod's own (spec.resources); none when it accepts them. Refused while decoding (kNotObject to
/// kUnknownField), nothing is validated: the answer is those problems alone. null is a field left
/// out, and an amount of null is zero. Of a claim, only its name is looked into (a repeated claim
/// and its request's name are not). `gates`: those of the apiserver's version (resource_gates()).
std::vector<ResourceProblem> resource_problems(const nlohmann::json& pod, ResourceGates gates = {});

/// The gates on by default in an apiserver of `server_version` ("v1.34.0"): PodLevelResources and
/// DynamicResourceAllocation both from v1.34 (held to fixtures/k8s/resources/*.v1.33.13.jsonl,
/// where v1.33.13 drops both fields). An unknown version is taken as one with both on.
ResourceGates resource_gates(std::string_view server_version);

}  // namespace gpuwhy::k8s
