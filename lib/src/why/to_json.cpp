// A verdict as JSON (schema/why.schema.json).
#include <algorithm>
#include <string>
#include <string_view>

#include "gpuwhy/i18n/i18n.h"
#include "gpuwhy/k8s/messages.h"
#include "gpuwhy/k8s/requests.h"
#include "gpuwhy/why/why.h"

namespace gpuwhy::why {

using nlohmann::json;

namespace {

json victims_json(const std::vector<Victim>& victims) {
  json out = json::array();
  for (const auto& v : victims) out.push_back({{"pod", v.pod}, {"priority", v.priority}, {"pdbs", v.pdbs}});
  return out;
}

std::string to_string(Preemption::State s) {
  switch (s) {
    case Preemption::State::kNotRun: return "not-run";
    case Preemption::State::kIneligible: return "ineligible";
    case Preemption::State::kNoCandidate: return "no-candidate";
    case Preemption::State::kCandidate: return "candidate";
  }
  return "";
}

json node_json(const NodeVerdict& n, i18n::Lang l) {
  json j = json::object();
  j["name"] = n.node;
  j["gate"] = n.gate == Gate::kNone ? json(nullptr) : json(to_string(n.gate));
  j["stage"] =
      n.gate == Gate::kNone ? json(nullptr) : json(n.gate == Gate::kNodeAffinityFilter ? "PreFilter" : "Filter");
  j["fits"] = n.gate == Gate::kNone;
  j["reasons"] = n.reasons;
  j["preemption"] = n.gate == Gate::kNone ? json(nullptr) : json(n.unresolvable ? "not-helpful" : "no-victims");
  if (!n.victims.empty()) {
    j["preemption"] = "candidate";
  } else if (!n.preemption_reasons.empty() && n.preemption_reasons.front() != messages::kNotHelpful &&
             n.preemption_reasons.front() != messages::kNoVictims) {
    j["preemption"] = "still-unschedulable";
  }
  j["preemption_reasons"] = n.preemption_reasons;
  j["victims"] = victims_json(n.victims);
  json res = json::array();
  for (const auto& r : n.resources) {
    res.push_back({{"resource", r.resource},
                   {"allocatable", r.allocatable},
                   {"requested", r.requested},
                   {"request", r.request},
                   {"shortfall", std::max(0LL, r.shortfall())},
                   {"fits", r.shortfall() <= 0}});
  }
  j["resources"] = res;
  if (!n.taint.is_null()) j["taint"] = n.taint;
  if (!n.toleration.is_null()) j["toleration"] = n.toleration;
  json ports = json::array();
  for (const auto& p : n.ports) {
    ports.push_back({{"port", p.port}, {"protocol", p.protocol}, {"host_ip", p.host_ip}, {"held_by", p.holder}});
  }
  j["port_conflicts"] = ports;
  j["mismatches"] = n.mismatches;
  json details = json::array();
  for (const auto& d : n.details) details.push_back(i18n::render(d, l));
  j["details"] = details;
  j["fix"] = n.fix.id.empty() ? json(nullptr) : json(i18n::render(n.fix, l));
  j["scheduler_reasons"] = n.scheduler_reasons;
  return j;
}

}  // namespace

json to_json(const Verdict& v, std::string_view lang) {
  const auto l = i18n::parse_lang(lang).value_or(i18n::Lang::kEn);
  json out = json::object();
  out["namespace"] = v.namespace_;
  out["pod"] = v.pod;
  out["phase"] = v.phase;
  out["node_name"] = v.node_name;
  out["scheduler_name"] = v.scheduler;
  out["scheduling_gated"] = v.gated;
  out["scheduling_gates"] = v.scheduling_gates;
  out["lang"] = i18n::to_string(l);
  json req = json::object();
  for (const auto& [r, q] : v.request) req[r] = k8s::show_quantity(r, q);
  out["request"] = req;
  out["priority"] = v.priority;
  out["priority_class_name"] = v.priority_class.empty() ? json(nullptr) : json(v.priority_class);
  out["preemption_policy"] = v.preemption_policy.empty() ? json(nullptr) : json(v.preemption_policy);
  const Preemption& p = v.preemption;
  out["preemption"] = {{"state", to_string(p.state)},
                       {"ineligible", p.ineligible.empty() ? json(nullptr) : json(p.ineligible)},
                       {"node", p.node.empty() ? json(nullptr) : json(p.node)},
                       {"victims", victims_json(p.victims)},
                       {"tied", p.tied},
                       {"pdb_violations", p.pdb_violations}};
  out["total_nodes"] = v.total_nodes;
  out["fitting_nodes"] = v.fitting_nodes();
  json nodes = json::array();
  for (const auto& n : v.nodes) nodes.push_back(node_json(n, l));
  out["nodes"] = nodes;
  out["prefilter_failure"] = v.prefilter_failure.empty() ? json(nullptr) : json(v.prefilter_failure);
  out["summary"] = v.summary.empty() ? json(nullptr) : json(v.summary);
  json nm = json::array();
  for (const auto& n : v.not_modelled) nm.push_back(n.what);
  out["not_modelled"] = nm;
  json sched = json::object();
  sched["message"] = v.scheduler_message.empty() ? json(nullptr) : json(v.scheduler_message);
  sched["source"] = v.scheduler_message_source.empty() ? json(nullptr) : json(v.scheduler_message_source);
  sched["agrees"] = v.agrees ? json(*v.agrees) : json(nullptr);
  json unmodelled = json::array();
  for (const auto& r : v.unmodelled_reasons) {
    unmodelled.push_back({{"count", r.count < 0 ? json(nullptr) : json(r.count)}, {"reason", r.text}});
  }
  sched["unmodelled_reasons"] = unmodelled;
  out["scheduler"] = sched;
  out["outcome"] = to_string(v.outcome());
  out["lab_step"] = v.lab_step == 0 ? json(nullptr) : json(v.lab_step);
  json gates = json::array();
  for (const Gate g : modelled_gates()) gates.push_back(to_string(g));
  out["checked_gates"] = gates;
  return out;
}

}  // namespace gpuwhy::why
