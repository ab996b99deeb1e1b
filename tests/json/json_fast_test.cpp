// jsonb::parse reads most documents with its own fast reader and falls back to nlohmann's parser
// for anything else: whatever the path, what it accepts, refuses and builds must be exactly
// nlohmann's (same values, same number types: signed, unsigned, float).

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "gpuwhy/json/json_bounded.h"
#include "gpuwhy/model/bundle.h"

namespace gpuwhy {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;

// Equal values *and* equal types at every node (json's == takes 1 and 1u as equal).
::testing::AssertionResult same(const json& a, const json& b, const std::string& where = "$") {
  if (a.type() != b.type()) {
    return ::testing::AssertionFailure() << where << ": " << a.type_name() << " vs " << b.type_name();
  }
  if (a.is_object()) {
    if (a.size() != b.size()) return ::testing::AssertionFailure() << where << ": sizes differ";
    for (auto it = a.begin(); it != a.end(); ++it) {
      if (!b.contains(it.key())) return ::testing::AssertionFailure() << where << ": no key " << it.key();
      auto r = same(it.value(), b.at(it.key()), where + "." + it.key());
      if (!r) return r;
    }
    return ::testing::AssertionSuccess();
  }
  if (a.is_array()) {
    if (a.size() != b.size()) return ::testing::AssertionFailure() << where << ": sizes differ";
    for (std::size_t i = 0; i < a.size(); ++i) {
      auto r = same(a[i], b[i], where + "[" + std::to_string(i) + "]");
      if (!r) return r;
    }
    return ::testing::AssertionSuccess();
  }
  if (a != b) return ::testing::AssertionFailure() << where << ": " << a.dump() << " vs " << b.dump();
  return ::testing::AssertionSuccess();
}

void expect_as_nlohmann(const std::string& text) {
  SCOPED_TRACE(text.size() < 200 ? text : text.substr(0, 200));
  const json want = json::parse(text, nullptr, false);
  const json got = jsonb::parse(text);
  ASSERT_EQ(got.is_discarded(), want.is_discarded());
  if (!want.is_discarded()) {
    EXPECT_TRUE(same(got, want));
    EXPECT_EQ(got.dump(), want.dump());
  }
}

TEST(FastJson, EveryCaptureAsNlohmannReadsIt) {
  std::size_t n = 0;
  for (const auto& e : fs::recursive_directory_iterator(std::string(GPUWHY_SOURCE_DIR) + "/fixtures/captures")) {
    if (e.path().extension() != ".json") continue;
    std::ifstream in(e.path(), std::ios::binary);
    std::stringstream ss;
    ss << in.rdbuf();
    expect_as_nlohmann(ss.str());
    // The same bundle written compactly, as an apiserver answers.
    expect_as_nlohmann(json::parse(ss.str()).dump());
    ++n;
  }
  EXPECT_GE(n, 66U);
}

TEST(FastJson, EdgeCasesAsNlohmann) {
  const std::vector<std::string> cases{
      // accepted by the fast reader
      "{}", "[]", "\"\"", "true", "false", "null", " \t\r\n[1]\n", R"({"a":1,"a":2})", "[-0,0,7,-7]",
      "[999999999999999999,-999999999999999999]", R"("\u00e9\u4e2d\u0000\/\b\f\n\r\t\"\\")",
      "\"\xc3\xa9\xe4\xb8\xad\xf0\x9f\x98\x80\x7f\"", R"({"a":{"b":[{"c":null}]},"d":[[],{}]})",
      // left to nlohmann
      "\xef\xbb\xbf{\"bom\":1}", "[1.5,1e3,-2E-2,0.0]", "[1234567890123456789]", "[-1234567890123456789]",
      "[99999999999999999999]", "[-99999999999999999999]", R"("\ud83d\ude00")",
      // refused by both
      "", " ", "[1,]", R"({"a"})", R"({"a":})", "01", "[01]", "-", "[-]", "\"\x01\"", "\"\xc0\xaf\"",
      "\"\xed\xa0\x80\"", "\"\xf4\x90\x80\x80\"", "\"\xe4\xb8\"", "tru", "nul", "[1 2]", R"("\u12")", R"("\x")",
      R"("\ud800")", "{} x", "[1]]", "{\"a\":1,}", "\"open", "[", "{", "1.", "1e", ".5", "+1", "[true false]"};
  for (const auto& c : cases) expect_as_nlohmann(c);
}

