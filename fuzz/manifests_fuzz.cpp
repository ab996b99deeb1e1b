// k8s/*.yaml: yaml::load_all, then the input as every manifest of the real solution snapshot,
// graded by every check (the manifest checks' own parsing of Pods). Differential too: where the
// block fast path answers, yaml-cpp's path must accept the text and give the same documents
// (a difference aborts, so libFuzzer saves the input).
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>

#include "fuzz_common.h"
#include "gpuwhy/lab/lab.h"
#include "gpuwhy/yaml/yaml.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const auto raw = gpuwhy::fuzz::as_text(data, size);
  if (const auto fast = gpuwhy::yaml::detail::load_block(raw)) {
    std::string slow_text;
    try {
      for (const auto& d : gpuwhy::yaml::detail::load_all_full(raw, "fuzz.yaml"))
        slow_text += d.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace) + "\n";
    } catch (const gpuwhy::Error& e) {
      std::fprintf(stderr, "block path answered where yaml-cpp's path says: %s\n", e.what());
      std::abort();
    }
    std::string fast_text;
    for (const auto& d : *fast) fast_text += d.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace) + "\n";
    if (fast_text != slow_text) {
      std::fprintf(stderr, "block path:\n%s\nyaml-cpp's path:\n%s\n", fast_text.c_str(), slow_text.c_str());
      std::abort();
    }
  }
  try {
    const auto docs = gpuwhy::yaml::load_all(raw, "fuzz.yaml");
    for (const auto& d : docs) (void)d.dump(-1, ' ', false, nlohmann::json::error_handler_t::replace);
  } catch (const gpuwhy::Error&) {
    // a parse error is an answer
  }
  gpuwhy::Snapshot snap = gpuwhy::fuzz::solution();
  for (auto rel : {gpuwhy::lab::kManifestBadMismatch, gpuwhy::lab::kManifestBadFraction, gpuwhy::lab::kManifestTrainer,
                   gpuwhy::lab::kManifestCpuOnly, gpuwhy::lab::kManifestTrainer2, gpuwhy::lab::kManifestTrainer3}) {
    auto& f = snap.files[std::string(rel)];
    f.state = gpuwhy::StudentFile::State::kOk;
    f.content = std::string(raw);
    f.size = size;
  }
  (void)gpuwhy::fuzz::grade_and_render(snap, false);
  return 0;
}
