// Step 7 of the lab (docs/lab/SPEC.md): trainer3, identical to trainer2 but for its name, stays
// Pending with "Insufficient nvidia.com/gpu"; that message is saved.
#include <algorithm>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "causes.h"
#include "checks.h"
#include "common.h"
#include "gpuwhy/base/text.h"
#include "gpuwhy/k8s/node_affinity.h"
#include "gpuwhy/k8s/requests.h"
#include "gpuwhy/k8s/taints.h"
#include "gpuwhy/lab/lab.h"
#include "gpuwhy/lab/rules.h"
#include "pending.h"
#include "placement.h"

namespace gpuwhy::checks {
namespace {

using namespace detail;  // NOLINT(google-build-using-namespace)

// The parts of a pod that must match: containers and init containers (image, resources with
// requests defaulted from limits, quantities canonical; an init container's restartPolicy), student
// tolerations (in any order, operator Equal when unset, empty fields left out), nodeSelector,
// affinity (k8s::canonical_affinity; absent or null as empty), and the other fields the scheduler
// reads of a pod (kScheduling), each with its default filled in. Read in place: only the
// containers are rebuilt.
struct Comparable {
  json containers = json::array();
  json init_containers = json::array();
  std::vector<json> tolerations;
  const json* node_selector = nullptr;
  json affinity;                     ///< k8s::canonical_affinity: null or {} when it has none
  json scheduling = json::object();  ///< kScheduling's fields, defaults filled in
};

// The other fields of a pod spec the scheduler reads, and the value the apiserver or the scheduler
// takes when one is left out (null: none, compared as absent).
// `step6`: a field that keeps trainer2 itself from the scheduler's placing (another scheduler, a
// gate), which step 6 names: set on trainer2 alone it is trainer2's fault, not trainer3's.
struct SchedulingField {
  const char* name;
  const char* unset;
  bool step6 = false;
};
constexpr SchedulingField kScheduling[] = {
    {"schedulerName", "default-scheduler", true},  // SetDefaults_PodSpec
    {"priorityClassName", nullptr},
    {"preemptionPolicy", "PreemptLowerPriority"},  // the Priority admission plugin
    {"runtimeClassName", nullptr},
    {"schedulingGates", nullptr, true},
    {"topologySpreadConstraints", nullptr},
    {"overhead", nullptr},
    {"resources", nullptr},  // the pod's own
};

json comparable_containers(const json* list, bool init) {
  json out = json::array();
  if (list == nullptr || !list->is_array()) return out;
  for (const auto& c : *list) {
    json res = json::object();
    const json* r = at(c, "/resources");
    for (const char* which : {"limits", "requests"}) {
      if (r == nullptr || !r->contains(which) || !(*r)[which].is_object()) continue;
      for (const auto& [k, v] : (*r)[which].items()) {
        const auto q = readers::json_quantity_milli(v);
        res[which][k] = q ? json(*q) : v;
      }
    }
    // The apiserver copies limits into missing requests; compare after that.
    if (res.contains("limits")) {
      for (const auto& [k, v] : res["limits"].items()) {
        if (!res.contains("requests") || !res["requests"].contains(k)) res["requests"][k] = v;
      }
    }
    json one{{"image", str_at(c, "/image")}, {"resources", std::move(res)}};
    if (init) one["restartPolicy"] = str_at(c, "/restartPolicy");  // a sidecar's adds to the pod's request
    out.push_back(std::move(one));
  }
  return out;
}

Comparable comparable(const json& pod) {
  Comparable out;
  out.containers = comparable_containers(at(pod, "/spec/containers"), false);
  out.init_containers = comparable_containers(at(pod, "/spec/initContainers"), true);
  for (const auto& t : k8s::authored_tolerations(pod)) out.tolerations.push_back(k8s::canonical_toleration(t));
  const auto present = [](const json* v) { return v != nullptr && !v->is_null() ? v : nullptr; };
  out.node_selector = present(at(pod, "/spec/nodeSelector"));
  if (const json* a = present(at(pod, "/spec/affinity"))) out.affinity = k8s::canonical_affinity(*a);
  const json* spec = at(pod, "/spec");
  for (const auto& f : kScheduling) {
    const json* v = spec != nullptr && spec->is_object() && spec->contains(f.name) ? &(*spec)[f.name] : nullptr;
    if (v != nullptr && !is_empty_value(*v)) {
      out.scheduling[f.name] = *v;
    } else if (f.unset != nullptr) {
      out.scheduling[f.name] = f.unset;
    }
  }
  return out;
}

// Equal as a map field is compared: absent (or null) stands for {}.
bool same_or_empty(const json* a, const json* b) {
  static const json kEmpty = json::object();
  return (a != nullptr && !a->is_null() ? *a : kEmpty) == (b != nullptr && !b->is_null() ? *b : kEmpty);
}

// The same tolerations in any order, less those another of the same pod covers (a repeat, an Equal
// beside an Exists of its key): the scheduler asks whether any toleration tolerates a taint, so
// the two pods tolerate the same taints, for as long.
bool same_tolerations(const std::vector<json>& a, const std::vector<json>& b) {
  const auto ea = k8s::essential_tolerations(a);
  const auto eb = k8s::essential_tolerations(b);
  const auto within = [](const std::vector<json>& x, const std::vector<json>& y) {
    return std::all_of(y.begin(), y.end(), [&x](const json& t) { return std::find(x.begin(), x.end(), t) != x.end(); });
  };
  return within(ea, eb) && within(eb, ea);
}

// The fields trainer3 (`a`) differs from trainer2 (`b`) in, in name order. `manifests`: the two are
// manifests, whose nodeName is compared too (a live pod's is where it was bound). A scheduling
// field counts either way (a priority on trainer2 alone lets trainer2 in where trainer3 waits),
// but nodeName and kScheduling's step-6 fields only when trainer3 sets them: trainer2 naming a
// node, another scheduler or a gate is trainer2's own fault (step 6), not trainer3's.
std::vector<std::string> differences(const json& a, const json& b, bool manifests) {
  const Comparable ca = comparable(a);
  const Comparable cb = comparable(b);
  std::vector<std::string> out;
  if (!same_or_empty(&ca.affinity, &cb.affinity)) out.emplace_back("affinity");
  if (ca.containers != cb.containers) out.emplace_back("containers");
  if (ca.init_containers != cb.init_containers) out.emplace_back("initContainers");
  if (!same_or_empty(ca.node_selector, cb.node_selector)) out.emplace_back("nodeSelector");
  if (manifests && !k8s::node_name(a).empty() && k8s::node_name(a) != k8s::node_name(b)) out.emplace_back("nodeName");
  for (const auto& f : kScheduling) {
    const auto x = ca.scheduling.find(f.name);
    const auto y = cb.scheduling.find(f.name);
    const bool has_x = x != ca.scheduling.end();
    const bool has_y = y != cb.scheduling.end();
    const bool differ = has_x != has_y || (has_x && has_y && *x != *y);
    const bool own = has_x && (f.unset == nullptr || *x != f.unset);
    const bool others = has_y && (f.unset == nullptr || *y != f.unset);
    if (differ && (own || (others && !f.step6))) out.emplace_back(f.name);
  }
  if (!same_tolerations(ca.tolerations, cb.tolerations)) out.emplace_back("tolerations");
  std::sort(out.begin(), out.end());
  return out;
}

// A compared field of `pod` as written (`field` as differences() names it), for the evidence;
// "" when the pod has none. Long values are cut: the line shows where they differ, not all of it.
std::string field_as_written(const json& pod, std::string_view field) {
  constexpr std::size_t kMaxShown = 400;
  std::string out;
  if (field == "tolerations") {
    std::vector<std::string> shown;
    for (const auto& t : k8s::authored_tolerations(pod)) shown.push_back(t.dump());
    out = join(shown);
  } else if (field == "containers" || field == "initContainers") {
    const json* list = at(pod, field == "containers" ? "/spec/containers" : "/spec/initContainers");
    json shown = json::array();
    if (list != nullptr && list->is_array()) {
      for (const json& c : *list) {
        const json* r = at(c, "/resources");
        shown.push_back(json{{"image", str_at(c, "/image")}, {"resources", r != nullptr ? *r : json::object()}});
      }
    }
    if (!shown.empty()) out = shown.dump();
  } else {
    const json* spec = at(pod, "/spec");
    const std::string key(field);
    if (spec != nullptr && spec->is_object() && spec->contains(key) && !(*spec)[key].is_null()) {
      const json& v = (*spec)[key];
      out = v.is_string() ? v.get<std::string>() : v.dump();
    }
  }
  return text::ellipsize(out, kMaxShown);
}

// Each differing field of trainer3's (`pod`) beside trainer2's (`other`), as evidence: of the
// manifests, or (`live`) of the pods.
std::vector<Msg> side_by_side(const std::vector<std::string>& diff, const json& pod, const json& other, bool live) {
  std::vector<Msg> out;
  for (const std::string& field : diff) {
    const std::pair<const json*, std::string_view> sides[] = {
        {&pod, live ? lab::kPodTrainer3 : lab::kManifestTrainer3},
        {&other, live ? lab::kPodTrainer2 : lab::kManifestTrainer2}};
    for (const auto& [p, name] : sides) {
      Msg m = live ? msg("ev.pod-field", {{"pod", std::string(name)}, {"field", field}})
                   : msg("ev.file-field", {{"file", std::string(name)}, {"field", field}});
      const std::string value = field_as_written(*p, field);
      if (value.empty()) {
        m.args["value@"] = "ev.none";
      } else {
        m.args["value"] = value;
      }
      out.push_back(std::move(m));
    }
  }
  return out;
}

// The failure naming the fields `pod` (trainer3) differs from `other` (trainer2) in. `where` names
// the manifest, or (`where_id`, a catalog text) the live pod in the reader's words. Each
// differing field is shown as both wrote it. The tolerations hint says what trainer3 loses without
// trainer2's toleration, so it is given only when `pod`'s tolerations leave the taint untolerated; a
// list that still tolerates it but is another list (one more toleration, a broader effect) gets the
// plain "differs".
Outcome differs(const Msg& expected, std::map<std::string, std::string> args, const std::vector<std::string>& diff,
                const json& pod, const json& other, const std::string& where, const char* where_id,
                std::vector<Msg> ev) {
  args["fields"] = join(diff);
  if (where_id == nullptr) {
    args["where"] = where;
  } else {
    args.erase("where");
    args["where@"] = where_id;
  }
  for (auto& m : side_by_side(diff, pod, other, where_id != nullptr)) ev.push_back(std::move(m));
  const auto own = k8s::authored_tolerations(pod);
  const bool only_tolerations =
      diff.size() == 1 && diff[0] == "tolerations" &&
      std::none_of(own.begin(), own.end(), [](const json& t) { return lab::tolerates_taint(t); });
  Outcome o = fail(
      expected, raw(fmt::format("{}: {}", where, join(diff))),
      msg(only_tolerations ? "hint.step7.same-as-trainer2.tolerations" : "hint.step7.same-as-trainer2.differs", args),
      ev);
  o.compared.answer = join(diff);  // the fields trainer3 differs in, for the cause rule
  return o;
}

/// Verifies: k8s/trainer3.yaml and live trainer3 match trainer2 (containers, tolerations,
/// nodeSelector, affinity); only the name differs.
Outcome same_as_trainer2(const View& s) {
  std::map<std::string, std::string> args{{"pod", std::string(lab::kPodTrainer3)},
                                          {"other", std::string(lab::kPodTrainer2)},
                                          {"file", std::string(lab::kManifestTrainer3)},
                                          {"other_file", std::string(lab::kManifestTrainer2)},
                                          {"namespace", std::string(lab::kNamespace)}};
  const Msg expected = msg("value.step7.same-as-trainer2.expected", args);
  ManifestRead m3 = read_pod_manifest(s, lab::kManifestTrainer3, expected, lab::kPodTrainer3);
  if (!m3.pod) return m3.failure;
  if (view_at(*m3.pod, "/metadata/name") != lab::kPodTrainer3) {
    args["name"] = name_of(*m3.pod);
    return fail(expected, raw(fmt::format("{}: metadata.name={}", lab::kManifestTrainer3, name_of(*m3.pod))),
                msg("hint.manifest.wrong-name", args));
  }
  ManifestRead m2 = read_pod_manifest(s, lab::kManifestTrainer2, expected, lab::kPodTrainer2);
  if (!m2.pod) {
    m2.failure.hint = msg("hint.step7.same-as-trainer2.no-trainer2-manifest", args);
    return m2.failure;
  }
  std::vector<Msg> ev;
  const auto report = [&](const std::vector<std::string>& diff, const json& pod, const json& other,
                          const std::string& where, const char* where_id) {
    return differs(expected, args, diff, pod, other, where, where_id, ev);
  };
  if (auto d = differences(*m3.pod, *m2.pod, true); !d.empty())
    return report(d, *m3.pod, *m2.pod, std::string(lab::kManifestTrainer3), nullptr);
  ev.push_back(
      msg("ev.same-as", {{"a", std::string(lab::kManifestTrainer3)}, {"b", std::string(lab::kManifestTrainer2)}}));
  if (auto e = need_pods(s)) return *e;
  const json* p3 = s.pod(lab::kPodTrainer3);
  const json* p2 = s.pod(lab::kPodTrainer2);
  if (p3 == nullptr)
    return unmet(fail(expected, msg("value.pod-not-found", args), msg("hint.pod-missing", args)), Need::Kind::kPod,
                 lab::kPodTrainer3);
  if (p2 == nullptr) {
    args["pod"] = std::string(lab::kPodTrainer2);
    return unmet(fail(expected, msg("value.pod-not-found", args), msg("hint.pod-missing", args)), Need::Kind::kPod,
                 lab::kPodTrainer2);
  }
  if (auto d = differences(*p3, *p2, false); !d.empty()) {
    Outcome o = report(d, *p3, *p2, "pod " + std::string(lab::kPodTrainer3), "item.live-pod");
    // The files are the same and trainer3 is as its file says: live trainer2 changed after its
    // file was applied (kubectl patch or edit). That change is the fault, not trainer3.
    if (differences(*p3, *m3.pod, false).empty())
      o.hint = msg("hint.step7.same-as-trainer2.trainer2-changed", o.hint.args);
    return o;
  }
  ev.push_back(msg("ev.pod-same-as", {{"a", std::string(lab::kPodTrainer3)}, {"b", std::string(lab::kPodTrainer2)}}));
  return pass(expected, msg("value.step7.same-as-trainer2.same", args), ev);
}

// Step 7's premise: the slots ran out. trainer and trainer2 are bound to lab-node-0 and hold
// every allocatable GPU; without allocatable (capacity-only) trainer3 waits for another reason.
std::optional<Outcome> premise(const View& s, const Msg& expected, bool allocatable_only) {
  if (!s.snap().nodes.ok() || !s.snap().pods.ok()) return std::nullopt;  // the check's own error path says it
  std::map<std::string, std::string> args{
      {"node", std::string(lab::kGpuNode)},         {"resource", std::string(lab::kResource)},
      {"pod", std::string(lab::kPodTrainer3)},      {"trainer", std::string(lab::kPodTrainer)},
      {"trainer2", std::string(lab::kPodTrainer2)}, {"namespace", std::string(lab::kNamespace)}};
  const json* node = s.node(lab::kGpuNode);
  const auto alloc_text = node == nullptr ? std::nullopt : node_gpu(*node, "allocatable");
  const long long alloc = alloc_text ? readers::quantity_milli(*alloc_text).value_or(0) : 0;
  std::vector<Msg> ev{ev_node_amount(lab::kGpuNode, "allocatable", alloc_text)};
  if (alloc <= 0) {
    // Advertised as 0 (or less): named as it is, not as missing.
    const bool zero = alloc_text && readers::quantity_milli(*alloc_text).has_value();
    args["found"] = alloc_text.value_or("");
    return fail(expected, msg("value.step7.no-allocatable", args),
                zero ? Fault::kPremiseAllocatableZero : Fault::kPremiseAllocatable, args, ev);
  }
  if (allocatable_only) return std::nullopt;
  const long long used = gpu_used_on_lab_node(s).milli;
  const auto bound = [&](std::string_view name) {
    const json* p = s.pod(name);
    return p != nullptr && view_at(*p, "/spec/nodeName") == lab::kGpuNode;
  };
  args["used"] = milli_text(used);
  args["allocatable"] = milli_text(alloc);
  ev.push_back(msg("ev.gpus-requested", {{"resource", std::string(lab::kResource)},
                                         {"node", std::string(lab::kGpuNode)},
                                         {"used", args["used"]},
                                         {"allocatable", args["allocatable"]}}));
  // The node is full: both hold their GPU, and nothing is left (a pod bound by name past the
  // scheduler may even hold more than it offers).
  if (bound(lab::kPodTrainer) && bound(lab::kPodTrainer2) && used >= alloc) return std::nullopt;
  // Another amount than the lab's 2: the two pods cannot be what fills the node, whatever runs.
  if (alloc != 1000LL * lab::kAdvertisedGpus) {
    args["want"] = std::to_string(lab::kAdvertisedGpus);
    return fail(expected, msg("value.step7.allocatable-amount", args), Fault::kPremiseAllocatableAmount, args, ev);
  }
  return fail(expected, msg("value.step7.slots-free", args), Fault::kPremiseSlots, args, ev);
}

// trainer3 carries the very tolerations trainer2 has, none of which matches the taint: the fix
// is the shared toleration (kSharedToleration), or the toleration both lack (kSharedNoToleration),
// in both manifests. kNone when trainer3 tolerates the taint, is bound, or differs from trainer2.
Fault shared_toleration_fault(const View& s) {
  if (!s.snap().pods.ok()) return Fault::kNone;
  const json* p3 = s.pod(lab::kPodTrainer3);
  const json* p2 = s.pod(lab::kPodTrainer2);
  if (p3 == nullptr || p2 == nullptr || !str_at(*p3, "/spec/nodeName").empty()) return Fault::kNone;
  const auto t3 = k8s::authored_tolerations(*p3);
  const bool tolerates = std::any_of(t3.begin(), t3.end(), [](const json& t) { return lab::tolerates_taint(t); });
  if (tolerates || !differences(*p3, *p2, false).empty()) return Fault::kNone;
  return t3.empty() ? Fault::kSharedNoToleration : Fault::kSharedToleration;
}

// A failure of trainer3 whose cause is the toleration it shares with trainer2 says so.
Outcome retarget_shared_toleration(const View& s, Outcome o) {
  const Fault shared = o.status == Status::kFail ? shared_toleration_fault(s) : Fault::kNone;
  if (shared == Fault::kNone) return o;
  return with_hint(std::move(o), shared,
                   {{"pod", std::string(lab::kPodTrainer3)},
                    {"other", std::string(lab::kPodTrainer2)},
                    {"file", std::string(lab::kManifestTrainer3)},
                    {"other_file", std::string(lab::kManifestTrainer2)},
                    {"taint", std::string(lab::kTaintString)}});
}

Outcome with_premise(const View& s, Outcome base) {
  if (base.status == Status::kError) return base;
  // trainer3 or the file not made yet (step 7 not done): that is the finding, whatever step 2 did.
  if (base.unmet) return base;
  // No allocatable: whatever trainer3 shows, step 2 is where the fix is.
  if (auto p = premise(s, base.expected, true)) return *p;
  if (base.status != Status::kPass) return base;
  if (auto p = premise(s, base.expected, false)) return *p;
  return base;
}

/// Verifies: trainer3 is Pending and the scheduler blames Insufficient nvidia.com/gpu, not the
/// taint, while trainer and trainer2 hold every GPU of lab-node-0.
Outcome pending_insufficient(const View& s) {
  Outcome o = pending_for(s, lab::kPodTrainer3, Blame::kInsufficient,
                          {Fault::kTrainer3Scheduled, Fault::kTrainer3NotInsufficient, Fault::kTrainer3Taint});
  o = retarget_shared_toleration(s, retarget_foreign_taint(s, with_premise(s, std::move(o))));
  return retarget_selector(s, retarget_taint_beside(s, std::move(o), lab::kPodTrainer3), lab::kPodTrainer3,
                           lab::kManifestTrainer3);
}

/// Verifies: out/exhausted.txt holds trainer3's Insufficient message, saved when the slots ran
/// out.
Outcome exhausted_file(const View& s) {
  Outcome o = retarget_shared_toleration(
      s, retarget_foreign_taint(
             s, with_premise(s, scheduler_file(s, lab::kFileExhausted, lab::kPodTrainer3, Blame::kInsufficient,
                                               "hint.step7.exhausted-file.taint"))));
  o = retarget_selector(s, retarget_taint_beside(s, std::move(o), lab::kPodTrainer3), lab::kPodTrainer3,
                        lab::kManifestTrainer3);
  return retarget_cordoned(s, std::move(o), lab::kPodTrainer3);
}

constexpr CheckInfo kChecks[] = {
    {.id = "step7.same-as-trainer2",
     .step = 7,
     .points = 2,
     .run = &same_as_trainer2,
     .reads = kInPods | kInFiles,
     .may_be_caused_by = {"step6.toleration"},
     .cause = &causes::same_as_trainer2,
     .creates = {lab::kPodTrainer3, 0}},
    {.id = "step7.pending-insufficient",
     .step = 7,
     .points = 3,
     .run = &pending_insufficient,
     .reads = kInNodes | kInPods | kInNodePods,
     .may_be_caused_by = {"step1.namespace", "step1.gpu-labels", "step2.capacity", "step2.allocatable",
                          "step2.other-nodes", "step4.placed-by-scheduler", "step5.taint", "step5.cpu-only-pending",
                          "step5.trainer-not-evicted", "step6.toleration", "step6.placed", "step7.same-as-trainer2"},
     .cause = &causes::pending_insufficient,
     .counts = {{{lab::kGateUsed, 5}, {lab::kGatePending, 2}}}},
    {.id = "step7.exhausted-file",
     .step = 7,
     .points = 2,
     .run = &exhausted_file,
     .reads = kInNodes | kInPods | kInNodePods | kInFiles,
     .may_be_caused_by = {"step5.taint", "step7.pending-insufficient"},
     .cause = &causes::exhausted_file},
};

}  // namespace

std::span<const CheckInfo> step7() {
  return kChecks;
}

}  // namespace gpuwhy::checks
