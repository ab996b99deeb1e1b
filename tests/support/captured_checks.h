// Grading the captured bundles (fixtures/captures/<kube-version>/<scenario>/bundle.json, recorded
// from a real kwok control plane) as `gpuwhy check --snapshot` does: what the check tests share.
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <map>
#include <set>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "checks.h"
#include "gpuwhy/i18n/i18n.h"
#include "gpuwhy/model/bundle.h"
#include "gpuwhy/model/snapshot.h"
#include "solution_grades.h"

namespace gpuwhy_test {

inline const std::filesystem::path& captures_root() {
  static const std::filesystem::path root = std::filesystem::path(GPUWHY_SOURCE_DIR) / "fixtures" / "captures";
  return root;
}

/// A bundle read as `gpuwhy check --snapshot` reads it.
inline gpuwhy::Snapshot load(const std::filesystem::path& bundle) {
  return gpuwhy::load_bundle(bundle.string());
}

/// Every check run over `s`.
inline gpuwhy::RunResult grade(const gpuwhy::Snapshot& s) {
  return gpuwhy::checks::run(s, gpuwhy::checks::Selection{}, gpuwhy::RunMeta{});
}

/// The ids of the checks of `r` that do not pass.
inline std::set<std::string> not_passing(const gpuwhy::RunResult& r) {
  std::set<std::string> out;
  for (const auto& c : r.checks) {
    if (c.outcome.status != gpuwhy::Status::kPass) out.insert(c.id);
  }
  return out;
}

/// The bundle of `scenario` captured from each recorded control plane, in version order.
inline std::vector<std::filesystem::path> bundles_of(const std::string& scenario) {
  std::vector<std::filesystem::path> out;
  if (!std::filesystem::is_directory(captures_root())) return out;
  for (const auto& v : std::filesystem::directory_iterator(captures_root())) {
    const auto b = v.path() / scenario / "bundle.json";
    if (std::filesystem::is_regular_file(b)) out.push_back(b);
  }
  std::sort(out.begin(), out.end());
  return out;
}

/// The solution captured from the oldest recorded control plane.
inline gpuwhy::Snapshot solution() {
  const auto b = bundles_of("solution");
  if (b.empty()) throw std::runtime_error("no solution capture");
  return load(b.front());
}

/// The solution's right gate report with the lines of `changed` (key -> value) written instead.
inline std::string report_with(const std::map<std::string, std::string>& changed) {
  std::map<std::string, std::string> lines{{"ALLOCATABLE", "2"},
                                           {"USED", "2"},
                                           {"PENDING", "2"},
                                           {"TAINT", "nvidia.com/gpu=present:NoSchedule"},
                                           {"REQUESTS_EQUAL_LIMITS", "yes"},
                                           {"FRACTIONAL", "no"},
                                           {"SCHEDULER_SEES", "numbers"}};
  for (const auto& [k, v] : changed) lines[k] = v;
  std::string out;
  for (const auto& [k, v] : lines) out.append(k).append("=").append(v).append("\n");
  return out;
}

/// The pod `name` in a PodList, or null.
inline nlohmann::json* pod_in(nlohmann::json& pods, std::string_view name) {
  for (auto& p : pods["items"]) {
    if (p["metadata"]["name"] == name) return &p;
  }
  return nullptr;
}

/// Every message a check produced renders from the catalog with no placeholder left over, and a
/// check that fails names a hint.
inline void expect_renders(const gpuwhy::CheckResult& c) {
  const auto& en = gpuwhy::i18n::catalog(gpuwhy::i18n::Lang::kEn);
  for (const gpuwhy::Msg* m : {&c.outcome.expected, &c.outcome.actual, &c.outcome.hint}) {
    if (m->id.empty()) continue;
    EXPECT_TRUE(en.count(m->id) == 1) << c.id << ": catalog has no " << m->id;
    const std::string text = gpuwhy::i18n::render(*m, gpuwhy::i18n::Lang::kEn);
    EXPECT_TRUE(gpuwhy::i18n::placeholders(text).empty()) << c.id << ": " << m->id << " left a placeholder: " << text;
  }
  if (c.outcome.status == gpuwhy::Status::kFail || c.outcome.status == gpuwhy::Status::kError) {
    EXPECT_FALSE(c.outcome.hint.id.empty()) << c.id << " failed without a hint";
  }
}

}  // namespace gpuwhy_test
