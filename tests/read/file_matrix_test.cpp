// The file matrix: what students really leave in their lab folder. Starting from a copy of the
// real v1.34.0 solution capture (work folder + bundle), one student file at a time is broken in
// one way, the folder is read with read_student_files (the real, bounded reader) and graded with
// the capture's live items. For every row: no crash; the checks that read the file fail with a
// hint naming it (tolerated forms - CRLF, BOM, UTF-16 - still pass); every other check keeps its
// clean status; the JSON report renders and parses.

#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "../tools/run_binary.h"
#include "checks.h"
#include "gpuwhy/base/error.h"
#include "gpuwhy/collect/collect.h"
#include "gpuwhy/i18n/i18n.h"
#include "gpuwhy/kube/kube.h"
#include "gpuwhy/lab/lab.h"
#include "gpuwhy/model/bundle.h"
#include "gpuwhy/model/snapshot.h"
#include "gpuwhy/render/render.h"
#include "gpuwhy/yaml/yaml.h"

namespace gpuwhy {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;
using testing_tools::TempDir;

const std::string kCapture = std::string(GPUWHY_SOURCE_DIR) + "/fixtures/captures/v1.34.0/solution";

/// The checks that read each student file and must fail when it is unusable.
const std::map<std::string, std::set<std::string>>& readers() {
  static const std::map<std::string, std::set<std::string>> kReaders{
      {"out/advertised.txt", {"step2.advertised-file"}},
      {"k8s/bad-mismatch.yaml", {"step3.mismatch-manifest"}},
      {"k8s/bad-fraction.yaml", {"step3.fraction-manifest"}},
      {"out/rejected.txt", {"step3.rejected-file"}},
      {"k8s/trainer.yaml", {"step4.manifest"}},
      {"k8s/cpu-only.yaml", {"step5.cpu-only-spec"}},
      {"out/tainted.txt", {"step5.tainted-file"}},
      {"k8s/trainer2.yaml", {"step6.gpu"}},
      {"k8s/trainer3.yaml", {"step7.same-as-trainer2"}},
      {"out/exhausted.txt", {"step7.exhausted-file"}},
      {"out/gate-report.txt",
       {"step8.format", "step8.allocatable", "step8.used", "step8.pending", "step8.taint",
        "step8.requests-equal-limits", "step8.fractional", "step8.scheduler-sees"}},
  };
  return kReaders;
}

/// Checks that also read the file but judge something else with it (the pod names of both bad
/// manifests; trainer2's manifest as the reference for trainer3): they may keep passing.
const std::map<std::string, std::set<std::string>>& also_read() {
  static const std::map<std::string, std::set<std::string>> kAlso{
      {"k8s/bad-mismatch.yaml", {"step3.not-created"}},
      {"k8s/bad-fraction.yaml", {"step3.not-created"}},
      {"k8s/trainer2.yaml", {"step7.same-as-trainer2"}},
  };
  return kAlso;
}

enum class Expect { kFail, kPass };

struct Problem {
  const char* name;
  Expect expect;
  bool bounded_time = false;  ///< must finish fast (the 1 GB file)
};

std::string utf16le_with_bom(const std::string& ascii) {
  std::string out = "\xFF\xFE";
  for (char c : ascii) {
    out += c;
    out += '\0';
  }
  return out;
}

const char* kAliasBomb =
    "a: &a [\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\"]\n"
    "b: &b [*a,*a,*a,*a,*a,*a,*a,*a,*a]\n"
    "c: &c [*b,*b,*b,*b,*b,*b,*b,*b,*b]\n"
    "d: &d [*c,*c,*c,*c,*c,*c,*c,*c,*c]\n"
    "e: &e [*d,*d,*d,*d,*d,*d,*d,*d,*d]\n"
    "f: &f [*e,*e,*e,*e,*e,*e,*e,*e,*e]\n"
    "g: &g [*f,*f,*f,*f,*f,*f,*f,*f,*f]\n"
    "h: &h [*g,*g,*g,*g,*g,*g,*g,*g,*g]\n"
    "i: &i [*h,*h,*h,*h,*h,*h,*h,*h,*h]\n";

const char* kDeployment =
    "apiVersion: apps/v1\nkind: Deployment\nmetadata:\n  name: trainer\n  namespace: gpu-why\nspec:\n"
    "  replicas: 1\n  selector:\n    matchLabels: {app: trainer}\n  template:\n    metadata:\n"
    "      labels: {app: trainer}\n    spec:\n      containers:\n      - name: cuda\n"
    "        image: nvidia/cuda:12.4.1-base-ubuntu22.04\n        resources:\n"
    "          limits: {nvidia.com/gpu: 1}\n";

/// Puts the problem in place at `path` (the original content is `orig`). Returns "" or the
/// reason the row cannot be run here (then it is skipped).
// NOLINTNEXTLINE(readability-function-size): one branch a problem of the matrix.
std::string apply(const std::string& problem, const fs::path& path, const std::string& orig) {
  const auto write = [&path](const std::string& data) {
    fs::remove(path);
    std::ofstream(path, std::ios::binary) << data;
  };
  if (problem == "missing") {
    fs::remove(path);
  } else if (problem == "empty") {
    write("");
  } else if (problem == "folder") {
    fs::remove(path);
    fs::create_directory(path);
  } else if (problem == "dangling-link") {
    fs::remove(path);
    fs::create_symlink(path.string() + ".gone", path);
  } else if (problem == "unreadable") {
    if (::geteuid() == 0) return "running as root: root reads a mode-000 file anyway";
    write(orig);
    fs::permissions(path, fs::perms::none);
  } else if (problem == "binary-garbage") {
    std::string g;
    unsigned x = 2463534242U;
    for (int i = 0; i < 4096; ++i) {
      x ^= x << 13U;
      x ^= x >> 17U;
      x ^= x << 5U;
      g += static_cast<char>(x & 0xFFU);
    }
    write(g);
  } else if (problem == "nul-bytes") {
    std::string d = orig;
    d.insert(d.size() / 2, std::string("\0\0\0\0", 4));
    write(d);
  } else if (problem == "1gb-sparse") {
    write(orig);
    fs::resize_file(path, 1ULL << 30U);  // truncate(1): sparse, nothing is written
  } else if (problem == "crlf") {
    std::string d;
    for (char c : orig) d += c == '\n' ? std::string("\r\n") : std::string(1, c);
    write(d);
  } else if (problem == "bom") {
    write("\xEF\xBB\xBF" + orig);
  } else if (problem == "utf-16") {
    for (char c : orig) {
      if (static_cast<unsigned char>(c) >= 0x80) return "the capture is not ASCII";
    }
    write(utf16le_with_bom(orig));
  } else if (problem == "invalid-utf-8") {
    write(orig.substr(0, orig.size() / 2) + "\xC3\x28\xFF" + orig.substr(orig.size() / 2));
  } else if (problem == "cp949-comment") {
    write("# \xC6\xAE\xB7\xB9\xC0\xCC\xB3\xCA\n" + orig);  // kubectl reads each byte as U+FFFD
  } else if (problem == "invalid-utf-8-after-bom") {
    write("\xEF\xBB\xBF# \xC3\x28\xFF\n" + orig);  // after a UTF-8 mark, kubectl refuses them
  } else if (problem == "alias-bomb") {
    write(kAliasBomb);
  } else if (problem == "deep-nesting") {
    write("apiVersion: v1\nkind: Pod\nspec: " + std::string(100000, '[') + std::string(100000, ']') + "\n");
  } else if (problem == "several-documents" || problem == "output-twice") {
    write(orig + "\n---\n" + orig);
  } else if (problem == "wrong-kind") {
    write(kDeployment);
  } else {
    return "unknown problem";
  }
  return "";
}

const std::vector<Problem> kProblems{
    {"missing", Expect::kFail},
    {"empty", Expect::kFail},
    {"folder", Expect::kFail},
    {"dangling-link", Expect::kFail},
    {"unreadable", Expect::kFail},
    {"binary-garbage", Expect::kFail},
    {"nul-bytes", Expect::kFail},
    {"1gb-sparse", Expect::kFail, true},
    {"crlf", Expect::kPass},
    {"bom", Expect::kPass},
    {"utf-16", Expect::kPass},
    {"invalid-utf-8", Expect::kFail},
    {"cp949-comment", Expect::kPass},
    {"invalid-utf-8-after-bom", Expect::kFail},
    {"alias-bomb", Expect::kFail},
    {"deep-nesting", Expect::kFail},
    {"several-documents", Expect::kFail},
    // Output saved twice, a `---` rule between (`tee -a`): the same answer, read once.
    {"output-twice", Expect::kPass},
    {"wrong-kind", Expect::kFail},
};

struct Row {
  std::string file;
  Problem problem;
};

/// missing, empty, CRLF, BOM and UTF-16 on every file; each other problem on one txt and one yaml
/// (several documents on a manifest, the output saved twice on two txt files).
std::vector<Row> rows() {
  const std::map<std::string, std::vector<std::string>> kOn{
      {"folder", {"out/tainted.txt", "k8s/trainer.yaml"}},
      {"dangling-link", {"out/exhausted.txt", "k8s/cpu-only.yaml"}},
      {"unreadable", {"out/rejected.txt", "k8s/trainer2.yaml"}},
      {"binary-garbage", {"out/advertised.txt", "k8s/trainer3.yaml"}},
      {"nul-bytes", {"out/gate-report.txt", "k8s/bad-mismatch.yaml"}},
      {"1gb-sparse", {"out/tainted.txt", "k8s/bad-fraction.yaml"}},
      // A manifest's bytes are read as kubectl reads them (k8s::manifest_text): without a
      // byte-order mark, bytes that are not UTF-8 are U+FFFD.
      {"invalid-utf-8", {"out/exhausted.txt"}},
      {"cp949-comment", {"k8s/trainer.yaml"}},
      {"invalid-utf-8-after-bom", {"k8s/trainer.yaml"}},
      {"alias-bomb", {"out/advertised.txt", "k8s/trainer2.yaml"}},
      {"deep-nesting", {"out/advertised.txt", "k8s/trainer3.yaml"}},
      {"several-documents", {"k8s/cpu-only.yaml"}},
      {"output-twice", {"out/advertised.txt", "out/tainted.txt"}},
      {"wrong-kind", {"out/advertised.txt", "k8s/trainer.yaml"}},
  };
  std::vector<Row> out;
  for (const auto& p : kProblems) {
    auto it = kOn.find(p.name);
    if (it == kOn.end()) {
      for (auto f : lab::kStudentFiles) out.push_back({std::string(f), p});
    } else {
      for (const auto& f : it->second) out.push_back({f, p});
    }
  }
  return out;
}

void PrintTo(const Row& row, std::ostream* os) {
  *os << std::string(row.problem.name) + " " + row.file;
}

std::string row_name(const testing::TestParamInfo<Row>& info) {
  std::string n = std::string(info.param.problem.name) + "_" + info.param.file;
  for (char& c : n) {
    if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
  }
  return n;
}

class FileMatrix : public testing::TestWithParam<Row> {
 protected:
  static void SetUpTestSuite() {
    base_ = new Snapshot(load_bundle(kCapture + "/bundle.json"));
    TempDir tmp;
    fs::copy(kCapture + "/work", tmp.path() + "/work", fs::copy_options::recursive);
    clean_ = new RunResult(grade(tmp.path() + "/work"));
  }
  static void TearDownTestSuite() {
    delete base_;
    base_ = nullptr;
    delete clean_;
    clean_ = nullptr;
  }

