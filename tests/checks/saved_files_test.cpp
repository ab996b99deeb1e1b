// What a saved file shows decides its hint: the rejection that is missing, a message saved under
// an earlier taint, a resource named like the lab's. On the v1.34.0 captures, changed one file.
#include <gtest/gtest.h>

#include <filesystem>
#include <string>
#include <string_view>

#include "checks.h"
#include "gpuwhy/lab/lab.h"
#include "gpuwhy/model/bundle.h"
#include "gpuwhy/model/snapshot.h"
#include "solution_grades.h"

namespace gpuwhy {
namespace {

using gpuwhy_test::graded;

Snapshot capture(std::string_view scenario) {
  return load_bundle(
      (std::filesystem::path(GPUWHY_SOURCE_DIR) / "fixtures/captures/v1.34.0" / scenario / "bundle.json").string());
}

Snapshot with_file(Snapshot s, std::string_view file, std::string content) {
  auto& f = s.files.at(std::string(file));
  f.content = std::move(content);
  f.size = f.content.size();
  return s;
}

const std::string kMismatch =
    "The Pod \"bad-mismatch\" is invalid: spec.containers[0].resources.requests: Invalid value: \"2\": must be "
    "equal to nvidia.com/gpu limit of 1\n";
const std::string kFraction =
    "The Pod \"bad-fraction\" is invalid: \n* spec.containers[0].resources.limits[nvidia.com/gpu]: Invalid value: "
    "\"500m\": must be an integer\n* spec.containers[0].resources.requests[nvidia.com/gpu]: Invalid value: \"500m\": "
    "must be an integer\n";

// The lab applies bad-mismatch first, then bad-fraction: the integer rule's rejection alone was
// written over the first; the mismatch alone is the second command's output that never came.
TEST(SavedFiles, OneRejectionNamesWhatIsMissing) {
  const Snapshot base = capture("solution");
  RunResult keep;
  EXPECT_EQ(
      graded(with_file(base, lab::kFileRejected, kMismatch + kFraction), "step3.rejected-file", keep).outcome.status,
      Status::kPass);
  const auto& only_first = graded(with_file(base, lab::kFileRejected, kMismatch), "step3.rejected-file", keep);
  EXPECT_EQ(only_first.outcome.status, Status::kFail);
  EXPECT_EQ(only_first.outcome.hint.id, "hint.step3.rejected-file.no-fraction");
  const auto& only_second = graded(with_file(base, lab::kFileRejected, kFraction), "step3.rejected-file", keep);
  EXPECT_EQ(only_second.outcome.status, Status::kFail);
  EXPECT_EQ(only_second.outcome.hint.id, "hint.step3.rejected-file.overwritten");
}

// Rejections of pods neither bad manifest names (saved from another try, `gpu-test` and
// `half-gpu`) answer for nothing: the file fails, and the hint names those pods and the manifests'.
// Beside the manifests' own rejections they change nothing.
TEST(SavedFiles, AnotherPodsRejectionsAreNotTheManifests) {
  const Snapshot base = capture("solution");
  RunResult keep;
  const auto renamed = [](std::string text, std::string_view from, std::string_view to) {
    for (auto p = text.find(from); p != std::string::npos; p = text.find(from, p + to.size()))
      text.replace(p, from.size(), to);
    return text;
  };
  const std::string other_mismatch = renamed(kMismatch, "\"bad-mismatch\"", "\"gpu-test\"");
  const std::string other_fraction = renamed(kFraction, "\"bad-fraction\"", "\"half-gpu\"");
  for (const std::string& text : {other_mismatch + other_fraction, kMismatch + other_fraction}) {
    const auto& r = graded(with_file(base, lab::kFileRejected, text), "step3.rejected-file", keep);
    EXPECT_EQ(r.outcome.status, Status::kFail) << text;
    EXPECT_EQ(r.outcome.hint.id, "hint.step3.rejected-file.other-pods") << text;
    EXPECT_NE(r.outcome.hint.args.at("pods").find("half-gpu"), std::string::npos) << text;
  }
  EXPECT_EQ(
      graded(with_file(base, lab::kFileRejected, other_mismatch + kMismatch + kFraction), "step3.rejected-file", keep)
          .outcome.status,
      Status::kPass);
}

// One refusal that shows both rules (request 0.5 with limit 1), saved twice with `>>`: the file
// holds one manifest's refusal, not both manifests'. It fails as that one alone fails.
TEST(SavedFiles, OneRejectionSavedTwiceIsOneRejection) {
  const Snapshot base = capture("solution");
  RunResult keep;
  const std::string half =
      "The Pod \"bad-fraction\" is invalid: \n* spec.containers[0].resources.requests[nvidia.com/gpu]: Invalid value: "
      "\"500m\": must be an integer\n* spec.containers[0].resources.requests: Invalid value: \"500m\": must be equal "
      "to "
      "nvidia.com/gpu limit of 1\n";
  const auto& once = graded(with_file(base, lab::kFileRejected, half), "step3.rejected-file", keep);
  EXPECT_EQ(once.outcome.hint.id, "hint.step3.rejected-file.overwritten");
  const auto& twice = graded(with_file(base, lab::kFileRejected, half + half), "step3.rejected-file", keep);
  EXPECT_EQ(twice.outcome.status, Status::kFail);
  EXPECT_EQ(twice.outcome.hint.id, "hint.step3.rejected-file.overwritten");
  // Each manifest's own refusal, the second saved twice: both are there.
  EXPECT_EQ(graded(with_file(base, lab::kFileRejected, kMismatch + kFraction + kFraction), "step3.rejected-file", keep)
                .outcome.status,
            Status::kPass);
}

// `must be an integer` on nvidia.com/gpus (a typo: any extended resource must be whole) or on
// nvidia.com/gpu.shared is no rejection of the lab's resource.
TEST(SavedFiles, AResourceNamedLikeTheLabsIsNotTheLabs) {
  const Snapshot base = capture("solution");
  RunResult keep;
  for (const char* other : {"nvidia.com/gpus", "nvidia.com/gpu.shared"}) {
    std::string fraction = kFraction;
    for (auto at = fraction.find("[nvidia.com/gpu]"); at != std::string::npos;
         at = fraction.find("[nvidia.com/gpu]", at + 1))
      fraction.replace(at, 16, "[" + std::string(other) + "]");
    const auto& r = graded(with_file(base, lab::kFileRejected, kMismatch + fraction), "step3.rejected-file", keep);
    EXPECT_EQ(r.outcome.status, Status::kFail) << other;
    EXPECT_EQ(r.outcome.hint.id, "hint.step3.rejected-file.no-fraction") << other;
  }
}

// cpu-only's message saved while lab-node-0 had another taint (taint-wrong-key), kept after the
// lab's taint replaced it: the file blames a taint, so it is stale, not of the wrong kind. Where
// that taint is still on the node, the same file is cpu-only's live message and passes.
TEST(SavedFiles, AMessageSavedUnderAnEarlierTaintIsStale) {
  const Snapshot wrong_key = capture("taint-wrong-key");
  const std::string& saved = wrong_key.files.at(std::string(lab::kFileTainted)).content;
  RunResult keep;
  EXPECT_EQ(graded(wrong_key, "step5.tainted-file", keep).outcome.status, Status::kPass);
  const auto& r = graded(with_file(capture("solution"), lab::kFileTainted, saved), "step5.tainted-file", keep);
  EXPECT_EQ(r.outcome.status, Status::kFail);
  EXPECT_EQ(r.outcome.hint.id, "hint.scheduler-file.stale");
  EXPECT_EQ(keep.roots(), std::vector<std::string>{"step5.tainted-file"});
}

}  // namespace
}  // namespace gpuwhy
