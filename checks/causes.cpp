// Which failed check explains another's failure: one rule per check that can be caused, each
// deciding from the evidence (the live objects, the files, and what each check found: its typed
// fault and what it compared, never its words) which of the causes it declares (CheckInfo::may_be_caused_by) is at
// work. A rule names a cause only when that check failed; a failure no rule explains is a root cause.
// Each check's row names its rule (CheckInfo::cause) and the facts it owns (CheckInfo::creates,
// CheckInfo::counts): this file keeps no list of its own.
#include <algorithm>
#include <map>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <fmt/format.h>

#include "causes.h"
#include "checks.h"
#include "common.h"
#include "files.h"
#include "gpuwhy/k8s/requests.h"
#include "gpuwhy/k8s/taints.h"
#include "gpuwhy/lab/lab.h"
#include "gpuwhy/lab/rules.h"
#include "gpuwhy/read/readers.h"
#include "pending.h"

namespace gpuwhy::checks {
namespace {

using detail::json;

using causes::Ctx;

const json* gpu_node(const View& s) {
  return s.snap().nodes.ok() ? s.node(lab::kGpuNode) : nullptr;
}

const json* pod(const View& s, std::string_view name) {
  return s.snap().pods.ok() ? s.pod(name) : nullptr;
}

/// lab-node-0's status.<map> nvidia.com/gpu in thousandths (0 when absent or unreadable).
long long advertised_milli(const View& s, const char* map) {
  const json* node = gpu_node(s);
  if (node == nullptr) return 0;
  const auto v = detail::node_gpu(*node, map);
  return v ? readers::quantity_milli(*v).value_or(0) : 0;
}

/// Every taint on lab-node-0 (none when the node is unreadable).
std::vector<json> node_taints(const View& s) {
  const json* node = gpu_node(s);
  const json* t = node == nullptr ? nullptr : detail::at(*node, "/spec/taints");
  if (t == nullptr || !t->is_array()) return {};
  return {t->begin(), t->end()};
}

/// lab-node-0 carries a NoExecute taint that `p` (when known; else a pod tolerating nothing) does
/// not tolerate, other than the node controller's: it evicts.
bool evicting_taint(const View& s, const json* p) {
  const json* node = gpu_node(s);
  if (node == nullptr) return false;
  const auto taints = k8s::evicting_taints(p != nullptr ? *p : json::object(), *node);
  return std::any_of(taints.begin(), taints.end(), [](const json* t) {
    return !std::string_view(detail::str_at(*t, "/key")).starts_with("node.kubernetes.io/");
  });
}

/// The pod's PodScheduled message names Insufficient nvidia.com/gpu.
bool insufficient(const View& s, std::string_view name) {
  const json* p = pod(s, name);
  const json* cond = p == nullptr ? nullptr : detail::condition(*p, "PodScheduled");
  return cond != nullptr &&
         detail::str_at(*cond, "/message").find("Insufficient " + std::string(lab::kResource)) != std::string::npos;
}

/// The pod is Pending and its PodScheduled message blames lab-node-0's taint.
bool blamed_on_taint(const View& s, std::string_view name) {
  const json* p = pod(s, name);
  const json* cond = p == nullptr ? nullptr : detail::condition(*p, "PodScheduled");
  if (cond == nullptr || detail::str_at(*cond, "/status") != "False") return false;
  const auto m = s.scheduler_message(detail::str_at(*cond, "/message"));
  return m && detail::blames_lab_taint(*m, gpu_node(s), p);
}

/// The pod has no Unschedulable message to save: it got a node (or it is gone).
bool no_message_to_save(const View& s, std::string_view name) {
  const json* p = pod(s, name);
  if (p != nullptr && !k8s::scheduling_gates(*p).empty()) return true;  // its message is the apiserver's
  const json* cond = p == nullptr ? nullptr : detail::condition(*p, "PodScheduled");
  return cond == nullptr || detail::str_at(*cond, "/status") == "True";
}

/// The node the pod is bound to ("" when unbound or unknown).
std::string node_of(const View& s, std::string_view name) {
  const json* p = pod(s, name);
  return p == nullptr ? std::string() : detail::str_at(*p, "/spec/nodeName");
}

/// A pod that never got a node because lab-node-0 advertises too little: the step-2 patch.
std::string short_of_gpus(const Ctx& c, std::string_view name, long long needed_milli) {
  if (!insufficient(c.snap(), name)) return {};
  if (advertised_milli(c.snap(), "allocatable") >= needed_milli) return {};
  if (advertised_milli(c.snap(), "capacity") < needed_milli && c.failed("step2.capacity")) return "step2.capacity";
  return c.first_failed({"step2.allocatable", "step2.capacity"});
}

/// A pod that exists and never got a node because lab-node-0 allows no pod at all: the step-2
/// patch replaced the whole allocatable map.
std::string no_pod_room(const Ctx& c, std::string_view name) {
  if (c.fault("step2.allocatable") != Fault::kAllocatableNoPods) return {};
  if (pod(c.snap(), name) == nullptr || !node_of(c.snap(), name).empty()) return {};
  return "step2.allocatable";
}

/// The fault is a file that cannot be read as text (missing, empty, too large, …): the file
/// faults come first in Fault, kFileMissing to kFileEmpty.
bool file_fault(Fault f) {
  return f >= Fault::kFileMissing && f <= Fault::kFileEmpty;
}

constexpr long long kOneGpu = 1000;
constexpr long long kTwoGpus = 2000;  // trainer and trainer2 hold every slot

// ---- facts: a failure for a fact it needed goes to the check that owns the fact ------------

/// The owners of the pod or gate-report count `fact`: the checks whose rows name it
/// (CheckInfo::creates, CheckInfo::counts), in the order they are asked (Owned::rank).
const std::vector<std::string_view>& owners(Need::Kind kind, std::string_view fact) {
  using Key = std::pair<Need::Kind, std::string_view>;
  static const auto kOwners = [] {
    std::map<Key, std::vector<std::pair<int, std::string_view>>> ranked;
    for (const auto& info : all()) {
      if (!info.creates.fact.empty()) {
        ranked[{Need::Kind::kPod, info.creates.fact}].emplace_back(info.creates.rank, info.id);
      }
      for (const auto& owned : info.counts) {
        if (!owned.fact.empty()) ranked[{Need::Kind::kCount, owned.fact}].emplace_back(owned.rank, info.id);
      }
    }
    std::map<Key, std::vector<std::string_view>> by_fact;
    for (auto& [key, ids] : ranked) {
      std::stable_sort(ids.begin(), ids.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
      for (const auto& [rank, id] : ids) by_fact[key].push_back(id);
    }
    return by_fact;
  }();
  static const std::vector<std::string_view> kNone;
  const auto it = kOwners.find({kind, fact});
  return it == kOwners.end() ? kNone : it->second;
}

/// The first failed check, in lab order, that needed the same fact.
std::string first_with(const Ctx& c, const Need& need) {
  for (const auto& r : c.checks()) {
    if (r.outcome.status == Status::kFail && r.outcome.unmet == need) return r.id;
  }
  return {};
}

/// Who owns the pod's existence: the namespace when it is missing, the NoExecute taint that
/// evicts it, the step that creates it (a creator that found a fault in the manifest first),
/// else the first check that needed the pod.
std::string pod_owner(const Ctx& c, const Need& need) {
  for (const auto& info : all()) {
    if (info.removes_every_pod != nullptr && c.failed(info.id) && info.removes_every_pod(c.snap())) {
      return std::string(info.id);
    }
  }
  for (const auto& info : all()) {
    if (info.removes.pod == need.name && c.failed(info.id) && info.removes.when(c.snap())) {
      return std::string(info.id);
    }
  }
  const auto& creators = owners(Need::Kind::kPod, need.name);
  for (auto id : creators) {
    if (c.failed(id) && c.get(id)->outcome.unmet != need) return std::string(id);
  }
  if (std::string id = c.first_failed(creators); !id.empty()) return id;
  return first_with(c, need);
}

/// The check that owns the fact `r` needed and found false; "" when none (or it is `r` itself).
std::string fact_owner(const Ctx& c, const CheckResult& r) {
  const Need& need = r.outcome.unmet;
  std::string owner;
  switch (need.kind) {
    case Need::Kind::kNone: return {};
    case Need::Kind::kPod: owner = pod_owner(c, need); break;
    case Need::Kind::kFile: owner = first_with(c, need); break;
    case Need::Kind::kCount: owner = c.first_failed(owners(Need::Kind::kCount, need.name)); break;
  }
  return owner == r.id ? std::string() : owner;
}

}  // namespace

// ---- one rule per check that can be caused, named in its row (CheckInfo::cause) --------------

namespace causes {

bool without_namespace(const View& s) {
  const auto& ns = s.snap().namespace_;
  if (!ns.ok()) return ns.error().http_status == 404;
  return detail::str_at(ns.value(), "/status/phase") != "Active";  // terminating: it takes its pods along
}

bool evicting_taint(const View& s) {
  return checks::evicting_taint(s, nullptr);
}

bool evicted_trainer(const View& s) {
  if (!s.snap().pods.ok() || s.pod(lab::kPodTrainer) != nullptr) return false;
  const detail::ManifestRead m = detail::read_pod_manifest(s, lab::kManifestTrainer, Msg{});
  return checks::evicting_taint(s, m.pod);
}

std::string other_nodes_clean(const Ctx& c) {
  // The four labels went to another node instead of lab-node-0: one mistake, two checks.
  if (c.fault("step1.gpu-labels") == Fault::kGpuLabelsOnOtherNode) return "step1.gpu-labels";
  return {};
}

std::string other_nodes(const Ctx& c) {
  // The status patch went to another node instead of lab-node-0: one mistake, two checks.
  if (c.fault("step2.capacity") == Fault::kCapacityOnOtherNode) return "step2.capacity";
  return {};
}

std::string allocatable(const Ctx& c) {
  // Neither map has the GPUs: the status patch never landed (no --subresource=status), one mistake.
  const json* node = gpu_node(c.snap());
  if (node == nullptr || detail::node_gpu(*node, "capacity") || detail::node_gpu(*node, "allocatable")) return {};
  return c.first_failed({"step2.capacity"});
}

std::string advertised_file(const Ctx& c) {
  const Fault f = c.fault("step2.advertised-file");
  if (f != Fault::kAdvertisedCapacityOnly && f != Fault::kAdvertisedWrongAmount) return {};
  // The file faithfully shows what the node advertises: the node is what is wrong.
  const json* node = gpu_node(c.snap());
  if (node == nullptr) return {};
  const auto alloc = detail::node_gpu(*node, "allocatable");
  const bool faithful = c.compared("step2.advertised-file").answer == alloc.value_or("<none>");
  if (!faithful && f != Fault::kAdvertisedCapacityOnly) return {};
  // lab-node-0 shown as it advertises, 2: the amount it shows of another node is that node's.
  if (advertised_milli(c.snap(), "allocatable") == kTwoGpus)
    return c.failed("step2.other-nodes") ? "step2.other-nodes" : "";
  return c.first_failed({"step2.allocatable", "step2.capacity"});
}

std::string apiserver_rejects(const Ctx& c) {
  const Fault f = c.fault("step3.apiserver-rejects");
  if (f == Fault::kRejectsNoNamespace) return c.first_failed({"step1.namespace"});
  // A manifest that breaks no rule is accepted: the manifest is the mistake.
  if (f == Fault::kRejectsAccepted) return c.first_failed({"step3.mismatch-manifest", "step3.fraction-manifest"});
  // Refused for another rule than its own (a cpu limit below its request): the manifest breaks that
  // rule instead of the GPU one.
  if (f == Fault::kRejectsOtherRuleMismatch) return c.first_failed({"step3.mismatch-manifest"});
  if (f == Fault::kRejectsOtherRuleFraction) return c.first_failed({"step3.fraction-manifest"});
  return {};
}

namespace {

/// The bad manifests' pods that exist, each with the check of its manifest.
std::vector<std::pair<std::string, std::string_view>> bad_pods(const View& s) {
  std::vector<std::pair<std::string, std::string_view>> out;
  const std::pair<std::string_view, std::string_view> files[] = {
      {lab::kManifestBadMismatch, "step3.mismatch-manifest"}, {lab::kManifestBadFraction, "step3.fraction-manifest"}};
  for (const auto& [file, check] : files) {
    const detail::ManifestRead m = detail::read_pod_manifest(s, file, Msg{});
    if (m.pod == nullptr) continue;
    const std::string name = detail::name_of(*m.pod);
    if (!name.empty() && pod(s, name) != nullptr) out.emplace_back(name, check);
  }
  return out;
}

/// lab-node-0's GPUs are held by others (kPlacedNotBoundTaken), a bad manifest's pod among them:
/// step 3 created what the apiserver should have refused.
std::string held_by_bad_pod(const Ctx& c, std::string_view id) {
  if (c.fault(id) != Fault::kPlacedNotBoundTaken) return {};
  const auto use = detail::gpu_used_on_lab_node(c.snap());
  for (const auto& bad : bad_pods(c.snap())) {
    if (std::any_of(use.pods.begin(), use.pods.end(), [&bad](const auto& p) { return p.first == bad.first; }))
      return c.first_failed({"step3.not-created"});
  }
  return {};
}

}  // namespace

std::string not_created(const Ctx& c) {
  // A bad pod exists because its manifest broke no rule: that manifest is the fault.
  for (const auto& [name, check] : bad_pods(c.snap())) {
    if (c.failed(check)) return std::string(check);
  }
  return {};
}

std::string rejected_file(const Ctx& c) {
  const Fault f = c.fault("step3.rejected-file");
  const bool lacks = f == Fault::kRejectedFileNoRejection || f == Fault::kRejectedFileNoMismatch ||
                     f == Fault::kRejectedFileNoFraction || f == Fault::kRejectedFileNeither ||
                     f == Fault::kRejectedFileOverwritten || f == Fault::kRejectedFileOtherResult;
  // No rejection to save when the apiserver accepted the manifest, nor the rule's own when it
  // refused the manifest for another.
  const Fault rejects = c.fault("step3.apiserver-rejects");
  if (lacks && (rejects == Fault::kRejectsAccepted || rejects == Fault::kRejectsOtherRuleMismatch ||
                rejects == Fault::kRejectsOtherRuleFraction))
    return "step3.apiserver-rejects";
  return {};
}

std::string requests_defaulted(const Ctx& c) {
  return c.first_failed({"step4.manifest"});
}

namespace {

// The live pod asks for more of some resource than lab-node-0 has allocatable at all.
bool asks_beyond_gpu_node(const View& s, std::string_view name) {
  const json* p = pod(s, name);
  const json* node = gpu_node(s);
  return p != nullptr && node != nullptr && k8s::beyond_allocatable(*p, *node).has_value();
}

}  // namespace

std::string placed_trainer(const Ctx& c) {
  const Fault f = c.fault("step4.placed-by-scheduler");
  if (std::string why = no_pod_room(c, lab::kPodTrainer); !why.empty()) return why;
  if (std::string why = held_by_bad_pod(c, "step4.placed-by-scheduler"); !why.empty()) return why;
  // Kept off lab-node-0 for what its manifest asks (a misspelt resource, more GPUs than there are):
  // the manifest is the fault, whatever the taint does besides.
  if ((f == Fault::kPlacedNotBound || f == Fault::kPlacedNotBoundUntolerant || f == Fault::kPlacedNotBoundToleration) &&
      asks_beyond_gpu_node(c.snap(), lab::kPodTrainer)) {
    if (std::string why = c.first_failed({"step4.manifest"}); !why.empty()) return why;
  }
  if (f == Fault::kPlacedConstrained || f == Fault::kPlacedNodeName) return c.first_failed({"step4.manifest"});
  if (f == Fault::kPlacedWrongNode) return c.first_failed({"step2.other-nodes"});
  if (f == Fault::kPlacedNotBound) return short_of_gpus(c, lab::kPodTrainer, kOneGpu);
  if (f == Fault::kPlacedNotBoundSelector) return c.first_failed({"step4.manifest"});
  if (f == Fault::kPlacedNotBoundLabels) return c.first_failed({"step1.gpu-labels"});
  return {};
}

std::string taint(const Ctx& c) {
  // The taint is gone, trainer2 (which has no toleration) got in once it went, and cpu-only's
  // saved message shows the taint was there in step 5: it was removed to let trainer2 in.
  if (c.fault("step5.taint") != Fault::kTaintMissing || !node_taints(c.snap()).empty()) return {};
  const Fault tol = c.fault("step6.toleration");
  if (tol != Fault::kTolerationMissing && tol != Fault::kTolerationWrongKey) return {};
  if (node_of(c.snap(), lab::kPodTrainer2) != lab::kGpuNode) return {};
  // The live pod tolerates the taint (only its manifest lacks the toleration): not why it got in.
  if (k8s::tolerated(*pod(c.snap(), lab::kPodTrainer2), lab::taint())) return {};
  const Fault file = c.fault("step5.tainted-file");
  const bool saw_taint =
      !c.failed("step5.tainted-file") || file == Fault::kSavedStale || file == Fault::kSavedNoLiveMessage;
  return saw_taint ? "step6.toleration" : std::string();
}

std::string cpu_only_pending(const Ctx& c) {
  if (c.fault("step5.cpu-only-pending") == Fault::kGpuNodeCordoned) return {};  // the first pod it turns away
  if (c.fault("step5.cpu-only-pending") == Fault::kPlacedNodeName) return c.first_failed({"step5.cpu-only-spec"});
  const std::string node = node_of(c.snap(), lab::kPodCpuOnly);
  // Bound elsewhere: its selector found the GPU labels on another node, or its manifest named
  // the node.
  if (!node.empty() && node != lab::kGpuNode)
    return c.first_failed({"step1.gpu-labels", "step1.other-nodes-clean", "step5.cpu-only-spec"});
  // On lab-node-0, or pending for another reason than the taint: no taint kept it off, or the
  // pod tolerates it, or no node carries the labels it selects.
  return c.first_failed({"step5.taint", "step5.cpu-only-spec", "step1.gpu-labels"});
}

namespace {

/// A saved scheduler message judged against a live pod whose own check failed.
std::string saved_message(const Ctx& c, std::string_view file_check, std::string_view live_check,
                          std::string_view pod_name) {
  const Fault f = c.fault(file_check);
  if (f == Fault::kForeignTaint || f == Fault::kForeignTaintBeside || f == Fault::kLabTaintChanged)
    return c.first_failed({"step5.taint"});
  // An empty file, or one with no scheduler message, because the pod never had one to save.
  if (file_fault(f) || f == Fault::kSavedNoMessage) {
    const bool nothing_saved = f == Fault::kFileEmpty || f == Fault::kSavedNoMessage;
    if (!nothing_saved || !no_message_to_save(c.snap(), pod_name)) return {};
  }
  return c.first_failed({live_check});
}

}  // namespace

std::string tainted_file(const Ctx& c) {
  return saved_message(c, "step5.tainted-file", "step5.cpu-only-pending", lab::kPodCpuOnly);
}

// A trainer that is gone is the pod fact's (fact_owner): evicted by a NoExecute taint, deleted.
std::string trainer_not_evicted(const Ctx& c) {
  if (c.fault("step5.trainer-not-evicted") == Fault::kNeverScheduled)
    return c.first_failed({"step4.placed-by-scheduler"});
  // Running on another node because step 4 put it there: never on lab-node-0, nothing evicted.
  const std::string node = node_of(c.snap(), lab::kPodTrainer);
  if (!node.empty() && node != lab::kGpuNode && c.fault("step4.placed-by-scheduler") == Fault::kPlacedWrongNode)
    return "step4.placed-by-scheduler";
  return {};
}

std::string toleration(const Ctx& c) {
  // trainer2 tolerates the taint that is on the node, which is not the lab's: the taint is wrong.
  if (!c.failed("step5.taint")) return {};
  // The lab's taint there and left untolerated (beside an extra taint trainer2 tolerates) is
  // trainer2's own fault: removing the extra taint would not let it in.
  const json* p = pod(c.snap(), lab::kPodTrainer2);
  if (p == nullptr) return {};
  const auto taints = node_taints(c.snap());
  if (std::any_of(taints.begin(), taints.end(),
                  [p](const json& t) { return detail::is_lab_taint(t) && !k8s::tolerated(*p, t); })) {
    return {};
  }
  for (const auto& t : taints) {
    for (const auto& tol : k8s::authored_tolerations(*p)) {
      if (!k8s::matches_every_key(tol) && k8s::tolerates(tol, t)) return "step5.taint";
    }
  }
  return {};
}

// trainer3 differs from trainer2 only in its tolerations, and trainer2's are the faulty ones:
// copying trainer2 as it is would copy the fault. trainer2's toleration is the one to fix first.
std::string same_as_trainer2(const Ctx& c) {
  // trainer3 copied from trainer2 as step 7 says, the copy refused for the tolerations trainer2's
  // file is refused for: trainer2's toleration is the fault.
  const auto refused = detail::refused_tolerations(c.snap(), lab::kManifestTrainer3, lab::kPodTrainer3);
  if (!refused.empty() && refused == detail::refused_tolerations(c.snap(), lab::kManifestTrainer2, lab::kPodTrainer2))
    return c.first_failed({"step6.toleration"});
  if (c.compared("step7.same-as-trainer2").answer != "tolerations") return {};
  return c.first_failed({"step6.toleration"});
}

std::string placed_trainer2(const Ctx& c) {
  const Fault f = c.fault("step6.placed");
  if (std::string why = no_pod_room(c, lab::kPodTrainer2); !why.empty()) return why;
  if (std::string why = held_by_bad_pod(c, "step6.placed"); !why.empty()) return why;
  if (f == Fault::kGpuNodeCordoned) return c.first_failed({"step5.cpu-only-pending"});
  if (f == Fault::kPlacedWrongNode) return c.first_failed({"step2.other-nodes"});
  if (f == Fault::kForeignTaint || f == Fault::kForeignTaintBeside || f == Fault::kLabTaintChanged)
    return c.first_failed({"step5.taint"});
  if (f == Fault::kPlacedNotBoundToleration || f == Fault::kPlacedNotBoundUntolerant)
    return c.first_failed({"step6.toleration", "step5.taint"});
  // trainer2's own selector rules the node out: the fault is here (kPlacedNotBoundSelector),
  // unless the node's labels are.
  if (f == Fault::kPlacedNotBoundLabels) return c.first_failed({"step1.gpu-labels"});
  if (f != Fault::kPlacedNotBound) return {};
  // Kept off by the taint: trainer2's toleration (whatever key it names) does not match it.
  if (blamed_on_taint(c.snap(), lab::kPodTrainer2)) return c.first_failed({"step6.toleration", "step5.taint"});
  // trainer holds one GPU: trainer2 needs lab-node-0 to advertise two.
  if (std::string why = short_of_gpus(c, lab::kPodTrainer2, kTwoGpus); !why.empty()) return why;
  // trainer holds more than its one GPU (its manifest asks for more): trainer2's slot is trainer's.
  if (const json* t = pod(c.snap(), lab::kPodTrainer); t != nullptr && insufficient(c.snap(), lab::kPodTrainer2) &&
                                                       node_of(c.snap(), lab::kPodTrainer) == lab::kGpuNode &&
                                                       detail::scheduler_gpu_request(*t) > kOneGpu) {
    if (std::string why = c.first_failed({"step4.manifest", "step4.requests-defaulted"}); !why.empty()) return why;
  }
  return c.first_failed({"step6.gpu"});
}

std::string gate_kept(const Ctx& c) {
  if (c.fault("step6.gate-kept") == Fault::kCpuOnlyScheduled) return c.first_failed({"step5.cpu-only-pending"});
  return c.first_failed({"step5.taint"});
}

namespace {

/// trainer3 is Pending but not because trainer and trainer2 hold both slots, or it got a slot:
/// lab-node-0 advertises another number of slots, or trainer or trainer2 is not there.
std::string slots_free(const Ctx& c) {
  if (advertised_milli(c.snap(), "allocatable") != kTwoGpus)
    return c.first_failed({"step2.allocatable", "step2.capacity"});
  if (node_of(c.snap(), lab::kPodTrainer2) != lab::kGpuNode) return c.first_failed({"step6.placed"});
  if (node_of(c.snap(), lab::kPodTrainer) != lab::kGpuNode)
    return c.first_failed({"step5.trainer-not-evicted", "step4.placed-by-scheduler"});
  return {};
}

}  // namespace

std::string pending_insufficient(const Ctx& c) {
  const Fault f = c.fault("step7.pending-insufficient");
  if (f == Fault::kGpuNodeCordoned) return c.first_failed({"step5.cpu-only-pending", "step6.placed"});
  if (f == Fault::kSharedToleration || f == Fault::kSharedNoToleration) return c.first_failed({"step6.toleration"});
  if (f == Fault::kPlacedNotBoundSelector) return c.first_failed({"step7.same-as-trainer2", "step6.placed"});
  if (f == Fault::kPlacedNotBoundLabels) return c.first_failed({"step1.gpu-labels"});
  // Held at the gates trainer2 is held at too: copied from trainer2's file, whose gate is the fault.
  if (f == Fault::kPendingGated && c.fault("step6.placed") == Fault::kPlacedGated) {
    const json* t2 = pod(c.snap(), lab::kPodTrainer2);
    const json* t3 = pod(c.snap(), lab::kPodTrainer3);
    if (t2 != nullptr && t3 != nullptr && k8s::scheduling_gates(*t2) == k8s::scheduling_gates(*t3))
      return "step6.placed";
  }
  if (f == Fault::kPremiseAllocatable || f == Fault::kPremiseAllocatableZero || f == Fault::kPremiseAllocatableAmount)
    return c.first_failed({"step2.allocatable", "step2.capacity"});
  if (f == Fault::kPremiseSlots) return slots_free(c);
  // trainer3 got a node: another node advertises the GPUs, or a slot was free on lab-node-0,
  // because trainer or trainer2 is not there.
  // trainer3 named its node, skipping the scheduler: copied from trainer2's file, which names it too.
  if (f == Fault::kPlacedNodeName)
    return c.fault("step6.placed") == Fault::kPlacedNodeName ? "step6.placed"
                                                             : c.first_failed({"step7.same-as-trainer2"});
  if (f == Fault::kTrainer3Scheduled) {
    const std::string node = node_of(c.snap(), lab::kPodTrainer3);
    if (!node.empty() && node != lab::kGpuNode && c.failed("step2.other-nodes")) return "step2.other-nodes";
    return slots_free(c);
  }
  if (f == Fault::kForeignTaint || f == Fault::kForeignTaintBeside || f == Fault::kLabTaintChanged)
    return c.first_failed({"step5.taint"});
  // The taint keeps trainer3 off: its tolerations differ from trainer2's, or the taint is wrong.
  if (f == Fault::kTrainer3Taint || f == Fault::kTrainer3NotInsufficient)
    return c.first_failed({"step7.same-as-trainer2", "step5.taint"});
  return {};
}

std::string exhausted_file(const Ctx& c) {
  return saved_message(c, "step7.exhausted-file", "step7.pending-insufficient", lab::kPodTrainer3);
}

std::string step8_pending(const Ctx& c) {
  // USED too low by what PENDING is too high: one running pod counted as Pending.
  const auto off = [&c](std::string_view id) -> std::optional<long long> {
    const Compared n = c.compared(id);
    if (!n.answer_count || !n.live_count) return std::nullopt;
    return *n.answer_count - *n.live_count;
  };
  const auto u = off("step8.used");
  const auto p = off("step8.pending");
  if (u && p && *u != 0 && *u == -*p) return "step8.used";
  return {};
}

std::string step8_taint(const Ctx& c) {
  if (!c.failed("step5.taint")) return {};
  // No lab taint on the node (none, or only one with another key): no answer can match it.
  const Fault f = c.fault("step8.taint");
  if (f == Fault::kNoLiveTaint || f == Fault::kForeignTaint || f == Fault::kForeignTaintBeside ||
      f == Fault::kLabTaintChanged)
    return "step5.taint";
  // The answer is the lab's taint; the node carries another.
  std::string answer = c.compared("step8.taint").answer;
  std::erase(answer, ' ');
  return answer == lab::kTaintString ? "step5.taint" : std::string();
}

}  // namespace causes

std::vector<std::string_view> fact_owners(const Need& need) {
  std::vector<std::string_view> out;
  switch (need.kind) {
    case Need::Kind::kNone:
    case Need::Kind::kFile: break;
    case Need::Kind::kPod:
      for (const auto& info : all()) {
        if (info.removes_every_pod != nullptr) out.push_back(info.id);
      }
      for (const auto& info : all()) {
        if (!info.removes.pod.empty() && info.removes.pod == need.name) out.push_back(info.id);
      }
      for (auto id : owners(need.kind, need.name)) out.push_back(id);
      break;
    case Need::Kind::kCount: out = owners(need.kind, need.name); break;
  }
  return out;
}

void attribute_causes(const View& snap, RunResult& r) {
  // Every rule reads the outcomes as the checks left them; causes are written afterwards.
  std::map<std::string, std::string> found;
  {
    const Ctx ctx(snap, r);
    for (const auto& c : r.checks) {
      if (c.outcome.status != Status::kFail) continue;
      // A fact the check needed decides first; the check's own rule reads what it found.
      std::string cause = fact_owner(ctx, c);
      const CheckInfo* info = find(c.id);
      if (cause.empty() && info != nullptr && info->cause != nullptr) cause = info->cause(ctx);
      if (!cause.empty() && cause != c.id) found[c.id] = std::move(cause);
    }
  }
  for (auto& c : r.checks) {
    if (const auto it = found.find(c.id); it != found.end()) c.outcome.caused_by = it->second;
  }
}

}  // namespace gpuwhy::checks
