// Step 7 of the lab (SPEC.md): trainer3, identical to trainer2 but for its name, stays
// Pending with "Insufficient nvidia.com/gpu"; that message is saved.
#include <algorithm>

#include <fmt/format.h>

#include "checks.h"
#include "common.h"
#include "gpuwhy/lab.h"
#include "pending.h"

namespace gpuwhy::checks {
namespace {

using namespace detail;  // NOLINT(google-build-using-namespace)

// The parts of a pod that must match: containers (image, resources with requests defaulted
// from limits, quantities canonical), student tolerations, nodeSelector, affinity.
std::map<std::string, json> comparable(const json& pod) {
  std::map<std::string, json> out;
  json cs = json::array();
  const json* list = at(pod, "/spec/containers");
  if (list != nullptr && list->is_array()) {
    for (const auto& c : *list) {
      json res = json::object();
      const json* r = at(c, "/resources");
      for (const char* which : {"limits", "requests"}) {
        if (r == nullptr || !r->contains(which) || !(*r)[which].is_object()) continue;
        for (const auto& [k, v] : (*r)[which].items()) {
          const auto q = readers::json_quantity_milli(v);
          res[which][k] = q ? json(*q) : v;
        }
      }
      // The apiserver copies limits into missing requests; compare after that.
      if (res.contains("limits")) {
        for (const auto& [k, v] : res["limits"].items()) {
          if (!res.contains("requests") || !res["requests"].contains(k)) res["requests"][k] = v;
        }
      }
      cs.push_back(json{{"image", str_at(c, "/image")}, {"resources", res}});
    }
  }
  out["containers"] = cs;
  std::vector<std::string> tols;
  for (auto t : student_tolerations(pod)) {
    if (str_at(t, "/operator").empty()) t["operator"] = "Equal";
    tols.push_back(t.dump());
  }
  std::sort(tols.begin(), tols.end());
  out["tolerations"] = tols;
  const json* sel = at(pod, "/spec/nodeSelector");
  out["nodeSelector"] = sel != nullptr && !sel->is_null() ? *sel : json::object();
  const json* aff = at(pod, "/spec/affinity");
  out["affinity"] = aff != nullptr && !aff->is_null() ? *aff : json::object();
  return out;
}

std::vector<std::string> differences(const json& a, const json& b) {
  std::vector<std::string> out;
  const auto ca = comparable(a);
  const auto cb = comparable(b);
  for (const auto& [k, v] : ca) {
    if (cb.at(k) != v) out.push_back(k);
  }
  return out;
}

/// Verifies: k8s/trainer3.yaml and live trainer3 match trainer2 (containers, tolerations,
/// nodeSelector, affinity); only the name differs.
Outcome same_as_trainer2(const Snapshot& s) {
  std::map<std::string, std::string> args{{"pod", std::string(lab::kPodTrainer3)},
                                          {"other", std::string(lab::kPodTrainer2)},
                                          {"file", std::string(lab::kManifestTrainer3)},
                                          {"other_file", std::string(lab::kManifestTrainer2)},
                                          {"namespace", std::string(lab::kNamespace)}};
  const Msg expected = msg("value.step7.same-as-trainer2.expected", args);
  ManifestRead m3 = read_pod_manifest(s, lab::kManifestTrainer3, expected);
  if (!m3.pod) return m3.failure;
  if (name_of(*m3.pod) != lab::kPodTrainer3) {
    args["name"] = name_of(*m3.pod);
    return fail(expected, raw(fmt::format("{}: metadata.name={}", lab::kManifestTrainer3, name_of(*m3.pod))),
                msg("hint.manifest.wrong-name", args));
  }
  ManifestRead m2 = read_pod_manifest(s, lab::kManifestTrainer2, expected);
  if (!m2.pod) {
    m2.failure.hint = msg("hint.step7.same-as-trainer2.no-trainer2-manifest", args);
    return m2.failure;
  }
  std::vector<std::string> ev;
  const auto report = [&](const std::vector<std::string>& diff, const std::string& where) {
    args["fields"] = join(diff);
    args["where"] = where;
    const bool only_tolerations = diff.size() == 1 && diff[0] == "tolerations";
    return fail(
        expected, raw(fmt::format("{}: {}", where, join(diff))),
        msg(only_tolerations ? "hint.step7.same-as-trainer2.tolerations" : "hint.step7.same-as-trainer2.differs", args),
        ev);
  };
  if (auto d = differences(*m3.pod, *m2.pod); !d.empty()) return report(d, std::string(lab::kManifestTrainer3));
  ev.push_back(fmt::format("{} matches {}", lab::kManifestTrainer3, lab::kManifestTrainer2));
  if (auto e = need_pods(s)) return *e;
  const json* p3 = find_pod(s, lab::kPodTrainer3);
  const json* p2 = find_pod(s, lab::kPodTrainer2);
  if (p3 == nullptr) return fail(expected, msg("value.pod-not-found", args), msg("hint.pod-missing", args));
  if (p2 == nullptr) {
    args["pod"] = std::string(lab::kPodTrainer2);
    return fail(expected, msg("value.pod-not-found", args), msg("hint.pod-missing", args));
  }
  if (auto d = differences(*p3, *p2); !d.empty()) return report(d, "pod " + std::string(lab::kPodTrainer3));
  ev.push_back(fmt::format("pod {} matches pod {}", lab::kPodTrainer3, lab::kPodTrainer2));
  return pass(expected, msg("value.step7.same-as-trainer2.same", args), ev);
}

/// Verifies: trainer3 is Pending and the scheduler blames Insufficient nvidia.com/gpu, not the
/// taint.
Outcome pending_insufficient(const Snapshot& s) {
  return pending_for(s, lab::kPodTrainer3, Blame::kInsufficient,
                     {"hint.step7.pending-insufficient.scheduled", "hint.step7.pending-insufficient.not-insufficient",
                      "hint.step7.pending-insufficient.taint"});
}

/// Verifies: out/exhausted.txt holds trainer3's Insufficient message.
Outcome exhausted_file(const Snapshot& s) {
  return scheduler_file(s, lab::kFileExhausted, lab::kPodTrainer3, Blame::kInsufficient,
                        "hint.step7.exhausted-file.taint");
}

constexpr CheckInfo kChecks[] = {
    {"step7.same-as-trainer2", 7, 2, &same_as_trainer2},
    {"step7.pending-insufficient", 7, 3, &pending_insufficient},
    {"step7.exhausted-file", 7, 2, &exhausted_file},
};

}  // namespace

std::span<const CheckInfo> step7() {
  return kChecks;
}

}  // namespace gpuwhy::checks
