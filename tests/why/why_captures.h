// The `why` tests' recordings of the real kube-scheduler: fixtures/why/<version>/*.json (each the pod,
// the nodes and the bound pods gpuwhy read and the scheduler's verdict, recorded by
// fixtures/cluster/record-why) and fixtures/why-held/<version>/held-*.json, and what the tests that
// read them share.
#pragma once

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <functional>
#include <map>
#include <set>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "gpuwhy/base/error.h"
#include "gpuwhy/base/text.h"
#include "gpuwhy/i18n/i18n.h"
#include "gpuwhy/k8s/requests.h"
#include "gpuwhy/why/render.h"
#include "gpuwhy/why/why.h"
#include "report_common_test.h"

namespace gpuwhy::why::test {

namespace fs = std::filesystem;
using nlohmann::json;

inline constexpr const char* kVersions[] = {"v1.33.13", "v1.34.0", "v1.37.2"};

struct Capture {
  std::string version;
  std::string file;
  json j;
  [[nodiscard]] std::vector<json> nodes() const { return j["nodes"].get<std::vector<json>>(); }
  [[nodiscard]] std::vector<json> pods() const { return j["pods"].get<std::vector<json>>(); }
  [[nodiscard]] bool unschedulable() const { return j["verdict"] == "unschedulable"; }
  [[nodiscard]] std::vector<json> pdbs() const { return j.value("pdbs", json::array()).get<std::vector<json>>(); }
  /// The Namespace objects the recording read (its namespaceSelectors' labels), when it did.
  [[nodiscard]] std::vector<json> namespaces() const {
    return j.value("namespaces", json::array()).get<std::vector<json>>();
  }
  [[nodiscard]] Verdict explain_it() const {
    return explain(j["pod"], nodes(), pods(), wording_for(j["server_version"].get<std::string>()), pdbs(), true,
                   namespaces());
  }
};

// Every recording under fixtures/<folder>/<version>/, in version and file-name order.
inline std::vector<Capture> recordings(const char* folder) {
  std::vector<Capture> out;
  for (const char* v : kVersions) {
    const fs::path dir = report_test::source_dir() / "fixtures" / folder / v;
    if (!fs::is_directory(dir)) continue;
    std::vector<fs::path> files;
    for (const auto& e : fs::directory_iterator(dir)) files.push_back(e.path());
    std::sort(files.begin(), files.end());
    for (const auto& f : files) out.push_back({v, f.filename().string(), json::parse(report_test::read_text(f))});
  }
  return out;
}

inline const std::vector<Capture>& captures() {
  static const std::vector<Capture> all = recordings("why");
  return all;
}

// fixtures/why-held/<version>/held-*.json, recorded by tests/integration/why_held.py (on v1.34.0
// only so far: fixtures/cluster/record-why records them on any version).
inline std::vector<Capture> held_captures() {
  return recordings("why-held");
}

inline const NodeVerdict& node_of(const Verdict& v, const std::string& name) {
  for (const auto& n : v.nodes) {
    if (n.node == name) return n;
  }
  static const NodeVerdict kNone;
  ADD_FAILURE() << "no node " << name;
  return kNone;
}

// The PodScheduled condition of `pod` says `message` instead of what the scheduler wrote.
inline json with_condition(json pod, const std::string& message) {
  bool found = false;
  for (auto& cond : pod["status"]["conditions"]) {
    if (cond["type"] != "PodScheduled") continue;
    cond["status"] = "False";
    cond["message"] = message;
    found = true;
  }
  if (!found)
    pod["status"]["conditions"].push_back({{"type", "PodScheduled"}, {"status", "False"}, {"message", message}});
  return pod;
}

// The table of every language, and what `why` exits with.
inline void expect_no_binding_predicted(const Verdict& v) {
  for (const auto lang : i18n::kLangs) {
    const std::string t = render_table(v, lang);
    // The sentence after the node names: "The scheduler should bind it at its next try."
    const std::string fits_on = i18n::text("why.ui.fits-on", lang);
    const std::string bind = fits_on.substr(fits_on.find("{nodes}") + 7);
    ASSERT_GT(bind.size(), 8U);
    EXPECT_EQ(t.find(bind), std::string::npos) << t;
    EXPECT_NE(t.find(i18n::text("why.ui.not-explained", lang)), std::string::npos) << t;
    for (const auto& r : v.unmodelled_reasons) EXPECT_NE(t.find(r.text), std::string::npos) << r.text << "\n" << t;
  }
  EXPECT_EQ(why::exit_code({v}), kExitNotExplained);
  EXPECT_EQ(to_json(v, "en")["summary"], nullptr);
  EXPECT_EQ(to_json(v, "en")["outcome"], "not-explained");
}

}  // namespace gpuwhy::why::test
