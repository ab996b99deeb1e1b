// `check --wait`: follow the cluster with watches from the first snapshot, grade again on change.
#include "gpuwhy/collect/watch.h"

#include <algorithm>
#include <array>
#include <optional>
#include <thread>
#include <utility>
#include <vector>

#include <fmt/format.h>

#include "gpuwhy/base/sys.h"
#include "gpuwhy/collect/collect.h"
#include "gpuwhy/k8s/messages.h"
#include "gpuwhy/lab/lab.h"

namespace gpuwhy {

namespace {

using nlohmann::json;
using Clock = std::chrono::steady_clock;

std::string meta_string(const json& obj, const char* key) {
  const auto m = obj.find("metadata");
  if (m == obj.end() || !m->is_object()) return "";
  const auto n = m->find(key);
  return n != m->end() && n->is_string() ? n->get<std::string>() : "";
}

std::string name_of(const json& obj) {
  return meta_string(obj, "name");
}

std::string resource_version_of(const json& obj) {
  if (!obj.is_object()) return "";
  const auto m = obj.find("metadata");
  if (m == obj.end() || !m->is_object()) return "";
  const auto rv = m->find("resourceVersion");
  return rv != m->end() && rv->is_string() ? rv->get<std::string>() : "";
}

/// Equal in everything but what every write moves: metadata.resourceVersion, and the time of
/// the writer's managedFields entry (a kwok heartbeat rewrites a node's conditions, which are
/// dropped, and its entry's time, which is not). A change a grade can see changes more than these.
bool same_but_version(json& a, json& b) {
  static constexpr std::array<const char*, 2> kMoved{"resourceVersion", "managedFields"};
  const auto strip = [](json& o) {
    std::array<std::optional<json>, kMoved.size()> out;
    if (!o.is_object() || !o.contains("metadata") || !o["metadata"].is_object()) return out;
    auto& m = o["metadata"];
    for (std::size_t i = 0; i < kMoved.size(); ++i) {
      const auto it = m.find(kMoved[i]);
      if (it == m.end()) continue;
      out[i] = std::move(*it);
      m.erase(kMoved[i]);
    }
    return out;
  };
  const auto restore = [](json& o, auto& kept) {
    for (std::size_t i = 0; i < kMoved.size(); ++i) {
      if (kept[i]) o["metadata"][kMoved[i]] = std::move(*kept[i]);
    }
  };
  auto ka = strip(a);
  auto kb = strip(b);
  const bool same = a == b;
  restore(a, ka);
  restore(b, kb);
  return same;
}

}  // namespace

bool apply_watch_event(json& list, const json& event, Kept kept) {
  if (!event.is_object() || !list.is_object()) return false;
  const std::string type = event.contains("type") && event["type"].is_string() ? event["type"].get<std::string>() : "";
  const auto o = event.find("object");
  if (o == event.end() || !o->is_object() || type == "ERROR") return false;
  if (const std::string rv = resource_version_of(*o); !rv.empty()) {
    if (!list.contains("metadata") || !list["metadata"].is_object()) list["metadata"] = json::object();
    list["metadata"]["resourceVersion"] = rv;
  }
  if (type == "BOOKMARK") return false;
  if (name_of(*o).empty()) return false;
  // A list of one namespace, or of none, is in name order; a list of every namespace in
  // namespace then name order: the order of the apiserver's storage keys either way.
  const auto key_of = [](const json& obj) { return meta_string(obj, "namespace") + "/" + name_of(obj); };
  const std::string name = key_of(*o);
  if (!list.contains("items") || !list["items"].is_array()) list["items"] = json::array();
  json& items = list["items"];
  // As the apiserver lists them (a list that is not in order still finds its item).
  auto at = items.end();
  auto insert_at = items.end();
  for (auto it = items.begin(); it != items.end(); ++it) {
    const std::string n = key_of(*it);
    if (n == name) {
      at = it;
      break;
    }
    if (insert_at == items.end() && n > name) insert_at = it;
  }
  if (type == "DELETED") {
    if (at == items.end()) return false;
    items.erase(at);
    return true;
  }
  if (type != "ADDED" && type != "MODIFIED") return false;
  json item;
  if (kept == Kept::kNodePods) {
    auto view = lab_view_of_node_pod(*o);
    if (!view) return false;  // a pod of the lab's namespace: `pods` has it
    item = std::move(*view);
  } else {
    item = kept == Kept::kNodes ? lab_view_of_node(*o) : *o;
  }
  if (at != items.end()) {
    const bool same = same_but_version(*at, item);
    *at = std::move(item);
    return !same;
  }
  items.insert(insert_at, std::move(item));
  return true;
}

std::string watch_path(std::string_view list_path, std::string_view resource_version, std::chrono::seconds timeout) {
  std::string p(list_path);
  p += p.find('?') == std::string::npos ? '?' : '&';
  p += "watch=1&allowWatchBookmarks=true";
  if (!resource_version.empty()) p += fmt::format("&resourceVersion={}", resource_version);
  p += fmt::format("&timeoutSeconds={}", std::max<long long>(1, timeout.count()));
  return p;
}

bool same_file(const StudentFile& a, const StudentFile& b) {
  return a.state == b.state && a.size == b.size && a.content == b.content && a.reason == b.reason;
}

namespace {

/// What one watch stream follows: a list of the snapshot (or the namespace).
struct Stream {
  unsigned part = 0;
  std::string list_path;
  std::string rv;  ///< where the next (re)start resumes
  std::size_t id = 0;
  int failures = 0;  ///< transport failures in a row
};

class Follower {
 public:
  Follower(const kube::ClientConfig& cfg, const kube::ClientOptions& opts, Snapshot& snap, const FollowOptions& fo)
      : cfg_(cfg), opts_(opts), snap_(snap), fo_(fo) {
    shown_ = kube::redact_url(cfg.server);
    while (!shown_.empty() && shown_.back() == '/') shown_.pop_back();
  }

