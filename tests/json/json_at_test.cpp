// checks::detail::at() walks an RFC 6901 pointer in place (the checks' hot path). It must give
// the answers nlohmann's json_pointer gives: the same value where that finds one, nullptr where
// that finds none or refuses the pointer. Compared on every pointer into a recorded capture's
// objects and on hand-made edge cases (escapes, array indices, bad escapes).
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "../../checks/common.h"
#include "report_common_test.h"

namespace gpuwhy {
namespace {

using nlohmann::json;

// What json_pointer says: the value, or nullptr when the pointer is bad or leads nowhere.
const json* by_json_pointer(const json& doc, const std::string& p) {
  try {
    const json::json_pointer ptr(p);
    if (!doc.contains(ptr)) return nullptr;
    return &doc.at(ptr);
  } catch (const json::exception&) {
    return nullptr;
  }
}

void expect_same(const json& doc, const std::string& p) {
  const json* mine = checks::detail::at(doc, p.c_str());
  const json* theirs = by_json_pointer(doc, p);
  ASSERT_EQ(mine == nullptr, theirs == nullptr) << p;
  if (mine != nullptr) {
    EXPECT_EQ(mine, theirs) << p;  // the same node, not an equal copy
  }
}

// Every pointer to every value of `j`, plus each with a missing last key.
void every_pointer(const json& j, const std::string& prefix, std::vector<std::string>& out) {
  out.push_back(prefix);
  out.push_back(prefix + "/no-such-key");
  if (j.is_object()) {
    for (auto it = j.begin(); it != j.end(); ++it) {
      std::string pointer = prefix + "/";
      for (const char c : it.key()) pointer += c == '~' ? "~0" : c == '/' ? "~1" : std::string(1, c);
      every_pointer(it.value(), pointer, out);
    }
  } else if (j.is_array()) {
    for (std::size_t i = 0; i < j.size(); ++i) every_pointer(j[i], prefix + "/" + std::to_string(i), out);
    out.push_back(prefix + "/" + std::to_string(j.size()));
  }
}

TEST(JsonAt, AgreesWithJsonPointerOnEveryPathOfACapture) {
  const auto b = report_test::load_capture("v1.34.0", "solution");
  if (!b) GTEST_SKIP() << "capture not recorded";
  std::vector<std::string> pointers;
  every_pointer((*b)["cluster"], "", pointers);
  ASSERT_GT(pointers.size(), 1000U);
  for (const auto& p : pointers) expect_same((*b)["cluster"], p);
}

TEST(JsonAt, AgreesWithJsonPointerOnEdgeCases) {
  const json doc = json::parse(R"({
    "metadata": {"labels": {"nvidia.com/gpu.present": "true", "a~b": 1, "": 2, "~1": 3}},
    "items": [10, 11, {"x": [0]}],
    "s": "text"
  })");
  for (const char* p : {"",
                        "/",
                        "//",
                        "/metadata",
                        "/metadata/",
                        "/metadata/labels/nvidia.com~1gpu.present",
                        "/metadata/labels/nvidia.com/gpu.present",
                        "/metadata/labels/a~0b",
                        "/metadata/labels/a~b",
                        "/metadata/labels/",
                        "/metadata/labels/~01",
                        "/metadata/labels/~2",
                        "/metadata/labels/~",
                        "/items/0",
                        "/items/2/x/0",
                        "/items/3",
                        "/items/01",
                        "/items/-",
                        "/items/-1",
                        "/items/+1",
                        "/items/ 1",
                        "/items/x",
                        "/items/99999999999999999999",
                        "/s/0",
                        "/s",
                        "metadata",
                        "/items/2/x/0/deeper"}) {
    expect_same(doc, p);
  }
}

}  // namespace
}  // namespace gpuwhy
