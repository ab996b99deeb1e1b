// Apiserver JSON: the fuzz input parsed as JSON becomes the live part of the real solution
// snapshot ({"nodes": ..., "pods": ..., "events": ..., "namespace": ..., "version": ...,
// "dry_run": ...}; a value that is not such an object is used as nodes, pods and events at
// once), then every check runs and the JSON report renders.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string_view>

#include "fuzz_common.h"
#include "gpuwhy/json/json_bounded.h"
#include "gpuwhy/kube/kube.h"
#include "gpuwhy/lab/lab.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using nlohmann::json;
  // Parsed as the client parses a node list (lib/src/kube/client.cpp): with the nesting and value
  // budget, managedFields, images and unread node status dropped (skipped unbuilt by the reader,
  // checked as strictly: valid exactly when nlohmann says so).
  const std::string_view text = gpuwhy::fuzz::as_text(data, size);
  gpuwhy::jsonb::Limits limits;
  limits.drop = &gpuwhy::kube::unread_node_fields();
  json j;
  try {
    j = gpuwhy::jsonb::parse(text, limits);
  } catch (const gpuwhy::Error&) {
    return 0;
  }
  if (j.is_discarded() == json::accept(text)) {
    std::fprintf(stderr, "the answer reader and nlohmann disagree on whether this is JSON\n");
    std::abort();
  }
  if (j.is_discarded()) return 0;
  gpuwhy::Snapshot snap = gpuwhy::fuzz::solution();
  const bool parts = j.is_object() && (j.contains("nodes") || j.contains("pods") || j.contains("events"));
  if (parts) {
    if (j.contains("nodes")) snap.nodes = j["nodes"];
    if (j.contains("pods")) snap.pods = j["pods"];
    if (j.contains("events")) snap.events = j["events"];
    if (j.contains("namespace")) snap.namespace_ = j["namespace"];
    if (j.contains("version")) snap.version = j["version"];
    if (j.contains("dry_run")) {
      const json& d = j["dry_run"];
      const int status =
          d.is_object() && d.contains("status") && d["status"].is_number_integer() ? d["status"].get<int>() : 422;
      const json body = d.is_object() && d.contains("body") ? d["body"] : d;
      for (auto rel : gpuwhy::lab::kDryRunManifests) {
        snap.dry_runs[std::string(rel)] = gpuwhy::HttpAnswer{status, body};
      }
    }
  } else {
    snap.nodes = j;
    snap.pods = j;
    snap.events = j;
  }
  (void)gpuwhy::fuzz::grade_and_render(snap, false);
  return 0;
}
