// Step 5 of the lab (SPEC.md): taint lab-node-0, watch cpu-only stay Pending because of the
// taint, save that message, and see that NoSchedule does not evict trainer.
#include <algorithm>

#include <fmt/format.h>

#include "checks.h"
#include "common.h"
#include "gpuwhy/lab.h"
#include "gpuwhy/messages.h"
#include "gpuwhy/text.h"
#include "pending.h"

namespace gpuwhy::checks {

namespace detail {

namespace {
std::optional<messages::SchedulerMessage> live_message(const json& pod) {
  const json* cond = condition(pod, "PodScheduled");
  if (cond == nullptr) return std::nullopt;
  return messages::parse_scheduler_message(str_at(*cond, "/message"));
}

std::map<std::string, std::string> pod_args(std::string_view pod) {
  return {{"pod", std::string(pod)},
          {"namespace", std::string(lab::kNamespace)},
          {"node", std::string(lab::kGpuNode)},
          {"resource", std::string(lab::kResource)},
          {"taint", std::string(lab::kTaintString)}};
}
}  // namespace

Outcome pending_for(const Snapshot& s, std::string_view pod_name, Blame want, const PendingHints& hints) {
  const auto args = pod_args(pod_name);
  const Msg expected = msg(want == Blame::kTaint ? "value.pending.taint" : "value.pending.insufficient", args);
  if (auto e = need_pods(s)) return *e;
  const json* pod = find_pod(s, pod_name);
  if (pod == nullptr) return fail(expected, msg("value.pod-not-found", args), msg("hint.pod-missing", args));
  const std::string node = str_at(*pod, "/spec/nodeName");
  const std::string phase = str_at(*pod, "/status/phase");
  const json* cond = condition(*pod, "PodScheduled");
  std::vector<std::string> ev{
      fmt::format("pod {}: spec.nodeName={} phase={}", pod_name, node.empty() ? "<none>" : node, phase)};
  if (cond != nullptr) {
    ev.push_back(fmt::format("pod {}: PodScheduled={} reason={} message={}", pod_name, str_at(*cond, "/status"),
                             str_at(*cond, "/reason"), str_at(*cond, "/message")));
  }
  if (!node.empty()) {
    auto a = args;
    a["bound"] = node;
    return fail(expected, msg("value.pending.bound", a), msg(hints.scheduled, a), ev);
  }
  if (phase != "Pending" || cond == nullptr || str_at(*cond, "/status") != "False" ||
      str_at(*cond, "/reason") != "Unschedulable") {
    return fail(expected,
                raw(fmt::format("phase={} PodScheduled={}", phase, cond ? str_at(*cond, "/status") : "<none>")),
                msg("hint.pending.not-evaluated", args), ev);
  }
  const auto m = messages::parse_scheduler_message(str_at(*cond, "/message"));
  if (!m) return fail(expected, raw(str_at(*cond, "/message")), msg("hint.pending.not-evaluated", args), ev);
  const bool taint = m->blames_taint();
  const bool insufficient = m->insufficient(lab::kResource);
  const Msg actual = raw(m->main);
  if (want == Blame::kTaint) {
    if (taint && !insufficient) return pass(expected, actual, ev);
    return fail(expected, actual, msg(hints.wrong_reason, args), ev);
  }
  if (insufficient && !taint) return pass(expected, actual, ev);
  if (taint && hints.other_reason != nullptr) return fail(expected, actual, msg(hints.other_reason, args), ev);
  return fail(expected, actual, msg(hints.wrong_reason, args), ev);
}

Outcome scheduler_file(const Snapshot& s, std::string_view file, std::string_view pod_name, Blame want,
                       const char* hint_other_kind) {
  auto args = pod_args(pod_name);
  args["file"] = std::string(file);
  const Msg expected =
      msg(want == Blame::kTaint ? "value.scheduler-file.taint" : "value.scheduler-file.insufficient", args);
  FileRead f = read_text(s, file, expected);
  if (!f.text) return f.failure;
  std::vector<std::string> ev = file_evidence(file, *f.text, 4);
  const auto all = readers::read_scheduler_file(*f.text);
  if (all.empty())
    return fail(expected, msg("value.scheduler-file.none"), msg("hint.scheduler-file.no-message", args), ev);
  // Every message in the file counts: one of the other kind fails the file, whatever comes
  // first (SPEC: a taint message and no Insufficient, or the reverse).
  const auto other = std::find_if(all.begin(), all.end(), [&](const messages::SchedulerMessage& m) {
    return want == Blame::kTaint ? m.insufficient(lab::kResource) : m.blames_taint();
  });
  if (other != all.end()) return fail(expected, raw(other->main), msg(hint_other_kind, args), ev);
  std::vector<const messages::SchedulerMessage*> wanted;
  for (const auto& m : all) {
    if (want == Blame::kTaint ? m.blames_taint() : m.insufficient(lab::kResource)) wanted.push_back(&m);
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
  const json* pod = find_pod(s, pod_name);
  if (pod == nullptr) return fail(expected, actual, msg("hint.pod-missing", args), ev);
  const auto live = live_message(*pod);
  if (!live) return fail(expected, actual, msg("hint.scheduler-file.no-live-message", args), ev);
  ev.push_back(fmt::format("live {}: {}", pod_name, live->main));
  for (const auto* m : wanted) {
    if (messages::same_reasons(*m, *live)) return pass(expected, raw(m->main), ev);
  }
  args["live"] = live->main;
  return fail(expected, actual, msg("hint.scheduler-file.stale", args), ev);
}

}  // namespace detail

namespace {

using namespace detail;  // NOLINT(google-build-using-namespace)

std::map<std::string, std::string> taint_args() {
  return {{"node", std::string(lab::kGpuNode)},
          {"taint", std::string(lab::kTaintString)},
          {"key", std::string(lab::kTaintKey)},
          {"value", std::string(lab::kTaintValue)},
          {"effect", std::string(lab::kTaintEffect)}};
}

/// Verifies: lab-node-0 has exactly the nvidia.com/gpu=present:NoSchedule taint for the key,
/// and no other node has an nvidia.com/gpu taint.
Outcome taint(const Snapshot& s) {
  auto args = taint_args();
  const Msg expected = msg("value.step5.taint.expected", args);
  if (auto e = need_nodes(s)) return *e;
  const json* node = find_node(s, lab::kGpuNode);
  if (node == nullptr) return fail(expected, msg("value.node-not-found", args), msg("hint.node-missing", args));
  const auto ts = gpu_taints(*node);
  std::vector<std::string> shown;
  for (const auto& t : ts) shown.push_back(taint_string(t));
  std::vector<std::string> ev{
      fmt::format("{} taints for {}: {}", lab::kGpuNode, lab::kTaintKey, shown.empty() ? "none" : join(shown))};
  std::vector<std::string> others;
  for (const json* n : other_nodes(s)) {
    for (const auto& t : gpu_taints(*n)) others.push_back(fmt::format("{}: {}", name_of(*n), taint_string(t)));
  }
  const Msg actual = shown.empty() ? msg("value.none") : raw(join(shown));
  if (ts.empty()) {
    // A taint with another key (`nvidia.com/gpu.present=true:NoSchedule`) is not the lab's:
    // it must go, and the lab's must come.
    const auto foreign = foreign_taints(*node);
    if (!foreign.empty()) {
      args["found"] = join(foreign);
      ev.push_back(fmt::format("{} other taints: {}", lab::kGpuNode, join(foreign)));
      return fail(expected, raw(join(foreign)), msg("hint.taint.wrong-key", args), ev);
    }
    return fail(expected, actual, msg("hint.step5.taint.missing", args), ev);
  }
  for (const auto& t : ts) {
    if (str_at(t, "/effect") == "NoExecute") return fail(expected, actual, msg("hint.step5.taint.noexecute", args), ev);
  }
  for (const auto& t : ts) {
    if (str_at(t, "/effect") != lab::kTaintEffect)
      return fail(expected, actual, msg("hint.step5.taint.wrong-effect", args), ev);
    if (str_at(t, "/value") != lab::kTaintValue)
      return fail(expected, actual, msg("hint.step5.taint.wrong-value", args), ev);
  }
  if (!others.empty()) {
    args["others"] = join(others);
    ev.insert(ev.end(), others.begin(), others.end());
    return fail(expected, raw(join(shown) + "; " + join(others)), msg("hint.step5.taint.other-nodes", args), ev);
  }
  return pass(expected, actual, ev);
}

// Problems of cpu-only's spec (manifest or live), as (hint id, detail).
std::optional<std::pair<std::string, std::string>> cpu_only_problem(const json& pod) {
  if (gpu_sum(pod, "requests") || gpu_sum(pod, "limits")) {
    return std::make_pair(std::string("hint.step5.cpu-only-spec.gpu"), std::string(lab::kResource));
  }
  for (const json* c : all_containers(pod)) {
    const json* r = at(*c, "/resources");
    for (const char* which : {"requests", "limits"}) {
      if (r != nullptr && r->contains(which) && (*r)[which].is_object() &&
          (*r)[which].contains(std::string(lab::kResource)))
        return std::make_pair(std::string("hint.step5.cpu-only-spec.gpu"), std::string(lab::kResource));
    }
  }
  const json* sel = at(pod, "/spec/nodeSelector");
  const std::string key(lab::kCpuOnlySelector.key);
  if (sel == nullptr || !sel->is_object() || !sel->contains(key)) {
    return std::make_pair(std::string("hint.step5.cpu-only-spec.selector"), std::string("spec.nodeSelector"));
  }
  if ((*sel)[key].is_boolean()) {
    return std::make_pair(std::string("hint.step5.cpu-only-spec.unquoted"), (*sel)[key].dump());
  }
  if (!(*sel)[key].is_string() || (*sel)[key].get<std::string>() != lab::kCpuOnlySelector.value) {
    return std::make_pair(std::string("hint.step5.cpu-only-spec.selector"), (*sel)[key].dump());
  }
  for (const auto& t : student_tolerations(pod)) {
    if (tolerates_lab_taint(t) || tolerates_everything(t)) {
      return std::make_pair(std::string("hint.step5.cpu-only-spec.toleration"), t.dump());
    }
  }
  return std::nullopt;
}

/// Verifies: k8s/cpu-only.yaml and live cpu-only: no GPU, nodeSelector gpu.present "true",
/// no toleration for the taint.
Outcome cpu_only_spec(const Snapshot& s) {
  const std::string file(lab::kManifestCpuOnly);
  std::map<std::string, std::string> args{
      {"file", file},
      {"pod", std::string(lab::kPodCpuOnly)},
      {"namespace", std::string(lab::kNamespace)},
      {"resource", std::string(lab::kResource)},
      {"selector", fmt::format("{}: \"{}\"", lab::kCpuOnlySelector.key, lab::kCpuOnlySelector.value)},
      {"taint", std::string(lab::kTaintString)}};
  const Msg expected = msg("value.step5.cpu-only-spec.expected", args);
  ManifestRead m = read_pod_manifest(s, lab::kManifestCpuOnly, expected, lab::kPodCpuOnly);
  if (!m.pod) return m.failure;
  if (name_of(*m.pod) != lab::kPodCpuOnly) {
    args["name"] = name_of(*m.pod);
    return fail(expected, raw(fmt::format("{}: metadata.name={}", file, name_of(*m.pod))),
                msg("hint.manifest.wrong-name", args));
  }
  if (auto p = cpu_only_problem(*m.pod)) {
    args["detail"] = p->second;
    return fail(expected, raw(fmt::format("{}: {}", file, p->second)), msg(p->first, args));
  }
  if (auto e = need_pods(s)) return *e;
  const json* pod = find_pod(s, lab::kPodCpuOnly);
  if (pod == nullptr) return fail(expected, msg("value.pod-not-found", args), msg("hint.pod-missing", args));
  if (auto p = cpu_only_problem(*pod)) {
    args["detail"] = p->second;
    return fail(expected, raw(fmt::format("pod {}: {}", lab::kPodCpuOnly, p->second)), msg(p->first, args));
  }
  const json* sel = at(*pod, "/spec/nodeSelector");
  return pass(expected, raw(sel ? sel->dump() : "{}"),
              {fmt::format("{}: ok", file),
               fmt::format("pod {}: nodeSelector {}", lab::kPodCpuOnly, sel ? sel->dump() : "{}")});
}

/// Verifies: cpu-only is Pending, unschedulable, and the message blames the taint.
Outcome cpu_only_pending(const Snapshot& s) {
  return pending_for(s, lab::kPodCpuOnly, Blame::kTaint,
                     {"hint.step5.cpu-only-pending.scheduled", "hint.step5.cpu-only-pending.not-taint", nullptr});
}

/// Verifies: out/tainted.txt holds cpu-only's taint message.
Outcome tainted_file(const Snapshot& s) {
  return scheduler_file(s, lab::kFileTainted, lab::kPodCpuOnly, Blame::kTaint, "hint.step5.tainted-file.insufficient");
}

/// Verifies: trainer is still bound to lab-node-0 and running (NoSchedule does not evict).
Outcome trainer_not_evicted(const Snapshot& s) {
  std::map<std::string, std::string> args{{"pod", std::string(lab::kPodTrainer)},
                                          {"node", std::string(lab::kGpuNode)},
                                          {"namespace", std::string(lab::kNamespace)}};
  const Msg expected = msg("value.step5.trainer-not-evicted.expected", args);
  if (auto e = need_pods(s)) return *e;
  bool noexecute = false;
  if (s.nodes.ok()) {
    if (const json* n = find_node(s, lab::kGpuNode)) {
      for (const auto& t : gpu_taints(*n)) noexecute = noexecute || str_at(t, "/effect") == "NoExecute";
    }
  }
  const json* pod = find_pod(s, lab::kPodTrainer);
  if (pod == nullptr) {
    return fail(
        expected, msg("value.pod-not-found", args),
        msg(noexecute ? "hint.step5.trainer-not-evicted.noexecute" : "hint.step5.trainer-not-evicted.gone", args));
  }
  const std::string node = str_at(*pod, "/spec/nodeName");
  const std::string phase = str_at(*pod, "/status/phase");
  const bool deleting = at(*pod, "/metadata/deletionTimestamp") != nullptr;
  const std::vector<std::string> ev{fmt::format("pod {}: spec.nodeName={} phase={}{}", lab::kPodTrainer,
                                                node.empty() ? "<none>" : node, phase,
                                                deleting ? " (terminating)" : "")};
  const Msg actual = raw(fmt::format("{} {}{}", node.empty() ? "<none>" : node, phase, deleting ? " terminating" : ""));
  if (node == lab::kGpuNode && !deleting && phase != "Failed" && phase != "Succeeded")
    return pass(expected, actual, ev);
  if (deleting || noexecute) return fail(expected, actual, msg("hint.step5.trainer-not-evicted.noexecute", args), ev);
  if (node.empty()) return fail(expected, actual, msg("hint.step5.trainer-not-evicted.never-scheduled", args), ev);
  return fail(expected, actual, msg("hint.step5.trainer-not-evicted.moved", args), ev);
}

constexpr CheckInfo kChecks[] = {
    {"step5.taint", 5, 2, &taint},
    {"step5.cpu-only-spec", 5, 2, &cpu_only_spec},
    {"step5.cpu-only-pending", 5, 3, &cpu_only_pending},
    {"step5.tainted-file", 5, 2, &tainted_file},
    {"step5.trainer-not-evicted", 5, 2, &trainer_not_evicted},
};

}  // namespace

std::span<const CheckInfo> step5() {
  return kChecks;
}

}  // namespace gpuwhy::checks