  /// The capture's live items with the student files read from `dir`.
  static RunResult grade(const std::string& dir) {
    Snapshot s = *base_;
    s.files = read_student_files(dir);
    return checks::run(s, checks::Selection{}, RunMeta{});
  }

  static Snapshot* base_;
  static RunResult* clean_;
};

Snapshot* FileMatrix::base_ = nullptr;
RunResult* FileMatrix::clean_ = nullptr;

TEST_F(FileMatrix, CleanCopyPassesEveryCheck) {
  for (const auto& c : clean_->checks) EXPECT_EQ(c.outcome.status, Status::kPass) << c.id;
}

TEST_P(FileMatrix, ReadersFailNamingTheFileOthersUnchanged) {
  const Row& row = GetParam();
  TempDir tmp;
  const std::string work = tmp.path() + "/work";
  fs::copy(kCapture + "/work", work, fs::copy_options::recursive);
  const fs::path path = fs::path(work) / row.file;
  const std::string orig = testing_tools::slurp(path.string());
  ASSERT_FALSE(orig.empty()) << row.file;
  const std::string skip = apply(row.problem.name, path, orig);
  if (!skip.empty()) GTEST_SKIP() << skip;

  const auto start = std::chrono::steady_clock::now();
  const RunResult r = grade(work);
  const auto took = std::chrono::steady_clock::now() - start;
  if (row.problem.bounded_time) {
    EXPECT_LT(took, std::chrono::seconds(2)) << "the read must be bounded";
  }
  EXPECT_EQ(r.checks.size(), clean_->checks.size());

  const std::set<std::string>& must = readers().at(row.file);
  std::set<std::string> may;
  if (auto it = also_read().find(row.file); it != also_read().end()) may = it->second;
  const std::string base = fs::path(row.file).filename().string();
  for (std::size_t i = 0; i < r.checks.size() && i < clean_->checks.size(); ++i) {
    const CheckResult& c = r.checks[i];
    ASSERT_EQ(c.id, clean_->checks[i].id);
    const std::string hint = render::text_of(c.outcome.hint, i18n::Lang::kEn);
    if (must.count(c.id) != 0 && row.problem.expect == Expect::kFail) {
      EXPECT_EQ(c.outcome.status, Status::kFail) << c.id << ": " << render::text_of(c.outcome.actual, i18n::Lang::kEn);
      EXPECT_NE(hint.find(base), std::string::npos) << c.id << " hint does not name " << row.file << ": " << hint;
    } else if (must.count(c.id) == 0 && may.count(c.id) != 0 && row.problem.expect == Expect::kFail) {
      EXPECT_NE(c.outcome.status, Status::kError) << c.id;
    } else {
      EXPECT_EQ(c.outcome.status, clean_->checks[i].outcome.status)
          << c.id << " changed: " << render::text_of(c.outcome.actual, i18n::Lang::kEn) << " / " << hint;
    }
  }

  // The native report renders and parses; so does every other format.
  const json report = json::parse(render::json(r, render::Options{}), nullptr, false);
  ASSERT_FALSE(report.is_discarded());
  EXPECT_EQ(report["complete"], true);
  render::Options o;
  o.user = "student";
  for (const auto& name : render::format_names())
    EXPECT_FALSE(render::render(*render::parse_format(name), r, o).empty());
}

INSTANTIATE_TEST_SUITE_P(Table, FileMatrix, testing::ValuesIn(rows()), row_name);

// Found by fuzz/kubeconfig_fuzz.cpp: a kubeconfig (not decoded like student files) with a byte
// that is not UTF-8 made nlohmann's dump() throw json::type_error out of kube::load_config, so
// `gpuwhy check` ended without a report. YAML scalars must be UTF-8 now (a kParse error).
TEST(HostileYaml, InvalidUtf8IsAParseErrorNotAJsonException) {
  EXPECT_THROW(yaml::load_all("a: tru\xF5"
                              "e\n",
                              "x.yaml"),
               Error);
  EXPECT_THROW(yaml::load_all("a: \"\\ud800\"\n", "x.yaml"), Error);
  kube::LoadOptions o;
  o.kubeconfig = "/kc";
  o.read_file = [](const std::string&) -> std::optional<std::string> {
    return std::string(
        "apiVersion: v1\nkind: Config\nclusters:\n- name: c\n  cluster:\n    server: https://x\n"
        "    insecure-skip-tls-verify: tru\xF5"
        "e\n");
  };
  try {
    (void)kube::load_config(o);
    ADD_FAILURE() << "loaded";
  } catch (const Error& e) {
    EXPECT_EQ(e.kind(), ErrorKind::kConfig);
    EXPECT_NE(std::string(e.what()).find("UTF-8"), std::string::npos) << e.what();
  }
}

}  // namespace
}  // namespace gpuwhy
