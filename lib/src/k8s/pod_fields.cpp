// Which fields a Pod has at each place, and of which JSON type, as decoding into core/v1 (v1.34)
// reads them: a field of another name (case included) is unknown to strict decoding, one of another
// type is refused by Go's decoder, and either way the manifest is refused. Held to
// fixtures/k8s/pod/fields.jsonl, recorded from a real apiserver.
#include <algorithm>
#include <array>
#include <cctype>
#include <limits>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include <fmt/format.h>

#include "gpuwhy/base/sys.h"
#include "gpuwhy/k8s/fields.h"
#include "gpuwhy/k8s/manifest.h"

namespace gpuwhy::k8s {

namespace {

using Kind = PodFieldProblem::Kind;

// The JSON a field decodes from (null always does: the field left out).
enum class Type {
  kOwnRule,  // read by its own rule (tolerations, nodeSelector, affinity, resources)
  kString,
  kInt64,
  kInt32,
  kBool,
  kObject,
  kObjectList,  // a list of structs: each item an object
  kStringList,
  kStringMap,
  kTime,  // metav1.Time: an RFC 3339 string
};

struct Field {
  std::string_view name;
  Type type;
};
using Fields = std::span<const Field>;

// k8s.io/api core/v1 Pod (with TypeMeta), ObjectMeta, PodSpec and Container (v0.34.0 types.go).
constexpr std::array<Field, 5> kTop = {{{"apiVersion", Type::kString},
                                        {"kind", Type::kString},
                                        {"metadata", Type::kObject},
                                        {"spec", Type::kObject},
                                        {"status", Type::kObject}}};
constexpr std::array<Field, 15> kMetadata = {{{"name", Type::kString},
                                              {"generateName", Type::kString},
                                              {"namespace", Type::kString},
                                              {"selfLink", Type::kString},
                                              {"uid", Type::kString},
                                              {"resourceVersion", Type::kString},
                                              {"generation", Type::kInt64},
                                              {"creationTimestamp", Type::kTime},
                                              {"deletionTimestamp", Type::kTime},
                                              {"deletionGracePeriodSeconds", Type::kInt64},
                                              {"labels", Type::kStringMap},
                                              {"annotations", Type::kStringMap},
                                              {"ownerReferences", Type::kObjectList},
                                              {"finalizers", Type::kStringList},
                                              {"managedFields", Type::kObjectList}}};
constexpr std::array<Field, 41> kSpec = {{{"volumes", Type::kObjectList},
                                          {"initContainers", Type::kObjectList},
                                          {"containers", Type::kObjectList},
                                          {"ephemeralContainers", Type::kObjectList},
                                          {"restartPolicy", Type::kString},
                                          {"terminationGracePeriodSeconds", Type::kInt64},
                                          {"activeDeadlineSeconds", Type::kInt64},
                                          {"dnsPolicy", Type::kString},
                                          {"nodeSelector", Type::kOwnRule},
                                          {"serviceAccountName", Type::kString},
                                          {"serviceAccount", Type::kString},
                                          {"automountServiceAccountToken", Type::kBool},
                                          {"nodeName", Type::kString},
                                          {"hostNetwork", Type::kBool},
                                          {"hostPID", Type::kBool},
                                          {"hostIPC", Type::kBool},
                                          {"shareProcessNamespace", Type::kBool},
                                          {"securityContext", Type::kObject},
                                          {"imagePullSecrets", Type::kObjectList},
                                          {"hostname", Type::kString},
                                          {"subdomain", Type::kString},
                                          {"affinity", Type::kOwnRule},
                                          {"schedulerName", Type::kString},
                                          {"tolerations", Type::kOwnRule},
                                          {"hostAliases", Type::kObjectList},
                                          {"priorityClassName", Type::kString},
                                          {"priority", Type::kInt32},
                                          {"dnsConfig", Type::kObject},
                                          {"readinessGates", Type::kObjectList},
                                          {"runtimeClassName", Type::kString},
                                          {"enableServiceLinks", Type::kBool},
                                          {"preemptionPolicy", Type::kString},
                                          {"overhead", Type::kObject},
                                          {"topologySpreadConstraints", Type::kObjectList},
                                          {"setHostnameAsFQDN", Type::kBool},
                                          {"os", Type::kObject},
                                          {"hostUsers", Type::kBool},
                                          {"schedulingGates", Type::kObjectList},
                                          {"resourceClaims", Type::kObjectList},
                                          {"resources", Type::kOwnRule},
                                          {"hostnameOverride", Type::kString}}};
constexpr std::array<Field, 26> kContainer = {{{"name", Type::kString},
                                               {"image", Type::kString},
                                               {"command", Type::kStringList},
                                               {"args", Type::kStringList},
                                               {"workingDir", Type::kString},
                                               {"ports", Type::kObjectList},
                                               {"envFrom", Type::kObjectList},
                                               {"env", Type::kObjectList},
                                               {"resources", Type::kOwnRule},
                                               {"resizePolicy", Type::kObjectList},
                                               {"restartPolicy", Type::kString},
                                               {"restartPolicyRules", Type::kObjectList},
                                               {"volumeMounts", Type::kObjectList},
                                               {"volumeDevices", Type::kObjectList},
                                               {"livenessProbe", Type::kObject},
                                               {"readinessProbe", Type::kObject},
                                               {"startupProbe", Type::kObject},
                                               {"lifecycle", Type::kObject},
                                               {"terminationMessagePath", Type::kString},
                                               {"terminationMessagePolicy", Type::kString},
                                               {"imagePullPolicy", Type::kString},
                                               {"securityContext", Type::kObject},
                                               {"stdin", Type::kBool},
                                               {"stdinOnce", Type::kBool},
                                               {"tty", Type::kBool},
                                               // an ephemeral container's own (Container has none)
                                               {"targetContainerName", Type::kString}}};
constexpr std::string_view kTargetContainerName = "targetContainerName";
// A container's resources and spec.affinity, whose own rules name their unknown fields: here only
// to say where a loose part goes.
constexpr std::array<Field, 3> kResources = {
    {{"limits", Type::kOwnRule}, {"requests", Type::kOwnRule}, {"claims", Type::kOwnRule}}};
constexpr std::array<Field, 3> kAffinity = {
    {{"nodeAffinity", Type::kOwnRule}, {"podAffinity", Type::kOwnRule}, {"podAntiAffinity", Type::kOwnRule}}};

const Field* find(Fields fields, std::string_view name) {
  const auto it = std::find_if(fields.begin(), fields.end(), [&](const Field& f) { return f.name == name; });
  return it == fields.end() ? nullptr : &*it;
}

// `name` as one of `fields` but for its case or a plural's s: tolerations for Tolerations, toleration.
std::optional<std::string_view> spelled(Fields fields, std::string_view name) {
  const auto same = [](std::string_view a, std::string_view b) {
    return a.size() == b.size() && std::equal(a.begin(), a.end(), b.begin(), [](char x, char y) {
             return std::tolower(static_cast<unsigned char>(x)) == std::tolower(static_cast<unsigned char>(y));
           });
  };
  const auto trimmed = [](std::string_view s) {
    return !s.empty() && (s.back() == 's' || s.back() == 'S') ? s.substr(0, s.size() - 1) : s;
  };
  for (const Field& f : fields) {
    if (same(f.name, name) || same(trimmed(f.name), name) || same(f.name, trimmed(name))) return f.name;
  }
  return std::nullopt;
}

// Every item of a list, or value of a mapping, is `ok`.
bool all_of(const nlohmann::json& v, bool (*ok)(const nlohmann::json&)) {
  return std::all_of(v.begin(), v.end(), ok);
}

bool null_or_string(const nlohmann::json& v) {
  return v.is_null() || v.is_string();
}
bool null_or_object(const nlohmann::json& v) {
  return v.is_null() || v.is_object();
}

// Whether `v` decodes into a field of `type`; null always does.
bool decodes(const nlohmann::json& v, Type type) {
  if (v.is_null()) return true;
  switch (type) {
    case Type::kOwnRule: return true;
    case Type::kString: return v.is_string();
    case Type::kInt64: return go_int64(v).has_value();
    case Type::kInt32: {
      const auto n = go_int64(v);
      return n && *n >= std::numeric_limits<int>::min() && *n <= std::numeric_limits<int>::max();
    }
    case Type::kBool: return v.is_boolean();
    case Type::kObject: return v.is_object();
    case Type::kObjectList: return v.is_array() && all_of(v, &null_or_object);
    case Type::kStringList: return v.is_array() && all_of(v, &null_or_string);
    case Type::kStringMap: return v.is_object() && all_of(v, &null_or_string);
    case Type::kTime: return v.is_string() && sys::parse_rfc3339(v.get_ref<const std::string&>()).has_value();
  }
  return true;
}

// The catalog id of a type's name, as the hint says it.
std::string_view type_word(Type type) {
  switch (type) {
    case Type::kOwnRule: return {};
    case Type::kString: return "type.string";
    case Type::kInt64:
    case Type::kInt32: return "type.integer";
    case Type::kBool: return "type.bool";
    case Type::kObject: return "type.mapping";
    case Type::kObjectList: return "type.list-of-mappings";
    case Type::kStringList: return "type.list-of-strings";
    case Type::kStringMap: return "type.mapping-of-strings";
    case Type::kTime: return "type.time";
  }
  return {};
}

// A place of a Pod: its fields and the path it is at ("" for the top).
struct Place {
  Fields fields;
  std::string path;
};

class Walker {
 public:
  std::vector<PodFieldProblem> out;

