// The class page's flags on the real binary: --roster, --due and --pages are for a batch only and
// are checked before anything is graded (exit 2, one line naming the file or value); --pages
// writes each graded student's own page under a safe name, never over a file gpuwhy did not write
// (warning, exit 3) and over its own on the next run; a bundle's file names its row, and a
// `student` field that says otherwise is an integrity finding; every
// report says when its snapshot was taken (taken_at).

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <regex>
#include <set>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "../tools/run_binary.h"
#include "lab_totals.h"

namespace gpuwhy {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;
using testing_tools::RunOutput;
using testing_tools::slurp;
using testing_tools::TempDir;

const std::string kVersion = std::string(GPUWHY_SOURCE_DIR) + "/fixtures/captures/v1.34.0";
const std::string kSolution = kVersion + "/solution/bundle.json";
const std::string kFailing = kVersion + "/capacity-only/bundle.json";

const auto check = &testing_tools::run_check;  // `gpuwhy check ARGS`

json read_json(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return json::parse(in);
}

void write_json(const fs::path& path, const json& j) {
  std::ofstream(path, std::ios::binary) << j.dump();
}

long lines(const std::string& s) {
  return std::count(s.begin(), s.end(), '\n');
}

// A class folder: alice and bob as files, 김민준's bundle saying it is 김민준's, one broken bundle.
fs::path class_folder(const TempDir& tmp) {
  fs::path dir = fs::path(tmp.path()) / "subs";
  fs::create_directories(dir);
  fs::copy_file(kSolution, dir / "alice.json");
  fs::copy_file(kFailing, dir / "bob.json");
  json named = read_json(kSolution);
  named["student"] = "김민준";
  write_json(dir / "김민준.json", named);
  std::ofstream(dir / "zz-broken.json") << "{\"schema_version\": 1,";
  return dir;
}

std::set<std::string> files_in(const fs::path& dir) {
  std::set<std::string> out;
  for (const auto& e : fs::directory_iterator(dir)) out.insert(e.path().filename().string());
  return out;
}

TEST(BatchClass, RosterThatCannotBeUsedIsAUsageErrorNamingIt) {
  TempDir tmp;
  const fs::path dir = class_folder(tmp);
  const std::string empty = tmp.path() + "/empty.txt";
  const std::string no_id = tmp.path() + "/no-id.csv";
  const std::string binary = tmp.path() + "/roster.bin";
  std::ofstream(empty) << "# nobody yet\n\n";
  std::ofstream(no_id) << "name,email\nKim,kim@example.edu\n";
  std::ofstream(binary, std::ios::binary) << std::string("s1\0s2", 5);
  for (const std::string& roster : {tmp.path() + "/missing.txt", empty, no_id, binary, tmp.path()}) {
    SCOPED_TRACE(roster);
    const std::string out = tmp.path() + "/never.html";
    const RunOutput r =
        check({"--snapshot", dir.string(), "--format", "html", "-o", out, "--roster", roster}, tmp.path());
    EXPECT_EQ(r.exit_code, 2) << r.err;
    EXPECT_NE(r.err.find(roster), std::string::npos) << r.err;
    EXPECT_NE(r.err.find("--roster"), std::string::npos) << r.err;
    EXPECT_EQ(lines(r.err), 1) << r.err;
    EXPECT_FALSE(fs::exists(out)) << "nothing is graded after a usage error";
  }
}

TEST(BatchClass, RosterInEveryForm) {
  TempDir tmp;
  const fs::path dir = class_folder(tmp);
  const std::string csv = tmp.path() + "/roster.csv";
  std::ofstream(csv) << "\xEF\xBB\xBF"
                        "Name,Student_ID\r\n\"Kim, Minjun\",김민준\r\nAlice,alice\r\n";
  const RunOutput r = check({"--snapshot", dir.string(), "--format", "csv", "--roster", csv}, tmp.path());
  EXPECT_EQ(r.exit_code, 3) << r.err;  // the broken bundle
  EXPECT_TRUE(r.err.empty()) << r.err;
  // The roster may not be overwritten by the report either.
  const RunOutput over = check({"--snapshot", dir.string(), "--format", "csv", "--roster", csv, "-o", csv}, tmp.path());
  EXPECT_EQ(over.exit_code, 2) << over.err;
  EXPECT_NE(over.err.find("roster"), std::string::npos) << over.err;
}

TEST(BatchClass, DueMustBeAnRfc3339Time) {
  TempDir tmp;
  const fs::path dir = class_folder(tmp);
  for (const char* due : {"nonsense", "2026-12-07", "2026-02-30T09:00:00Z", ""}) {
    SCOPED_TRACE(due);
    const RunOutput r = check({"--snapshot", dir.string(), "--format", "csv", "--due", due}, tmp.path());
    EXPECT_EQ(r.exit_code, 2) << r.err;
    EXPECT_NE(r.err.find(std::string("--due \"") + due + "\""), std::string::npos) << r.err;
    EXPECT_EQ(lines(r.err), 1) << r.err;
    EXPECT_TRUE(r.out.empty()) << r.out;
  }
  const RunOutput ok =
      check({"--snapshot", dir.string(), "--format", "csv", "--due", "2026-12-07T09:00:00+09:00"}, tmp.path());
  EXPECT_EQ(ok.exit_code, 3) << ok.err;  // graded: the broken bundle makes it incomplete
}

TEST(BatchClass, ClassFlagsAreForABatchOnly) {
  TempDir tmp;
  std::ofstream(tmp.path() + "/roster.txt") << "alice\n";
  const std::vector<std::vector<std::string>> flags{
      {"--roster", tmp.path() + "/roster.txt"}, {"--due", "2026-12-07T09:00:00Z"}, {"--pages", tmp.path() + "/p"}};
  for (const auto& flag : flags) {
    SCOPED_TRACE(flag.front());
    // One bundle.
    const RunOutput one = check({"--snapshot", kSolution, flag[0], flag[1]}, tmp.path());
    EXPECT_EQ(one.exit_code, 2) << one.err;
    EXPECT_NE(one.err.find(flag[0] + " applies to a batch"), std::string::npos) << one.err;
    EXPECT_EQ(lines(one.err), 1) << one.err;
    // Live: refused before the kubeconfig is even looked for.
    const RunOutput live = check({"--kubeconfig", tmp.path() + "/none", flag[0], flag[1]}, tmp.path());
    EXPECT_EQ(live.exit_code, 2) << live.err;
    EXPECT_NE(live.err.find(flag[0] + " applies to a batch"), std::string::npos) << live.err;
  }
  EXPECT_FALSE(fs::exists(tmp.path() + "/p"));
}

// The page a student gets from the batch is their run as `check --snapshot FILE --format html
// --user ID` shows it (but for the times).
std::string without_times(const std::string& s) {
  static const std::regex kTime("[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}Z");
  return std::regex_replace(s, kTime, "T");
}

TEST(BatchClass, PagesOnePerGradedBundleUnderSafeNames) {
  TempDir tmp;
  const fs::path dir = class_folder(tmp);
  const std::string pages = tmp.path() + "/class/students";
  const std::string out = tmp.path() + "/class/index.html";
  fs::create_directories(tmp.path() + "/class");
  const RunOutput r =
      check({"--snapshot", dir.string(), "--format", "html", "-o", out, "--pages", pages, "--jobs", "3"}, tmp.path());
  EXPECT_EQ(r.exit_code, 3) << r.err;  // the broken bundle, as without --pages
  ASSERT_TRUE(fs::is_regular_file(out));
  EXPECT_EQ(files_in(pages), (std::set<std::string>{"alice.html", "bob.html", "_ea_b9_80_eb_af_bc_ec_a4_80.html",
                                                    ".gpuwhy-pages", ".gpuwhy-pages.lock"}));
  EXPECT_EQ(slurp(pages + "/.gpuwhy-pages"), "_ea_b9_80_eb_af_bc_ec_a4_80.html\nalice.html\nbob.html\n");
  const RunOutput alone =
      check({"--snapshot", (dir / "bob.json").string(), "--format", "html", "--user", "bob"}, tmp.path());
  EXPECT_EQ(alone.exit_code, 1) << alone.err;
  EXPECT_EQ(without_times(slurp(pages + "/bob.html")), without_times(alone.out));
  // The solution's score on 김민준's page, bob's on his.
  const std::string kim = slurp(pages + "/_ea_b9_80_eb_af_bc_ec_a4_80.html");
  const std::string full = std::to_string(gpuwhy_test::total_points());
  EXPECT_NE(kim.find("data-score=\"" + full + "\" data-max-score=\"" + full + "\""), std::string::npos);
  EXPECT_EQ(slurp(pages + "/bob.html").find("data-score=\"" + full + "\""), std::string::npos);
}

TEST(BatchClass, AFileGpuwhyDidNotWriteIsNeverReplaced) {
  TempDir tmp;
  const fs::path dir = class_folder(tmp);
  fs::remove(dir / "zz-broken.json");
  const std::string pages = tmp.path() + "/pages";
  fs::create_directories(pages);
  std::ofstream(pages + "/alice.html") << "the instructor's own notes";
  const std::vector<std::string> args{"--snapshot", dir.string(), "--format", "csv", "--pages", pages};
  const RunOutput first = check(args, tmp.path());
  EXPECT_EQ(first.exit_code, 3) << first.err;  // as for a report file that could not be written
  EXPECT_EQ(slurp(pages + "/alice.html"), "the instructor's own notes");
  EXPECT_NE(first.err.find(pages + "/alice.html"), std::string::npos) << first.err;
  EXPECT_NE(first.err.find("warning"), std::string::npos) << first.err;
  EXPECT_EQ(lines(first.err), 1) << first.err;
  EXPECT_TRUE(fs::exists(pages + "/bob.html"));
  // The next run replaces its own pages, and still not the other file.
  std::ofstream(pages + "/bob.html") << "stale";
  const RunOutput second = check(args, tmp.path());
  EXPECT_EQ(second.exit_code, 3) << second.err;
  EXPECT_NE(slurp(pages + "/bob.html").find("<html"), std::string::npos);
  EXPECT_EQ(slurp(pages + "/alice.html"), "the instructor's own notes");
  // Once the other file is gone, the batch is whole again.
  fs::remove(pages + "/alice.html");
  const RunOutput third = check(args, tmp.path());
  EXPECT_EQ(third.exit_code, 1) << third.err;  // bob fails a check
  EXPECT_TRUE(third.err.empty()) << third.err;
  EXPECT_NE(slurp(pages + "/alice.html").find("<html"), std::string::npos);
}

// -o never names the list of a --pages folder: over it, every later run would refuse every page.
// Refused before any work (exit 2, one line) however it is spelt: the path, a link to it, a hard
// link (with --pages), or the name in another folder (without --pages: the list of a later run).
TEST(BatchClass, OutputIsNeverThePagesList) {
  TempDir tmp;
  const fs::path dir = class_folder(tmp);
  fs::remove(dir / "zz-broken.json");
  const std::string pages = tmp.path() + "/pages";
  const std::vector<std::string> args{"--snapshot", dir.string(), "--format", "csv", "--pages", pages};
  ASSERT_EQ(check(args, tmp.path()).exit_code, 1);  // bob fails a check
  const std::string list = slurp(pages + "/.gpuwhy-pages");
  ASSERT_EQ(list, "_ea_b9_80_eb_af_bc_ec_a4_80.html\nalice.html\nbob.html\n");
  fs::create_symlink(pages + "/.gpuwhy-pages", tmp.path() + "/link.csv");
  fs::create_hard_link(pages + "/.gpuwhy-pages", tmp.path() + "/hard.csv");
  for (const std::string& out : {pages + "/.gpuwhy-pages", pages + "/../pages/.gpuwhy-pages", tmp.path() + "/link.csv",
                                 tmp.path() + "/hard.csv", pages + "/.gpuwhy-pages.lock"}) {
    SCOPED_TRACE(out);
    std::vector<std::string> a = args;
    a.insert(a.end(), {"-o", out});
    const RunOutput r = check(a, tmp.path());
    EXPECT_EQ(r.exit_code, 2) << r.err;
    EXPECT_EQ(r.err, "gpuwhy: error: --output " + out +
                         " is the list of the pages gpuwhy wrote: writing there would make gpuwhy refuse every "
                         "page it wrote; choose another file\n");
    EXPECT_EQ(r.out, "");
    EXPECT_EQ(slurp(pages + "/.gpuwhy-pages"), list);
  }
  const RunOutput elsewhere =
      check({"--snapshot", dir.string(), "--format", "csv", "-o", tmp.path() + "/.gpuwhy-pages"}, tmp.path());
  EXPECT_EQ(elsewhere.exit_code, 2) << elsewhere.err;
  EXPECT_FALSE(fs::exists(tmp.path() + "/.gpuwhy-pages"));
  fs::remove(tmp.path() + "/hard.csv");  // a list with two names is not trusted
  const RunOutput next = check(args, tmp.path());
  EXPECT_EQ(next.exit_code, 1) << next.err;
  EXPECT_TRUE(next.err.empty()) << next.err;
}

TEST(BatchClass, PagesMustBeAFolder) {
  TempDir tmp;
  const fs::path dir = class_folder(tmp);
  std::ofstream(tmp.path() + "/file") << "x";
  const RunOutput r = check({"--snapshot", dir.string(), "--pages", tmp.path() + "/file"}, tmp.path());
  EXPECT_EQ(r.exit_code, 2) << r.err;
  EXPECT_NE(r.err.find(tmp.path() + "/file"), std::string::npos) << r.err;
}

// mallory hands in a bundle saying it is alice's: the row is mallory's, with the disagreement as
// an integrity finding; alice's row is alice's own, once.
TEST(BatchClass, TheFileNamesTheRowAndAStudentFieldSayingOtherwiseIsAFinding) {
  TempDir tmp;
  const fs::path dir = class_folder(tmp);
  json claimed = read_json(kSolution);
  claimed["student"] = "alice";
  write_json(dir / "mallory.json", claimed);
  const RunOutput r = check({"--snapshot", dir.string(), "--format", "csv"}, tmp.path());
  EXPECT_EQ(r.exit_code, 3) << r.err;
  std::vector<std::string> users;
  std::map<std::string, std::string> rows;
  std::size_t at = r.out.find('\n');  // after the header
  while (at != std::string::npos && at + 1 < r.out.size()) {
    const std::size_t end = r.out.find('\n', at + 1);
    const std::string row = r.out.substr(at + 1, end - at - 1);
    users.push_back(row.substr(0, row.find(',')));
    rows[users.back()] = row;
    at = end;
  }
  EXPECT_EQ(users, (std::vector<std::string>{"alice", "bob", "mallory", "zz-broken", "김민준"})) << r.out;
  EXPECT_NE(rows["mallory"].find("student-mismatch"), std::string::npos) << rows["mallory"];
  EXPECT_EQ(rows["alice"].find("student-mismatch"), std::string::npos) << rows["alice"];
  EXPECT_EQ(rows["김민준"].find("student-mismatch"), std::string::npos) << "its student agrees: " << rows["김민준"];
  const RunOutput j = check({"--snapshot", dir.string(), "--format", "json"}, tmp.path());
  const json report = json::parse(j.out);  // a named value: the loop must not outlive a temporary
  int seen = 0;
  for (const auto& sub : report.at("submissions")) {
    if (sub.at("user") != "mallory") continue;
    ++seen;
    const std::string said = sub.at("report").at("integrity").at("findings").back().at("message");
    EXPECT_NE(said.find("alice"), std::string::npos) << said;
    EXPECT_NE(said.find("mallory"), std::string::npos) << said;
  }
  EXPECT_EQ(seen, 1);
}

TEST(BatchClass, EveryReportSaysWhenItsSnapshotWasTaken) {
  TempDir tmp;
  const fs::path dir = class_folder(tmp);
  const std::string taken = read_json(kSolution)["taken_at"];
  const RunOutput batch = check({"--snapshot", dir.string(), "--format", "json"}, tmp.path());
  const json j = json::parse(batch.out);
  EXPECT_EQ(j["submissions"][0]["report"]["taken_at"], taken);
  const RunOutput one = check({"--snapshot", kSolution, "--format", "json"}, tmp.path());
  EXPECT_EQ(json::parse(one.out)["taken_at"], taken);
}

}  // namespace
}  // namespace gpuwhy
