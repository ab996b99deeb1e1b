#pragma once
// Shared by the libFuzzer targets (fuzz/*_fuzz.cpp): the real solution snapshot as a base that a
// target overwrites with the fuzz input, and "grade and render in every format".

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

#include "checks.h"
#include "gpuwhy/base/error.h"
#include "gpuwhy/i18n/i18n.h"
#include "gpuwhy/model/bundle.h"
#include "gpuwhy/model/snapshot.h"
#include "gpuwhy/render/render.h"
#include "grade.h"

namespace gpuwhy::fuzz {

inline std::string_view as_text(const std::uint8_t* data, std::size_t size) {
  return {reinterpret_cast<const char*>(data), size};  // NOLINT(cppcoreguidelines-pro-type-reinterpret-cast)
}

/// The v1.34.0 solution capture (GPUWHY_SOURCE_DIR is compiled in). Aborts when it is missing:
/// a fuzz target without its base snapshot would only fuzz the error paths.
inline const Snapshot& solution() {
  static const Snapshot kSnap = [] {
    const std::string path = std::string(GPUWHY_SOURCE_DIR) + "/fixtures/captures/v1.34.0/solution/bundle.json";
    try {
      return load_bundle(path);
    } catch (const std::exception& e) {
      std::fprintf(stderr, "fuzz: cannot load %s: %s\n", path.c_str(), e.what());
      std::abort();
    }
  }();
  return kSnap;
}

/// Grades `snap` and renders the result in every format and language; returns the total size
/// so nothing is optimised away. Renderers may throw gpuwhy::Error (LTI without a user) but
/// nothing else.
inline std::size_t grade_and_render(const Snapshot& snap, bool every_format) {
  RunMeta meta;
  meta.gpuwhy_version = "fuzz";
  meta.lab_id = "gpu-why";
  meta.generated_at = "2026-01-01T00:00:00Z";
  meta.server_version = snap.server_version();
  meta.source = snap.source;
  meta.warnings = snap.warnings;
  const RunResult r = checks::grade(snap, checks::Selection{}, meta);  // as `gpuwhy check` grades
  std::size_t n = 0;
  render::Options opts;
  opts.user = "student";
  opts.verbose = true;
  if (!every_format) return render::json(r, opts).size();
  for (const auto& name : render::format_names()) {
    const auto f = render::parse_format(name);
    if (!f) std::abort();
    for (auto lang : {i18n::Lang::kEn, i18n::Lang::kKo, i18n::Lang::kJa}) {
      opts.lang = lang;
      opts.color = lang == i18n::Lang::kKo;
      opts.unicode = lang != i18n::Lang::kEn;
      n += render::render(*f, r, opts).size();
    }
  }
  // The JSON report must always be valid JSON.
  const std::string j = render::json(r, opts);
  if (nlohmann::json::parse(j, nullptr, false).is_discarded()) std::abort();
  return n + j.size();
}

}  // namespace gpuwhy::fuzz
