#pragma once
// The integrity folder's own helpers and the rules kept in other files of it.

#include <cstddef>
#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "gpuwhy/integrity/integrity.h"
#include "gpuwhy/k8s/requests.h"
#include "gpuwhy/model/result.h"
#include "gpuwhy/model/snapshot.h"

namespace gpuwhy::integrity::detail {

using Args = std::map<std::string, std::string>;

/// The findings of one check(), in the order the rules add them.
struct Findings {
  std::vector<Finding> list;
  void add(const std::string& id, Args args, std::vector<std::string> objects);
};

/// One finding for a rule that can fire on many objects: the first one's arguments, every
/// object named once, and `count` (how many objects in all) added to the arguments.
class Aggregate {
 public:
  void add(const std::string& object, Args args, const std::string& other = "");
  /// add() with the arguments made by `make` only for the first object (the others' are not kept).
  template <typename Make>
  void add_with(const std::string& object, Make make, const std::string& other = "") {
    if (!first_) first_ = make();
    note(object, other);
  }
  void flush(const std::string& id, Findings& out);

 private:
  void note(const std::string& object, const std::string& other);
  std::optional<Args> first_;
  std::vector<std::string> objects_;
  std::size_t count_ = 0;
};

/// The string at JSON pointer `ptr` of `j`, "" when absent or not a string.
std::string str_at(const nlohmann::json& j, const char* ptr);
/// The value at JSON pointer `ptr` of the object `j`, null when absent or `j` is not an object.
const nlohmann::json* at(const nlohmann::json& j, const char* ptr);
/// The member `key` of `obj` as written (a JSON null included), or null when `obj` is null, no
/// object, or has none: a JSON pointer's step, without reading the pointer.
const nlohmann::json* member(const nlohmann::json* obj, std::string_view key);
/// The string `v` is, "" when null or not a string.
std::string_view text_of(const nlohmann::json* v);
/// The items of a fetched list, empty when not read or not a list.
const nlohmann::json& items(const Fetched<nlohmann::json>& list);
/// "pod gpu-why/trainer", "node lab-node-0", "event gpu-why/trainer.18c..."
std::string object_name(std::string_view kind, const nlohmann::json& item);
/// An etcd revision ("256" -> 256); nullopt when not all digits.
std::optional<unsigned long long> revision(std::string_view text);
/// 8-4-4-4-12 lowercase hex digits.
bool is_uuid(std::string_view uid);
/// XXH64 of `bytes` (seed 0), as xxHash defines it.
std::uint64_t xxh64(std::string_view bytes);
/// What tells one bundle's bytes from another's: their size and XXH64, in hex ("13707-8e03c838c596036f").
/// Not a cryptographic hash, and it needs none: two bundles share it when they are the same bytes
/// (by chance otherwise about once in 2^64 pairs), and a student who could make a different bundle
/// share it with another's already holds that bundle and could hand it in as it is.
std::string bundle_digest(std::string_view bytes);
/// JSON text another writer put in a string (kubectl's last-applied-configuration), parsed as a
/// bundle is (the fast reader, the same limits); a discarded value when it is not JSON or is
/// beyond the limits.
nlohmann::json parse_embedded(std::string_view text);
/// A JSON scalar as text: a string as is, a number or bool as JSON prints it, "" for the rest.
std::string scalar_text(const nlohmann::json& v);

/// What a copy keeps when its uids are new and its times shifted (ClusterId::traces), sorted.
std::vector<std::string> traces_of(const Snapshot& snap);

/// A uid of a bundle published in the repository, and that bundle (its path in the source tree).
struct PublishedUid {
  std::string_view uid;
  std::string_view bundle;
};
/// Every uid of fixtures/**/bundle.json, sorted by uid (generated at build time:
/// cmake/published_uids.cmake).
std::span<const PublishedUid> published_uids();

/// A time the apiserver wrote, read once: the value as written (null when absent), its text (""
/// when absent or not a string) and the instant that text is (nullopt when not RFC 3339).
struct Time {
  const nlohmann::json* value = nullptr;
  std::string_view text;
  std::optional<long long> ms;
};

/// A managedFields entry, read once. Every member is as written, null when absent (or the entry is
/// no object).
struct Entry {
  const nlohmann::json* value = nullptr;    ///< the entry itself, of any type
  const nlohmann::json* fields = nullptr;   ///< fieldsV1, of any type
  const nlohmann::json* manager = nullptr;  ///< of any type
  std::string_view manager_text;            ///< "" when not a string
  Time time;
  const nlohmann::json* allocatable = nullptr;  ///< fieldsV1's f:status/f:allocatable, of any type
};

/// A status condition, read once.
struct Condition {
  const nlohmann::json* value = nullptr;  ///< of any type
  std::string_view type, status, reason, message;
  Time last_transition;
};

enum class Kind { kNamespace, kNode, kPod, kEvent };

/// One object of the snapshot with what the rules read of it, each field looked up once. A text
/// is "" when its field is absent or not a string; a pointer is the value as written, null when
/// absent (a JSON null is present).
struct Object {
  Kind kind = Kind::kNamespace;
  const nlohmann::json* item = nullptr;  ///< of any type (a list may hold anything)
  std::string name;                      ///< object_name(): "pod gpu-why/trainer"
  std::string_view meta_name;            ///< metadata.name
  const nlohmann::json* uid = nullptr;
  std::string_view uid_text;
  const nlohmann::json* version = nullptr;  ///< metadata.resourceVersion
  std::string_view version_text;
  Time created;                                ///< metadata.creationTimestamp
  const nlohmann::json* managed = nullptr;     ///< metadata.managedFields
  std::vector<Entry> entries;                  ///< its entries when it is a list
  const nlohmann::json* conditions = nullptr;  ///< status.conditions
  std::vector<Condition> condition_list;       ///< its items when it is a list
  Time event_time, first_timestamp, last_timestamp, series_last, deprecated_last, start_time;
  // Events.
  std::string_view reason, involved_uid, message;
  std::string_view when;  ///< when it happened: eventTime (events.k8s.io), else firstTimestamp, else its creation
  // Pods.
  std::string_view phase, node_name;
  bool terminated = false;                       ///< k8s::terminated()
  const nlohmann::json* last_applied = nullptr;  ///< kubectl's last-applied-configuration annotation
  nlohmann::json applied;                        ///< that annotation parsed (parse_embedded) when a string, else null

