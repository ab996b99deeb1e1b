// load_bundle and parse_bundle read a bundle as `gpuwhy check --snapshot` does: a capture loads
// without what no check reads; text that is not JSON is input.bundle-not-json with the line and
// column; a bundle nested too deep or holding too many values is refused in one line.

#include <gtest/gtest.h>

#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include <nlohmann/json.hpp>

#include "gpuwhy/base/error.h"
#include "gpuwhy/json/json_bounded.h"
#include "gpuwhy/model/bundle.h"
#include "gpuwhy/model/snapshot.h"

namespace gpuwhy {
namespace {

using nlohmann::json;

const std::string kSolution = std::string(GPUWHY_SOURCE_DIR) + "/fixtures/captures/v1.34.0/solution/bundle.json";

std::string slurp(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

// The error `f` throws, or a kUsage one saying that it threw none.
template <typename F>
Error error_of(F&& f) {
  try {
    (void)f();
  } catch (const Error& e) {
    return e;
  }
  return Error(ErrorKind::kUsage, "no error");
}

TEST(BundleLoad, ACaptureLoadsWithoutWhatNoCheckReads) {
  const std::string text = slurp(kSolution);
  ASSERT_TRUE(json::parse(text)["cluster"]["nodes"]["value"]["items"][0]["metadata"].contains("managedFields"));
  const Snapshot snap = load_bundle(kSolution);
  EXPECT_EQ(snap.source, "bundle " + kSolution);
  ASSERT_TRUE(snap.nodes.ok());
  ASSERT_FALSE(snap.nodes.value()["items"].empty());
  for (const auto& n : snap.nodes.value()["items"]) {
    // Of managedFields, only who set the labels, taints and status amounts (node_managed_keep).
    ASSERT_TRUE(n["metadata"].contains("managedFields"));
    for (const auto& e : n["metadata"]["managedFields"]) {
      for (const auto& [key, below] : e["fieldsV1"].items()) {
        EXPECT_TRUE(key == "f:metadata" || key == "f:spec" || key == "f:status") << key;
      }
      if (e["fieldsV1"].contains("f:status")) {
        for (const auto& [key, below] : e["fieldsV1"]["f:status"].items()) {
          EXPECT_TRUE(key == "f:capacity" || key == "f:allocatable") << key;
        }
      }
    }
    EXPECT_FALSE(n["status"].contains("images"));
  }
  ASSERT_TRUE(snap.pods.ok());
  EXPECT_FALSE(snap.files.empty());
  // In memory, the same text gives the same snapshot.
  EXPECT_EQ(to_bundle(parse_bundle(text, kSolution)), to_bundle(snap));
  EXPECT_EQ(parse_bundle_json(text, kSolution), jsonb::parse(text, bundle_limits()));
}

TEST(BundleLoad, NotJsonSaysWhereItStops) {
  const Error e = error_of([] { return parse_bundle("{\n  \"kind\": ,\n}", "b.json"); });
  EXPECT_EQ(e.kind(), ErrorKind::kParse);
  EXPECT_EQ(e.id(), "input.bundle-not-json");
  EXPECT_EQ(e.args().at("path"), "b.json");
  EXPECT_EQ(e.args().at("line"), "2");
  EXPECT_EQ(e.args().at("column"), "11");
  EXPECT_EQ(std::string(e.what()).rfind("bundle b.json: not valid JSON at line 2, column 11: ", 0), 0U) << e.what();
  // An empty text stops at its first byte.
  const Error empty = error_of([] { return parse_bundle("", "e.json"); });
  EXPECT_EQ(empty.id(), "input.bundle-not-json");
  EXPECT_EQ(empty.args().at("line"), "1");
}

TEST(BundleLoad, TooDeepOrTooManyValuesIsRefused) {
  const std::string deep = std::string(jsonb::kMaxDepth + 1, '[') + std::string(jsonb::kMaxDepth + 1, ']');
  const Error d = error_of([&] { return parse_bundle_json(deep, "deep.json"); });
  EXPECT_EQ(d.kind(), ErrorKind::kParse);
  EXPECT_EQ(d.id(), "");
  EXPECT_EQ(std::string(d.what()), "bundle deep.json: JSON nested deeper than 256 levels");

  std::string many = "[";
  for (std::size_t i = 0; i < jsonb::kMaxValues; ++i) many += "0,";
  many += "0]";
  const Error m = error_of([&] { return parse_bundle_json(many, "many.json"); });
  EXPECT_EQ(m.kind(), ErrorKind::kParse);
  EXPECT_EQ(std::string(m.what()), "bundle many.json: more than 1000000 JSON values");
}

TEST(BundleLoad, AFileThatCannotBeReadIsAnIoError) {
  const Error e = error_of([] { return load_bundle("/nonexistent/bundle.json"); });
  EXPECT_EQ(e.kind(), ErrorKind::kIo);
}

// A batch's folder: its *.json entries, recursively, sorted, each marked as found beneath it;
// other files ignored; a file named on the command line kept as it is; a folder with none refused.
TEST(BundleFind, AFolderIsItsJsonEntriesSorted) {
  namespace fs = std::filesystem;
  const fs::path root = fs::temp_directory_path() / ("gpuwhy-find-" + std::to_string(::getpid()));
  fs::remove_all(root);
  fs::create_directories(root / "class" / "s2");
  fs::create_directories(root / "empty");
  for (const auto& f : {"class/s3.json", "class/s1.json", "class/notes.txt", "class/s2/bundle.json"}) {
    std::ofstream(root / f) << "{}";
  }
  const auto entries = find_bundles({(root / "class").string(), "named.json"});
  ASSERT_EQ(entries.size(), 4U);
  EXPECT_EQ(entries[0].path, (root / "class" / "s1.json").string());
  EXPECT_EQ(entries[1].path, (root / "class" / "s2" / "bundle.json").string());
  EXPECT_EQ(entries[2].path, (root / "class" / "s3.json").string());
  for (std::size_t k = 0; k < 3; ++k) {
    EXPECT_TRUE(entries[k].beneath) << entries[k].path;
    EXPECT_TRUE(entries[k].error.empty()) << entries[k].error;
  }
  EXPECT_EQ(entries[3].path, "named.json");
  EXPECT_FALSE(entries[3].beneath);
  const Error e = error_of([&] { return find_bundles({(root / "empty").string()}); });
  EXPECT_EQ(e.kind(), ErrorKind::kUsage);
  EXPECT_NE(std::string(e.what()).find("no *.json"), std::string::npos) << e.what();
  fs::remove_all(root);
}

TEST(BundleFind, TheSubmissionIsNamedByItsFileOrItsFolder) {
  EXPECT_EQ(submission_name("class/s17.json"), "s17");
  EXPECT_EQ(submission_name("class/s17/bundle.json"), "s17");
  EXPECT_EQ(submission_name("bundle.json"), "bundle");
  EXPECT_EQ(submission_name("/tmp/김민준.json"), "김민준");
}

}  // namespace
}  // namespace gpuwhy
