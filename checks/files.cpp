// The student's files (files.h).
#include "files.h"

#include <optional>

#include <fmt/format.h>

#include "gpuwhy/base/error.h"
#include "gpuwhy/base/text.h"
#include "gpuwhy/k8s/fields.h"
#include "gpuwhy/k8s/manifest.h"
#include "gpuwhy/k8s/node_affinity.h"
#include "gpuwhy/k8s/requests.h"
#include "gpuwhy/k8s/taints.h"
#include "gpuwhy/lab/lab.h"

namespace gpuwhy::checks::detail {

namespace {

std::string_view refusal_id(k8s::TolerationProblem::Kind k) {
  using Kind = k8s::TolerationProblem::Kind;
  // No default: a kind added without its words does not compile (-Wswitch).
  switch (k) {
    case Kind::kNotObject: return "hint.manifest.toleration.not-object";
    case Kind::kUnknownField: return "hint.manifest.toleration.unknown-field";
    case Kind::kNotString: return "hint.manifest.toleration.not-string";
    case Kind::kNotInteger: return "hint.manifest.toleration.not-integer";
    case Kind::kBadKey: return "hint.manifest.toleration.bad-key";
    case Kind::kEmptyKeyNeedsExists: return "hint.manifest.toleration.empty-key-needs-exists";
    case Kind::kSecondsNeedNoExecute: return "hint.manifest.toleration.seconds-need-noexecute";
    case Kind::kBadValue: return "hint.manifest.toleration.bad-value";
    case Kind::kValueWithExists: return "hint.manifest.toleration.value-with-exists";
    case Kind::kBadOperator: return "hint.manifest.toleration.bad-operator";
    case Kind::kBadEffect: return "hint.manifest.toleration.bad-effect";
  }
  return {};
}

std::string_view refusal_id(k8s::PodFieldProblem::Kind k) {
  using Kind = k8s::PodFieldProblem::Kind;
  // No default: a kind added without its words does not compile (-Wswitch).
  switch (k) {
    case Kind::kUnknown: return "hint.manifest.field.unknown";
    case Kind::kMisplaced: return "hint.manifest.field.misplaced";
    case Kind::kSpelled: return "hint.manifest.field.spelled";
    case Kind::kWrongType: return "hint.manifest.field.wrong-type";
  }
  return {};
}

std::string_view refusal_id(k8s::ConstraintProblem::Kind k) {
  using Kind = k8s::ConstraintProblem::Kind;
  // No default: a kind added without its words does not compile (-Wswitch).
  switch (k) {
    case Kind::kNotObject: return "hint.manifest.constraint.not-object";
    case Kind::kNotList: return "hint.manifest.constraint.not-list";
    case Kind::kNotString: return "hint.manifest.constraint.not-string";
    case Kind::kNotInteger: return "hint.manifest.constraint.not-integer";
    case Kind::kUnknownField: return "hint.manifest.constraint.unknown-field";
    case Kind::kBadKey: return "hint.manifest.constraint.bad-key";
    case Kind::kBadValue: return "hint.manifest.constraint.bad-value";
    case Kind::kBadOperator: return "hint.manifest.constraint.bad-operator";
    case Kind::kValuesRequired: return "hint.manifest.constraint.values-required";
    case Kind::kValuesForbidden: return "hint.manifest.constraint.values-forbidden";
    case Kind::kOneValue: return "hint.manifest.constraint.one-value";
    case Kind::kNoTerms: return "hint.manifest.constraint.no-terms";
    case Kind::kBadWeight: return "hint.manifest.constraint.bad-weight";
    case Kind::kBadFieldKey: return "hint.manifest.constraint.bad-field-key";
    case Kind::kBadNodeName: return "hint.manifest.constraint.bad-node-name";
    case Kind::kBadNamespace: return "hint.manifest.constraint.bad-namespace";
    case Kind::kNoTopologyKey: return "hint.manifest.constraint.no-topology-key";
    case Kind::kLabelKeysWithoutSelector: return "hint.manifest.constraint.label-keys-without-selector";
    case Kind::kDuplicateLabelKey: return "hint.manifest.constraint.duplicate-label-key";
  }
  return {};
}

std::string_view refusal_id(k8s::ResourceProblem::Kind k) {
  using Kind = k8s::ResourceProblem::Kind;
  // No default: a kind added without its words does not compile (-Wswitch).
  switch (k) {
    case Kind::kNotObject: return "hint.manifest.resources.not-object";
    case Kind::kNotList: return "hint.manifest.resources.not-list";
    case Kind::kNotString: return "hint.manifest.resources.not-string";
    case Kind::kNotQuantity: return "hint.manifest.resources.not-quantity";
    case Kind::kUnknownField: return "hint.manifest.resources.unknown-field";
    case Kind::kBadName: return "hint.manifest.resources.bad-name";
    case Kind::kNotStandard: return "hint.manifest.resources.not-standard";
    case Kind::kNotForContainers: return "hint.manifest.resources.not-for-containers";
    case Kind::kNotExtended: return "hint.manifest.resources.not-extended";
    case Kind::kNegative: return "hint.manifest.resources.negative";
    case Kind::kNotInteger: return "hint.manifest.resources.not-integer";
    case Kind::kNotEqualLimit: return "hint.manifest.resources.not-equal-limit";
    case Kind::kAboveLimit: return "hint.manifest.resources.above-limit";
    case Kind::kLimitRequired: return "hint.manifest.resources.limit-required";
    case Kind::kHugePagesSize: return "hint.manifest.resources.hugepages-size";
    case Kind::kHugePagesNeedCpuOrMemory: return "hint.manifest.resources.hugepages-need-cpu-or-memory";
    case Kind::kClaimRequired: return "hint.manifest.resources.claim-required";
    case Kind::kClaimUnknown: return "hint.manifest.resources.claim-unknown";
    case Kind::kNotForPods: return "hint.manifest.resources.not-for-pods";
    case Kind::kClaimsForPod: return "hint.manifest.resources.claims-for-pod";
    case Kind::kBelowContainers: return "hint.manifest.resources.below-containers";
    case Kind::kContainerAbovePod: return "hint.manifest.resources.container-above-pod";
  }
  return {};
}

// A refusal as the failure of the check reading the manifest: `kubectl apply -f` refuses the whole
// file, so it cannot be the manifest of the live pod.
Outcome refused(const View::Refusal& r, const std::string& file, const Msg& expected) {
  // Both may hold what the student wrote (an unknown field's name in the path): one line, bounded.
  constexpr std::size_t kShown = 40;
  constexpr std::size_t kPathShown = 200;
  // A value that only its quotes tell apart ("", "true ") is shown quoted, as the apiserver does.
  const bool quoted = r.found.empty() || text::trim(r.found) != r.found;
  const std::string found = text::one_line(quoted ? json(r.found).dump() : r.found, kShown);
  const std::string path = text::one_line(r.path, kPathShown);
  const std::string resource = text::one_line(r.resource, kShown);
  const std::string limit = text::one_line(r.limit, kShown);
  const std::string other = text::one_line(r.other, kShown);
  // A request refused for its limit is shown beside it: "nvidia.com/gpu: requests 1, limits -"; a
  // value refused for another field's, beside that: "cpu: 500m, spec.containers: 1".
  std::string actual = fmt::format("{}: {}: {}", file, path, found);
  if (!limit.empty()) {
    actual = fmt::format("{}: {}: {}: requests {}, limits {}", file, path, resource, found, limit);
  } else if (!r.other_field.empty()) {
    actual = fmt::format("{}: {}: {}: {}, {}: {}", file, path, resource, found, r.other_field, other);
  }
  std::map<std::string, std::string> args{
      {"file", file},         {"path", path},   {"found", found}, {"key", std::string(lab::kTaintKey)},
      {"resource", resource}, {"limit", limit}, {"other", other}};
  // A type's name is a catalog text, said in the reader's language; a place or a field is as written.
  if (r.id == refusal_id(k8s::PodFieldProblem::Kind::kWrongType)) {
    args["known@"] = r.known;
  } else {
    args["known"] = text::one_line(r.known, kPathShown);
  }
  return fail(expected, raw(actual), msg(std::string(r.id), std::move(args)));
}

// A lab manifest whose header kubectl refuses (apiVersion), or that names another namespace: this
// file did not create the lab's pod. Only beside the lab's namespace: without it, every object went
// elsewhere, step 1's one mistake.
std::optional<Outcome> header_refused(const View& s, const json& pod, std::string_view rel, const Msg& expected) {
  const std::string file(rel);
  if (const auto found = k8s::pod_api_version_problem(pod)) {
    return unmet(fail(expected, raw(fmt::format("{}: apiVersion={}", file, *found)),
                      msg(found->empty() ? "hint.manifest.api-version-missing" : "hint.manifest.api-version",
                          {{"file", file}, {"found", *found}})),
                 Need::Kind::kFile, rel);
  }
  const auto ns = s.snap().namespace_.ok() ? k8s::other_namespace(pod, lab::kNamespace) : std::nullopt;
  if (!ns) return std::nullopt;
  return unmet(fail(expected, raw(fmt::format("{}: metadata.namespace={}", file, *ns)),
                    msg("hint.manifest.other-namespace",
                        {{"file", file}, {"found", *ns}, {"namespace", std::string(lab::kNamespace)}})),
               Need::Kind::kFile, rel);
}

// cpu-only's nodeSelector where the lab's key alone holds no string: another pair's value (an
// extra `nvidia.com/gpu.count: 2`) is refused as any pod's is.
bool only_lab_selector_unquoted(const json& pod) {
  const json& sel = k8s::path(pod, {"spec", "nodeSelector"});
  if (!sel.is_object()) return false;
  bool lab_key = false;
  for (const auto& [k, v] : sel.items()) {
    if (v.is_null() || v.is_string()) continue;
    if (k != lab::kCpuOnlySelector.key) return false;
    lab_key = true;
  }
  return lab_key;
}

}  // namespace

std::optional<View::Refusal> refusal(const json& pod, k8s::ResourceGates gates) {
  std::optional<View::Refusal> decode;
  std::optional<View::Refusal> invalid;
  const auto note = [&](bool decoding, View::Refusal r) {
    auto& first = decoding ? decode : invalid;
    if (!first) first = std::move(r);
  };
  // A field out of its place (tolerations in a container) or of the wrong type first: the fields
  // under it are not where the rules below look.
  for (auto& u : k8s::pod_field_problems(pod)) {
    note(true, {refusal_id(u.kind), std::move(u.path), std::move(u.found), {}, {}, {}, {}, std::move(u.known)});
  }
  for (const auto& p : k8s::resource_problems(pod, gates)) {
    using Kind = k8s::ResourceProblem::Kind;
    const bool compared =
        p.kind == Kind::kNotEqualLimit || p.kind == Kind::kAboveLimit || p.kind == Kind::kLimitRequired;
    // The pod's own request against its containers' sum, a container's limit against the pod's:
    // `limit` holds the other side, shown as that field's.
    std::string other_field;
    if (p.kind == Kind::kBelowContainers) other_field = "spec.containers";
    if (p.kind == Kind::kContainerAbovePod) other_field = "spec.resources.limits";
    note(p.decoding(), {refusal_id(p.kind),
                        p.path,
                        p.found,
                        p.resource,
                        compared && p.limit.empty() ? std::string("-") : (other_field.empty() ? p.limit : ""),
                        other_field,
                        other_field.empty() ? std::string() : p.limit,
                        {}});
  }
  for (const auto& [index, p] : k8s::pod_toleration_problems(pod)) {
    std::string path = "spec.tolerations";
    if (index >= 0) path += fmt::format("[{}]", index);
    if (!p.field.empty()) path += "." + p.field;
    note(p.decoding(), {refusal_id(p.kind), std::move(path), p.found, {}, {}, {}, {}, {}});
  }
  for (const auto& p : k8s::node_constraint_problems(pod)) {
    note(p.decoding(), {refusal_id(p.kind), p.path, p.found, {}, {}, {}, {}, {}});
  }
  return decode ? decode : invalid;
}

std::vector<std::string> refused_tolerations(const View& s, std::string_view rel, std::string_view name) {
  std::vector<std::string> out;
  const View::Yaml* y = s.yaml(rel);
  if (y == nullptr || !y->docs) return out;
  const auto at = k8s::find_pod_doc(*y->docs, name).index;
  if (!at) return out;
  for (const auto& [index, p] : k8s::pod_toleration_problems((*y->docs)[*at])) {
    out.push_back(fmt::format("{}.{}: {}", index, p.field, static_cast<int>(p.kind)));
  }
  return out;
}

FileRead read_text(const View& s, std::string_view rel, const Msg& expected, bool empty_is_failure) {
  FileRead r;
  const std::string file(rel);
  const readers::TextFile& t = s.text(rel);
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

ManifestRead read_pod_manifest(const View& s, std::string_view rel, const Msg& expected, std::string_view want_name) {
  ManifestRead r;
  FileRead f = read_text(s, rel, expected);
  if (!f.text) {
    r.failure = std::move(f.failure);
    return r;
  }
  const std::string file(rel);
  const View::Yaml* parsed = s.yaml(rel);
  View::Yaml local;
  if (parsed == nullptr) local = View::parse_yaml(*f.text, file);  // not a lab manifest
  const View::Yaml& y = parsed != nullptr ? *parsed : local;
  if (y.error) {
    // Where the parser stopped, in the reader's words; yaml-cpp's own reason only when it gave no place.
    Msg hint = msg("hint.manifest.yaml-error", {{"file", file}, {"reason", *y.error}});
    // What kubectl's reader refuses that another would read: named, with what to do.
    const auto fault = y.at.find("fault");
    if (fault != y.at.end()) {
      hint = msg("hint.manifest.yaml-" + fault->second,
                 {{"file", file}, {"line", y.at.at("line")}, {"column", y.at.at("column")}});
    } else if (!y.at.empty()) {
      hint = msg("hint.manifest.yaml-error-at",
                 {{"file", file}, {"line", y.at.at("line")}, {"column", y.at.at("column")}});
    }
    r.failure = unmet(fail(expected, msg("value.manifest.not-yaml", {{"file", file}}), std::move(hint)),
                      Need::Kind::kFile, rel);
    return r;
  }
  const auto pick = k8s::find_pod_doc(*y.docs, want_name);
  if (!pick.index) {
    r.failure = unmet(fail(expected, msg("value.manifest.kinds", {{"file", file}, {"kinds", join(pick.kinds)}}),
                           msg("hint.manifest.not-single-pod", {{"file", file}})),
                      Need::Kind::kFile, rel);
    return r;
  }
  const json& pod = (*y.docs)[*pick.index];
  if (!want_name.empty()) {
    // A manifest meant to create a lab pod: one the apiserver refuses never made it.
    const auto why = *pick.index < y.refusals.size() ? y.refusals[*pick.index]
                                                     : refusal(pod, k8s::resource_gates(s.snap().server_version()));
    // cpu-only's selector value that is no string (`true` unquoted, YAML's boolean) has its own
    // hint in step 5: the lab's classic slip, named there. Any other pod's is refused.
    const bool own_hint = why && want_name == lab::kPodCpuOnly && why->path == "spec.nodeSelector" &&
                          why->id == refusal_id(k8s::ConstraintProblem::Kind::kNotString) &&
                          only_lab_selector_unquoted(pod);
    if (why && !own_hint) {
      r.failure = unmet(refused(*why, file, expected), Need::Kind::kFile, rel);
      return r;
    }
  }
  if (!want_name.empty()) {
    if (auto bad = header_refused(s, pod, rel, expected)) {
      r.failure = std::move(*bad);
      return r;
    }
  }
  r.docs = y.docs;
  r.pod = &pod;
  return r;
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