  FollowStats run(const std::function<bool(const Snapshot&)>& grade,
                  const std::function<void(const std::string&)>& on_fallback) {
    if (fo_.poll_only) {
      stats_.fallback = "--poll";
      poll(grade);
      return stats_;
    }
    std::string why = plan_streams();
    if (why.empty()) why = watch(grade);
    if (!why.empty() && why != kDone && Clock::now() < fo_.deadline) {
      stats_.fallback = why;
      if (on_fallback) on_fallback(why);
      poll(grade);
    }
    return stats_;
  }

 private:
  static constexpr const char* kDone = "done";

  /// The streams the selected checks need, each from the resourceVersion of its first read; or
  /// why there can be none (a first read that failed has no resourceVersion to start from).
  std::string plan_streams() {
    const std::string ns(lab::kNamespace);
    const std::pair<unsigned, Fetched<json>*> lists[] = {
        {kInNodes, &snap_.nodes}, {kInPods, &snap_.pods}, {kInEvents, &snap_.events}, {kInNodePods, &snap_.node_pods}};
    const std::pair<unsigned, std::string> paths[] = {{kInNodes, "/api/v1/nodes"},
                                                      {kInPods, "/api/v1/namespaces/" + ns + "/pods"},
                                                      {kInEvents, "/api/v1/namespaces/" + ns + "/events"},
                                                      {kInNodePods, node_pods_path()}};
    std::string any_rv;
    for (std::size_t i = 0; i < std::size(lists); ++i) {
      if ((fo_.reads & lists[i].first) == 0) continue;
      if (!lists[i].second->ok()) return "the first read of " + paths[i].second + " failed";
      const std::string rv = resource_version_of(lists[i].second->value());
      if (rv.empty()) return "the first read of " + paths[i].second + " has no resourceVersion";
      streams_.push_back(Stream{lists[i].first, paths[i].second, rv});
      any_rv = rv;
    }
    if ((fo_.reads & kInNamespace) != 0) {
      // A namespace that may not exist yet: its watch starts from the newest list read (any
      // resourceVersion is a point in the same history), or from now when there is none.
      if (any_rv.empty() && snap_.namespace_.ok()) any_rv = resource_version_of(snap_.namespace_.value());
      streams_.push_back(Stream{kInNamespace, "/api/v1/namespaces?fieldSelector=metadata.name%3D" + ns, any_rv});
    }
    return "";
  }

