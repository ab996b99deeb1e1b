#pragma once
/// Manifests as kubectl reads them: the objects of a YAML or JSON file (a `List` stands for its
/// items) and the one Pod in them.

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "gpuwhy/yaml/yaml.h"

namespace gpuwhy::k8s {

/// The objects of a manifest file: every document of the stream (yaml::load_all), and a
/// `kind: List` (or any `*List`) with `items` stands for its items, each an object of the file,
/// as `kubectl apply -f` reads it. Throws Error(kParse) naming `origin`, line and column.
std::vector<nlohmann::json> load_manifest(std::string_view text, const std::string& origin,
                                          const yaml::Limits& limits = {});

/// The one Pod of a manifest's documents. Other objects (a Namespace, a ConfigMap) and empty or
/// comment-only documents are ignored; with several Pods, the one named `name` (when given and
/// unique). `reason` says why there is none: no Pod, or more than one.
struct PodPick {
  std::optional<nlohmann::json> pod;
  std::string reason;
  std::vector<std::string> kinds;  ///< kind of every non-empty document, in order ("?" when none)
};
PodPick pick_pod(std::vector<nlohmann::json> docs, std::string_view name = {});
/// pick_pod without taking the documents: the index of the Pod in `docs` (nullopt with `reason`).
struct PodIndex {
  std::optional<std::size_t> index;
  std::string reason;
  std::vector<std::string> kinds;
};
PodIndex find_pod_doc(const std::vector<nlohmann::json>& docs, std::string_view name = {});

/// A Pod's header as kubectl takes it: `apiVersion: v1`, the core group's one version. Without
/// one kubectl refuses the file ("apiVersion not set"); with another the apiserver has no Pod
/// there ("no matches for kind "Pod" in version apps/v1"). The apiVersion as written when it is
/// not v1 (empty when missing); none when it is.
std::optional<std::string> pod_api_version_problem(const nlohmann::json& pod);

/// The namespace an object's manifest names when it is not `ns`: `kubectl apply -f` creates the
/// object there, and with `-n ns` refuses the file ("the namespace from the provided object ...
/// does not match"). None when the manifest names `ns` or no namespace (kubectl's `-n` decides).
std::optional<std::string> other_namespace(const nlohmann::json& object, std::string_view ns);

}  // namespace gpuwhy::k8s
