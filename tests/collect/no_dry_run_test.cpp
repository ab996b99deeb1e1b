// --no-dry-run: the dry-run check is `skip` with a reason, the score leaves its
// points out, and the reference solution stays a full score; a manifest that could not be sent
// is still the student's `fail`. On a snapshot and on the real binary against the fault server.

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include <nlohmann/json.hpp>

#include "../tools/fault_server.h"
#include "../tools/run_binary.h"
#include "checks.h"
#include "gpuwhy/lab/lab.h"
#include "gpuwhy/model/bundle.h"
#include "gpuwhy/model/snapshot.h"
#include "gpuwhy/render/render.h"

namespace gpuwhy {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;

const std::string kCapture = std::string(GPUWHY_SOURCE_DIR) + "/fixtures/captures/v1.34.0/solution";

Snapshot solution() {
  std::ifstream in(kCapture + "/bundle.json", std::ios::binary);
  std::stringstream text;
  text << in.rdbuf();
  return parse_bundle(text.str(), "solution");
}

const CheckResult& result(const RunResult& r, const std::string& id) {
  for (const auto& c : r.checks) {
    if (c.id == id) return c;
  }
  throw std::runtime_error("no check " + id);
}

TEST(NoDryRun, SolutionKeepsAFullScoreAndTheCheckIsSkipWithAReason) {
  Snapshot s = solution();
  const RunResult clean = checks::run(s, checks::Selection{}, RunMeta{});
  ASSERT_EQ(clean.score(), clean.max_score());
  for (auto rel : lab::kDryRunManifests) {
    s.dry_runs[std::string(rel)] = FetchError{ErrorKind::kSkipped, 0, std::string(kDryRunOff)};
  }
  const RunResult r = checks::run(s, checks::Selection{}, RunMeta{});
  const CheckResult& c = result(r, "step3.apiserver-rejects");
  EXPECT_EQ(c.outcome.status, Status::kSkip);
  EXPECT_EQ(r.count(Status::kFail), 0);
  EXPECT_EQ(r.score(), r.max_score());
  EXPECT_EQ(r.max_score(), clean.max_score() - c.points);
  EXPECT_EQ(r.exit_code(), kExitPass);
  const std::string why = render::text_of(c.outcome.actual, i18n::Lang::kEn);
  EXPECT_NE(why.find("--no-dry-run"), std::string::npos) << why;
  EXPECT_NE(render::table(r, render::Options{}).find("--no-dry-run"), std::string::npos);
}

TEST(NoDryRun, AManifestThatCouldNotBeSentIsStillAFail) {
  Snapshot s = solution();
  s.dry_runs[std::string(lab::kManifestBadMismatch)] =
      FetchError{ErrorKind::kSkipped, 0, "k8s/bad-mismatch.yaml: not found"};
  s.dry_runs[std::string(lab::kManifestBadFraction)] = FetchError{ErrorKind::kSkipped, 0, std::string(kDryRunOff)};
  const RunResult r = checks::run(s, checks::Selection{}, RunMeta{});
  EXPECT_EQ(result(r, "step3.apiserver-rejects").outcome.status, Status::kFail);
}

class NoDryRunLive : public testing_tools::WithFaultServer<NoDryRunLive> {
 protected:
  friend class testing_tools::WithFaultServer<NoDryRunLive>;
  static std::vector<std::string> server_args() { return {"--bundle", kCapture + "/bundle.json"}; }
};

TEST_F(NoDryRunLive, ReferenceSolutionScoresFullAndExitsZero) {
  testing_tools::TempDir tmp;
  const std::string kc = live_kubeconfig(tmp.path(), "t0k3n-value");
  fs::copy(kCapture + "/work", tmp.path() + "/work", fs::copy_options::recursive);
  const auto r = testing_tools::run_binary(
      {GPUWHY_BINARY, "check", "--kubeconfig", kc, "--dir", tmp.path() + "/work", "--no-dry-run", "--format", "json"},
      tmp.path());
  EXPECT_EQ(r.exit_code, 0) << r.err;
  const json j = json::parse(r.out, nullptr, false);
  ASSERT_TRUE(j.is_object()) << r.out;
  EXPECT_EQ(j["score"], j["max_score"]) << r.out.substr(0, 400);
  for (const auto& c : j["checks"]) {
    if (c["id"] == "step3.apiserver-rejects") {
      EXPECT_EQ(c["status"], "skip");
    }
  }
}

}  // namespace
}  // namespace gpuwhy
