// A `--snapshot` that cannot be read is an input error: one line on stderr naming the path and
// the reason, exit 2 when the path names nothing (a typo) and 3 when it cannot be read or is no
// bundle, no table and no lab file read (a mistyped path must never become advice to create
// files, nor a score of 0). A report file asked for is still a valid report: incomplete, every
// selected check an `error` of cause "input".
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "../tools/run_binary.h"

#include "lab_totals.h"

namespace gpuwhy {
namespace {

namespace fs = std::filesystem;
using testing_tools::RunOutput;
using testing_tools::TempDir;

const std::string kCapture = std::string(GPUWHY_SOURCE_DIR) + "/fixtures/captures/v1.34.0";

std::size_t lines_in(const std::string& s) {
  return static_cast<std::size_t>(std::count(s.begin(), s.end(), '\n'));
}

struct BadInput {
  const char* name;
  const char* content;  ///< nullptr: the path names nothing
  int exit_code;
};

class InputErrors : public testing::TestWithParam<BadInput> {
 protected:
  void SetUp() override {
    root_ = fs::path(tmp_.path());
    // The run starts in a lab folder with a student's files (a mistake): none may be read.
    fs::copy(kCapture + "/capacity-only/work", root_ / "lab", fs::copy_options::recursive);
    bundle_ = (root_ / "bundle.json").string();
    const BadInput& in = GetParam();
    if (in.content != nullptr) {
      std::ofstream f(bundle_, std::ios::binary);
      if (std::string(in.name) == "truncated") {
        const std::string whole = testing_tools::slurp(kCapture + "/solution/bundle.json");
        f << whole.substr(0, whole.size() / 2);
      } else {
        f << in.content;
      }
    }
  }

  RunOutput run(std::vector<std::string> args) const {
    std::vector<std::string> argv{"/usr/bin/env", "-C",   (root_ / "lab").string(), GPUWHY_BINARY, "check",
                                  "--snapshot",   bundle_};
    argv.insert(argv.end(), args.begin(), args.end());
    return testing_tools::run_binary(argv, tmp_.path());
  }

  TempDir tmp_;
  fs::path root_;
  std::string bundle_;
};

TEST_P(InputErrors, OneLineNamingThePathAndNoTable) {
  for (const char* lang : {"en", "ko", "ja"}) {
    SCOPED_TRACE(lang);
    const RunOutput r = run({"--lang", lang});
    EXPECT_EQ(r.exit_code, GetParam().exit_code);
    EXPECT_EQ(lines_in(r.err), 1U) << r.err;
    EXPECT_NE(r.err.find(bundle_), std::string::npos) << r.err;
    EXPECT_EQ(r.out, "") << "no table after an input error";
  }
}

TEST_P(InputErrors, AReportFileIsStillValidIncompleteAndReadsNoLabFile) {
  const std::string out = (root_ / "report.json").string();
  const RunOutput r = run({"--format", "json", "-o", out});
  EXPECT_EQ(r.exit_code, GetParam().exit_code);
  EXPECT_EQ(lines_in(r.err), 1U) << r.err;
  const auto report = nlohmann::json::parse(testing_tools::slurp(out));
  EXPECT_FALSE(report["complete"].get<bool>());
  EXPECT_EQ(report["totals"]["failed"], 0) << "a lab file was graded";
  EXPECT_EQ(report["totals"]["passed"], 0);
  EXPECT_EQ(report["totals"]["errors"], report["checks"].size());
  for (const auto& c : report["checks"]) {
    EXPECT_EQ(c["status"], "error");
    EXPECT_EQ(c["hint_id"], "hint.env.input");
    EXPECT_TRUE(c["evidence"].empty()) << c.dump();
  }
  // The same on stdout for a pipe, and only the selected checks when some are selected.
  const RunOutput one = run({"--format", "json", "--check", "step2.allocatable"});
  const auto j = nlohmann::json::parse(one.out);
  EXPECT_EQ(j["totals"]["errors"], 1);
  EXPECT_EQ(one.exit_code, GetParam().exit_code);
}

INSTANTIATE_TEST_SUITE_P(Table, InputErrors,
                         testing::Values(BadInput{"missing", nullptr, 2}, BadInput{"empty", "", 3},
                                         BadInput{"truncated", "-", 3},
                                         BadInput{"binary",
                                                  "\x7f"
                                                  "ELF\x02\x01\x01\x00\x00\x00",
                                                  3},
                                         BadInput{"array", "[]", 3}, BadInput{"object", "{}", 3},
                                         BadInput{"text", "kubectl get nodes\nNAME STATUS\n", 3}),
                         [](const auto& info) { return std::string(info.param.name); });

// The same for a kubeconfig named with --kubeconfig: one line naming it, no table, no lab file
// graded (a kubeconfig found by default still lets the lab files be graded: kube_config_test).
TEST(KubeconfigInputErrors, OneLineNamingThePathAndNoTable) {
  TempDir tmp;
  const fs::path root(tmp.path());
  fs::copy(kCapture + "/capacity-only/work", root / "lab", fs::copy_options::recursive);
  std::ofstream(root / "broken") << "apiVersion: v1\nclusters: [\n";
  std::ofstream(root / "empty") << "";  // an empty file
  const struct {
    std::string path;
    int exit_code;
  } rows[] = {{(root / "missing").string(), 2}, {(root / "broken").string(), 3}, {(root / "empty").string(), 3}};
  for (const auto& row : rows) {
    SCOPED_TRACE(row.path);
    const std::string out = (root / "report.json").string();
    const RunOutput r = testing_tools::run_binary({"/usr/bin/env", "-C", (root / "lab").string(), GPUWHY_BINARY,
                                                   "check", "--kubeconfig", row.path, "--lang", "ko"},
                                                  tmp.path());
    EXPECT_EQ(r.exit_code, row.exit_code);
    EXPECT_EQ(lines_in(r.err), 1U) << r.err;
    EXPECT_NE(r.err.find(row.path), std::string::npos) << r.err;
    EXPECT_EQ(r.out, "");
    const RunOutput j = testing_tools::run_binary({"/usr/bin/env", "-C", (root / "lab").string(), GPUWHY_BINARY,
                                                   "check", "--kubeconfig", row.path, "--format", "json", "-o", out},
                                                  tmp.path());
    EXPECT_EQ(j.exit_code, row.exit_code);
    const auto report = nlohmann::json::parse(testing_tools::slurp(out));
    EXPECT_FALSE(report["complete"].get<bool>());
    EXPECT_EQ(report["totals"]["failed"], 0) << "a lab file was graded";
    EXPECT_EQ(report["totals"]["errors"], report["checks"].size());
    for (const auto& c : report["checks"]) EXPECT_EQ(c["hint_id"], "hint.env.kubeconfig");
  }
}

}  // namespace
}  // namespace gpuwhy

