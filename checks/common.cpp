// Helpers shared by the step files (see common.h).
#include "common.h"

#include <algorithm>

#include <fmt/format.h>

#include "gpuwhy/base/error.h"
#include "gpuwhy/base/lab.h"
#include "gpuwhy/base/text.h"
#include "gpuwhy/yaml/yaml.h"

namespace gpuwhy::checks::detail {

Outcome pass(Msg expected, Msg actual, std::vector<Msg> evidence) {
  return Outcome{Status::kPass, std::move(expected), std::move(actual), Msg{}, std::move(evidence)};
}

Outcome fail(Msg expected, Msg actual, Msg hint, std::vector<Msg> evidence) {
  return Outcome{Status::kFail, std::move(expected), std::move(actual), std::move(hint), std::move(evidence)};
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

std::optional<Outcome> need_nodes(const Snapshot& s) {
  if (s.nodes.ok()) return std::nullopt;
  return env_error(s.nodes.error(), "nodes");
}

std::optional<Outcome> need_pods(const Snapshot& s) {
  if (s.pods.ok()) return std::nullopt;
  return env_error(s.pods.error(), "pods");
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

// ---- live objects ------------------------------------------------------------------------

const json& items(const json& list) {
  static const json kEmpty = json::array();
  if (list.is_object() && list.contains("items") && list["items"].is_array()) return list["items"];
  return kEmpty;
}

namespace {
/// An RFC 6901 array index ("0", "12"; no sign, no leading zero), or nullopt.
std::optional<std::size_t> array_index(std::string_view token) {
  if (token.empty() || token.size() > 18 || (token.size() > 1 && token[0] == '0')) return std::nullopt;
  std::size_t n = 0;
  for (char c : token) {
    if (c < '0' || c > '9') return std::nullopt;
    n = n * 10 + static_cast<std::size_t>(c - '0');
  }
  return n;
}

/// An RFC 6901 reference token with ~1 -> '/' and ~0 -> '~' into `out`; false for a bad escape.
bool unescape_token(std::string_view seg, std::string& out) {
  out.clear();
  for (std::size_t k = 0; k < seg.size(); ++k) {
    if (seg[k] != '~') {
      out += seg[k];
    } else if (k + 1 < seg.size() && (seg[k + 1] == '0' || seg[k + 1] == '1')) {
      out += seg[++k] == '0' ? '~' : '/';
    } else {
      return false;
    }
  }
  return true;
}
}  // namespace

// The same answers as json::json_pointer's contains() and at() (nullptr for what they refuse),
// walked in place: parsing the pointer each call was a tenth of the checks' time.
const json* at(const json& obj, const char* pointer) {
  const std::string_view p(pointer);
  if (p.empty()) return &obj;
  if (p.front() != '/') return nullptr;
  const json* cur = &obj;
  std::string token;
  std::size_t i = 1;
  while (true) {
    const std::size_t end = std::min(p.find('/', i), p.size());
    std::string_view seg = p.substr(i, end - i);
    if (seg.find('~') != std::string_view::npos) {  // unescape ~0 and ~1 (else the segment is the key)
      if (!unescape_token(seg, token)) return nullptr;
      seg = token;
    }
    if (cur->is_object()) {
      auto it = cur->find(seg);
      if (it == cur->end()) return nullptr;
      cur = &*it;
    } else if (cur->is_array()) {
      const auto idx = array_index(seg);
      if (!idx || *idx >= cur->size()) return nullptr;
      cur = &(*cur)[*idx];
    } else {
      return nullptr;
    }
    if (end == p.size()) return cur;
    i = end + 1;
  }
}

std::string str_at(const json& obj, const char* pointer) {
  return std::string(view_at(obj, pointer));
}

std::string_view view_at(const json& obj, const char* pointer) {
  const json* v = at(obj, pointer);
  return v != nullptr && v->is_string() ? std::string_view(v->get_ref<const json::string_t&>()) : std::string_view();
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

std::string name_of(const json& obj) {
  return str_at(obj, "/metadata/name");
}

namespace {

/// The first item of `list` named `name`: from the run's index when a RunMemo is held for `s`.
const json* find_named(const Snapshot& s, const json& list, std::optional<RunMemo::ByName> RunMemo::*index,
                       std::string_view name) {
  RunMemo* m = RunMemo::of(s);
  if (m == nullptr) {
    for (const auto& o : items(list)) {
      if (view_at(o, "/metadata/name") == name) return &o;
    }
    return nullptr;
  }
  auto& by_name = m->*index;
  if (!by_name) {
    by_name.emplace();
    for (const auto& o : items(list)) by_name->emplace(view_at(o, "/metadata/name"), &o);
  }
  const auto it = by_name->find(name);
  return it == by_name->end() ? nullptr : it->second;
}

}  // namespace

const json* find_node(const Snapshot& s, std::string_view name) {
  if (!s.nodes.ok()) return nullptr;
  return find_named(s, s.nodes.value(), &RunMemo::nodes_by_name, name);
}

std::vector<const json*> other_nodes(const Snapshot& s) {
  if (!s.nodes.ok()) return {};
  RunMemo* m = RunMemo::of(s);
  if (m != nullptr && m->other_nodes) return *m->other_nodes;
  std::vector<const json*> out;
  for (const auto& n : items(s.nodes.value())) {
    if (view_at(n, "/metadata/name") != lab::kGpuNode) out.push_back(&n);
  }
  if (m != nullptr) m->other_nodes = out;
  return out;
}

const json* find_pod(const Snapshot& s, std::string_view name) {
  if (!s.pods.ok()) return nullptr;
  return find_named(s, s.pods.value(), &RunMemo::pods_by_name, name);
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

namespace {
std::optional<long long> container_gpu(const json& c, const char* which) {
  const json* r = at(c, "/resources");
  if (r == nullptr || !r->is_object() || !r->contains(which) || !(*r)[which].is_object()) return std::nullopt;
  const json& m = (*r)[which];
  const std::string res(lab::kResource);
  if (!m.contains(res)) return std::nullopt;
  return readers::json_quantity_milli(m[res]);
}
}  // namespace

std::optional<long long> gpu_sum(const json& pod, const char* which) {
  std::optional<long long> sum;
  const json* cs = at(pod, "/spec/containers");
  if (cs == nullptr || !cs->is_array()) return sum;
  for (const auto& c : *cs) {
    if (auto v = container_gpu(c, which)) sum = sum.value_or(0) + *v;
  }
  return sum;
}

long long scheduler_gpu_request(const json& pod) {
  // Same rule as the scheduler's resource accounting (k8s.io/component-helpers resource
  // PodRequests): the containers run together, init containers one at a time, and a sidecar
  // (an init container with restartPolicy Always) runs from its start beside everything after
  // it, so it adds to the containers and to each init container after it.
  long long containers = gpu_sum(pod, "requests").value_or(0);
  long long sidecars = 0;
  long long init_max = 0;
  const json* ic = at(pod, "/spec/initContainers");
  if (ic != nullptr && ic->is_array()) {
    for (const auto& c : *ic) {
      const long long own = container_gpu(c, "requests").value_or(0);
      if (view_at(c, "/restartPolicy") == "Always") {
        containers += own;
        sidecars += own;
        init_max = std::max(init_max, sidecars);
      } else {
        init_max = std::max(init_max, own + sidecars);
      }
    }
  }
  return std::max(containers, init_max);
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

bool constrains(const json& pod, const char* field) {
  const json* v = at(pod, (std::string("/spec/") + field).c_str());
  return v != nullptr && !v->is_null() && !(v->is_structured() && v->empty()) &&
         !(v->is_string() && v->get_ref<const std::string&>().empty());
}

const json* condition(const json& pod, std::string_view type) {
  const json* cs = at(pod, "/status/conditions");
  if (cs == nullptr || !cs->is_array()) return nullptr;
  for (const auto& c : *cs) {
    if (view_at(c, "/type") == type) return &c;
  }
  return nullptr;
}

std::vector<json> student_tolerations(const json& pod) {
  std::vector<json> out;
  const json* ts = at(pod, "/spec/tolerations");
  if (ts == nullptr || !ts->is_array()) return out;
  for (const auto& t : *ts) {
    const std::string key = str_at(t, "/key");
    const bool added = std::find(lab::kDefaultTolerationKeys.begin(), lab::kDefaultTolerationKeys.end(), key) !=
                           lab::kDefaultTolerationKeys.end() &&
                       view_at(t, "/effect") == "NoExecute" && view_at(t, "/operator") == "Exists";
    if (!added) out.push_back(t);
  }
  return out;
}

bool targets_lab_taint(const json& tol) {
  return view_at(tol, "/key") == lab::kTaintKey;
}

bool tolerates_everything(const json& tol) {
  return str_at(tol, "/key").empty() && view_at(tol, "/operator") == "Exists";
}

bool tolerates_lab_taint(const json& tol) {
  if (!targets_lab_taint(tol)) return false;
  const std::string op = str_at(tol, "/operator");
  const std::string effect = str_at(tol, "/effect");
  if (!effect.empty() && effect != lab::kTaintEffect) return false;
  if (op == "Exists") return true;
  return (op.empty() || op == "Equal") && view_at(tol, "/value") == lab::kTaintValue;
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

const json* scheduled_event(const Snapshot& s, const json& pod) {
  if (!s.events.ok()) return nullptr;
  const std::string uid = str_at(pod, "/metadata/uid");
  for (const auto& ev : items(s.events.value())) {
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

GpuUse gpu_used_on_lab_node(const Snapshot& s) {
  GpuUse u;
  for (const auto& p : items(s.pods.value())) {
    const std::string phase = str_at(p, "/status/phase");
    if (view_at(p, "/spec/nodeName") != lab::kGpuNode || phase == "Succeeded" || phase == "Failed") continue;
    const long long r = scheduler_gpu_request(p);
    if (r == 0) continue;
    u.milli += r;
    u.pods.emplace_back(name_of(p), r);
  }
  return u;
}

PodOrOutcome need_pod(const Snapshot& s, std::string_view name, const Msg& expected) {
  PodOrOutcome r;
  if (auto e = need_pods(s)) {
    r.outcome = std::move(*e);
    return r;
  }
  r.pod = find_pod(s, name);
  if (r.pod == nullptr) {
    const std::map<std::string, std::string> args{{"pod", std::string(name)},
                                                  {"namespace", std::string(lab::kNamespace)}};
    r.outcome = fail(expected, msg("value.pod-not-found", args), msg("hint.pod-missing", args));
  }
  return r;
}

NodeOrOutcome need_gpu_node(const Snapshot& s, const Msg& expected) {
  NodeOrOutcome r;
  if (auto e = need_nodes(s)) {
    r.outcome = std::move(*e);
    return r;
  }
  r.node = find_node(s, lab::kGpuNode);
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

Outcome retarget_foreign_taint(const Snapshot& s, Outcome o) {
  if (o.status != Status::kFail || !s.nodes.ok()) return o;
  const json* node = find_node(s, lab::kGpuNode);
  if (node == nullptr || !gpu_taints(*node).empty()) return o;
  const auto foreign = foreign_taints(*node);
  if (foreign.empty()) return o;
  o.hint =
      msg("hint.taint.wrong-key",
          {{"node", std::string(lab::kGpuNode)}, {"found", join(foreign)}, {"taint", std::string(lab::kTaintString)}});
  return o;
}

std::vector<const json*> events_for(const Snapshot& s, const json& pod) {
  std::vector<const json*> out;
  if (!s.events.ok()) return out;
  const std::string uid = str_at(pod, "/metadata/uid");
  for (const auto& ev : items(s.events.value())) {
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

// ---- student files -----------------------------------------------------------------------

namespace {
thread_local RunMemo* t_memo = nullptr;  // the innermost RunMemo of this thread
}  // namespace

RunMemo::RunMemo(const Snapshot& s) : snap_(&s), outer_(t_memo) {
  t_memo = this;
}

RunMemo::~RunMemo() {
  t_memo = outer_;
}

RunMemo* RunMemo::of(const Snapshot& s) {
  return t_memo != nullptr && t_memo->snap_ == &s ? t_memo : nullptr;
}

std::optional<messages::SchedulerMessage> scheduler_message(std::string_view text) {
  if (t_memo == nullptr) return messages::parse_scheduler_message(text);
  auto& memo = t_memo->scheduler_messages;
  auto it = memo.find(text);
  if (it == memo.end()) it = memo.emplace(std::string(text), messages::parse_scheduler_message(text)).first;
  return it->second;
}

namespace {

/// decode_file(s.file(rel)), once per run when a RunMemo is held (else into `local`).
const readers::TextFile& decoded(const Snapshot& s, std::string_view rel, readers::TextFile& local) {
  RunMemo* m = RunMemo::of(s);
  if (m == nullptr) {
    local = readers::decode_file(s.file(rel));
    return local;
  }
  auto it = m->decoded.find(rel);
  if (it == m->decoded.end()) it = m->decoded.emplace(std::string(rel), readers::decode_file(s.file(rel))).first;
  return it->second;
}

RunMemo::Yaml parse_yaml(const std::string& text, const std::string& file) {
  RunMemo::Yaml y;
  try {
    y.docs = std::make_shared<const std::vector<json>>(yaml::load_all(text, file));
  } catch (const Error& e) {
    y.error = e.what();
    if (e.id() == "input.syntax") y.at = e.args();
  } catch (const std::exception& e) {
    y.error = e.what();
  }
  return y;
}

/// The YAML documents of the file `rel` whose decoded text is `text`, parsed once per run.
RunMemo::Yaml yaml_of(const Snapshot& s, const std::string& rel, const std::string& text) {
  RunMemo* m = RunMemo::of(s);
  if (m == nullptr) return parse_yaml(text, rel);
  auto it = m->yaml.find(rel);
  if (it == m->yaml.end()) it = m->yaml.emplace(rel, parse_yaml(text, rel)).first;
  return it->second;  // the documents are shared, not copied
}

}  // namespace

FileRead read_text(const Snapshot& s, std::string_view rel, const Msg& expected, bool empty_is_failure) {
  FileRead r;
  const std::string file(rel);
  readers::TextFile local;
  const readers::TextFile& t = decoded(s, rel, local);
  const auto args = [&] { return std::map<std::string, std::string>{{"file", file}, {"reason", t.reason}}; };
  // Each file problem has a value and a hint of the same name in the catalog.
  std::string_view kind;
  switch (t.problem) {
    case readers::FileProblem::kNone: break;
    case readers::FileProblem::kMissing: kind = "missing"; break;
    case readers::FileProblem::kNotRegular: kind = "not-regular"; break;
    case readers::FileProblem::kTooLarge: kind = "too-large"; break;
    case readers::FileProblem::kUnreadable: kind = "unreadable"; break;
    case readers::FileProblem::kHardLink: kind = "hard-link"; break;
    case readers::FileProblem::kNotText: kind = "not-text"; break;
  }
  if (!kind.empty()) {
    r.failure =
        fail(expected, msg(fmt::format("value.file.{}", kind), args()), msg(fmt::format("hint.file.{}", kind), args()));
    return r;
  }
  if (empty_is_failure && text::blank(t.text)) {
    r.failure = fail(expected, msg("value.file.empty", args()), msg("hint.file.empty", args()));
    return r;
  }
  r.text = t.text;
  return r;
}

ManifestRead read_pod_manifest(const Snapshot& s, std::string_view rel, const Msg& expected,
                               std::string_view want_name) {
  ManifestRead r;
  FileRead f = read_text(s, rel, expected);
  if (!f.text) {
    r.failure = std::move(f.failure);
    return r;
  }
  const std::string file(rel);
  RunMemo::Yaml y = yaml_of(s, file, *f.text);
  if (y.error) {
    // Where the parser stopped, in the reader's words; yaml-cpp's own reason only when it gave no place.
    Msg hint = msg("hint.manifest.yaml-error", {{"file", file}, {"reason", *y.error}});
    if (!y.at.empty())
      hint = msg("hint.manifest.yaml-error-at",
                 {{"file", file}, {"line", y.at.at("line")}, {"column", y.at.at("column")}});
    r.failure = fail(expected, msg("value.manifest.not-yaml", {{"file", file}}), std::move(hint));
    return r;
  }
  const auto pick = yaml::find_pod_doc(*y.docs, want_name);
  if (!pick.index) {
    r.failure = fail(expected, msg("value.manifest.kinds", {{"file", file}, {"kinds", join(pick.kinds)}}),
                     msg("hint.manifest.not-single-pod", {{"file", file}}));
    return r;
  }
  r.docs = std::move(y.docs);
  r.pod = &(*r.docs)[*pick.index];
  return r;
}

const readers::GateReport& gate_report(const Snapshot& s, const std::string& text, readers::GateReport& local) {
  RunMemo* m = RunMemo::of(s);
  if (m == nullptr) {
    local = readers::read_gate_report(text);
    return local;
  }
  auto it = m->gate_reports.find(text);
  if (it == m->gate_reports.end()) it = m->gate_reports.emplace(text, readers::read_gate_report(text)).first;
  return it->second;
}

std::vector<Msg> file_evidence(std::string_view rel, const std::string& t, std::size_t max_lines) {
  std::vector<Msg> out;
  std::size_t n = 0;
  for (const auto& l : text::lines(t)) {
    if (text::blank(l)) continue;
    if (n++ == max_lines) {
      out.push_back(raw(fmt::format("{}: …", rel)));
      break;
    }
    out.push_back(raw(fmt::format("{}: {}", rel, text::ellipsize(l, 300))));
  }
  return out;
}

}  // namespace gpuwhy::checks::detail
