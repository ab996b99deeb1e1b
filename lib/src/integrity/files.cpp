// The rules on the student's files and the dry runs gpuwhy made of them.
#include <algorithm>
#include <array>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "gpuwhy/base/error.h"
#include "gpuwhy/k8s/manifest.h"
#include "gpuwhy/k8s/quantity.h"
#include "gpuwhy/lab/lab.h"
#include "integrity_detail.h"

namespace gpuwhy::integrity::detail {

using nlohmann::json;

namespace {

/// The value `Invalid value: "X"` quotes in `message` (k8s >= 1.34 prints a quantity so; older
/// versions print a struct, which is not compared).
std::optional<std::string> quoted_value(const std::string& message) {
  static const std::string kPrefix = "Invalid value: \"";
  const auto at = message.find(kPrefix);
  if (at == std::string::npos) return std::nullopt;
  const auto end = message.find('"', at + kPrefix.size());
  if (end == std::string::npos) return std::nullopt;
  return message.substr(at + kPrefix.size(), end - at - kPrefix.size());
}

/// "spec.containers[I].resources.KIND..." -> {I, KIND}.
std::optional<std::pair<std::size_t, std::string>> container_field(const std::string& field) {
  static const std::string kPrefix = "spec.containers[";
  if (field.rfind(kPrefix, 0) != 0) return std::nullopt;
  const auto close = field.find("].resources.", kPrefix.size());
  if (close == std::string::npos) return std::nullopt;
  const std::string index = field.substr(kPrefix.size(), close - kPrefix.size());
  if (index.empty() || index.find_first_not_of("0123456789") != std::string::npos || index.size() > 3) {
    return std::nullopt;
  }
  std::string kind = field.substr(close + 12);
  kind = kind.substr(0, kind.find('['));
  return std::pair<std::size_t, std::string>{std::stoul(index), kind};
}

/// The manifest's nvidia.com/gpu amount of container `i` under `kind` ("" when not set).
std::string manifest_amount(const json& pod, std::size_t i, const std::string& kind) {
  // Any level may be another type in a student's manifest: each is looked at, never assumed.
  const auto member = [](const json* o, const std::string& key) -> const json* {
    if (o == nullptr || !o->is_object()) return nullptr;
    const auto it = o->find(key);
    return it == o->end() ? nullptr : &*it;
  };
  const json* cs = member(member(&pod, "spec"), "containers");
  if (cs == nullptr || !cs->is_array() || i >= cs->size()) return "";
  const json* r = member(member(&(*cs)[i], "resources"), kind);
  const json* gpu = member(r, std::string(lab::kResource));
  return gpu != nullptr ? scalar_text(*gpu) : "";
}

bool same_amount(const std::string& a, const std::string& b) {
  const auto x = k8s::milli_value(a);
  return x && x == k8s::milli_value(b);
}

/// The causes of the answer, empty when none.
const json& causes(const json& body) {
  static const json kNone = json::array();
  // The answer's details may be any type in a bundle: looked at, never assumed.
  const auto details = body.is_object() ? body.find("details") : body.end();
  if (details != body.end() && details->is_object()) {
    const auto it = details->find("causes");
    if (it != details->end() && it->is_array()) return *it;
  }
  return kNone;
}

/// A cause quoting an amount of a container's limits or requests: {container index, kind, quoted}.
struct Quote {
  std::size_t container;
  std::string kind;
  std::string quoted;
};
std::optional<Quote> quote_of(const std::string& field, const std::string& message) {
  const auto cf = container_field(field);
  const auto quoted = quoted_value(message);
  if (!cf || !quoted || (cf->second != "limits" && cf->second != "requests")) return std::nullopt;
  // Only the GPU's amounts are compared: the resource the field names (`requests[cpu]`), else the
  // one the rule names ("must be less than or equal to cpu limit of 1").
  std::string resource;
  if (const auto open = field.find('[', field.find("].resources.")); open != std::string::npos) {
    resource = field.substr(open + 1, field.find(']', open) - open - 1);
  } else if (const auto limit = message.rfind(" limit of "); limit != std::string::npos) {
    const auto start = message.rfind(' ', limit - 1);
    resource = message.substr(start == std::string::npos ? 0 : start + 1,
                              limit - (start == std::string::npos ? 0 : start + 1));
  }
  if (!resource.empty() && resource != lab::kResource) return std::nullopt;
  return Quote{cf->first, cf->second, *quoted};
}

/// Whether some cause of the answer quotes an amount (answer_diff compares nothing else).
bool quotes_amounts(const json& body) {
  const json& list = causes(body);
  return std::any_of(list.begin(), list.end(),
                     [](const json& c) { return quote_of(str_at(c, "/field"), str_at(c, "/message")).has_value(); });
}

/// The first quoted amount of the answer that is not the manifest's: {field, answered, manifest}.
std::optional<std::array<std::string, 3>> answer_diff(const json& body, const json& pod) {
  for (const json& c : causes(body)) {
    const std::string field = str_at(c, "/field");
    const std::string message = str_at(c, "/message");
    const auto q = quote_of(field, message);
    if (!q) continue;
    const std::string& quoted = q->quoted;
    const std::string mine = manifest_amount(pod, q->container, q->kind);
    if (!mine.empty() && !same_amount(quoted, mine)) return std::array<std::string, 3>{field, quoted, mine};
    // The mismatch rule quotes the limit too: "must be equal to nvidia.com/gpu limit of L".
    static const std::string kLimit = "limit of ";
    const auto at = message.rfind(kLimit);
    const std::string limit = manifest_amount(pod, q->container, "limits");
    if (at == std::string::npos || limit.empty()) continue;
    const std::string said = message.substr(at + kLimit.size());
    if (!same_amount(said, limit)) return std::array<std::string, 3>{field, said, limit};
  }
  return std::nullopt;
}

}  // namespace

// gpuwhy snapshot reads each bad manifest once and sends those very bytes as the dry run, so the
// apiserver's answer names the manifest's Pod and quotes the manifest's own amounts (k8s >= 1.34
// quotes a quantity as "500m"; compared as quantities). A hand-edited answer or manifest breaks it.
void dry_run_mismatch(const Snapshot& snap, Findings& out) {
  for (const auto& [rel, d] : snap.dry_runs) {
    const StudentFile& f = snap.file(rel);
    if (!d.ok() || f.state != StudentFile::State::kOk || !d.value().body.is_object()) continue;
    const json& body = d.value().body;
    // The answer names the Pod only when it judged the Pod: a missing namespace is answered with
    // the namespace's name (details.kind "namespaces").
    const std::string kind = str_at(body, "/details/kind");
    const std::string answered = kind == "pods" || kind == "Pod" ? str_at(body, "/details/name") : std::string();
    // An answer with neither a name nor a quoted amount has nothing to compare: the manifest is
    // not read again for it.
    if (answered.empty() && !quotes_amounts(body)) continue;
    std::optional<json> pod;
    try {
      pod = k8s::pick_pod(k8s::load_manifest(f.content, rel), "").pod;
    } catch (const Error&) {
      continue;
    }
    if (!pod || !pod->is_object()) continue;
    const std::string name = str_at(*pod, "/metadata/name");
    std::optional<std::array<std::string, 3>> diff;
    if (!answered.empty() && !name.empty() && answered != name) {
      diff = std::array<std::string, 3>{"metadata.name", answered, name};
    } else {
      diff = answer_diff(body, *pod);
    }
    if (!diff) continue;
    out.add("dry-run-mismatch",
            {{"file", rel}, {"field", (*diff)[0]}, {"answered", (*diff)[1]}, {"manifest", (*diff)[2]}},
            {"file " + rel});
  }
}

// A bundle records each file's size as the length of the content it holds (snapshot.cpp): a
// content edited by hand without its size shows.
void file_size_mismatch(const Snapshot& snap, Findings& out) {
  for (const auto& [rel, f] : snap.files) {
    if (f.state != StudentFile::State::kOk || !f.recorded_size || *f.recorded_size == f.content.size()) continue;
    out.add("file-size-mismatch",
            {{"file", rel}, {"size", std::to_string(*f.recorded_size)}, {"length", std::to_string(f.content.size())}},
            {"file " + rel});
  }
}

}  // namespace gpuwhy::integrity::detail
