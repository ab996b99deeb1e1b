// Manifests as kubectl reads them (manifest.h).
#include "gpuwhy/k8s/manifest.h"

#include <algorithm>
#include <utility>

#include <fmt/format.h>

namespace gpuwhy::k8s {

PodIndex find_pod_doc(const std::vector<nlohmann::json>& docs, std::string_view name) {
  PodIndex out;
  std::vector<std::size_t> pods;
  for (std::size_t i = 0; i < docs.size(); ++i) {
    const auto& d = docs[i];
    if (d.is_null()) continue;
    const bool object = d.is_object();
    const auto kind = object ? d.find("kind") : d.end();
    const bool has_kind = object && kind != d.end() && kind->is_string();
    out.kinds.push_back(has_kind ? kind->get<std::string>() : std::string("?"));
    if (has_kind && kind->get<std::string>() == "Pod") pods.push_back(i);
  }
  if (pods.size() > 1 && !name.empty()) {
    std::vector<std::size_t> named;
    for (auto i : pods) {
      const auto* n = docs[i].contains("metadata") && docs[i]["metadata"].is_object() ? &docs[i]["metadata"] : nullptr;
      if (n != nullptr && n->contains("name") && (*n)["name"] == name) named.push_back(i);
    }
    if (named.size() == 1) pods = named;
  }
  if (pods.size() == 1) {
    out.index = pods[0];
    return out;
  }
  out.reason = pods.empty() ? "holds no Pod" : fmt::format("holds {} Pods; expected exactly one", pods.size());
  return out;
}

PodPick pick_pod(std::vector<nlohmann::json> docs, std::string_view name) {
  PodIndex found = find_pod_doc(docs, name);
  PodPick out;
  out.reason = std::move(found.reason);
  out.kinds = std::move(found.kinds);
  if (found.index) out.pod = std::move(docs[*found.index]);
  return out;
}

std::optional<std::string> pod_api_version_problem(const nlohmann::json& pod) {
  const auto v = pod.is_object() ? pod.find("apiVersion") : pod.end();
  if (v == pod.end() || v->is_null()) return std::string();
  if (v->is_string() && v->get_ref<const std::string&>() == "v1") return std::nullopt;
  return v->is_string() ? v->get<std::string>() : v->dump();
}

std::optional<std::string> other_namespace(const nlohmann::json& object, std::string_view ns) {
  const auto meta = object.is_object() ? object.find("metadata") : object.end();
  if (meta == object.end() || !meta->is_object()) return std::nullopt;
  const auto n = meta->find("namespace");
  if (n == meta->end() || n->is_null()) return std::nullopt;
  if (n->is_string() && (n->get_ref<const std::string&>().empty() || n->get_ref<const std::string&>() == ns))
    return std::nullopt;
  return n->is_string() ? n->get<std::string>() : n->dump();
}

namespace {

// A `kind: List` (or `PodList` ...) with its `items`, as `kubectl apply -f` takes it: each item
// is an object of the file, as if it were a document of its own.
std::vector<nlohmann::json> expand_lists(std::vector<nlohmann::json> docs) {
  const auto is_list = [](const nlohmann::json& d) {
    if (!d.is_object()) return false;
    const auto kind = d.find("kind");
    const auto items = d.find("items");
    if (kind == d.end() || !kind->is_string() || items == d.end() || !items->is_array()) return false;
    const auto& k = kind->get_ref<const std::string&>();
    return k.size() >= 4 && k.compare(k.size() - 4, 4, "List") == 0;
  };
  if (std::none_of(docs.begin(), docs.end(), is_list)) return docs;
  std::vector<nlohmann::json> out;
  for (auto& d : docs) {
    if (!is_list(d)) {
      out.push_back(std::move(d));
      continue;
    }
    for (auto& item : d["items"]) out.push_back(std::move(item));
  }
  return out;
}

}  // namespace

std::vector<nlohmann::json> load_manifest(std::string_view text, const std::string& origin,
                                          const yaml::Limits& limits) {
  return expand_lists(yaml::load_all(text, origin, limits));
}

}  // namespace gpuwhy::k8s
