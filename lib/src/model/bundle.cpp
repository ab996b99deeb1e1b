// Reading a bundle as gpuwhy does: the bounded parse, its drop policy and its error texts.
#include "gpuwhy/model/bundle.h"

#include <cstddef>
#include <string>
#include <string_view>
#include <utility>

#include <fmt/format.h>

#include "gpuwhy/base/error.h"
#include "gpuwhy/base/sys.h"

namespace gpuwhy {

jsonb::Limits bundle_limits() {
  jsonb::Limits limits;
  limits.bundle = true;
  return limits;
}

nlohmann::json parse_bundle_json(std::string_view text, const std::string& path) {
  nlohmann::json j;
  try {
    // Depth and value budget while parsing: a hostile bundle is an error, never a stack overflow
    // or gigabytes of memory. What a live check drops from the apiserver's answers is not built
    // from a bundle either (Limits::bundle): the same checks read the same fields.
    j = jsonb::parse(text, bundle_limits());
  } catch (const Error& e) {
    throw Error(ErrorKind::kParse, fmt::format("bundle {}: {}", path, e.what()));
  }
  if (j.is_discarded()) {
    const auto at = jsonb::syntax_at(text).value_or(std::pair<std::size_t, std::size_t>{0, 0});
    throw Error(ErrorKind::kParse, fmt::format("bundle {}: not valid JSON at {}", path, jsonb::syntax_error(text)),
                "input.bundle-not-json",
                {{"path", path}, {"line", std::to_string(at.first)}, {"column", std::to_string(at.second)}});
  }
  return j;
}

Snapshot parse_bundle(std::string_view text, const std::string& path) {
  return from_bundle(parse_bundle_json(text, path), path);
}

Snapshot load_bundle(const std::string& path, bool beneath) {
  nlohmann::json j;
  {
    // The text is dropped before the snapshot is built: peak memory holds one copy, not two.
    const std::string text = sys::read_file_bounded(path, kMaxBundleBytes, beneath);
    j = parse_bundle_json(text, path);
  }
  return from_bundle(std::move(j), path);
}

}  // namespace gpuwhy
