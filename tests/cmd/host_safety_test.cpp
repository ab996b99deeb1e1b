// Safe to run as root on a grading host, class by class, mostly on the REAL binary:
// - student symlinks: a matrix of links inside and outside the lab folder, dangling, looping and
//   to FIFOs; nothing outside the folder is ever read (the bundle never holds the target's bytes);
// - kubeconfig that is a FIFO: a clear error, no hang;
// - output targets: regular, missing folder, a folder, /dev/full, a device replica (mknod, as root),
//   a FIFO, a symlink, /dev/stdout and planted temp-file links.
// Hostile sizes and bytes are in hostile_input_test.cpp.

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

namespace gpuwhy {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;
using testing_tools::is_json_report;
using testing_tools::RunOutput;
using testing_tools::TempDir;
using State = StudentFile::State;

const std::string kCapture = std::string(GPUWHY_SOURCE_DIR) + "/fixtures/captures/v1.34.0/solution";
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

// NOLINTNEXTLINE(readability-function-size): the table of links is data, a row each.
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
  std::string text = testing_tools::slurp(bundle);
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

/// Files in `dir` whose names look like a temp file of `base` (".base.XXXXXX").
std::vector<std::string> temp_leftovers(const fs::path& dir, const std::string& base) {
  std::vector<std::string> out;
  for (const auto& e : fs::directory_iterator(dir)) {
    const std::string n = e.path().filename().string();
    if (n.rfind("." + base + ".", 0) == 0 && n.find(".tmp.") == std::string::npos) out.push_back(n);
  }
  return out;
}

// NOLINTNEXTLINE(readability-function-size): the table of targets is data, a row each.
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

}  // namespace
}  // namespace gpuwhy
