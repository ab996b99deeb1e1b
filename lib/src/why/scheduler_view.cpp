// The scheduler's own verdict on a pod (its PodScheduled=False message or newest FailedScheduling
// event) read against the model's: which of its reasons no modelled plugin writes, and whether the
// two agree.
#include <algorithm>
#include <iterator>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "gpuwhy/k8s/messages.h"
#include "gpuwhy/k8s/topology_spread.h"
#include "why_detail.h"

namespace gpuwhy::why {

using nlohmann::json;

using detail::array_of;
using detail::field;
using detail::path;
using detail::str;

namespace {

// The scheduler's last verdict on the pod: its PodScheduled=False message, else the newest
// FailedScheduling event about it.
void read_scheduler_message(Verdict& v, const json& pod, const std::vector<json>& events) {
  for (const json* c : array_of(path(pod, {"status", "conditions"}))) {
    // SchedulingGated is the apiserver's, written when a gated pod is created ("Scheduling is
    // blocked due to non-empty scheduling gates"): no scheduler has tried the pod.
    if (str(*c, "type") == "PodScheduled" && str(*c, "status") == "False" && !str(*c, "message").empty() &&
        str(*c, "reason") != "SchedulingGated") {
      v.scheduler_message = str(*c, "message");
      v.scheduler_message_source = "condition";
    }
  }
  if (!v.scheduler_message.empty()) return;
  const std::string uid = str(field(pod, "metadata"), "uid");
  std::string newest;
  for (const json& ev : events) {
    if (str(ev, "reason") != "FailedScheduling") continue;
    const json& io = field(ev, "involvedObject");
    if (!uid.empty() && !str(io, "uid").empty() && str(io, "uid") != uid) continue;
    if (str(io, "name") != v.pod) continue;
    std::string when = str(ev, "lastTimestamp");
    if (when.empty()) when = str(ev, "eventTime");
    if (v.scheduler_message.empty() || when >= newest) {
      newest = when;
      v.scheduler_message = str(ev, "message");
      v.scheduler_message_source = "event";
    }
  }
}

bool is_digit(char c) {
  return c >= '0' && c <= '9';
}

// Every "<count> <reason>" of a FitError as the apiserver stores it (never quoted by kubectl, so
// a reason keeps its quotes: `persistentvolumeclaim "x" not found`); a PreFilter refusal has no
// count. nullopt when the message is no FitError.
std::optional<std::vector<SchedulerReason>> fit_error_reasons(std::string_view m) {
  static constexpr std::string_view kFrame = " nodes are available";
  const auto at = m.find(kFrame);
  if (at == std::string_view::npos) return std::nullopt;
  std::vector<SchedulerReason> out;
  std::size_t body = at + kFrame.size();
  if (m.substr(body, 2) != ": ") return out;
  body += 2;
  // The reasons end at the first period followed by a space (the tail), or at the final period.
  std::size_t end = m.find(". ", body);
  if (end == std::string_view::npos) end = !m.empty() && m.back() == '.' ? m.size() - 1 : m.size();
  const std::string_view hist = m.substr(body, end > body ? end - body : 0);
  std::size_t start = 0;
  for (std::size_t i = 0; i <= hist.size(); ++i) {
    if (i < hist.size() && !(hist.substr(i, 2) == ", " && i + 2 < hist.size() && is_digit(hist[i + 2]))) continue;
    std::string_view e = hist.substr(start, i - start);
    start = i + 2;
    SchedulerReason r;
    std::size_t k = 0;
    while (k < e.size() && is_digit(e[k])) ++k;
    if (k > 0 && k <= 6 && k < e.size() && e[k] == ' ') {
      r.count = std::stoi(std::string(e.substr(0, k)));
      e.remove_prefix(k + 1);
    }
    if (e.empty()) continue;
    r.text = std::string(e);
    out.push_back(std::move(r));
  }
  return out;
}

bool modelled_reason(const std::string& text) {
  static constexpr std::string_view kKnown[] = {
      detail::kReasonUnschedulable, detail::kReasonNodeName,    detail::kReasonAffinity,   detail::kReasonPreFilter,
      detail::kReasonPorts,         detail::kReasonTooManyPods, detail::kPreFilterConflict};
  if (messages::classify_reason(text).kind != messages::ReasonKind::kOther) return true;
  for (const auto fit : {k8s::SpreadFit::kMissingLabel, k8s::SpreadFit::kSkew}) {
    if (text == k8s::reason_of(fit)) return true;
  }
  for (const auto fit : {k8s::PodAffinityFit::kAffinity, k8s::PodAffinityFit::kAntiAffinity,
                         k8s::PodAffinityFit::kExistingAntiAffinity}) {
    if (text == k8s::reason_of(fit)) return true;
  }
  return std::find(std::begin(kKnown), std::end(kKnown), text) != std::end(kKnown);
}

// The unmodelled filters (the volume plugins, DynamicResources) run after NodeResourcesFit
// (default_plugins.go), so the nodes the model lets through are exactly the ones they rejected:
// when the counts add up to those nodes, each of them carries the reason (or one of the reasons).
void attribute_unmodelled(Verdict& v) {
  int counted = 0;
  std::vector<std::string> texts;
  for (const auto& r : v.unmodelled_reasons) {
    if (r.count < 0) return;  // refused before any node was tried: no node's own reason
    counted += r.count;
    texts.push_back(r.text);
  }
  if (texts.empty() || counted != v.fitting_nodes()) return;
  for (auto& n : v.nodes) {
    if (n.gate == Gate::kNone) n.scheduler_reasons = texts;
  }
}

}  // namespace

void add_scheduler_view(Verdict& v, const json& pod, const std::vector<json>& events) {
  read_scheduler_message(v, pod, events);
  if (v.scheduler_message.empty() || !v.node_name.empty()) return;
  if (const auto reasons = fit_error_reasons(v.scheduler_message)) {
    for (const auto& r : *reasons) {
      if (!modelled_reason(r.text)) v.unmodelled_reasons.push_back(r);
    }
    attribute_unmodelled(v);
  } else {
    v.unmodelled_reasons.push_back({-1, v.scheduler_message});  // no FitError: the whole message
  }
  const auto parsed = messages::parse_scheduler_message(v.scheduler_message);
  if (parsed && v.prefilter_failure.empty() && v.fitting_nodes() > 0) {
    v.agrees = false;  // the scheduler found no node; the model found one
  } else if (parsed) {
    const auto mine = messages::parse_scheduler_message(v.summary);
    v.agrees = mine && messages::same_reasons(*mine, *parsed, {});
    // The preemption tail, when the scheduler wrote one, is DefaultPreemption's verdict per node.
    const std::string tail = messages::preemption_text(v.scheduler_message);
    if (*v.agrees && !tail.empty()) v.agrees = tail == messages::preemption_text(v.summary);
  }
  // The model's FitError line would be a guess at what another plugin wrote.
  if (v.outcome() == Outcome::kNotExplained) v.summary.clear();
}

}  // namespace gpuwhy::why
