// Safe to run as root on a grading host, class by class, mostly on the REAL binary:
// - student symlinks: a matrix of links inside and outside the lab folder, dangling, looping and
//   to FIFOs; nothing outside the folder is ever read (the bundle never holds the target's bytes);
// - kubeconfig that is a FIFO: a clear error, no hang;
// - output targets: regular, missing folder, a folder, /dev/full, a device replica (mknod, as root),
//   a FIFO, a symlink, /dev/stdout and planted temp-file links;
// - depth 10 / 1k / 100k for every parser (bounded JSON, YAML, bundles, apiserver answers), a deep
//   bundle inside a batch, memory for a 60 MB bundle and a gzip bomb (peak RSS from getrusage);
// - the terminal sanitiser over every byte value, the table and stderr.

#include <gtest/gtest.h>
#include <pty.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <sys/un.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <functional>
#include <string>
#include <thread>
#include <vector>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "../tools/fault_server.h"
#include "../tools/run_binary.h"
#include "gpuwhy/base/error.h"
#include "gpuwhy/base/text.h"
#include "gpuwhy/collect/collect.h"
#include "gpuwhy/json/json_bounded.h"
#include "gpuwhy/lab/lab.h"
#include "gpuwhy/render/render.h"
#include "gpuwhy/yaml/yaml.h"

#include "lab_totals.h"

