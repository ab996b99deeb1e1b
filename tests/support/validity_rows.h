// What fixtures/k8s/record-validity recorded from a real apiserver, as the tests read it.
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <fstream>
#include <regex>
#include <set>
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

/// The rows of the table `rel` (as validity_rows) as the control plane of `version` answered them:
/// `rel` itself for v1.34.0, the version CI builds; `<table>.<version>.jsonl` beside it for the
/// others. Empty when that version was not recorded.
inline std::vector<nlohmann::json> validity_rows_of(const std::string& rel, const std::string& version) {
  if (version == "v1.34.0") return validity_rows(rel);
  return validity_rows(rel.substr(0, rel.size() - std::string(".jsonl").size()) + "." + version + ".jsonl");
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

/// A path as Go's decoder names a field of the wrong type: without list indexes.
inline std::string without_indexes(const std::string& path) {
  return std::regex_replace(path, std::regex(R"(\[[0-9]+\])"), "");
}

/// The paths a refused row names (its "paths"), as the decoder names them when it was refused while
/// decoding.
inline std::set<std::string> recorded_paths(const nlohmann::json& row) {
  const bool decode = row["decode"].get<bool>();
  std::set<std::string> out;
  for (const auto& p : row["paths"]) out.insert(decode ? without_indexes(p.get<std::string>()) : p.get<std::string>());
  return out;
}

/// What gpuwhy names for a refusal against what the apiserver named: a validation refusal exactly;
/// a decoding refusal at least that (Go's decoder stops at the first field it cannot read, gpuwhy
/// names every one).
inline void expect_named(const std::set<std::string>& ours, const std::set<std::string>& recorded, bool decode) {
  if (decode) {
    EXPECT_TRUE(std::includes(ours.begin(), ours.end(), recorded.begin(), recorded.end()))
        << ::testing::PrintToString(ours);
  } else {
    EXPECT_EQ(ours, recorded);
  }
}

}  // namespace gpuwhy_test
