#pragma once
/// Reading a bundle as `gpuwhy check --snapshot` does: bounded in size, nesting and values, and
/// without what no check reads (what a live check drops from the apiserver's answers).

#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "gpuwhy/json/json_bounded.h"
#include "gpuwhy/model/snapshot.h"

namespace gpuwhy {

/// Largest bundle file read (64 MiB).
inline constexpr std::size_t kMaxBundleBytes = 64UL * 1024 * 1024;

/// The keys of a node's status that no check reads (capacity and allocatable are read):
/// conditions, nodeInfo, addresses, daemonEndpoints, config, volumesInUse, volumesAttached,
/// runtimeHandlers, features, and images (a node of a real cluster lists every image it holds).
const std::vector<std::string>& unread_node_status();

/// What of a node's managedFields entry is kept, as (a key below `fieldsV1`, "" for fieldsV1
/// itself; the keys kept under it): who set the node's labels, its taints and its status
/// capacity and allocatable (the integrity rules read them: a field no manager owns was not
/// written through the apiserver). The rest of fieldsV1 (conditions, addresses) is most of a
/// node's bytes and is dropped.
const std::vector<std::pair<std::string, std::vector<std::string>>>& node_managed_keep();

/// What a bundle is parsed without: the nodes' images and unread status and, of their
/// managedFields, all but node_managed_keep() under `cluster.nodes.value.items`; the events'
/// managedFields under `cluster.events.value.items`. Pods keep everything but the fields their
/// managedFields entries own: each entry keeps its manager, operation and time, and of fieldsV1
/// only `f:spec` with `f:nodeName` (who bound the pod), `f:tolerations`, `f:nodeSelector` and the
/// containers' `f:resources` (who set them). Nothing else of the bundle is touched.
const jsonb::DropPolicy& bundle_drops();
/// The limits a bundle is parsed with: the default nesting and value budget, bundle_drops().
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

/// One entry of a batch: a bundle path to grade, or an entry that cannot be one (its cause).
struct BundleEntry {
  std::string path;
  std::string error;     ///< "" when `path` is to be loaded
  bool beneath = false;  ///< found in a folder: a link (symbolic or hard) is an error row, never followed
};
/// The bundles named on a batch's command line: a file as it is, a folder expanded into the *.json
/// entries it holds (recursively, sorted; links are not followed, into folders or to files: a
/// link is an error row when loaded). Every entry named *.json becomes a row whatever it is (a
/// link, a FIFO, an unreadable file: load_bundle says why), and so does a folder that cannot be
/// listed. Throws Error(kUsage) for a folder with no *.json at all.
std::vector<BundleEntry> find_bundles(const std::vector<std::string>& args);
/// The submission's name: the bundle's file name without `.json`, or its folder's when the file
/// is "bundle.json" (`s17.json` and `s17/bundle.json` are both "s17").
std::string submission_name(const std::string& path);

}  // namespace gpuwhy
