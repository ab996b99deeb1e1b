// ctest label: corpus
// The integrity rules on every real capture (no finding at all) and on the forgery suite
// (tests/forgery/forgeries.json, made by scripts/forge from the captures): every expected
// finding is reported.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <set>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "gpuwhy/integrity/integrity.h"
#include "gpuwhy/model/bundle.h"
#include "report_common_test.h"

namespace {

using namespace gpuwhy;               // NOLINT(google-build-using-namespace)
using namespace gpuwhy::report_test;  // NOLINT(google-build-using-namespace)
using nlohmann::json;

std::string describe(const std::vector<Finding>& fs) {
  std::string out;
  for (const auto& f : fs) {
    out += f.id + ":";
    for (const auto& [k, v] : f.text.args) out.append(" ").append(k).append("=").append(v);
    out += "\n";
  }
  return out;
}

/// The findings of a bundle read as `gpuwhy check --snapshot` reads it (its drop policy included).
std::vector<Finding> findings_of(const json& bundle, const std::string& origin) {
  return integrity::check(parse_bundle(bundle.dump(), origin));
}

TEST(IntegrityCorpus, NoFindingOnAnyRealCapture) {
  const auto captures = all_captures();
  ASSERT_GE(captures.size(), 60U);
  std::size_t with_managed = 0;  // captures whose nodes kept managedFields through the reader
  for (const auto& [version, scenario] : captures) {
    const std::string rel = capture_rel(version, scenario);
    const Snapshot snap = parse_bundle(read_text(source_dir() / rel), rel);
    const auto fs = integrity::check(snap);
    EXPECT_TRUE(fs.empty()) << rel << "\n" << describe(fs);
    if (snap.nodes.ok() && snap.nodes.value().contains(json::json_pointer("/items/0/metadata/managedFields")))
      ++with_managed;
  }
  std::printf("captures: %zu, no finding on any; %zu with node managedFields\n", captures.size(), with_managed);
  EXPECT_GE(with_managed, 60U) << "the managedFields rules must be tried on real captures";
}

TEST(IntegrityCorpus, EveryForgeryIsCaught) {
  const json list = json::parse(read_text(source_dir() / "tests" / "forgery" / "forgeries.json"));
  ASSERT_GE(list.size(), 25U);
  std::size_t caught = 0;
  std::set<std::string> ids_seen;
  for (const json& f : list) {
    const std::string name = f.at("name").get<std::string>();
    SCOPED_TRACE(name);
    const std::string capture = f.at("capture").get<std::string>();
    const auto slash = capture.find('/');
    const auto bundle = load_capture(capture.substr(0, slash), capture.substr(slash + 1));
    ASSERT_TRUE(bundle.has_value()) << capture;
    ASSERT_FALSE(f.at("expect").empty()) << "a forgery names what must catch it";
    const json forged = bundle->patch(f.at("ops"));
    const auto fs = findings_of(forged, name + ".json");
    bool all = true;
    for (const json& want : f.at("expect")) {
      const auto id = want.get<std::string>();
      ids_seen.insert(id);
      const bool found = std::any_of(fs.begin(), fs.end(), [&id](const Finding& x) { return x.id == id; });
      EXPECT_TRUE(found) << name << " (" << f.at("what").get<std::string>() << ") not caught by " << id << "\n"
                         << describe(fs);
      all = all && found;
    }
    if (all) ++caught;
  }
  std::printf("forgeries: %zu tried, %zu caught\n", list.size(), caught);
  // Every rule is proven by at least one forgery.
  for (const auto id : integrity::rule_ids()) EXPECT_EQ(ids_seen.count(std::string(id)), 1U) << id;
}

}  // namespace
