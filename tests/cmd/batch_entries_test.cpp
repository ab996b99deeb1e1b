// Batch grading on the real binary: every entry the user names or a folder
// holds becomes a row - a dangling or looping link, a FIFO, a link to a folder, an unreadable
// file, a bundle with a wrong-typed field (http_status that would wrap, a string for a list ...)
// is an error row with its cause, and the good bundles around it are graded; a folder with no
// bundle is a usage error (exit 2, one line).

#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <functional>
#include <map>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "../tools/run_binary.h"

namespace gpuwhy {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;
using testing_tools::RunOutput;
using testing_tools::TempDir;

const std::string kBundle = std::string(GPUWHY_SOURCE_DIR) + "/fixtures/captures/v1.34.0/solution/bundle.json";

json solution() {
  std::ifstream in(kBundle, std::ios::binary);
  return json::parse(in);
}

/// A bundle entry to put in the folder: its name, how to make it, the cause its row must give.
struct Entry {
  const char* name;
  std::function<bool(const fs::path& path)> make;  ///< false: cannot be made here (skipped)
  const char* cause;
};

// NOLINTNEXTLINE(readability-function-size): the table of entries is data, a row each.
std::vector<Entry> entries() {
  const auto with = [](const std::function<void(json&)>& edit) {
    return [edit](const fs::path& p) {
      json b = solution();
      edit(b);
      std::ofstream(p) << b.dump();
      return true;
    };
  };
  return {
      {"dangling",
       [](const fs::path& p) {
         fs::create_symlink("gone.json", p);
         return true;
       },
       "is a symbolic link"},
      {"loop",
       [](const fs::path& p) {
         fs::create_symlink(p.filename(), p);
         return true;
       },
       "is a symbolic link"},
      {"fifo", [](const fs::path& p) { return ::mkfifo(p.c_str(), 0644) == 0; }, "named pipe"},
      {"dirlink",
       [](const fs::path& p) {
         fs::create_symlink(p.parent_path().parent_path(), p);
         return true;
       },
       "is a symbolic link"},
      // Beneath a batch folder only a file of its own is read: a link to a good bundle elsewhere
      // is still a link (it could as well lead to a secret), and so is a second name (hard link).
      {"filelink",
       [](const fs::path& p) {
         fs::create_symlink(kBundle, p);
         return true;
       },
       "is a symbolic link; only files beneath the folder are read"},
      {"hardlink",
       [](const fs::path& p) {
         std::ofstream(p.parent_path().parent_path() / "outside.json") << solution().dump();
         fs::create_hard_link(p.parent_path().parent_path() / "outside.json", p);
         return true;
       },
       "is a hard link (2 names for one file)"},
      {"unreadable",
       [](const fs::path& p) {
         if (::geteuid() == 0) return false;  // root reads a mode-000 file anyway
         std::ofstream(p) << solution().dump();
         fs::permissions(p, fs::perms::none);
         return true;
       },
       "Permission denied"},
      {"httpwrap", with([](json& b) {
         b["cluster"]["events"] = {{"error", {{"kind", "http"}, {"http_status", 4294967697ULL}, {"message", "x"}}}};
       }),
       "is not an HTTP status"},
      {"statusneg", with([](json& b) {
         b["dry_runs"]["k8s/bad-mismatch.yaml"] = {{"value", {{"status", -422}, {"body", nullptr}}}};
       }),
       "is not an HTTP status"},
      {"nodesstring", with([](json& b) {
         b["cluster"]["nodes"] = {{"value", "lab-node-0"}};
       }),
       "cluster.nodes.value"},
      {"itemsobject", with([](json& b) { b["cluster"]["pods"]["value"]["items"] = json::object(); }), "not an array"},
      {"labdirnumber", with([](json& b) { b["lab_dir"] = 5; }), "\"lab_dir\": not a string"},
      {"warningsnumbers", with([](json& b) {
         b["warnings"] = {1, 2};
       }),
       "\"warnings\""},
      {"sizestring", with([](json& b) {
         b["files"]["out/rejected.txt"] = {{"state", "missing"}, {"size", "big"}};
       }),
       "size"},
      {"contentnumber", with([](json& b) { b["files"]["out/rejected.txt"]["content"] = 42; }), "content"},
      {"notjson",
       [](const fs::path& p) {
         std::ofstream(p) << "{\"schema_version\": 1,";
         return true;
       },
       // where, never the parser library's own words
       "not valid JSON at line 1, column 22"},
  };
}

TEST(BatchEntries, EveryEntryIsARowAndTheBatchCompletes) {
  TempDir tmp;
  const fs::path dir = fs::path(tmp.path()) / "subs";
  fs::create_directories(dir / "bob");
  fs::copy_file(kBundle, dir / "alice.json");
  fs::copy_file(kBundle, dir / "bob/bundle.json");
  std::map<std::string, std::string> want;
  for (const auto& e : entries()) {
    if (e.make(dir / (std::string(e.name) + ".json"))) want[e.name] = e.cause;
  }
  fs::create_directory(dir / "locked");
  std::ofstream(dir / "locked/carol.json") << "{}";
  const bool can_lock = ::geteuid() != 0;
  if (can_lock) {
    fs::permissions(dir / "locked", fs::perms::none);
    want["locked"] = "cannot list the folder";
  }
  const RunOutput r = testing_tools::run_binary(
      {GPUWHY_BINARY, "check", "--snapshot", dir.string(), "--format", "json"}, tmp.path(), std::chrono::seconds(60));
  if (can_lock) fs::permissions(dir / "locked", fs::perms::owner_all);
  EXPECT_FALSE(r.timed_out) << "a FIFO entry must not hang the batch";
  EXPECT_EQ(r.exit_code, 3) << r.err;
  const json j = json::parse(r.out, nullptr, false);
  ASSERT_TRUE(j.is_object()) << r.out.substr(0, 300) << r.err;
  std::map<std::string, json> rows;
  for (const auto& s : j["submissions"]) rows[s["user"].get<std::string>()] = s;
  for (const char* good : {"alice", "bob"}) {
    ASSERT_EQ(rows.count(good), 1U) << good;
    EXPECT_TRUE(rows[good]["error"].is_null()) << rows[good]["error"];
    EXPECT_EQ(rows[good]["complete"], true);
  }
  for (const auto& [name, cause] : want) {
    SCOPED_TRACE(name);
    ASSERT_EQ(rows.count(name), 1U) << "no row for " << name << " in " << r.out.substr(0, 2000);
    ASSERT_TRUE(rows[name]["error"].is_string()) << rows[name];
    EXPECT_NE(rows[name]["error"].get<std::string>().find(cause), std::string::npos) << rows[name]["error"];
    EXPECT_TRUE(rows[name]["score"].is_null()) << "a broken bundle is never graded as the student's";
  }
  EXPECT_EQ(rows.size(), want.size() + 2 + (can_lock ? 0U : 1U));  // as root, locked/carol.json is read (and broken)
}

TEST(BatchEntries, EmptyFolderIsAUsageError) {
  TempDir tmp;
  fs::create_directories(fs::path(tmp.path()) / "subs/nested");
  std::ofstream(fs::path(tmp.path()) / "subs/README.txt") << "not a bundle";
  const RunOutput r = testing_tools::run_binary(
      {GPUWHY_BINARY, "check", "--snapshot", tmp.path() + "/subs", "--format", "csv"}, tmp.path());
  EXPECT_EQ(r.exit_code, 2) << r.err;
  EXPECT_NE(r.err.find("holds no *.json bundle"), std::string::npos) << r.err;
  EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
  EXPECT_TRUE(r.out.empty()) << r.out;
}

// A file that is not JSON is described by where the parser stopped, never quoted: whatever it is
// (a named entry is read even through a link), its bytes reach no format of the batch report.
TEST(BatchEntries, AParseErrorNeverQuotesTheFile) {
  TempDir tmp;
  const fs::path secret = fs::path(tmp.path()) / "secret.txt";
  std::ofstream(secret) << "root:SECRET-MARKER-7f3a9c:0:0\n";
  for (const char* format : {"json", "csv", "html", "markdown", "table"}) {
    SCOPED_TRACE(format);
    const RunOutput r = testing_tools::run_binary(
        {GPUWHY_BINARY, "check", "--snapshot", kBundle, "--snapshot", secret.string(), "--format", format}, tmp.path());
    EXPECT_EQ(r.exit_code, 3) << r.err;
    EXPECT_EQ(r.out.find("SECRET-MARKER"), std::string::npos) << r.out.substr(0, 400);
    EXPECT_EQ(r.err.find("SECRET-MARKER"), std::string::npos) << r.err;
    EXPECT_EQ(r.out.find("root:"), std::string::npos);
    EXPECT_NE(r.out.find("line 1, column 1"), std::string::npos) << r.out.substr(0, 400);
  }
}

TEST(BatchEntries, NamedEntriesAreRowsToo) {
  TempDir tmp;
  const RunOutput r = testing_tools::run_binary(
      {GPUWHY_BINARY, "check", "--snapshot", kBundle, "--snapshot", tmp.path() + "/missing.json", "--format", "json"},
      tmp.path());
  EXPECT_EQ(r.exit_code, 3) << r.err;
  const json j = json::parse(r.out, nullptr, false);
  ASSERT_TRUE(j.is_object()) << r.out;
  ASSERT_EQ(j["submissions"].size(), 2U);
  EXPECT_TRUE(j["submissions"][0]["error"].is_null());
  EXPECT_NE(j["submissions"][1]["error"].get<std::string>().find("no such file"), std::string::npos);
}

}  // namespace
}  // namespace gpuwhy
