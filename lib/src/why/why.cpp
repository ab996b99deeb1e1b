#include "gpuwhy/why/why.h"

#include <algorithm>
#include <set>
#include <utility>

#include <fmt/format.h>

#include "gpuwhy/i18n/i18n.h"
#include "gpuwhy/k8s/quantity.h"
#include "gpuwhy/k8s/taints.h"

// The rules below follow kube-scheduler's filter plugins (pkg/scheduler/framework/plugins/):
// nodeunschedulable, nodename, tainttoleration, nodeaffinity, nodeports, noderesources/fit.go,
// and component-helpers/resource/helpers.go for a pod's request. Each function names the piece of
// the scheduler it mirrors; tests/integration/why_diff_test.sh holds the model against the real one.

namespace gpuwhy::why {

using nlohmann::json;

namespace {

const json& field(const json& obj, std::string_view key) {
  static const json kNull;
  if (!obj.is_object()) return kNull;
  const auto it = obj.find(key);
  return it == obj.end() ? kNull : *it;
}

std::string str(const json& obj, std::string_view key) {
  const json& v = field(obj, key);
  return v.is_string() ? v.get<std::string>() : std::string();
}

const json& path(const json& obj, std::initializer_list<std::string_view> keys) {
  const json* cur = &obj;
  for (const auto k : keys) cur = &field(*cur, k);
  return *cur;
}

std::vector<const json*> array_of(const json& v) {
  std::vector<const json*> out;
  if (v.is_array()) {
    for (const auto& e : v) out.push_back(&e);
  }
  return out;
}

constexpr std::string_view kCpu = "cpu";
constexpr std::string_view kMemory = "memory";
constexpr std::string_view kEphemeral = "ephemeral-storage";
constexpr std::string_view kPods = "pods";

bool is_cpu(std::string_view r) {
  return r == kCpu;
}

// ---- requests (component-helpers resource.PodRequests) -----------------------------------------

using Amounts = std::map<std::string, long long>;

// A container's requests; a limit stands in for a missing request (SetDefaults_Pod does this on
// create, so stored pods already have it; a pod read from a file may not).
Amounts container_requests(const json& c) {
  Amounts out;
  const json& req = path(c, {"resources", "requests"});
  const json& lim = path(c, {"resources", "limits"});
  if (req.is_object()) {
    for (const auto& [k, v] : req.items()) {
      if (auto q = quantity(k, v)) out[k] = *q;
    }
  }
  if (lim.is_object()) {
    for (const auto& [k, v] : lim.items()) {
      if (req.is_object() && req.contains(k)) continue;
      if (auto q = quantity(k, v)) out[k] = *q;
    }
  }
  return out;
}

void add(Amounts& into, const Amounts& more) {
  for (const auto& [k, v] : more) into[k] += v;
}
void max_into(Amounts& into, const Amounts& other) {
  for (const auto& [k, v] : other) {
    auto it = into.find(k);
    if (it == into.end() || it->second < v) into[k] = v;
  }
}

std::string taint_text(const json& taint) {
  const std::string v = str(taint, "value");
  return str(taint, "key") + (v.empty() ? "" : "=" + v) + ":" + str(taint, "effect");
}

// ---- node affinity (component-helpers/scheduling/corev1/nodeaffinity) --------------------------

std::optional<long long> parse_int64(const std::string& s) {
  if (s.empty() || s.size() > 20) return std::nullopt;
  std::size_t i = (s[0] == '-' || s[0] == '+') ? 1 : 0;
  if (i == s.size()) return std::nullopt;
  long long v = 0;
  for (; i < s.size(); ++i) {
    if (s[i] < '0' || s[i] > '9') return std::nullopt;
    if (v > 922337203685477580LL) return std::nullopt;
    v = v * 10 + (s[i] - '0');
  }
  return s[0] == '-' ? -v : v;
}

std::vector<std::string> values_of(const json& req) {
  std::vector<std::string> out;
  for (const json* v : array_of(field(req, "values"))) {
    if (v->is_string()) out.push_back(v->get<std::string>());
  }
  return out;
}

std::string requirement_text(const json& req) {
  const std::string op = str(req, "operator");
  const auto vals = values_of(req);
  std::string list;
  for (const auto& v : vals) list += (list.empty() ? "" : ",") + v;
  if (op == "Exists" || op == "DoesNotExist") return fmt::format("{} {}", str(req, "key"), op);
  return fmt::format("{} {} ({})", str(req, "key"), op, list);
}

// One matchExpressions or matchFields requirement against the value the node has (nullopt: the
// node has no such label). labels.Requirement.Matches semantics.
bool requirement_matches(const json& req, const std::optional<std::string>& have) {
  const std::string op = str(req, "operator");
  const auto vals = values_of(req);
  const bool in = have && std::find(vals.begin(), vals.end(), *have) != vals.end();
  if (op == "In") return in;
  if (op == "NotIn") return !in;
  if (op == "Exists") return have.has_value();
  if (op == "DoesNotExist") return !have.has_value();
  if (op == "Gt" || op == "Lt") {
    if (!have || vals.size() != 1) return false;
    const auto a = parse_int64(*have);
    const auto b = parse_int64(vals[0]);
    if (!a || !b) return false;
    return op == "Gt" ? *a > *b : *a < *b;
  }
  return false;
}

std::optional<std::string> label_of(const json& node, const std::string& key) {
  const json& v = field(path(node, {"metadata", "labels"}), key);
  if (v.is_string()) return v.get<std::string>();
  return std::nullopt;
}

std::string have_text(const std::string& key, const std::optional<std::string>& have) {
  return have ? fmt::format("{}={}", key, *have) : fmt::format("no label {}", key);
}

// The first requirement of a term the node fails, described; nullopt when the term matches. A
// term with no requirement at all matches no node (NodeSelectorTerm docs: "null or empty ...
// matches no objects").
std::optional<std::string> term_failure(const json& term, const json& node) {
  const auto exprs = array_of(field(term, "matchExpressions"));
  const auto fields = array_of(field(term, "matchFields"));
  if (exprs.empty() && fields.empty()) return std::string("an empty nodeSelectorTerm matches no node");
  for (const json* r : exprs) {
    const std::string key = str(*r, "key");
    const auto have = label_of(node, key);
    if (!requirement_matches(*r, have)) {
      return fmt::format("{}: node has {}", requirement_text(*r), have_text(key, have));
    }
  }
  for (const json* r : fields) {
    const std::string key = str(*r, "key");
    std::optional<std::string> have;
    if (key == "metadata.name") have = str(field(node, "metadata"), "name");
    if (!requirement_matches(*r, have)) {
      return fmt::format("{}: node is {}", requirement_text(*r), have ? *have : std::string("?"));
    }
  }
  return std::nullopt;
}

const json& required_terms(const json& pod) {
  return path(
      pod, {"spec", "affinity", "nodeAffinity", "requiredDuringSchedulingIgnoredDuringExecution", "nodeSelectorTerms"});
}

// NodeAffinity.PreFilter: when every term pins metadata.name In [...], only those nodes are
// tried; nodeNames empty after the intersections is a conflict.
struct PreFilter {
  bool restricted = false;
  std::set<std::string> names;
  bool conflict = false;
};
PreFilter node_affinity_prefilter(const json& pod) {
  PreFilter out;
  const auto terms = array_of(required_terms(pod));
  if (terms.empty()) return out;
  std::optional<std::set<std::string>> union_names;
  for (const json* t : terms) {
    std::optional<std::set<std::string>> term_names;
    for (const json* r : array_of(field(*t, "matchFields"))) {
      if (str(*r, "key") != "metadata.name" || str(*r, "operator") != "In") continue;
      const auto vals = values_of(*r);
      std::set<std::string> s(vals.begin(), vals.end());
      if (!term_names) {
        term_names = std::move(s);
      } else {
        std::set<std::string> both;
        std::set_intersection(term_names->begin(), term_names->end(), s.begin(), s.end(),
                              std::inserter(both, both.begin()));
        term_names = std::move(both);
      }
    }
    if (!term_names) return out;  // a term without a name pin: every node is eligible
    if (!union_names) union_names.emplace();
    union_names->insert(term_names->begin(), term_names->end());
  }
  if (union_names && union_names->empty()) {
    out.conflict = true;
  } else if (union_names) {
    out.restricted = true;
    out.names = std::move(*union_names);
  }
  return out;
}

// ---- host ports (NodePorts) -------------------------------------------------------------------

struct HostPort {
  std::string ip;
  std::string protocol;
  int port = 0;
};

std::vector<HostPort> host_ports(const json& pod) {
  std::vector<HostPort> out;
  auto from = [&out](const json& c) {
    for (const json* p : array_of(field(c, "ports"))) {
      const json& hp = field(*p, "hostPort");
      if (!hp.is_number_integer() || hp.get<long long>() <= 0) continue;
      std::string ip = str(*p, "hostIP");
      if (ip.empty()) ip = "0.0.0.0";
      std::string proto = str(*p, "protocol");
      if (proto.empty()) proto = "TCP";
      out.push_back({ip, proto, static_cast<int>(hp.get<long long>())});
    }
  };
  for (const json* c : array_of(path(pod, {"spec", "containers"}))) from(*c);
  // Sidecars (restartable init containers) run beside the app containers and hold their ports.
  for (const json* c : array_of(path(pod, {"spec", "initContainers"}))) {
    if (str(*c, "restartPolicy") == "Always") from(*c);
  }
  return out;
}

bool ports_conflict(const HostPort& a, const HostPort& b) {
  if (a.port != b.port || a.protocol != b.protocol) return false;
  return a.ip == b.ip || a.ip == "0.0.0.0" || b.ip == "0.0.0.0";
}

// ---- messages -----------------------------------------------------------------------------------

constexpr std::string_view kReasonUnschedulable = "node(s) were unschedulable";
constexpr std::string_view kReasonNodeName = "node(s) didn't match the requested node name";
constexpr std::string_view kReasonAffinity = "node(s) didn't match Pod's node affinity/selector";
constexpr std::string_view kReasonPreFilter = "node(s) didn't satisfy plugin(s) [NodeAffinity]";
constexpr std::string_view kReasonPorts = "node(s) didn't have free ports for the requested pod ports";
constexpr std::string_view kReasonTooManyPods = "Too many pods";
constexpr std::string_view kPreFilterConflict = "pod affinity terms conflict";

std::string taint_reason(const json& taint, const Wording& w) {
  if (!w.taint_named) return "node(s) had untolerated taint(s)";
  return fmt::format("node(s) had untolerated taint {{{}: {}}}", str(taint, "key"), str(taint, "value"));
}

std::string histogram(const std::map<std::string, int>& counts) {
  std::vector<std::string> parts;
  for (const auto& [reason, n] : counts) parts.push_back(fmt::format("{} {}", n, reason));
  std::sort(parts.begin(), parts.end());  // sort.Strings over "<count> <reason>"
  std::string out;
  for (const auto& p : parts) out += (out.empty() ? "" : ", ") + p;
  return out;
}

// The numbers of one resource line.
Msg resource_detail(const ResourceFit& r) {
  const std::string id = r.resource == kPods ? "why.detail.pods" : "why.detail.resource";
  return msg(id, {{"resource", r.resource},
                  {"allocatable", show_quantity(r.resource, r.allocatable)},
                  {"requested", show_quantity(r.resource, r.requested)},
                  {"request", show_quantity(r.resource, r.request)},
                  {"free", show_quantity(r.resource, std::max(0LL, r.free()))},
                  {"short", show_quantity(r.resource, std::max(0LL, r.shortfall()))}});
}

json suggested_toleration(const json& taint) {
  json t = json::object();
  t["key"] = str(taint, "key");
  if (str(taint, "value").empty()) {
    t["operator"] = "Exists";
  } else {
    t["operator"] = "Equal";
    t["value"] = str(taint, "value");
  }
  t["effect"] = str(taint, "effect");
  return t;
}

}  // namespace

std::string to_string(Gate gate) {
  switch (gate) {
    case Gate::kNone: return "";
    case Gate::kNodeAffinityFilter: return "NodeAffinity";
    case Gate::kNodeUnschedulable: return "NodeUnschedulable";
    case Gate::kNodeName: return "NodeName";
    case Gate::kTaintToleration: return "TaintToleration";
    case Gate::kNodeAffinity: return "NodeAffinity";
    case Gate::kNodePorts: return "NodePorts";
    case Gate::kNodeResourcesFit: return "NodeResourcesFit";
  }
  return "";
}

Wording wording_for(std::string_view v) {
  Wording w;
  if (!v.empty() && v[0] == 'v') v.remove_prefix(1);
  int nums[3] = {0, 0, 0};
  int k = 0;
  std::size_t i = 0;
  bool any = false;
  while (i < v.size() && k < 3) {
    if (v[i] >= '0' && v[i] <= '9') {
      nums[k] = nums[k] * 10 + (v[i] - '0');
      any = true;
      ++i;
      if (nums[k] > 100000) return w;
    } else if (v[i] == '.') {
      ++k;
      ++i;
    } else {
      break;
    }
  }
  if (!any || nums[0] != 1) return Wording{false, false, true, true};
  const int minor = nums[1];
  const int patch = nums[2];
  // Taint named from 1.24 until PR #134740 (1.35; cherry-picked to release-1.34 in Nov 2025,
  // first in 1.34.3 by the release calendar: derived, not measured). ≤1.23 used another form,
  // "node(s) had taint {k: v}, that the pod didn't tolerate"; it is a taint reason too.
  w.taint_named = minor < 34 || (minor == 34 && patch < 3);
  // DRA went GA (on by default) in 1.34; measured: v1.34.0 has the tail, v1.37.2 has none.
  w.dra_tail = minor >= 34 && minor <= 36;
  // PR #131345: measured in v1.34.0, absent from v1.33.13.
  w.too_big_unresolvable = minor >= 34;
  w.prefilter_tail_not_found = minor >= 34;
  return w;
}

std::optional<long long> quantity(std::string_view resource, const json& value) {
  const int scale = is_cpu(resource) ? 1000 : 1;
  if (value.is_string()) return k8s::scaled_value(value.get_ref<const std::string&>(), scale);
  if (value.is_number_integer()) {
    const long long n = value.get<long long>();
    if (n > 9'000'000'000'000'000LL / scale || n < 0) return std::nullopt;
    return n * scale;
  }
  return std::nullopt;
}

std::string show_quantity(std::string_view resource, long long amount) {
  if (is_cpu(resource)) {
    if (amount % 1000 == 0) return std::to_string(amount / 1000);
    return std::to_string(amount) + "m";
  }
  if (resource == kMemory || resource == kEphemeral || resource.rfind("hugepages-", 0) == 0) {
    static const std::pair<const char*, int> kBin[] = {{"Ei", 60}, {"Pi", 50}, {"Ti", 40},
                                                       {"Gi", 30}, {"Mi", 20}, {"Ki", 10}};
    if (amount == 0) return "0";
    for (const auto& [suffix, shift] : kBin) {
      const long long unit = 1LL << shift;
      if (amount % unit == 0 && amount / unit != 0) return std::to_string(amount / unit) + suffix;
    }
  }
  return std::to_string(amount);
}

std::map<std::string, long long> pod_requests(const json& pod) {
  const json& spec = field(pod, "spec");
  Amounts reqs;
  for (const json* c : array_of(field(spec, "containers"))) add(reqs, container_requests(*c));
  Amounts restartable;
  Amounts init_max;
  for (const json* c : array_of(field(spec, "initContainers"))) {
    Amounts creq = container_requests(*c);
    if (str(*c, "restartPolicy") == "Always") {
      // A sidecar runs for the pod's whole life: it adds to the app containers, and every init
      // container after it runs beside it.
      add(reqs, creq);
      add(restartable, creq);
      creq = restartable;
    } else {
      add(creq, restartable);
    }
    max_into(init_max, creq);
  }
  max_into(reqs, init_max);
  // Pod-level resources (PodLevelResources, beta and on from 1.34; the apiserver drops the field
  // where the gate is off): they replace the containers' sum for cpu and memory.
  const json& plr = path(spec, {"resources", "requests"});
  const json& pll = path(spec, {"resources", "limits"});
  for (const auto r : {kCpu, kMemory}) {
    const std::string key(r);
    if (plr.is_object() && plr.contains(key)) {
      if (auto q = quantity(r, plr[key])) reqs[key] = *q;
    } else if (pll.is_object() && pll.contains(key)) {
      if (auto q = quantity(r, pll[key])) reqs[key] = *q;
    }
  }
  const json& overhead = field(spec, "overhead");
  if (overhead.is_object()) {
    for (const auto& [k, v] : overhead.items()) {
      if (auto q = quantity(k, v)) reqs[k] += *q;
    }
  }
  for (auto it = reqs.begin(); it != reqs.end();) {
    it = it->second == 0 ? reqs.erase(it) : std::next(it);
  }
  return reqs;
}

int Verdict::fitting_nodes() const {
  return static_cast<int>(
      std::count_if(nodes.begin(), nodes.end(), [](const NodeVerdict& n) { return n.gate == Gate::kNone; }));
}

Outcome Verdict::outcome() const {
  if (!node_name.empty()) return node_exists ? Outcome::kBound : Outcome::kNodeMissing;
  if (!unmodelled_reasons.empty()) return Outcome::kNotExplained;
  // The gates let the pod through somewhere, yet the scheduler said no, or a plugin the model
  // does not have will still judge it: a binding would be a guess.
  if (fitting_nodes() > 0 && (!scheduler_message.empty() || !not_modelled.empty())) return Outcome::kNotExplained;
  return Outcome::kExplained;
}

std::vector<Gate> modelled_gates() {
  return {Gate::kNodeUnschedulable, Gate::kNodeName,  Gate::kTaintToleration,
          Gate::kNodeAffinity,      Gate::kNodePorts, Gate::kNodeResourcesFit};
}

std::string to_string(Outcome o) {
  switch (o) {
    case Outcome::kExplained: return "explained";
    case Outcome::kBound: return "bound";
    case Outcome::kNodeMissing: return "node-missing";
    case Outcome::kNotExplained: return "not-explained";
  }
  return "";
}

namespace {

struct NodeState {
  Amounts requested;
  int pods = 0;
  std::vector<std::pair<HostPort, std::string>> ports;
};

bool terminated(const json& pod) {
  const std::string phase = str(field(pod, "status"), "phase");
  return phase == "Succeeded" || phase == "Failed";
}

std::string pod_key(const json& pod) {
  return str(field(pod, "metadata"), "namespace") + "/" + str(field(pod, "metadata"), "name");
}

// Each plugin's Filter: true when it rejects the pod on the node (the verdict then says why).
struct Input {
  const json& pod;
  const json& node;
  const NodeState& st;
  const Amounts& request;
  const std::vector<HostPort>& want_ports;
  const Wording& wording;
};

void reject(NodeVerdict& v, Gate gate, std::string reason, bool unresolvable) {
  v.gate = gate;
  v.reasons.push_back(std::move(reason));
  v.unresolvable = unresolvable;
}

bool node_unschedulable(const Input& in, NodeVerdict& v) {
  const json& unsched = path(in.node, {"spec", "unschedulable"});
  if (!unsched.is_boolean() || !unsched.get<bool>()) return false;
  const json t = {{"key", "node.kubernetes.io/unschedulable"}, {"effect", "NoSchedule"}};
  if (k8s::tolerated(in.pod, t)) return false;
  reject(v, Gate::kNodeUnschedulable, std::string(kReasonUnschedulable), true);
  v.details.push_back(msg("why.detail.unschedulable", {{"node", v.node}}));
  v.fix = msg("why.fix.unschedulable", {{"node", v.node}});
  return true;
}

bool node_name(const Input& in, NodeVerdict& v) {
  const std::string want = str(field(in.pod, "spec"), "nodeName");
  if (want.empty() || want == v.node) return false;
  reject(v, Gate::kNodeName, std::string(kReasonNodeName), true);
  v.mismatches.push_back(want);
  v.details.push_back(msg("why.detail.node-name", {{"node", v.node}, {"want", want}}));
  v.fix = msg("why.fix.node-name", {{"want", want}});
  return true;
}

// The first NoSchedule/NoExecute taint not tolerated (FindMatchingUntoleratedTaint).
bool taint_toleration(const Input& in, NodeVerdict& v) {
  for (const json* t : array_of(path(in.node, {"spec", "taints"}))) {
    const std::string effect = str(*t, "effect");
    if (effect != "NoSchedule" && effect != "NoExecute") continue;
    if (k8s::tolerated(in.pod, *t)) continue;
    reject(v, Gate::kTaintToleration, taint_reason(*t, in.wording), true);
    v.taint = *t;
    v.toleration = suggested_toleration(*t);
    v.details.push_back(msg("why.detail.taint", {{"taint", taint_text(*t)}}));
    v.fix =
        msg("why.fix.taint",
            {{"toleration", v.toleration.dump()}, {"node", v.node}, {"untaint", str(*t, "key") + ":" + effect + "-"}});
    return true;
  }
  return false;
}

// spec.nodeSelector: every pair must match.
void selector_mismatches(const Input& in, NodeVerdict& v) {
  const json& sel = path(in.pod, {"spec", "nodeSelector"});
  if (!sel.is_object()) return;
  for (const auto& [k, val] : sel.items()) {
    const std::string wanted = val.is_string() ? val.get<std::string>() : val.dump();
    const auto have = label_of(in.node, k);
    if (have && *have == wanted) continue;
    v.mismatches.push_back(fmt::format("nodeSelector {}={}: node has {}", k, wanted, have_text(k, have)));
    v.details.push_back(have ? msg("why.detail.selector", {{"key", k}, {"want", wanted}, {"have", *have}})
                             : msg("why.detail.selector-missing", {{"key", k}, {"want", wanted}}));
    if (v.fix.id.empty()) v.fix = msg("why.fix.selector", {{"node", v.node}, {"key", k}, {"value", wanted}});
  }
}

// Required node affinity: one term must match; when none does, each term's first failure.
void affinity_mismatches(const Input& in, NodeVerdict& v) {
  const auto terms = array_of(required_terms(in.pod));
  if (terms.empty()) return;
  std::vector<std::string> failures;
  for (const json* t : terms) {
    auto f = term_failure(*t, in.node);
    if (!f) return;
    failures.push_back(*f);
  }
  for (std::size_t i = 0; i < failures.size(); ++i) {
    v.mismatches.push_back(fmt::format("term {}: {}", i + 1, failures[i]));
    v.details.push_back(msg("why.detail.affinity", {{"term", std::to_string(i + 1)}, {"failure", failures[i]}}));
  }
  v.fix = msg("why.fix.affinity", {{"node", v.node}});
}

bool node_affinity(const Input& in, NodeVerdict& v) {
  selector_mismatches(in, v);
  if (v.mismatches.empty()) affinity_mismatches(in, v);
  if (v.mismatches.empty()) return false;
  reject(v, Gate::kNodeAffinity, std::string(kReasonAffinity), true);
  return true;
}

bool node_ports(const Input& in, NodeVerdict& v) {
  for (const auto& hp : in.want_ports) {
    for (const auto& [used, holder] : in.st.ports) {
      if (ports_conflict(hp, used)) v.ports.push_back({hp.port, hp.protocol, hp.ip, holder});
    }
  }
  if (v.ports.empty()) return false;
  reject(v, Gate::kNodePorts, std::string(kReasonPorts), false);
  for (const auto& p : v.ports) {
    v.details.push_back(
        msg("why.detail.port", {{"port", std::to_string(p.port)}, {"protocol", p.protocol}, {"pod", p.holder}}));
  }
  v.fix = msg("why.fix.port", {{"port", std::to_string(v.ports.front().port)}});
  return true;
}

// fit.go fitsRequest: the pod count first, then cpu, memory, ephemeral-storage, then every other
// requested resource. Every shortfall is a reason of its own; the node is "not helpful" to
// preempt on when a request exceeds its whole allocatable (from 1.34).
bool node_resources_fit(const Input& in, NodeVerdict& v) {
  const json& alloc = path(in.node, {"status", "allocatable"});
  auto allocatable = [&alloc](const std::string& r) -> long long {
    const json& q = field(alloc, r);
    return q.is_null() ? 0 : quantity(r, q).value_or(0);
  };
  const ResourceFit pods{std::string(kPods), allocatable(std::string(kPods)), in.st.pods, 1};
  v.resources.push_back(pods);
  if (pods.shortfall() > 0) {
    v.reasons.emplace_back(kReasonTooManyPods);
    v.details.push_back(resource_detail(pods));
  }
  std::vector<std::string> order;
  for (const auto r : {kCpu, kMemory, kEphemeral}) {
    if (in.request.count(std::string(r)) != 0) order.emplace_back(r);
  }
  for (const auto& [r, q] : in.request) {
    if (r != kCpu && r != kMemory && r != kEphemeral && r != kPods) order.push_back(r);
  }
  bool too_big = false;
  for (const auto& r : order) {
    const auto rit = in.st.requested.find(r);
    const ResourceFit f{r, allocatable(r), rit == in.st.requested.end() ? 0 : rit->second, in.request.at(r)};
    v.resources.push_back(f);
    if (f.shortfall() <= 0) continue;
    v.reasons.push_back("Insufficient " + r);
    v.details.push_back(resource_detail(f));
    too_big = too_big || f.too_big();
  }
  if (v.reasons.empty()) return false;
  v.gate = Gate::kNodeResourcesFit;
  v.unresolvable = in.wording.too_big_unresolvable && too_big;
  v.fix = too_big ? msg("why.fix.resource.too-big", {{"node", v.node}}) : msg("why.fix.resource", {{"node", v.node}});
  return true;
}

NodeVerdict evaluate(const Input& in, const PreFilter& pre) {
  NodeVerdict v;
  v.node = str(field(in.node, "metadata"), "name");
  if (pre.restricted && pre.names.count(v.node) == 0) {
    reject(v, Gate::kNodeAffinityFilter, std::string(kReasonPreFilter), true);
    v.details.push_back(msg("why.detail.prefilter", {{"node", v.node}}));
    v.fix = msg("why.fix.prefilter", {{"node", v.node}});
    return v;
  }
  // The default profile's filter order; the first that rejects decides.
  for (const auto filter :
       {node_unschedulable, node_name, taint_toleration, node_affinity, node_ports, node_resources_fit}) {
    if (filter(in, v)) return v;
  }
  return v;
}

}  // namespace

namespace {

// What this model leaves to plugins it does not have.
std::vector<NotModelled> unmodelled(const json& spec) {
  std::vector<NotModelled> out;
  if (!array_of(field(spec, "topologySpreadConstraints")).empty()) {
    out.push_back({"PodTopologySpread (spec.topologySpreadConstraints)"});
  }
  const json& aff = field(spec, "affinity");
  if (!field(aff, "podAffinity").is_null()) out.push_back({"InterPodAffinity (spec.affinity.podAffinity)"});
  if (!field(aff, "podAntiAffinity").is_null()) out.push_back({"InterPodAffinity (spec.affinity.podAntiAffinity)"});
  for (const json* vol : array_of(field(spec, "volumes"))) {
    if (!field(*vol, "persistentVolumeClaim").is_null() || !field(*vol, "ephemeral").is_null()) {
      out.push_back({"VolumeBinding, VolumeZone, NodeVolumeLimits (persistent volumes)"});
      break;
    }
  }
  if (!array_of(field(spec, "resourceClaims")).empty()) out.push_back({"DynamicResources (spec.resourceClaims)"});
  return out;
}

// The scheduler's NodeInfo of every node: the pods bound there (not Succeeded/Failed; the pod
// itself left out), what they request and the host ports they hold.
std::map<std::string, NodeState> node_states(const json& pod, const std::vector<json>& nodes,
                                             const std::vector<json>& pods) {
  const std::string self = pod_key(pod);
  std::map<std::string, NodeState> state;
  for (const json& n : nodes) state[str(field(n, "metadata"), "name")];
  for (const json& p : pods) {
    const std::string on = str(field(p, "spec"), "nodeName");
    auto it = state.find(on);
    if (on.empty() || it == state.end() || terminated(p) || pod_key(p) == self) continue;
    NodeState& st = it->second;
    ++st.pods;
    add(st.requested, pod_requests(p));
    for (auto& hp : host_ports(p)) st.ports.emplace_back(std::move(hp), pod_key(p));
  }
  return state;
}

void refuse_all(Verdict& out, const std::vector<json>& nodes, const Wording& w) {
  out.prefilter_failure = std::string(kPreFilterConflict);
  for (const json& n : nodes) {
    NodeVerdict v;
    v.node = str(field(n, "metadata"), "name");
    v.gate = Gate::kNodeAffinityFilter;
    v.unresolvable = true;
    v.details.push_back(msg("why.detail.conflict"));
    v.fix = msg("why.fix.conflict");
    out.nodes.push_back(std::move(v));
  }
  out.summary = fmt::format("0/{} nodes are available: {}.", out.total_nodes, kPreFilterConflict);
  out.summary +=
      w.prefilter_tail_not_found
          ? std::string(" not found")
          : fmt::format(" preemption: 0/{0} nodes are available: {0} Preemption is not helpful for scheduling.",
                        out.total_nodes);
}

}  // namespace

Verdict explain(const json& pod, const std::vector<json>& nodes, const std::vector<json>& pods,
                const Wording& wording) {
  Verdict out;
  const json& md = field(pod, "metadata");
  const json& spec = field(pod, "spec");
  out.namespace_ = str(md, "namespace");
  out.pod = str(md, "name");
  out.node_name = str(spec, "nodeName");
  out.phase = str(field(pod, "status"), "phase");
  out.scheduler = str(spec, "schedulerName");
  out.gated = !array_of(field(spec, "schedulingGates")).empty();
  out.total_nodes = static_cast<int>(nodes.size());
  out.request = pod_requests(pod);
  out.not_modelled = unmodelled(spec);
  out.node_exists = std::any_of(nodes.begin(), nodes.end(),
                                [&out](const json& n) { return str(field(n, "metadata"), "name") == out.node_name; });
  const PreFilter pre = node_affinity_prefilter(pod);
  if (pre.conflict) {
    refuse_all(out, nodes, wording);
  } else {
    auto state = node_states(pod, nodes, pods);
    const auto want_ports = host_ports(pod);
    for (const json& n : nodes) {
      const Input in{pod, n, state[str(field(n, "metadata"), "name")], out.request, want_ports, wording};
      out.nodes.push_back(evaluate(in, pre));
    }
    if (out.fitting_nodes() == 0) out.summary = summary_line(out.nodes, out.total_nodes, wording);
  }
  // A pod with a node is past the scheduler: there is no FitError line to write for it.
  if (!out.node_name.empty()) out.summary.clear();
  return out;
}

std::string summary_line(const std::vector<NodeVerdict>& nodes, int total_nodes, const Wording& wording) {
  std::map<std::string, int> reasons;
  std::map<std::string, int> preemption;
  for (const auto& n : nodes) {
    for (const auto& r : n.reasons) ++reasons[r];
    ++preemption[n.unresolvable ? "Preemption is not helpful for scheduling"
                                : "No preemption victims found for incoming pod"];
  }
  std::string line = fmt::format("0/{} nodes are available", total_nodes);
  if (!reasons.empty()) line += ": " + histogram(reasons);
  line += ".";
  line += wording.dra_tail ? " no new claims to deallocate, preemption: " : " preemption: ";
  line += fmt::format("0/{} nodes are available", total_nodes);
  if (!preemption.empty()) line += ": " + histogram(preemption);
  line += ".";
  return line;
}

namespace {

// The scheduler's last verdict on the pod: its PodScheduled=False message, else the newest
// FailedScheduling event about it.
void read_scheduler_message(Verdict& v, const json& pod, const std::vector<json>& events) {
  for (const json* c : array_of(path(pod, {"status", "conditions"}))) {
    if (str(*c, "type") == "PodScheduled" && str(*c, "status") == "False" && !str(*c, "message").empty()) {
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
  static constexpr std::string_view kKnown[] = {kReasonUnschedulable, kReasonNodeName, kReasonAffinity,
                                                kReasonPreFilter,     kReasonPorts,    kReasonTooManyPods,
                                                kPreFilterConflict};
  if (messages::classify_reason(text).kind != messages::ReasonKind::kOther) return true;
  return std::find(std::begin(kKnown), std::end(kKnown), text) != std::end(kKnown);
}

// The unmodelled plugins run after the six modelled ones (default_plugins.go), so the nodes the
// model lets through are exactly the ones they rejected: when the counts add up to those nodes,
// each of them carries the reason (or one of the reasons).
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
    v.agrees = mine && messages::same_reasons(*mine, *parsed);
  }
  // The model's FitError line would be a guess at what another plugin wrote.
  if (v.outcome() == Outcome::kNotExplained) v.summary.clear();
}

namespace {

json node_json(const NodeVerdict& n, i18n::Lang l) {
  json j = json::object();
  j["name"] = n.node;
  j["gate"] = n.gate == Gate::kNone ? json(nullptr) : json(to_string(n.gate));
  j["stage"] =
      n.gate == Gate::kNone ? json(nullptr) : json(n.gate == Gate::kNodeAffinityFilter ? "PreFilter" : "Filter");
  j["fits"] = n.gate == Gate::kNone;
  j["reasons"] = n.reasons;
  j["preemption"] = n.gate == Gate::kNone ? json(nullptr) : json(n.unresolvable ? "not-helpful" : "no-victims");
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
  out["lang"] = i18n::to_string(l);
  json req = json::object();
  for (const auto& [r, q] : v.request) req[r] = show_quantity(r, q);
  out["request"] = req;
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
  json gates = json::array();
  for (const Gate g : modelled_gates()) gates.push_back(to_string(g));
  out["checked_gates"] = gates;
  return out;
}

}  // namespace gpuwhy::why