namespace gpuwhy {
namespace {

// --lang takes en, ko, ja (and locale spellings such as ko_KR.UTF-8), plus the country codes
// people type, kr and jp; anything else is refused in one line (exit 2), never a silent English.
TEST(LangFlag, AliasesAreTakenAndUnknownLanguagesRefused) {
  TempDir tmp;
  const std::string bundle = kCapture + "/solution/bundle.json";
  const auto run = [&](const std::string& lang, const std::string& cmd) {
    return testing_tools::run_binary({"/usr/bin/env", "-u", "LANG", "-u", "LC_ALL", "-u", "LC_MESSAGES", "-u",
                                      "GPUWHY_LANG", GPUWHY_BINARY, cmd, "--lang", lang, "--snapshot", bundle},
                                     tmp.path());
  };
  const struct {
    const char* flag;
    const char* score_word;  ///< the score line's first word in that language
  } taken[] = {{"en", "score"},  {"ko", "점수"},   {"kr", "점수"},         {"KR", "점수"},
               {"ja", "スコア"}, {"jp", "スコア"}, {"ko_KR.UTF-8", "점수"}};
  for (const auto& t : taken) {
    SCOPED_TRACE(t.flag);
    const RunOutput r = run(t.flag, "check");
    EXPECT_EQ(r.exit_code, 0) << r.err;
    EXPECT_NE(r.out.find(std::string(t.score_word) + " " + gpuwhy_test::full_score()), std::string::npos) << r.out;
  }
  for (const char* bad : {"xx", "eng", "korean", "k", "de"}) {
    SCOPED_TRACE(bad);
    const RunOutput r = run(bad, "check");
    EXPECT_EQ(r.exit_code, 2);
    EXPECT_EQ(lines_in(r.err), 1U) << r.err;
    EXPECT_NE(r.err.find(std::string("--lang ") + bad), std::string::npos) << r.err;
    EXPECT_EQ(r.out, "");
  }
  // The other commands refuse it the same way.
  const RunOutput l = testing_tools::run_binary({GPUWHY_BINARY, "list", "--lang", "xx"}, tmp.path());
  EXPECT_EQ(l.exit_code, 2);
  EXPECT_NE(l.err.find("--lang xx"), std::string::npos) << l.err;
}

}  // namespace
}  // namespace gpuwhy
