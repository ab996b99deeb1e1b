// Each check's static facts live in its row (CheckInfo): the causes it declares and the rule that
// picks among them, the lab pod its step creates, the gate-report counts its failure changes.
// These hold the rows to one another and to the lab, and checks::fact_owners() to the rows.
#include <gtest/gtest.h>

#include <algorithm>
#include <map>
#include <set>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "checks.h"
#include "gpuwhy/lab/lab.h"

namespace gpuwhy {
namespace {

bool names_a_cause(const checks::CheckInfo& c) {
  return std::any_of(c.may_be_caused_by.begin(), c.may_be_caused_by.end(), [](auto id) { return !id.empty(); });
}

// The rows that own each fact (a pod when `pods`, else a count), each owner with its rank.
std::map<std::string_view, std::vector<std::pair<int, std::string_view>>> owned(bool pods) {
  std::map<std::string_view, std::vector<std::pair<int, std::string_view>>> out;
  for (const auto& c : checks::all()) {
    if (pods && !c.creates.fact.empty()) out[c.creates.fact].emplace_back(c.creates.rank, c.id);
    if (pods) continue;
    for (const auto& o : c.counts) {
      if (!o.fact.empty()) out[o.fact].emplace_back(o.rank, c.id);
    }
  }
  return out;
}

// The owners of one fact are asked in a total order: their ranks are 0, 1, … once each.
void expect_ranked_once(std::string_view fact, std::vector<std::pair<int, std::string_view>> owners) {
  std::sort(owners.begin(), owners.end());
  for (std::size_t i = 0; i < owners.size(); ++i) {
    EXPECT_EQ(owners[i].first, static_cast<int>(i))
        << fact << ": " << owners[i].second << " has rank " << owners[i].first << " of " << owners.size() << " owners";
  }
}

std::vector<std::string_view> by_rank(std::vector<std::pair<int, std::string_view>> owners) {
  std::stable_sort(owners.begin(), owners.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
  std::vector<std::string_view> out;
  for (const auto& o : owners) out.push_back(o.second);
  return out;
}

TEST(CheckFacts, DeclaredCausesAreOtherKnownChecksOnce) {
  for (const auto& c : checks::all()) {
    std::set<std::string_view> seen;
    for (auto cause : c.may_be_caused_by) {
      if (cause.empty()) continue;
      EXPECT_NE(checks::find(cause), nullptr) << c.id << " declares unknown " << cause;
      EXPECT_NE(cause, c.id) << c.id << " declares itself";
      EXPECT_TRUE(seen.insert(cause).second) << c.id << " declares " << cause << " twice";
    }
  }
}

// A rule can only name a declared cause, and a declared cause is only ever named by a rule: a row
// has a rule exactly when it declares a cause, and no two rows share one.
TEST(CheckFacts, ARuleExactlyWhereCausesAreDeclared) {
  std::map<std::string (*)(const checks::causes::Ctx&), std::string_view> rules;
  int with_rule = 0;
  for (const auto& c : checks::all()) {
    EXPECT_EQ(c.cause != nullptr, names_a_cause(c))
        << c.id << (c.cause != nullptr ? " has a rule and declares no cause" : " declares causes and has no rule");
    if (c.cause == nullptr) continue;
    ++with_rule;
    const auto [it, fresh] = rules.emplace(c.cause, c.id);
    EXPECT_TRUE(fresh) << c.id << " shares its rule with " << it->second;
  }
  EXPECT_GT(with_rule, 0);
}

// Every pod the student creates has the checks of the step that creates it, ranked once; no row
// names a pod the lab does not have.
TEST(CheckFacts, EveryLabPodHasTheChecksOfOneStep) {
  const auto pods = owned(true);
  for (auto pod : lab::kPods) {
    SCOPED_TRACE(std::string(pod));
    const auto it = pods.find(pod);
    ASSERT_NE(it, pods.end()) << "no check creates it";
    std::set<int> steps;
    for (const auto& [rank, id] : it->second) steps.insert(checks::find(id)->step);
    EXPECT_EQ(steps.size(), 1U) << "its creators are in several steps";
  }
  for (const auto& [pod, owners] : pods) {
    EXPECT_NE(std::find(lab::kPods.begin(), lab::kPods.end(), pod), lab::kPods.end()) << "not a lab pod: " << pod;
    expect_ranked_once(pod, owners);
  }
}

// Every count a row owns is a key of the gate report, owned once by each of its checks, ranked once.
TEST(CheckFacts, CountsAreGateKeysRankedOnce) {
  for (const auto& c : checks::all()) {
    std::set<std::string_view> keys;
    for (const auto& o : c.counts) {
      if (o.fact.empty()) continue;
      EXPECT_TRUE(keys.insert(o.fact).second) << c.id << " owns " << o.fact << " twice";
    }
  }
  const auto counts = owned(false);
  EXPECT_FALSE(counts.empty());
  for (const auto& [key, owners] : counts) {
    EXPECT_NE(std::find(lab::kGateKeys.begin(), lab::kGateKeys.end(), key), lab::kGateKeys.end())
        << "not a gate-report key: " << key;
    expect_ranked_once(key, owners);
  }
}

// fact_owners() is what the rows say: for a pod, the namespace and the NoExecute taint, then the
// row that can remove it alone (trainer's eviction), then the pod's creators; for a count, its owners; each in rank
// order. A file has none.
TEST(CheckFacts, FactOwnersAreTheRowsInRankOrder) {
  const auto pods = owned(true);
  for (auto pod : lab::kPods) {
    std::vector<std::string_view> want;  // first the rows whose failure can remove every pod
    for (const auto& c : checks::all()) {
      if (c.removes_every_pod != nullptr) want.push_back(c.id);
    }
    for (const auto& c : checks::all()) {  // then those whose failure can remove this pod
      if (c.removes.pod == pod) want.push_back(c.id);
    }
    const auto it = pods.find(pod);
    if (it != pods.end()) {
      for (auto id : by_rank(it->second)) want.push_back(id);
    }
    EXPECT_EQ(checks::fact_owners({Need::Kind::kPod, std::string(pod)}), want) << pod;
  }
  const auto counts = owned(false);
  for (auto key : lab::kGateKeys) {
    const auto it = counts.find(key);
    const auto want = it == counts.end() ? std::vector<std::string_view>{} : by_rank(it->second);
    EXPECT_EQ(checks::fact_owners({Need::Kind::kCount, std::string(key)}), want) << key;
  }
  for (auto file : lab::kStudentFiles) {
    EXPECT_TRUE(checks::fact_owners({Need::Kind::kFile, std::string(file)}).empty()) << file;
  }
}

}  // namespace
}  // namespace gpuwhy
