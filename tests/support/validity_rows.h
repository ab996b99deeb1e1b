// What fixtures/k8s/record-validity recorded from a real apiserver, as the tests read it.
#pragma once

#include <fstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "gpuwhy/k8s/manifest.h"

namespace gpuwhy_test {

/// The rows of fixtures/k8s/<rel> (toleration/validity.jsonl, affinity/validity.jsonl), one JSON
/// object each.
inline std::vector<nlohmann::json> validity_rows(const std::string& rel) {
  std::ifstream in(std::string(GPUWHY_SOURCE_DIR) + "/fixtures/k8s/" + rel);
  std::vector<nlohmann::json> out;
  for (std::string line; std::getline(in, line);) out.push_back(nlohmann::json::parse(line));
  return out;
}

/// The Pod record-validity sent, with `spec_lines` (YAML under spec, each line indented by two
/// spaces) after its one container, and `labels` (a YAML flow mapping) as its metadata.labels when
/// given, read as gpuwhy reads a manifest (k8s::load_manifest).
inline nlohmann::json validity_pod(const std::string& spec_lines, const std::string& labels = "") {
  const std::string text = "apiVersion: v1\nkind: Pod\nmetadata:\n  name: validity\n  namespace: default\n" +
                           (labels.empty() ? std::string() : "  labels: " + labels + "\n") +
                           "spec:\n  containers:\n  - name: c\n    image: busybox\n" + spec_lines;
  const auto docs = gpuwhy::k8s::load_manifest(text, "validity.yaml");
  return docs.empty() ? nlohmann::json() : docs.front();
}

}  // namespace gpuwhy_test
