// Output a terminal wrapped before it was copied: every line wider than the terminal is cut at its
// width, with no mark, mid-word or mid-number (record-forms' forms cut at 80 columns are graded
// in forms_test.cpp). What each reader must still read.
#include <gtest/gtest.h>

#include <string>
#include <string_view>
#include <vector>

#include "gpuwhy/base/text.h"
#include "gpuwhy/read/readers.h"

namespace gpuwhy::readers {
namespace {

std::vector<bool> noise_of(const std::vector<std::string_view>& lines) {
  return text::noise_lines(lines);
}

// A command typed at a prompt that the terminal wrapped inside a quote goes on below: those lines
// are the command, not its output. The output after it is kept.
TEST(Wrapped, ACommandWrappedInsideAQuoteIsNoiseToItsEnd) {
  EXPECT_EQ(noise_of({"$ kubectl get nodes -o jsonpath='{range .items[*]}{.metadata.name}{\"\\t\"}{.status",
                      ".allocatable.nvidia\\.com/gpu}{\"\\n\"}{end}'", "lab-node-0\t2", "lab-node-1\t"}),
            (std::vector<bool>{true, true, false, false}));
  // Cut twice; a `|` at the end reads on too; a prompt with a host and a path.
  EXPECT_EQ(noise_of({"root@lab:~/gpuwhy# kubectl get nodes -o 'custom-columns=NAME:.metadata.name,GP",
                      "U:.status.allocatable.nvidia\\.com/gpu' |", "tail -n +2", "lab-node-0   2"}),
            (std::vector<bool>{true, true, true, false}));
  // `script`'s header names the command in brackets, wrapped like any line.
  EXPECT_EQ(noise_of({"Script started on 2026-12-04 22:25:41+00:00 [COMMAND=\"kubectl get nodes -o 'cust",
                      "om-columns=NAME:.metadata.name'\" <not executed on terminal>]", "NAME         GPU"}),
            (std::vector<bool>{true, true, false}));
}

// Quotes that close on their line, a quote inside the other kind or in a comment, and a comment
// with an apostrophe: nothing below is taken for the command.
TEST(Wrapped, AClosedCommandOrACommentDoesNotReadOn) {
  EXPECT_EQ(noise_of({"$ kubectl get nodes -o 'custom-columns=NAME:.metadata.name'", "NAME"}),
            (std::vector<bool>{true, false}));
  EXPECT_EQ(noise_of({"$ echo \"it's\" # don't", "lab-node-0 2"}), (std::vector<bool>{true, false}));
  EXPECT_EQ(noise_of({"# here's what kubectl printed", "lab-node-0 2"}), (std::vector<bool>{true, false}));
  // An open quote never closed within a few lines ends at a blank line.
  EXPECT_EQ(noise_of({"$ kubectl get nodes -o 'x", "", "lab-node-0 2"}), (std::vector<bool>{true, false, false}));
}

// A rejection cut mid-word (`Invali` / `d value`, `mu` / `st be an integer`): both rules read.
TEST(Wrapped, ARejectionCutMidWordReads) {
  const auto r = read_rejected(
      "spec.containers[0].resources.requests: Invalid value: \"2\": must be equal to nvid\n"
      "ia.com/gpu limit of 1\n"
      "spec.containers[0].resources.limits[nvidia.com/gpu]: Invalid value: \"500m\": must\n"
      " be an integer\n"
      "spec.containers[0].resources.requests[nvidia.com/gpu]: Invalid value: \"500m\": mu\n"
      "st be an integer\n");
  ASSERT_EQ(r.rejections.size(), 2U) << "the two integer causes, one container and value, are one rejection";
  EXPECT_TRUE(r.rejections[0].kinds.mismatch);
  EXPECT_TRUE(r.rejections[1].kinds.fraction);
  EXPECT_EQ(r.rejections[1].causes.size(), 2U);
  const auto h = read_rejected(
      "The Pod \"bad-mismatch\" is invalid: spec.containers[0].resources.requests: Invali\n"
      "d value: \"2\": must be equal to nvidia.com/gpu limit of 1\n");
  ASSERT_EQ(h.rejections.size(), 1U);
  EXPECT_TRUE(h.rejections[0].kinds.mismatch);
  EXPECT_EQ(h.rejections[0].pod, "bad-mismatch");
  // A short line is no wrap: the next line's own cause stays apart.
  const auto two = read_rejected(
      "spec.containers[0].resources.requests: Invalid value: \"2\": must be equal to nvidia.com/gpu limit\n"
      "spec.containers[0].resources.limits[nvidia.com/gpu]: Invalid value: \"500m\": must be an integer\n");
  ASSERT_EQ(two.rejections.size(), 2U);
  EXPECT_TRUE(two.rejections[1].kinds.fraction);
}

// JSON cut anywhere (inside a string, between `0/` and `3`): a line break inside a JSON string is
// none JSON allows, so the text reads without them.
TEST(Wrapped, JsonCutByATerminalReadsAsPrinted) {
  const auto m = read_scheduler_file(
      "[{\"lastProbeTime\":null,\"lastTransitionTime\":\"2026-12-03T17:07:22Z\",\"message\":\"0/\n"
      "3 nodes are available: 3 Insufficient nvidia.com/gpu. no new claims to deallocat\n"
      "e, preemption: 0/3 nodes are available: 1 No preemption victims found for incomi\n"
      "ng pod, 2 Preemption is not helpful for scheduling.\",\"observedGeneration\":1,\"rea\n"
      "son\":\"Unschedulable\",\"status\":\"False\",\"type\":\"PodScheduled\"}]\n");
  ASSERT_EQ(m.size(), 1U);
  EXPECT_EQ(m[0].available, 0);
  EXPECT_EQ(m[0].total, 3);
  EXPECT_TRUE(m[0].insufficient("nvidia.com/gpu"));
  const auto a = read_advertised(
      "[{\"key\":\"lab-node-0\",\"value\":\"2\"},{\"key\":\"lab-node-1\",\"value\":null},{\"key\":\"lab-\n"
      "node-2\",\"value\":null}]\n");
  EXPECT_EQ(a.problem, "");
  EXPECT_EQ(a.order, (std::vector<std::string>{"lab-node-0", "lab-node-1", "lab-node-2"}));
  EXPECT_EQ(a.amounts.at("lab-node-0"), "2");
}

// Plain text cut between `0/` and `3`: the frame still reads.
TEST(Wrapped, AMessageCutAtItsSlashReads) {
  const auto m = read_scheduler_file(
      "Warning  FailedScheduling  12s  default-scheduler  0/\n"
      "3 nodes are available: 3 Insufficient nvidia.com/gpu.\n");
  ASSERT_EQ(m.size(), 1U);
  EXPECT_EQ(m[0].total, 3);
  EXPECT_TRUE(m[0].insufficient("nvidia.com/gpu"));
}

}  // namespace
}  // namespace gpuwhy::readers