namespace gpuwhy {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;
using testing_tools::RunOutput;
using testing_tools::TempDir;
using State = StudentFile::State;

const std::string kCapture = std::string(GPUWHY_SOURCE_DIR) + "/fixtures/captures/v1.34.0/solution";
const std::string kTooMany = fmt::format("more than {} JSON values", jsonb::kMaxValues);

// Peak RSS cap for the hostile-size rows (at most 300 MB). Under ASan the allocator's
// redzones and quarantine multiply every figure, so the cap is scaled there.
#if defined(__SANITIZE_ADDRESS__)
constexpr long kRssCapKb = 1200L * 1024;
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
constexpr long kRssCapKb = 1200L * 1024;
#else
constexpr long kRssCapKb = 300L * 1024;
#endif
#else
constexpr long kRssCapKb = 300L * 1024;
#endif
constexpr const char* kMarker = "SECRET-MARKER-7f3a9c";

std::size_t lines_in(const std::string& s) {
  return static_cast<std::size_t>(std::count(s.begin(), s.end(), '\n'));
}

// ---------------------------------------------------------------- 1. Student symlinks

/// One row of the symlink matrix. `setup` gets the temp root (holding work/ = the lab folder and
/// secret.txt outside it) and the student file's path; it returns "" or a reason to skip.
struct LinkRow {
  const char* name;
  const char* file;  ///< student file (relative to the lab folder)
  std::function<std::string(const fs::path& root, const fs::path& file)> setup;
  State want;
  const char* reason;  ///< substring of the reason ("" for kOk)
};

void PrintTo(const LinkRow& r, std::ostream* os) {
  *os << r.name << " " << r.file;
}

std::vector<LinkRow> link_rows() {
  const auto move_aside = [](const fs::path& file) {
    fs::path real = file.parent_path() / ("real-" + file.filename().string());
    fs::rename(file, real);
    return real;
  };
  return {
      {"InsideRelative", "k8s/trainer.yaml",
       [=](const fs::path&, const fs::path& f) {
         const fs::path real = move_aside(f);
         fs::create_symlink(real.filename(), f);
         return std::string();
       },
       State::kOk, ""},
      {"InsideAbsolute", "out/advertised.txt",
       [=](const fs::path&, const fs::path& f) {
         const fs::path real = move_aside(f);
         fs::create_symlink(real, f);
         return std::string();
       },
       State::kOk, ""},
      {"InsideThroughFolderLink", "out/gate-report.txt",
       [](const fs::path& root, const fs::path&) {
         fs::rename(root / "work/out", root / "work/saved-out");
         fs::create_symlink("saved-out", root / "work/out");
         return std::string();
       },
       State::kOk, ""},
      {"OutsideAbsolute", "out/gate-report.txt",
       [](const fs::path& root, const fs::path& f) {
         fs::remove(f);
         fs::create_symlink(root / "secret.txt", f);
         return std::string();
       },
       State::kUnreadable, "symbolic link out/gate-report.txt -> "},
      {"OutsideRelative", "k8s/trainer.yaml",
       [](const fs::path&, const fs::path& f) {
         fs::remove(f);
         fs::create_symlink("../../secret.txt", f);
         return std::string();
       },
       State::kUnreadable, "leads outside the lab folder"},
      {"OutsideEtcPasswd", "out/rejected.txt",
       [](const fs::path&, const fs::path& f) {
         fs::remove(f);
         fs::create_symlink("/etc/passwd", f);
         return std::string();
       },
       State::kUnreadable, "out/rejected.txt -> /etc/passwd"},
      {"OutsideFolderLink", "out/tainted.txt",
       [](const fs::path& root, const fs::path&) {
         fs::create_directory(root / "elsewhere");
         std::ofstream(root / "elsewhere/tainted.txt") << kMarker << "\n";
         fs::remove_all(root / "work/out");
         fs::create_symlink(root / "elsewhere", root / "work/out");
         return std::string();
       },
       State::kUnreadable, "symbolic link out -> "},
      {"OutsideThroughInsideLink", "k8s/cpu-only.yaml",
       [](const fs::path& root, const fs::path& f) {
         // inside link -> inside link -> outside
         fs::remove(f);
         fs::create_symlink(root / "secret.txt", root / "work/k8s/hop");
         fs::create_symlink("hop", f);
         return std::string();
       },
       State::kUnreadable, "leads outside the lab folder"},
      {"Dangling", "out/exhausted.txt",
       [](const fs::path&, const fs::path& f) {
         fs::remove(f);
         fs::create_symlink("gone.txt", f);
         return std::string();
       },
       State::kMissing, "dangling symbolic link"},
      {"Loop", "k8s/trainer2.yaml",
       [](const fs::path& root, const fs::path& f) {
         fs::remove(f);
         fs::create_symlink("b", root / "work/k8s/a");
         fs::create_symlink("a", root / "work/k8s/b");
         fs::create_symlink("a", f);
         return std::string();
       },
       State::kUnreadable, "loop"},
      {"Fifo", "out/advertised.txt",
       [](const fs::path&, const fs::path& f) {
         fs::remove(f);
         return ::mkfifo(f.c_str(), 0644) == 0 ? std::string() : std::string("mkfifo failed");
       },
       State::kNotRegular, "named pipe"},
      {"LinkToFifoInside", "k8s/trainer3.yaml",
       [](const fs::path& root, const fs::path& f) {
         fs::remove(f);
         if (::mkfifo((root / "work/k8s/pipe").c_str(), 0644) != 0) return std::string("mkfifo failed");
         fs::create_symlink("pipe", f);
         return std::string();
       },
       State::kNotRegular, "named pipe"},
      {"LinkToFifoOutside", "k8s/bad-fraction.yaml",
       [](const fs::path& root, const fs::path& f) {
         fs::remove(f);
         if (::mkfifo((root / "pipe").c_str(), 0644) != 0) return std::string("mkfifo failed");
         fs::create_symlink(root / "pipe", f);
         return std::string();
       },
       State::kUnreadable, "leads outside the lab folder"},
      // O_NOFOLLOW does not stop a hard link: a second name of a file outside the lab folder
      // (same filesystem) is that file. No file with more than one name is read.
      {"HardLinkOutside", "out/gate-report.txt",
       [](const fs::path& root, const fs::path& f) {
         fs::remove(f);
         fs::create_hard_link(root / "secret.txt", f);
         return std::string();
       },
       State::kHardLink, "a hard link (2 names for one file) may lead outside the lab folder"},
      {"HardLinkInside", "k8s/trainer.yaml",
       [=](const fs::path&, const fs::path& f) {
         const fs::path real = move_aside(f);
         fs::create_hard_link(real, f);
         return std::string();
       },
       State::kHardLink, "hard link"},
      {"SymlinkToHardLink", "out/advertised.txt",
       [=](const fs::path& root, const fs::path& f) {
         fs::remove(f);
         fs::create_hard_link(root / "secret.txt", f.parent_path() / "inside-name.txt");
         fs::create_symlink("inside-name.txt", f);
         return std::string();
       },
       State::kHardLink, "hard link"},
      {"LinkToDevice", "k8s/bad-mismatch.yaml",
       [](const fs::path&, const fs::path& f) {
         fs::remove(f);
         fs::create_symlink("/dev/zero", f);
         return std::string();
       },
       State::kUnreadable, "leads outside the lab folder"},
  };
}

class SymlinkMatrix : public testing::TestWithParam<LinkRow> {};

TEST_P(SymlinkMatrix, NothingOutsideTheLabFolderIsRead) {
  const LinkRow& row = GetParam();
  TempDir tmp;
  const fs::path root(tmp.path());
  fs::copy(kCapture + "/work", root / "work", fs::copy_options::recursive);
  std::ofstream(root / "secret.txt") << kMarker << "\n";
  const fs::path file = root / "work" / row.file;
  const std::string orig = testing_tools::slurp(file.string());
  const std::string skip = row.setup(root, file);
  if (!skip.empty()) GTEST_SKIP() << skip;

  const auto start = std::chrono::steady_clock::now();
  const auto files = read_student_files((root / "work").string());
  EXPECT_LT(std::chrono::steady_clock::now() - start, std::chrono::seconds(2)) << "a FIFO must never block";
  const StudentFile& f = files.at(row.file);
  EXPECT_EQ(f.state, row.want) << to_string(f.state) << ": " << f.reason;
  if (row.want == State::kOk) {
    EXPECT_EQ(f.content, orig);
  } else {
    EXPECT_NE(f.reason.find(row.reason), std::string::npos) << f.reason;
    EXPECT_TRUE(f.content.empty());
  }
  for (const auto& [rel, sf] : files) {
    EXPECT_EQ(sf.content.find(kMarker), std::string::npos) << rel << " holds bytes from outside the lab folder";
    EXPECT_EQ(sf.content.find("root:"), std::string::npos) << rel << " holds /etc/passwd";
  }
}

INSTANTIATE_TEST_SUITE_P(Table, SymlinkMatrix, testing::ValuesIn(link_rows()),
                         [](const testing::TestParamInfo<LinkRow>& i) { return std::string(i.param.name); });

TEST(LabFolder, GivenAsASymlinkIsStillReadWhole) {
  TempDir tmp;
  const fs::path root(tmp.path());
  fs::copy(kCapture + "/work", root / "work", fs::copy_options::recursive);
  fs::create_symlink(root / "work", root / "lab");
  for (const auto& [rel, f] : read_student_files((root / "lab").string())) {
    EXPECT_EQ(f.state, State::kOk) << rel << ": " << f.reason;
  }
}

/// A copy of the solution's lab folder in `root`/work, with `root`/secret.txt (the marker) beside it.
void lab_with_secret(const fs::path& root) {
  fs::copy(kCapture + "/work", root / "work", fs::copy_options::recursive);
  std::ofstream(root / "secret.txt") << kMarker << "\n";
}

/// `gpuwhy snapshot` of `root`/work (no cluster: the files are still collected) into `root`/b.json:
/// the bundle's text, which must not hold the marker.
std::string snapshot_of(const fs::path& root) {
  const std::string bundle = (root / "b.json").string();
  const RunOutput snap =
      testing_tools::run_binary({GPUWHY_BINARY, "snapshot", "--dir", (root / "work").string(), "--kubeconfig",
                                 (root / "no-such-kubeconfig").string(), "-o", bundle},
                                root.string());
  EXPECT_EQ(snap.exit_code, 3) << snap.err;
  const std::string text = testing_tools::slurp(bundle);
  EXPECT_FALSE(text.empty()) << snap.err;
  EXPECT_EQ(text.find(kMarker), std::string::npos);
  return text;
}

TEST(HostSafetyBinary, OutsideLinkNeverReachesTheBundleOrTheTable) {
  TempDir tmp;
  const fs::path root(tmp.path());
  lab_with_secret(root);
  fs::remove(root / "work/out/gate-report.txt");
  fs::create_symlink(root / "secret.txt", root / "work/out/gate-report.txt");
  fs::remove(root / "work/k8s/trainer.yaml");
  fs::create_symlink(root / "secret.txt", root / "work/k8s/trainer.yaml");
  const std::string bundle = (root / "b.json").string();
  const std::string text = snapshot_of(root);
  EXPECT_NE(text.find("leads outside the lab folder"), std::string::npos);
  const RunOutput check = testing_tools::run_binary({GPUWHY_BINARY, "check", "--snapshot", bundle}, tmp.path());
  EXPECT_EQ(check.exit_code, 3) << check.err;  // the bundle has no live items
  EXPECT_EQ(check.out.find(kMarker), std::string::npos);
  EXPECT_NE(check.out.find("gate-report.txt"), std::string::npos);
}

TEST(HostSafetyBinary, HardLinkNeverReachesTheBundleAndFailsInEveryLanguage) {
  TempDir tmp;
  const fs::path root(tmp.path());
  lab_with_secret(root);
  fs::remove(root / "work/out/gate-report.txt");
  fs::create_hard_link(root / "secret.txt", root / "work/out/gate-report.txt");
  const std::string bundle = (root / "b.json").string();
  const std::string text = snapshot_of(root);
  EXPECT_NE(text.find("\"hard-link\""), std::string::npos);
  for (const auto& [lang, words] : std::vector<std::pair<std::string, std::string>>{
           {"en", "is a hard link"}, {"ko", "하드 링크"}, {"ja", "ハードリンク"}}) {
    SCOPED_TRACE(lang);
    for (const char* format : {"table", "json", "gradescope"}) {
      const RunOutput check = testing_tools::run_binary(
          {"/usr/bin/env", "GPUWHY_LANG=" + lang, GPUWHY_BINARY, "check", "--snapshot", bundle, "--format", format},
          tmp.path());
      EXPECT_EQ(check.exit_code, 3) << check.err;  // the bundle has no live items
      EXPECT_EQ(check.out.find(kMarker), std::string::npos) << format;
      EXPECT_NE(check.out.find("out/gate-report.txt"), std::string::npos) << format;
      EXPECT_NE(check.out.find(words), std::string::npos) << format << ": " << check.out.substr(0, 400);
    }
  }
}

TEST(HostSafetyBinary, NonUtf8LabFolderStillGivesABundle) {
  TempDir tmp;
  const std::string dir = tmp.path() + "/lab-\xff\xfe";
  fs::copy(kCapture + "/work", dir, fs::copy_options::recursive);
  const std::string bundle = tmp.path() + "/b.json";
  const RunOutput r = testing_tools::run_binary(
      {GPUWHY_BINARY, "snapshot", "--dir", dir, "--kubeconfig", tmp.path() + "/none", "-o", bundle}, tmp.path());
  EXPECT_EQ(r.exit_code, 3) << r.err;  // no cluster, but a bundle
  EXPECT_EQ(r.err.find("type_error"), std::string::npos) << r.err;
  const json b = json::parse(testing_tools::slurp(bundle), nullptr, false);
  ASSERT_TRUE(b.is_object()) << r.err;
  EXPECT_EQ(b["files"]["out/advertised.txt"]["state"], "ok");
}

TEST(HostSafetyBinary, KubeconfigFifoFailsAtOnce) {
  TempDir tmp;
  const std::string fifo = tmp.path() + "/kubeconfig";
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
  std::filesystem::create_directories(tmp.path() + "/out");
  const RunOutput r =
      testing_tools::run_binary({GPUWHY_BINARY, "check", "--kubeconfig", fifo, "--dir", tmp.path(), "--format", "json"},
                                tmp.path(), std::chrono::seconds(20));
  EXPECT_FALSE(r.timed_out) << "hung on a FIFO kubeconfig";
  EXPECT_EQ(r.exit_code, 3);
  EXPECT_NE(r.err.find("named pipe, not a regular file"), std::string::npos) << r.err;
  EXPECT_EQ(lines_in(r.err), 1U) << r.err;
}

// ---------------------------------------------------------------- 2. Output targets

struct OutRow {
  const char* name;
  /// Prepares the folder; returns the -o target, or "" to skip (reason in *skip).
  std::function<std::string(const fs::path& dir, std::string* skip)> setup;
  int want_exit;
  const char* want_err;  ///< stderr substring when it fails ("" = success)
  /// Checks after the run (target as given, the folder, the run).
  std::function<void(const std::string& target, const fs::path& dir, const RunOutput& r)> after;
};

void PrintTo(const OutRow& r, std::ostream* os) {
  *os << r.name;
}

// A report of one bundle, or a batch's (every row with its report).
bool is_json_report(const std::string& text) {
  const json j = json::parse(text, nullptr, false);
  if (j.is_object() && j.contains("submissions")) {
    return j["submissions"].is_array() && !j["submissions"].empty() &&
           std::all_of(j["submissions"].begin(), j["submissions"].end(),
                       [](const json& r) { return r.contains("report"); });
  }
  return j.is_object() && j.contains("checks");
}

/// Files in `dir` whose names look like a temp file of `base` (".base.XXXXXX").
std::vector<std::string> temp_leftovers(const fs::path& dir, const std::string& base) {
  std::vector<std::string> out;
  for (const auto& e : fs::directory_iterator(dir)) {
    const std::string n = e.path().filename().string();
    if (n.rfind("." + base + ".", 0) == 0 && n.find(".tmp.") == std::string::npos) out.push_back(n);
  }
  return out;
}

std::vector<OutRow> out_rows() {
  return {
      {"NewFile", [](const fs::path& d, std::string*) { return (d / "r.json").string(); }, 0, "",
       [](const std::string& t, const fs::path& d, const RunOutput&) {
         EXPECT_TRUE(is_json_report(testing_tools::slurp(t)));
         EXPECT_TRUE(temp_leftovers(d, "r.json").empty());
       }},
      {"ExistingRegular",
       [](const fs::path& d, std::string*) {
         std::ofstream(d / "r.json") << "old";
         return (d / "r.json").string();
       },
       0, "",
       [](const std::string& t, const fs::path&, const RunOutput&) {
         EXPECT_TRUE(is_json_report(testing_tools::slurp(t)));
       }},
      {"MissingFolder", [](const fs::path& d, std::string*) { return (d / "nope/r.json").string(); }, 3,
       "nope/r.json: cannot create a temporary file in",
       [](const std::string&, const fs::path& d, const RunOutput& r) {
         EXPECT_NE(r.err.find("No such file or directory"), std::string::npos) << r.err;
         EXPECT_FALSE(fs::exists(d / "nope"));
       }},
      {"AFolder",
       [](const fs::path& d, std::string*) {
         fs::create_directory(d / "sub");
         return (d / "sub").string();
       },
       3, "is a folder",
       [](const std::string&, const fs::path& d, const RunOutput&) { EXPECT_TRUE(fs::is_directory(d / "sub")); }},
      // A FIFO, socket or device is no report file: refused before any work, looked at with stat
      // and never opened (opening a FIFO with no reader waits for ever), and left as it is.
      {"DevFull", [](const fs::path&, std::string*) { return std::string("/dev/full"); }, 2,
       "--output /dev/full is a device: a report goes to a regular file or to standard output",
       [](const std::string&, const fs::path&, const RunOutput&) {
         struct stat st {};
         ASSERT_EQ(::stat("/dev/full", &st), 0);
         EXPECT_TRUE(S_ISCHR(st.st_mode));
       }},
      {"DevNull", [](const fs::path&, std::string*) { return std::string("/dev/null"); }, 2,
       "--output /dev/null is a device", [](const std::string&, const fs::path&, const RunOutput&) {}},
      {"DeviceReplica",
       [](const fs::path& d, std::string* skip) {
         std::string p = (d / "null").string();
         if (::geteuid() != 0 || ::mknod(p.c_str(), S_IFCHR | 0666, makedev(1, 3)) != 0) {
           *skip = "mknod needs root";
           return std::string();
         }
         return p;
       },
       2, "is a device",
       [](const std::string& t, const fs::path& d, const RunOutput&) {
         struct stat st {};
         ASSERT_EQ(::lstat(t.c_str(), &st), 0);
         EXPECT_TRUE(S_ISCHR(st.st_mode)) << "the device was replaced";
         EXPECT_TRUE(temp_leftovers(d, "null").empty());
       }},
      {"Fifo",
       [](const fs::path& d, std::string* skip) {
         std::string p = (d / "pipe").string();
         if (::mkfifo(p.c_str(), 0600) != 0) *skip = "mkfifo failed";
         return p;
       },
       2, "/pipe is a named pipe: a report goes to a regular file or to standard output (-o -)",
       [](const std::string& t, const fs::path&, const RunOutput&) {
         struct stat st {};
         ASSERT_EQ(::lstat(t.c_str(), &st), 0);
         EXPECT_TRUE(S_ISFIFO(st.st_mode)) << "the FIFO was replaced";
       }},
      {"LinkToFifo",
       [](const fs::path& d, std::string* skip) {
         if (::mkfifo((d / "pipe").c_str(), 0600) != 0) *skip = "mkfifo failed";
         fs::create_symlink("pipe", d / "r.json");
         return (d / "r.json").string();
       },
       2, "/r.json is a named pipe",
       [](const std::string& t, const fs::path&, const RunOutput&) { EXPECT_TRUE(fs::is_symlink(t)); }},
      {"Socket",
       [](const fs::path& d, std::string* skip) {
         std::string p = (d / "sock").string();
         const int fd = ::socket(AF_UNIX, SOCK_STREAM, 0);
         sockaddr_un addr{};
         addr.sun_family = AF_UNIX;
         if (fd < 0 || p.size() >= sizeof addr.sun_path) {
           *skip = "no socket";
           return std::string();
         }
         std::copy(p.begin(), p.end(), addr.sun_path);
         if (::bind(fd, reinterpret_cast<sockaddr*>(&addr), sizeof addr) != 0) *skip = "bind failed";
         ::close(fd);
         return p;
       },
       2, "/sock is a socket",
       [](const std::string& t, const fs::path&, const RunOutput&) {
         struct stat st {};
         ASSERT_EQ(::lstat(t.c_str(), &st), 0);
         EXPECT_TRUE(S_ISSOCK(st.st_mode)) << "the socket was replaced";
       }},
      {"SymlinkToRegular",
       [](const fs::path& d, std::string*) {
         std::ofstream(d / "real.json") << "old";
         fs::create_symlink("real.json", d / "link.json");
         return (d / "link.json").string();
       },
       0, "",
       [](const std::string& t, const fs::path& d, const RunOutput&) {
         EXPECT_TRUE(fs::is_symlink(t)) << "the link was replaced";
         EXPECT_TRUE(is_json_report(testing_tools::slurp((d / "real.json").string())));
       }},
      {"PlantedTempLinks",
       [](const fs::path& d, std::string*) {
         std::ofstream(d / "victim") << "precious";
         // The old name was .NAME.tmp.PID: links for every likely PID, and names in mkstemp's form.
         const int self = static_cast<int>(::getpid());
         for (int pid = self; pid < self + 400; ++pid) {
           fs::create_symlink(d / "victim", d / fmt::format(".r.json.tmp.{}", pid));
         }
         for (const char* n : {".r.json.AAAAAA", ".r.json.XXXXXX", ".r.json.000000"}) {
           fs::create_symlink(d / "victim", d / n);
         }
         return (d / "r.json").string();
       },
       0, "",
       [](const std::string& t, const fs::path& d, const RunOutput&) {
         EXPECT_EQ(testing_tools::slurp((d / "victim").string()), "precious");
         EXPECT_TRUE(is_json_report(testing_tools::slurp(t)));
         EXPECT_TRUE(fs::is_symlink(d / ".r.json.AAAAAA"));
       }},
      {"DevStdout", [](const fs::path&, std::string*) { return std::string("/dev/stdout"); }, 0, "",
       [](const std::string&, const fs::path&, const RunOutput& r) {
         // The report first, then the table (the report is written through fd 1, not over it).
         EXPECT_EQ(r.out.rfind('{', 0), 0U) << r.out;
         const bool batch = r.out.find("\"submissions\"") != std::string::npos;
         EXPECT_NE(r.out.find("\"checks\""), std::string::npos);
         EXPECT_LT(r.out.rfind("\"checks\""), r.out.find(batch ? "submission(s):" : "[PASS] step1.namespace"));
       }},
  };
}

// Runs `gpuwhy check` on one bundle, or (batch) on a folder of three, with `-o` the row's target.
void expect_written_safely(const OutRow& row, bool batch) {
  TempDir tmp;
  const fs::path dir = fs::path(tmp.path()) / "d";
  fs::create_directory(dir);
  std::string source = kCapture + "/bundle.json";
  if (batch) {
    const fs::path bundles = fs::path(tmp.path()) / "bundles";
    fs::create_directory(bundles);
    for (const char* n : {"a.json", "b.json", "c.json"}) fs::copy_file(source, bundles / n);
    source = bundles.string();
  }
  std::string skip;
  const std::string target = row.setup(dir, &skip);
  if (!skip.empty()) GTEST_SKIP() << skip;
  const RunOutput r =
      testing_tools::run_binary({GPUWHY_BINARY, "check", "--snapshot", source, "--format", "json", "-o", target},
                                tmp.path(), std::chrono::seconds(30));
  EXPECT_FALSE(r.timed_out) << "hung on the -o target";
  EXPECT_EQ(r.exit_code, row.want_exit) << r.err;
  if (std::string(row.want_err).empty()) {
    EXPECT_TRUE(r.err.empty()) << r.err;
  } else {
    EXPECT_NE(r.err.find(row.want_err), std::string::npos) << r.err;
    EXPECT_EQ(lines_in(r.err), 1U) << r.err;
  }
  if (batch && row.want_exit != 2) {
    EXPECT_NE(r.out.find("3 submission(s)"), std::string::npos) << "the table is still shown";
  }
  row.after(target, dir, r);
}

class OutputTargets : public testing::TestWithParam<OutRow> {};

TEST_P(OutputTargets, WrittenSafelyOrOneLineError) {
  expect_written_safely(GetParam(), false);
}

INSTANTIATE_TEST_SUITE_P(Table, OutputTargets, testing::ValuesIn(out_rows()),
                         [](const testing::TestParamInfo<OutRow>& i) { return std::string(i.param.name); });

// The same targets for a batch, whose report is written a row at a time as it is graded
// (files::AtomicWriter): the same rules, the same one-line errors.
class BatchOutputTargets : public testing::TestWithParam<OutRow> {};

TEST_P(BatchOutputTargets, WrittenSafelyOrOneLineError) {
  expect_written_safely(GetParam(), true);
}

INSTANTIATE_TEST_SUITE_P(Table, BatchOutputTargets, testing::ValuesIn(out_rows()),
                         [](const testing::TestParamInfo<OutRow>& i) { return std::string(i.param.name); });

// A batch report that stops growing halfway (here the file size limit, as a full disk would):
// one line naming the file, exit 3, the file that was there before untouched and no temp file
// left, and the table still shown.
TEST(BatchOutput, WriteThatFailsHalfwayLeavesTheOldReport) {
  TempDir tmp;
  const fs::path dir = fs::path(tmp.path()) / "d";
  fs::create_directory(dir);
  const fs::path bundles = fs::path(tmp.path()) / "bundles";
  fs::create_directory(bundles);
  for (int i = 0; i < 12; ++i) fs::copy_file(kCapture + "/bundle.json", bundles / fmt::format("s{}.json", i));
  std::ofstream(dir / "r.json") << "old";
  const std::string target = (dir / "r.json").string();
  // 200 blocks of 512 bytes: a few rows in (each row's report is about 27 KB).
  const RunOutput r =
      testing_tools::run_binary({"/bin/sh", "-c", "ulimit -f 200 && trap '' XFSZ && exec \"$0\" \"$@\"", GPUWHY_BINARY,
                                 "check", "--snapshot", bundles.string(), "--format", "json", "-o", target},
                                tmp.path(), std::chrono::seconds(60));
  EXPECT_EQ(r.exit_code, 3) << r.err;
  EXPECT_NE(r.err.find(target + ": writing the report failed: File too large"), std::string::npos) << r.err;
  EXPECT_EQ(lines_in(r.err), 1U) << r.err;
  EXPECT_EQ(testing_tools::slurp(target), "old");
  EXPECT_TRUE(temp_leftovers(dir, "r.json").empty());
  EXPECT_NE(r.out.find("12 submission(s)"), std::string::npos) << r.out;
}

// ---------------------------------------------------------------- 3. Depth and size

std::string deep_json(std::size_t n) {
  return std::string(n, '[') + std::string(n, ']');
}

struct Depth {
  const char* name;
  std::size_t levels;
  bool accepted;
};

const std::vector<Depth> kDepths{{"D10", 10, true}, {"D1k", 1000, false}, {"D100k", 100000, false}};

class DepthLimit : public testing::TestWithParam<Depth> {};

TEST_P(DepthLimit, BoundedJson) {
  const Depth& d = GetParam();
  if (d.accepted) {
    EXPECT_FALSE(jsonb::parse(deep_json(d.levels)).is_discarded());
    return;
  }
  try {
    (void)jsonb::parse(deep_json(d.levels));
    ADD_FAILURE() << "parsed " << d.levels << " levels";
  } catch (const Error& e) {
    EXPECT_EQ(e.kind(), ErrorKind::kParse);
    EXPECT_STREQ(e.what(), "JSON nested deeper than 256 levels");
  }
}

TEST_P(DepthLimit, Yaml) {
  const Depth& d = GetParam();
  // Flow style and block style: both are nested structures for the parser.
  std::string block;  // nested mappings by indentation (capped so the text stays under the 1 MiB bound)
  for (std::size_t i = 0; i < std::min<std::size_t>(d.levels, 1200); ++i) block += std::string(i, ' ') + "a:\n";
  for (const std::string& text : {"a: " + deep_json(d.levels) + "\n", block}) {
    if (d.accepted) {
      EXPECT_NO_THROW((void)yaml::load_all(text, "x.yaml"));
      continue;
    }
    try {
      (void)yaml::load_all(text, "x.yaml");
      ADD_FAILURE() << "loaded " << d.levels << " levels";
    } catch (const Error& e) {
      const std::string w = e.what();
      EXPECT_TRUE(w.find("deeper than") != std::string::npos || w.find("larger than") != std::string::npos) << w;
      EXPECT_EQ(w.find('\n'), std::string::npos) << w;
    }
  }
}

/// The solution bundle with `value` (raw JSON text) in place of the nodes list.
std::string bundle_with_nodes(const std::string& value) {
  std::ifstream in(kCapture + "/bundle.json", std::ios::binary);
  json b = json::parse(in);
  b["cluster"]["nodes"] = json{{"value", "@@NODES@@"}};
  std::string text = b.dump();
  const auto at = text.find("\"@@NODES@@\"");
  return text.replace(at, std::string("\"@@NODES@@\"").size(), value);
}

TEST_P(DepthLimit, BundleOnTheBinary) {
  const Depth& d = GetParam();
  TempDir tmp;
  const std::string path = tmp.path() + "/deep.json";
  std::ofstream(path) << bundle_with_nodes(deep_json(d.levels));
  const RunOutput r =
      testing_tools::run_binary({GPUWHY_BINARY, "check", "--snapshot", path, "--format", "json"}, tmp.path());
  ASSERT_NE(r.exit_code, -1) << "killed by a signal";
  EXPECT_TRUE(is_json_report(r.out)) << r.out.substr(0, 200);
  if (d.accepted) {
    EXPECT_EQ(r.err.find("nested deeper"), std::string::npos) << r.err;
  } else {
    EXPECT_EQ(r.exit_code, 3);
    EXPECT_NE(r.err.find("JSON nested deeper than 256 levels"), std::string::npos) << r.err;
    EXPECT_EQ(lines_in(r.err), 1U) << r.err;
  }
}

TEST_P(DepthLimit, DeepBundleInABatchIsAnErrorRow) {
  const Depth& d = GetParam();
  TempDir tmp;
  const fs::path dir = fs::path(tmp.path()) / "subs";
  fs::create_directory(dir);
  fs::copy_file(kCapture + "/bundle.json", dir / "alice.json");
  std::ofstream(dir / "mallory.json") << bundle_with_nodes(deep_json(d.levels));
  fs::copy_file(kCapture + "/bundle.json", dir / "zoe.json");
  const RunOutput r =
      testing_tools::run_binary({GPUWHY_BINARY, "check", "--snapshot", dir.string(), "--format", "json"}, tmp.path());
  ASSERT_NE(r.exit_code, -1) << "killed by a signal";
  const json j = json::parse(r.out, nullptr, false);
  ASSERT_FALSE(j.is_discarded()) << r.out.substr(0, 300);
  EXPECT_NE(r.out.find("alice"), std::string::npos);
  EXPECT_NE(r.out.find("zoe"), std::string::npos);
  if (!d.accepted) {
    EXPECT_EQ(r.exit_code, 3);
    EXPECT_NE(r.out.find("nested deeper than 256"), std::string::npos) << r.out.substr(0, 2000);
  }
}

INSTANTIATE_TEST_SUITE_P(Table, DepthLimit, testing::ValuesIn(kDepths),
                         [](const testing::TestParamInfo<Depth>& i) { return std::string(i.param.name); });

TEST(SizeLimit, TooManyValuesAreRefusedNotBuilt) {
  std::string many = "[";
  for (std::size_t i = 0; i < jsonb::kMaxValues + 100; ++i) many += "1,";
  many += "1]";
  try {
    (void)jsonb::parse(many);
    ADD_FAILURE() << "parsed";
  } catch (const Error& e) {
    EXPECT_STREQ(e.what(), kTooMany.c_str());
  }
  EXPECT_EQ(jsonb::parse("[1,2,3]").size(), 3U);
  EXPECT_TRUE(jsonb::parse("[1,2").is_discarded());
  EXPECT_EQ(jsonb::syntax_error("[1,2]"), "");
  // Where, and what, never the text: a bundle that is some other file must not be quoted.
  EXPECT_EQ(jsonb::syntax_error("[1,2"),
            "line 1, column 5: syntax error while parsing array - unexpected end of input; "
            "expected ']'");
  EXPECT_EQ(jsonb::syntax_error("{\"a\": 1,\n  \"b\": root:x:0:0\n}"),
            "line 2, column 8: syntax error while parsing value - invalid literal");
  const std::string secret = "root:x:0:0:root:/root:/bin/bash";
  EXPECT_EQ(jsonb::syntax_error(secret).find("root"), std::string::npos) << jsonb::syntax_error(secret);
}

/// Peak RSS of `gpuwhy check` on a ~60 MB bundle: of 20 million empty objects (refused by the
/// value budget), and of real-looking data (events with long messages, graded).
TEST(Memory, SixtyMegabyteBundles) {
  TempDir tmp;
  const std::string objects = tmp.path() + "/objects.json";
  {
    std::string v = "[";
    v.reserve(60'000'010);
    for (int i = 0; i < 20'000'000 - 1; ++i) v += "{},";
    v += "{}]";
    std::ofstream(objects) << bundle_with_nodes(v);
  }
  const RunOutput a =
      testing_tools::run_binary({GPUWHY_BINARY, "check", "--snapshot", objects, "--format", "json"}, tmp.path());
  std::printf("[ memory ] 60 MB bundle of {}: exit %d, peak RSS %ld MB, %lld ms\n", a.exit_code, a.max_rss_kb / 1024,
              static_cast<long long>(a.elapsed.count()));
  EXPECT_EQ(a.exit_code, 3);
  EXPECT_NE(a.err.find(kTooMany.c_str()), std::string::npos) << a.err;
  EXPECT_LT(a.max_rss_kb, kRssCapKb);

  const std::string events = tmp.path() + "/events.json";
  {
    std::ifstream in(kCapture + "/bundle.json", std::ios::binary);
    json b = json::parse(in);
    json& items = b["cluster"]["events"]["value"]["items"];
    ASSERT_TRUE(items.is_array() && !items.empty());
    const json one = items[0];
    const std::string msg(10'000, 'm');
    while (items.size() < 6000) {
      json e = one;
      e["message"] = msg;
      items.push_back(std::move(e));
    }
    std::ofstream(events) << b.dump();
  }
  ASSERT_GT(fs::file_size(events), 55'000'000U);
  const RunOutput b =
      testing_tools::run_binary({GPUWHY_BINARY, "check", "--snapshot", events, "--format", "json"}, tmp.path());
  std::printf("[ memory ] 60 MB bundle of events: exit %d, peak RSS %ld MB, %lld ms\n", b.exit_code,
              b.max_rss_kb / 1024, static_cast<long long>(b.elapsed.count()));
  EXPECT_TRUE(is_json_report(b.out)) << b.err;
  EXPECT_LT(b.max_rss_kb, kRssCapKb);
}

// Apiserver answers: deep and gzip-bomb answers from the fault server, on the real binary.
class HostileAnswers : public testing_tools::WithFaultServer<HostileAnswers> {
 protected:
  friend class testing_tools::WithFaultServer<HostileAnswers>;
  static std::vector<std::string> server_args() { return {"--bundle", kCapture + "/bundle.json"}; }

  static RunOutput check(const std::string& mode, const std::string& dir, const std::string& format = "json") {
    const std::string kc = dir + "/kubeconfig";
    std::ofstream(kc) << fmt::format(
        "apiVersion: v1\nkind: Config\nclusters:\n- name: lab\n  cluster:\n    server: "
        "http://127.0.0.1:{}/fault/{}/nodes\n"
        "users:\n- name: s\n  user: {{token: t}}\ncontexts:\n- name: lab\n  context: {{cluster: lab, user: s}}\n"
        "current-context: lab\n",
        server_->port("http"), mode);
    fs::copy(kCapture + "/work", dir + "/work", fs::copy_options::recursive);
    return testing_tools::run_binary({GPUWHY_BINARY, "check", "--kubeconfig", kc, "--dir", dir + "/work",
                                      "--request-timeout", "20s", "--format", format},
                                     dir, std::chrono::seconds(90));
  }
};

TEST_F(HostileAnswers, DeepAnswersAreOneLineErrors) {
  for (const auto& d : kDepths) {
    SCOPED_TRACE(d.name);
    TempDir tmp;
    const std::string mode = d.levels == 10 ? "deep-10" : d.levels == 1000 ? "deep-1k" : "deep-100k";
    const RunOutput r = check(mode, tmp.path());
    ASSERT_NE(r.exit_code, -1) << "killed by a signal";
    EXPECT_EQ(r.exit_code, 3) << r.err;
    EXPECT_TRUE(is_json_report(r.out));
    EXPECT_EQ(lines_in(r.err), 1U) << r.err;
    if (d.accepted) {
      EXPECT_NE(r.err.find("not an apiserver answer"), std::string::npos) << r.err;
    } else {
      EXPECT_NE(r.err.find("/api/v1/nodes?limit=500: the answer is refused: JSON nested deeper than 256 levels"),
                std::string::npos)
          << r.err;
    }
  }
}

TEST_F(HostileAnswers, GzipBombIsRefusedWithBoundedMemory) {
  TempDir tmp;
  const RunOutput r = check("gzip-bomb", tmp.path());
  std::printf("[ memory ] gzip bomb (58 KB -> 60 MB): exit %d, peak RSS %ld MB, %lld ms\n", r.exit_code,
              r.max_rss_kb / 1024, static_cast<long long>(r.elapsed.count()));
  EXPECT_EQ(r.exit_code, 3) << r.err;
  EXPECT_NE(r.err.find(kTooMany.c_str()), std::string::npos) << r.err;
  EXPECT_LT(r.max_rss_kb, kRssCapKb);
}

TEST_F(HostileAnswers, EscapeSequencesNeverReachTheTerminal) {
  TempDir tmp;
  const RunOutput r = check("esc", tmp.path(), "table");
  ASSERT_NE(r.exit_code, -1);
  EXPECT_EQ(r.out.find('\x1b'), std::string::npos) << r.out;
  EXPECT_EQ(r.err.find('\x1b'), std::string::npos) << r.err;
  EXPECT_EQ(r.out.find(fmt::format("\n{} passed", gpuwhy_test::check_count())), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find("\nstep2.allocatable  PASS"), std::string::npos) << r.out;
}

// ---------------------------------------------------------------- 4. Terminal sanitiser

TEST(SanitizeTerminal, EveryByteValue) {
  for (int b = 0; b < 256; ++b) {
    SCOPED_TRACE(b);
    const std::string in = std::string("a") + static_cast<char>(b) + "z";
    const std::string out = text::sanitize_terminal(in);
    for (const char c : out) {
      const auto u = static_cast<unsigned char>(c);
      EXPECT_FALSE(u < 0x20 || u == 0x7F) << "control byte " << static_cast<int>(u) << " left in " << out;
    }
    EXPECT_TRUE(text::valid_utf8(out)) << out;
    if (b >= 0x20 && b < 0x7F) {
      EXPECT_EQ(out, in);
    } else if (b == '\n' || b == '\r' || b == '\t') {
      EXPECT_EQ(out, std::string("a\\") + (b == '\n' ? 'n' : b == '\r' ? 'r' : 't') + "z");
    } else {
      EXPECT_EQ(out, fmt::format("a\\x{:02x}z", b));
    }
  }
  // C1 controls in UTF-8 (U+009B is a one-byte CSI), bidi overrides, line separators.
  for (int cp = 0x80; cp <= 0x9F; ++cp) {
    const std::string in{static_cast<char>(0xC2), static_cast<char>(cp)};
    EXPECT_EQ(text::sanitize_terminal(in), fmt::format("\\u{:04x}", cp));
  }
  EXPECT_EQ(text::sanitize_terminal("\xE2\x80\xAE"), "\\u202e");
  EXPECT_EQ(text::sanitize_terminal("\xE2\x80\xA8"), "\\u2028");
  EXPECT_EQ(text::sanitize_terminal("\x1b]0;title\x07"), "\\x1b]0;title\\x07");
  EXPECT_EQ(text::sanitize_terminal("노드 ✔ ok"), "노드 ✔ ok");
}

TEST(SanitizeTerminal, TableShowsEscapesAndMachineFormatsKeepTheValue) {
  const std::string evil =
      "\x1b[2J\x1b]0;owned\x07line1\nstep1.namespace  [PASS]\n35 passed\xC2\x9B"
      "31m";
  RunResult r;
  CheckResult c;
  c.id = "step2.allocatable";
  c.step = 2;
  c.points = 3;
  c.outcome.status = Status::kFail;
  c.outcome.expected = raw(evil);
  c.outcome.actual = raw(evil);
  c.outcome.hint = raw(evil);
  c.outcome.evidence = {raw(evil)};
  r.checks.push_back(c);
  r.meta.warnings = {raw(evil)};
  render::Options o;
  const std::string table = render::table(r, o);
  EXPECT_EQ(table.find('\x1b'), std::string::npos) << table;
  EXPECT_EQ(table.find('\x07'), std::string::npos) << table;
  EXPECT_EQ(table.find("\xC2\x9B"), std::string::npos) << table;
  EXPECT_NE(table.find("\\x1b[2J"), std::string::npos) << table;
  for (const auto& line : text::lines(table)) {
    EXPECT_NE(text::trim(line).rfind("step1.namespace", 0), 0U) << "a fake table line: " << line;
    EXPECT_NE(text::trim(line).rfind(fmt::format("{} passed", gpuwhy_test::check_count()), 0), 0U)
        << "a fake summary line: " << line;
  }
  const json j = json::parse(render::json(r, o));
  EXPECT_EQ(j["checks"][0]["actual"], evil) << "JSON keeps the value, escaped its own way";
}

/// Runs argv on a pseudo-terminal (stdout and stderr are the terminal); returns what it printed.
std::string run_on_a_terminal(const std::vector<std::string>& argv) {
  int master = -1;
  const pid_t pid = ::forkpty(&master, nullptr, nullptr, nullptr);
  if (pid < 0) return "forkpty failed";
  if (pid == 0) {
    std::vector<char*> args;
    for (const auto& a : argv) args.push_back(const_cast<char*>(a.c_str()));  // NOLINT
    args.push_back(nullptr);
    ::execv(args[0], args.data());
    ::_exit(127);
  }
  std::string out;
  char buf[4096];
  for (;;) {
    const ssize_t n = ::read(master, buf, sizeof buf);
    if (n <= 0) break;  // EIO once the child has gone
    out.append(buf, static_cast<std::size_t>(n));
  }
  int status = 0;
  ::waitpid(pid, &status, 0);
  ::close(master);
  return out;
}

TEST(SanitizeTerminal, MachineFormatsOnATerminalAreSanitised) {
  TempDir tmp;
  const fs::path dir = fs::path(tmp.path()) / "subs";
  fs::create_directory(dir);
  fs::copy_file(kCapture + "/bundle.json", dir / "alice.json");
  fs::copy_file(kCapture + "/bundle.json", dir / "\x1b]0;owned\x07\x1b[2J.json");
  std::ofstream(dir / "\x1b[31mbroken.json") << "{";
  const std::string out =
      run_on_a_terminal({GPUWHY_BINARY, "check", "--snapshot", dir.string(), "--format", "csv", "--color", "never"});
  EXPECT_NE(out.find("alice"), std::string::npos) << out;
  EXPECT_EQ(out.find('\x1b'), std::string::npos) << out;
  EXPECT_EQ(out.find('\x07'), std::string::npos) << out;
  EXPECT_NE(out.find("\\x1b[2J"), std::string::npos) << out;
  // Redirected, the same CSV keeps the exact bytes (the file name is data).
  const RunOutput r =
      testing_tools::run_binary({GPUWHY_BINARY, "check", "--snapshot", dir.string(), "--format", "csv"}, tmp.path());
  EXPECT_NE(r.out.find("\x1b[2J"), std::string::npos);
}

TEST(SanitizeTerminal, StderrLinesAreSanitised) {
  TempDir tmp;
  const std::string evil = tmp.path() + "/a\x1b[2J\nb.json";
  const RunOutput r = testing_tools::run_binary({GPUWHY_BINARY, "check", "--snapshot", evil}, tmp.path());
  EXPECT_EQ(r.exit_code, 2);  // the path names nothing: an input (usage) error
  EXPECT_EQ(r.err.find('\x1b'), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("a\\x1b[2J\\nb.json"), std::string::npos) << r.err;
  EXPECT_EQ(lines_in(r.err), 1U) << r.err;
}

}  // namespace
}  // namespace gpuwhy
