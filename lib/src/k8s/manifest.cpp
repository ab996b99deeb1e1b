// Manifests as kubectl reads them (manifest.h).
#include "gpuwhy/k8s/manifest.h"

#include <algorithm>
#include <optional>
#include <string>
#include <utility>

#include <fmt/format.h>

#include "gpuwhy/base/error.h"
#include "gpuwhy/base/text.h"

namespace gpuwhy::k8s {

PodIndex find_pod_doc(const std::vector<nlohmann::json>& docs, std::string_view name) {
  PodIndex out;
  std::vector<std::size_t> pods;
  for (std::size_t i = 0; i < docs.size(); ++i) {
    const auto& d = docs[i];
    if (d.is_null()) continue;
    const bool object = d.is_object();
    const auto kind = object ? d.find("kind") : d.end();
    const bool has_kind = object && kind != d.end() && kind->is_string();
    out.kinds.push_back(has_kind ? kind->get<std::string>() : std::string("?"));
    if (has_kind && kind->get<std::string>() == "Pod") pods.push_back(i);
  }
  if (pods.size() > 1 && !name.empty()) {
    std::vector<std::size_t> named;
    for (auto i : pods) {
      const auto* n = docs[i].contains("metadata") && docs[i]["metadata"].is_object() ? &docs[i]["metadata"] : nullptr;
      if (n != nullptr && n->contains("name") && (*n)["name"] == name) named.push_back(i);
    }
    if (named.size() == 1) pods = named;
  }
  if (pods.size() == 1) {
    out.index = pods[0];
    return out;
  }
  out.reason = pods.empty() ? "holds no Pod" : fmt::format("holds {} Pods; expected exactly one", pods.size());
  return out;
}

PodPick pick_pod(std::vector<nlohmann::json> docs, std::string_view name) {
  PodIndex found = find_pod_doc(docs, name);
  PodPick out;
  out.reason = std::move(found.reason);
  out.kinds = std::move(found.kinds);
  if (found.index) out.pod = std::move(docs[*found.index]);
  return out;
}

std::optional<std::string> pod_api_version_problem(const nlohmann::json& pod) {
  const auto v = pod.is_object() ? pod.find("apiVersion") : pod.end();
  if (v == pod.end() || v->is_null()) return std::string();
  if (v->is_string() && v->get_ref<const std::string&>() == "v1") return std::nullopt;
  return v->is_string() ? v->get<std::string>() : v->dump();
}

std::optional<std::string> other_namespace(const nlohmann::json& object, std::string_view ns) {
  const auto meta = object.is_object() ? object.find("metadata") : object.end();
  if (meta == object.end() || !meta->is_object()) return std::nullopt;
  const auto n = meta->find("namespace");
  if (n == meta->end() || n->is_null()) return std::nullopt;
  if (n->is_string() && (n->get_ref<const std::string&>().empty() || n->get_ref<const std::string&>() == ns))
    return std::nullopt;
  return n->is_string() ? n->get<std::string>() : n->dump();
}

namespace {

// A `kind: List` (or `PodList` ...) with its `items`, as `kubectl apply -f` takes it: each item
// is an object of the file, as if it were a document of its own. A typed list (`PodList`) is
// decoded as its type: an item without a kind or an apiVersion is a `Pod` of the list's version
// (an item of `List` must say them; kubectl refuses it otherwise).
std::vector<nlohmann::json> expand_lists(std::vector<nlohmann::json> docs) {
  const auto is_list = [](const nlohmann::json& d) {
    if (!d.is_object()) return false;
    const auto kind = d.find("kind");
    const auto items = d.find("items");
    if (kind == d.end() || !kind->is_string() || items == d.end() || !items->is_array()) return false;
    const auto& k = kind->get_ref<const std::string&>();
    return k.size() >= 4 && k.compare(k.size() - 4, 4, "List") == 0;
  };
  if (std::none_of(docs.begin(), docs.end(), is_list)) return docs;
  std::vector<nlohmann::json> out;
  for (auto& d : docs) {
    if (!is_list(d)) {
      out.push_back(std::move(d));
      continue;
    }
    const std::string kind = d["kind"].get<std::string>();
    const std::string type = kind.substr(0, kind.size() - 4);
    const auto version = d.find("apiVersion");
    for (auto& item : d["items"]) {
      if (!type.empty() && item.is_object()) {
        if (!item.contains("kind")) item["kind"] = type;
        if (!item.contains("apiVersion") && version != d.end()) item["apiVersion"] = *version;
      }
      out.push_back(std::move(item));
    }
  }
  return out;
}

/// Refused as kubectl refuses it: `fault` says what the reader is told ("tab", "escape",
/// "directive", "separator").
[[noreturn]] void syntax(const std::string& origin, int line, int column, std::string_view reason, std::string fault) {
  throw Error(ErrorKind::kParse, fmt::format("{}: line {} column {}: {}", origin, line, column, reason), "input.syntax",
              {{"line", std::to_string(line)}, {"column", std::to_string(column)}, {"fault", std::move(fault)}});
}

constexpr std::string_view kNel = "\xC2\x85";

/// `text` with each NEL (U+0085) an LF, as go-yaml's reader reads a line break (YAML 1.1 breaks
/// lines there; yaml-cpp, YAML 1.2, reads it as a character). U+2028 and U+2029 go-yaml also
/// breaks lines at, but keeps in a scalar's text: yaml::go_line_breaks() places those.
std::string nel_as_lf(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (std::size_t from = 0;;) {
    const std::size_t at = text.find(kNel, from);
    out.append(text.substr(from, at == std::string_view::npos ? std::string_view::npos : at - from));
    if (at == std::string_view::npos) return out;
    out += '\n';
    from = at + kNel.size();
  }
}

bool starts_marker(std::string_view line, std::string_view marker) {
  if (line.substr(0, 3) != marker) return false;
  return line.size() == 3 || line[3] == ' ' || line[3] == '\t' || line[3] == '\r' || line[3] == '\n';
}

/// The documents kubectl's reader (apimachinery's YAMLReader) hands to go-yaml one by one, each
/// from the line it starts at: a line beginning "---" ends one (and is dropped), unless nothing
/// came before it; anything but spaces or a comment after that "---" is refused. go-yaml then
/// reads one document of each: what follows a "..." line up to the next "---" is never read. (A
/// JSON file, one whose first character past white space is '{', it reads as JSON.)
/// Throws where go-yaml refuses what yaml-cpp reads (yaml::go_yaml_problem). Returns the text with
/// the lines kubectl never reads blanked (their line breaks kept), or nullopt when it reads all.
std::optional<std::string> kubectl_documents(std::string_view text, const std::string& origin) {
  const auto check = [&origin](std::string_view doc, int first_line) {
    if (const auto p = yaml::go_yaml_problem(doc))
      syntax(origin, first_line + p->line - 1, p->column, p->reason, p->fault);
  };
  // A file whose first character past white space is '{' kubectl reads as JSON, never as YAML.
  const auto first = text.find_first_not_of(" \t\r\n\v\f");
  if (first != std::string_view::npos && text[first] == '{') return std::nullopt;
  if (text.find("---") == std::string_view::npos && text.find("...") == std::string_view::npos) {
    check(text, 1);
    return std::nullopt;
  }
  std::optional<std::string> out;
  std::size_t start = 0;
  std::optional<std::size_t> ended;  // where this document's "..." line is
  int start_line = 1;
  int line = 1;
  for (std::size_t pos = 0; pos < text.size(); ++line) {
    const std::size_t end = text.find('\n', pos);
    const std::size_t next = end == std::string_view::npos ? text.size() : end + 1;
    const std::string_view l = text.substr(pos, next - pos);
    if (l.substr(0, 3) == "---") {
      const std::string rest = text::trim(l.substr(3));
      if (!rest.empty() && rest.front() != '#') syntax(origin, line, 4, "invalid document separator", "separator");
      if (pos > start) {
        check(text.substr(start, ended.value_or(pos) - start), start_line);
        start = next;
        start_line = line + 1;
        ended.reset();
      }
    } else if (ended) {
      if (!out) out = std::string(text);
      for (std::size_t k = pos; k < next; ++k) {
        if ((*out)[k] != '\n') (*out)[k] = ' ';
      }
    } else if (starts_marker(l, "...")) {
      ended = pos;
    }
    pos = next;
  }
  if (start < text.size()) check(text.substr(start, ended.value_or(text.size()) - start), start_line);
  return out;
}

}  // namespace

std::optional<std::string> manifest_text(std::string_view raw, std::string* why) {
  // The usual file decodes at once; only one refused without a mark or a NUL is decoded again.
  if (auto t = text::decode(raw, why)) return t;
  const bool bom = raw.starts_with("\xEF\xBB\xBF") || raw.starts_with("\xFF\xFE") || raw.starts_with("\xFE\xFF");
  if (bom || raw.find('\0') != std::string_view::npos) return std::nullopt;
  return text::decode(text::clean_utf8(raw), why);
}

std::vector<nlohmann::json> load_manifest(std::string_view text, const std::string& origin,
                                          const yaml::Limits& limits) {
  // A JSON file keeps its NELs and line separators: they are characters to its reader.
  std::optional<std::string> breaks;
  const auto first = text.find_first_not_of(" \t\r\n\v\f");
  if (first == std::string_view::npos || text[first] != '{') {
    if (text.find(kNel) != std::string_view::npos) {
      breaks = nel_as_lf(text);
      text = *breaks;
    }
    if (auto lines = yaml::go_line_breaks(text)) {
      breaks = std::move(lines);
      text = *breaks;
    }
  }
  const auto read = kubectl_documents(text, origin);
  return expand_lists(yaml::load_all(read ? std::string_view(*read) : text, origin, limits));
}

}  // namespace gpuwhy::k8s
