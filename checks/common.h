#pragma once
/// Helpers shared by the step files: reading the snapshot the same way everywhere, and the
/// rules every check follows (live data unavailable -> error; student file bad -> fail).
/// Internal to gpuwhy_checks.

#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "gpuwhy/base/text.h"
#include "gpuwhy/k8s/messages.h"
#include "gpuwhy/model/result.h"
#include "gpuwhy/model/snapshot.h"
#include "gpuwhy/read/readers.h"

namespace gpuwhy::checks::detail {

using nlohmann::json;

// ---- outcomes ----------------------------------------------------------------------------

Outcome pass(Msg expected, Msg actual, std::vector<Msg> evidence = {});
Outcome fail(Msg expected, Msg actual, Msg hint, std::vector<Msg> evidence = {});

/// A live item could not be read: kError with the one-line reason as actual and a hint that
/// it is the environment (with the RBAC rule needed on 401/403). `item` names the item
/// (catalog "item.<item>": "the nodes") and the RBAC rule it needs ("rbac.<item>"), in the
/// reader's language; `args` fill their placeholders ({file}).
Outcome env_error(const FetchError& e, std::string_view item, std::map<std::string, std::string> args = {});

/// Same as env_error for the usual live items; nullopt when the item is there.
std::optional<Outcome> need_nodes(const Snapshot& s);
std::optional<Outcome> need_pods(const Snapshot& s);

/// The worse of two outcomes for combining parts of one check: a failure found on evidence
/// beats an error, an error beats a pass.
Outcome worst(Outcome a, Outcome b);

// ---- live objects ------------------------------------------------------------------------

/// items[] of a List (empty when not a list).
const json& items(const json& list);
std::string name_of(const json& obj);
/// A string at a JSON pointer ("" when missing or not a string).
std::string str_at(const json& obj, const char* pointer);
/// str_at without the copy: a view into `obj`, valid while it is.
std::string_view view_at(const json& obj, const char* pointer);
const json* at(const json& obj, const char* pointer);

const json* find_node(const Snapshot& s, std::string_view name);  ///< nodes must be ok
std::vector<const json*> other_nodes(const Snapshot& s);          ///< every node but lab-node-0
const json* find_pod(const Snapshot& s, std::string_view name);   ///< pods must be ok

/// The opening most live checks share: the live pod `name`, or the outcome to return at once
/// (an error when the pods could not be read, a fail with the pod-missing hint when it is not
/// there). `expected` is the check's expected value, reused in the failure.
struct PodOrOutcome {
  const json* pod = nullptr;
  std::optional<Outcome> outcome;  ///< set exactly when pod is null
};
PodOrOutcome need_pod(const Snapshot& s, std::string_view name, const Msg& expected);

/// The same opening for the GPU node: lab-node-0, or the outcome to return at once (an error
/// when the nodes could not be read, a fail with the node-missing hint when it is not there).
struct NodeOrOutcome {
  const json* node = nullptr;
  std::optional<Outcome> outcome;  ///< set exactly when node is null
};
NodeOrOutcome need_gpu_node(const Snapshot& s, const Msg& expected);

/// status.<map>[nvidia.com/gpu] as text; nullopt when absent.
std::optional<std::string> node_gpu(const json& node, const char* map);
/// The node's taints whose key is nvidia.com/gpu.
std::vector<json> gpu_taints(const json& node);
/// "key=value:Effect" (value part left out when empty, as kubectl does).
std::string taint_string(const json& taint);

/// Sum over containers of resources.<which>[nvidia.com/gpu] in thousandths; nullopt when no
/// container sets it.
std::optional<long long> gpu_sum(const json& pod, const char* which);
/// What the scheduler counts for a pod: max(sum of containers, max of init containers) of the
/// nvidia.com/gpu requests, in thousandths.
long long scheduler_gpu_request(const json& pod);
/// nvidia.com/gpu the scheduler counts as used on lab-node-0: every non-terminated pod bound
/// there (of the pods the snapshot holds), in thousandths, with each pod that asks for some.
struct GpuUse {
  long long milli = 0;
  std::vector<std::pair<std::string, long long>> pods;  ///< (name, thousandths), file order
};
GpuUse gpu_used_on_lab_node(const Snapshot& s);  ///< pods must be ok

/// Every container and init container (pointers into pod).
std::vector<const json*> all_containers(const json& pod);

const json* condition(const json& pod, std::string_view type);
/// spec.<field> of a pod constrains its placement: present and not null, `{}` or `""` (the
/// apiserver keeps none of those). For nodeSelector, affinity and nodeName.
bool constrains(const json& pod, const char* field);
/// Tolerations the student wrote (the two DefaultTolerationSeconds ones removed).
std::vector<json> student_tolerations(const json& pod);
/// The toleration tolerates nvidia.com/gpu=present:NoSchedule.
bool tolerates_lab_taint(const json& tol);
/// Tolerates every taint: no key and operator Exists.
bool tolerates_everything(const json& tol);
/// The toleration targets the nvidia.com/gpu key (whether or not it matches).
bool targets_lab_taint(const json& tol);

/// The manager (managedFields) other than the scheduler that owns spec.nodeName, i.e. the client
/// that created the pod with a node name (`kubectl-client-side-apply`); empty when there is none.
std::string node_name_client(const json& pod);
/// A "Scheduled" event from the default scheduler for this pod (uid-matched when possible).
const json* scheduled_event(const Snapshot& s, const json& pod);

/// Taints of the node that are neither the lab's key nor node.kubernetes.io/*, as
/// key=value:Effect (`nvidia.com/gpu.present=true:NoSchedule`).
std::vector<std::string> foreign_taints(const json& node);
/// A failure whose real cause is a taint with the wrong key on lab-node-0 (and none with the
/// lab's key) gets the hint that says so: remove that taint, add the lab's.
Outcome retarget_foreign_taint(const Snapshot& s, Outcome o);

/// Every event of this pod (uid-matched when possible); empty when events could not be read.
std::vector<const json*> events_for(const Snapshot& s, const json& pod);

/// A number written for people: thousandths -> "2", "0.5".
std::string milli_text(long long milli);

// ---- student files -----------------------------------------------------------------------

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

/// ", "-joined lists in messages and evidence.
using text::join;
/// At most this many nodes are named one by one in a value or evidence (a shared cluster has
/// thousands); the rest are counted.
inline constexpr std::size_t kMaxNamed = 10;
/// join() of the first kMaxNamed items, then "… (+N)" (all of them when they are few).
std::string join_capped(const std::vector<std::string>& items);

/// Evidence lines quoted as they are (cluster and file text).
std::vector<Msg> raws(const std::vector<std::string>& lines);
/// Evidence in the reader's words about pod `pod`: "pod NAME: TEXT", TEXT being data
/// ("spec.nodeName=lab-node-0 phase=Running").
Msg ev_pod(std::string_view pod, std::string text);
/// `m` with `key` set to the ", "-joined `items`, or to "none" in the reader's words when there are none.
Msg with_list(Msg m, const std::string& key, const std::vector<std::string>& items);
/// "NODE taints for KEY: T1, T2" (or "… none").
Msg ev_taints(std::string_view node, const std::vector<std::string>& taints);
/// "pod NAME: spec.nodeName=NODE phase=PHASE" (NODE "<none>" when unbound), "… (terminating)"
/// when the pod is being deleted.
Msg ev_pod_state(std::string_view pod, const std::string& node, const std::string& phase, bool terminating = false);

}  // namespace gpuwhy::checks::detail
