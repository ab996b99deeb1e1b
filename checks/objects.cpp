// The live objects (objects.h).
#include "objects.h"

#include <algorithm>
#include <cstdlib>

#include <fmt/format.h>

#include "files.h"
#include "gpuwhy/base/text.h"
#include "gpuwhy/k8s/node_affinity.h"
#include "gpuwhy/k8s/requests.h"
#include "gpuwhy/k8s/taints.h"
#include "gpuwhy/lab/lab.h"
#include "gpuwhy/lab/rules.h"

namespace gpuwhy::checks::detail {

const json& items(const json& list) {
  static const json kEmpty = json::array();
  if (list.is_object() && list.contains("items") && list["items"].is_array()) return list["items"];
  return kEmpty;
}

std::string name_of(const json& obj) {
  return str_at(obj, "/metadata/name");
}

std::optional<std::string> node_gpu(const json& node, const char* map) {
  const json* st = at(node, "/status");
  if (st == nullptr || !st->is_object() || !st->contains(map) || !(*st)[map].is_object()) return std::nullopt;
  const json& m = (*st)[map];
  const std::string res(lab::kResource);
  if (!m.contains(res)) return std::nullopt;
  if (m[res].is_string()) return m[res].get<std::string>();
  return m[res].dump();
}

std::vector<json> gpu_taints(const json& node) {
  std::vector<json> out;
  const json* t = at(node, "/spec/taints");
  if (t == nullptr || !t->is_array()) return out;
  for (const auto& taint : *t) {
    if (view_at(taint, "/key") == lab::kTaintKey) out.push_back(taint);
  }
  return out;
}

std::string taint_string(const json& taint) {
  const std::string v = str_at(taint, "/value");
  return str_at(taint, "/key") + (v.empty() ? "" : "=" + v) + ":" + str_at(taint, "/effect");
}

std::optional<long long> container_gpu(const json& c, const char* which) {
  const json* r = at(c, "/resources");
  if (r == nullptr || !r->is_object() || !r->contains(which) || !(*r)[which].is_object()) return std::nullopt;
  const json& m = (*r)[which];
  const std::string res(lab::kResource);
  if (!m.contains(res)) return std::nullopt;
  return readers::json_quantity_milli(m[res]);
}

std::optional<long long> gpu_sum(const json& pod, const char* which) {
  std::optional<long long> sum;
  const json* cs = at(pod, "/spec/containers");
  if (cs == nullptr || !cs->is_array()) return sum;
  for (const auto& c : *cs) {
    if (auto v = container_gpu(c, which)) sum = sum.value_or(0) + *v;
  }
  return sum;
}

namespace {
/// Any quantity in thousandths (a fraction of a GPU is kept, not rounded up).
std::optional<long long> thousandths(std::string_view /*resource*/, const json& value) {
  return readers::json_quantity_milli(value);
}
}  // namespace

std::optional<long long> gpu_request_sum(const json& pod) {
  std::optional<long long> sum;
  const json* cs = at(pod, "/spec/containers");
  if (cs == nullptr || !cs->is_array()) return sum;
  for (const auto& c : *cs) {
    const auto own = k8s::container_requests(c, thousandths);
    if (const auto it = own.find(std::string(lab::kResource)); it != own.end()) sum = sum.value_or(0) + it->second;
  }
  return sum;
}

long long scheduler_gpu_request(const json& pod) {
  const auto all = k8s::pod_requests(pod, thousandths);
  const auto it = all.find(std::string(lab::kResource));
  return it == all.end() ? 0 : it->second;
}

namespace {

// Each init container that asks for nvidia.com/gpu, as "name=amount".
// The init containers that ask for the lab's resource, as "name=amount"; `sidecars` (when given)
// is set to whether every one of them is a sidecar (restartPolicy Always: it runs beside the app
// containers, and does not end before them).
std::vector<std::string> init_asks(const json& pod, bool* sidecars = nullptr) {
  std::vector<std::string> asks;
  bool all_sidecars = true;
  if (const json* cs = at(pod, "/spec/initContainers"); cs != nullptr && cs->is_array()) {
    for (const auto& c : *cs) {
      const auto own = k8s::container_requests(c, thousandths);
      const auto it = own.find(std::string(lab::kResource));
      if (it == own.end() || it->second == 0) continue;
      asks.push_back(fmt::format("{}={}", str_at(c, "/name"), milli_text(it->second)));
      all_sidecars = all_sidecars && str_at(c, "/restartPolicy") == "Always";
    }
  }
  if (sidecars != nullptr) *sidecars = all_sidecars;
  return asks;
}

}  // namespace

std::optional<Outcome> init_only_gpus(const json& pod, const std::string& where, const Msg& expected, const Msg& actual,
                                      std::map<std::string, std::string> args, const std::vector<Msg>& ev) {
  if (gpu_sum(pod, "limits").value_or(0) != 0 || gpu_sum(pod, "requests").value_or(0) != 0) return std::nullopt;
  bool sidecars = false;
  const auto asks = init_asks(pod, &sidecars);
  if (asks.empty()) return std::nullopt;
  args["where"] = where;
  args["detail"] = join(asks);
  return fail(expected, actual, msg(sidecars ? "hint.gpu.sidecar-only" : "hint.gpu.init-only", args), ev);
}

std::optional<Outcome> init_gpus(const json& pod, const std::string& where, const Msg& expected,
                                 std::map<std::string, std::string> args, const std::vector<Msg>& ev) {
  const long long total = scheduler_gpu_request(pod);
  if (total == lab::kGpusPerTrainer * 1000LL) return std::nullopt;
  const auto asks = init_asks(pod);
  if (asks.empty()) return std::nullopt;  // overhead or pod-level amounts: not this fault
  args["where"] = where;
  args["total"] = milli_text(total);
  args["detail"] = join(asks);
  return fail(expected,
              raw(fmt::format("{}: initContainers {}; {} {}", where, join(asks), lab::kResource, args["total"])),
              msg("hint.gpu.init-containers", args), ev);
}

std::vector<const json*> all_containers(const json& pod) {
  std::vector<const json*> out;
  for (const char* p : {"/spec/containers", "/spec/initContainers"}) {
    const json* cs = at(pod, p);
    if (cs == nullptr || !cs->is_array()) continue;
    for (const auto& c : *cs) out.push_back(&c);
  }
  return out;
}

bool is_empty_value(const json& v) {
  return v.is_null() || (v.is_structured() && v.empty()) || (v.is_string() && v.get_ref<const std::string&>().empty());
}

bool constrains(const json& pod, const char* field) {
  const json* v = at(pod, (std::string("/spec/") + field).c_str());
  if (v == nullptr) return false;
  // An affinity that is empty all the way down ({nodeAffinity: {}}) constrains nothing either.
  if (std::string_view(field) == "affinity") return !is_empty_value(k8s::canonical_affinity(*v));
  return !is_empty_value(*v);
}

const json* condition(const json& pod, std::string_view type) {
  const json* cs = at(pod, "/status/conditions");
  if (cs == nullptr || !cs->is_array()) return nullptr;
  for (const auto& c : *cs) {
    if (view_at(c, "/type") == type) return &c;
  }
  return nullptr;
}

std::string node_name_client(const json& pod) {
  const json* mf = at(pod, "/metadata/managedFields");
  if (mf == nullptr || !mf->is_array()) return {};
  for (const auto& e : *mf) {
    if (at(e, "/fieldsV1/f:spec/f:nodeName") == nullptr) continue;
    std::string manager = str_at(e, "/manager");
    if (manager == "kube-scheduler") continue;
    return manager.empty() ? std::string("<unnamed manager>") : manager;
  }
  return {};
}

const json* scheduled_event(const View& s, const json& pod) {
  if (!s.snap().events.ok()) return nullptr;
  const std::string uid = str_at(pod, "/metadata/uid");
  for (const auto& ev : items(s.snap().events.value())) {
    if (view_at(ev, "/reason") != "Scheduled") continue;
    if (view_at(ev, "/involvedObject/name") != view_at(pod, "/metadata/name")) continue;
    const std::string euid = str_at(ev, "/involvedObject/uid");
    if (!uid.empty() && !euid.empty() && uid != euid) continue;
    if (view_at(ev, "/source/component") == lab::kSchedulerName ||
        view_at(ev, "/reportingComponent") == lab::kSchedulerName)
      return &ev;
  }
  return nullptr;
}

GpuUse gpu_used_on_lab_node(const View& s) {
  GpuUse u;
  const auto add = [&u](const json& p, std::string shown) {
    if (!k8s::counts_on_node(p, lab::kGpuNode)) return;
    const long long r = scheduler_gpu_request(p);
    if (r == 0) return;
    u.milli += r;
    u.pods.emplace_back(std::move(shown), r);
  };
  for (const auto& p : items(s.snap().pods.value())) add(p, name_of(p));
  // The node's pods of other namespaces count as much (the scheduler sums every pod bound there).
  if (s.snap().node_pods.ok()) {
    for (const auto& p : items(s.snap().node_pods.value()))
      add(p, fmt::format("{}/{}", str_at(p, "/metadata/namespace"), name_of(p)));
  }
  return u;
}

std::vector<Msg> ev_pods_on_lab_node(const GpuUse& use) {
  std::vector<Msg> out;
  for (const auto& [pod, r] : use.pods) {
    out.push_back(msg("ev.pod-on-node", {{"pod", pod},
                                         {"node", std::string(lab::kGpuNode)},
                                         {"text", fmt::format("{} {}", lab::kResource, milli_text(r))}}));
  }
  return out;
}

PodOrOutcome need_pod(const View& s, std::string_view name, const Msg& expected) {
  PodOrOutcome r;
  if (auto e = need_pods(s)) {
    r.outcome = std::move(*e);
    return r;
  }
  r.pod = s.pod(name);
  if (r.pod == nullptr) {
    const std::map<std::string, std::string> args{{"pod", std::string(name)},
                                                  {"namespace", std::string(lab::kNamespace)}};
    r.outcome =
        unmet(fail(expected, msg("value.pod-not-found", args), msg("hint.pod-missing", args)), Need::Kind::kPod, name);
  }
  return r;
}

NodeOrOutcome need_gpu_node(const View& s, const Msg& expected) {
  NodeOrOutcome r;
  if (auto e = need_nodes(s)) {
    r.outcome = std::move(*e);
    return r;
  }
  r.node = s.node(lab::kGpuNode);
  if (r.node == nullptr) {
    const std::map<std::string, std::string> args{{"node", std::string(lab::kGpuNode)}};
    r.outcome = fail(expected, msg("value.node-not-found", args), msg("hint.node-missing", args));
  }
  return r;
}

std::vector<std::string> foreign_taints(const json& node) {
  std::vector<std::string> out;
  const json* all = at(node, "/spec/taints");
  if (all == nullptr || !all->is_array()) return out;
  for (const auto& t : *all) {
    const std::string key = str_at(t, "/key");
    if (key != lab::kTaintKey && key.rfind("node.kubernetes.io/", 0) != 0) out.push_back(taint_string(t));
  }
  return out;
}

std::string removal_of(const std::vector<std::string>& items) {
  std::string out;
  for (const auto& t : items) out.append(out.empty() ? "" : " ").append(t).append("-");
  return out;
}

bool is_lab_taint(const json& taint) {
  return view_at(taint, "/key") == lab::kTaintKey && view_at(taint, "/value") == lab::kTaintValue &&
         view_at(taint, "/effect") == lab::kTaintEffect;
}

std::vector<std::string> foreign_taints_blocking(const json& node, const json* pod) {
  std::vector<std::string> out;
  for (const json* t : k8s::filtering_taints(node)) {
    const std::string key = str_at(*t, "/key");
    if (key == lab::kTaintKey || key.rfind("node.kubernetes.io/", 0) == 0) continue;
    if (pod != nullptr && k8s::tolerated(*pod, *t)) continue;
    out.push_back(taint_string(*t));
  }
  return out;
}

Outcome retarget_cordoned(const View& s, Outcome o, std::string_view pod_name) {
  if (o.status != Status::kFail || !s.snap().nodes.ok() || !s.snap().pods.ok()) return o;
  const json* node = s.node(lab::kGpuNode);
  const json* pod = s.pod(pod_name);
  if (node == nullptr || pod == nullptr || !str_at(*pod, "/spec/nodeName").empty()) return o;
  if (!k8s::unschedulable_for(*node, *pod)) return o;
  return with_hint(std::move(o), Fault::kGpuNodeCordoned,
                   {{"pod", std::string(pod_name)}, {"node", std::string(lab::kGpuNode)}});
}

Outcome retarget_taint_beside(const View& s, Outcome o, std::string_view pod_name) {
  if (o.status != Status::kFail || !s.snap().nodes.ok() || !s.snap().pods.ok()) return o;
  const json* node = s.node(lab::kGpuNode);
  const json* pod = s.pod(pod_name);
  if (node == nullptr || pod == nullptr || !str_at(*pod, "/spec/nodeName").empty()) return o;
  const auto ts = k8s::filtering_taints(*node);
  const bool lab_taint = std::any_of(ts.begin(), ts.end(), [](const json* t) { return is_lab_taint(*t); });
  if (!k8s::tolerated(*pod, lab::taint())) return o;
  if (!lab_taint) {
    // The lab key's taint with another value or effect (`Present`, NoExecute): the pod is right
    // for the lab, the taint is what changed (a mistake of step 5).
    const json* t = k8s::untolerated_taint(*pod, *node);
    if (t == nullptr || str_at(*t, "/key") != lab::kTaintKey) return o;
    const std::string found = taint_string(*t);
    return with_hint(std::move(o), Fault::kLabTaintChanged,
                     {{"node", std::string(lab::kGpuNode)},
                      {"pod", std::string(pod_name)},
                      {"found", found},
                      {"remove", removal_of({found})},
                      {"taint", std::string(lab::kTaintString)}});
  }
  const auto blocking = foreign_taints_blocking(*node, pod);
  if (blocking.empty()) return o;
  return with_hint(std::move(o), Fault::kForeignTaintBeside, foreign_taint_args(blocking));
}

std::map<std::string, std::string> foreign_taint_args(const std::vector<std::string>& found) {
  return {{"node", std::string(lab::kGpuNode)},
          {"found", join(found)},
          {"remove", removal_of(found)},
          {"taint", std::string(lab::kTaintString)}};
}

Outcome retarget_foreign_taint(const View& s, Outcome o) {
  if (o.status != Status::kFail || !s.snap().nodes.ok()) return o;
  const json* node = s.node(lab::kGpuNode);
  if (node == nullptr || !gpu_taints(*node).empty()) return o;
  const auto foreign = foreign_taints(*node);
  if (foreign.empty()) return o;
  return with_hint(std::move(o), Fault::kForeignTaint, foreign_taint_args(foreign));
}

std::vector<const json*> events_for(const View& s, const json& pod) {
  std::vector<const json*> out;
  if (!s.snap().events.ok()) return out;
  const std::string uid = str_at(pod, "/metadata/uid");
  for (const auto& ev : items(s.snap().events.value())) {
    if (view_at(ev, "/involvedObject/name") != view_at(pod, "/metadata/name") ||
        view_at(ev, "/involvedObject/kind") != "Pod")
      continue;
    const std::string euid = str_at(ev, "/involvedObject/uid");
    if (!uid.empty() && !euid.empty() && uid != euid) continue;
    out.push_back(&ev);
  }
  return out;
}

std::string milli_text(long long milli) {
  if (milli % 1000 == 0) return std::to_string(milli / 1000);
  std::string s = fmt::format("{}.{:03}", milli / 1000, std::llabs(milli % 1000));
  while (s.back() == '0') s.pop_back();
  return s;
}

}  // namespace gpuwhy::checks::detail
