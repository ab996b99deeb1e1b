// Step 1 of the lab (docs/lab/SPEC.md): namespace gpu-why, the four GPU discovery labels on lab-node-0
// and on no other node.
#include <algorithm>

#include <fmt/format.h>

#include "causes.h"
#include "checks.h"
#include "common.h"
#include "gpuwhy/base/text.h"
#include "gpuwhy/lab/lab.h"

namespace gpuwhy::checks {
namespace {

using namespace detail;  // NOLINT(google-build-using-namespace)

/// Verifies: namespace gpu-why exists and is Active. A 404 is the student's state (fail).
Outcome namespace_exists(const View& s) {
  const Msg expected = msg("value.step1.namespace.expected", {{"namespace", std::string(lab::kNamespace)}});
  if (!s.snap().namespace_.ok()) {
    const auto& e = s.snap().namespace_.error();
    if (e.http_status == 404) {
      return fail(expected, msg("value.not-found"),
                  msg("hint.step1.namespace.missing", {{"namespace", std::string(lab::kNamespace)}}), {raw(e.message)});
    }
    return env_error(e, "namespace");
  }
  const std::string phase = str_at(s.snap().namespace_.value(), "/status/phase");
  if (phase != "Active") {
    return fail(expected, raw(phase.empty() ? "?" : phase),
                msg("hint.step1.namespace.terminating", {{"namespace", std::string(lab::kNamespace)}}));
  }
  return pass(expected, raw("Active"),
              {msg("ev.namespace-phase", {{"namespace", std::string(lab::kNamespace)}, {"phase", phase}})});
}

/// The GPU label keys `node` carries, each with the trailing minus that removes it ("" when none).
std::string gpu_label_removal(const json& node) {
  const json* labels = at(node, "/metadata/labels");
  std::vector<std::string> keys;
  for (const auto& l : lab::kGpuLabels) {
    if (labels != nullptr && labels->contains(std::string(l.key))) keys.emplace_back(l.key);
  }
  return removal_of(keys);
}

/// Verifies: lab-node-0 carries the four labels, values exactly as the lab says.
Outcome gpu_labels(const View& s) {
  std::vector<std::string> want;
  for (const auto& l : lab::kGpuLabels) want.push_back(fmt::format("{}={}", l.key, l.value));
  const Msg expected =
      msg("value.step1.gpu-labels.expected", {{"node", std::string(lab::kGpuNode)}, {"labels", join(want)}});
  const auto gpu_node = need_gpu_node(s, expected);
  if (gpu_node.node == nullptr) return *gpu_node.outcome;
  const json* node = gpu_node.node;
  const json* labels = at(*node, "/metadata/labels");
  std::vector<std::string> missing;
  std::vector<std::string> wrong;
  std::vector<Msg> evidence;
  bool case_only = true;
  for (const auto& l : lab::kGpuLabels) {
    const std::string key(l.key);
    if (labels == nullptr || !labels->contains(key) || !(*labels)[key].is_string()) {
      missing.push_back(key);
      case_only = false;
      continue;
    }
    const std::string v = (*labels)[key].get<std::string>();
    evidence.push_back(raw(fmt::format("{}: {}={}", lab::kGpuNode, key, v)));
    if (v != l.value) {
      wrong.push_back(fmt::format("{}={}", key, v));
      case_only = case_only && text::to_lower_ascii(v) == text::to_lower_ascii(l.value);
    }
  }
  if (missing.empty() && wrong.empty()) return pass(expected, raw(join(want)), evidence);
  Msg actual = msg("value.step1.gpu-labels.actual",
                   {{"missing", missing.empty() ? "-" : join(missing)}, {"wrong", wrong.empty() ? "-" : join(wrong)}});
  // All four missing here but present on another node: the labels went to the wrong node.
  if (missing.size() == lab::kGpuLabels.size()) {
    for (const json* other : s.other_nodes()) {
      const json* ol = at(*other, "/metadata/labels");
      if (ol != nullptr && ol->contains(std::string(lab::kGpuLabels[0].key))) {
        return fail(
            expected, actual, Fault::kGpuLabelsOnOtherNode,
            {{"node", std::string(lab::kGpuNode)}, {"other", name_of(*other)}, {"remove", gpu_label_removal(*other)}},
            evidence);
      }
    }
  }
  if (missing.empty() && case_only) {
    return fail(expected, actual, msg("hint.step1.gpu-labels.case", {{"labels", join(wrong)}}), evidence);
  }
  std::vector<std::string> set;  // what kubectl label sets: each missing or wrong label, as the lab wants it
  for (const auto& l : lab::kGpuLabels) {
    const std::string key(l.key);
    const bool wrong_value =
        std::any_of(wrong.begin(), wrong.end(), [&key](const std::string& w) { return w.rfind(key + "=", 0) == 0; });
    if (wrong_value || std::find(missing.begin(), missing.end(), key) != missing.end())
      set.push_back(fmt::format("{}={}", l.key, l.value));
  }
  return fail(
      expected, actual,
      msg("hint.step1.gpu-labels.fix", {{"node", std::string(lab::kGpuNode)}, {"labels", text::join(set, " ")}}),
      evidence);
}

/// Verifies: no node other than lab-node-0 carries any of the four label keys.
Outcome other_nodes_clean(const View& s) {
  const Msg expected = msg("value.step1.other-nodes-clean.expected", {{"node", std::string(lab::kGpuNode)}});
  if (auto e = need_nodes(s)) return *e;
  std::vector<std::string> found;
  std::vector<std::string> names;
  std::vector<std::string> commands;  // one kubectl label per labelled node, the first few
  for (const json* n : s.other_nodes()) {
    names.push_back(name_of(*n));
    if (const std::string remove = gpu_label_removal(*n); !remove.empty() && commands.size() < 3)
      commands.push_back(fmt::format("kubectl label node {} {}", name_of(*n), remove));
    const json* labels = at(*n, "/metadata/labels");
    for (const auto& l : lab::kGpuLabels) {
      const std::string key(l.key);
      if (labels != nullptr && labels->contains(key)) {
        found.push_back(fmt::format("{}: {}={}", name_of(*n), key,
                                    (*labels)[key].is_string() ? (*labels)[key].get<std::string>() : ""));
      }
    }
  }
  if (found.empty()) {
    return pass(expected, msg("value.step1.other-nodes-clean.clean", {{"nodes", join_capped(names)}}),
                {msg("ev.checked-nodes", {{"nodes", join_capped(names)}})});
  }
  return fail(
      expected, raw(join_capped(found)),
      msg("hint.step1.other-nodes-clean", {{"node", std::string(lab::kGpuNode)}, {"commands", join(commands, "; ")}}),
      raws(found));
}

constexpr CheckInfo kChecks[] = {
    {.id = "step1.namespace",
     .step = 1,
     .points = 2,
     .run = &namespace_exists,
     .reads = kInNamespace,
     .removes_every_pod = &causes::without_namespace},
    {.id = "step1.gpu-labels", .step = 1, .points = 2, .run = &gpu_labels, .reads = kInNodes},
    {.id = "step1.other-nodes-clean",
     .step = 1,
     .points = 2,
     .run = &other_nodes_clean,
     .reads = kInNodes,
     .may_be_caused_by = {"step1.gpu-labels"},
     .cause = &causes::other_nodes_clean},
};

}  // namespace

std::span<const CheckInfo> step1() {
  return kChecks;
}

}  // namespace gpuwhy::checks
