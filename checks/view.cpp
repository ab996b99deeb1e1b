// The lab as the checks read it (view.h).
#include "view.h"

#include "files.h"

#include "gpuwhy/base/error.h"
#include "gpuwhy/base/text.h"
#include "gpuwhy/json/pointer.h"
#include "gpuwhy/k8s/manifest.h"
#include "gpuwhy/k8s/requests.h"
#include "gpuwhy/lab/lab.h"

namespace gpuwhy::checks {

namespace {

using nlohmann::json;

const json& items_of(const Fetched<json>& list) {
  static const json kEmpty = json::array();
  if (!list.ok()) return kEmpty;
  const json& l = list.value();
  if (l.is_object() && l.contains("items") && l["items"].is_array()) return l["items"];
  return kEmpty;
}

}  // namespace

View::Yaml View::parse_yaml(const std::string& text, const std::string& file) {
  View::Yaml y;
  try {
    y.docs = std::make_shared<const std::vector<json>>(k8s::load_manifest(text, file));
  } catch (const Error& e) {
    y.error = e.what();
    if (e.id() == "input.syntax") y.at = e.args();
  } catch (const std::exception& e) {
    y.error = e.what();
  }
  return y;
}

View::View(const Snapshot& s) : snap_(&s) {
  for (const auto& p : items_of(s.pods)) {
    pods_.emplace(jsonb::view_at(p, "/metadata/name"), &p);  // the first of a name stays
    const json* conds = jsonb::at(p, "/status/conditions");
    if (conds == nullptr || !conds->is_array()) continue;
    for (const auto& c : *conds) {
      if (jsonb::view_at(c, "/type") != "PodScheduled") continue;
      const std::string m = jsonb::str_at(c, "/message");
      if (!messages_.contains(m)) messages_.emplace(m, messages::parse_scheduler_message(m));
    }
  }
  for (const auto& n : items_of(s.nodes)) {
    nodes_.emplace(jsonb::view_at(n, "/metadata/name"), &n);
    if (jsonb::view_at(n, "/metadata/name") != lab::kGpuNode) other_nodes_.push_back(&n);
  }
  // Every lab file, and any other file the snapshot holds.
  // A manifest's bytes as kubectl reads them; every other file as text the student saved.
  const auto decode = [](std::string_view rel, const StudentFile& f) {
    return rel.starts_with("k8s/") ? readers::decode_manifest_file(f) : readers::decode_file(f);
  };
  for (auto rel : lab::kStudentFiles) texts_.emplace(std::string(rel), decode(rel, s.file(rel)));
  for (const auto& [rel, f] : s.files) texts_.try_emplace(rel, decode(rel, f));
  for (const auto& [rel, t] : texts_) {
    if (rel.starts_with("k8s/") && t.problem == readers::FileProblem::kNone && !text::blank(t.text))
      yaml_.emplace(rel, parse_yaml(t.text, rel));
  }
  // A lab pod's manifest the apiserver refuses never made that pod: each document's refusal, once.
  const k8s::ResourceGates gates = k8s::resource_gates(s.server_version());
  for (const auto rel : lab::kPodManifests) {
    const auto it = yaml_.find(rel);
    if (it == yaml_.end() || !it->second.docs) continue;
    for (const json& doc : *it->second.docs) it->second.refusals.push_back(detail::refusal(doc, gates));
  }
  if (const auto& g = text(lab::kFileGateReport); g.problem == readers::FileProblem::kNone)
    gate_report_ = readers::read_gate_report(g.text);
}

const json* View::pod(std::string_view name) const {
  const auto it = pods_.find(name);
  return it == pods_.end() ? nullptr : it->second;
}

const json* View::node(std::string_view name) const {
  const auto it = nodes_.find(name);
  return it == nodes_.end() ? nullptr : it->second;
}

const readers::TextFile& View::text(std::string_view rel) const {
  static const readers::TextFile kMissing = readers::decode_file(StudentFile{});
  const auto it = texts_.find(rel);
  return it == texts_.end() ? kMissing : it->second;
}

const View::Yaml* View::yaml(std::string_view rel) const {
  const auto it = yaml_.find(rel);
  return it == yaml_.end() ? nullptr : &it->second;
}

std::optional<messages::SchedulerMessage> View::scheduler_message(std::string_view text) const {
  const auto it = messages_.find(text);
  return it == messages_.end() ? messages::parse_scheduler_message(text) : it->second;
}

}  // namespace gpuwhy::checks
