// The causal model (CheckInfo::may_be_caused_by, Outcome::caused_by, RunResult::roots): on every
// recorded capture, each cause a check names is one it declares, failed itself, and no chain of
// causes loops; the roots are exactly the failures that name no cause. The intended root of each
// scenario is in the scenario table of checks_test.cpp.
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <set>
#include <string>

#include "checks.h"
#include "gpuwhy/lab/lab.h"
#include "gpuwhy/model/bundle.h"
#include "outcome.h"
#include "report_common_test.h"
#include "solution_grades.h"

namespace gpuwhy {
namespace {

using report_test::all_captures;
using report_test::capture_rel;
using report_test::grade;
using report_test::load_capture;

const CheckResult* find(const RunResult& r, const std::string& id) {
  for (const auto& c : r.checks) {
    if (c.id == id) return &c;
  }
  return nullptr;
}

bool declares(const checks::CheckInfo& info, const std::string& cause) {
  return std::find(info.may_be_caused_by.begin(), info.may_be_caused_by.end(), cause) != info.may_be_caused_by.end();
}

// A cause is one the check declares, or the owner of the fact it needed and found false: one of
// fact_owners(), or a check before it in lab order that needed the very same fact.
bool may_cause(const RunResult& r, const CheckResult& c, const std::string& cause) {
  const checks::CheckInfo* info = checks::find(c.id);
  if (info != nullptr && declares(*info, cause)) return true;
  const Need& need = c.outcome.unmet;
  if (!need) return false;
  const auto owners = checks::fact_owners(need);
  if (std::find(owners.begin(), owners.end(), cause) != owners.end()) return true;
  for (const auto& before : r.checks) {
    if (before.id == c.id) return false;
    if (before.id == cause) return before.outcome.unmet == need;
  }
  return false;
}

void expect_sound(const RunResult& r) {
  for (const auto& c : r.checks) {
    const std::string& cause = c.outcome.caused_by;
    if (cause.empty()) continue;
    SCOPED_TRACE(c.id + " caused_by " + cause);
    EXPECT_EQ(c.outcome.status, Status::kFail) << "only a failure has a cause";
    const checks::CheckInfo* info = checks::find(c.id);
    ASSERT_NE(info, nullptr);
    EXPECT_TRUE(may_cause(r, c, cause)) << "a cause neither declared in may_be_caused_by nor owning a fact it needed";
    const CheckResult* by = find(r, cause);
    ASSERT_NE(by, nullptr) << "no such check";
    EXPECT_EQ(by->outcome.status, Status::kFail) << "the cause did not fail";
    // Following the causes ends at a root within as many steps as there are checks.
    std::set<std::string> seen{c.id};
    for (const CheckResult* at = by; at != nullptr && !at->outcome.caused_by.empty();
         at = find(r, at->outcome.caused_by)) {
      ASSERT_TRUE(seen.insert(at->id).second) << "a cycle of causes through " << at->id;
    }
  }
  std::vector<std::string> want;
  for (const auto& c : r.checks) {
    if (c.outcome.status == Status::kFail && c.outcome.caused_by.empty()) want.push_back(c.id);
  }
  EXPECT_EQ(r.roots(), want);
  for (const auto& c : r.checks) {
    if (c.outcome.status != Status::kFail) continue;
    const std::string root = r.root_of(c.id);
    EXPECT_NE(std::find(want.begin(), want.end(), root), want.end()) << c.id << " leads to " << root;
  }
}

TEST(Causes, OnEveryCaptureDeclaredFailedAndAcyclic) {
  const auto captures = all_captures();
  ASSERT_FALSE(captures.empty());
  int with_cause = 0;
  for (const auto& [version, scenario] : captures) {
    SCOPED_TRACE(capture_rel(version, scenario));
    const auto bundle = load_capture(version, scenario);
    ASSERT_TRUE(bundle.has_value());
    const RunResult r = grade(*bundle, capture_rel(version, scenario));
    expect_sound(r);
    for (const auto& c : r.checks) with_cause += c.outcome.caused_by.empty() ? 0 : 1;
    // The same capture with the cluster unreachable: errors, and no error names a cause.
    const RunResult down = grade(report_test::unreachable(*bundle), capture_rel(version, scenario));
    expect_sound(down);
  }
  EXPECT_GT(with_cause, 0) << "no capture produced a single cause";
}

// Causes read what a check found as a typed fault, never its words: on every capture a failure
// with a fault shows that fault's own hint, a failure showing a fault's hint carries the fault,
// and a pass carries none.
TEST(Causes, EveryFaultShowsItsOwnHint) {
  std::map<std::string, Fault, std::less<>> by_hint;
  for (int i = static_cast<int>(Fault::kFileMissing); i <= static_cast<int>(Fault::kPendingGated); ++i) {
    const auto f = static_cast<Fault>(i);
    ASSERT_FALSE(checks::detail::hint_id(f).empty()) << i;
    EXPECT_TRUE(by_hint.emplace(std::string(checks::detail::hint_id(f)), f).second) << "two faults share " << i;
  }
  int faults = 0;
  for (const auto& [version, scenario] : all_captures()) {
    SCOPED_TRACE(capture_rel(version, scenario));
    const auto bundle = load_capture(version, scenario);
    ASSERT_TRUE(bundle.has_value());
    for (const auto& c : grade(*bundle, capture_rel(version, scenario)).checks) {
      const auto it = by_hint.find(c.outcome.hint.id);
      if (c.outcome.status != Status::kFail) {
        EXPECT_EQ(c.outcome.fault, Fault::kNone) << c.id;
        continue;
      }
      EXPECT_EQ(c.outcome.fault, it == by_hint.end() ? Fault::kNone : it->second) << c.id << " " << c.outcome.hint.id;
      faults += c.outcome.fault == Fault::kNone ? 0 : 1;
    }
  }
  EXPECT_GT(faults, 0);
}

// Every LMS format says which failures are roots, on every capture and in every language: a failed
// test of Gradescope and GitHub Classroom starts "root cause" exactly when it is a root and "caused
// by: ... (CAUSE)" otherwise; Gradescope's extra_data and LTI's comment list exactly the roots; all
// three end their advice with the first root's "Fix first" line.
TEST(Causes, EveryLmsFormatMarksExactlyTheRoots) {
  int roots_seen = 0;
  for (const auto& [version, scenario] : all_captures()) {
    SCOPED_TRACE(capture_rel(version, scenario));
    const auto bundle = load_capture(version, scenario);
    ASSERT_TRUE(bundle.has_value());
    const RunResult r = grade(*bundle, capture_rel(version, scenario));
    const auto roots = r.roots();
    roots_seen += static_cast<int>(roots.size());
    for (const auto lang : i18n::kLangs) {
      render::Options opts;
      opts.lang = lang;
      opts.user = "student-1";
      const std::string root_word = i18n::text("ui.report.root-cause", lang);
      const std::string follows = i18n::text("ui.root.follows-from", lang) + ": ";
      const std::string fix = render::fix_first_line(r, lang);
      EXPECT_EQ(fix.empty(), roots.empty());
      const auto gs = nlohmann::json::parse(render::gradescope(r, opts));
      EXPECT_EQ(gs["extra_data"]["roots"].get<std::vector<std::string>>(), roots);
      if (!fix.empty()) {
        EXPECT_NE(gs["output"].get<std::string>().find(fix), std::string::npos);
      }
      const auto gc = nlohmann::json::parse(render::github_classroom(r, opts));
      std::size_t i = 0;
      for (const auto& c : r.checks) {
        if (c.outcome.status == Status::kSkip) continue;
        const auto& test = gc["tests"][i++];
        if (c.outcome.status != Status::kFail) continue;
        const bool is_root = std::find(roots.begin(), roots.end(), c.id) != roots.end();
        const std::string lead = is_root ? root_word + "\n" : follows;
        EXPECT_EQ(test["message"].get<std::string>().rfind(lead, 0), 0U) << c.id;
        if (!is_root) {
          // The line names the fault of the root the failure follows from (root_of), not a link between.
          EXPECT_NE(test["message"].get<std::string>().find("(" + r.root_of(c.id) + ")"), std::string::npos);
        }
        bool tagged = false;
        for (const auto& t : gs["tests"]) {
          if (t["tags"][1] != c.id || t["visibility"] != "visible") continue;
          EXPECT_EQ(t["output"].get<std::string>().rfind(lead, 0), 0U) << c.id;
          const auto tags = t["tags"].get<std::vector<std::string>>();
          const std::string want = is_root ? "root-cause" : "caused-by:" + c.outcome.caused_by;
          tagged = std::find(tags.begin(), tags.end(), want) != tags.end();
        }
        EXPECT_TRUE(tagged) << c.id;
      }
      const std::string comment = nlohmann::json::parse(render::lti(r, opts))["comment"];
      std::string listed;
      for (const auto& id : roots) listed += (listed.empty() ? "" : ", ") + id;
      const std::string line = i18n::text("ui.report.root-ids", lang) + ": " + listed + "\n";
      EXPECT_EQ(comment.find(line) != std::string::npos, !roots.empty()) << comment;
      if (!fix.empty()) {
        EXPECT_NE(comment.find(fix), std::string::npos);
      }
    }
  }
  EXPECT_GT(roots_seen, 0);
}

// A lab pod's manifest that cannot be what made the pod (not YAML, no Pod in it, a toleration the
// apiserver refuses) is one mistake however many checks read the file: the first check reading it
// is the root, the others its consequences.
TEST(Causes, ABrokenManifestIsOneCauseWhateverChecksReadIt) {
  const std::vector<std::pair<std::string, std::string>> breaks{
      {"not YAML", "spec: [\n"},
      {"no Pod", "---\napiVersion: v1\nkind: Service\nmetadata:\n  name: x\n"},
      {"refused toleration", "  tolerations:\n  - {key: nvidia.com/gpu, operator: exists}\n"}};
  int with_consequences = 0;
  for (const auto& bundle : gpuwhy_test::solutions()) {
    const Snapshot base = load_bundle(bundle.string());
    for (const std::string_view file : lab::kPodManifests) {
      for (const auto& [what, text] : breaks) {
        SCOPED_TRACE(bundle.string() + " " + std::string(file) + " " + what);
        Snapshot s = base;
        auto& f = s.files.at(std::string(file));
        // A broken file replaces the manifest; a refused toleration is added to it.
        f.content = what == "refused toleration" ? f.content + text : text;
        f.size = f.content.size();
        const RunResult r = checks::run(s, checks::Selection{}, RunMeta{});
        const auto roots = r.roots();
        ASSERT_EQ(roots.size(), 1U) << ::testing::PrintToString(roots);
        for (const auto& c : r.checks) {
          if (c.outcome.status == Status::kFail) {
            EXPECT_EQ(r.root_of(c.id), roots[0]) << c.id;
          }
        }
        with_consequences += r.consequences_of(roots[0]).empty() ? 0 : 1;
      }
    }
  }
  // trainer.yaml and trainer2.yaml are each read by two checks.
  EXPECT_GE(with_consequences, 6);
}

TEST(Causes, ACauseThatDidNotFailExplainsNothing) {
  RunResult r;
  const auto add = [&r](const char* id, Status st, const char* cause) {
    CheckResult c;
    c.id = id;
    c.outcome.status = st;
    c.outcome.caused_by = cause;
    r.checks.push_back(c);
  };
  add("a", Status::kPass, "");
  add("b", Status::kFail, "a");  // its cause passed: b is a root
  add("c", Status::kFail, "b");
  add("d", Status::kFail, "e");  // a loop (the capture test proves none happens) hides neither
  add("e", Status::kFail, "d");
  EXPECT_EQ(r.root_of("c"), "b");
  EXPECT_EQ(r.root_of("a"), "");
  const auto roots = r.roots();
  EXPECT_NE(std::find(roots.begin(), roots.end(), "b"), roots.end());
  EXPECT_EQ(std::find(roots.begin(), roots.end(), "c"), roots.end());
  EXPECT_NE(std::find(roots.begin(), roots.end(), "d"), roots.end());
  ASSERT_EQ(r.consequences_of("b").size(), 1U);
  EXPECT_EQ(r.consequences_of("b")[0]->id, "c");
}

}  // namespace
}  // namespace gpuwhy
