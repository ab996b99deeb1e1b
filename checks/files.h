#pragma once
/// The student's files as the checks read them: decoded and parsed once per run (RunMemo), and
/// the failure that names a file that cannot be read.
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
#include "gpuwhy/model/result.h"
#include "gpuwhy/model/snapshot.h"
#include "gpuwhy/read/readers.h"
#include "outcome.h"

namespace gpuwhy::checks::detail {

using nlohmann::json;

/// Student files decoded and manifests parsed once per checks::run: several checks read the same
/// file (trainer2.yaml is read by steps 6 and 7), and decoding and YAML are most of a check's
/// work. checks::run holds one for its snapshot on its own thread; read_text() and
/// read_pod_manifest() use it when it is for the snapshot they are given, and read afresh
/// without one. What a check returns never depends on it.
class RunMemo {
 public:
  explicit RunMemo(const Snapshot& s);
  ~RunMemo();
  RunMemo(const RunMemo&) = delete;
  RunMemo& operator=(const RunMemo&) = delete;
  RunMemo(RunMemo&&) = delete;
  RunMemo& operator=(RunMemo&&) = delete;

  /// The memo this thread holds for `s`, or nullptr.
  static RunMemo* of(const Snapshot& s);

  /// A file's YAML documents, or why it is not YAML.
  struct Yaml {
    std::shared_ptr<const std::vector<json>> docs;  ///< shared with each ManifestRead of the file
    std::optional<std::string> error;
    std::map<std::string, std::string> at;  ///< "line" and "column" of a syntax error, when known
  };
  std::map<std::string, readers::TextFile, std::less<>> decoded;
  std::map<std::string, Yaml, std::less<>> yaml;
  std::map<std::string, readers::GateReport, std::less<>> gate_reports;  ///< by decoded text
  /// parse_scheduler_message by text: a pod's PodScheduled message is read by several checks.
  std::map<std::string, std::optional<messages::SchedulerMessage>, std::less<>> scheduler_messages;
  /// Pods and nodes by metadata.name (the first of each name, as a scan finds it) and every node
  /// but lab-node-0, built on first use: checks look a pod or node up some sixty times a run.
  using ByName = std::map<std::string_view, const json*, std::less<>>;
  std::optional<ByName> pods_by_name;
  std::optional<ByName> nodes_by_name;
  std::optional<std::vector<const json*>> other_nodes;

 private:
  const Snapshot* snap_;
  RunMemo* outer_;
};

/// The decoded file, or the failure naming it (missing, too large, not text, empty).
struct FileRead {
  std::optional<std::string> text;
  Outcome failure;
};
/// `expected` is the check's expected value, reused in the failure.
FileRead read_text(const Snapshot& s, std::string_view rel, const Msg& expected, bool empty_is_failure = true);

/// The one Pod of a manifest (other objects and empty documents ignored; with several Pods the
/// one named `want_name`), or the failure naming the file.
struct ManifestRead {
  const json* pod = nullptr;  ///< into the run's memo of the file's documents (or `docs`)
  Outcome failure;
  std::shared_ptr<const std::vector<json>> docs;  ///< what `pod` points into
};
ManifestRead read_pod_manifest(const Snapshot& s, std::string_view rel, const Msg& expected,
                               std::string_view want_name = {});

/// readers::read_gate_report(text), once per run (step 8 has a check per key); `local` holds it
/// when no RunMemo is.
const readers::GateReport& gate_report(const Snapshot& s, const std::string& text, readers::GateReport& local);

/// messages::parse_scheduler_message(text), once per text in a checks::run (the memo this thread
/// holds, whatever its snapshot: the parse is a function of the text alone).
std::optional<messages::SchedulerMessage> scheduler_message(std::string_view text);

/// Evidence line for a file: "out/x.txt: first line ..." (bounded).
std::vector<Msg> file_evidence(std::string_view rel, const std::string& text, std::size_t max_lines = 6);

}  // namespace gpuwhy::checks::detail
