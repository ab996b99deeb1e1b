#pragma once
// The integrity folder's own helpers and the rules kept in other files of it.

#include <cstddef>
#include <functional>
#include <map>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "gpuwhy/integrity/integrity.h"
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
  void flush(const std::string& id, Findings& out);

 private:
  std::optional<Args> first_;
  std::vector<std::string> objects_;
  std::size_t count_ = 0;
};

/// The string at JSON pointer `ptr` of `j`, "" when absent or not a string.
std::string str_at(const nlohmann::json& j, const char* ptr);
/// The value at JSON pointer `ptr` of the object `j`, null when absent or `j` is not an object.
const nlohmann::json* at(const nlohmann::json& j, const char* ptr);
/// The items of a fetched list, empty when not read or not a list.
const nlohmann::json& items(const Fetched<nlohmann::json>& list);
/// "pod gpu-why/trainer", "node lab-node-0", "event gpu-why/trainer.18c..."
std::string object_name(std::string_view kind, const nlohmann::json& item);
/// An etcd revision ("256" -> 256); nullopt when not all digits.
std::optional<unsigned long long> revision(std::string_view text);
/// 8-4-4-4-12 lowercase hex digits.
bool is_uuid(std::string_view uid);
/// SHA-256 of `bytes`, lowercase hex.
std::string sha256_hex(std::string_view bytes);
/// Every object of the snapshot with its name: the two namespaces, nodes, pods, events.
void for_each_object(const Snapshot& snap, const std::function<void(const std::string&, const nlohmann::json&)>& fn);
/// Every time the apiserver wrote in the snapshot: object, field, RFC 3339 text.
void for_each_time(const Snapshot& snap,
                   const std::function<void(const std::string&, const std::string&, const std::string&)>& fn);
/// The time an event happened: eventTime (events.k8s.io), else firstTimestamp, else its creation.
std::string event_time(const nlohmann::json& e);
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

// The rules of readable.cpp, pods.cpp, files.cpp, managed.cpp and capacity.cpp, in rule order.
void field_unreadable(const Snapshot& snap, Findings& out);
void pod_event_rules(const Snapshot& snap, Findings& out);
void last_applied_mismatch(const Snapshot& snap, Findings& out);
void dry_run_mismatch(const Snapshot& snap, Findings& out);
void file_size_mismatch(const Snapshot& snap, Findings& out);
void field_without_manager(const Snapshot& snap, Findings& out);
void managed_fields_missing(const Snapshot& snap, Findings& out);
void managed_before_created(const Snapshot& snap, Findings& out);
void node_over_allocatable(const Snapshot& snap, Findings& out);
void insufficient_with_room(const Snapshot& snap, Findings& out);

}  // namespace gpuwhy::integrity::detail
