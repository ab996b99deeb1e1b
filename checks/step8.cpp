// Step 8 of the lab (docs/lab/SPEC.md): out/gate-report.txt, seven lines; the three counts are compared
// to the live cluster, never to constants.
//
// USED is counted the scheduler's way over the pods the snapshot holds. The snapshot lists the
// pods of namespace gpu-why only (collect.h), so a pod of another namespace bound to
// lab-node-0 is not counted; in the lab no other pod asks for nvidia.com/gpu.
#include <algorithm>

#include <fmt/format.h>

#include "causes.h"
#include "checks.h"
#include "common.h"
#include "gpuwhy/base/text.h"
#include "gpuwhy/k8s/taints.h"
#include "gpuwhy/lab/lab.h"

namespace gpuwhy::checks {
namespace {

using namespace detail;  // NOLINT(google-build-using-namespace)

std::map<std::string, std::string> args8(std::string_view key) {
  return {{"file", std::string(lab::kFileGateReport)}, {"key", std::string(key)},
          {"node", std::string(lab::kGpuNode)},        {"namespace", std::string(lab::kNamespace)},
          {"resource", std::string(lab::kResource)},   {"taint", std::string(lab::kTaintString)}};
}

/// Verifies: seven non-blank KEY=VALUE / KEY: VALUE lines, each key once.
Outcome format_unmarked(const View& s) {
  std::vector<std::string> keys(lab::kGateKeys.begin(), lab::kGateKeys.end());
  auto args = args8("");
  args["keys"] = join(keys);
  const Msg expected = msg("value.step8.format.expected", args);
  FileRead f = read_text(s, lab::kFileGateReport, expected);
  if (!f.text) return f.failure;
  const readers::GateReport& g = s.gate_report();
  auto ev = file_evidence(lab::kFileGateReport, *f.text, 9);
  const Msg actual = msg("value.step8.format.actual",
                         {{"lines", std::to_string(g.nonblank_lines)}, {"keys", std::to_string(g.values.size())}});
  if (!g.malformed.empty()) {
    args["lines"] = join(g.malformed, " | ");
    return fail(expected, actual, msg("hint.step8.format.malformed", args), ev);
  }
  if (!g.unknown.empty()) {
    args["unknown"] = join(g.unknown);
    return fail(expected, actual, msg("hint.step8.format.unknown-keys", args), ev);
  }
  if (!g.duplicates.empty()) {
    args["duplicates"] = join(g.duplicates);
    return fail(expected, actual, msg("hint.step8.format.duplicates", args), ev);
  }
  if (!g.missing.empty()) {
    args["missing"] = join(g.missing);
    return fail(expected, actual, msg("hint.step8.format.missing-keys", args), ev);
  }
  if (g.nonblank_lines != static_cast<int>(lab::kGateKeys.size())) {
    return fail(expected, actual, msg("hint.step8.format.line-count", args), ev);
  }
  return pass(expected, actual, ev);
}

// The report's shape is the first thing read of the file: every other step-8 check that cannot
// read its line follows from this one (Outcome::unmet).
Outcome format(const View& s) {
  Outcome o = format_unmarked(s);
  if (o.status == Status::kFail && !o.unmet) o = unmet(std::move(o), Need::Kind::kFile, lab::kFileGateReport);
  return o;
}

// The value of `key`, or the failure (file bad, key missing, duplicated with other values).
struct Value {
  std::optional<std::string> value;
  Outcome failure;
};
Value value_of(const View& s, std::string_view key, const Msg& expected) {
  Value v;
  FileRead f = read_text(s, lab::kFileGateReport, expected);
  if (!f.text) {
    v.failure = std::move(f.failure);
    return v;
  }
  const readers::GateReport& g = s.gate_report();
  const auto args = args8(key);
  const std::string k(key);
  if (std::find(g.conflicting.begin(), g.conflicting.end(), k) != g.conflicting.end()) {
    v.failure = unmet(fail(expected, msg("value.step8.conflicting", args), msg("hint.step8.key-conflict", args)),
                      Need::Kind::kFile, lab::kFileGateReport);
    return v;
  }
  auto it = g.values.find(k);
  if (it == g.values.end()) {
    v.failure = unmet(fail(expected, msg("value.step8.key-missing", args), msg("hint.step8.key-missing", args)),
                      Need::Kind::kFile, lab::kFileGateReport);
    return v;
  }
  v.value = it->second;
  return v;
}

// A count the student wrote, against the live count. A count that is what the lab leaves
// (`intended`) while the cluster counts otherwise is right for the lab: the cluster was changed,
// by a mistake of an earlier step or after the report was written, and the hint says so instead
// of asking for the live number (Need::Kind::kCount: the checks that own the count, CheckInfo::counts,
// take the failure).
// `resource`, when given, is what is counted: the student may name it before the amount.
Outcome compare_count(const View& s, std::string_view key, const Msg& expected_fmt_missing, long long live,
                      long long intended, const char* differs_hint, std::vector<Msg> ev, std::string_view resource = {},
                      bool none_is_zero = false) {
  Value v = value_of(s, key, expected_fmt_missing);
  if (!v.value) return std::move(v.failure);
  auto args = args8(key);
  args["value"] = *v.value;
  args["live"] = std::to_string(live);
  auto n = readers::leading_count(*v.value, resource);
  // kubectl's `<none>` for a field that is not there (custom-columns of an absent allocatable).
  if (!n && none_is_zero && text::to_lower_ascii(text::trim(*v.value)) == "<none>") n = 0;
  ev.insert(ev.begin(), raw(fmt::format("{}: {}={}", lab::kFileGateReport, key, *v.value)));
  // What a failure compared: the count written and the live one.
  const auto judged = [&](Outcome o) {
    o.compared = Compared{*v.value, std::to_string(live), n, live};
    return o;
  };
  if (!n) {
    const char* hint =
        readers::several_counts(*v.value, resource) ? "hint.step8.several-counts" : "hint.step8.not-a-number";
    return judged(fail(expected_fmt_missing, raw(*v.value), msg(hint, args), ev));
  }
  if (*n != live && *n == intended) {
    return judged(unmet(fail(expected_fmt_missing, raw(*v.value), msg("hint.step8.right-for-lab", args), ev),
                        Need::Kind::kCount, key));
  }
  if (*n != live) return judged(fail(expected_fmt_missing, raw(*v.value), msg(differs_hint, args), ev));
  return pass(expected_fmt_missing, raw(*v.value), ev);
}

/// Verifies: ALLOCATABLE equals the live allocatable nvidia.com/gpu of lab-node-0.
Outcome allocatable(const View& s) {
  // File problems first, then the live value.
  const auto file_only = msg("value.step8.count-from-cluster", args8(lab::kGateAllocatable));
  if (Value v = value_of(s, lab::kGateAllocatable, file_only); !v.value) return v.failure;
  if (auto e = need_nodes(s)) return *e;
  const json* node = s.node(lab::kGpuNode);
  long long live = 0;
  std::vector<Msg> ev;
  if (node != nullptr) {
    const auto a = node_gpu(*node, "allocatable");
    live = a ? readers::quantity_milli(*a).value_or(0) / 1000 : 0;
    ev.push_back(ev_node_amount(lab::kGpuNode, "allocatable", a));
  }
  auto args = args8(lab::kGateAllocatable);
  args["live"] = std::to_string(live);
  return compare_count(s, lab::kGateAllocatable, msg("value.step8.live-count", args), live, lab::kIntendedAllocatable,
                       "hint.step8.allocatable.differs", ev, lab::kResource, true);
}

/// Verifies: USED equals the GPUs requested by the non-terminated pods bound to lab-node-0.
Outcome used(const View& s) {
  if (Value v = value_of(s, lab::kGateUsed, msg("value.step8.count-from-cluster", args8(lab::kGateUsed))); !v.value)
    return v.failure;
  if (auto e = need_node_pods(s)) return *e;
  const GpuUse use = gpu_used_on_lab_node(s);
  std::vector<Msg> ev = ev_pods_on_lab_node(use);
  const long long live = (use.milli + 999) / 1000;
  auto args = args8(lab::kGateUsed);
  args["live"] = std::to_string(live);
  return compare_count(s, lab::kGateUsed, msg("value.step8.live-count", args), live, lab::kIntendedUsed,
                       "hint.step8.used.differs", ev, lab::kResource);
}

/// Verifies: PENDING equals the number of Pending pods in gpu-why.
Outcome pending(const View& s) {
  if (Value v = value_of(s, lab::kGatePending, msg("value.step8.count-from-cluster", args8(lab::kGatePending)));
      !v.value)
    return v.failure;
  if (auto e = need_pods(s)) return *e;
  long long live = 0;
  std::vector<std::string> names;
  for (const auto& p : items(s.snap().pods.value())) {
    if (view_at(p, "/status/phase") == "Pending") {
      ++live;
      names.push_back(name_of(p));
    }
  }
  auto args = args8(lab::kGatePending);
  args["live"] = std::to_string(live);
  return compare_count(s, lab::kGatePending, msg("value.step8.live-count", args), live, lab::kIntendedPending,
                       "hint.step8.pending.differs",
                       {with_list(msg("ev.pending-in", {{"namespace", std::string(lab::kNamespace)}}), "pods", names)});
}

// taint before a taint with the wrong key is named as the cause.
//
// `got` (the answer, blanks beside `=` and `:` removed, other runs one space) is `want`, or `want`
// followed by a note the student wrote after it: ` (kubectl describe 로 확인)`, ` # from
// describe`, `— 확인함`, `입니다`, ` on lab-node-0`, `, not NoExecute`. A letter, digit or another
// taint character right after it makes another taint, never a note (`…:NoSchedule-` is the
// command that removes it). Whatever the separator, a note that names another effect without
// denying it hedges or adds a taint (` or NoExecute`, ` / NoExecute`, `; k=v:NoExecute`); what is
// in parentheses or brackets or after `#` is a remark and read no further.
bool same_taint(std::string_view got, std::string_view want) {
  if (got.size() < want.size() || got.substr(0, want.size()) != want) return false;
  if (got.size() == want.size()) return true;
  const auto next = static_cast<unsigned char>(got[want.size()]);
  const bool note = next == ' ' || next >= 0x80 || next == '(' || next == '[' || next == '#' || next == '/' ||
                    next == ';' || next == ',' || next == '.';
  if (!note) return false;
  std::string rest = text::to_lower_ascii(got.substr(want.size()));
  rest = rest.substr(0, rest.find_first_of("([#"));
  if (rest.find("noschedule") == std::string::npos && rest.find("noexecute") == std::string::npos) return true;
  // Another effect named, and denied: `, not NoExecute`, `(NoExecute 아님)`, `NoExecute ではない`.
  for (std::string_view no : {"not ", "n't", "never", "아님", "아니", "않", "ない"}) {
    if (rest.find(no) != std::string::npos) return true;
  }
  return false;
}

// The TAINT answer as compared: backticks around it dropped, blanks beside `=` and `:` removed
// (the student's spacing), any other run of blanks one space (`pre sent` is not the taint), and a
// label kubectl prints before a taint dropped.
std::string taint_answer(std::string value) {
  // Quoted as code or as a string, with or without a note after it: `…`, "…", '…'.
  for (const char q : {'`', '"', '\''}) {
    if (const auto close = value.find(q, 1); !value.empty() && value.front() == q && close != std::string::npos) {
      value = value.substr(1, close - 1) + value.substr(close + 1);
      break;
    }
  }
  std::string got;
  for (std::size_t i = 0; i < value.size(); ++i) {
    if (value[i] != ' ' && value[i] != '\t') {
      got += value[i];
      continue;
    }
    std::size_t j = i;
    while (j < value.size() && (value[j] == ' ' || value[j] == '\t')) ++j;
    const bool beside_separator = (!got.empty() && (got.back() == '=' || got.back() == ':')) ||
                                  (j < value.size() && (value[j] == '=' || value[j] == ':'));
    if (!beside_separator && !got.empty() && j < value.size()) got += ' ';
    i = j - 1;
  }
  // A label kubectl prints before the taint, copied with it: describe's `Taints:` field, or the
  // node's name (`lab-node-0: ...`, a jsonpath of name and taints). Neither can begin a taint.
  for (bool cut = true; cut;) {
    cut = false;
    for (const std::string_view label : {std::string_view("taints:"), std::string_view("taint:")}) {
      if (got.size() > label.size() && text::to_lower_ascii(std::string_view(got).substr(0, label.size())) == label) {
        got.erase(0, label.size());
        cut = true;
      }
    }
    const std::string node = std::string(lab::kGpuNode) + ":";
    if (got.size() > node.size() && got.starts_with(node)) {
      got.erase(0, node.size());
      cut = true;
    }
  }
  // A taint with no value written with its `=` (`key=:Effect`, what a jsonpath of key=value:effect
  // prints for it) is the taint `key:Effect`: kubectl taint reads both the same.
  for (auto p = got.find("=:"); p != std::string::npos; p = got.find("=:", p + 1)) got.erase(p, 1);
  return got;
}

// The answer without the taints the node controller keeps on the node (`node.kubernetes.io/...`:
// a cordon's `unschedulable`), which a TAINT that lists every taint of the node names too, with or
// without a separator (`{range .spec.taints[*]}{.key}={.value}:{.effect}{end}` prints none). They
// are not the student's taint to name.
std::string without_controller_taints(std::string got, const json* node) {
  if (node == nullptr) return got;
  const json* taints = at(*node, "/spec/taints");
  if (taints == nullptr || !taints->is_array()) return got;
  for (const auto& t : *taints) {
    const std::string key = str_at(t, "/key");
    if (!key.starts_with("node.kubernetes.io/")) continue;
    // As a jsonpath prints it (`key=value:Effect`, `key=:Effect` when it has no value) and as
    // describe does (k8s::taint_text: `key:Effect` when it has no value).
    const std::string jsonpath = fmt::format("{}={}:{}", key, str_at(t, "/value"), str_at(t, "/effect"));
    for (const std::string& form : {jsonpath, k8s::taint_text(t)}) {
      const auto pos = got.find(form);
      if (pos == std::string::npos) continue;
      got.erase(pos, form.size());
      const auto lead = got.find_first_not_of(" ,;");
      got.erase(0, lead == std::string::npos ? got.size() : lead);
      while (!got.empty() && (got.back() == ' ' || got.back() == ',' || got.back() == ';')) got.pop_back();
      break;
    }
  }
  return got;
}

// The taints a list names, sorted: `a:NoSchedule, b:NoExecute` or separated by blanks or `;`.
std::vector<std::string> taint_list(std::string_view got) {
  std::vector<std::string> out;
  std::string cur;
  for (const char c : got) {
    if (c == ',' || c == ' ' || c == ';') {
      if (!cur.empty()) out.push_back(std::move(cur));
      cur.clear();
      continue;
    }
    cur += c;
  }
  if (!cur.empty()) out.push_back(std::move(cur));
  std::sort(out.begin(), out.end());
  return out;
}

Outcome taint_unchecked(const View& s) {
  auto args = args8(lab::kGateTaint);
  const Msg file_expected = msg("value.step8.taint.expected", args);
  Value v = value_of(s, lab::kGateTaint, file_expected);
  if (!v.value) return v.failure;
  if (auto e = need_nodes(s)) return *e;
  // The node's taints of the key; the one that gates is a taint the scheduler filters by
  // (NoSchedule, NoExecute): a PreferNoSchedule one beside it only lowers a score.
  std::vector<std::string> all;
  std::vector<std::string> live;
  if (const json* node = s.node(lab::kGpuNode)) {
    for (const auto& t : gpu_taints(*node)) {
      all.push_back(taint_string(t));
      if (k8s::filters_pods(t)) live.push_back(all.back());
    }
  }
  if (live.empty()) live = all;
  const std::string got = without_controller_taints(taint_answer(*v.value), s.node(lab::kGpuNode));
  args["value"] = *v.value;
  args["live"] = live.empty() ? "-" : join(live);
  const Msg expected = live.empty() ? msg("value.step8.taint.no-live", args) : raw(join(live));
  const std::vector<Msg> ev{raw(fmt::format("{}: TAINT={}", lab::kFileGateReport, *v.value)),
                            msg("ev.taints-for", {{"node", std::string(lab::kGpuNode)},
                                                  {"key", std::string(lab::kTaintKey)},
                                                  {"taints", all.empty() ? "-" : join(all)}})};
  const auto matches = [&got](const std::string& l) { return same_taint(got, l); };
  if (!got.empty() && std::any_of(live.begin(), live.end(), matches)) return pass(expected, raw(*v.value), ev);
  // Every taint of the key the node carries, as a list: what the node shows (an extra one is the
  // fault of step 5, named there).
  if (all.size() > 1 && taint_list(got) == taint_list(join(all))) return pass(expected, raw(*v.value), ev);
  // What a failure compared: the answer as read (spacing and backticks dropped) and the live taints.
  const auto judged = [&](Outcome o) {
    o.compared = Compared{got, args["live"], std::nullopt, std::nullopt};
    return o;
  };
  if (live.empty()) return judged(fail(expected, raw(*v.value), Fault::kNoLiveTaint, args, ev));
  // The lab's taint, while the node carries another: right for the lab (a mistake of step 5).
  if (same_taint(got, lab::kTaintString)) {
    return judged(unmet(fail(expected, raw(*v.value), msg("hint.step8.right-for-lab", args), ev), Need::Kind::kCount,
                        lab::kGateTaint));
  }
  for (const auto& l : live) {
    if (same_taint(text::to_lower_ascii(got), text::to_lower_ascii(l)))
      return judged(fail(expected, raw(*v.value), msg("hint.step8.taint.case", args), ev));
  }
  return judged(fail(expected, raw(*v.value), msg("hint.step8.taint.differs", args), ev));
}

/// Verifies: TAINT equals the live nvidia.com/gpu taint of lab-node-0 (a taint with another key
/// is named as the cause).
Outcome taint(const View& s) {
  Outcome o = retarget_foreign_taint(s, taint_unchecked(s));
  // The answer lists the node's taints, the lab's and another beside it that keeps the lab's pods
  // off (a jsonpath over every taint): that other taint is the fault, a mistake of step 5.
  if (o.status != Status::kFail || o.compared.answer.find(lab::kTaintString) == std::string::npos) return o;
  const json* node = s.node(lab::kGpuNode);
  if (node == nullptr) return o;
  const auto blocking = foreign_taints_blocking(*node, s.pod(lab::kPodTrainer2));
  const std::string& answer = o.compared.answer;
  if (std::none_of(blocking.begin(), blocking.end(),
                   [&answer](const std::string& b) { return answer.find(b) != std::string::npos; }))
    return o;
  return with_hint(std::move(o), Fault::kForeignTaintBeside, foreign_taint_args(blocking));
}

readers::Answer about_equality(std::string_view v) {
  return readers::classify_answer(v, /*about_equality=*/true);
}

readers::Answer plain(std::string_view v) {
  return readers::classify_answer(v);
}

// FRACTIONAL: the integer rule stated is its no (`정수`, `integer required`), denied its yes.
readers::Answer about_fractions(std::string_view v) {
  if (const auto rule = readers::integer_rule(v))
    return *rule ? readers::Answer::kNegative : readers::Answer::kPermissive;
  return readers::classify_answer(v);
}

Outcome word(const View& s, std::string_view key, readers::Answer want, const char* expected_id,
             std::initializer_list<std::pair<readers::Answer, const char*>> wrong, const char* unknown_hint,
             readers::Answer (*read)(std::string_view) = &plain) {
  auto args = args8(key);
  const Msg expected = msg(expected_id, args);
  Value v = value_of(s, key, expected);
  if (!v.value) return v.failure;
  args["value"] = *v.value;
  const auto a = read(*v.value);
  const std::vector<Msg> ev{msg("ev.answer", {{"line", fmt::format("{}: {}={}", lab::kFileGateReport, key, *v.value)},
                                              {"class@", "ev.answer." + readers::to_string(a)}})};
  if (a == want) return pass(expected, raw(*v.value), ev);
  if (a == readers::Answer::kAmbiguous) return fail(expected, raw(*v.value), msg("hint.step8.ambiguous", args), ev);
  for (const auto& [kind, hint] : wrong) {
    if (a == kind) return fail(expected, raw(*v.value), msg(hint, args), ev);
  }
  return fail(expected, raw(*v.value), msg(unknown_hint, args), ev);
}

/// Verifies: REQUESTS_EQUAL_LIMITS is an affirmative word.
Outcome requests_equal_limits(const View& s) {
  return word(s, lab::kGateRequestsEqualLimits, readers::Answer::kAffirmative,
              "value.step8.requests-equal-limits.expected",
              {{readers::Answer::kNegative, "hint.step8.requests-equal-limits.negative"}},
              "hint.step8.requests-equal-limits.unknown", &about_equality);
}

/// Verifies: FRACTIONAL is a negative word (`yes` and `allowed` both say fractions are allowed).
Outcome fractional(const View& s) {
  return word(s, lab::kGateFractional, readers::Answer::kNegative, "value.step8.fractional.expected",
              {{readers::Answer::kAffirmative, "hint.step8.fractional.affirmative"},
               {readers::Answer::kPermissive, "hint.step8.fractional.affirmative"}},
              "hint.step8.fractional.unknown", &about_fractions);
}

/// Verifies: SCHEDULER_SEES is "numbers" (not devices, not labels).
Outcome scheduler_sees(const View& s) {
  return word(s, lab::kGateSchedulerSees, readers::Answer::kNumbers, "value.step8.scheduler-sees.expected",
              {{readers::Answer::kDevices, "hint.step8.scheduler-sees.devices"},
               {readers::Answer::kLabels, "hint.step8.scheduler-sees.labels"}},
              "hint.step8.scheduler-sees.unknown");
}

constexpr CheckInfo kChecks[] = {
    {.id = "step8.format", .step = 8, .points = 2, .run = &format, .reads = kInFiles},
    {.id = "step8.allocatable", .step = 8, .points = 2, .run = &allocatable, .reads = kInNodes | kInFiles},
    {.id = "step8.used", .step = 8, .points = 2, .run = &used, .reads = kInPods | kInNodePods | kInFiles},
    {.id = "step8.pending",
     .step = 8,
     .points = 2,
     .run = &pending,
     .reads = kInPods | kInFiles,
     .may_be_caused_by = {"step8.used"},
     .cause = &causes::step8_pending},
    {.id = "step8.taint",
     .step = 8,
     .points = 2,
     .run = &taint,
     .reads = kInNodes | kInFiles,
     .may_be_caused_by = {"step5.taint"},
     .cause = &causes::step8_taint},
    {.id = "step8.requests-equal-limits", .step = 8, .points = 1, .run = &requests_equal_limits, .reads = kInFiles},
    {.id = "step8.fractional", .step = 8, .points = 1, .run = &fractional, .reads = kInFiles},
    {.id = "step8.scheduler-sees", .step = 8, .points = 2, .run = &scheduler_sees, .reads = kInFiles},
};

}  // namespace

std::span<const CheckInfo> step8() {
  return kChecks;
}

}  // namespace gpuwhy::checks
