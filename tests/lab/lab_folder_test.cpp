// Which folder is the lab, through the real binary: a --dir that does not exist, is not a folder or
// holds neither k8s/ nor out/ is one line and exit 2 (never a wall of failures for a lab that is not
// there), and run inside a lab's out/ or k8s/ the line names the lab folder above.
#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "../tools/run_binary.h"

namespace gpuwhy {
namespace {

namespace fs = std::filesystem;

struct Ran {
  int code = -1;
  std::string out;
  std::string err;
};

class LabDir : public testing::Test {
 protected:
  void SetUp() override {
    root_ = fs::temp_directory_path() / ("gpuwhy-labdir-" + std::to_string(::getpid()) + "-" +
                                         testing::UnitTest::GetInstance()->current_test_info()->name());
    fs::create_directories(root_ / "lab" / "out");
    fs::create_directories(root_ / "lab" / "k8s");
    fs::create_directories(root_ / "empty");
    std::ofstream(root_ / "file.txt") << "x\n";
  }
  void TearDown() override { fs::remove_all(root_); }

  // gpuwhy ARGS run in the folder `cwd`, no kubeconfig, no terminal (testing_tools::run_binary).
  [[nodiscard]] Ran run(const fs::path& cwd, const std::string& args, const std::string& lang = "en") const {
    std::vector<std::string> argv{"/usr/bin/env", "-C",     cwd.string(),          "-u",
                                  "KUBECONFIG",   "LANG=C", "GPUWHY_LANG=" + lang, "HOME=" + root_.string(),
                                  GPUWHY_BINARY};
    std::istringstream words(args);
    for (std::string w; words >> w;) argv.push_back(w);
    const auto r = testing_tools::run_binary(argv, root_.string());
    return {r.exit_code, r.out, r.err};
  }

  // One line on stderr, nothing on stdout, exit 2.
  static void expect_one_line_usage(const Ran& r, const std::string& want) {
    EXPECT_EQ(r.code, 2) << r.err << r.out;
    EXPECT_TRUE(r.out.empty()) << r.out;
    EXPECT_EQ(std::count(r.err.begin(), r.err.end(), '\n'), 1) << r.err;
    EXPECT_NE(r.err.find(want), std::string::npos) << r.err;
  }

  fs::path root_;
};

TEST_F(LabDir, AMistypedDirIsOneLine) {
  const std::string missing = (root_ / "lba").string();
  const Ran r = run(root_, "check --dir " + missing);
  expect_one_line_usage(r, "--dir " + missing + ": no such folder");
  expect_one_line_usage(run(root_, "snapshot --dir " + missing + " -o b.json"), "no such folder");
  EXPECT_FALSE(fs::exists(root_ / "b.json"));
}

TEST_F(LabDir, AFolderWithoutK8sOrOutIsNotALab) {
  expect_one_line_usage(run(root_, "check --dir empty"), "--dir empty: not a lab folder");
  expect_one_line_usage(run(root_, "check --dir file.txt"), "--dir file.txt: not a folder");
}

TEST_F(LabDir, InsideOutOrK8sTheLineNamesTheLabAbove) {
  const std::string lab = fs::canonical(root_ / "lab").string();
  for (const char* sub : {"out", "k8s"}) {
    SCOPED_TRACE(sub);
    expect_one_line_usage(run(root_ / "lab" / sub, "check"), "inside the lab folder " + lab);
    expect_one_line_usage(run(root_ / "lab" / sub, "check --format json"), "--dir " + lab);
    expect_one_line_usage(run(root_, std::string("check --dir lab/") + sub), "inside the lab folder " + lab);
  }
}

TEST_F(LabDir, NoLabHereAndNoneAtTheDefaultIsOneLine) {
  std::error_code ec;
  if (fs::is_directory("/root/gpuwhy/out", ec) || fs::is_directory("/root/gpuwhy/k8s", ec))
    GTEST_SKIP() << "this machine has a lab at the default folder";
  expect_one_line_usage(run(root_ / "empty", "check"), "no lab folder");
}

TEST_F(LabDir, TheLineIsInTheReadersLanguage) {
  const Ran ko = run(root_, "check --dir empty", "ko");
  expect_one_line_usage(ko, "실습 폴더가 아닙니다");
  const Ran ko_inside = run(root_ / "lab" / "out", "check", "ko");
  expect_one_line_usage(ko_inside, "실습 폴더");
  EXPECT_EQ(ko_inside.err.find("(는)"), std::string::npos) << "the catalog's particle rule, not 은(는)";
  const Ran ja = run(root_, "check --dir nowhere", "ja");
  expect_one_line_usage(ja, "そのフォルダーはありません");
  for (const Ran* r : {&ko, &ko_inside, &ja}) {
    EXPECT_EQ(r->err.find("folder"), std::string::npos) << r->err;
  }
}

TEST_F(LabDir, ALabFolderIsGraded) {
  // Nothing to connect to: the files are graded, the run is incomplete (3), never a usage error.
  for (const fs::path& cwd : {root_ / "lab", root_}) {
    const Ran r = run(cwd, cwd == root_ ? "check --dir lab --format json" : "check --format json");
    EXPECT_NE(r.code, 2) << r.err;
    EXPECT_NE(r.out.find("\"checks\""), std::string::npos) << r.out;
  }
}

}  // namespace
}  // namespace gpuwhy
