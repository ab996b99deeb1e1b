// k8s/*.yaml: yaml::load_all, then the input as every manifest of the real solution snapshot,
// graded by every check (the manifest checks' own parsing of Pods).
#include <cstddef>
#include <cstdint>

#include "fuzz_common.h"
#include "gpuwhy/lab.h"
#include "gpuwhy/yaml.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const auto raw = gpuwhy::fuzz::as_text(data, size);
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
