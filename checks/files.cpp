// The student's files (files.h).
#include "files.h"

#include <fmt/format.h>

#include "gpuwhy/base/error.h"
#include "gpuwhy/base/text.h"
#include "gpuwhy/k8s/manifest.h"
#include "gpuwhy/lab/lab.h"

namespace gpuwhy::checks::detail {

namespace {
thread_local RunMemo* t_memo = nullptr;  // the innermost RunMemo of this thread
}  // namespace

RunMemo::RunMemo(const Snapshot& s) : snap_(&s), outer_(t_memo) {
  t_memo = this;
}

RunMemo::~RunMemo() {
  t_memo = outer_;
}

RunMemo* RunMemo::of(const Snapshot& s) {
  return t_memo != nullptr && t_memo->snap_ == &s ? t_memo : nullptr;
}

std::optional<messages::SchedulerMessage> scheduler_message(std::string_view text) {
  if (t_memo == nullptr) return messages::parse_scheduler_message(text);
  auto& memo = t_memo->scheduler_messages;
  auto it = memo.find(text);
  if (it == memo.end()) it = memo.emplace(std::string(text), messages::parse_scheduler_message(text)).first;
  return it->second;
}

namespace {

/// decode_file(s.file(rel)), once per run when a RunMemo is held (else into `local`).
const readers::TextFile& decoded(const Snapshot& s, std::string_view rel, readers::TextFile& local) {
  RunMemo* m = RunMemo::of(s);
  if (m == nullptr) {
    local = readers::decode_file(s.file(rel));
    return local;
  }
  auto it = m->decoded.find(rel);
  if (it == m->decoded.end()) it = m->decoded.emplace(std::string(rel), readers::decode_file(s.file(rel))).first;
  return it->second;
}

RunMemo::Yaml parse_yaml(const std::string& text, const std::string& file) {
  RunMemo::Yaml y;
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

/// The YAML documents of the file `rel` whose decoded text is `text`, parsed once per run.
RunMemo::Yaml yaml_of(const Snapshot& s, const std::string& rel, const std::string& text) {
  RunMemo* m = RunMemo::of(s);
  if (m == nullptr) return parse_yaml(text, rel);
  auto it = m->yaml.find(rel);
  if (it == m->yaml.end()) it = m->yaml.emplace(rel, parse_yaml(text, rel)).first;
  return it->second;  // the documents are shared, not copied
}

}  // namespace

FileRead read_text(const Snapshot& s, std::string_view rel, const Msg& expected, bool empty_is_failure) {
  FileRead r;
  const std::string file(rel);
  readers::TextFile local;
  const readers::TextFile& t = decoded(s, rel, local);
  const auto args = [&] { return std::map<std::string, std::string>{{"file", file}, {"reason", t.reason}}; };
  // Each file problem is a fault; its value has the hint's name ("hint.file.missing", "value.file.missing").
  Fault fault = Fault::kNone;
  switch (t.problem) {
    case readers::FileProblem::kNone: break;
    case readers::FileProblem::kMissing: fault = Fault::kFileMissing; break;
    case readers::FileProblem::kNotRegular: fault = Fault::kFileNotRegular; break;
    case readers::FileProblem::kTooLarge: fault = Fault::kFileTooLarge; break;
    case readers::FileProblem::kUnreadable: fault = Fault::kFileUnreadable; break;
    case readers::FileProblem::kHardLink: fault = Fault::kFileHardLink; break;
    case readers::FileProblem::kNotText: fault = Fault::kFileNotText; break;
  }
  if (fault == Fault::kNone && empty_is_failure && text::blank(t.text)) fault = Fault::kFileEmpty;
  if (fault != Fault::kNone) {
    const std::string_view hint = hint_id(fault);
    const std::string value = "value." + std::string(hint.substr(hint.find('.') + 1));
    r.failure = unmet(fail(expected, msg(value, args()), fault, args()), Need::Kind::kFile, rel);
    return r;
  }
  r.text = t.text;
  return r;
}

ManifestRead read_pod_manifest(const Snapshot& s, std::string_view rel, const Msg& expected,
                               std::string_view want_name) {
  ManifestRead r;
  FileRead f = read_text(s, rel, expected);
  if (!f.text) {
    r.failure = std::move(f.failure);
    return r;
  }
  const std::string file(rel);
  RunMemo::Yaml y = yaml_of(s, file, *f.text);
  if (y.error) {
    // Where the parser stopped, in the reader's words; yaml-cpp's own reason only when it gave no place.
    Msg hint = msg("hint.manifest.yaml-error", {{"file", file}, {"reason", *y.error}});
    if (!y.at.empty())
      hint = msg("hint.manifest.yaml-error-at",
                 {{"file", file}, {"line", y.at.at("line")}, {"column", y.at.at("column")}});
    r.failure = fail(expected, msg("value.manifest.not-yaml", {{"file", file}}), std::move(hint));
    return r;
  }
  const auto pick = k8s::find_pod_doc(*y.docs, want_name);
  if (!pick.index) {
    r.failure = fail(expected, msg("value.manifest.kinds", {{"file", file}, {"kinds", join(pick.kinds)}}),
                     msg("hint.manifest.not-single-pod", {{"file", file}}));
    return r;
  }
  r.docs = std::move(y.docs);
  r.pod = &(*r.docs)[*pick.index];
  return r;
}

const readers::GateReport& gate_report(const Snapshot& s, const std::string& text, readers::GateReport& local) {
  RunMemo* m = RunMemo::of(s);
  if (m == nullptr) {
    local = readers::read_gate_report(text);
    return local;
  }
  auto it = m->gate_reports.find(text);
  if (it == m->gate_reports.end()) it = m->gate_reports.emplace(text, readers::read_gate_report(text)).first;
  return it->second;
}

std::vector<Msg> file_evidence(std::string_view rel, const std::string& t, std::size_t max_lines) {
  std::vector<Msg> out;
  std::size_t n = 0;
  for (const auto& l : text::lines(t)) {
    if (text::blank(l)) continue;
    if (n++ == max_lines) {
      out.push_back(raw(fmt::format("{}: …", rel)));
      break;
    }
    out.push_back(raw(fmt::format("{}: {}", rel, text::ellipsize(l, 300))));
  }
  return out;
}

}  // namespace gpuwhy::checks::detail
