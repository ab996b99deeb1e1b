// Collect once: the fixed list of apiserver reads, the dry-run creates of step 3 and the
// student's files, each recorded as a value or its own error.
#include "gpuwhy/collect/collect.h"

#include <algorithm>
#include <cctype>
#include <optional>
#include <utility>
#include <variant>

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdlib>
#include <cstring>

#include <fmt/format.h>
#include <fmt/ranges.h>

#include "gpuwhy/base/files.h"
#include "gpuwhy/base/sys.h"
#include "gpuwhy/base/text.h"
#include "gpuwhy/k8s/manifest.h"
#include "gpuwhy/k8s/messages.h"
#include "gpuwhy/kube/paging.h"
#include "gpuwhy/lab/lab.h"

namespace gpuwhy {

namespace {

using nlohmann::json;
using State = StudentFile::State;

StudentFile make(State state, std::string reason, std::size_t size = 0) {
  StudentFile f;
  f.state = state;
  f.reason = std::move(reason);
  f.size = size;
  return f;
}

std::string too_large(std::size_t size) {
  return fmt::format("{} bytes, larger than the {} byte limit", size, lab::kMaxFileBytes);
}

using files::Fd;

/// realpath(3) as a string; nullopt (errno set) when the path does not resolve.
std::optional<std::string> real_path(const std::string& path) {
  char* r = ::realpath(path.c_str(), nullptr);
  if (r == nullptr) return std::nullopt;
  std::string out(r);
  std::free(r);  // NOLINT(cppcoreguidelines-no-malloc): realpath allocates with malloc
  return out;
}

/// Whether the resolved `real` lies inside the resolved lab folder `root`.
bool inside(const std::string& real, const std::string& root) {
  if (root == "/") return true;
  return real.size() > root.size() && real.compare(0, root.size(), root) == 0 && real[root.size()] == '/';
}

std::vector<std::string> components(std::string_view rel) {
  std::vector<std::string> out;
  std::size_t i = 0;
  while (i <= rel.size()) {
    const std::size_t j = std::min(rel.find('/', i), rel.size());
    if (j > i) out.emplace_back(rel.substr(i, j - i));
    i = j + 1;
  }
  return out;
}

/// The lab folder, resolved once and held open: every student file is opened beneath it.
struct LabRoot {
  std::string dir;   ///< as given
  std::string real;  ///< realpath of dir
  Fd fd{-1};
};

/// The first symbolic link on the way to `rel` whose resolution leaves the lab folder, as
/// "rel-prefix -> target" (what the student wrote), for the failure message.
std::string escaping_link(const LabRoot& root, std::string_view rel) {
  std::string prefix;
  for (const auto& c : components(rel)) {
    prefix += prefix.empty() ? c : "/" + c;
    const std::string p = root.dir + "/" + prefix;
    struct stat st {};
    if (::lstat(p.c_str(), &st) != 0 || !S_ISLNK(st.st_mode)) continue;
    const auto r = real_path(p);
    if (r && inside(*r, root.real)) continue;
    char target[4096];
    const ssize_t n = ::readlink(p.c_str(), target, sizeof target - 1);
    return fmt::format("{} -> {}", prefix, n > 0 ? std::string(target, static_cast<std::size_t>(n)) : "?");
  }
  return std::string(rel);
}

/// Opens the symlink-free `comps` beneath `root_fd`, one component at a time with O_NOFOLLOW:
/// a link swapped in after the containment check fails the open (ELOOP/ENOTDIR) instead of
/// leading out of the folder. The file itself is opened non-blocking (a FIFO never hangs).
Fd open_beneath(int root_fd, const std::vector<std::string>& comps) {
  Fd dir(::dup(root_fd));
  if (dir.get() < 0) return Fd(-1);
  for (std::size_t i = 0; i + 1 < comps.size(); ++i) {
    Fd next(::openat(dir.get(), comps[i].c_str(), O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC));
    if (next.get() < 0) return Fd(-1);
    dir = std::move(next);
  }
  if (comps.empty()) return Fd(-1);
  return Fd(::openat(dir.get(), comps.back().c_str(), O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC | O_NOCTTY));
}

/// The file opened as `fd` beneath the lab folder: its type, names and size checked before any read.
StudentFile read_opened(const Fd& fd) {
  struct stat st {};
  if (::fstat(fd.get(), &st) != 0) return make(State::kUnreadable, std::strerror(errno));
  if (!S_ISREG(st.st_mode))
    return make(State::kNotRegular, fmt::format("is {}, not a file", files::kind_of(st.st_mode)));
  // O_NOFOLLOW stops symbolic links, not hard links: a second name of a file outside the lab
  // folder (on the same filesystem) is the same inode. Any regular file with more than one link
  // may be one, so none is read (the identity checked is the descriptor's, not the path's).
  if (st.st_nlink > 1)
    return make(
        State::kHardLink,
        fmt::format("a hard link ({} names for one file) may lead outside the lab folder; not read", st.st_nlink));
  const auto size = static_cast<std::size_t>(st.st_size);
  if (size > lab::kMaxFileBytes) return make(State::kTooLarge, too_large(size), size);

  auto buf = sys::read_bounded(fd.get(), lab::kMaxFileBytes, size);
  if (!buf) return make(State::kUnreadable, fmt::format("read error: {}", std::strerror(errno)), size);
  const std::size_t got = buf->size();
  if (got > lab::kMaxFileBytes) return make(State::kTooLarge, too_large(got) + " (grew while reading)", got);
  StudentFile f;
  f.state = State::kOk;
  f.content = std::move(*buf);
  f.size = got;
  return f;
}

/// One file, never read beyond lab::kMaxFileBytes + 1 bytes, never outside the lab folder,
/// never throwing.
StudentFile read_one(const LabRoot& root, std::string_view rel) {
  const std::string path = root.dir + "/" + std::string(rel);
  struct stat lst {};
  if (::lstat(path.c_str(), &lst) != 0) {
    if (errno == ENOENT || errno == ENOTDIR) return make(State::kMissing, "not found");
    if (errno == EACCES) return make(State::kUnreadable, "permission denied (on a folder in the path)");
    if (errno == ELOOP) return make(State::kUnreadable, "symbolic link loop");
    return make(State::kUnreadable, std::strerror(errno));
  }
  const auto real = real_path(path);
  if (!real) {
    if (errno == ENOENT || errno == ENOTDIR) {
      if (S_ISLNK(lst.st_mode)) {
        char target[4096];
        const ssize_t n = ::readlink(path.c_str(), target, sizeof target - 1);
        const std::string to = n > 0 ? std::string(target, static_cast<std::size_t>(n)) : std::string("?");
        return make(State::kMissing, fmt::format("dangling symbolic link (points to {}, which does not exist)", to));
      }
      return make(State::kMissing, "not found");
    }
    if (errno == ELOOP) return make(State::kUnreadable, "symbolic link loop");
    if (errno == EACCES) return make(State::kUnreadable, "permission denied (on a folder in the path)");
    return make(State::kUnreadable, std::strerror(errno));
  }
  // A link that leaves the lab folder is never followed: nothing of its target is read (as root,
  // it could be /etc/shadow or the cluster's client key).
  if (!inside(*real, root.real)) {
    return make(State::kUnreadable,
                fmt::format("symbolic link {} leads outside the lab folder; not read", escaping_link(root, rel)));
  }
  Fd fd = open_beneath(root.fd.get(), components(std::string_view(*real).substr(root.real.size() + 1)));
  if (fd.get() < 0) {
    if (errno == EACCES || errno == EPERM) return make(State::kUnreadable, "permission denied");
    if (errno == ENOENT) return make(State::kMissing, "not found (removed while reading)");
    if (errno == ELOOP || errno == ENOTDIR)
      return make(State::kUnreadable, "changed into a symbolic link while reading");
    return make(State::kUnreadable, std::strerror(errno));
  }
  return read_opened(fd);
}

Fetched<json> fetch(kube::Client& client, const std::string& path, bool nodes) {
  try {
    return client.get_json(path, nodes);
  } catch (const kube::HttpError& e) {
    return FetchError{ErrorKind::kHttp, e.http_status(), e.what()};
  } catch (const Error& e) {
    return FetchError{e.kind(), 0, e.what(), e.id(), e.args()};
  } catch (const std::exception& e) {
    return FetchError{ErrorKind::kTransport, 0, fmt::format("GET {}: {}", path, e.what())};
  }
}

/// What a GET of the fixed list must answer: an object, and for a List an `items` array. An
/// apiserver never answers anything else (a proxy or a fake in between might), so another
/// shape is an error of the environment (kParse), not the student's state.
std::optional<std::string> wrong_shape(const json& v, std::string_view list_kind) {
  if (!v.is_object()) return fmt::format("JSON {} instead of an object", v.type_name());
  if (list_kind.empty()) return std::nullopt;
  const auto it = v.find("items");
  if (it != v.end() && !it->is_array() && !it->is_null()) {
    return fmt::format("a {} whose items is JSON {}, not an array", list_kind, it->type_name());
  }
  return std::nullopt;
}

FetchError fetch_error_of(const Error& e) {
  return FetchError{e.kind(), 0, e.what(), e.id(), e.args()};
}

FetchError skipped(const std::string& why) {
  return FetchError{ErrorKind::kSkipped, 0, why};
}

/// The manifest as the one Pod to send, or the reason it is not sent.
std::variant<json, FetchError> pod_to_send(const std::string& rel, const StudentFile& f) {
  if (f.state != State::kOk)
    return skipped(fmt::format("{}: {}", rel, f.reason.empty() ? to_string(f.state) : f.reason));
  std::string why;
  auto decoded = k8s::manifest_text(f.content, &why);
  if (!decoded) return skipped(fmt::format("{}: {}", rel, why));
  std::vector<json> docs;
  try {
    docs = k8s::load_manifest(*decoded, rel);
  } catch (const Error& e) {
    return skipped(e.what());
  }
  auto pick = k8s::pick_pod(std::move(docs));
  if (!pick.pod) {
    return skipped(
        fmt::format("{}: {} (documents: {})", rel, pick.reason,
                    pick.kinds.empty() ? std::string("none") : fmt::format("{}", fmt::join(pick.kinds, ", "))));
  }
  json pod = std::move(*pick.pod);
  // Always sent to the lab namespace: a namespace in the manifest is dropped, not followed.
  if (pod.contains("metadata") && pod["metadata"].is_object()) pod["metadata"].erase("namespace");
  return pod;
}

/// Copies `from[key]` into `to[key]` when it is there.
void keep(const json& from, json& to, const std::string& key) {
  if (const auto it = from.find(key); it != from.end()) to[key] = *it;
}

/// A list answer's kind, apiVersion and resourceVersion, with no items yet.
json list_head(const json& answer) {
  json list = json::object();
  keep(answer, list, "kind");
  keep(answer, list, "apiVersion");
  if (const auto m = answer.find("metadata"); m != answer.end() && m->is_object())
    keep(*m, list["metadata"], "resourceVersion");
  list["items"] = json::array();
  return list;
}

}  // namespace

json lab_view_of_node(json node) {
  if (!node.is_object()) return node;
  const json* meta = node.contains("metadata") && node["metadata"].is_object() ? &node["metadata"] : nullptr;
  if (meta == nullptr || !meta->contains("name") || (*meta)["name"] == lab::kGpuNode) return node;
  json out = json::object();
  json& m = out["metadata"] = json::object();
  keep(*meta, m, "name");
  if (const auto l = meta->find("labels"); l != meta->end() && l->is_object()) {
    json labels = json::object();
    for (const auto& gl : lab::kGpuLabels) keep(*l, labels, std::string(gl.key));
    if (!labels.empty()) m["labels"] = std::move(labels);
  }
  if (const auto sp = node.find("spec"); sp != node.end() && sp->is_object()) {
    json& spec = out["spec"] = json::object();
    keep(*sp, spec, "taints");
    keep(*sp, spec, "unschedulable");
  }
  if (const auto st = node.find("status"); st != node.end() && st->is_object()) {
    json& status = out["status"] = json::object();
    for (const char* map : {"capacity", "allocatable"}) {
      const auto it = st->find(map);
      if (it == st->end() || !it->is_object()) continue;
      json& amounts = status[map] = json::object();
      keep(*it, amounts, std::string(lab::kResource));
    }
  }
  return out;
}

std::optional<json> lab_view_of_node_pod(const json& pod) {
  if (!pod.is_object()) return std::nullopt;
  const auto meta = pod.find("metadata");
  if (meta == pod.end() || !meta->is_object()) return std::nullopt;
  if (const auto ns = meta->find("namespace"); ns != meta->end() && *ns == lab::kNamespace) return std::nullopt;
  json out = json::object();
  json& m = out["metadata"] = json::object();
  for (const char* k :
       {"name", "namespace", "uid", "resourceVersion", "creationTimestamp", "deletionTimestamp", "labels"})
    keep(*meta, m, k);
  if (const auto sp = pod.find("spec"); sp != pod.end() && sp->is_object()) {
    json& spec = out["spec"] = json::object();
    for (const char* k : {"nodeName", "overhead", "resources"}) keep(*sp, spec, k);
    for (const char* list : {"containers", "initContainers"}) {
      const auto cs = sp->find(list);
      if (cs == sp->end() || !cs->is_array()) continue;
      json& kept = spec[list] = json::array();
      for (const auto& c : *cs) {
        json one = json::object();
        if (c.is_object()) {
          for (const char* k : {"name", "resources", "restartPolicy"}) keep(c, one, k);
          // The host ports it holds on the node (the NodePorts filter's): no other port.
          if (const auto ports = c.find("ports"); ports != c.end() && ports->is_array()) {
            for (const auto& p : *ports) {
              if (p.is_object() && p.contains("hostPort")) one["ports"].push_back(p);
            }
          }
        }
        kept.push_back(std::move(one));
      }
    }
  }
  if (const auto st = pod.find("status"); st != pod.end() && st->is_object()) {
    json& status = out["status"] = json::object();
    keep(*st, status, "phase");
  }
  return out;
}

namespace {

constexpr std::string_view kNodesPath = "/api/v1/nodes";

/// Every node, a page of kNodePage at a time (kube::read_pages), each node but the GPU node cut
/// to the lab's view of it as its page arrives: memory holds one page and a few fields per
/// other node, however many nodes the cluster has. A chain of more than kube::kMaxListPages
/// pages, or pages that hold more than `budget` allows, is an error of the environment (kParse).
template <class Get>
Fetched<json> get_nodes(const Get& get, kube::ListBudget& budget) {
  json list;
  std::optional<FetchError> failed;
  const auto page = [&get, &failed](const std::string& path) -> std::optional<json> {
    Fetched<json> f = get(path, "NodeList");
    if (f.ok()) return std::move(f).take();
    failed = f.error();
    return std::nullopt;
  };
  const auto take = [&list](json& p) {
    if (list.is_null()) list = list_head(p);
    if (auto it = p.find("items"); it != p.end() && it->is_array()) {
      for (auto& n : *it) list["items"].push_back(lab_view_of_node(std::move(n)));
    }
  };
  try {
    kube::read_pages(std::string(kNodesPath), page, take, kube::kMaxListPages, kNodePage, &budget);
  } catch (const Error& e) {
    return fetch_error_of(e);
  }
  if (failed) return *failed;
  return list;
}

}  // namespace

std::map<std::string, StudentFile> read_student_files(const std::string& dir) {
  std::map<std::string, StudentFile> out;
  if (dir.empty()) {
    for (std::string_view rel : lab::kStudentFiles)
      out[std::string(rel)] = make(State::kMissing, "no lab folder was given");
    return out;
  }
  LabRoot root;
  root.dir = dir;
  if (auto r = real_path(dir)) {
    root.real = std::move(*r);
    root.fd = Fd(::open(root.real.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC));
  }
  if (root.fd.get() < 0) {
    const int err = errno;
    const bool missing = err == ENOENT || err == ENOTDIR;
    const std::string why =
        missing ? std::string("not found") : fmt::format("lab folder {}: {}", dir, std::strerror(err));
    const State st = missing ? State::kMissing : State::kUnreadable;
    for (std::string_view rel : lab::kStudentFiles) out[std::string(rel)] = make(st, why);
    return out;
  }
  for (std::string_view rel : lab::kStudentFiles) {
    try {
      out[std::string(rel)] = read_one(root, rel);
    } catch (const std::exception& e) {  // bad_alloc; nothing else throws
      out[std::string(rel)] = make(State::kUnreadable, e.what());
    }
  }
  return out;
}

namespace {

/// The server-side dry-run create of the manifest `rel` (step 3), or why it was not sent: turned
/// off, a manifest that is not one Pod, or an apiserver already found unreachable.
Fetched<HttpAnswer> dry_run(kube::Client& client, const std::variant<json, FetchError>& pod,
                            const std::optional<FetchError>& unreachable) {
  if (const auto* err = std::get_if<FetchError>(&pod)) return *err;
  const std::string path = dry_run_path();
  if (unreachable) return *unreachable;
  try {
    return client.post_json(path, std::get<json>(pod));
  } catch (const Error& e) {
    return FetchError{e.kind(), 0, e.what(), e.id(), e.args()};
  } catch (const std::exception& e) {
    return FetchError{ErrorKind::kTransport, 0, fmt::format("POST {}: {}", path, e.what())};
  }
}

/// What the dry run of `rel` sends: the Pod, or why nothing is sent (turned off, not one Pod).
std::variant<json, FetchError> dry_run_pod(const std::string& rel, const StudentFile& file, bool enabled) {
  if (!enabled) return skipped(std::string(kDryRunOff));
  return pod_to_send(rel, file);
}

using PodsToSend = std::map<std::string, std::variant<json, FetchError>>;

/// The GETs of the fixed list after /version.
struct FixedPaths {
  std::string namespace_ = fmt::format("/api/v1/namespaces/{}", lab::kNamespace);
  std::string kube_system = "/api/v1/namespaces/kube-system";
  std::string first_node_page = kube::page_path(std::string(kNodesPath), kNodePage);  // as get_nodes asks it
  std::string pods = namespace_ + "/pods";
  std::string events = namespace_ + "/events";
  std::string node_pods = node_pods_path();
};

/// The server URL as messages show it: no userinfo, no trailing slash.
std::string shown_server(const std::string& server) {
  std::string shown = kube::redact_url(server);
  while (!shown.empty() && shown.back() == '/') shown.pop_back();
  return shown;
}

/// What each dry run of the lab sends (dry_run_pod), by manifest.
PodsToSend dry_run_pods(const Snapshot& s, bool enabled) {
  PodsToSend out;
  for (std::string_view rel_view : lab::kDryRunManifests) {
    const std::string rel(rel_view);
    out.emplace(rel, dry_run_pod(rel, s.file(rel), enabled));
  }
  return out;
}

/// Starts the GETs of `paths` and the dry runs of `to_send` at once, beside /version (which
/// opens the connection: a server that cannot be reached gets /version alone, see
/// Client::prefetch_get). collect still takes each answer, checks and records it in the fixed
/// order, exactly as if asked then, so the snapshot and its errors never depend on which
/// answer came first.
void start_ahead(kube::Client& client, const FixedPaths& paths, const PodsToSend& to_send) {
  for (const std::string* p :
       {&paths.namespace_, &paths.kube_system, &paths.first_node_page, &paths.pods, &paths.events, &paths.node_pods}) {
    client.prefetch_get(*p);
  }
  for (const auto& [rel, pod] : to_send) {
    if (const json* p = std::get_if<json>(&pod)) client.prefetch_post(dry_run_path(), *p);
  }
}

}  // namespace

Fetched<HttpAnswer> dry_run_of(kube::Client& client, const std::string& rel, const StudentFile& file, bool enabled) {
  return dry_run(client, dry_run_pod(rel, file, enabled), std::nullopt);
}

std::string node_pods_path() {
  return fmt::format("/api/v1/pods?fieldSelector=spec.nodeName%3D{}", lab::kGpuNode);
}

namespace {

/// A PodList answer as Snapshot::node_pods keeps it: its kind, apiVersion and resourceVersion,
/// and lab_view_of_node_pod of each item that has one; an error as it is.
Fetched<json> node_pods_of(Fetched<json> answer) {
  if (!answer.ok()) return answer;
  json list = std::move(answer).take();
  if (!list.is_object()) return list;
  json out = list_head(list);
  json& items = out["items"];
  if (const auto it = list.find("items"); it != list.end() && it->is_array()) {
    for (const auto& p : *it) {
      if (auto v = lab_view_of_node_pod(p)) items.push_back(std::move(*v));
    }
  }
  return out;
}

}  // namespace

std::string dry_run_path() {
  return fmt::format("/api/v1/namespaces/{}/pods?dryRun=All", lab::kNamespace);
}

Snapshot collect(kube::Client& client, const CollectOptions& opts) {
  Snapshot s;
  s.taken_at = sys::now_rfc3339();
  s.source = "live " + kube::redact_url(client.config().server);
  s.lab_dir = opts.dir;
  s.live_collected = true;
  s.warnings = client.config().warnings;
  client.prefetch_get("/version");  // the connection opens while the files are read (start_ahead)
  s.files = read_student_files(opts.dir);

  // When the apiserver cannot be reached at all (refused, DNS, timeout, TLS), every later
  // request would fail the same way after its own timeout: the first such failure stands for
  // the rest, so a dead server costs one timeout, not seven. HTTP errors (401, 403, 404, 5xx)
  // are per item and never short-circuit.
  std::optional<FetchError> unreachable;
  // Every list read shares one budget: no answers, however many or fat, hold more.
  kube::ListBudget budget(client.options());
  const std::string shown = shown_server(client.config().server);
  const auto get = [&](const std::string& path, std::string_view list_kind) -> Fetched<json> {
    if (unreachable) return *unreachable;
    Fetched<json> f = fetch(client, path, list_kind == "NodeList");
    if (!f.ok() && (f.error().kind == ErrorKind::kTransport || f.error().kind == ErrorKind::kTls)) {
      unreachable = f.error();
    }
    if (f.ok()) {
      if (auto why = wrong_shape(f.value(), list_kind)) {
        return FetchError{ErrorKind::kParse, 0,
                          fmt::format("GET {}{}: not an apiserver answer: {}", shown, path, *why)};
      }
      // The node pages are charged by the pager; every other list here is one answer.
      if (!list_kind.empty() && list_kind != "NodeList") {
        try {
          budget.charge(path, f.value());
        } catch (const Error& e) {
          return fetch_error_of(e);
        }
      }
    }
    return f;
  };
  const FixedPaths paths;
  const PodsToSend to_send = dry_run_pods(s, opts.dry_run);
  start_ahead(client, paths, to_send);

  s.version = get("/version", "");
  s.namespace_ = get(paths.namespace_, "");
  // Its uid names the cluster (a bundle copied from another student's cluster shows). Only
  // recorded: a 403 or 404 here is never an error of the run (fetch_errors leaves it out).
  s.kube_system = get(paths.kube_system, "");
  s.nodes = get_nodes(get, budget);
  s.pods = get(paths.pods, "PodList");
  s.events = get(paths.events, "EventList");
  s.node_pods = node_pods_of(get(paths.node_pods, "PodList"));
  for (std::string_view rel_view : lab::kDryRunManifests) {
    const std::string rel(rel_view);
    s.dry_runs[rel] = dry_run(client, to_send.at(rel), unreachable);
  }
  s.requests = client.requests();
  s.bytes_received = client.bytes_received();
  return s;
}

std::vector<FetchError> fetch_errors(const Snapshot& snap) {
  std::vector<FetchError> out;
  const auto add = [&out](const FetchError& e) {
    if (e.kind == ErrorKind::kSkipped || e.message.empty()) return;
    const auto same = [&e](const FetchError& o) { return o.message == e.message; };
    if (std::none_of(out.begin(), out.end(), same)) out.push_back(e);
  };
  for (const auto* f : {&snap.version, &snap.namespace_, &snap.nodes, &snap.pods, &snap.events, &snap.node_pods}) {
    // A missing namespace is the student's state (step 1 fails on it), not a broken environment.
    if (f == &snap.namespace_ && !f->ok() && f->error().http_status == 404) continue;
    if (!f->ok()) add(f->error());
  }
  // A dry run the apiserver answered, but not with a verdict on the manifest (the statuses that
  // make step3.apiserver-rejects an error).
  std::string server = snap.source.rfind("live ", 0) == 0 ? snap.source.substr(5) : snap.source;
  while (!server.empty() && server.back() == '/') server.pop_back();
  const std::string path = dry_run_path();
  for (const auto& [rel, d] : snap.dry_runs) {
    if (!d.ok()) {
      add(d.error());
      continue;
    }
    const int st = d.value().status;
    if (messages::dry_run_answer_is_environment(st)) {
      add(FetchError{ErrorKind::kHttp, st,
                     fmt::format("{} (dry run of {})",
                                 kube::explain_http_error("POST", server + path, st, d.value().body, server), rel)});
    }
  }
  return out;
}

Snapshot collect_files_only(const CollectOptions& opts, const FetchError& why) {
  Snapshot s;
  s.taken_at = sys::now_rfc3339();
  s.lab_dir = opts.dir;
  s.files = read_student_files(opts.dir);
  s.version = why;
  s.namespace_ = why;
  s.nodes = why;
  s.pods = why;
  s.events = why;
  s.node_pods = why;
  for (std::string_view rel : lab::kDryRunManifests) s.dry_runs[std::string(rel)] = why;
  return s;
}

}  // namespace gpuwhy