// Runs of whitespace are skipped sixteen bytes at a time: every run length (around and across
// one and two steps), with line breaks, tabs and the document's end at every place.
TEST(FastJson, WhitespaceRunsAsNlohmann) {
  for (std::size_t n = 0; n <= 40; ++n) {
    const std::string sp(n, ' ');
    for (const std::string& brk : {std::string(), std::string("\n"), std::string("\r\n"), std::string("\t")}) {
      expect_as_nlohmann(fmt::format("{0}{{{1}{0}\"a\"{0}:{0}[{1}{0}1,{0}{1}2{0}]{1}{0}}}{0}", sp, brk));
      expect_as_nlohmann(fmt::format("{1}{0}\t{0}null{1}{0}", sp, brk));
      expect_as_nlohmann(fmt::format("{0}[{0}x{0}]", sp));  // refused after the run
    }
  }
}

// Strings are scanned sixteen bytes at a time: a byte that ends the plain run (quote, escape,
// control, DEL, non-ASCII, bad UTF-8) at every place of strings of every length up to three
// steps, with the document's end right after, kept and (in a bundle) dropped, read as nlohmann
// reads them.
TEST(FastJson, StringRunsAsNlohmann) {
  const std::vector<std::string> specials{"\\\"", "\\n",  "\\u00e9",  "\\/",          "\x01",
                                          "\x1f", "\x7f", "\xc3\xa9", "\xe4\xb8\xad", "\xf0\x9f\x98\x80",
                                          "\xc3", "\xff", "\\x",      "\"",           "\\"};
  std::size_t dropped = 0;
  for (std::size_t len = 0; len <= 48; ++len) {
    for (std::size_t at = 0; at <= len; ++at) {
      for (const auto& sp : specials) {
        const std::string body = std::string(at, 'a') + sp + std::string(len - at, 'b');
        expect_as_nlohmann(fmt::format("\"{}\"", body));
        expect_as_nlohmann(fmt::format("[\"{0}\",\"{0}\"]", body));
        // The same string in a place a bundle drops: refused exactly when nlohmann refuses it.
        std::string bundle = R"({"cluster":{"events":{"value":{"items":[{"metadata":{"managedFields":[")";
        bundle += body;
        bundle += R"("],"name":")";
        bundle += body;
        bundle += R"("}}]}}}})";
        const jsonb::Limits limits = bundle_limits();
        const json want = json::parse(bundle, nullptr, false);
        const json got = jsonb::parse(bundle, limits);
        ASSERT_EQ(got.is_discarded(), want.is_discarded()) << body;
        if (!want.is_discarded()) {
          const json& meta = got["cluster"]["events"]["value"]["items"][0]["metadata"];
          EXPECT_FALSE(meta.contains("managedFields"));
          EXPECT_EQ(meta["name"], want["cluster"]["events"]["value"]["items"][0]["metadata"]["name"]);
          ++dropped;
        }
      }
    }
  }
  EXPECT_GT(dropped, 1000U);
}

TEST(FastJson, LimitsHoldOnTheFastPath) {
  std::string deep;
  for (int i = 0; i < 300; ++i) deep += '[';
  for (int i = 0; i < 300; ++i) deep += ']';
  EXPECT_THROW((void)jsonb::parse(deep), std::exception);
  EXPECT_FALSE(jsonb::parse(deep, jsonb::Limits{400, 1000}).is_discarded());
  EXPECT_THROW((void)jsonb::parse("[1,2,3,4]", jsonb::Limits{10, 4}), std::exception);
  EXPECT_EQ(jsonb::parse("[1,2,3]", jsonb::Limits{10, 4}).size(), 3U);
}

}  // namespace
}  // namespace gpuwhy
