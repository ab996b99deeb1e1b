#pragma once
/// The lab as the checks read it, built once from a snapshot before any check runs: every pod
/// and node by name, the nodes other than the lab's, each student file decoded once, each
/// manifest's YAML parsed once, the gate report read once, and each pod's PodScheduled message
/// parsed once. Checks are pure functions of a View: nothing is cached behind their backs.

#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "gpuwhy/k8s/messages.h"
#include "gpuwhy/model/snapshot.h"
#include "gpuwhy/read/readers.h"

namespace gpuwhy::checks {

class View {
 public:
  /// `s` must outlive the view: the view points into it.
  explicit View(const Snapshot& s);

  /// Why the apiserver refuses a manifest, the first reason it gives (one found while decoding
  /// before any other: then it validates nothing): the hint naming it, and what it is about.
  struct Refusal {
    std::string_view id;   ///< hint.manifest.{resources,toleration,constraint}.*
    std::string path;      ///< as the apiserver names it: spec.tolerations[0].operator
    std::string found;     ///< what was written there
    std::string resource;  ///< a request compared with its limit: the resource, and the limit ("-": none)
    std::string limit;
    /// Refused for how it compares with another field (a pod's own request with its containers' sum,
    /// a container's limit with the pod's): that field, and its value there.
    std::string other_field;
    std::string other;
    /// A field the Pod has none of, or of the wrong type: k8s::PodFieldProblem::known.
    std::string known;
  };

  /// A manifest's YAML documents, or why it is not YAML.
  struct Yaml {
    std::shared_ptr<const std::vector<nlohmann::json>> docs;  ///< shared with what reads it
    std::optional<std::string> error;
    std::map<std::string, std::string> at;  ///< "line" and "column" of a syntax error, when known
    /// Of a lab pod's manifest (lab::kPodManifests), each document's refusal (nullopt: accepted);
    /// empty for any other file.
    std::vector<std::optional<Refusal>> refusals;
  };

  /// The YAML documents of `text` (the file `file`), or why it is not YAML.
  static Yaml parse_yaml(const std::string& text, const std::string& file);

  [[nodiscard]] const Snapshot& snap() const { return *snap_; }
  /// The first pod (node) of that name in the list; nullptr when the list is unreadable or lacks it.
  [[nodiscard]] const nlohmann::json* pod(std::string_view name) const;
  [[nodiscard]] const nlohmann::json* node(std::string_view name) const;
  /// Every node but the lab's GPU node, in list order (none when the nodes are unreadable).
  [[nodiscard]] const std::vector<const nlohmann::json*>& other_nodes() const { return other_nodes_; }
  /// The student file `rel` decoded (readers::decode_file); a file the snapshot lacks is missing.
  [[nodiscard]] const readers::TextFile& text(std::string_view rel) const;
  /// The YAML of the manifest `rel` (a lab manifest that decodes to non-blank text); nullptr otherwise.
  [[nodiscard]] const Yaml* yaml(std::string_view rel) const;
  /// The gate report as read (empty when the file cannot be read).
  [[nodiscard]] const readers::GateReport& gate_report() const { return gate_report_; }
  /// messages::parse_scheduler_message(text): the pods' PodScheduled messages are parsed when the
  /// view is built; any other text is parsed on the call.
  [[nodiscard]] std::optional<messages::SchedulerMessage> scheduler_message(std::string_view text) const;

 private:
  using ByName = std::map<std::string_view, const nlohmann::json*, std::less<>>;
  const Snapshot* snap_;
  ByName pods_;
  ByName nodes_;
  std::vector<const nlohmann::json*> other_nodes_;
  std::map<std::string, readers::TextFile, std::less<>> texts_;
  std::map<std::string, Yaml, std::less<>> yaml_;
  readers::GateReport gate_report_;
  std::map<std::string, std::optional<messages::SchedulerMessage>, std::less<>> messages_;
};

}  // namespace gpuwhy::checks
