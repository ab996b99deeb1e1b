// A Pending pod and why, and a saved scheduler message against the live one, shared by steps
// 5, 6 and 7 (pending.h).
#include "pending.h"

#include <algorithm>
#include <map>

#include <fmt/format.h>

#include "common.h"
#include "gpuwhy/k8s/messages.h"
#include "gpuwhy/k8s/node_affinity.h"
#include "gpuwhy/k8s/requests.h"
#include "gpuwhy/k8s/taints.h"
#include "gpuwhy/lab/lab.h"
#include "gpuwhy/lab/rules.h"
#include "gpuwhy/read/readers.h"
#include "objects.h"

namespace gpuwhy::checks {

namespace detail {

namespace {
std::optional<messages::SchedulerMessage> live_message(const View& s, const json& pod) {
  const json* cond = condition(pod, "PodScheduled");
  if (cond == nullptr) return std::nullopt;
  return s.scheduler_message(str_at(*cond, "/message"));
}

std::map<std::string, std::string> pod_args(std::string_view pod) {
  return {{"pod", std::string(pod)},
          {"namespace", std::string(lab::kNamespace)},
          {"node", std::string(lab::kGpuNode)},
          {"resource", std::string(lab::kResource)},
          {"taint", std::string(lab::kTaintString)}};
}
}  // namespace

bool blames_lab_taint(const messages::SchedulerMessage& m, const json* gpu_node, const json* pod) {
  if (m.names_taint(lab::kTaintKey)) return true;
  // The taints on the GPU node: the lab's, or the student's wrong one (step5.taint names that).
  const auto taints = gpu_node == nullptr ? std::vector<const json*>{} : k8s::filtering_taints(*gpu_node);
  for (const json* t : taints) {
    if (m.names_taint(str_at(*t, "/key"))) return true;
  }
  if (!m.unnamed_taint()) return false;  // only other nodes' taints (a shared cluster's)
  // 1.35+ names no taint: the GPU node's is among them unless the pod tolerates all of them.
  if (pod == nullptr) return true;
  if (gpu_node == nullptr) {
    const auto tols = k8s::authored_tolerations(*pod);
    return std::none_of(tols.begin(), tols.end(), [](const json& t) { return lab::tolerates_taint(t); });
  }
  return k8s::untolerated_taint(*pod, *gpu_node) != nullptr;
}

namespace {

// A pod the scheduler bound where it would not place it now: its node carries a taint it does not
// tolerate, or no longer matches its selector. A pod is judged once, when placed, so the taint or
// the labels came after it (NoSchedule evicts nothing). The hint that says which; nullptr when
// neither holds or a client named the node (the scheduler never judged it).
const char* placed_before(const View& s, const json& pod, const std::string& node) {
  const json* n = s.snap().nodes.ok() ? s.node(node) : nullptr;
  if (n == nullptr || !node_name_client(pod).empty()) return nullptr;
  if (k8s::untolerated_taint(pod, *n) != nullptr) return "hint.pending.bound-before-taint";
  if (!k8s::node_selector_matches(pod, *n) || !k8s::required_affinity_matches(pod, *n))
    return "hint.pending.bound-before-labels";
  return nullptr;
}

// The manifest of lab pod `pod_name` (lab::kPodManifests); the name itself for any other pod.
std::string manifest_of(std::string_view pod_name) {
  const auto* at = std::find(lab::kPods.begin(), lab::kPods.end(), pod_name);
  if (at == lab::kPods.end()) return std::string(pod_name);
  return std::string(lab::kPodManifests[static_cast<std::size_t>(at - lab::kPods.begin())]);
}

// A pod the lab means Pending, bound to `node`: named by its manifest (the scheduler never judged
// it), placed before the taint or the labels came, or placed (`scheduled`, the check's fault).
Outcome bound(const View& s, const json& pod, Blame want, const Hint& scheduled, const Msg& expected,
              std::map<std::string, std::string> a, const std::vector<Msg>& ev) {
  const std::string node = str_at(pod, "/spec/nodeName");
  a["bound"] = node;
  if (!node_name_client(pod).empty()) {
    a["file"] = manifest_of(a["pod"]);
    return fail(expected, msg("value.pending.bound", a), Fault::kPlacedNodeName, a, ev);
  }
  if (const char* before = want == Blame::kTaint ? placed_before(s, pod, node) : nullptr)
    return fail(expected, msg("value.pending.bound", a), msg(before, a), ev);
  return fail(expected, msg("value.pending.bound", a), scheduled, a, ev);
}

}  // namespace

Outcome pending_for(const View& s, std::string_view pod_name, Blame want, const PendingHints& hints) {
  const auto args = pod_args(pod_name);
  const Msg expected = msg(want == Blame::kTaint ? "value.pending.taint" : "value.pending.insufficient", args);
  const auto found = need_pod(s, pod_name, expected);
  if (found.pod == nullptr) return *found.outcome;
  const json* pod = found.pod;
  const std::string node = str_at(*pod, "/spec/nodeName");
  const std::string phase = str_at(*pod, "/status/phase");
  const json* cond = condition(*pod, "PodScheduled");
  std::vector<Msg> ev{ev_pod_state(pod_name, node, phase)};
  if (cond != nullptr) {
    ev.push_back(ev_pod(pod_name, fmt::format("PodScheduled={} reason={} message={}", str_at(*cond, "/status"),
                                              str_at(*cond, "/reason"), str_at(*cond, "/message"))));
  }
  if (!node.empty()) return bound(s, *pod, want, hints.scheduled, expected, args, ev);
  // Held at its gates: the scheduler has not tried it, and the condition's message is the apiserver's.
  if (const auto gates = k8s::scheduling_gates(*pod); !gates.empty()) {
    auto a = args;
    a["gates"] = text::one_line(join(gates), 200);
    return fail(expected, raw(fmt::format("phase={} schedulingGates={}", phase, a["gates"])), Fault::kPendingGated, a,
                ev);
  }
  // lab-node-0 cordoned: the scheduler turns the pod away from it before it looks at taints or
  // GPUs, so its Pending, now or once retried, is not the lab's.
  if (const json* gpu = s.node(lab::kGpuNode); gpu != nullptr && k8s::unschedulable_for(*gpu, *pod)) {
    return fail(expected, raw(fmt::format("{}: spec.unschedulable=true", lab::kGpuNode)), Fault::kGpuNodeCordoned, args,
                ev);
  }
  // Being deleted (a finalizer holds it; the pod collector marks an unbound one Failed): no longer
  // the Pending pod the lab means, whatever its condition says.
  if (at(*pod, "/metadata/deletionTimestamp") != nullptr) {
    return fail(expected, raw(fmt::format("phase={} terminating", phase)), msg("hint.pending.deleting", args), ev);
  }
  if (phase != "Pending" || cond == nullptr || view_at(*cond, "/status") != "False" ||
      view_at(*cond, "/reason") != "Unschedulable") {
    return fail(expected,
                raw(fmt::format("phase={} PodScheduled={}", phase, cond ? str_at(*cond, "/status") : "<none>")),
                msg("hint.pending.not-evaluated", args), ev);
  }
  const auto m = s.scheduler_message(str_at(*cond, "/message"));
  if (!m) return fail(expected, raw(str_at(*cond, "/message")), msg("hint.pending.not-evaluated", args), ev);
  const bool taint = blames_lab_taint(*m, s.node(lab::kGpuNode), pod);
  const bool insufficient = m->insufficient(lab::kResource);
  const Msg actual = raw(m->main);
  if (want == Blame::kTaint) {
    if (taint && !insufficient) return pass(expected, actual, ev);
    return fail(expected, actual, hints.wrong_reason, args, ev);
  }
  if (insufficient && !taint) return pass(expected, actual, ev);
  if (taint && hints.other_reason) return fail(expected, actual, *hints.other_reason, args, ev);
  return fail(expected, actual, hints.wrong_reason, args, ev);
}

namespace {

/// Other nodes than the lab's carry taints (now, or in a saved message): a shared cluster, whose
/// other nodes come and go (Ready, tainted, drained) between saving a message and grading it.
bool shared_cluster(const View& s, const std::vector<messages::SchedulerMessage>& saved) {
  for (const json* n : s.other_nodes()) {
    const json* ts = at(*n, "/spec/taints");
    if (ts != nullptr && ts->is_array() && !ts->empty()) return true;
  }
  return std::any_of(saved.begin(), saved.end(), [](const messages::SchedulerMessage& m) {
    return std::any_of(m.reasons.begin(), m.reasons.end(), [](const messages::Reason& r) {
      return r.kind == messages::ReasonKind::kTaint && !r.resource.empty() && r.resource != lab::kTaintKey;
    });
  });
}

/// The saved message is the live one, as far as the lab goes. On the lab's own cluster: the
/// same reasons with the same counts. On a shared one the other nodes' counts move, so: the same
/// frame, the same lab reasons present (the lab's taint, the node selector, Insufficient
/// nvidia.com/gpu), and the same count of nodes blocked by the lab's taint where it is named.
bool same_for_lab(const messages::SchedulerMessage& saved, const messages::SchedulerMessage& live, bool shared) {
  if (!shared) return messages::same_reasons(saved, live, lab::kTaintRef);
  if (saved.total != live.total || saved.available != live.available) return false;
  const auto lab_reasons = [](const messages::SchedulerMessage& m) {
    std::map<std::string, int> out;
    for (const auto& r : m.reasons) {
      const std::string k = r.key(lab::kTaintRef);
      if (k == "taint" || k == "selector" || k == "insufficient:" + std::string(lab::kResource)) {
        // Named, the lab's taint counts exactly lab-node-0 (and any node the student tainted).
        out[k] += k == "taint" && !r.resource.empty() ? r.count : 0;
      }
    }
    return out;
  };
  return lab_reasons(saved) == lab_reasons(live);
}

/// The saved messages by kind: those of the kind wanted, the first of the other kind, and whether
/// a message of the wanted kind alone (not also of the other) stands beside it. Whose taint an
/// unnamed (1.35+) taint reason is, the pod's tolerations tell: a saved message is judged with the
/// live pod's only when it is the live pod's message, else as any pod's.
struct Sorted {
  std::vector<const messages::SchedulerMessage*> wanted;
  const messages::SchedulerMessage* other = nullptr;
  bool beside = false;
  bool shared = false;
};

Sorted sort_by_kind(const View& s, std::string_view pod_name, const std::vector<messages::SchedulerMessage>& all,
                    Blame want) {
  Sorted out;
  const json* live_pod = s.snap().pods.ok() ? s.pod(pod_name) : nullptr;
  const auto live_msg = live_pod == nullptr ? std::nullopt : live_message(s, *live_pod);
  const json* gpu_node = s.node(lab::kGpuNode);
  out.shared = shared_cluster(s, all);
  const auto lab_taint = [&](const messages::SchedulerMessage& m) {
    return blames_lab_taint(m, gpu_node, live_msg && same_for_lab(m, *live_msg, out.shared) ? live_pod : nullptr);
  };
  const auto other_kind = [&](const messages::SchedulerMessage& m) {
    return want == Blame::kTaint ? m.insufficient(lab::kResource) : lab_taint(m);
  };
  for (const auto& m : all) {
    if (out.other == nullptr && other_kind(m)) out.other = &m;
    if (want == Blame::kTaint ? lab_taint(m) : m.insufficient(lab::kResource)) {
      out.wanted.push_back(&m);
      out.beside = out.beside || !other_kind(m);
    }
  }
  return out;
}

// Whether `text` shows the events of pod `pod_name` alone: every pod it names (describe's
// `Name:`, the `pod/NAME` of get events, the `Pod/NAME` of kubectl events) is that one, and
// every message stands under the pod's describe or on a row naming it.
bool one_pods_history(std::string_view text, std::string_view pod_name) {
  bool described = false;
  bool named = false;
  for (const auto& line : text::lines(text)) {
    const std::string t = text::trim(line);
    if (t.rfind("Name:", 0) == 0) {
      if (text::trim(std::string_view(t).substr(5)) != pod_name) return false;
      described = true;
    }
    bool row = false;
    const std::string lower = text::to_lower_ascii(t);
    for (auto p = lower.find("pod/"); p != std::string::npos; p = lower.find("pod/", p + 4)) {
      const auto end = std::min(t.find_first_of(" \t", p), t.size());
      if (std::string_view(t).substr(p + 4, end - p - 4) != pod_name) return false;
      row = true;
    }
    if (t.find("nodes are") != std::string::npos && !row && !described) return false;  // whose, it does not say
    named = named || row || described;
  }
  return named;
}

// The messages a saved file answers with: all of them; but of the pod's own history (describe pod,
// its events, oldest first) ending in a message of the kind wanted, that last one: what the pod
// said before it changed (a toleration added to it) is no second answer.
std::vector<messages::SchedulerMessage> answered(const View& s, std::string_view pod_name, std::string_view text,
                                                 std::vector<messages::SchedulerMessage> all, Blame want) {
  if (all.size() < 2 || !one_pods_history(text, pod_name)) return all;
  const Sorted k = sort_by_kind(s, pod_name, all, want);
  if (k.other == nullptr || k.wanted.empty() || k.wanted.back() != &all.back()) return all;
  all.erase(all.begin(), all.end() - 1);
  return all;
}

// A saved file with no scheduler message. The condition a gated pod carries is its PodScheduled
// message, but no scheduler wrote it: saved while gated. Once the gate is gone and the scheduler
// has spoken, such a file is only stale.
Outcome no_message(const View& s, std::string_view pod_name, std::string_view text, const Msg& expected,
                   std::map<std::string, std::string> args, std::vector<Msg> ev) {
  if (!messages::holds_gated_condition(text))
    return fail(expected, msg("value.scheduler-file.none"), Fault::kSavedNoMessage, args, ev);
  const json* pod = s.snap().pods.ok() ? s.pod(pod_name) : nullptr;
  const auto live = pod == nullptr || !k8s::scheduling_gates(*pod).empty() ? std::nullopt : live_message(s, *pod);
  if (!live) return fail(expected, msg("value.scheduler-file.none"), Fault::kSavedGated, args, ev);
  args["live"] = live->main;
  ev.push_back(msg("ev.live-message", {{"pod", std::string(pod_name)}, {"message", live->main}}));
  return fail(expected, msg("value.scheduler-file.none"), Fault::kSavedStale, args, ev);
}

}  // namespace

Outcome scheduler_file(const View& s, std::string_view file, std::string_view pod_name, Blame want,
                       const char* hint_other_kind) {
  auto args = pod_args(pod_name);
  args["file"] = std::string(file);
  const Msg expected =
      msg(want == Blame::kTaint ? "value.scheduler-file.taint" : "value.scheduler-file.insufficient", args);
  FileRead f = read_text(s, file, expected);
  if (!f.text) return f.failure;
  std::vector<Msg> ev = file_evidence(file, *f.text, 4);
  const auto all = answered(s, pod_name, *f.text, readers::read_scheduler_file(*f.text), want);
  if (all.empty()) return no_message(s, pod_name, *f.text, expected, args, ev);
  // Every message in the file counts: one of the other kind fails the file, whatever comes
  // first (SPEC: a taint message and no Insufficient, or the reverse).
  const Sorted k = sort_by_kind(s, pod_name, all, want);
  const auto& wanted = k.wanted;
  const bool shared = k.shared;
  // A message of the wanted kind alone beside one of the other kind (all the namespace's events
  // saved): the extra message is the fault, not a missing one.
  if (k.other != nullptr) {
    return fail(expected, raw(k.other->main),
                msg(k.beside ? "hint.scheduler-file.also-other-kind" : hint_other_kind, args), ev);
  }
  // A message cut short (the first line of one -o yaml folds) is graded for what it shows; when
  // that is not enough, the hint says it was cut, not that its reasons are wrong.
  const auto cut = std::find_if(all.begin(), all.end(), [](const messages::SchedulerMessage& m) { return m.cut; });
  if (wanted.empty() && cut != all.end())
    return fail(expected, raw(cut->main), msg("hint.scheduler-file.cut", args), ev);
  if (wanted.empty() && want == Blame::kTaint) {
    // Another taint's message, saved while the node had that taint: stale once the pod's live
    // message blames the lab's.
    const auto taint = std::find_if(all.begin(), all.end(), [](const auto& m) { return m.blames_taint(); });
    const json* pod = s.snap().pods.ok() ? s.pod(pod_name) : nullptr;
    const auto live = pod == nullptr || taint == all.end() ? std::nullopt : live_message(s, *pod);
    if (live && blames_lab_taint(*live, s.node(lab::kGpuNode), pod)) {
      args["live"] = live->main;
      ev.push_back(msg("ev.live-message", {{"pod", std::string(pod_name)}, {"message", live->main}}));
      return fail(expected, raw(taint->main), Fault::kSavedStale, args, ev);
    }
  }
  if (wanted.empty()) {
    return fail(expected, raw(all.front().main),
                msg(want == Blame::kTaint ? "hint.scheduler-file.wrong-kind-taint"
                                          : "hint.scheduler-file.wrong-kind-insufficient",
                    args),
                ev);
  }
  const Msg actual = raw(wanted.front()->main);
  // Consistent with the live message (reason list only; the preemption tail may differ).
  if (auto e = need_pods(s)) return *e;
  const json* pod = s.pod(pod_name);
  if (pod == nullptr)
    return unmet(fail(expected, actual, msg("hint.pod-missing", args), ev), Need::Kind::kPod, pod_name);
  const auto live = live_message(s, *pod);
  if (!live) return fail(expected, actual, Fault::kSavedNoLiveMessage, args, ev);
  ev.push_back(msg("ev.live-message", {{"pod", std::string(pod_name)}, {"message", live->main}}));
  for (const auto* m : wanted) {
    if (same_for_lab(*m, *live, shared)) return pass(expected, raw(m->main), ev);
  }
  args["live"] = live->main;
  if (cut != all.end()) return fail(expected, raw(cut->main), msg("hint.scheduler-file.cut", args), ev);
  return fail(expected, actual, Fault::kSavedStale, args, ev);
}

}  // namespace detail

}  // namespace gpuwhy::checks
