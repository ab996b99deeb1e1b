#pragma once
/// The student's files as the checks read them (decoded and parsed once, in the View), and the
/// failure that names a file that cannot be read.
/// Internal to gpuwhy_checks.

#include <cstddef>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "gpuwhy/k8s/messages.h"
#include "gpuwhy/k8s/requests.h"
#include "gpuwhy/model/result.h"
#include "gpuwhy/model/snapshot.h"
#include "gpuwhy/read/readers.h"
#include "outcome.h"
#include "view.h"

namespace gpuwhy::checks::detail {

using nlohmann::json;

/// The decoded file, or the failure naming it (missing, too large, not text, empty).
struct FileRead {
  std::optional<std::string> text;
  Outcome failure;
};
/// `expected` is the check's expected value, reused in the failure.
FileRead read_text(const View& s, std::string_view rel, const Msg& expected, bool empty_is_failure = true);

/// Why the apiserver refuses `pod` as `kubectl apply -f` sends it: its container resources,
/// tolerations and node constraints (k8s::resource_problems, pod_toleration_problems,
/// node_constraint_problems); nullopt when it accepts them. A nodeSelector value that is no string
/// is left to the checks, which name it themselves. `gates`: those of the apiserver's version
/// (k8s::resource_gates).
std::optional<View::Refusal> refusal(const json& pod, k8s::ResourceGates gates);

/// The one Pod of a manifest (other objects and empty documents ignored; with several Pods the
/// one named `want_name`), or the failure naming the file.
struct ManifestRead {
  const json* pod = nullptr;  ///< into `docs`
  Outcome failure;
  std::shared_ptr<const std::vector<json>> docs;  ///< what `pod` points into
};
ManifestRead read_pod_manifest(const View& s, std::string_view rel, const Msg& expected,
                               std::string_view want_name = {});

/// The reasons the apiserver gives for refusing the tolerations of pod `name`'s document in the
/// manifest `rel` (k8s::pod_toleration_problems, as "field: kind"), in order; empty when the file
/// holds no such document or the apiserver takes its tolerations.
std::vector<std::string> refused_tolerations(const View& s, std::string_view rel, std::string_view name);

/// Evidence line for a file: "out/x.txt: first line ..." (bounded).
std::vector<Msg> file_evidence(std::string_view rel, const std::string& text, std::size_t max_lines = 6);

}  // namespace gpuwhy::checks::detail