  void pod(const nlohmann::json& p) {
    check(p, {kTop, ""});
    check(field(p, "metadata"), {kMetadata, "metadata"});
    const nlohmann::json& spec = field(p, "spec");
    check(spec, {kSpec, "spec"});
    for (const std::string_view list : {"containers", "initContainers", "ephemeralContainers"}) {
      const auto items = array_of(field(spec, list));
      for (std::size_t i = 0; i < items.size(); ++i) {
        container_ = fmt::format("spec.{}[{}]", list, i);
        check(*items[i], {kContainer, container_}, list == "ephemeralContainers");
      }
    }
  }

 private:
  std::string container_ = "spec.containers[0]";

  void check(const nlohmann::json& o, const Place& at, bool ephemeral = false) {
    if (!o.is_object()) return;
    for (const auto& [k, v] : o.items()) {
      const Field* f = find(at.fields, k);
      if (f != nullptr && (f->name != kTargetContainerName || ephemeral)) {
        if (!decodes(v, f->type)) {
          out.push_back({Kind::kWrongType, at.path.empty() ? k : fmt::format("{}.{}", at.path, k), written(v),
                         std::string(type_word(f->type))});
        }
        continue;
      }
      PodFieldProblem u;
      u.path = at.path.empty() ? k : fmt::format("{}.{}", at.path, k);
      u.found = written(v);
      classify(u, at, k);
      out.push_back(std::move(u));
    }
  }

