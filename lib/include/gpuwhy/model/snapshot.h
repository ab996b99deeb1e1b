#pragma once
/// The snapshot: everything gpuwhy reads, taken in one round. Checks are pure
/// functions of it; a bundle is its JSON form.

#include <cstddef>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <variant>
#include <vector>

#include <nlohmann/json.hpp>

#include "gpuwhy/base/error.h"
#include "gpuwhy/model/fetched.h"
#include "gpuwhy/model/result.h"

namespace gpuwhy {

/// One student file, read with a size bound.
struct StudentFile {
  enum class State {
    kOk,          ///< `content` holds the bytes
    kMissing,     ///< no such file (or a dangling link)
    kNotRegular,  ///< a folder, device, ...
    kTooLarge,    ///< larger than lab::kMaxFileBytes; `content` empty
    kUnreadable,  ///< permission or I/O error
    kHardLink,    ///< a regular file with more than one link: it may alias a file outside the lab folder; not read
  };
  State state = State::kMissing;
  std::string content;  ///< raw bytes as read (no decoding)
  std::string reason;   ///< one line when state != kOk
  std::size_t size = 0;
  /// The `size` a bundle recorded for the file (a bundle only; nullopt when read from disk or
  /// absent): integrity::check compares it with the content's length.
  std::optional<std::size_t> recorded_size{};
};

std::string to_string(StudentFile::State state);

/// Everything one grading round needs.
struct Snapshot {
  std::string taken_at;  ///< RFC 3339, UTC
  std::string source;    ///< "live <server URL>" or "bundle <path>"
  std::string lab_dir;   ///< the student's folder, as given
  /// Who the bundle is from, when it says so (its `student`: one line, at most kMaxStudentBytes);
  /// "" = unknown (a batch then names the row after the file).
  std::string student;
  bool live_collected = false;  ///< false when the cluster was not asked at all (e.g. file-only)
  /// A bundle's own `source` as recorded ("live <server URL>" when collected); "" for a snapshot
  /// taken here. `source` then says "bundle <path>".
  std::string bundle_source;

  Fetched<nlohmann::json> version;     ///< GET /version
  Fetched<nlohmann::json> namespace_;  ///< GET /api/v1/namespaces/gpu-why
  /// GET /api/v1/namespaces/kube-system: its uid names the cluster (integrity::cluster_id). No
  /// check reads it; a refusal is recorded, never an error of the run; a bundle written before
  /// it was collected has "not collected" (kSkipped).
  Fetched<nlohmann::json> kube_system;
  /// GET /api/v1/nodes, page by page; every node but the GPU node in its lab view
  /// (lab_view_of_node in collect.h).
  Fetched<nlohmann::json> nodes;
  Fetched<nlohmann::json> pods;  ///< GET /api/v1/namespaces/gpu-why/pods
  /// GET /api/v1/pods?fieldSelector=spec.nodeName=lab-node-0: the pods of every other namespace
  /// bound to the GPU node, each cut to what the scheduler counts (lab_view_of_node_pod in
  /// collect.h). With `pods`, every pod the node holds. A bundle written before it was collected
  /// has "not collected" (kSkipped): the lab namespace's pods are then all that is known.
  Fetched<nlohmann::json> node_pods;
  Fetched<nlohmann::json> events;  ///< GET /api/v1/namespaces/gpu-why/events
  /// Server-side dry-run create of each bad manifest, keyed by its relative path.
  std::map<std::string, Fetched<HttpAnswer>> dry_runs;
  /// Student files keyed by relative path (lab::kStudentFiles).
  std::map<std::string, StudentFile> files;

  int requests = 0;                ///< HTTP requests made to collect this snapshot
  std::size_t bytes_received = 0;  ///< body bytes the apiserver sent for it
  std::vector<Msg> warnings;       ///< catalog texts: e.g. TLS verification disabled by the kubeconfig

  /// The file at `rel`, or a kMissing one when it was not collected.
  [[nodiscard]] const StudentFile& file(std::string_view rel) const;
  /// "v1.34.0" when /version was read, else "".
  [[nodiscard]] std::string server_version() const;
};

/// The parts of a Snapshot a check may read (CheckInfo::reads, a bit set): what `check --wait`
/// follows, and the only parts whose change makes it grade again.
enum Input : unsigned {
  kInVersion = 1U << 0,    ///< version
  kInNamespace = 1U << 1,  ///< namespace_
  kInNodes = 1U << 2,      ///< nodes
  kInPods = 1U << 3,       ///< pods
  kInEvents = 1U << 4,     ///< events
  kInDryRuns = 1U << 5,    ///< dry_runs (they are made of the manifest files)
  kInFiles = 1U << 6,      ///< files
  kInNodePods = 1U << 7,   ///< node_pods
};
inline constexpr unsigned kInAll = (1U << 8) - 1;

/// Longest `student` kept from a bundle, in bytes (cut on a character boundary).
inline constexpr std::size_t kMaxStudentBytes = 200;

/// Bundle schema version; bump only with a migration in from_bundle().
inline constexpr int kBundleSchemaVersion = 1;

/// The snapshot as a self-contained JSON bundle (no credentials are ever in a Snapshot).
nlohmann::json to_bundle(const Snapshot& snap);
/// Reads a bundle; throws Error(kParse) naming `origin` and the bad field.
Snapshot from_bundle(const nlohmann::json& bundle, const std::string& origin);
/// The same, moving the cluster answers and file contents out of `bundle` instead of copying
/// them (what is left of `bundle` is unspecified): the batch path parses a bundle once and
/// hands it over.
Snapshot from_bundle(nlohmann::json&& bundle, const std::string& origin);

}  // namespace gpuwhy
