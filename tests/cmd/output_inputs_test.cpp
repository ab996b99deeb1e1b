// `-o` never overwrites what the run reads: the bundle being graded (or any bundle of a batch),
// the files the kubeconfig resolution reads, and the student files of the lab folder. Refused
// before any work (exit 2, one line, the input unchanged), compared by device and inode, so a
// relative spelling, a symbolic link or a hard link to the input is refused too. `-o ''` is a
// usage error, not standard output.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "../tools/run_binary.h"

namespace gpuwhy {
namespace {

namespace fs = std::filesystem;
using testing_tools::RunOutput;
using testing_tools::TempDir;

const std::string kCapture = std::string(GPUWHY_SOURCE_DIR) + "/fixtures/captures/v1.34.0/solution";

std::size_t lines_in(const std::string& s) {
  return static_cast<std::size_t>(std::count(s.begin(), s.end(), '\n'));
}

class OutputOverInput : public testing::Test {
 protected:
  void SetUp() override {
    root_ = fs::path(tmp_.path());
    fs::copy(kCapture + "/work", root_ / "work", fs::copy_options::recursive);
    fs::copy_file(kCapture + "/bundle.json", root_ / "b.json");
    fs::create_directories(root_ / "class");
    fs::copy_file(kCapture + "/bundle.json", root_ / "class/s1.json");
    fs::copy_file(kCapture + "/bundle.json", root_ / "class/s2.json");
    std::ofstream(root_ / "ca.crt") << "-----BEGIN CERTIFICATE-----\nnot really\n-----END CERTIFICATE-----\n";
    std::ofstream(root_ / "kc") << "apiVersion: v1\nkind: Config\nclusters:\n- name: c\n  cluster:\n"
                                   "    server: https://127.0.0.1:9\n    certificate-authority: ca.crt\n"
                                   "users:\n- name: u\n  user:\n    token: t\n"
                                   "contexts:\n- name: x\n  context: {cluster: c, user: u}\ncurrent-context: x\n";
  }

  /// Runs gpuwhy with `args` (cwd: the temp root) and expects the refusal: exit 2, one line on
  /// stderr naming the output, nothing on stdout, `input` unchanged.
  void expect_refused(const std::vector<std::string>& args, const fs::path& input, const std::string& words) {
    const std::string before = testing_tools::slurp(input.string());
    std::vector<std::string> argv{"/usr/bin/env", "-C", root_.string(), "GPUWHY_LANG=en", GPUWHY_BINARY};
    argv.insert(argv.end(), args.begin(), args.end());
    const RunOutput r = testing_tools::run_binary(argv, root_.string());
    EXPECT_EQ(r.exit_code, 2) << r.err;
    EXPECT_EQ(lines_in(r.err), 1U) << r.err;
    EXPECT_NE(r.err.find(words), std::string::npos) << r.err;
    EXPECT_NE(r.err.find("would overwrite"), std::string::npos) << r.err;
    EXPECT_TRUE(r.out.empty()) << r.out;
    EXPECT_EQ(testing_tools::slurp(input.string()), before) << input << " was changed";
  }

  TempDir tmp_;
  fs::path root_;
};

TEST_F(OutputOverInput, TheBundleBeingGraded) {
  const std::string b = (root_ / "b.json").string();
  expect_refused({"check", "--snapshot", b, "-o", b}, root_ / "b.json", "the bundle");
  fs::create_directory(root_ / "sub");
  expect_refused({"check", "--snapshot", b, "-o", "./sub/../b.json"}, root_ / "b.json", "the bundle");
  fs::create_symlink(root_ / "b.json", root_ / "sub/link.json");
  expect_refused({"check", "--snapshot", b, "-o", "sub/link.json"}, root_ / "b.json", "the bundle");
  fs::create_hard_link(root_ / "b.json", root_ / "sub/second-name.json");
  expect_refused({"check", "--snapshot", b, "--format", "junit", "-o", "sub/second-name.json"}, root_ / "b.json",
                 "the bundle");
}

TEST_F(OutputOverInput, AnyBundleOfABatch) {
  expect_refused({"check", "--snapshot", "class", "--format", "csv", "-o", "class/s2.json"}, root_ / "class/s2.json",
                 "the bundle");
  expect_refused({"check", "--snapshot", "b.json", "--snapshot", "class/s1.json", "-o", "class/s1.json"},
                 root_ / "class/s1.json", "the bundle");
}

TEST_F(OutputOverInput, TheKubeconfigAndTheFilesItNames) {
  expect_refused({"check", "--kubeconfig", "kc", "--dir", "work", "-o", "kc"}, root_ / "kc", "kubeconfig");
  // The certificate authority the kubeconfig names (relative to the kubeconfig's folder).
  expect_refused({"check", "--kubeconfig", "kc", "--dir", "work", "-o", "ca.crt"}, root_ / "ca.crt", "kubeconfig");
  expect_refused({"snapshot", "--kubeconfig", "kc", "--dir", "work", "-o", (root_ / "kc").string()}, root_ / "kc",
                 "kubeconfig");
}

TEST_F(OutputOverInput, AStudentFileOfTheLabFolder) {
  expect_refused({"check", "--kubeconfig", "kc", "--dir", "work", "-o", "work/out/gate-report.txt"},
                 root_ / "work/out/gate-report.txt", "of the lab folder");
  expect_refused({"snapshot", "--kubeconfig", "kc", "--dir", "work", "-o", "work/k8s/../k8s/trainer.yaml"},
                 root_ / "work/k8s/trainer.yaml", "of the lab folder");
}

TEST_F(OutputOverInput, AnEmptyPathIsAUsageError) {
  for (const auto& args : std::vector<std::vector<std::string>>{{"check", "--snapshot", "b.json", "-o", ""},
                                                                {"snapshot", "--kubeconfig", "kc", "-o", ""}}) {
    const RunOutput r = testing_tools::run_binary({"/usr/bin/env", "-C", root_.string(), "GPUWHY_LANG=en",
                                                   GPUWHY_BINARY, args[0], args[1], args[2], args[3], args[4]},
                                                  root_.string());
    EXPECT_EQ(r.exit_code, 2) << r.err;
    EXPECT_NE(r.err.find("--output was given an empty path"), std::string::npos) << r.err;
    EXPECT_TRUE(r.out.empty()) << r.out.substr(0, 200);
  }
}

// What is not an input is written as before: a new report inside the lab folder, "-" for stdout.
TEST_F(OutputOverInput, OtherFilesAreStillWritten) {
  const RunOutput r = testing_tools::run_binary({"/usr/bin/env", "-C", root_.string(), GPUWHY_BINARY, "check",
                                                 "--snapshot", "b.json", "--format", "json", "-o", "work/report.json"},
                                                root_.string());
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_FALSE(testing_tools::slurp((root_ / "work/report.json").string()).empty());
  const RunOutput s = testing_tools::run_binary({"/usr/bin/env", "-C", root_.string(), GPUWHY_BINARY, "check",
                                                 "--snapshot", "b.json", "--format", "json", "-o", "-"},
                                                root_.string());
  EXPECT_EQ(s.exit_code, 0) << s.err;
  EXPECT_NE(s.out.find("\"checks\""), std::string::npos);
}

}  // namespace
}  // namespace gpuwhy
