// No English fragment inside a Korean or Japanese sentence: the parts a check
// fills into a hint (why a file could not be read, which live object differs) are catalog texts
// in the reader's language, on a real capture with one thing changed.

#include <gtest/gtest.h>

#include <string>

#include <nlohmann/json.hpp>

#include "gpuwhy/render/render.h"
#include "report_common_test.h"

namespace gpuwhy {
namespace {

using report_test::grade;

nlohmann::json solution() {
  auto b = report_test::load_capture("v1.34.0", "solution");
  if (!b) throw std::runtime_error("no solution capture");
  return *b;
}

std::string hint_of(const RunResult& r, const std::string& id, i18n::Lang lang) {
  for (const auto& c : r.checks) {
    if (c.id == id) return render::text_of(c.outcome.hint, lang);
  }
  return "";
}

struct Case {
  const char* check;
  const char* english;  ///< the fragment an English reader sees
  const char* korean;
  const char* japanese;
};

void expect_in_every_language(const RunResult& r, const Case& c) {
  EXPECT_NE(hint_of(r, c.check, i18n::Lang::kEn).find(c.english), std::string::npos)
      << hint_of(r, c.check, i18n::Lang::kEn);
  const std::string ko = hint_of(r, c.check, i18n::Lang::kKo);
  const std::string ja = hint_of(r, c.check, i18n::Lang::kJa);
  EXPECT_EQ(ko.find(c.english), std::string::npos) << ko;
  EXPECT_EQ(ja.find(c.english), std::string::npos) << ja;
  EXPECT_NE(ko.find(c.korean), std::string::npos) << ko;
  EXPECT_NE(ja.find(c.japanese), std::string::npos) << ja;
}

TEST(NoEnglishFragment, WhyTheAdvertisedFileCouldNotBeRead) {
  auto b = solution();
  b["files"]["out/advertised.txt"]["content"] = "NAME   GPU\n";
  b["files"]["out/advertised.txt"]["size"] = 11U;
  const RunResult r = grade(b, "t");
  expect_in_every_language(
      r, {"step2.advertised-file", "a header without rows", "헤더만 있고 행이 없음", "ヘッダーだけで行がない"});
}

TEST(NoEnglishFragment, TheLivePodThatDiffers) {
  auto b = solution();
  for (auto& p : b["cluster"]["pods"]["value"]["items"]) {
    if (p["metadata"]["name"] == "trainer3") p["spec"]["nodeSelector"] = {{"zone", "a"}};
  }
  const RunResult r = grade(b, "t");
  expect_in_every_language(r, {"step7.same-as-trainer2", "pod trainer3", "파드 trainer3", "Pod trainer3"});
}

}  // namespace
}  // namespace gpuwhy