  kube::ClientOptions stream_options() const {
    kube::ClientOptions o = opts_;
    o.overall_timeout = std::chrono::milliseconds(0);
    o.request_timeout = left() + std::chrono::seconds(10);
    return o;
  }

  [[nodiscard]] std::chrono::milliseconds left() const {
    return std::max(std::chrono::milliseconds(0),
                    std::chrono::duration_cast<std::chrono::milliseconds>(fo_.deadline - Clock::now()));
  }

  [[nodiscard]] std::string path_of(const Stream& s) const {
    const auto secs = std::chrono::duration_cast<std::chrono::seconds>(left()) + std::chrono::seconds(1);
    return watch_path(s.list_path, s.rv, secs);
  }

  /// The watch loop; returns kDone when `grade` said done or time ran out, else why it must poll.
  std::string watch(const std::function<bool(const Snapshot&)>& grade) {
    kube::Watch w(cfg_, stream_options());
    std::string why = watch_loop(w, grade);
    stats_.requests = base_requests_ += w.requests();
    stats_.bytes_received = base_bytes_ += w.bytes_received();
    return why;
  }

  std::string watch_loop(kube::Watch& w, const std::function<bool(const Snapshot&)>& grade) {
    const auto count = [&] {
      stats_.requests = base_requests_ + w.requests();
      stats_.bytes_received = base_bytes_ + w.bytes_received();
    };
    for (auto& s : streams_) {
      s.id = w.open(path_of(s), s.part == kInNodes);
      ++stats_.watches;
    }
    auto next_files = Clock::now() + fo_.file_poll;
    while (Clock::now() < fo_.deadline) {
      const auto wait =
          std::min(left(), std::max(std::chrono::milliseconds(1),
                                    std::chrono::duration_cast<std::chrono::milliseconds>(next_files - Clock::now())));
      kube::Watch::Batch b = w.wait(wait);
      bool changed = false;
      for (auto& e : b.events) {
        ++stats_.events;
        Stream& s = stream_of(e.stream);
        if (e.event.value("type", "") == "ERROR") {
          return "the watch of " + s.list_path + " answered an error: " + status_line(e.event);
        }
        changed |= apply(s, e.event);
      }
      for (const auto& end : b.ended) {
        Stream& s = stream_of(end.stream);
        if (end.http_status >= 200 && end.http_status < 300 && end.message.empty()) {
          s.failures = 0;
        } else if (end.http_status == 0 && ++s.failures <= 3) {
          std::this_thread::sleep_for(std::chrono::milliseconds(100 * s.failures));
        } else {
          return end.message;
        }
        if (left() > std::chrono::milliseconds(500)) {
          w.reopen(s.id, path_of(s));
          ++stats_.watches;
        }
      }
      if (Clock::now() >= next_files) {
        changed |= reread_files();
        next_files = Clock::now() + fo_.file_poll;
      }
      count();
      if (changed) {
        snap_.taken_at = sys::now_rfc3339();
        ++stats_.grades;
        if (grade(snap_)) return kDone;
      }
    }
    return kDone;
  }

  Stream& stream_of(std::size_t id) {
    for (auto& s : streams_) {
      if (s.id == id) return s;
    }
    return streams_.front();
  }

  static std::string status_line(const json& event) {
    const json& o = event.contains("object") ? event["object"] : event;
    const std::string m = messages::status_message(o, 200);
    const int code = o.is_object() && o.contains("code") && o["code"].is_number_integer() ? o["code"].get<int>() : 0;
    return code != 0 ? fmt::format("{} {}", code, m) : m;
  }

  bool apply(Stream& s, const json& event) {
    const std::string rv = event.contains("object") ? resource_version_of(event["object"]) : "";
    if (!rv.empty()) s.rv = rv;
    if (s.part == kInNamespace) return apply_namespace(event);
    Fetched<json>& f = list_of(s.part);
    json list = std::move(f).take();
    const Kept kept = s.part == kInNodes ? Kept::kNodes : s.part == kInNodePods ? Kept::kNodePods : Kept::kWhole;
    const bool changed = apply_watch_event(list, event, kept);
    f = std::move(list);
    return changed;
  }

