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

/// A manifest file's bytes as kubectl reads them (cli-runtime's FileVisitor decodes through
/// unicode.BOMOverride over a UTF-8 decoder): a byte-order mark picks UTF-8 or UTF-16; without one,
/// each byte that does not start a UTF-8 character becomes U+FFFD (a comment saved as CP949 reads
/// as a comment). After a UTF-8 mark such bytes are refused, as go-yaml refuses them; so is a NUL
/// byte (go-yaml allows no control character). Line ends become LF. nullopt with `why` set
/// (text::decode's reason) when refused.
std::optional<std::string> manifest_text(std::string_view raw, std::string* why = nullptr);

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

/// A field of a Pod that decoding refuses, at the top, in metadata, spec or a container
/// (containers, initContainers, ephemeralContainers): one it has none of there, case included
/// (strict decoding, kubectl's default field validation), or one of the wrong JSON type (Go's
/// decoder; kubectl's own for metadata). The whole manifest is refused before any validation.
/// Inside resources, tolerations, nodeSelector and affinity their own rules say (resource_problems,
/// pod_toleration_problems, node_constraint_problems).
struct PodFieldProblem {
  enum class Kind {
    kUnknown,    ///< no field of that name, at any of the places
    kMisplaced,  ///< a field of another place (tolerations in a container): `known` is that place
    kSpelled,    ///< a field here but for its case or a plural's s (Tolerations, toleration): `known`
    kWrongType,  ///< a field of another JSON type: `known` is the catalog id of the type's name
  };
  Kind kind = Kind::kUnknown;
  std::string path;   ///< spec.containers[0].tolerations (the apiserver leaves out a type error's indexes)
  std::string found;  ///< what was written there, as written
  std::string known;  ///< kMisplaced: where it belongs (spec, metadata, spec.containers[0], ...resources);
                      ///< kSpelled: the field as Kubernetes spells it; kWrongType: "type.string", ...
};
std::vector<PodFieldProblem> pod_field_problems(const nlohmann::json& pod);

}  // namespace gpuwhy::k8s
