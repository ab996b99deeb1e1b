#pragma once
/// Reading a bundle as `gpuwhy check --snapshot` does: bounded in size, nesting and values, and
/// without what no check reads (what a live check drops from the apiserver's answers).

#include <string>
#include <string_view>

#include <nlohmann/json.hpp>

#include "gpuwhy/json/json_bounded.h"
#include "gpuwhy/model/snapshot.h"

namespace gpuwhy {

/// Largest bundle file read (64 MiB).
inline constexpr std::size_t kMaxBundleBytes = 64UL * 1024 * 1024;

/// The limits a bundle is parsed with: the default nesting and value budget, and without what a
/// live check drops from the apiserver's answers (jsonb::Limits::bundle says what).
jsonb::Limits bundle_limits();

/// The JSON of the bundle text read from `path`. Throws Error(kParse): text that is not JSON
/// (catalog id input.bundle-not-json, with the path and the line and column where it stops), or
/// JSON nested too deep or holding too many values ("bundle PATH: JSON nested deeper than ...").
nlohmann::json parse_bundle_json(std::string_view text, const std::string& path);
/// The snapshot of the bundle text read from `path`: parse_bundle_json, then from_bundle.
Snapshot parse_bundle(std::string_view text, const std::string& path);
/// Reads the bundle file at `path` (at most kMaxBundleBytes; `beneath`: an entry found beneath a
/// batch folder, read only as a regular file of its own name) and makes its snapshot. Throws
/// Error: kIo when the file cannot be read, else as parse_bundle.
Snapshot load_bundle(const std::string& path, bool beneath = false);

}  // namespace gpuwhy
