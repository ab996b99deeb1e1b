#include "gpuwhy/collect/why_inputs.h"

#include <algorithm>
#include <utility>

#include "gpuwhy/base/error.h"
#include "gpuwhy/kube/paging.h"

namespace gpuwhy {

namespace {

using nlohmann::json;

std::string escape(std::string_view v) {
  return kube::query_escape(v);
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

// The nodes, the bound pods and the events, read once for every target.
void read_cluster(kube::Client& client, kube::ListBudget& budget, WhyInputs& in, const std::string& ns_path,
                  const std::string& name) {
  in.nodes = kube::list_all(client, "/api/v1/nodes", true, budget);
  // Bound pods that still hold resources (the scheduler's cache leaves out Succeeded and Failed).
  in.bound = kube::list_all(
      client, "/api/v1/pods?fieldSelector=" + escape("spec.nodeName!=,status.phase!=Succeeded,status.phase!=Failed"),
      true, budget);
  // Pending pods an earlier preemption nominated to a node: the scheduler counts those of at least a
  // pod's priority on that node as if bound. Not a list gpuwhy needs to say anything: an error
  // leaves them out (the verdict cannot then name them).
  try {
    for (json& p : kube::list_all(client, "/api/v1/pods?fieldSelector=" + escape("spec.nodeName=,status.phase=Pending"),
                                  true, budget)) {
      const json& st = p.value("status", json::object());
      const json& spec = p.value("spec", json::object());
      const bool nominated = st.is_object() && st.contains("nominatedNodeName") &&
                             st["nominatedNodeName"].is_string() && !st["nominatedNodeName"].get<std::string>().empty();
      const bool unbound = !spec.is_object() || !spec.contains("nodeName") || !spec["nodeName"].is_string() ||
                           spec["nodeName"].get<std::string>().empty();
      if (nominated && unbound) in.bound.push_back(std::move(p));
    }
  } catch (const kube::HttpError&) {
    // Without them, a pod nominated elsewhere is not named.
  }
  std::string selector = "involvedObject.kind=Pod,reason=FailedScheduling";
  if (!name.empty()) selector += ",involvedObject.name=" + name;
  try {
    in.events = kube::list_all(client, ns_path + "/events?fieldSelector=" + escape(selector), true, budget);
  } catch (const kube::HttpError&) {
    // Events are the second source of the scheduler's verdict (the condition is the first).
  }
  try {
    in.pdbs = kube::list_all(client, "/apis/policy/v1/poddisruptionbudgets", true, budget);
    in.pdbs_read = true;
  } catch (const kube::HttpError&) {
    // Without them a preemption is not predicted (the verdict names them).
  }
  try {
    in.namespaces = kube::list_all(client, "/api/v1/namespaces", true, budget);
  } catch (const kube::HttpError&) {
    // Without them a namespaceSelector is matched by the name label alone (the verdict names the rest).
  }
}

// The namespaces holding a pod named `name`: where `why NAME` without -n (or with the wrong one)
// was probably meant to look.
std::vector<std::string> namespaces_with(kube::Client& client, const std::string& name, kube::ListBudget& budget) {
  std::vector<std::string> out;
  try {
    for (const json& p :
         kube::list_all(client, "/api/v1/pods?fieldSelector=" + escape("metadata.name=" + name), true, budget)) {
      const json& md = p.value("metadata", json::object());
      if (md.is_object() && md.contains("namespace") && md["namespace"].is_string()) out.push_back(md["namespace"]);
    }
  } catch (const kube::HttpError&) {
    // Listing every namespace's pods may be forbidden: then there is no suggestion.
  }
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
  return out;
}

}  // namespace

WhyInputs read_why_inputs(kube::Client& client, const std::string& ns, const std::string& name) {
  WhyInputs in;
  in.ns = !ns.empty() ? ns : !client.config().namespace_.empty() ? client.config().namespace_ : std::string("default");
  in.server_version = server_version_of(client);
  const std::string ns_path = "/api/v1/namespaces/" + escape(in.ns);
  // Every list read below shares one budget: no answers, however many or fat, hold more.
  kube::ListBudget budget(client.options());
  if (name.empty()) {
    in.targets =
        kube::list_all(client, ns_path + "/pods?fieldSelector=" + escape("status.phase=Pending"), false, budget);
  } else {
    try {
      in.targets.push_back(client.get_json(ns_path + "/pods/" + escape(name)));
    } catch (const kube::HttpError& e) {
      if (e.http_status() != 404) throw;
      in.pod_missing = true;
      in.elsewhere = namespaces_with(client, name, budget);
      return in;
    }
  }
  if (!in.targets.empty()) read_cluster(client, budget, in, ns_path, name);
  return in;
}

}  // namespace gpuwhy
