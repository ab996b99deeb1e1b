// Outcomes and evidence (outcome.h).
#include "outcome.h"

#include <fmt/format.h>

#include "gpuwhy/base/error.h"
#include "gpuwhy/lab/lab.h"

namespace gpuwhy::checks::detail {

Outcome pass(Msg expected, Msg actual, std::vector<Msg> evidence) {
  return Outcome{Status::kPass, std::move(expected), std::move(actual), Msg{}, std::move(evidence)};
}

Outcome fail(Msg expected, Msg actual, Msg hint, std::vector<Msg> evidence) {
  return Outcome{Status::kFail, std::move(expected), std::move(actual), std::move(hint), std::move(evidence)};
}

// One case per fault, in one switch: a fault added without its words does not compile (-Wswitch).
std::string_view hint_id(Fault f) {  // NOLINT(readability-function-size)
  // No default: a fault added without its words does not compile (-Wswitch).
  switch (f) {
    case Fault::kNone: return {};
    case Fault::kFileMissing: return "hint.file.missing";
    case Fault::kFileNotRegular: return "hint.file.not-regular";
    case Fault::kFileTooLarge: return "hint.file.too-large";
    case Fault::kFileUnreadable: return "hint.file.unreadable";
    case Fault::kFileHardLink: return "hint.file.hard-link";
    case Fault::kFileNotText: return "hint.file.not-text";
    case Fault::kFileEmpty: return "hint.file.empty";
    case Fault::kGpuLabelsOnOtherNode: return "hint.step1.gpu-labels.wrong-node";
    case Fault::kAdvertisedCapacityOnly: return "hint.step2.advertised-file.capacity-only";
    case Fault::kAdvertisedWrongAmount: return "hint.step2.advertised-file.wrong-amount";
    case Fault::kRejectsNoNamespace: return "hint.step3.apiserver-rejects.no-namespace";
    case Fault::kRejectsAccepted: return "hint.step3.apiserver-rejects.accepted";
    case Fault::kRejectsOtherRuleMismatch: return "hint.step3.apiserver-rejects.wrong-reason-mismatch";
    case Fault::kRejectsOtherRuleFraction: return "hint.step3.apiserver-rejects.wrong-reason-fraction";
    case Fault::kRejectedFileNoRejection: return "hint.step3.rejected-file.no-rejection";
    case Fault::kRejectedFileNoMismatch: return "hint.step3.rejected-file.no-mismatch";
    case Fault::kRejectedFileNoFraction: return "hint.step3.rejected-file.no-fraction";
    case Fault::kRejectedFileNeither: return "hint.step3.rejected-file.neither";
    case Fault::kRejectedFileOverwritten: return "hint.step3.rejected-file.overwritten";
    case Fault::kRejectedFileOtherResult: return "hint.step3.rejected-file.other-result";
    case Fault::kPlacedConstrained: return "hint.placed.constrained";
    case Fault::kPlacedNodeName: return "hint.placed.node-name";
    case Fault::kPlacedWrongNode: return "hint.placed.wrong-node";
    case Fault::kPlacedNotBound: return "hint.placed.not-bound";
    case Fault::kPlacedNotBoundToleration: return "hint.placed.not-bound-toleration";
    case Fault::kPlacedNotBoundUntolerant: return "hint.placed.not-bound-untolerant";
    case Fault::kPlacedNotBoundSelector: return "hint.placed.not-bound-selector";
    case Fault::kPlacedNotBoundLabels: return "hint.placed.not-bound-labels";
    case Fault::kPlacedNotBoundTaken: return "hint.placed.not-bound-taken";
    case Fault::kTaintMissing: return "hint.step5.taint.missing";
    case Fault::kForeignTaint: return "hint.taint.wrong-key";
    case Fault::kForeignTaintBeside: return "hint.taint.foreign-beside";
    case Fault::kGpuNodeCordoned: return "hint.pending.cordoned";
    case Fault::kLabTaintChanged: return "hint.taint.changed";
    case Fault::kPremiseAllocatableZero: return "hint.step7.premise-allocatable-zero";
    case Fault::kTolerationMissing: return "hint.step6.toleration.missing";
    case Fault::kTolerationWrongKey: return "hint.step6.toleration.wrong-key";
    case Fault::kPremiseAllocatableAmount: return "hint.step7.premise-allocatable-amount";
    case Fault::kSavedGated: return "hint.scheduler-file.gated";
    case Fault::kCapacityOnOtherNode: return "hint.step2.capacity.other-node";
    case Fault::kAllocatableNoPods: return "hint.step2.allocatable.no-pods";
    case Fault::kPlacedGated: return "hint.placed.gated";
    case Fault::kPendingGated: return "hint.pending.gated";
    case Fault::kSavedNoMessage: return "hint.scheduler-file.no-message";
    case Fault::kSavedNoLiveMessage: return "hint.scheduler-file.no-live-message";
    case Fault::kSavedStale: return "hint.scheduler-file.stale";
    case Fault::kNeverScheduled: return "hint.step5.trainer-not-evicted.never-scheduled";
    case Fault::kCpuOnlyScheduled: return "hint.step6.gate-kept.cpu-only-scheduled";
    case Fault::kSharedToleration: return "hint.step7.shared-toleration";
    case Fault::kSharedNoToleration: return "hint.step7.shared-no-toleration";
    case Fault::kPremiseAllocatable: return "hint.step7.premise-allocatable";
    case Fault::kPremiseSlots: return "hint.step7.premise-slots";
    case Fault::kTrainer3Scheduled: return "hint.step7.pending-insufficient.scheduled";
    case Fault::kTrainer3NotInsufficient: return "hint.step7.pending-insufficient.not-insufficient";
    case Fault::kTrainer3Taint: return "hint.step7.pending-insufficient.taint";
    case Fault::kNoLiveTaint: return "hint.step8.taint.no-live-taint";
  }
  return {};
}

Outcome fail(Msg expected, Msg actual, Hint h, std::map<std::string, std::string> args, std::vector<Msg> evidence) {
  Outcome o =
      fail(std::move(expected), std::move(actual), msg(std::string(h.id), std::move(args)), std::move(evidence));
  o.fault = h.fault;
  return o;
}

Outcome with_hint(Outcome o, Hint h, std::map<std::string, std::string> args) {
  o.hint = msg(std::string(h.id), std::move(args));
  o.fault = h.fault;
  return o;
}

Outcome unmet(Outcome o, Need::Kind kind, std::string_view name) {
  o.unmet = Need{kind, std::string(name)};
  return o;
}

Outcome env_error(const FetchError& e, std::string_view item, std::map<std::string, std::string> args) {
  Outcome o;
  o.status = Status::kError;
  o.actual = !e.id.empty() ? msg(e.id, e.args) : raw(e.message.empty() ? to_string(e.kind) : e.message);
  args["what@"] = fmt::format("item.{}", item);
  args["rule@"] = fmt::format("rbac.{}", item);
  std::string hint = "unavailable";
  if (e.http_status == 401) {
    hint = "unauthorized";
  } else if (e.http_status == 403) {
    hint = "forbidden";
  } else if (e.kind == ErrorKind::kSkipped) {
    hint = "not-collected";
  }
  // The cause a table tells once: the hint's kind, with no kubeconfig and a certificate problem
  // told apart from an apiserver that does not answer (each has its own fix).
  o.env_cause = hint;
  if (hint == "unavailable" && e.kind == ErrorKind::kConfig) o.env_cause = "config";
  if (hint == "unavailable" && e.kind == ErrorKind::kTls) o.env_cause = "tls";
  o.env_need = msg(fmt::format("rbac.{}", item), args);
  o.hint = msg("hint.env." + hint, std::move(args));
  Msg line = msg("ev.env-error", e.args);
  line.args["kind@"] = "ev.kind." + to_string(e.kind);
  if (e.id.empty()) {
    line.args["message"] = e.message;
  } else {
    line.args["message@"] = e.id;
  }
  o.evidence.push_back(std::move(line));
  return o;
}

std::optional<Outcome> need_nodes(const View& s) {
  if (s.snap().nodes.ok()) return std::nullopt;
  return env_error(s.snap().nodes.error(), "nodes");
}

std::optional<Outcome> need_pods(const View& s) {
  if (s.snap().pods.ok()) return std::nullopt;
  return env_error(s.snap().pods.error(), "pods");
}

std::optional<Outcome> need_node_pods(const View& s) {
  if (auto e = need_pods(s)) return e;
  const auto& f = s.snap().node_pods;
  // Not collected (a bundle older than the read): the lab namespace's pods are all there is.
  if (f.ok() || f.error().kind == ErrorKind::kSkipped) return std::nullopt;
  return env_error(f.error(), "node-pods", {{"node", std::string(lab::kGpuNode)}});
}

Outcome worst(Outcome a, Outcome b) {
  const auto rank = [](Status st) {
    switch (st) {
      case Status::kFail: return 3;
      case Status::kError: return 2;
      case Status::kPass: return 1;
      case Status::kSkip: return 0;
    }
    return 0;
  };
  return rank(b.status) > rank(a.status) ? std::move(b) : std::move(a);
}

std::string join_capped(const std::vector<std::string>& items) {
  if (items.size() <= kMaxNamed) return join(items);
  const std::vector<std::string> head(items.begin(), items.begin() + static_cast<std::ptrdiff_t>(kMaxNamed));
  return fmt::format("{} … (+{})", join(head), items.size() - kMaxNamed);  // in no language, as a table's overflow
}

std::vector<Msg> raws(const std::vector<std::string>& lines) {
  std::vector<Msg> out;
  out.reserve(lines.size());
  for (const auto& l : lines) out.push_back(raw(l));
  return out;
}

Msg ev_pod(std::string_view pod, std::string text) {
  return msg("ev.pod", {{"pod", std::string(pod)}, {"text", std::move(text)}});
}

Msg ev_node_amount(std::string_view node, std::string_view map, const std::optional<std::string>& value) {
  if (value) return raw(fmt::format("{} status.{}[{}]: {}", node, map, lab::kResource, *value));
  return msg("ev.node-amount-absent",
             {{"node", std::string(node)}, {"map", std::string(map)}, {"resource", std::string(lab::kResource)}});
}

Msg with_list(Msg m, const std::string& key, const std::vector<std::string>& items) {
  if (items.empty()) {
    m.args[key + "@"] = "ev.none";
  } else {
    m.args[key] = join(items);
  }
  return m;
}

Msg ev_taints(std::string_view node, const std::vector<std::string>& taints) {
  return with_list(msg("ev.taints-for", {{"node", std::string(node)}, {"key", std::string(lab::kTaintKey)}}), "taints",
                   taints);
}

Msg ev_pod_state(std::string_view pod, const std::string& node, const std::string& phase, bool terminating) {
  Msg m = ev_pod(pod, fmt::format("spec.nodeName={} phase={}", node.empty() ? "<none>" : node, phase));
  if (terminating) m.id = "ev.pod-terminating";
  return m;
}

}  // namespace gpuwhy::checks::detail