  // Where a field of this name is, nearest first: a pod's field in a container belongs to spec, a
  // container's in spec to the container, a resource's part to the container's resources.
  void classify(PodFieldProblem& u, const Place& at, std::string_view name) const {
    if (name == kTargetContainerName) return;  // an ephemeral container's alone: no other place has it
    const std::string container = at.fields.data() == kContainer.data() ? at.path : container_;
    if (const auto s = spelled(at.fields, name)) {
      u.kind = Kind::kSpelled;
      u.known = std::string(*s);
      return;
    }
    const std::array<Place, 6> places = {Place{kSpec, "spec"},
                                         Place{kMetadata, "metadata"},
                                         Place{kContainer, container},
                                         Place{kResources, container + ".resources"},
                                         Place{kAffinity, "spec.affinity"},
                                         Place{kTop, ""}};
    for (const Place& p : places) {
      if (p.fields.data() == at.fields.data() || p.path.empty() || find(p.fields, name) == nullptr) continue;
      u.kind = Kind::kMisplaced;
      u.known = p.path;
      return;
    }
  }
};

}  // namespace

std::vector<PodFieldProblem> pod_field_problems(const nlohmann::json& pod) {
  Walker w;
  w.pod(pod);
  return std::move(w.out);
}

}  // namespace gpuwhy::k8s
