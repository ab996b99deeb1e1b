#pragma once
/// What a check returns and the evidence it shows: the rules every check follows (live data
/// unavailable -> error; student file bad -> fail) and the reader's words for common evidence.
/// Internal to gpuwhy_checks.

#include <cstddef>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "gpuwhy/base/text.h"
#include "gpuwhy/model/result.h"
#include "gpuwhy/model/snapshot.h"
#include "view.h"

namespace gpuwhy::checks::detail {

using nlohmann::json;

// ---- outcomes ----------------------------------------------------------------------------

Outcome pass(Msg expected, Msg actual, std::vector<Msg> evidence = {});
Outcome fail(Msg expected, Msg actual, Msg hint, std::vector<Msg> evidence = {});

/// The catalog id of a fault's hint ("hint.placed.not-bound"): the only place a fault gets words.
std::string_view hint_id(Fault f);

/// A check's hint: a fault (its words are hint_id's) or, for a mistake no cause depends on, a
/// catalog id.
struct Hint {
  Hint(Fault f) : fault(f), id(hint_id(f)) {}       // NOLINT(google-explicit-constructor): a fault is a hint
  Hint(const char* catalog_id) : id(catalog_id) {}  // NOLINT(google-explicit-constructor)
  Fault fault = Fault::kNone;
  std::string_view id;
};

/// A failure whose hint is `h` with `args`; the outcome carries the fault, when `h` is one.
Outcome fail(Msg expected, Msg actual, Hint h, std::map<std::string, std::string> args, std::vector<Msg> evidence = {});
/// `o` with its hint replaced by `h` (and its fault by h's).
Outcome with_hint(Outcome o, Hint h, std::map<std::string, std::string> args);

/// `o` (a failure) with the fact it needed and found false (Outcome::unmet): the pod `name`
/// does not exist; the file `rel` is not there or cannot be read as needed; the gate report's
/// `key` is right for the lab but the cluster now counts otherwise.
Outcome unmet(Outcome o, Need::Kind kind, std::string_view name);

/// A live item could not be read: kError with the one-line reason as actual and a hint that
/// it is the environment (with the RBAC rule needed on 401/403). `item` names the item
/// (catalog "item.<item>": "the nodes") and the RBAC rule it needs ("rbac.<item>"), in the
/// reader's language; `args` fill their placeholders ({file}).
Outcome env_error(const FetchError& e, std::string_view item, std::map<std::string, std::string> args = {});

/// Same as env_error for the usual live items; nullopt when the item is there.
std::optional<Outcome> need_nodes(const View& s);
std::optional<Outcome> need_pods(const View& s);
/// need_pods, then the GPU node's pods of other namespaces (Snapshot::node_pods); a bundle
/// that has none of them (not collected) is not an error.
std::optional<Outcome> need_node_pods(const View& s);

/// The worse of two outcomes for combining parts of one check: a failure found on evidence
/// beats an error, an error beats a pass.
Outcome worst(Outcome a, Outcome b);

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
/// "NODE status.MAP[nvidia.com/gpu]: VALUE", or "…: absent" in the reader's words when it has none.
Msg ev_node_amount(std::string_view node, std::string_view map, const std::optional<std::string>& value);
/// `m` with `key` set to the ", "-joined `items`, or to "none" in the reader's words when there are none.
Msg with_list(Msg m, const std::string& key, const std::vector<std::string>& items);
/// "NODE taints for KEY: T1, T2" (or "… none").
Msg ev_taints(std::string_view node, const std::vector<std::string>& taints);
/// "pod NAME: spec.nodeName=NODE phase=PHASE" (NODE "<none>" when unbound), "… (terminating)"
/// when the pod is being deleted.
Msg ev_pod_state(std::string_view pod, const std::string& node, const std::string& phase, bool terminating = false);

}  // namespace gpuwhy::checks::detail