  Fetched<json>& list_of(unsigned part) {
    switch (part) {
      case kInNodes: return snap_.nodes;
      case kInPods: return snap_.pods;
      case kInNodePods: return snap_.node_pods;
      default: return snap_.events;
    }
  }

  /// The namespace as GET /api/v1/namespaces/gpu-why would answer now.
  bool apply_namespace(const json& event) {
    const std::string type = event.value("type", "");
    if (type == "BOOKMARK" || !event.contains("object")) return false;
    Fetched<json> now;
    if (type == "DELETED") {
      const std::string path = "/api/v1/namespaces/" + std::string(lab::kNamespace);
      const json status = {{"kind", "Status"},
                           {"code", 404},
                           {"reason", "NotFound"},
                           {"message", fmt::format("namespaces \"{}\" not found", lab::kNamespace)}};
      now = FetchError{ErrorKind::kHttp, 404, kube::explain_http_error("GET", shown_ + path, 404, status, shown_)};
    } else {
      now = event["object"];
    }
    const bool changed =
        now.ok() != snap_.namespace_.ok() || (now.ok() ? !same_copy(now.value(), snap_.namespace_.value())
                                                       : now.error().message != snap_.namespace_.error().message);
    snap_.namespace_ = std::move(now);
    return changed;
  }

  static bool same_copy(const json& a, const json& b) {
    json x = a;
    json y = b;
    return same_but_version(x, y);
  }

  /// The student's files read again; a changed bad manifest is sent as a dry run again.
  bool reread_files() {
    if ((fo_.reads & (kInFiles | kInDryRuns)) == 0) return false;
    auto files = read_student_files(fo_.dir);
    bool changed = false;
    std::vector<std::string> manifests;
    for (auto& [rel, f] : files) {
      if (same_file(f, snap_.file(rel))) continue;
      changed |= (fo_.reads & kInFiles) != 0;
      for (std::string_view m : lab::kDryRunManifests) {
        if (m == rel) manifests.push_back(rel);
      }
    }
    snap_.files = std::move(files);
    if ((fo_.reads & kInDryRuns) != 0 && !manifests.empty()) {
      kube::Client c(cfg_, opts_);
      for (const auto& rel : manifests) snap_.dry_runs[rel] = dry_run_of(c, rel, snap_.file(rel), fo_.dry_run);
      base_requests_ += c.requests();
      base_bytes_ += c.bytes_received();
      changed = true;
    }
    return changed;
  }

  /// The fallback: a whole new snapshot every poll_every, graded when it differs.
  void poll(const std::function<bool(const Snapshot&)>& grade) {
    while (Clock::now() + fo_.poll_every < fo_.deadline) {
      std::this_thread::sleep_for(fo_.poll_every);
      kube::Client c(cfg_, opts_);
      Snapshot next = collect(c, CollectOptions{fo_.dir, fo_.dry_run});
      base_requests_ += c.requests();
      base_bytes_ += c.bytes_received();
      stats_.requests = base_requests_;
      stats_.bytes_received = base_bytes_;
      snap_ = std::move(next);
      ++stats_.grades;
      if (grade(snap_)) return;
    }
  }

  const kube::ClientConfig& cfg_;
  kube::ClientOptions opts_;
  Snapshot& snap_;
  const FollowOptions& fo_;
  std::string shown_;
  std::vector<Stream> streams_;
  FollowStats stats_;
  int base_requests_ = 0;
  std::size_t base_bytes_ = 0;
};

}  // namespace

FollowStats follow(const kube::ClientConfig& cfg, const kube::ClientOptions& opts, Snapshot& snap,
                   const FollowOptions& fo, const std::function<bool(const Snapshot&)>& grade,
                   const std::function<void(const std::string&)>& on_fallback) {
  Follower f(cfg, opts, snap, fo);
  return f.run(grade, on_fallback);
}

}  // namespace gpuwhy
