// "Bound to lab-node-0 by the scheduler" and "asks for one GPU", shared by steps 4 and 6
// (placement.h).
#include "placement.h"

#include <algorithm>
#include <optional>

#include <fmt/format.h>

#include "common.h"
#include "gpuwhy/lab.h"
#include "gpuwhy/messages.h"

namespace gpuwhy::checks {

namespace detail {

Outcome placed_by_scheduler(const Snapshot& s, std::string_view pod_name, std::string_view manifest,
                            bool no_constraints) {
  const std::map<std::string, std::string> args{{"pod", std::string(pod_name)},
                                                {"node", std::string(lab::kGpuNode)},
                                                {"file", std::string(manifest)},
                                                {"namespace", std::string(lab::kNamespace)}};
  const Msg expected = msg("value.placed.expected", args);
  std::vector<std::string> ev;
  // The manifest is the student's own evidence: a nodeName there bypasses the scheduler.
  ManifestRead m = read_pod_manifest(s, manifest, expected, pod_name);
  if (m.pod && at(*m.pod, "/spec/nodeName") != nullptr) {
    return fail(expected, raw(fmt::format("{}: spec.nodeName={}", manifest, str_at(*m.pod, "/spec/nodeName"))),
                msg("hint.placed.node-name", args));
  }
  if (auto e = need_pods(s)) return *e;
  const json* pod = find_pod(s, pod_name);
  if (pod == nullptr) return fail(expected, msg("value.pod-not-found", args), msg("hint.pod-missing", args));
  const std::string node = str_at(*pod, "/spec/nodeName");
  ev.push_back(fmt::format("pod {}: spec.nodeName={} phase={}", pod_name, node.empty() ? "<none>" : node,
                           str_at(*pod, "/status/phase")));
  const json* cond = condition(*pod, "PodScheduled");
  if (cond != nullptr) {
    ev.push_back(fmt::format("pod {}: PodScheduled={} {} {}", pod_name, str_at(*cond, "/status"),
                             str_at(*cond, "/reason"), str_at(*cond, "/message")));
  }
  if (node.empty()) {
    // The student meant to tolerate the GPU taint, yet the scheduler still blames a taint: the
    // toleration does not match it (key, value, operator or effect).
    const auto m = cond == nullptr ? std::nullopt : messages::parse_scheduler_message(str_at(*cond, "/message"));
    const auto tols = student_tolerations(*pod);
    const bool tries = std::any_of(tols.begin(), tols.end(), [](const json& t) { return targets_lab_taint(t); });
    if (m && m->blames_taint() && tries) {
      return fail(expected, msg("value.not-bound"), msg("hint.placed.not-bound-toleration", args), ev);
    }
    return fail(expected, msg("value.not-bound"), msg("hint.placed.not-bound", args), ev);
  }
  if (node != lab::kGpuNode) {
    return fail(expected, raw(node), msg("hint.placed.wrong-node", args), ev);
  }
  if (node_name_set_by_client(*pod)) {
    return fail(expected, msg("value.placed.node-name-by-client", args), msg("hint.placed.node-name", args), ev);
  }
  if (no_constraints) {
    std::vector<std::string> fields;
    for (const char* f : {"nodeSelector", "affinity"}) {
      const json* v = at(*pod, (std::string("/spec/") + f).c_str());
      if (v != nullptr && !v->is_null() && !v->empty()) fields.push_back(std::string("spec.") + f);
    }
    if (!fields.empty()) {
      auto a = args;
      a["fields"] = join(fields);
      return fail(expected, raw(join(fields)), msg("hint.placed.constrained", a), ev);
    }
  }
  if (cond == nullptr || str_at(*cond, "/status") != "True") {
    return fail(expected, msg("value.placed.not-scheduled-condition"), msg("hint.placed.condition", args), ev);
  }
  // Bound by hand: another schedulerName (and a Binding), or events of the pod that lack the
  // default scheduler's Scheduled. No event at all is an old pod whose events expired.
  const std::string scheduler = str_at(*pod, "/spec/schedulerName");
  if (!scheduler.empty() && scheduler != lab::kSchedulerName) {
    auto a = args;
    a["scheduler"] = scheduler;
    return fail(expected, msg("value.placed.bound-by-hand", a), msg("hint.placed.other-scheduler", a), ev);
  }
  if (const json* e = scheduled_event(s, *pod)) {
    ev.push_back(fmt::format("event Scheduled: {}", str_at(*e, "/message")));
  } else if (const auto others = events_for(s, *pod); !others.empty()) {
    std::vector<std::string> reasons;
    for (const json* e : others) reasons.push_back(str_at(*e, "/reason"));
    ev.push_back(
        fmt::format("events of pod {}: {} (no Scheduled from {})", pod_name, join(reasons), lab::kSchedulerName));
    return fail(expected, msg("value.placed.bound-by-hand", args), msg("hint.placed.no-scheduled-event", args), ev);
  } else if (s.events.ok()) {
    ev.push_back(fmt::format("no events left for pod {} (expired): PodScheduled decides", pod_name));
  }
  return pass(expected, raw(node), ev);
}

Outcome gpu_one(const Snapshot& s, std::string_view pod_name, const char* hint_id) {
  const std::map<std::string, std::string> args{{"pod", std::string(pod_name)},
                                                {"resource", std::string(lab::kResource)},
                                                {"amount", std::to_string(lab::kGpusPerTrainer)},
                                                {"namespace", std::string(lab::kNamespace)}};
  const Msg expected = msg("value.gpu-one.expected", args);
  if (auto e = need_pods(s)) return *e;
  const json* pod = find_pod(s, pod_name);
  if (pod == nullptr) return fail(expected, msg("value.pod-not-found", args), msg("hint.pod-missing", args));
  const auto req = gpu_sum(*pod, "requests");
  const auto lim = gpu_sum(*pod, "limits");
  const std::string shown =
      fmt::format("requests={} limits={}", req ? milli_text(*req) : "-", lim ? milli_text(*lim) : "-");
  const std::vector<std::string> ev{fmt::format("pod {}: {} {}", pod_name, lab::kResource, shown)};
  const long long want = lab::kGpusPerTrainer * 1000LL;
  if (req && lim && *req == want && *lim == want) return pass(expected, raw(shown), ev);
  return fail(expected, raw(shown), msg(hint_id, args), ev);
}

}  // namespace detail

}  // namespace gpuwhy::checks
