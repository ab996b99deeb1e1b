// Step 3 of the lab (docs/lab/SPEC.md): the two apiserver rules for extended resources
// (requests == limits, whole numbers), proven by two manifests the apiserver refuses.
#include <algorithm>
#include <utility>
#include <vector>

#include <fmt/format.h>

#include "causes.h"
#include "checks.h"
#include "common.h"
#include "gpuwhy/base/text.h"
#include "gpuwhy/k8s/messages.h"
#include "gpuwhy/k8s/quantity.h"
#include "gpuwhy/lab/lab.h"

namespace gpuwhy::checks {
namespace {

using namespace detail;  // NOLINT(google-build-using-namespace)

// The nvidia.com/gpu amounts of one container, each as written (null: not set) and as read.
struct GpuAmounts {
  std::string container;
  const json* request_value = nullptr;  ///< points into the pod, which outlives these
  const json* limit_value = nullptr;
  std::optional<long long> requests;  ///< thousandths; nullopt: not set, or not read as an amount
  std::optional<long long> limits;
};

// A value as written, for the evidence: a string quoted, anything else as JSON; on one line, cut
// to a readable length.
std::string written(const json& v) {
  constexpr std::size_t kShown = 40;
  return text::one_line(v.dump(-1, ' ', false, json::error_handler_t::replace), kShown);
}

std::vector<GpuAmounts> gpu_amounts(const json& pod) {
  std::vector<GpuAmounts> out;
  const std::string res(lab::kResource);
  for (const json* c : all_containers(pod)) {
    GpuAmounts g;
    g.container = str_at(*c, "/name");
    const json* r = at(*c, "/resources");
    if (r == nullptr || !r->is_object()) continue;
    const auto value = [&](const char* which) -> const json* {
      const auto it = r->find(which);
      if (it == r->end() || !it->is_object()) return nullptr;
      const auto v = it->find(res);
      return v == it->end() ? nullptr : &*v;
    };
    g.request_value = value("requests");
    g.limit_value = value("limits");
    if (g.request_value != nullptr) g.requests = readers::json_quantity_milli(*g.request_value);
    if (g.limit_value != nullptr) g.limits = readers::json_quantity_milli(*g.limit_value);
    if (g.request_value != nullptr || g.limit_value != nullptr) out.push_back(std::move(g));
  }
  return out;
}

// An amount for the evidence: read, else as written, else "-" (not set).
std::string amount_text(const std::optional<long long>& read, const json* value) {
  if (read) return milli_text(*read);
  return value != nullptr ? written(*value) : std::string("-");
}

std::string amounts_text(const std::vector<GpuAmounts>& v) {
  std::vector<std::string> parts;
  for (const auto& g : v) {
    parts.push_back(fmt::format("{}: requests={} limits={}", g.container.empty() ? "?" : g.container,
                                amount_text(g.requests, g.request_value), amount_text(g.limits, g.limit_value)));
  }
  return parts.empty() ? std::string("-") : join(parts, "; ");
}

// A GPU amount that is no quantity: the apiserver refuses the manifest as it decodes it ("quantities
// must match the regular expression"), so neither rule of step 3 is what refused it.
std::optional<Msg> refused_at_decode(const std::vector<GpuAmounts>& gs, std::map<std::string, std::string> args) {
  for (const auto& g : gs) {
    for (const json* v : {g.request_value, g.limit_value}) {
      if (v == nullptr || k8s::json_is_quantity(*v)) continue;
      args["value"] = written(*v);
      return msg("hint.step3.not-quantity", std::move(args));
    }
  }
  return std::nullopt;
}

/// Verifies: k8s/bad-mismatch.yaml is a Pod whose container sets nvidia.com/gpu in both
/// requests and limits, whole numbers, different values.
Outcome mismatch_manifest(const View& s) {
  const std::string file(lab::kManifestBadMismatch);
  const Msg expected =
      msg("value.step3.mismatch-manifest.expected", {{"file", file}, {"resource", std::string(lab::kResource)}});
  ManifestRead m = read_pod_manifest(s, lab::kManifestBadMismatch, expected);
  if (!m.pod) return m.failure;
  const auto gs = gpu_amounts(*m.pod);
  const Msg actual = raw(amounts_text(gs));
  const std::vector<Msg> ev{raw(fmt::format("{}: {}", file, amounts_text(gs)))};
  const std::map<std::string, std::string> args{{"file", file}, {"resource", std::string(lab::kResource)}};
  if (const auto bad = refused_at_decode(gs, args)) return fail(expected, actual, *bad, ev);
  bool equal = false;
  bool fractional = false;
  bool negative = false;
  for (const auto& g : gs) {
    if (!g.requests || !g.limits) continue;
    if (*g.requests % 1000 != 0 || *g.limits % 1000 != 0) {
      fractional = true;
      continue;
    }
    // A negative amount is refused for that too ("must be greater than or equal to 0"): the
    // mismatch is then not the only rule the manifest breaks.
    if (*g.requests < 0 || *g.limits < 0) {
      negative = true;
      continue;
    }
    if (*g.requests != *g.limits) return pass(expected, actual, ev);
    equal = true;
  }
  if (equal) return fail(expected, actual, msg("hint.step3.mismatch-manifest.equal", args), ev);
  if (fractional) return fail(expected, actual, msg("hint.step3.mismatch-manifest.fractional", args), ev);
  if (negative) return fail(expected, actual, msg("hint.step3.mismatch-manifest.negative", args), ev);
  return fail(expected, actual, msg("hint.step3.mismatch-manifest.needs-both", args), ev);
}

/// Verifies: k8s/bad-fraction.yaml is a Pod with a non-integer nvidia.com/gpu amount.
Outcome fraction_manifest(const View& s) {
  const std::string file(lab::kManifestBadFraction);
  const std::map<std::string, std::string> args{{"file", file}, {"resource", std::string(lab::kResource)}};
  const Msg expected = msg("value.step3.fraction-manifest.expected", args);
  ManifestRead m = read_pod_manifest(s, lab::kManifestBadFraction, expected);
  if (!m.pod) return m.failure;
  const auto gs = gpu_amounts(*m.pod);
  const Msg actual = raw(amounts_text(gs));
  const std::vector<Msg> ev{raw(fmt::format("{}: {}", file, amounts_text(gs)))};
  if (const auto bad = refused_at_decode(gs, args)) return fail(expected, actual, *bad, ev);
  for (const auto& g : gs) {
    if ((g.requests && *g.requests % 1000 != 0) || (g.limits && *g.limits % 1000 != 0))
      return pass(expected, actual, ev);
  }
  if (gs.empty()) return fail(expected, actual, msg("hint.step3.fraction-manifest.no-gpu", args), ev);
  return fail(expected, actual, msg("hint.step3.fraction-manifest.whole", args), ev);
}

// One of the two dry-runs: refused (422) for its own rule?
Outcome dry_run_part(const View& s, std::string_view path, bool want_mismatch, Msg* line) {
  const std::string file(path);
  const std::map<std::string, std::string> args{{"file", file}, {"namespace", std::string(lab::kNamespace)}};
  const Msg none;
  auto it = s.snap().dry_runs.find(file);
  if (it == s.snap().dry_runs.end()) {
    *line = msg("ev.dry-run-not-sent", {{"file", file}});
    Outcome o = env_error(FetchError{ErrorKind::kSkipped, 0, file}, "dry-run", args);
    o.actual = *line;
    o.evidence = {*line};
    return o;
  }
  if (!it->second.ok()) {
    const FetchError& e = it->second.error();
    *line = raw(fmt::format("{}: {}", file, e.message));
    // Not sent because the grader chose so (--no-dry-run): not evaluated, never a fail.
    if (e.kind == ErrorKind::kSkipped && e.message == kDryRunOff) {
      *line = msg("ev.dry-run-off", {{"file", file}});
      return Outcome{Status::kSkip, none, *line, none, {*line}};
    }
    // Not sent because the manifest is missing or not a single Pod: the student's part.
    if (e.kind == ErrorKind::kSkipped)
      return unmet(fail(none, *line, msg("hint.step3.apiserver-rejects.not-sent", args), {*line}), Need::Kind::kFile,
                   file);
    return env_error(e, "dry-run", args);
  }
  const HttpAnswer& a = it->second.value();
  const std::string m = messages::status_message(a.body, 300);
  const std::string text = fmt::format("{}: HTTP {}{}{}", file, a.status, m.empty() ? "" : ": ", m);
  *line = raw(text);
  // No verdict on the manifest: the environment's (the same rule as collect's fetch_errors).
  if (messages::dry_run_answer_is_environment(a.status))
    return env_error(FetchError{ErrorKind::kHttp, a.status, text}, "dry-run", args);
  // 409 AlreadyExists: the apiserver validates a create before it stores it, so the manifest passed
  // validation; the pod it names exists, accepted earlier.
  if ((a.status >= 200 && a.status < 300) || a.status == 409)
    return fail(none, *line, Fault::kRejectsAccepted, args, {*line});
  if (a.status == 404) return fail(none, *line, Fault::kRejectsNoNamespace, args, {*line});
  if (a.status == 422) {
    const auto kinds = messages::classify(messages::causes_from_status(a.body));
    if (want_mismatch ? kinds.mismatch : kinds.fraction) return pass(none, *line, {*line});
  }
  return fail(none, *line, want_mismatch ? Fault::kRejectsOtherRuleMismatch : Fault::kRejectsOtherRuleFraction, args,
              {*line});
}

/// Verifies: each bad manifest, sent as a server-side dry-run create, is refused (422) for
/// its own rule. A 403 on the dry-run is an error naming the RBAC rule.
Outcome apiserver_rejects(const View& s) {
  const Msg expected =
      msg("value.step3.apiserver-rejects.expected", {{"mismatch_file", std::string(lab::kManifestBadMismatch)},
                                                     {"fraction_file", std::string(lab::kManifestBadFraction)}});
  Msg l1;
  Msg l2;
  Outcome a = dry_run_part(s, lab::kManifestBadMismatch, true, &l1);
  Outcome b = dry_run_part(s, lab::kManifestBadFraction, false, &l2);
  std::vector<Msg> ev{l1, l2};
  const bool off = a.status == Status::kSkip && b.status == Status::kSkip;
  Outcome o = worst(std::move(a), std::move(b));
  o.expected = expected;
  o.actual = off                              ? msg("value.step3.apiserver-rejects.dry-run-off",
                                                    {{"files", fmt::format("{}, {}", lab::kManifestBadMismatch, lab::kManifestBadFraction)}})
             : l1.id.empty() && l2.id.empty() ? raw(l1.args["text"] + "; " + l2.args["text"])
                                              : o.actual;  // a part told in words: that part's own line
  if (o.status == Status::kPass) o.hint = Msg{};
  o.evidence = ev;
  return o;
}

// The metadata.name of each bad manifest that reads and has one.
std::vector<std::string> bad_manifest_names(const View& s) {
  std::vector<std::string> names;
  for (auto path : lab::kDryRunManifests) {
    ManifestRead m = read_pod_manifest(s, path, Msg{});
    if (m.pod != nullptr && !name_of(*m.pod).empty()) names.push_back(name_of(*m.pod));
  }
  return names;
}

// The first rejection showing each rule (-1: none), and whether two different rejections show
// the two rules.
struct RuleHits {
  int mismatch = -1;
  int fraction = -1;
  bool paired = false;
};
RuleHits rule_hits(const readers::RejectedFile& r) {
  RuleHits h;
  const int n = static_cast<int>(r.rejections.size());
  for (int i = 0; i < n && !h.paired; ++i) {
    for (int j = 0; j < n && !h.paired; ++j) {
      h.paired = i != j && r.rejections[i].kinds.mismatch && r.rejections[j].kinds.fraction;
    }
  }
  for (int i = 0; i < n; ++i) {
    if (h.mismatch < 0 && r.rejections[i].kinds.mismatch) h.mismatch = i;
    if (h.fraction < 0 && r.rejections[i].kinds.fraction) h.fraction = i;
  }
  return h;
}

// One evidence line per rejection, tagged with the rules it shows.
std::vector<Msg> rejection_evidence(const std::string& file, const readers::RejectedFile& r) {
  std::vector<Msg> ev;
  for (const auto& rj : r.rejections) {
    const std::string line = fmt::format("{}: {}", file, text::ellipsize(rj.header, 240));
    const char* tag = rj.kinds.mismatch ? (rj.kinds.fraction ? "ev.rejected.both" : "ev.rejected.mismatch")
                                        : (rj.kinds.fraction ? "ev.rejected.fraction" : nullptr);
    ev.push_back(tag == nullptr ? raw(line) : msg(tag, {{"line", line}}));
  }
  return ev;
}

// Rejections of pods neither bad manifest names (another attempt's, a classmate's) answer for
// nothing here: they leave `r`, and their pods are returned. When they alone made the pair, they
// are the fault. Without both manifests' names none is told apart.
std::vector<std::string> drop_foreign(readers::RejectedFile& r, const std::vector<std::string>& names) {
  std::vector<std::string> foreign;
  if (names.size() != lab::kDryRunManifests.size()) return foreign;
  std::erase_if(r.rejections, [&](const readers::Rejection& rj) {
    const bool theirs = !rj.pod.empty() && std::find(names.begin(), names.end(), rj.pod) == names.end();
    if (theirs && std::find(foreign.begin(), foreign.end(), rj.pod) == foreign.end()) foreign.push_back(rj.pod);
    return theirs;
  });
  return foreign;
}

/// Verifies: neither bad pod (by the manifests' metadata.name) exists in gpu-why.
Outcome not_created(const View& s) {
  std::vector<std::string> names;
  std::vector<Msg> ev;
  for (auto path : lab::kDryRunManifests) {
    ManifestRead m = read_pod_manifest(s, path, Msg{});
    if (!m.pod) continue;
    const std::string n = name_of(*m.pod);
    if (n.empty()) continue;
    names.push_back(n);
    const std::string ns = str_at(*m.pod, "/metadata/namespace");
    if (!ns.empty() && ns != lab::kNamespace)
      ev.push_back(msg("ev.namespace-not-graded", {{"file", std::string(path)}, {"namespace", ns}}));
  }
  const Msg expected = msg("value.step3.not-created.expected",
                           {{"pods", names.empty() ? "-" : join(names)}, {"namespace", std::string(lab::kNamespace)}});
  if (names.empty()) {
    // Neither manifest can be read: the first one's check owns the fault.
    return unmet(
        fail(expected, msg("value.step3.not-created.no-names"),
             msg("hint.step3.not-created.no-names", {{"mismatch_file", std::string(lab::kManifestBadMismatch)},
                                                     {"fraction_file", std::string(lab::kManifestBadFraction)}}),
             ev),
        Need::Kind::kFile, std::string(lab::kManifestBadMismatch));
  }
  if (auto e = need_pods(s)) return *e;
  std::vector<std::string> exist;
  for (const auto& n : names) {
    if (s.pod(n) != nullptr) exist.push_back(n);
    ev.push_back(msg(s.pod(n) != nullptr ? "ev.pod-exists" : "ev.pod-not-found",
                     {{"pod", fmt::format("{}/{}", lab::kNamespace, n)}}));
  }
  if (exist.empty()) return pass(expected, msg("value.step3.not-created.none"), ev);
  return fail(expected, raw(join(exist)), msg("hint.step3.not-created.exists", {{"pods", join(exist)}}), ev);
}

/// `r` with each refusal once: one saved twice (`>>` run again, or in two of kubectl's forms) is
/// one refusal, never the two the file must hold.
readers::RejectedFile distinct_rejections(readers::RejectedFile r) {
  const auto cause = [](const messages::Cause& c) { return std::pair(c.field, c.message); };
  std::vector<readers::Rejection> once;
  for (auto& rj : r.rejections) {
    const bool seen = std::any_of(once.begin(), once.end(), [&](const readers::Rejection& e) {
      return e.pod == rj.pod && std::ranges::equal(e.causes, rj.causes, {}, cause, cause);
    });
    if (!seen) once.push_back(std::move(rj));
  }
  r.rejections = std::move(once);
  return r;
}

/// Verifies: out/rejected.txt holds both rejections (mismatch and fraction), as kubectl
/// printed them on stderr.
Outcome rejected_file(const View& s) {
  const std::string file(lab::kFileRejected);
  const std::map<std::string, std::string> args{{"file", file}, {"resource", std::string(lab::kResource)}};
  const Msg expected = msg("value.step3.rejected-file.expected", args);
  FileRead f = read_text(s, lab::kFileRejected, expected, false);
  if (!f.text) return f.failure;
  if (text::blank(*f.text)) {
    // kubectl writes errors to stderr: `> file` alone leaves the file empty.
    return fail(expected, msg("value.file.empty", args), msg("hint.step3.rejected-file.empty", args));
  }
  auto r = distinct_rejections(readers::read_rejected(*f.text));
  const std::vector<std::string> names = bad_manifest_names(s);
  const std::vector<std::string> foreign = drop_foreign(r, names);
  std::vector<Msg> ev = rejection_evidence(file, r);
  // Each message shows the rules it shows (a 0.5 request with limit 1 breaks both); the file
  // passes when two different messages show the mismatch rule and the integer rule, in any
  // order.
  const auto [mismatch, fraction, paired] = rule_hits(r);
  const char* found =
      mismatch >= 0 ? (fraction >= 0 ? "value.step3.rejected-file.both" : "value.step3.rejected-file.mismatch-only")
                    : (fraction >= 0 ? "value.step3.rejected-file.fraction-only" : "value.step3.rejected-file.neither");
  const Msg actual = msg(found, {{"count", std::to_string(r.rejections.size())}});
  if (paired) return pass(expected, actual, ev);
  if (!foreign.empty()) {
    auto with = args;
    with["pods"] = join(foreign);
    with["names"] = join(names);
    with["mismatch_file"] = std::string(lab::kManifestBadMismatch);
    with["fraction_file"] = std::string(lab::kManifestBadFraction);
    return fail(expected, actual, msg("hint.step3.rejected-file.other-pods", with), ev);
  }
  if (r.rejections.empty()) {
    auto fe = file_evidence(file, *f.text);
    return fail(expected, actual, Fault::kRejectedFileNoRejection, args, fe);
  }
  // One rejection, and the other command's own result beside it (created in a dry run, or
  // kubectl's error before any request): that command ran and was not refused; the line says why.
  if (r.rejections.size() == 1 && !r.other_results.empty()) {
    auto with = args;
    with["result"] = text::ellipsize(r.other_results.front(), 160);
    ev.push_back(raw(fmt::format("{}: {}", file, with["result"])));
    return fail(expected, actual, Fault::kRejectedFileOtherResult, with, ev);
  }
  // One rejection of the integer rule (the lab's second command) and nothing else the other
  // command printed: the second `>` most likely wrote over the first. The mismatch (the first)
  // alone is the second's output that never reached the file: it lacks the integer rule.
  if (r.rejections.size() == 1 && fraction >= 0)
    return fail(expected, actual, Fault::kRejectedFileOverwritten, args, ev);
  if (mismatch < 0 && fraction < 0) return fail(expected, actual, Fault::kRejectedFileNeither, args, ev);
  if (mismatch < 0) return fail(expected, actual, Fault::kRejectedFileNoMismatch, args, ev);
  return fail(expected, actual, Fault::kRejectedFileNoFraction, args, ev);
}

constexpr CheckInfo kChecks[] = {
    {.id = "step3.mismatch-manifest", .step = 3, .points = 2, .run = &mismatch_manifest, .reads = kInFiles},
    {.id = "step3.fraction-manifest", .step = 3, .points = 2, .run = &fraction_manifest, .reads = kInFiles},
    {.id = "step3.apiserver-rejects",
     .step = 3,
     .points = 3,
     .run = &apiserver_rejects,
     .reads = kInDryRuns | kInFiles,
     .may_be_caused_by = {"step1.namespace", "step3.mismatch-manifest", "step3.fraction-manifest"},
     .cause = &causes::apiserver_rejects},
    {.id = "step3.not-created",
     .step = 3,
     .points = 1,
     .run = &not_created,
     .reads = kInPods | kInFiles,
     .may_be_caused_by = {"step3.mismatch-manifest", "step3.fraction-manifest"},
     .cause = &causes::not_created},
    {.id = "step3.rejected-file",
     .step = 3,
     .points = 2,
     .run = &rejected_file,
     .reads = kInFiles,
     .may_be_caused_by = {"step3.apiserver-rejects"},
     .cause = &causes::rejected_file},
};

}  // namespace

std::span<const CheckInfo> step3() {
  return kChecks;
}

}  // namespace gpuwhy::checks
