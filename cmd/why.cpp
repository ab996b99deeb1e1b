// `gpuwhy why POD [-n NAMESPACE] | --all`: read the pod, the nodes (paged), the pods bound to
// nodes (paged) and the pod's events, then run the pure scheduler-filter model of lib/why.cpp.
// Read-only: GETs only.
#include "why.h"

#include <algorithm>
#include <array>
#include <memory>

#include <fmt/format.h>

#include "common.h"
#include "completion.h"
#include "gpuwhy/base/error.h"
#include "gpuwhy/base/text.h"
#include "gpuwhy/k8s/requests.h"
#include "gpuwhy/kube/kube.h"
#include "gpuwhy/kube/paging.h"

namespace gpuwhy::cli {

namespace {

using nlohmann::json;

struct WhyOptions {
  std::string pod;
  std::string ns;  ///< -n; else the kubeconfig context's namespace, else "default" (as kubectl)
  bool all = false;
  std::string format = "table";
  std::string lang;
  ConnectionFlags conn;
};

std::string escape(std::string_view v) {
  return kube::query_escape(v);
}

kube::Client connect(const ConnectionFlags& flags) {
  LiveConnection c = connect_live(flags);
  if (!c.cfg) throw Error(c.why.kind, c.why.message);
  return kube::Client(std::move(*c.cfg), c.opts);
}

// "pod/NAME" or "NAME" (kubectl's forms); a DNS-1123 subdomain.
std::string pod_name(const std::string& arg, i18n::Lang lang) {
  std::string name = arg;
  for (const char* prefix : {"pod/", "pods/", "po/"}) {
    if (name.rfind(prefix, 0) == 0) name = name.substr(std::string_view(prefix).size());
  }
  const bool ok = !name.empty() && name.size() <= 253 && std::all_of(name.begin(), name.end(), [](char c) {
    return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-' || c == '.';
  });
  if (!ok) throw Error(ErrorKind::kUsage, i18n::render(msg("cli.error.why-bad-pod", {{"pod", arg}}), lang));
  return name;
}

std::string pad(const std::string& s, std::size_t width) {
  const std::size_t w = text::display_width(s);
  return w >= width ? s : s + std::string(width - w, ' ');
}

std::string request_text(const why::Verdict& v, i18n::Lang lang) {
  if (v.request.empty()) return i18n::text("why.ui.no-request", lang);
  std::string out;
  for (const auto& [r, q] : v.request) out += (out.empty() ? "" : ", ") + r + " " + k8s::show_quantity(r, q);
  return out;
}

std::string server_version_of(kube::Client& client) {
  try {
    const json v = client.get_json("/version");
    if (v.is_object() && v.contains("gitVersion") && v["gitVersion"].is_string()) return v["gitVersion"];
  } catch (const Error&) {
    // The wording then defaults to the newest; the verdicts do not depend on it.
  }
  return "";
}

// The model's verdict on each target pod, from one read of the nodes, the bound pods and events.
std::vector<why::Verdict> explain_all(kube::Client& client, const std::vector<json>& targets,
                                      const std::string& ns_path, const std::string& name,
                                      const std::string& server_version) {
  std::vector<why::Verdict> verdicts;
  if (targets.empty()) return verdicts;
  const std::vector<json> nodes = kube::list_all(client, "/api/v1/nodes", true);
  // Bound pods that still hold resources (the scheduler's cache leaves out Succeeded and Failed).
  const std::vector<json> bound = kube::list_all(
      client, "/api/v1/pods?fieldSelector=" + escape("spec.nodeName!=,status.phase!=Succeeded,status.phase!=Failed"),
      true);
  std::string selector = "involvedObject.kind=Pod,reason=FailedScheduling";
  if (!name.empty()) selector += ",involvedObject.name=" + name;
  std::vector<json> events;
  try {
    events = kube::list_all(client, ns_path + "/events?fieldSelector=" + escape(selector), true);
  } catch (const kube::HttpError&) {
    // Events are the second source of the scheduler's verdict (the condition is the first).
  }
  const why::Wording wording = why::wording_for(server_version);
  for (const json& pod : targets) {
    why::Verdict v = why::explain(pod, nodes, bound, wording);
    why::add_scheduler_view(v, pod, events);
    verdicts.push_back(std::move(v));
  }
  return verdicts;
}

int run_why(const WhyOptions& o, i18n::Lang lang) {
  if (o.all == !o.pod.empty()) throw Error(ErrorKind::kUsage, i18n::text("cli.error.why-pod-or-all", lang));
  if (o.format != "table" && o.format != "json") {
    throw Error(ErrorKind::kUsage,
                with_suggestion(i18n::render(msg("cli.error.unknown-format", {{"format", o.format}}), lang), o.format,
                                {"table", "json"}, lang));
  }
  const std::string name = o.all ? std::string() : pod_name(o.pod, lang);
  kube::Client client = connect(o.conn);
  const std::string ns = !o.ns.empty()                         ? o.ns
                         : !client.config().namespace_.empty() ? client.config().namespace_
                                                               : std::string("default");
  const std::string server_version = server_version_of(client);
  const std::string ns_path = "/api/v1/namespaces/" + escape(ns);
  std::vector<json> targets;
  if (o.all) {
    targets = kube::list_all(client, ns_path + "/pods?fieldSelector=" + escape("status.phase=Pending"), false);
  } else {
    try {
      targets.push_back(client.get_json(ns_path + "/pods/" + escape(name)));
    } catch (const kube::HttpError& e) {
      if (e.http_status() != 404) throw;
      print_error(i18n::render(msg("cli.error.why-no-pod", {{"namespace", ns}, {"pod", name}}), lang));
      return kExitFail;
    }
  }
  const std::vector<why::Verdict> verdicts = explain_all(client, targets, ns_path, name, server_version);
  if (o.format == "json") {
    fmt::print("{}\n", why_report(verdicts, server_version, lang).dump(2, ' ', false, json::error_handler_t::replace));
    return why_exit_code(verdicts);
  }
  if (verdicts.empty()) {
    fmt::print("{}\n", text::sanitize_terminal(i18n::render(msg("why.ui.no-pending", {{"namespace", ns}}), lang)));
  }
  for (std::size_t i = 0; i < verdicts.size(); ++i) {
    if (i > 0) fmt::print("\n");
    fmt::print("{}", render_why_table(verdicts[i], lang));
  }
  return why_exit_code(verdicts);
}

std::string sanitized(const std::string& t) {
  return text::sanitize_terminal(t);
}

// The scheduler's own message and whether it says what the model says.
std::string scheduler_lines(const why::Verdict& v, i18n::Lang lang) {
  std::string out;
  if (!v.scheduler_message.empty()) {
    out += sanitized(i18n::render(
               msg("why.ui.scheduler", {{"source", v.scheduler_message_source}, {"message", v.scheduler_message}}),
               lang)) +
           "\n";
  }
  if (v.agrees) out += i18n::text(*v.agrees ? "why.ui.agrees" : "why.ui.disagrees", lang) + "\n";
  return out;
}

// The WHY of a node that passes every modelled gate of a verdict the scheduler refused: its
// unmodelled reason quoted whole when the message's counts tell it, else only that it passed.
std::string passed_gates_reason(const why::NodeVerdict& n, i18n::Lang lang) {
  if (n.scheduler_reasons.empty()) return i18n::text("why.ui.gate.passes", lang);
  if (n.scheduler_reasons.size() == 1) return n.scheduler_reasons.front();
  std::string all;
  for (const auto& x : n.scheduler_reasons) all += (all.empty() ? "" : " | ") + x;
  return i18n::render(msg("why.ui.one-of", {{"reasons", all}}), lang);
}

// One row per node (NODE, GATE, WHY), its numbers and its fix below it.
std::string node_rows(const why::Verdict& v, i18n::Lang lang) {
  const auto r = [lang](const Msg& m) { return i18n::render(m, lang); };
  std::vector<std::array<std::string, 3>> rows;
  rows.push_back({r(msg("why.ui.col.node")), r(msg("why.ui.col.gate")), r(msg("why.ui.col.why"))});
  const bool unexplained = v.outcome() == why::Outcome::kNotExplained;
  for (const auto& n : v.nodes) {
    std::string reasons;
    for (const auto& x : n.reasons) reasons += (reasons.empty() ? "" : ", ") + x;
    std::string gate = n.gate == why::Gate::kNone ? r(msg("why.ui.fits")) : why::to_string(n.gate);
    if (unexplained && n.gate == why::Gate::kNone) {
      gate = r(msg("why.ui.gate.not-modelled"));
      reasons = passed_gates_reason(n, lang);
    }
    rows.push_back({sanitized(n.node), gate, sanitized(reasons)});
  }
  std::size_t w0 = 0;
  std::size_t w1 = 0;
  for (const auto& row : rows) {
    w0 = std::max(w0, text::display_width(row[0]));
    w1 = std::max(w1, text::display_width(row[1]));
  }
  const std::string indent(w0 + 2 + w1 + 2, ' ');
  std::string out;
  for (std::size_t i = 0; i < rows.size(); ++i) {
    out += pad(rows[i][0], w0) + "  " + pad(rows[i][1], w1) + "  " + rows[i][2] + "\n";
    if (i == 0) continue;
    const auto& n = v.nodes[i - 1];
    for (const auto& d : n.details) out += indent + sanitized(r(d)) + "\n";
    if (!n.fix.id.empty()) out += indent + sanitized(r(msg("why.ui.fix", {{"fix", r(n.fix)}}))) + "\n";
  }
  return out;
}

std::string fitting_names(const why::Verdict& v) {
  std::string names;
  for (const auto& n : v.nodes) {
    if (n.gate == why::Gate::kNone) names += (names.empty() ? "" : ", ") + n.node;
  }
  return names;
}

// What the model's verdict predicts: a binding only when nothing it lacks can still decide; else
// that it is not fully explained, the scheduler's own reasons quoted whole and the gates checked.
std::string outcome_lines(const why::Verdict& v, i18n::Lang lang) {
  const auto r = [lang](const Msg& m) { return sanitized(i18n::render(m, lang)); };
  const std::string count = std::to_string(v.fitting_nodes());
  if (v.outcome() == why::Outcome::kExplained) {
    return v.fitting_nodes() == 0 ? ""
                                  : r(msg("why.ui.fits-on", {{"count", count}, {"nodes", fitting_names(v)}})) + "\n";
  }
  std::string out = r(msg("why.ui.not-explained")) + "\n";
  for (const auto& u : v.unmodelled_reasons) {
    out += "  " +
           (u.count < 0 ? r(msg("why.ui.unmodelled-pod", {{"reason", u.text}}))
                        : r(msg("why.ui.unmodelled-nodes", {{"count", std::to_string(u.count)}, {"reason", u.text}}))) +
           "\n";
  }
  if (v.unmodelled_reasons.empty() && !v.scheduler_message.empty()) out += "  " + r(msg("why.ui.says-no")) + "\n";
  std::string gates;
  for (const auto g : why::modelled_gates()) gates += (gates.empty() ? "" : ", ") + why::to_string(g);
  out += r(v.fitting_nodes() == 0
               ? msg("why.ui.checked-none", {{"gates", gates}})
               : msg("why.ui.checked-fits", {{"gates", gates}, {"count", count}, {"nodes", fitting_names(v)}})) +
         "\n";
  return out;
}

}  // namespace

int why_exit_code(const std::vector<why::Verdict>& verdicts) {
  int rc = kExitPass;
  for (const auto& v : verdicts) {
    switch (v.outcome()) {
      case why::Outcome::kNodeMissing: rc = std::max(rc, kExitFail); break;
      case why::Outcome::kNotExplained: rc = std::max(rc, kExitNotExplained); break;
      case why::Outcome::kExplained:
      case why::Outcome::kBound: break;
    }
  }
  return rc;
}

std::string render_why_table(const why::Verdict& v, i18n::Lang lang) {
  const auto r = [lang](const Msg& m) { return sanitized(i18n::render(m, lang)); };
  std::string out =
      r(msg("why.ui.pod",
            {{"namespace", v.namespace_}, {"pod", v.pod}, {"phase", v.phase}, {"request", request_text(v, lang)}})) +
      "\n";
  if (v.outcome() == why::Outcome::kNodeMissing) {
    return out + r(msg("why.ui.node-missing", {{"node", v.node_name}})) + "\n";
  }
  if (!v.node_name.empty()) return out + r(msg("why.ui.bound", {{"node", v.node_name}})) + "\n";
  if (v.gated) out += r(msg("why.ui.gated")) + "\n";
  if (!v.scheduler.empty() && v.scheduler != "default-scheduler") {
    out += r(msg("why.ui.other-scheduler", {{"name", v.scheduler}})) + "\n";
  }
  if (!v.prefilter_failure.empty()) {
    // One refusal for the whole pod: no node was tried, so no node has a row.
    out += r(msg("why.ui.prefilter", {{"reason", v.prefilter_failure}})) + "\n";
    if (!v.nodes.empty()) {
      for (const auto& d : v.nodes.front().details) out += "  " + r(d) + "\n";
      out += "  " + r(msg("why.ui.fix", {{"fix", i18n::render(v.nodes.front().fix, lang)}})) + "\n";
    }
  } else {
    out += node_rows(v, lang);
  }
  if (!v.summary.empty()) out += r(msg("why.ui.summary", {{"summary", v.summary}})) + "\n";
  out += scheduler_lines(v, lang);  // "... differ from gpuwhy's (see below)": the outcome follows
  out += outcome_lines(v, lang);
  for (const auto& nm : v.not_modelled) out += r(msg("why.ui.not-modelled", {{"what", nm.what}})) + "\n";
  return out;
}

json why_report(const std::vector<why::Verdict>& verdicts, const std::string& server_version, i18n::Lang lang) {
  json out = json::object();
  out["schema_version"] = 1;
  out["kind"] = "gpuwhy-why";
  out["gpuwhy_version"] = GPUWHY_VERSION;
  out["server_version"] = server_version;
  out["lang"] = i18n::to_string(lang);
  json pods = json::array();
  for (const auto& v : verdicts) pods.push_back(why::to_json(v, i18n::to_string(lang)));
  out["pods"] = pods;
  return out;
}

void setup_why(CLI::App& app, int& exit_code, i18n::Lang lang) {
  const auto t = [lang](const char* id) { return i18n::text(id, lang); };
  auto opts = std::make_shared<WhyOptions>();
  CLI::App* sub = app.add_subcommand("why", t("cli.why"));
  sub->add_option("pod", opts->pod, t("cli.opt.why-pod"));
  sub->add_option("--namespace,-n", opts->ns, t("cli.opt.namespace"));
  sub->add_flag("--all", opts->all, t("cli.opt.why-all"));
  sub->add_option("--format", opts->format, t("cli.opt.why-format"))
      ->capture_default_str()
      ->check(choices({"table", "json"}));
  sub->add_option("--lang", opts->lang, t("cli.opt.lang"))->check(choices(lang_names()));
  add_connection_flags(*sub, opts->conn, lang);
  sub->callback([opts, &exit_code]() { exit_code = run_why(*opts, lang_from(opts->lang)); });
}

}  // namespace gpuwhy::cli
