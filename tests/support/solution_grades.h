// Grading the reference solution captured from each recorded control plane, changed one way: what
// the tests that hold a check's grade to a recording of Kubernetes share.
#pragma once

#include <filesystem>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "checks.h"
#include "gpuwhy/model/snapshot.h"

namespace gpuwhy_test {

/// fixtures/captures/<version>/solution/bundle.json, one per recorded control plane.
inline std::vector<std::filesystem::path> solutions() {
  std::vector<std::filesystem::path> out;
  for (const auto& v :
       std::filesystem::directory_iterator(std::filesystem::path(GPUWHY_SOURCE_DIR) / "fixtures/captures")) {
    const auto b = v.path() / "solution" / "bundle.json";
    if (std::filesystem::is_regular_file(b)) out.push_back(b);
  }
  return out;
}

/// The result of check `id` in `r`.
inline const gpuwhy::CheckResult& result(const gpuwhy::RunResult& r, std::string_view id) {
  for (const auto& c : r.checks) {
    if (c.id == id) return c;
  }
  throw std::runtime_error("no check " + std::string(id));
}

/// Every check run over `s` (kept in `keep`), and the result of `id`.
inline const gpuwhy::CheckResult& graded(const gpuwhy::Snapshot& s, std::string_view id, gpuwhy::RunResult& keep) {
  keep = gpuwhy::checks::run(s, gpuwhy::checks::Selection{}, gpuwhy::RunMeta{});
  return result(keep, id);
}

}  // namespace gpuwhy_test
