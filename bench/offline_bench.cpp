// Offline grading throughput: how many bundles per second one core grades, end to end
// (JSON parse + from_bundle + checks::run + native JSON report), as `gpuwhy check --snapshot`
// does for a class folder.
//
// Usage: gpuwhy_bench [--seconds S] [bundle.json ...]
// Without bundles it uses every fixtures/captures/<version>/<scenario>/bundle.json.
#include <sched.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "checks.h"
#include "gpuwhy/error.h"
#include "gpuwhy/render.h"
#include "gpuwhy/snapshot.h"

namespace fs = std::filesystem;

namespace {

struct Input {
  std::string path;
  std::string text;
};

std::vector<Input> load(const std::vector<std::string>& args) {
  std::vector<std::string> paths = args;
  if (paths.empty()) {
    const fs::path root = fs::path(GPUWHY_SOURCE_DIR) / "fixtures" / "captures";
    std::error_code ec;
    for (auto it = fs::recursive_directory_iterator(root, ec); it != fs::recursive_directory_iterator(); ++it) {
      if (it->path().filename() == "bundle.json") paths.push_back(it->path().string());
    }
    std::sort(paths.begin(), paths.end());
  }
  std::vector<Input> out;
  for (const auto& p : paths) {
    std::ifstream in(p, std::ios::binary);
    if (!in) {
      std::fprintf(stderr, "gpuwhy_bench: cannot read %s\n", p.c_str());
      std::exit(2);
    }
    std::ostringstream ss;
    ss << in.rdbuf();
    out.push_back({p, ss.str()});
  }
  return out;
}

// The whole offline path for one bundle; returns the report size so nothing is optimised away.
std::size_t grade_one(const Input& in) {
  const auto j = nlohmann::json::parse(in.text);
  const gpuwhy::Snapshot snap = gpuwhy::from_bundle(j, in.path);
  gpuwhy::RunMeta meta;
  meta.gpuwhy_version = GPUWHY_VERSION;
  meta.lab_id = "gpu-why";
  meta.generated_at = "2026-01-01T00:00:00Z";
  meta.server_version = snap.server_version();
  meta.source = snap.source;
  const gpuwhy::RunResult run = gpuwhy::checks::run(snap, {}, meta);
  return gpuwhy::render::json(run, {}).size();
}

}  // namespace

int main(int argc, char** argv) {
  double seconds = 3.0;
  std::vector<std::string> args;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    if (a == "--seconds" && i + 1 < argc) {
      seconds = std::atof(argv[++i]);
    } else {
      args.push_back(a);
    }
  }
  const auto inputs = load(args);
  if (inputs.empty()) {
    std::fprintf(stderr, "gpuwhy_bench: no bundles (record captures under fixtures/captures or pass paths)\n");
    return 2;
  }
  // One core: pin to the first CPU this process may use, so the figure is per core.
  cpu_set_t allowed;
  CPU_ZERO(&allowed);
  if (sched_getaffinity(0, sizeof(allowed), &allowed) == 0) {
    for (int c = 0; c < CPU_SETSIZE; ++c) {
      if (CPU_ISSET(c, &allowed)) {
        cpu_set_t one;
        CPU_ZERO(&one);
        CPU_SET(c, &one);
        sched_setaffinity(0, sizeof(one), &one);
        break;
      }
    }
  }
  std::size_t bytes = 0;
  std::size_t report_bytes = 0;
  for (const auto& in : inputs) bytes += in.text.size();
  try {
    for (const auto& in : inputs) report_bytes += grade_one(in);  // warm-up, and fail early on a bad bundle
  } catch (const std::exception& e) {
    std::fprintf(stderr, "gpuwhy_bench: %s\n", e.what());
    return 1;
  }
  using clock = std::chrono::steady_clock;
  const auto start = clock::now();
  const auto until = start + std::chrono::duration<double>(seconds);
  std::size_t graded = 0;
  while (clock::now() < until) {
    for (const auto& in : inputs) report_bytes += grade_one(in);
    graded += inputs.size();
  }
  const double elapsed = std::chrono::duration<double>(clock::now() - start).count();
  std::printf("gpuwhy_bench: %zu bundle(s), %.1f KiB on average, %zu checks each\n", inputs.size(),
              static_cast<double>(bytes) / static_cast<double>(inputs.size()) / 1024.0, gpuwhy::checks::all().size());
  std::printf("graded %zu bundles in %.2f s on one core: %.1f bundles/s (%.3f ms per bundle)\n", graded, elapsed,
              static_cast<double>(graded) / elapsed, 1000.0 * elapsed / static_cast<double>(graded));
  return report_bytes > 0 ? 0 : 1;
}
