// kube::read_pages, the one pager of `collect` and `why`: the paths it asks for (limit, then each
// escaped continue token), where it stops, the page cap that ends a chain that never ends, the
// pages that are no list, and the budget every list of one collection shares.
#include <gtest/gtest.h>

#include <optional>
#include <string>
#include <utility>
#include <vector>

#include <nlohmann/json.hpp>

#include "gpuwhy/base/error.h"
#include "gpuwhy/kube/paging.h"

namespace gpuwhy {
namespace {

using nlohmann::json;

json page(int n, const std::string& next) {
  json p = {{"kind", "List"}, {"items", {{{"n", n}}}}, {"metadata", json::object()}};
  if (!next.empty()) p["metadata"]["continue"] = next;
  return p;
}

TEST(KubePaging, FollowsEachContinueTokenEscaped) {
  std::vector<std::string> asked;
  std::vector<int> taken;
  const std::vector<json> pages = {page(0, "a+b/="), page(1, "c"), page(2, "")};
  kube::read_pages(
      "/api/v1/pods?fieldSelector=x",
      [&](const std::string& path) -> std::optional<json> {
        asked.push_back(path);
        return pages.at(asked.size() - 1);
      },
      [&](json& p) { taken.push_back(p["items"][0]["n"].get<int>()); }, 10, 2);
  EXPECT_EQ(asked, (std::vector<std::string>{"/api/v1/pods?fieldSelector=x&limit=2",
                                             "/api/v1/pods?fieldSelector=x&limit=2&continue=a%2Bb%2F%3D",
                                             "/api/v1/pods?fieldSelector=x&limit=2&continue=c"}));
  EXPECT_EQ(taken, (std::vector<int>{0, 1, 2}));
}

TEST(KubePaging, AGetterThatAnswersNothingStops) {
  int asked = 0;
  int taken = 0;
  kube::read_pages(
      "/api/v1/nodes",
      [&](const std::string& path) -> std::optional<json> {
        EXPECT_EQ(path, "/api/v1/nodes?limit=500");
        ++asked;
        return std::nullopt;
      },
      [&](json&) { ++taken; });
  EXPECT_EQ(asked, 1);
  EXPECT_EQ(taken, 0);
}

TEST(KubePaging, TheCapEndsAChainThatNeverEnds) {
  int asked = 0;
  try {
    kube::read_pages(
        "/api/v1/nodes", [&](const std::string&) -> std::optional<json> { return page(asked++, "again"); },
        [](json&) {}, 7);
    ADD_FAILURE() << "no error after " << asked << " pages";
  } catch (const Error& e) {
    EXPECT_EQ(e.kind(), ErrorKind::kParse);
    EXPECT_EQ(std::string(e.what()), "GET /api/v1/nodes: more than 7 pages");
  }
  EXPECT_EQ(asked, 7);
}

// A page that is no list is an error naming the list, never an empty list.
TEST(KubePaging, APageThatIsNoListIsAnError) {
  const std::vector<std::pair<json, std::string>> bad = {
      {json{{"kind", "List"}, {"items", {{"name", "lab-node-0"}}}},
       "GET /api/v1/nodes: not an apiserver answer: a list whose items is JSON object, not an array"},
      {json{{"kind", "List"}, {"items", "none"}},
       "GET /api/v1/nodes: not an apiserver answer: a list whose items is JSON string, not an array"},
      {json("nodes"), "GET /api/v1/nodes: not an apiserver answer: JSON string instead of an object"},
      {json::array(), "GET /api/v1/nodes: not an apiserver answer: JSON array instead of an object"},
  };
  for (const auto& row : bad) {
    const json& answer = row.first;
    const std::string& want = row.second;
    int taken = 0;
    try {
      kube::read_pages(
          "/api/v1/nodes", [&](const std::string&) -> std::optional<json> { return answer; }, [&](json&) { ++taken; });
      ADD_FAILURE() << "no error for " << answer.dump();
    } catch (const Error& e) {
      EXPECT_EQ(e.kind(), ErrorKind::kParse);
      EXPECT_EQ(std::string(e.what()), want);
    }
    EXPECT_EQ(taken, 0) << answer.dump();
  }
  // An empty list may come without items, or with null (Go's nil slice).
  for (const json& empty : {json{{"kind", "List"}}, json{{"kind", "List"}, {"items", nullptr}}}) {
    int taken = 0;
    kube::read_pages(
        "/api/v1/nodes", [&](const std::string&) -> std::optional<json> { return empty; }, [&](json&) { ++taken; });
    EXPECT_EQ(taken, 1) << empty.dump();
  }
}

json fat_page(int n, std::size_t items, std::size_t pad) {
  json p = page(n, "again");
  p["items"] = json::array();
  for (std::size_t i = 0; i < items; ++i) p["items"].push_back({{"name", std::string(pad, 'x')}});
  return p;
}

// A chain that never ends, however few pages the cap allows, ends at the budget's items...
TEST(KubePaging, TheBudgetEndsAtItsItems) {
  kube::ListBudget budget;
  budget.max_items = 1000;
  int asked = 0;
  try {
    kube::read_pages(
        "/api/v1/pods", [&](const std::string&) -> std::optional<json> { return fat_page(asked++, 300, 1); },
        [](json&) {}, kube::kMaxListPages, kube::kListPage, &budget);
    ADD_FAILURE() << "no error after " << asked << " pages";
  } catch (const Error& e) {
    EXPECT_EQ(e.kind(), ErrorKind::kParse);
    EXPECT_EQ(std::string(e.what()), "GET /api/v1/pods: the lists read hold more than 1000 items in all; refused");
    EXPECT_EQ(e.id(), "kube.list-budget-items");
    EXPECT_EQ(e.args().at("url"), "/api/v1/pods");
  }
  EXPECT_EQ(asked, 4);  // 1,200 items: the fourth page passes the limit
}

// ... and at its bytes, counted as held in memory: every page of every list of one collection.
TEST(KubePaging, OneBudgetSpansEveryListOfACollection) {
  kube::ListBudget budget;
  budget.max_bytes = 1024UL * 1024;
  int asked = 0;
  const auto get = [&](const std::string&) -> std::optional<json> {
    ++asked;
    return fat_page(asked, 10, 25UL * 1024);  // more than 250 KB a page
  };
  EXPECT_THROW(kube::read_pages(
                   "/api/v1/nodes", get, [](json&) {}, 3, kube::kListPage, &budget),
               Error);  // the cap
  EXPECT_EQ(asked, 3);
  EXPECT_GT(budget.bytes, 3U * 10 * 25 * 1024);
  try {
    kube::read_pages(
        "/api/v1/pods", get, [](json&) {}, kube::kMaxListPages, kube::kListPage, &budget);
    ADD_FAILURE() << "no error after " << asked << " pages";
  } catch (const Error& e) {
    EXPECT_EQ(std::string(e.what()), "GET /api/v1/pods: the lists read hold more than 1048576 bytes in all; refused");
    EXPECT_EQ(e.id(), "kube.list-budget-bytes");
  }
  EXPECT_EQ(asked, 5);  // two pages of the second list pass the 1 MiB the first left room for
}

// What a parsed value holds, estimated: at least its strings and keys, and a cost per value, so
// that many tiny values (which cost far more parsed than as text) count for what they take.
TEST(KubePaging, HeldBytesCountEveryValue) {
  EXPECT_GE(kube::held_bytes(json(std::string(1000, 'x'))), 1000U);
  json many = json::array();
  for (int i = 0; i < 10000; ++i) many.push_back(json::array());
  EXPECT_GE(kube::held_bytes(many), 10000U * sizeof(json));
  EXPECT_GE(kube::held_bytes(json{{std::string(500, 'k'), 1}}), 500U);
}

}  // namespace
}  // namespace gpuwhy
