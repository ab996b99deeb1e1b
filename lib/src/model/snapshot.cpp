#include "gpuwhy/model/snapshot.h"

#include <algorithm>
#include <cstdint>
#include <map>
#include <string>
#include <utility>

#include <fmt/format.h>

#include "gpuwhy/base/base64.h"
#include "gpuwhy/base/text.h"
#include "gpuwhy/json/pointer.h"
#include "gpuwhy/lab/lab.h"

namespace gpuwhy {

using nlohmann::json;

std::string to_string(StudentFile::State state) {
  switch (state) {
    case StudentFile::State::kOk: return "ok";
    case StudentFile::State::kMissing: return "missing";
    case StudentFile::State::kNotRegular: return "not-regular";
    case StudentFile::State::kTooLarge: return "too-large";
    case StudentFile::State::kUnreadable: return "unreadable";
    case StudentFile::State::kHardLink: return "hard-link";
  }
  return "unknown";
}

const StudentFile& Snapshot::file(std::string_view rel) const {
  static const StudentFile kNotCollected{StudentFile::State::kMissing, "", "not collected", 0};
  auto it = files.find(std::string(rel));
  return it == files.end() ? kNotCollected : it->second;
}

std::string Snapshot::server_version() const {
  if (!version.ok()) return "";
  const auto& v = version.value();
  if (v.is_object() && v.contains("gitVersion") && v["gitVersion"].is_string()) {
    return v["gitVersion"].get<std::string>();
  }
  return "";
}

namespace {

const std::map<std::string, ErrorKind>& kinds_by_name() {
  static const std::map<std::string, ErrorKind> kMap = [] {
    std::map<std::string, ErrorKind> m;
    for (auto k : {ErrorKind::kUsage, ErrorKind::kConfig, ErrorKind::kTransport, ErrorKind::kTls, ErrorKind::kHttp,
                   ErrorKind::kParse, ErrorKind::kIo, ErrorKind::kSkipped}) {
      m[to_string(k)] = k;
    }
    return m;
  }();
  return kMap;
}

json error_to_json(const FetchError& e) {
  return json{{"kind", to_string(e.kind)}, {"http_status", e.http_status}, {"message", e.message}};
}

// The bundle's fault, told in the reader's language where it is printed: a field missing, the
// top-level shape (not a bundle at all), or another reason (which stays English, a detail).
[[noreturn]] void bad(const std::string& origin, const std::string& field, const std::string& why,
                      const char* id = nullptr, std::map<std::string, std::string> args = {}) {
  args.insert({{"path", origin}, {"field", field}, {"reason", why}});
  if (id == nullptr) id = why == "missing" ? "input.bundle-missing" : "input.bundle-field";
  throw Error(ErrorKind::kParse, fmt::format("bundle {}: field \"{}\": {}", origin, field, why), id, std::move(args));
}

const json& need(const json& obj, const char* key, const std::string& origin, const std::string& path) {
  if (!obj.is_object() || !obj.contains(key)) bad(origin, path + key, "missing");
  return obj.at(key);
}

json& need(json& obj, const char* key, const std::string& origin, const std::string& path) {
  if (!obj.is_object() || !obj.contains(key)) bad(origin, path + key, "missing");
  return obj.at(key);
}

std::string need_string(const json& obj, const char* key, const std::string& origin, const std::string& path) {
  const json& v = need(obj, key, origin, path);
  if (!v.is_string()) bad(origin, path + key, "not a string");
  return v.get<std::string>();
}

/// An HTTP status: an integer from 0 (no answer) to 999, never wrapped into an int.
int need_status(const json& v, const std::string& origin, const std::string& field) {
  if (!v.is_number_integer()) bad(origin, field, "not an integer");
  const bool in_range = v.is_number_unsigned() ? v.get<std::uint64_t>() <= 999
                                               : v.get<std::int64_t>() >= 0 && v.get<std::int64_t>() <= 999;
  if (!in_range) bad(origin, field, fmt::format("{} is not an HTTP status (0-999)", v.dump()));
  return v.get<int>();
}

/// An optional field: absent or null is fine; any other type than `is` is an error.
template <class Pred>
bool optional_field(const json& obj, const char* key, Pred is, const char* type, const std::string& origin,
                    const std::string& path) {
  if (!obj.contains(key) || obj[key].is_null()) return false;
  if (!is(obj[key])) bad(origin, path + key, fmt::format("not {}", type));
  return true;
}

/// What a live item of a bundle must hold: an object, and for a list an `items` array (the
/// shape collect() accepts from an apiserver). Anything else is a broken bundle, not the
/// student's state.
void check_shape(const json& v, bool list, const std::string& origin, const std::string& field) {
  if (!v.is_object()) bad(origin, field, fmt::format("JSON {} instead of an object", v.type_name()));
  if (list && v.contains("items") && !v["items"].is_array() && !v["items"].is_null()) {
    bad(origin, field + ".items", "not an array");
  }
}

FetchError error_from_json(const json& j, const std::string& origin, const std::string& path) {
  FetchError e;
  const std::string kind = need_string(j, "kind", origin, path);
  auto it = kinds_by_name().find(kind);
  if (it == kinds_by_name().end()) bad(origin, path + "kind", "unknown error kind \"" + kind + "\"");
  e.kind = it->second;
  e.message = need_string(j, "message", origin, path);
  if (j.contains("http_status")) e.http_status = need_status(j["http_status"], origin, path + "http_status");
  return e;
}

json fetched_to_json(const Fetched<json>& f) {
  if (f.ok()) return json{{"value", f.value()}};
  return json{{"error", error_to_json(f.error())}};
}

// The value is moved out of the parsed bundle (which is dropped afterwards): a bundle's cluster
// answers are most of its bytes, and a copy of them would cost as much as parsing them.
Fetched<json> fetched_from_json(json& j, const std::string& origin, const std::string& path, bool list) {
  if (!j.is_object()) bad(origin, path, "not an object");
  if (auto v = j.find("value"); v != j.end()) {
    check_shape(*v, list, origin, path + ".value");
    return std::move(*v);
  }
  if (j.contains("error")) return error_from_json(j["error"], origin, path + ".error.");
  bad(origin, path, "has neither \"value\" nor \"error\"");
}

// A catalog text as {"id", "args"} (rendered in the reader's language when graded); a text with
// no id as the string it is.
json warnings_json(const std::vector<Msg>& warnings) {
  json out = json::array();
  for (const Msg& w : warnings) {
    if (w.id.empty()) {
      const auto t = w.args.find("text");
      out.push_back(t == w.args.end() ? std::string() : t->second);
    } else {
      out.push_back({{"id", w.id}, {"args", w.args}});
    }
  }
  return out;
}

}  // namespace

json to_bundle(const Snapshot& snap) {
  json b;
  b["schema_version"] = kBundleSchemaVersion;
  b["kind"] = "gpuwhy-bundle";
  b["gpuwhy_version"] = GPUWHY_VERSION;
  b["lab_id"] = std::string(lab::kLabId);
  b["taken_at"] = snap.taken_at;
  b["source"] = snap.source;
  b["lab_dir"] = snap.lab_dir;
  if (!snap.student.empty()) b["student"] = snap.student;
  b["server_version"] = snap.server_version();
  b["live_collected"] = snap.live_collected;
  b["requests"] = snap.requests;
  b["bytes_received"] = snap.bytes_received;
  b["warnings"] = warnings_json(snap.warnings);
  json cluster = json::object();
  cluster["version"] = fetched_to_json(snap.version);
  cluster["namespace"] = fetched_to_json(snap.namespace_);
  // Optional: an unset kube_system (a files-only snapshot, an old bundle read back) is left out.
  if (snap.kube_system.ok() || snap.kube_system.error().kind != ErrorKind::kSkipped) {
    cluster["kube_system"] = fetched_to_json(snap.kube_system);
  }
  cluster["nodes"] = fetched_to_json(snap.nodes);
  cluster["pods"] = fetched_to_json(snap.pods);
  // Optional as kube_system is: an old bundle read back has none.
  if (snap.node_pods.ok() || snap.node_pods.error().kind != ErrorKind::kSkipped) {
    cluster["node_pods"] = fetched_to_json(snap.node_pods);
  }
  cluster["events"] = fetched_to_json(snap.events);
  b["cluster"] = cluster;
  json dry = json::object();
  for (const auto& [path, f] : snap.dry_runs) {
    if (f.ok()) {
      dry[path] = json{{"value", json{{"status", f.value().status}, {"body", f.value().body}}}};
    } else {
      dry[path] = json{{"error", error_to_json(f.error())}};
    }
  }
  b["dry_runs"] = dry;
  json files = json::object();
  for (const auto& [path, f] : snap.files) {
    json fj{{"state", to_string(f.state)}, {"size", f.size}};
    if (!f.reason.empty()) fj["reason"] = f.reason;
    if (f.state == StudentFile::State::kOk) {
      // JSON strings must be UTF-8: anything else is kept byte-exact in base64.
      if (text::valid_utf8(f.content)) {
        fj["content"] = f.content;
      } else {
        fj["content_base64"] = base64::encode(f.content);
      }
    }
    files[path] = fj;
  }
  b["files"] = files;
  return b;
}

namespace {

bool is_string(const json& v) {
  return v.is_string();
}

/// The optional top-level fields of a bundle (lab_dir, student, live_collected, requests, bytes_received,
/// warnings) into `s`.
void optional_fields_from_json(const json& b, const std::string& origin, Snapshot& s) {
  if (optional_field(b, "lab_dir", is_string, "a string", origin, "")) s.lab_dir = b["lab_dir"].get<std::string>();
  // A name the student wrote: one line (no control character reaches a report or a file name).
  if (optional_field(b, "student", is_string, "a string", origin, "")) {
    s.student = text::one_line(b["student"].get_ref<const std::string&>(), kMaxStudentBytes);
  }
  if (optional_field(
          b, "live_collected", [](const json& v) { return v.is_boolean(); }, "true or false", origin, "")) {
    s.live_collected = b["live_collected"].get<bool>();
  }
  if (optional_field(
          b, "requests",
          [](const json& v) {
            // Parsed text gives an unsigned number, a Snapshot written back a signed one.
            return v.is_number_unsigned()
                       ? v.get<std::uint64_t>() <= 1'000'000
                       : v.is_number_integer() && v.get<std::int64_t>() >= 0 && v.get<std::int64_t>() <= 1'000'000;
          },
          "a small non-negative integer", origin, "")) {
    s.requests = b["requests"].get<int>();
  }
  if (optional_field(
          b, "bytes_received",
          [](const json& v) { return v.is_number_unsigned() || (v.is_number_integer() && v.get<std::int64_t>() >= 0); },
          "a non-negative integer", origin, "")) {
    s.bytes_received = b["bytes_received"].get<std::size_t>();
  }
  if (optional_field(
          b, "warnings", [](const json& v) { return v.is_array(); }, "a list", origin, "")) {
    for (const auto& w : b["warnings"]) {
      if (w.is_string()) {
        s.warnings.push_back(raw(w.get<std::string>()));
        continue;
      }
      const json* id = w.is_object() ? jsonb::at(w, "/id") : nullptr;
      const json* args = w.is_object() ? jsonb::at(w, "/args") : nullptr;
      const bool ok = id != nullptr && id->is_string() && id->get<std::string>().rfind("kc.warn.", 0) == 0 &&
                      args != nullptr && args->is_object() &&
                      std::all_of(args->begin(), args->end(), [](const json& a) { return a.is_string(); });
      if (!ok) bad(origin, "warnings", "an entry is neither a text nor {\"id\": \"kc.warn.*\", \"args\"} of texts");
      Msg m{id->get<std::string>(), {}};
      for (const auto& [k, v] : args->items()) m.args[k] = v.get<std::string>();
      s.warnings.push_back(std::move(m));
    }
  }
}

void dry_runs_from_json(json& b, const std::string& origin, Snapshot& s) {
  json& dry = need(b, "dry_runs", origin, "");
  if (!dry.is_object()) bad(origin, "dry_runs", "not an object");
  for (auto& [path, d] : dry.items()) {
    const std::string p = "dry_runs." + path;
    if (d.is_object() && d.contains("value")) {
      json& v = d["value"];
      if (!v.is_object() || !v.contains("status")) bad(origin, p + ".value.status", "missing");
      const int status = need_status(v["status"], origin, p + ".value.status");
      auto body = v.find("body");
      s.dry_runs[path] = HttpAnswer{status, body != v.end() ? std::move(*body) : json()};
    } else if (d.is_object() && d.contains("error")) {
      s.dry_runs[path] = error_from_json(d["error"], origin, p + ".error.");
    } else {
      bad(origin, p, "has neither \"value\" nor \"error\"");
    }
  }
}

/// The content of a file in state "ok": `content` as text or `content_base64`.
std::string content_from_json(json& f, const std::string& origin, const std::string& p) {
  if (f.contains("content")) {
    if (!f["content"].is_string()) bad(origin, p + "content", "not a string");
    return std::move(f["content"].get_ref<std::string&>());
  } else if (f.contains("content_base64")) {
    if (!f["content_base64"].is_string()) bad(origin, p + "content_base64", "not a string");
    auto raw = base64::decode(f["content_base64"].get<std::string>());
    if (!raw) bad(origin, p + "content_base64", "not valid base64");
    return std::move(*raw);
  }
  bad(origin, p + "content", "missing for a file in state \"ok\"");
}

StudentFile file_from_json(json& f, const std::string& origin, const std::string& p) {
  static const std::map<std::string, StudentFile::State> kStates{{"ok", StudentFile::State::kOk},
                                                                 {"missing", StudentFile::State::kMissing},
                                                                 {"not-regular", StudentFile::State::kNotRegular},
                                                                 {"too-large", StudentFile::State::kTooLarge},
                                                                 {"unreadable", StudentFile::State::kUnreadable},
                                                                 {"hard-link", StudentFile::State::kHardLink}};
  StudentFile sf;
  const std::string st = need_string(f, "state", origin, p);
  auto it = kStates.find(st);
  if (it == kStates.end()) bad(origin, p + "state", "unknown state \"" + st + "\"");
  sf.state = it->second;
  if (optional_field(f, "reason", is_string, "a string", origin, p)) sf.reason = f["reason"].get<std::string>();
  const bool has_size = optional_field(
      f, "size", [](const json& v) { return v.is_number_unsigned(); }, "a non-negative integer", origin, p);
  if (sf.state == StudentFile::State::kOk) {
    sf.content = content_from_json(f, origin, p);
    if (sf.content.size() > lab::kMaxFileBytes) bad(origin, p + "content", "larger than the file size limit");
  }
  if (has_size) sf.recorded_size = f["size"].get<std::size_t>();
  sf.size = sf.state == StudentFile::State::kOk ? sf.content.size() : (has_size ? f["size"].get<std::size_t>() : 0);
  return sf;
}

}  // namespace

Snapshot from_bundle(const json& bundle, const std::string& origin) {
  json copy = bundle;
  return from_bundle(std::move(copy), origin);
}

Snapshot from_bundle(json&& bundle, const std::string& origin) {
  json& b = bundle;
  if (!b.is_object()) bad(origin, "", "a bundle is a JSON object", "input.not-a-bundle");
  if (!b.contains("schema_version")) bad(origin, "schema_version", "missing", "input.not-a-bundle");
  const json& sv = need(b, "schema_version", origin, "");
  if (!sv.is_number_integer()) bad(origin, "schema_version", "not an integer");
  if (sv.get<int>() != kBundleSchemaVersion) {
    bad(origin, "schema_version",
        fmt::format("version {} is not supported (this gpuwhy reads {})", sv.dump(), kBundleSchemaVersion),
        "input.bundle-version", {{"version", sv.dump()}, {"supported", std::to_string(kBundleSchemaVersion)}});
  }
  if (need_string(b, "kind", origin, "") != "gpuwhy-bundle")
    bad(origin, "kind", "not \"gpuwhy-bundle\"", "input.not-a-bundle");
  Snapshot s;
  s.taken_at = need_string(b, "taken_at", origin, "");
  s.source = "bundle " + origin;
  if (optional_field(b, "source", is_string, "a string", origin, "")) s.bundle_source = b["source"].get<std::string>();
  // Optional fields are checked as strictly as the required ones: a wrong type is a broken
  // bundle (an error row), never something graded as the student's.
  optional_fields_from_json(b, origin, s);
  json& c = need(b, "cluster", origin, "");
  s.version = fetched_from_json(need(c, "version", origin, "cluster."), origin, "cluster.version", false);
  s.namespace_ = fetched_from_json(need(c, "namespace", origin, "cluster."), origin, "cluster.namespace", false);
  // Optional (bundles written before the collector read kube-system lack it: it stays "not collected").
  if (c.contains("kube_system")) {
    s.kube_system = fetched_from_json(c["kube_system"], origin, "cluster.kube_system", false);
  }
  s.nodes = fetched_from_json(need(c, "nodes", origin, "cluster."), origin, "cluster.nodes", true);
  s.pods = fetched_from_json(need(c, "pods", origin, "cluster."), origin, "cluster.pods", true);
  s.events = fetched_from_json(need(c, "events", origin, "cluster."), origin, "cluster.events", true);
  // Optional (bundles written before the collector read the GPU node's other pods lack it).
  if (c.contains("node_pods")) {
    s.node_pods = fetched_from_json(c["node_pods"], origin, "cluster.node_pods", true);
  }
  dry_runs_from_json(b, origin, s);
  json& files = need(b, "files", origin, "");
  if (!files.is_object()) bad(origin, "files", "not an object");
  for (auto& [path, f] : files.items()) s.files[path] = file_from_json(f, origin, "files." + path + ".");
  return s;
}

}  // namespace gpuwhy
