// Reading a bundle as gpuwhy does: the bounded parse, its drop policy and its error texts.
#include "gpuwhy/model/bundle.h"

#include <algorithm>
#include <cstddef>
#include <filesystem>
#include <string>
#include <string_view>
#include <system_error>
#include <utility>
#include <vector>

#include <fmt/format.h>

#include "gpuwhy/base/error.h"
#include "gpuwhy/base/files.h"

namespace gpuwhy {

const std::vector<std::string>& unread_node_status() {
  static const std::vector<std::string> kKeys{"images",          "conditions", "nodeInfo",     "addresses",
                                              "daemonEndpoints", "config",     "volumesInUse", "volumesAttached",
                                              "runtimeHandlers", "features"};
  return kKeys;
}

const std::vector<std::pair<std::string, std::vector<std::string>>>& node_managed_keep() {
  static const std::vector<std::pair<std::string, std::vector<std::string>>> kKeep{
      {"", {"f:metadata", "f:spec", "f:status"}},
      {"f:metadata", {"f:labels"}},
      {"f:spec", {"f:taints"}},
      {"f:status", {"f:capacity", "f:allocatable"}},
  };
  return kKeep;
}

const jsonb::DropPolicy& bundle_drops() {
  static const jsonb::DropPolicy kPolicy = [] {
    const auto items = [](const char* list, const std::vector<std::string>& below) {
      std::vector<std::string> path{"cluster", list, "value", "items", "*"};
      path.insert(path.end(), below.begin(), below.end());
      return path;
    };
    const std::vector<std::string> fields = items("pods", {"metadata", "managedFields", "*", "fieldsV1"});
    std::vector<std::string> fields_spec = fields;
    fields_spec.emplace_back("f:spec");
    std::vector<std::string> containers = fields_spec;
    containers.insert(containers.end(), {"f:containers", "*"});
    std::vector<jsonb::DropRule> rules{
        {items("nodes", {"status"}), unread_node_status(), {}},
        {items("events", {"metadata"}), {"managedFields"}, {}},
        {fields, {}, {"f:spec"}},
        {fields_spec, {}, {"f:nodeName", "f:tolerations", "f:nodeSelector", "f:containers"}},
        {containers, {}, {"f:resources"}},
    };
    for (const auto& [below, keep] : node_managed_keep()) {
      std::vector<std::string> path = items("nodes", {"metadata", "managedFields", "*", "fieldsV1"});
      if (!below.empty()) path.push_back(below);
      rules.push_back({std::move(path), {}, keep});
    }
    return jsonb::DropPolicy(std::move(rules));
  }();
  return kPolicy;
}

jsonb::Limits bundle_limits() {
  jsonb::Limits limits;
  limits.drop = &bundle_drops();
  return limits;
}

nlohmann::json parse_bundle_json(std::string_view text, const std::string& path) {
  nlohmann::json j;
  try {
    // Depth and value budget while parsing: a hostile bundle is an error, never a stack overflow
    // or gigabytes of memory. What a live check drops from the apiserver's answers is not built
    // from a bundle either (bundle_drops): the same checks read the same fields.
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
    const std::string text = files::read_file_bounded(path, kMaxBundleBytes, beneath);
    j = parse_bundle_json(text, path);
  }
  return from_bundle(std::move(j), path);
}

namespace fs = std::filesystem;

std::vector<BundleEntry> find_bundles(const std::vector<std::string>& args) {
  std::vector<BundleEntry> out;
  for (const auto& a : args) {
    std::error_code ec;
    if (!fs::is_directory(a, ec)) {
      out.push_back({a, "", false});
      continue;
    }
    std::vector<BundleEntry> found;
    fs::recursive_directory_iterator it(a, fs::directory_options::none, ec);
    if (ec) found.push_back({a, fmt::format("{}: cannot list the folder: {}", a, ec.message()), false});
    for (; !ec && it != fs::recursive_directory_iterator(); it.increment(ec)) {
      const fs::path& p = it->path();
      std::error_code sec;
      const bool dir = it->is_directory(sec) && !it->is_symlink(sec);
      if (dir) {
        // A subfolder that cannot be listed is a row of its own, not a silent gap.
        std::error_code lec;
        fs::directory_iterator probe(p, lec);
        if (lec) {
          found.push_back(
              {p.string(), fmt::format("{}: cannot list the folder: {}", p.string(), lec.message()), false});
          it.disable_recursion_pending();
        }
        continue;
      }
      if (p.extension() == ".json") found.push_back({p.string(), "", true});
    }
    if (ec) found.push_back({a, fmt::format("{}: listing the folder stopped: {}", a, ec.message()), false});
    if (found.empty()) {
      throw Error(ErrorKind::kUsage, fmt::format("{}: the folder holds no *.json bundle to grade", a),
                  "input.no-bundles", {{"path", a}});
    }
    std::sort(found.begin(), found.end(), [](const BundleEntry& x, const BundleEntry& y) { return x.path < y.path; });
    out.insert(out.end(), found.begin(), found.end());
  }
  return out;
}

std::string submission_name(const std::string& path) {
  const fs::path p(path);
  if (p.stem() == "bundle" && p.has_parent_path() && !p.parent_path().filename().empty()) {
    return p.parent_path().filename().string();
  }
  return p.stem().string();
}

}  // namespace gpuwhy
