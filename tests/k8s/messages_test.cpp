// Scheduler and apiserver matchers against every wording of docs/kubernetes-facts.md §1-§2,
// including the versions that were not captured (≤1.23, 1.24-1.33, 1.34 with the DRA tail,
// 1.35+ "untolerated taint(s)", the doubled final period).
#include <gtest/gtest.h>

#include <map>
#include <string>

#include <nlohmann/json.hpp>

#include "gpuwhy/k8s/messages.h"

namespace gpuwhy::messages {
namespace {

// The taint the messages below are compared for, as a caller of same_reasons sets it up.
constexpr messages::TaintRef kOwn{"nvidia.com/gpu", "present"};

struct SchedCase {
  const char* name;
  const char* text;
  int total;
  bool taint;
  bool selector;
  bool insufficient;
  bool dra;
  bool preemption;
  const char* reasons;  ///< describe_reasons() of the parsed message
};

const SchedCase kSched[] = {
    {"taint_le_1_23",
     "0/3 nodes are available: 1 node(s) had taint {nvidia.com/gpu: present}, that the pod didn't tolerate, 2 node(s) "
     "didn't match Pod's node affinity/selector.",
     3, true, true, false, false, false,
     "1 node(s) had taint {nvidia.com/gpu: present}, that the pod didn't tolerate, 2 node(s) didn't match Pod's node "
     "affinity/selector"},
    {"taint_1_24_to_1_33",
     "0/3 nodes are available: 1 node(s) had untolerated taint {nvidia.com/gpu: present}, 2 node(s) didn't match Pod's "
     "node affinity/selector. preemption: 0/3 nodes are available: 3 Preemption is not helpful for scheduling.",
     3, true, true, false, false, true,
     "1 node(s) had untolerated taint {nvidia.com/gpu: present}, 2 node(s) didn't match Pod's node affinity/selector"},
    {"taint_1_34_dra",
     "0/3 nodes are available: 1 node(s) had untolerated taint {nvidia.com/gpu: present}, 2 node(s) didn't match Pod's "
     "node affinity/selector. no new claims to deallocate, preemption: 0/3 nodes are available: 3 Preemption is not "
     "helpful for scheduling.",
     3, true, true, false, true, true,
     "1 node(s) had untolerated taint {nvidia.com/gpu: present}, 2 node(s) didn't match Pod's node affinity/selector"},
    {"taint_1_35_dra",
     "0/3 nodes are available: 1 node(s) had untolerated taint(s), 2 node(s) didn't match Pod's node "
     "affinity/selector. no new claims to deallocate, preemption: 0/3 nodes are available: 3 Preemption is not helpful "
     "for scheduling.",
     3, true, true, false, true, true,
     "1 node(s) had untolerated taint(s), 2 node(s) didn't match Pod's node affinity/selector"},
    {"taint_1_37_captured",
     "0/3 nodes are available: 1 node(s) had untolerated taint(s), 2 node(s) didn't match Pod's node "
     "affinity/selector. preemption: 0/3 nodes are available: 3 Preemption is not helpful for scheduling.",
     3, true, true, false, false, true,
     "1 node(s) had untolerated taint(s), 2 node(s) didn't match Pod's node affinity/selector"},
    {"taint_doubled_period_1_28",
     "0/3 nodes are available: 1 node(s) had untolerated taint {nvidia.com/gpu: present}, 2 node(s) didn't match Pod's "
     "node affinity/selector. preemption: 0/3 nodes are available: 3 Preemption is not helpful for scheduling..",
     3, true, true, false, false, true,
     "1 node(s) had untolerated taint {nvidia.com/gpu: present}, 2 node(s) didn't match Pod's node affinity/selector"},
    {"insufficient_le_1_33",
     "0/3 nodes are available: 3 Insufficient nvidia.com/gpu. preemption: 0/3 nodes are available: 3 No preemption "
     "victims found for incoming pod.",
     3, false, false, true, false, true, "3 Insufficient nvidia.com/gpu"},
    {"insufficient_1_34_dra",
     "0/3 nodes are available: 3 Insufficient nvidia.com/gpu. no new claims to deallocate, preemption: 0/3 nodes are "
     "available: 3 No preemption victims found for incoming pod.",
     3, false, false, true, true, true, "3 Insufficient nvidia.com/gpu"},
    {"insufficient_pr_131345",
     "0/3 nodes are available: 3 Insufficient nvidia.com/gpu. no new claims to deallocate, preemption: 0/3 nodes are "
     "available: 1 No preemption victims found for incoming pod, 2 Preemption is not helpful for scheduling.",
     3, false, false, true, true, true, "3 Insufficient nvidia.com/gpu"},
    {"insufficient_doubled_period",
     "0/3 nodes are available: 3 Insufficient nvidia.com/gpu. preemption: 0/3 nodes are available: 3 No preemption "
     "victims found for incoming pod..",
     3, false, false, true, false, true, "3 Insufficient nvidia.com/gpu"},
    {"insufficient_no_tail", "0/3 nodes are available: 3 Insufficient nvidia.com/gpu.", 3, false, false, true, false,
     false, "3 Insufficient nvidia.com/gpu"},
    {"insufficient_with_selector",
     "0/3 nodes are available: 1 Insufficient nvidia.com/gpu, 2 node(s) didn't match Pod's node affinity/selector.", 3,
     false, true, true, false, false,
     "1 Insufficient nvidia.com/gpu, 2 node(s) didn't match Pod's node affinity/selector"},
    {"captured_0_of_5",
     "0/5 nodes are available: 1 Insufficient nvidia.com/gpu, 4 node(s) didn't match Pod's node affinity/selector. no "
     "new claims to deallocate, preemption: 0/5 nodes are available: 1 No preemption victims found for incoming pod, 4 "
     "Preemption is not helpful for scheduling.",
     5, false, true, true, true, true,
     "1 Insufficient nvidia.com/gpu, 4 node(s) didn't match Pod's node affinity/selector"},
    {"taint_and_insufficient",
     "0/3 nodes are available: 1 node(s) had untolerated taint {nvidia.com/gpu: present}, 2 Insufficient "
     "nvidia.com/gpu. preemption: 0/3 nodes are available: 1 Preemption is not helpful for scheduling, 2 No preemption "
     "victims found for incoming pod.",
     3, true, false, true, false, true,
     "1 node(s) had untolerated taint {nvidia.com/gpu: present}, 2 Insufficient nvidia.com/gpu"},
    {"describe_events_line",
     "Events:\n  Type     Reason            Age   From               Message\n  ----     ------            ----  ----  "
     "  "
     "           -------\n  Warning  FailedScheduling  12s   default-scheduler  0/3 nodes are available: 1 node(s) had "
     "untolerated taint(s), 2 node(s) didn't match Pod's node affinity/selector. preemption: 0/3 nodes are available: "
     "3 "
     "Preemption is not helpful for scheduling.\n",
     3, true, true, false, false, true,
     "1 node(s) had untolerated taint(s), 2 node(s) didn't match Pod's node affinity/selector"},
    {"wrapped_over_lines",
     "0/3 nodes are available: 1 node(s) had untolerated taint(s),\n2 node(s) didn't match Pod's node\n"
     "affinity/selector. preemption: 0/3 nodes are available: 3 Preemption is not helpful for scheduling.",
     3, true, true, false, false, true,
     "1 node(s) had untolerated taint(s), 2 node(s) didn't match Pod's node affinity/selector"},
    {"crlf_and_prompt",
     "$ kubectl get pod cpu-only -o jsonpath=...\r\n0/3 nodes are available: 3 Insufficient "
     "nvidia.com/gpu. preemption: 0/3 nodes are available: 3 No preemption victims found for "
     "incoming pod.\r\n",
     3, false, false, true, false, true, "3 Insufficient nvidia.com/gpu"},
};

class SchedulerMessages : public testing::TestWithParam<SchedCase> {};

TEST_P(SchedulerMessages, Parses) {
  const SchedCase& c = GetParam();
  const auto m = parse_scheduler_message(c.text);
  ASSERT_TRUE(m.has_value()) << c.text;
  EXPECT_EQ(m->available, 0);
  EXPECT_EQ(m->total, c.total);
  EXPECT_EQ(m->blames_taint(), c.taint);
  EXPECT_EQ(m->blames_selector(), c.selector);
  EXPECT_EQ(m->insufficient("nvidia.com/gpu"), c.insufficient);
  EXPECT_EQ(m->dra_tail, c.dra);
  EXPECT_EQ(m->preemption_tail, c.preemption);
  EXPECT_EQ(describe_reasons(*m), c.reasons);
  // The tail never leaks into the reasons.
  EXPECT_EQ(m->main.find("preemption"), std::string::npos);
  EXPECT_EQ(m->main.find("claims"), std::string::npos);
}

INSTANTIATE_TEST_SUITE_P(Wordings, SchedulerMessages, testing::ValuesIn(kSched),
                         [](const testing::TestParamInfo<SchedCase>& i) { return std::string(i.param.name); });

TEST(SchedulerMessages, NoFrameIsNotAMessage) {
  EXPECT_FALSE(parse_scheduler_message("").has_value());
  EXPECT_FALSE(parse_scheduler_message("pod/cpu-only created").has_value());
  EXPECT_FALSE(parse_scheduler_message("nodes are available: 3 Insufficient nvidia.com/gpu.").has_value());
  EXPECT_FALSE(parse_scheduler_message("Successfully assigned gpu-why/trainer to lab-node-0").has_value());
}

TEST(SchedulerMessages, TaintFormsAreOneReason) {
  const auto old = classify_reason("node(s) had taint {nvidia.com/gpu: present}, that the pod didn't tolerate");
  const auto mid = classify_reason("node(s) had untolerated taint {nvidia.com/gpu: present}");
  const auto now = classify_reason("node(s) had untolerated taint(s)");
  EXPECT_EQ(old.kind, ReasonKind::kTaint);
  EXPECT_EQ(mid.kind, ReasonKind::kTaint);
  EXPECT_EQ(now.kind, ReasonKind::kTaint);
  EXPECT_EQ(old.resource, "nvidia.com/gpu");
  EXPECT_EQ(mid.resource, "nvidia.com/gpu");
  EXPECT_EQ(now.resource, "");
  EXPECT_EQ(old.key(kOwn), now.key(kOwn));
  EXPECT_EQ(classify_reason("node(s) didn't match Pod's node affinity/selector").kind, ReasonKind::kSelector);
  const auto ins = classify_reason("Insufficient nvidia.com/gpu");
  EXPECT_EQ(ins.kind, ReasonKind::kInsufficient);
  EXPECT_EQ(ins.key(kOwn), "insufficient:nvidia.com/gpu");
  EXPECT_EQ(classify_reason("Insufficient cpu").key(kOwn), "insufficient:cpu");
  EXPECT_EQ(classify_reason("node(s) were unschedulable").kind, ReasonKind::kOther);
}

// The ≤1.34 wordings name the taint's value too: a message saved while the taint had another
// value (`true` before the student fixed it to `present`) is another reason than the live one.
TEST(SchedulerMessages, TheLabTaintsValueCountsWhereTheMessageNamesIt) {
  const auto present = classify_reason("node(s) had untolerated taint {nvidia.com/gpu: present}");
  const auto stale = classify_reason("node(s) had untolerated taint {nvidia.com/gpu: true}");
  const auto old_stale = classify_reason("node(s) had taint {nvidia.com/gpu: yes}, that the pod didn't tolerate");
  const auto unnamed = classify_reason("node(s) had untolerated taint(s)");
  const auto other = classify_reason("node(s) had untolerated taint {dedicated: gpu}");
  EXPECT_EQ(present.value, "present");
  EXPECT_EQ(stale.value, "true");
  EXPECT_EQ(present.key(kOwn), "taint");
  EXPECT_EQ(unnamed.key(kOwn), "taint");
  EXPECT_EQ(stale.key(kOwn), "taint:nvidia.com/gpu=true");
  EXPECT_EQ(old_stale.key(kOwn), "taint:nvidia.com/gpu=yes");
  EXPECT_EQ(other.key(kOwn), "taint:dedicated");
  const auto live = parse_scheduler_message(
      "0/3 nodes are available: 1 node(s) had untolerated taint {nvidia.com/gpu: present}, 2 node(s) didn't match "
      "Pod's node affinity/selector. preemption: 0/3 nodes are available: 3 Preemption is not helpful for scheduling.");
  const auto saved = parse_scheduler_message(
      "0/3 nodes are available: 1 node(s) had untolerated taint {nvidia.com/gpu: true}, 2 node(s) didn't match "
      "Pod's node affinity/selector. preemption: 0/3 nodes are available: 3 Preemption is not helpful for scheduling.");
  const auto newer = parse_scheduler_message(
      "0/3 nodes are available: 1 node(s) had untolerated taint(s), 2 node(s) didn't match Pod's node "
      "affinity/selector. preemption: 0/3 nodes are available: 3 Preemption is not helpful for scheduling.");
  ASSERT_TRUE(live && saved && newer);
  EXPECT_FALSE(same_reasons(*saved, *live, kOwn));
  EXPECT_FALSE(same_reasons(*saved, *newer, kOwn));
  EXPECT_TRUE(same_reasons(*live, *newer, kOwn));
}

TEST(SchedulerMessages, SameReasonsIgnoresTailAndWording) {
  const auto a = parse_scheduler_message(kSched[1].text);  // 1.24-1.33, preemption only
  const auto b = parse_scheduler_message(kSched[2].text);  // 1.34, DRA tail
  const auto c = parse_scheduler_message(kSched[3].text);  // 1.35, taint(s)
  const auto d = parse_scheduler_message(kSched[6].text);  // Insufficient
  ASSERT_TRUE(a && b && c && d);
  EXPECT_TRUE(same_reasons(*a, *b, kOwn));
  EXPECT_TRUE(same_reasons(*a, *c, kOwn));
  EXPECT_FALSE(same_reasons(*a, *d, kOwn));
  const auto e = parse_scheduler_message(
      "0/4 nodes are available: 1 node(s) had untolerated taint(s), 3 node(s) didn't match Pod's node "
      "affinity/selector.");
  ASSERT_TRUE(e);
  EXPECT_FALSE(same_reasons(*c, *e, kOwn));
  const auto f = parse_scheduler_message(kSched[7].text);
  const auto g = parse_scheduler_message(kSched[8].text);
  ASSERT_TRUE(f && g);
  EXPECT_TRUE(same_reasons(*f, *g, kOwn));  // only the preemption tail differs
}

// The scheduler's words are written in one place: each recorded v1.34.0 message
// (fixtures/why-held/v1.34.0/held-preempt-*.json, docs/kubernetes-facts.md) from its parts, and
// the tail read back from the message.
TEST(SchedulerMessages, WritesThePreemptionTailsTheSchedulerWrote) {
  const std::map<std::string, int> reasons = {{"Insufficient cpu", 1},
                                              {"node(s) had untolerated taint {dedicated: ml}", 6}};
  // Preemption nominated a node: no PostFilter text at all.
  EXPECT_EQ(fit_error_text(7, reasons),
            "0/7 nodes are available: 1 Insufficient cpu, 6 node(s) had untolerated taint {dedicated: ml}.");
  const std::string never =
      fit_error_text(7, reasons, {std::string(kNoClaimsToDeallocate), preemption_reason(kNotEligibleNever)});
  EXPECT_EQ(
      never,
      "0/7 nodes are available: 1 Insufficient cpu, 6 node(s) had untolerated taint {dedicated: ml}. no new claims "
      "to deallocate, preemption: not eligible due to preemptionPolicy=Never.");
  EXPECT_EQ(preemption_text(never), "not eligible due to preemptionPolicy=Never.");
  const std::string tail =
      fit_error_text(7, {{"Insufficient cpu", 1}, {std::string(kNoVictims), 1}, {std::string(kNotHelpful), 5}});
  const std::string short_of_room =
      fit_error_text(7, {{"Insufficient cpu", 2}, {"node(s) had untolerated taint {dedicated: ml}", 5}},
                     {std::string(kNoClaimsToDeallocate), preemption_reason(tail)});
  EXPECT_EQ(
      short_of_room,
      "0/7 nodes are available: 2 Insufficient cpu, 5 node(s) had untolerated taint {dedicated: ml}. no new claims "
      "to deallocate, preemption: 0/7 nodes are available: 1 Insufficient cpu, 1 No preemption victims found "
      "for incoming pod, 5 Preemption is not helpful for scheduling.");
  EXPECT_EQ(preemption_text(short_of_room), tail);
  EXPECT_EQ(preemption_text(fit_error_text(7, reasons)), "");
  // The tail's own frame is no second message.
  EXPECT_EQ(parse_scheduler_messages(short_of_room).size(), 1U);
}

TEST(SchedulerMessages, NormalizeCollapsesDoubledPeriodOnly) {
  EXPECT_EQ(normalize("a  b\n\tc.."), "a b c.");
  EXPECT_EQ(normalize("x.. y"), "x. y");
  EXPECT_EQ(normalize("wait..."), "wait...");
  EXPECT_EQ(normalize("nvidia.com/gpu"), "nvidia.com/gpu");
  // A terminal's wrap right before a colon, a comma or a period left a break there, no blank.
  EXPECT_EQ(normalize("0/3 nodes are available\n: 3 Insufficient nvidia.com/gpu\n."),
            "0/3 nodes are available: 3 Insufficient nvidia.com/gpu.");
  EXPECT_EQ(normalize("{nvidia.com/gpu: present}\n, 2 node(s)"), "{nvidia.com/gpu: present}, 2 node(s)");
  EXPECT_EQ(normalize("a : b"), "a : b");
  // ... or right after a dot inside a name: a bare break, then the name goes on in lower case,
  // inside a taint's braces or up to a `/`.
  EXPECT_EQ(normalize("taint {nvidia.\ncom/gpu: present}"), "taint {nvidia.com/gpu: present}");
  EXPECT_EQ(normalize("taint {nvidia.com/gpu.\npresent: true}"), "taint {nvidia.com/gpu.present: true}");
  EXPECT_EQ(normalize("Insufficient nvidia.\r\ncom/gpu."), "Insufficient nvidia.com/gpu.");
  // A sentence after a period keeps its blank, however the line was cut.
  EXPECT_EQ(normalize("selector.\nno new claims"), "selector. no new claims");
  EXPECT_EQ(normalize("scheduling.\n0/3 nodes"), "scheduling. 0/3 nodes");
  EXPECT_EQ(normalize("selector.\npreemption: 0/3"), "selector. preemption: 0/3");
  EXPECT_EQ(normalize("{nvidia.com/gpu: present}.\nno new"), "{nvidia.com/gpu: present}. no new");
  EXPECT_EQ(normalize("nvidia. \ncom/gpu"), "nvidia. com/gpu");
}

// ---- apiserver ----------------------------------------------------------------------------

struct ApiCase {
  const char* name;
  const char* text;
  bool mismatch;
  bool fraction;
};

const ApiCase kApi[] = {
    {"mismatch_ge_1_27",
     "The Pod \"bad-mismatch\" is invalid: spec.containers[0].resources.requests: Invalid value: \"2\": must be equal "
     "to nvidia.com/gpu limit of 1",
     true, false},
    {"mismatch_1_24_to_1_26",
     "The Pod \"bad-mismatch\" is invalid: spec.containers[0].resources.requests: Invalid value: \"2\": must be equal "
     "to nvidia.com/gpu limit",
     true, false},
    {"mismatch_error_when_creating",
     "Error from server (Invalid): error when creating \"bad.yaml\": Pod \"bad-mismatch\" is invalid: "
     "spec.containers[0].resources.requests: Invalid value: \"2\": must be equal to nvidia.com/gpu limit of 1",
     true, false},
    {"fraction_star_line_ge_1_34",
     "* spec.containers[0].resources.limits[nvidia.com/gpu]: Invalid value: \"500m\": must be an integer", false, true},
    {"fraction_go_struct_le_1_33",
     "* spec.containers[0].resources.limits[nvidia.com/gpu]: Invalid value: resource.Quantity{i:resource.int64Amount{"
     "value:500, scale:-3}, d:resource.infDecAmount{Dec:(*inf.Dec)(nil)}, s:\"500m\", Format:\"DecimalSI\"}: must be "
     "an integer",
     false, true},
    {"fraction_request_single",
     "The Pod \"f\" is invalid: spec.initContainers[0].resources.requests[nvidia.com/gpu]: Invalid value: \"1500m\": "
     "must be an integer",
     false, true},
    {"status_message_aggregate",
     "Pod \"bad-fraction\" is invalid: [spec.containers[0].resources.limits[nvidia.com/gpu]: Invalid value: \"500m\": "
     "must be an integer, spec.containers[0].resources.requests[nvidia.com/gpu]: Invalid value: \"500m\": must be an "
     "integer]",
     false, true},
    {"both_rules_one_pod",
     "Pod \"x\" is invalid: [spec.containers[0].resources.requests[nvidia.com/gpu]: Invalid value: \"500m\": must be "
     "an integer, spec.containers[0].resources.requests: Invalid value: \"500m\": must be equal to nvidia.com/gpu "
     "limit of 1]",
     true, true},
    {"limit_required_is_neither",
     "The Pod \"r\" is invalid: spec.containers[0].resources.limits: Required value: Limit must be set for non "
     "overcommitable resources",
     false, false},
    {"node_capacity_is_not_pod_rule",
     "The Node \"lab-node-0\" is invalid: status.capacity.nvidia.com/gpu: Invalid value: \"500m\": must be an integer",
     false, false},
    {"cpu_integer_is_not_gpu",
     "* spec.containers[0].resources.limits[example.com/foo]: Invalid value: \"500m\": must be an integer", false,
     false},
    {"another_resource_named_alike_is_not_gpu",
     "The Pod \"bad-fraction\" is invalid: \n* spec.containers[0].resources.limits[nvidia.com/gpus]: Invalid value: "
     "\"500m\": must be an integer\n* spec.containers[0].resources.requests[nvidia.com/gpu.shared]: Invalid value: "
     "\"500m\": must be an integer",
     false, false},
    {"created_is_nothing", "pod/bad-mismatch created", false, false},
};

class ApiserverText : public testing::TestWithParam<ApiCase> {};

TEST_P(ApiserverText, Classifies) {
  const ApiCase& c = GetParam();
  const auto k = classify(causes_from_text(c.text));
  EXPECT_EQ(k.mismatch, c.mismatch) << c.text;
  EXPECT_EQ(k.fraction, c.fraction) << c.text;
}

INSTANTIATE_TEST_SUITE_P(Wordings, ApiserverText, testing::ValuesIn(kApi),
                         [](const testing::TestParamInfo<ApiCase>& i) { return std::string(i.param.name); });

TEST(ApiserverText, SplitsFieldsAndMessages) {
  const auto cs = causes_from_text(kApi[6].text);
  ASSERT_EQ(cs.size(), 2U);
  EXPECT_EQ(cs[0].field, "spec.containers[0].resources.limits[nvidia.com/gpu]");
  EXPECT_EQ(cs[0].message, "Invalid value: \"500m\": must be an integer");
  EXPECT_EQ(cs[1].field, "spec.containers[0].resources.requests[nvidia.com/gpu]");
  const auto dump = causes_from_text(kApi[4].text);
  ASSERT_EQ(dump.size(), 1U);
  EXPECT_EQ(dump[0].field, "spec.containers[0].resources.limits[nvidia.com/gpu]");
}

TEST(ApiserverStatus, FromCausesAndFromMessage) {
  const auto with_causes = nlohmann::json::parse(R"({"kind":"Status","apiVersion":"v1","metadata":{},"status":"Failure",
   "message":"Pod \"bad-mismatch\" is invalid: spec.containers[0].resources.requests: Invalid value: \"2\": must be equal to nvidia.com/gpu limit of 1",
   "reason":"Invalid","details":{"name":"bad-mismatch","kind":"Pod","causes":[
   {"reason":"FieldValueInvalid","message":"Invalid value: \"2\": must be equal to nvidia.com/gpu limit of 1","field":"spec.containers[0].resources.requests"}]},
   "code":422})");
  auto k = classify(causes_from_status(with_causes));
  EXPECT_TRUE(k.mismatch);
  EXPECT_FALSE(k.fraction);
  const auto fraction = nlohmann::json::parse(R"({"kind":"Status","code":422,"reason":"Invalid","details":{"causes":[
   {"reason":"FieldValueInvalid","message":"Invalid value: resource.Quantity{i:resource.int64Amount{value:5, scale:-1}, d:resource.infDecAmount{Dec:(*inf.Dec)(nil)}, s:\"\", Format:\"DecimalSI\"}: must be an integer","field":"spec.containers[0].resources.limits[nvidia.com/gpu]"}]}})");
  k = classify(causes_from_status(fraction));
  EXPECT_FALSE(k.mismatch);
  EXPECT_TRUE(k.fraction);
  const auto message_only = nlohmann::json::parse(
      R"({"kind":"Status","code":422,"message":"Pod \"f\" is invalid: [spec.containers[0].resources.limits[nvidia.com/gpu]: Invalid value: \"500m\": must be an integer, spec.containers[0].resources.requests[nvidia.com/gpu]: Invalid value: \"500m\": must be an integer]"})");
  k = classify(causes_from_status(message_only));
  EXPECT_TRUE(k.fraction);
  EXPECT_FALSE(classify(causes_from_status(nlohmann::json())).fraction);
  EXPECT_FALSE(classify(causes_from_status(nlohmann::json::parse(R"({"kind":"Pod"})"))).mismatch);
}

}  // namespace
}  // namespace gpuwhy::messages
