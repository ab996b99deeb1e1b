// Step 2 of the lab (docs/lab/SPEC.md): lab-node-0 advertises nvidia.com/gpu: 2 in capacity AND
// allocatable, no other node does, and out/advertised.txt shows it.
#include <algorithm>
#include <set>

#include <fmt/format.h>

#include "causes.h"
#include "checks.h"
#include "common.h"
#include "gpuwhy/base/text.h"
#include "gpuwhy/k8s/quantity.h"
#include "gpuwhy/k8s/requests.h"
#include "gpuwhy/lab/lab.h"

namespace gpuwhy::checks {
namespace {

using namespace detail;  // NOLINT(google-build-using-namespace)

std::map<std::string, std::string> node_args() {
  return {{"node", std::string(lab::kGpuNode)},
          {"resource", std::string(lab::kResource)},
          {"amount", std::to_string(lab::kAdvertisedGpus)}};
}

bool is_lab_amount(const std::optional<std::string>& v) {
  if (!v) return false;
  const auto q = readers::quantity_milli(*v);
  return q && *q == lab::kAdvertisedGpus * 1000LL;
}

bool is_zero_or_absent(const std::string& v) {
  if (v.empty()) return true;
  const auto q = readers::quantity_milli(v);
  return q && *q == 0;
}

/// Verifies: status.capacity["nvidia.com/gpu"] of lab-node-0 is 2.
Outcome capacity(const View& s) {
  const Msg expected = msg("value.step2.capacity.expected", node_args());
  const auto gpu_node = need_gpu_node(s, expected);
  if (gpu_node.node == nullptr) return *gpu_node.outcome;
  const json* node = gpu_node.node;
  const auto cap = node_gpu(*node, "capacity");
  const std::vector<Msg> ev{ev_node_amount(lab::kGpuNode, "capacity", cap)};
  if (is_lab_amount(cap)) return pass(expected, raw(*cap), ev);
  if (!cap) {
    // Advertised by another node instead: the status patch went to the wrong node, one mistake
    // that step2.other-nodes sees from the other side.
    std::vector<std::string> elsewhere;
    std::vector<Msg> shown = ev;
    for (const json* n : s.other_nodes()) {
      const auto theirs = node_gpu(*n, "capacity");
      if (!theirs || is_zero_or_absent(*theirs)) continue;
      elsewhere.push_back(name_of(*n));
      shown.push_back(ev_node_amount(name_of(*n), "capacity", theirs));
    }
    if (!elsewhere.empty()) {
      auto args = node_args();
      args["others"] = join_capped(elsewhere);
      return fail(expected, msg("value.absent"), Fault::kCapacityOnOtherNode, args, shown);
    }
    return fail(expected, msg("value.absent"), msg("hint.step2.capacity.missing", node_args()), ev);
  }
  return fail(expected, raw(*cap), msg("hint.step2.capacity.wrong-value", node_args()), ev);
}

// The GPUs advertised, but allocatable allows no pod at all (pods absent or 0) where capacity
// does: a patch that replaced the whole map ({"op":"replace","path":"/status/allocatable"}) took
// pods, cpu and memory with it, and the scheduler turns every pod away (Too many pods).
std::optional<Outcome> no_room_for_pods(const json& node, const Msg& expected, const std::vector<Msg>& ev) {
  const json* alloc = at(node, "/status/allocatable");
  const json* cap = at(node, "/status/capacity");
  if (alloc == nullptr || cap == nullptr || !alloc->is_object() || !cap->is_object()) return std::nullopt;
  const auto room = [](const json& map) {
    const auto it = map.find(std::string(k8s::kPods));
    return it == map.end() ? std::optional<long long>(0) : k8s::quantity(k8s::kPods, *it);
  };
  if (room(*alloc).value_or(1) >= 1 || room(*cap).value_or(0) < 1) return std::nullopt;
  std::vector<std::string> dropped;
  json restore = json::object();
  for (const auto& [name, amount] : cap->items()) {
    if (name == lab::kResource || !amount.is_string()) continue;
    const auto have = alloc->find(name);
    if (have != alloc->end() && !(name == k8s::kPods && room(*alloc).value_or(1) < 1)) continue;
    dropped.push_back(name);
    restore[name] = amount;
  }
  auto args = node_args();
  args["dropped"] = join_capped(dropped);
  args["restore"] = text::one_line(json{{"status", {{"allocatable", restore}}}}.dump(), 300);
  std::vector<Msg> shown = ev;
  shown.push_back(raw(text::one_line(fmt::format("{} status.allocatable: {}", lab::kGpuNode, alloc->dump()), 300)));
  shown.push_back(raw(text::one_line(fmt::format("{} status.capacity: {}", lab::kGpuNode, cap->dump()), 300)));
  const auto pods = alloc->find(std::string(k8s::kPods));
  return fail(expected, raw(fmt::format("pods={}", pods == alloc->end() ? "<absent>" : pods->dump())),
              Fault::kAllocatableNoPods, args, shown);
}

/// Verifies: status.allocatable["nvidia.com/gpu"] of lab-node-0 is 2 (what the scheduler uses),
/// with room for pods.
Outcome allocatable(const View& s) {
  const Msg expected = msg("value.step2.allocatable.expected", node_args());
  const auto gpu_node = need_gpu_node(s, expected);
  if (gpu_node.node == nullptr) return *gpu_node.outcome;
  const json* node = gpu_node.node;
  const auto alloc = node_gpu(*node, "allocatable");
  const auto cap = node_gpu(*node, "capacity");
  const std::vector<Msg> ev{ev_node_amount(lab::kGpuNode, "allocatable", alloc),
                            ev_node_amount(lab::kGpuNode, "capacity", cap)};
  if (is_lab_amount(alloc)) {
    if (auto o = no_room_for_pods(*node, expected, ev)) return *o;
    return pass(expected, raw(*alloc), ev);
  }
  if (!alloc) {
    // THE classic mistake: capacity patched, allocatable forgotten.
    if (cap) return fail(expected, msg("value.absent"), msg("hint.step2.allocatable.capacity-only", node_args()), ev);
    return fail(expected, msg("value.absent"), msg("hint.step2.allocatable.missing", node_args()), ev);
  }
  return fail(expected, raw(*alloc), msg("hint.step2.allocatable.wrong-value", node_args()), ev);
}

/// Verifies: no node but lab-node-0 advertises nvidia.com/gpu (absent or 0).
Outcome other_nodes_check(const View& s) {
  const Msg expected = msg("value.step2.other-nodes.expected", node_args());
  if (auto e = need_nodes(s)) return *e;
  std::vector<std::string> bad;
  std::vector<Msg> ev;
  std::size_t shown = 0;
  const auto& others = s.other_nodes();
  for (const json* n : others) {
    const bool named = shown++ < kMaxNamed;  // a shared cluster's thousands are counted, not listed
    for (const char* map : {"capacity", "allocatable"}) {
      const auto v = node_gpu(*n, map);
      const bool advertises = v && !is_zero_or_absent(*v);
      if (named || advertises) ev.push_back(ev_node_amount(name_of(*n), map, v));
      if (advertises) bad.push_back(fmt::format("{} {}={}", name_of(*n), map, *v));
    }
  }
  if (others.size() > kMaxNamed)
    ev.push_back(msg("ev.more-nodes", {{"count", std::to_string(others.size() - kMaxNamed)}}));
  if (bad.empty()) return pass(expected, msg("value.step2.other-nodes.none"), ev);
  return fail(expected, raw(join_capped(bad)), msg("hint.step2.other-nodes", node_args()), ev);
}

// A file that cannot be graded for its amounts: numbers without names, an unreadable form, or
// every amount <none> (saved before the patch, or the shell ate the backslash of nvidia\.com/gpu).
std::optional<Outcome> advertised_defect(const View& s, const readers::Advertised& a, const Msg& expected,
                                         std::map<std::string, std::string> args, const std::vector<Msg>& ev) {
  if (a.bare_numbers) {
    args["numbers"] = join_capped(a.bare);
    return fail(expected, msg("value.step2.advertised-file.bare-numbers", args),
                msg("hint.step2.advertised-file.bare-numbers", args), ev);
  }
  if (!a.problem.empty()) {
    args["reason@"] = a.problem;
    args["detail"] = a.problem_detail;
    return fail(expected, msg("value.step2.advertised-file.unreadable", args),
                msg("hint.step2.advertised-file.unreadable", args), ev);
  }
  if (!a.all_none) return std::nullopt;
  // The node advertises now: the file was saved before the patch. Either way the command must run again.
  const json* node = s.snap().nodes.ok() ? s.node(lab::kGpuNode) : nullptr;
  const auto live = node == nullptr ? std::nullopt : node_gpu(*node, "allocatable");
  const auto live_capacity = node == nullptr ? std::nullopt : node_gpu(*node, "capacity");
  if (!live && live_capacity && readers::quantity_milli(*live_capacity).value_or(0) > 0) {
    // The classic mistake, live: capacity patched, allocatable (what the file shows) forgotten.
    return fail(expected, msg("value.step2.advertised-file.all-none"), Fault::kAdvertisedCapacityOnly, args, ev);
  }
  if (live && readers::quantity_milli(*live).value_or(0) > 0) {
    args["live"] = *live;
    return fail(expected, msg("value.step2.advertised-file.all-none"),
                msg("hint.step2.advertised-file.saved-before-patch", args), ev);
  }
  if (node != nullptr && !live && !live_capacity) {
    // The node advertises nothing: <none> everywhere is what kubectl prints for it. The node is the fault.
    args["wrong"] = fmt::format("{}=<none>", lab::kGpuNode);
    Outcome o = fail(expected, msg("value.step2.advertised-file.all-none"), Fault::kAdvertisedWrongAmount, args, ev);
    o.compared.answer = "<none>";
    return o;
  }
  return fail(expected, msg("value.step2.advertised-file.all-none"), msg("hint.step2.advertised-file.backslash", args),
              ev);
}

// The amounts the file shows, against the lab's: lab-node-0 shown with 2, the others with none.
std::optional<Outcome> advertised_amounts(const readers::Advertised& a, const Msg& expected, const Msg& actual,
                                          std::map<std::string, std::string> args, const std::vector<Msg>& ev) {
  std::vector<std::string> wrong;
  // Each amount the file shows counts: the allocatable one, and the capacity beside it.
  const auto judge = [&wrong](const std::string& node, const std::string& amount, std::string_view what) {
    const bool right = node == lab::kGpuNode ? is_lab_amount(amount) : is_zero_or_absent(amount);
    if (!right) wrong.push_back(fmt::format("{}{}={}", node, what, amount.empty() ? "<none>" : amount));
  };
  for (const auto& [node, amount] : a.amounts) judge(node, amount, "");
  for (const auto& [node, amount] : a.capacity) judge(node, amount, " capacity");
  if (a.amounts.count(std::string(lab::kGpuNode)) == 0) {
    return fail(expected, actual,
                msg("hint.step2.advertised-file.missing-nodes",
                    {{"nodes", std::string(lab::kGpuNode)}, {"file", args["file"]}}),
                ev);
  }
  if (wrong.empty()) return std::nullopt;
  args["wrong"] = join(wrong);
  // What a failure compared: the amount the file shows for lab-node-0.
  const std::string& shown = a.amounts.at(std::string(lab::kGpuNode));
  const auto judged = [&shown](Outcome o) {
    o.compared.answer = shown.empty() ? "<none>" : shown;
    return o;
  };
  // The file shows the classic mistake: capacity 2 beside an allocatable without it (another
  // amount there is a wrong amount).
  const auto cap = a.capacity.find(std::string(lab::kGpuNode));
  if (cap != a.capacity.end() && is_lab_amount(cap->second) && is_zero_or_absent(shown))
    return judged(fail(expected, actual, Fault::kAdvertisedCapacityOnly, args, ev));
  return judged(fail(expected, actual, Fault::kAdvertisedWrongAmount, args, ev));
}

// Every node of the cluster, and only those (needs the live node list).
Outcome advertised_nodes(const View& s, const readers::Advertised& a, const Msg& expected, const Msg& actual,
                         const std::string& file, const std::vector<Msg>& ev) {
  if (auto e = need_nodes(s)) return *e;
  std::vector<std::string> missing;
  std::vector<std::string> unknown;
  std::set<std::string> live;
  for (const auto& n : items(s.snap().nodes.value())) live.insert(name_of(n));
  for (const auto& n : live) {
    if (a.amounts.count(n) == 0) missing.push_back(n);
  }
  for (const auto& n : a.order) {
    if (live.count(n) == 0) unknown.push_back(n);
  }
  if (!missing.empty()) {
    return fail(expected, actual,
                msg("hint.step2.advertised-file.missing-nodes", {{"nodes", join_capped(missing)}, {"file", file}}), ev);
  }
  if (!unknown.empty()) {
    return fail(expected, actual,
                msg("hint.step2.advertised-file.unknown-nodes", {{"nodes", join_capped(unknown)}, {"file", file}}), ev);
  }
  return pass(expected, actual, ev);
}

/// Verifies: out/advertised.txt names every node and shows 2 for lab-node-0, nothing for
/// the others. File defects fail first; without the live node list the check is an error.
Outcome advertised_file(const View& s) {
  const std::string file(lab::kFileAdvertised);
  auto args = node_args();
  args["file"] = file;
  const Msg expected = msg("value.step2.advertised-file.expected", args);
  FileRead f = read_text(s, lab::kFileAdvertised, expected);
  if (!f.text) return f.failure;
  const readers::Advertised a = readers::read_advertised(*f.text);
  std::vector<Msg> ev = file_evidence(file, *f.text);
  ev.insert(ev.begin(), msg("ev.read-as", {{"format@", "ev.format." + readers::to_string(a.format)}}));
  if (auto d = advertised_defect(s, a, expected, args, ev)) return *d;
  std::vector<std::string> shown;
  for (const auto& n : a.order)
    shown.push_back(fmt::format("{}={}", n, a.amounts.at(n).empty() ? "<none>" : a.amounts.at(n)));
  const Msg actual = raw(join(shown));
  if (auto w = advertised_amounts(a, expected, actual, args, ev)) return *w;
  return advertised_nodes(s, a, expected, actual, file, ev);
}

constexpr CheckInfo kChecks[] = {
    {.id = "step2.capacity",
     .step = 2,
     .points = 2,
     .run = &capacity,
     .reads = kInNodes,
     .counts = {{{lab::kGateAllocatable, 1}, {lab::kGateUsed, 1}}}},
    {.id = "step2.allocatable",
     .step = 2,
     .points = 3,
     .run = &allocatable,
     .reads = kInNodes,
     .may_be_caused_by = {"step2.capacity"},
     .cause = &causes::allocatable,
     .counts = {{{lab::kGateAllocatable, 0}, {lab::kGateUsed, 0}}}},
    {.id = "step2.other-nodes",
     .step = 2,
     .points = 2,
     .run = &other_nodes_check,
     .reads = kInNodes,
     .may_be_caused_by = {"step2.capacity"},
     .cause = &causes::other_nodes},
    {.id = "step2.advertised-file",
     .step = 2,
     .points = 2,
     .run = &advertised_file,
     .reads = kInNodes | kInFiles,
     .may_be_caused_by = {"step2.allocatable", "step2.capacity", "step2.other-nodes"},
     .cause = &causes::advertised_file},
};

}  // namespace

std::span<const CheckInfo> step2() {
  return kChecks;
}

}  // namespace gpuwhy::checks
