// kube::read_pages, the one pager of `collect` and `why`: the paths it asks for (limit, then each
// escaped continue token), where it stops, and the page cap that ends a chain that never ends.
#include <gtest/gtest.h>

#include <optional>
#include <string>
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

}  // namespace
}  // namespace gpuwhy