  /// The managedFields are a non-empty list (an object without is an old bundle's or emptied).
  [[nodiscard]] bool has_entries() const;
  /// The first condition of `type` that is an object, or null.
  [[nodiscard]] const Condition* condition(std::string_view type) const;
  /// k8s::pod_requests() of a pod, computed on first use.
  [[nodiscard]] const k8s::Amounts& requests() const;

 private:
  mutable std::optional<k8s::Amounts> requests_;
};

/// What every rule reads, read once: the snapshot's objects in one walk (the lab namespace,
/// kube-system, nodes, pods, events, in this order) and the lookups more than one rule makes.
struct Facts {
  explicit Facts(const Snapshot& s);
  Facts(const Facts&) = delete;
  Facts& operator=(const Facts&) = delete;

  const Snapshot& snap;
  std::optional<long long> taken;  ///< taken_at as an instant
  std::vector<Object> objects;
  std::span<const Object> nodes, pods, events;
  /// The GPU node's pods of other namespaces (Snapshot::node_pods, cut to what the scheduler
  /// counts): only capacity and list rules read them; they are not in `objects`.
  std::vector<Object> node_pods;
  const Object* lab_namespace = nullptr;                  ///< null when not read
  std::map<std::string_view, const Object*> pods_by_uid;  ///< pods with a uid; the first of a uid
  /// Each pod uid's Scheduled event time (the last such event with an RFC 3339 time): instant and text.
  std::map<std::string_view, std::pair<long long, std::string_view>> scheduled;
};

/// Every time the apiserver wrote in the objects: object, field, text (non-empty) and instant.
void for_each_time(const Facts& facts,
                   const std::function<void(const std::string&, std::string_view, const Time&)>& fn);

// The rules of readable.cpp, pods.cpp, files.cpp, managed.cpp and capacity.cpp, in rule order.
void field_unreadable(const Facts& facts, Findings& out);
void pod_event_rules(const Facts& facts, Findings& out);
void last_applied_mismatch(const Facts& facts, Findings& out);
void dry_run_mismatch(const Snapshot& snap, Findings& out);
void file_size_mismatch(const Snapshot& snap, Findings& out);
void field_without_manager(const Facts& facts, Findings& out);
void managed_fields_missing(const Facts& facts, Findings& out);
void managed_before_created(const Facts& facts, Findings& out);
void node_over_allocatable(const Facts& facts, Findings& out);
void insufficient_with_room(const Facts& facts, Findings& out);

}  // namespace gpuwhy::integrity::detail
