// Bundles (`gpuwhy check --snapshot`): from_bundle, every check, every report format and language.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string_view>

#include "fuzz_common.h"
#include "gpuwhy/model/bundle.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  // Parsed as gpuwhy parses bundles (parse_bundle_json): with the nesting and value budget (a
  // deeper one is refused) and without what a live check drops (bundle_drops), which the reader
  // skips unbuilt but must check as strictly: valid exactly when nlohmann says so.
  const std::string_view text = gpuwhy::fuzz::as_text(data, size);
  nlohmann::json j;
  bool json = true;
  try {
    j = gpuwhy::parse_bundle_json(text, "fuzz.json");
  } catch (const gpuwhy::Error& e) {
    if (e.id() != "input.bundle-not-json") return 0;  // a limit
    json = false;
  }
  if (json != nlohmann::json::accept(text)) {
    std::fprintf(stderr, "the bundle reader and nlohmann disagree on whether this is JSON\n");
    std::abort();
  }
  if (!json) return 0;
  gpuwhy::Snapshot snap;
  try {
    snap = gpuwhy::from_bundle(j, "fuzz.json");
  } catch (const gpuwhy::Error& e) {
    if (e.kind() != gpuwhy::ErrorKind::kParse) std::abort();  // from_bundle promises kParse
    return 0;
  }
  // Round trip: a bundle written from what was read must be read back.
  try {
    (void)gpuwhy::from_bundle(gpuwhy::to_bundle(snap), "round-trip.json");
  } catch (const gpuwhy::Error& e) {
    std::fprintf(stderr, "round trip failed: %s\n", e.what());
    std::abort();
  }
  (void)gpuwhy::fuzz::grade_and_render(snap, true);
  return 0;
}
