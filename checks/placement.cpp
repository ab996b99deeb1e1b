// "Bound to lab-node-0 by the scheduler" and "asks for one GPU", shared by steps 4 and 6
// (placement.h).
#include "placement.h"

#include <algorithm>
#include <optional>

#include <fmt/format.h>

#include "common.h"
#include "gpuwhy/i18n/i18n.h"
#include "gpuwhy/k8s/manifest.h"
#include "gpuwhy/k8s/messages.h"
#include "gpuwhy/k8s/node_affinity.h"
#include "gpuwhy/k8s/quantity.h"
#include "gpuwhy/k8s/requests.h"
#include "gpuwhy/k8s/taints.h"
#include "gpuwhy/lab/lab.h"
#include "gpuwhy/lab/rules.h"
#include "objects.h"
#include "pending.h"

namespace gpuwhy::checks {

namespace detail {

namespace {

using Args = std::map<std::string, std::string>;

// The lab's GPU pods in the order the steps create them: each finds the ones before it on the GPU
// node, and nothing else.
constexpr std::string_view kLabOrder[] = {lab::kPodTrainer, lab::kPodTrainer2, lab::kPodTrainer3};

// The commands that delete `holders` (a name: the lab namespace's pod; namespace/name: another's).
std::string delete_commands(const std::vector<std::string>& holders) {
  std::vector<std::string> out;
  for (const std::string& h : holders) {
    const auto slash = h.find('/');
    out.push_back(slash == std::string::npos
                      ? fmt::format("kubectl delete pod -n {} {}", lab::kNamespace, h)
                      : fmt::format("kubectl delete pod -n {} {}", h.substr(0, slash), h.substr(slash + 1)));
  }
  return join(out, "; ");
}

// Insufficient GPUs where lab-node-0 offers enough for the lab's pods created before `pod`, and no
// taint keeps it off: other pods hold the slots it would fit in (a test pod left over, of any
// namespace; trainer3 in a slot freed for a moment). They are the fault, not the amount advertised.
std::optional<Outcome> taken_by_others(const View& s, const json& pod, const json* gpu_node,
                                       const std::optional<messages::SchedulerMessage>& m, const Msg& expected,
                                       const Args& args, const std::vector<Msg>& ev) {
  const auto alloc = gpu_node == nullptr ? std::nullopt : node_gpu(*gpu_node, "allocatable");
  // trainer needs no toleration: the lab's taint, added after it, is no reason it stays off.
  const json* taint = gpu_node == nullptr ? nullptr : k8s::untolerated_taint(pod, *gpu_node);
  if (taint != nullptr && name_of(pod) == lab::kPodTrainer && is_lab_taint(*taint)) taint = nullptr;
  if (!m || !m->insufficient(lab::kResource) || !alloc || taint != nullptr) return std::nullopt;
  const auto order = std::find(std::begin(kLabOrder), std::end(kLabOrder), name_of(pod));
  const GpuUse use = gpu_used_on_lab_node(s);
  std::vector<std::string> holders;
  std::vector<Msg> held = ev;
  for (auto& line : ev_pods_on_lab_node(use)) held.push_back(std::move(line));
  long long earlier_milli = 0;
  for (const auto& [holder, r] : use.pods) {
    if (std::find(std::begin(kLabOrder), order, holder) != order) {
      earlier_milli += r;
    } else {
      holders.push_back(holder);
    }
  }
  if (order != std::end(kLabOrder) && !holders.empty() &&
      k8s::milli_value(*alloc).value_or(0) - earlier_milli >= scheduler_gpu_request(pod)) {
    Args taken = args;
    taken.emplace("pod", name_of(pod));
    taken.emplace("node", std::string(lab::kGpuNode));
    taken.emplace("holders", join(holders));
    taken.emplace("commands", delete_commands(holders));
    // The lab's own pods among them (trainer3 in trainer2's slot) are made again once it is placed.
    std::vector<std::string> again;
    for (const auto& h : holders) {
      if (std::find(std::begin(kLabOrder), std::end(kLabOrder), h) != std::end(kLabOrder)) again.push_back(h);
    }
    if (!again.empty()) {
      taken.emplace("part_again@", "hint.part.create-again");
      taken.emplace("again", join(again));
    }
    return fail(expected, msg("value.not-bound"), Fault::kPlacedNotBoundTaken, taken, held);
  }
  return std::nullopt;
}

// The message of the pod's first FailedScheduling event still kept ("" when none).
std::string first_refusal(const View& s, const json& pod) {
  std::string when;
  std::string said;
  for (const json* e : events_for(s, pod)) {
    if (view_at(*e, "/reason") != "FailedScheduling") continue;
    std::string t = str_at(*e, "/firstTimestamp");
    if (t.empty()) t = str_at(*e, "/eventTime");
    if (said.empty() || (!t.empty() && t < when)) {
      when = t;
      said = str_at(*e, "/message");
    }
  }
  return said;
}

// trainer kept off lab-node-0 by the lab's taint, with room there for it but for the lab's pods
// created after it: it was created after the taint (hint.placed.after-taint), and when those pods
// took its room they must be made again after it (hint.placed.after-taint-taken).
std::optional<Outcome> after_taint(const View& s, const json& pod, const json& gpu_node, const Msg& expected,
                                   const Args& args, const std::vector<Msg>& ev) {
  const auto alloc = node_gpu(gpu_node, "allocatable");
  if (!alloc || k8s::beyond_allocatable(pod, gpu_node)) return std::nullopt;
  const std::string name = name_of(pod);
  const auto order = std::find(std::begin(kLabOrder), std::end(kLabOrder), name);
  const GpuUse use = gpu_used_on_lab_node(s);
  long long held = 0;
  long long held_later = 0;
  std::vector<std::string> later;
  for (const auto& [holder, milli] : use.pods) {
    if (holder == name) continue;
    if (order != std::end(kLabOrder) && std::find(order + 1, std::end(kLabOrder), holder) != std::end(kLabOrder)) {
      later.push_back(holder);
      held_later += milli;
    } else {
      held += milli;
    }
  }
  const long long room = k8s::milli_value(*alloc).value_or(0) - held;
  const long long needs = std::max(scheduler_gpu_request(pod), 1LL);
  if (room < needs) return std::nullopt;
  Args after = args;
  after.emplace("pod", name);
  after.emplace("node", std::string(lab::kGpuNode));
  after.emplace("taint", std::string(lab::kTaintString));
  std::vector<Msg> shown = ev;
  if (room - held_later >= needs) {
    // Its first refusal named no taint: it was Pending before the taint came (step 2 undone then).
    const std::string first = first_refusal(s, pod);
    if (const auto said = s.scheduler_message(first); said && !said->blames_taint()) {
      after.emplace("first", text::one_line(first, 200));
      return fail(expected, msg("value.not-bound"), msg("hint.placed.pending-before-taint", after), shown);
    }
    return fail(expected, msg("value.not-bound"), msg("hint.placed.after-taint", after), shown);
  }
  after.emplace("holders", join(later));
  after.emplace("commands", delete_commands(later));
  for (auto& line : ev_pods_on_lab_node(use)) shown.push_back(std::move(line));
  return fail(expected, msg("value.not-bound"), msg("hint.placed.after-taint-taken", after), shown);
}

// Not bound. The student meant to tolerate the GPU taint, yet the scheduler still blames a
// taint: the toleration does not match it (key, value, operator or effect).
Outcome not_bound(const View& s, const json& pod, const json* gpu_node, const json* cond, const Msg& expected,
                  const Args& args, const std::vector<Msg>& ev) {
  // lab-node-0 cordoned: the scheduler turns the pod away before it looks at taints or GPUs.
  if (gpu_node != nullptr && k8s::unschedulable_for(*gpu_node, pod)) {
    Args on = args;
    on.emplace("pod", name_of(pod));
    on.emplace("node", std::string(lab::kGpuNode));
    return fail(expected, msg("value.not-bound"), Fault::kGpuNodeCordoned, on, ev);
  }
  // Held at its gates: the scheduler has not tried it, whatever the node offers.
  if (const auto gates = k8s::scheduling_gates(pod); !gates.empty()) {
    Args held = args;
    held["gates"] = text::one_line(join(gates), 200);
    return fail(expected, raw(fmt::format("schedulingGates={}", held["gates"])), Fault::kPlacedGated, held, ev);
  }
  const auto m = cond == nullptr ? std::nullopt : s.scheduler_message(str_at(*cond, "/message"));
  const auto tols = k8s::authored_tolerations(pod);
  const bool tries = std::any_of(tols.begin(), tols.end(), [](const json& t) { return lab::aims_at_taint(t); });
  if (m && blames_lab_taint(*m, gpu_node, &pod) && tries) {
    return fail(expected, msg("value.not-bound"), Fault::kPlacedNotBoundToleration, args, ev);
  }
  // A pod the lab means to tolerate the taint, kept off by it, with no toleration for it at all.
  const std::string name = name_of(pod);
  if (m && blames_lab_taint(*m, gpu_node, &pod) && (name == lab::kPodTrainer2 || name == lab::kPodTrainer3)) {
    Args with_taint = args;
    with_taint.emplace("taint", std::string(lab::kTaintString));
    return fail(expected, msg("value.not-bound"), Fault::kPlacedNotBoundUntolerant, with_taint, ev);
  }
  // trainer, which needs no toleration, kept off by the taint of a node that advertises GPUs: it
  // was created after the taint (NoSchedule keeps only new pods off), the steps run out of order.
  // Without allocatable GPUs, or asking what the node does not have (`nvidia.com/gpus`), it never
  // had room: the scheduler's retry just names the taint first.
  // Room: what lab-node-0 allows less what other pods bound there hold (a bad manifest's pod, a
  // test pod) fits trainer; without it the taint is not what keeps trainer off.
  // The lab's pods created after it (trainer2, trainer3) took the room it was kept out of: they
  // are named, to be made again after it.
  if (m && gpu_node != nullptr && name == lab::kPodTrainer && blames_lab_taint(*m, gpu_node, &pod)) {
    if (auto o = after_taint(s, pod, *gpu_node, expected, args, ev)) return *o;
  }
  // Its own nodeSelector or node affinity rules out the GPU node (a typo in a label key or value).
  if (const SelectorMiss miss = selector_rules_out_gpu_node(s, pod); !miss.field.empty()) {
    Args with_field = args;
    with_field.emplace("fields", miss.field);
    return fail(expected, msg("value.not-bound"), miss.fault, with_field, ev);
  }
  if (auto t = taken_by_others(s, pod, gpu_node, m, expected, args, ev)) return *t;
  return fail(expected, msg("value.not-bound"), Fault::kPlacedNotBound, args, ev);
}

// A nodeSelector or affinity on a pod that must be placed by its resources alone.
std::optional<Outcome> constrained(const json& pod, const Msg& expected, Args args, const std::vector<Msg>& ev) {
  std::vector<std::string> fields;
  for (const char* f : {"nodeSelector", "affinity"}) {
    if (constrains(pod, f)) fields.push_back(std::string("spec.") + f);
  }
  if (fields.empty()) return std::nullopt;
  args["fields"] = join(fields);
  return fail(expected, raw(join(fields)), Fault::kPlacedConstrained, args, ev);
}

// Bound by hand: another schedulerName (and a Binding), or events of the pod that lack the
// default scheduler's Scheduled. No event at all is an old pod whose events expired.
// `manifest`: the pod's manifest as handed in, when it was read; one that names no other scheduler
// is not where the scheduler name came from (the pod was created from another file, or edited).
std::optional<Outcome> bound_by_hand(const View& s, const json& pod, const json* manifest, std::string_view pod_name,
                                     const Msg& expected, Args args, std::vector<Msg>& ev) {
  const std::string scheduler = str_at(pod, "/spec/schedulerName");
  if (!scheduler.empty() && scheduler != lab::kSchedulerName) {
    args["scheduler"] = scheduler;
    const std::string in_file = manifest == nullptr ? scheduler : str_at(*manifest, "/spec/schedulerName");
    const bool file_names_it = !in_file.empty() && in_file != lab::kSchedulerName;
    return fail(expected, msg("value.placed.bound-by-hand", args),
                msg(file_names_it ? "hint.placed.other-scheduler" : "hint.placed.other-scheduler-live", args), ev);
  }
  if (const json* e = scheduled_event(s, pod)) {
    ev.push_back(msg("ev.event-scheduled", {{"message", str_at(*e, "/message")}}));
  } else if (const auto others = events_for(s, pod); !others.empty()) {
    std::vector<std::string> reasons;
    for (const json* e : others) reasons.push_back(str_at(*e, "/reason"));
    ev.push_back(msg(
        "ev.events-no-scheduled",
        {{"pod", std::string(pod_name)}, {"reasons", join(reasons)}, {"scheduler", std::string(lab::kSchedulerName)}}));
    return fail(expected, msg("value.placed.bound-by-hand", args), msg("hint.placed.no-scheduled-event", args), ev);
  } else if (s.snap().events.ok()) {
    ev.push_back(msg("ev.events-expired", {{"pod", std::string(pod_name)}}));
  }
  return std::nullopt;
}

}  // namespace

SelectorMiss selector_rules_out_gpu_node(const View& s, const json& pod) {
  const json* node = s.snap().nodes.ok() ? s.node(lab::kGpuNode) : nullptr;
  if (node == nullptr) return {};
  SelectorMiss miss;
  if (!k8s::node_selector_matches(pod, *node)) {
    miss.field = "spec.nodeSelector";
  } else if (!k8s::required_affinity_matches(pod, *node)) {
    miss.field = "spec.affinity";
  } else {
    return {};
  }
  // Were the node labelled as step 1 says, the pod would be let in: the labels are the fault.
  miss.fault = k8s::required_affinity_matches(pod, lab::gpu_node_untainted(node)) ? Fault::kPlacedNotBoundLabels
                                                                                  : Fault::kPlacedNotBoundSelector;
  return miss;
}

Outcome retarget_selector(const View& s, Outcome o, std::string_view pod_name, std::string_view manifest) {
  if (o.status != Status::kFail || !s.snap().pods.ok()) return o;
  const json* pod = s.pod(pod_name);
  if (pod == nullptr || !str_at(*pod, "/spec/nodeName").empty()) return o;
  const SelectorMiss miss = selector_rules_out_gpu_node(s, *pod);
  if (miss.field.empty()) return o;
  return with_hint(std::move(o), miss.fault,
                   {{"pod", std::string(pod_name)},
                    {"node", std::string(lab::kGpuNode)},
                    {"file", std::string(manifest)},
                    {"fields", miss.field}});
}

// The manifest handed in asks for nodes the GPU node is not, while the live pod's constraints fit
// it (a selector or a required affinity edited after the pod was made; not the node's labels
// changed since): as saved, it would not land there.
std::optional<Outcome> manifest_elsewhere(const View& s, const json& manifest_pod, const json& live_pod,
                                          const Msg& expected, Args args, const std::vector<Msg>& ev) {
  const json* gpu = s.snap().nodes.ok() ? s.node(lab::kGpuNode) : nullptr;
  if (gpu == nullptr || !k8s::node_selector_matches(live_pod, *gpu) || !k8s::required_affinity_matches(live_pod, *gpu))
    return std::nullopt;
  std::string detail;
  if (!k8s::node_selector_matches(manifest_pod, *gpu)) {
    const json* sel = at(manifest_pod, "/spec/nodeSelector");
    detail = "nodeSelector " + (sel != nullptr ? sel->dump() : std::string("{}"));
  } else if (!k8s::required_affinity_matches(manifest_pod, *gpu)) {
    detail = "spec.affinity.nodeAffinity.requiredDuringSchedulingIgnoredDuringExecution";
  } else {
    return std::nullopt;
  }
  args["detail"] = text::one_line(detail, 120);
  return fail(expected, raw(fmt::format("{}: {}", args["file"], args["detail"])),
              msg("hint.placed.manifest-elsewhere", args), ev);
}

Outcome placed_by_scheduler(const View& s, std::string_view pod_name, std::string_view manifest, bool no_constraints) {
  const Args args{{"pod", std::string(pod_name)},
                  {"node", std::string(lab::kGpuNode)},
                  {"file", std::string(manifest)},
                  {"namespace", std::string(lab::kNamespace)}};
  const Msg expected = msg("value.placed.expected", args);
  // The manifest is the student's own evidence: a nodeName there bypasses the scheduler.
  ManifestRead m = read_pod_manifest(s, manifest, expected, pod_name);
  // `nodeName: ""` (or null) is the field unset: the scheduler still places the pod.
  if (const std::string pinned = m.pod ? k8s::node_name(*m.pod) : std::string(); !pinned.empty()) {
    return fail(expected, raw(fmt::format("{}: spec.nodeName={}", manifest, pinned)), Fault::kPlacedNodeName, args);
  }
  const auto found = need_pod(s, pod_name, expected);
  if (found.pod == nullptr) return *found.outcome;
  const json& pod = *found.pod;
  const std::string node = str_at(pod, "/spec/nodeName");
  std::vector<Msg> ev{ev_pod_state(pod_name, node, str_at(pod, "/status/phase"))};
  const json* cond = condition(pod, "PodScheduled");
  if (cond != nullptr) {
    ev.push_back(ev_pod(pod_name, fmt::format("PodScheduled={} {} {}", str_at(*cond, "/status"),
                                              str_at(*cond, "/reason"), str_at(*cond, "/message"))));
  }
  if (node.empty()) return not_bound(s, pod, s.node(lab::kGpuNode), cond, expected, args, ev);
  if (node != lab::kGpuNode) return fail(expected, raw(node), Fault::kPlacedWrongNode, args, ev);
  if (const std::string client = node_name_client(pod); !client.empty()) {
    // The saved manifest has no nodeName (checked above): the pod running is an older one.
    ev.push_back(msg("ev.node-name-set-by", {{"pod", std::string(pod_name)}, {"manager", client}}));
    Args live = args;
    live.emplace("manager", client);
    return fail(expected, msg("value.placed.node-name-by-client", args), msg("hint.placed.node-name-live", live), ev);
  }
  if (no_constraints) {
    if (auto c = constrained(pod, expected, args, ev)) return *c;
  }
  if (cond == nullptr || view_at(*cond, "/status") != "True") {
    return fail(expected, msg("value.placed.not-scheduled-condition"), msg("hint.placed.condition", args), ev);
  }
  if (auto b = bound_by_hand(s, pod, m.pod, pod_name, expected, args, ev)) return *b;
  if (!no_constraints && m.pod != nullptr) {
    if (auto e = manifest_elsewhere(s, *m.pod, pod, expected, args, ev)) return *e;
  }
  return pass(expected, raw(node), ev);
}

Outcome gpu_one(const View& s, std::string_view pod_name, const char* hint_id) {
  const std::map<std::string, std::string> args{{"pod", std::string(pod_name)},
                                                {"resource", std::string(lab::kResource)},
                                                {"amount", std::to_string(lab::kGpusPerTrainer)},
                                                {"namespace", std::string(lab::kNamespace)}};
  const Msg expected = msg("value.gpu-one.expected", args);
  const auto found = need_pod(s, pod_name, expected);
  if (found.pod == nullptr) return *found.outcome;
  const json* pod = found.pod;
  const auto req = gpu_sum(*pod, "requests");
  const auto lim = gpu_sum(*pod, "limits");
  const std::string shown =
      fmt::format("requests={} limits={}", req ? milli_text(*req) : "-", lim ? milli_text(*lim) : "-");
  const std::vector<Msg> ev{ev_pod(pod_name, fmt::format("{} {}", lab::kResource, shown))};
  const long long want = lab::kGpusPerTrainer * 1000LL;
  if (!req || !lim || *req != want || *lim != want) return fail(expected, raw(shown), msg(hint_id, args), ev);
  if (auto i = init_gpus(*pod, fmt::format("pod {}", pod_name), expected, args, ev)) return *i;
  return pass(expected, raw(shown), ev);
}

// The hints that have the student delete a lab pod and create it again (each ends in the parts
// add_recreate_parts fills).
constexpr std::string_view kRecreateHints[] = {"hint.placed.condition",
                                               "hint.placed.constrained",
                                               "hint.placed.node-name",
                                               "hint.placed.node-name-live",
                                               "hint.placed.other-scheduler",
                                               "hint.placed.other-scheduler-live",
                                               "hint.placed.no-scheduled-event",
                                               "hint.placed.wrong-node",
                                               "hint.step4.manifest.constraint",
                                               "hint.step4.manifest.containers-sum",
                                               "hint.step4.manifest.limit",
                                               "hint.step4.manifest.requests-and-constraint",
                                               "hint.step4.manifest.requests-set",
                                               "hint.step4.requests-defaulted.written",
                                               "hint.step5.trainer-not-evicted.gone",
                                               "hint.step5.trainer-not-evicted.not-created",
                                               "hint.step5.trainer-not-evicted.moved",
                                               "hint.step6.gpu.live"};

void add_recreate_parts(const View& s, Outcome& o) {
  if (o.status != Status::kFail ||
      std::find(std::begin(kRecreateHints), std::end(kRecreateHints), o.hint.id) == std::end(kRecreateHints)) {
    return;
  }
  const auto named = o.hint.args.find("pod");
  if (named == o.hint.args.end() || (named->second != lab::kPodTrainer && named->second != lab::kPodTrainer2)) return;
  const std::string pod_name = named->second;
  const json* node = s.snap().nodes.ok() ? s.node(lab::kGpuNode) : nullptr;
  if (node == nullptr || !s.snap().pods.ok()) return;
  // The pod as it would be created again: its manifest, else the live pod.
  const json* pod = nullptr;
  const std::string_view manifest = pod_name == lab::kPodTrainer ? lab::kManifestTrainer : lab::kManifestTrainer2;
  if (const View::Yaml* y = s.yaml(manifest); y != nullptr && y->docs) {
    const auto at = k8s::find_pod_doc(*y->docs, pod_name).index;
    if (at) pod = &(*y->docs)[*at];
  }
  if (pod == nullptr) pod = s.pod(pod_name);
  if (pod == nullptr) return;
  if (const json* taint = k8s::untolerated_taint(*pod, *node)) {
    o.hint.args["part_taint@"] = "hint.part.recreate-under-taint";
    o.hint.args["taint_node"] = std::string(lab::kGpuNode);
    o.hint.args["taint"] = k8s::taint_text(*taint);
    o.hint.args["taint_key"] = str_at(*taint, "/key");
  }
  // trainer3 waits for a GPU and would get the one freed before the pod is created again.
  const json* waiting = s.pod(lab::kPodTrainer3);
  if (waiting != nullptr && str_at(*waiting, "/spec/nodeName").empty() &&
      k8s::untolerated_taint(*waiting, *node) == nullptr &&
      k8s::pod_requests(*waiting).contains(std::string(lab::kResource))) {
    o.hint.args["part_order@"] = "hint.part.recreate-trainer3-first";
    o.hint.args["waiting"] = std::string(lab::kPodTrainer3);
  }
}

namespace {

// Whether the hint's own text (English, the catalog every language follows), or a part already
// set in it, has a place for `part`.
bool has_place(const Msg& hint, std::string_view part) {
  const std::string mark = "{" + std::string(part) + "}";
  const auto& en = i18n::catalog(i18n::Lang::kEn);
  const auto holds = [&mark, &en](const std::string& id) {
    const auto it = en.find(id);
    return it != en.end() && it->second.find(mark) != std::string::npos;
  };
  if (holds(hint.id)) return true;
  return std::any_of(hint.args.begin(), hint.args.end(),
                     [&holds](const auto& a) { return a.first.ends_with('@') && holds(a.second); });
}

}  // namespace

void add_pod_parts(const View& s, std::string_view created, Outcome& o) {
  if (o.status != Status::kFail || !s.snap().pods.ok()) return;
  // The check's pod runs from an older file: the apiserver refuses most edits of a pod's spec
  // (tolerations, affinity, containers), so applying the fixed file fails; it must be made again.
  // Tolerations are the exception: the apiserver lets a pod gain new ones, only never change
  // those it has, so a pod with none of its own takes the fixed file in place.
  const json* live = created.empty() ? nullptr : s.pod(created);
  const bool always = has_place(o.hint, "part_recreate");
  const bool tolerations = !always && has_place(o.hint, "part_recreate_tolerations") && live != nullptr &&
                           !k8s::authored_tolerations(*live).empty();
  if (live != nullptr && (always || tolerations)) {
    o.hint.args[always ? "part_recreate@" : "part_recreate_tolerations@"] = "hint.part.recreate-live";
    o.hint.args["recreate_pod"] = std::string(created);
    o.hint.args["namespace"] = std::string(lab::kNamespace);
  }
  // cpu-only waits only for the taint: with the taint off for a moment, the scheduler binds it to
  // lab-node-0 and NoSchedule never takes it off again.
  const json* cpu_only = s.pod(lab::kPodCpuOnly);
  if (cpu_only != nullptr && str_at(*cpu_only, "/spec/nodeName").empty() && has_place(o.hint, "part_cpu_only")) {
    o.hint.args["part_cpu_only@"] = "hint.part.cpu-only-first";
    o.hint.args["namespace"] = std::string(lab::kNamespace);
  }
}

}  // namespace detail

}  // namespace gpuwhy::checks
