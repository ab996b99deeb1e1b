// The catalog fills in no name by itself: a text that forgets its {node} shows "{node}", never the
// lab's node on some other cluster. The checks and the renderers of the lab's own texts (titles,
// step headings, explanations) pass the lab's names; this holds them to it over every capture,
// its unreachable twin, every format and every language.
#include <gtest/gtest.h>

#include <regex>
#include <string>

#include "gpuwhy/i18n/i18n.h"
#include "gpuwhy/lab/lab.h"
#include "gpuwhy/render/render.h"
#include "langs.h"
#include "report_common_test.h"

namespace {

using namespace gpuwhy;               // NOLINT(google-build-using-namespace)
using namespace gpuwhy::report_test;  // NOLINT(google-build-using-namespace)

// A placeholder left as written: "{node}", "{resource:을/를}", "{what@}".
const std::regex& placeholder() {
  static const std::regex re(R"re(\{[a-z_]+@?(:[^\x00-\x7f]+/[^\x00-\x7f]+)?\})re");
  return re;
}

TEST(LabNames, TheCatalogFillsInNoNameByItself) {
  for (const auto& [lang, name] : gpuwhy_test::named_translations()) {
    const std::string bare = i18n::render(msg("hint.node-missing"), lang);
    EXPECT_NE(bare.find("{node}"), std::string::npos) << name << ": " << bare;
    const std::string named = i18n::render(msg("hint.node-missing", {{"node", "gpu-7"}}), lang);
    EXPECT_NE(named.find("gpu-7"), std::string::npos) << name << ": " << named;
    EXPECT_EQ(named.find(lab::kGpuNode), std::string::npos) << name << ": " << named;
  }
}

// A text of the lab (Msg::of_lab, as the checks mark their outcomes') takes the lab's names for
// the placeholders its args leave open, and its own args first; nested texts inherit it.
TEST(LabNames, ATextOfTheLabFillsTheLabsNames) {
  for (const auto& [lang, name] : gpuwhy_test::named_translations()) {
    Msg lab_text = msg("hint.node-missing");
    lab_text.of_lab = true;
    const std::string filled = i18n::render(lab_text, lang);
    EXPECT_NE(filled.find(lab::kGpuNode), std::string::npos) << name << ": " << filled;
    EXPECT_EQ(filled.find("{node}"), std::string::npos) << name << ": " << filled;
    lab_text.args["node"] = "gpu-7";
    const std::string own = i18n::render(lab_text, lang);
    EXPECT_NE(own.find("gpu-7"), std::string::npos) << name << ": " << own;
    EXPECT_EQ(own.find(lab::kGpuNode), std::string::npos) << name << ": " << own;
    Msg outer = msg("ev.read-as", {{"format@", "hint.node-missing"}});
    outer.of_lab = true;
    const std::string nested = i18n::render(outer, lang);
    EXPECT_NE(nested.find(lab::kGpuNode), std::string::npos) << name << ": " << nested;
  }
}

TEST(LabNames, NoReportLeavesAPlaceholder) {
  const auto caps = all_captures();
  if (caps.empty()) GTEST_SKIP() << "no captures recorded yet under " << captures_dir();
  for (const auto& [v, s] : caps) {
    const auto b = load_capture(v, s);
    ASSERT_TRUE(b.has_value());
    for (const auto& run : {grade(*b, capture_rel(v, s)), grade(unreachable(*b), capture_rel(v, s))}) {
      for (const auto& [lang, name] : gpuwhy_test::named_langs()) {
        render::Options o;
        o.lang = lang;
        o.verbose = true;
        o.width = 200;
        o.user = "s1";
        for (const auto& f : render::kFormats) {
          const std::string out = render::render(f.format, run, o);
          std::smatch m;
          EXPECT_FALSE(std::regex_search(out, m, placeholder()))
              << v << "/" << s << " " << name << " " << f.name << ": " << m.str();
        }
      }
    }
  }
}

// The lab's own texts rendered as `explain` and `list` render them.
TEST(LabNames, EveryTitleAndExplanationIsFilled) {
  for (const auto& [lang, name] : gpuwhy_test::named_langs()) {
    for (int step = 1; step <= lab::kSteps; ++step) {
      const std::string t = i18n::text("ui.step." + std::to_string(step), lang, lab::names());
      EXPECT_FALSE(std::regex_search(t, placeholder())) << name << " step " << step << ": " << t;
    }
    for (const auto& [id, text] : i18n::catalog(lang)) {
      if (id.rfind("check.", 0) != 0) continue;
      std::string shown;
      for (const auto& p : i18n::parts(id, lang, lab::names())) shown += p.text + "\n";
      EXPECT_FALSE(std::regex_search(shown, placeholder())) << name << " " << id << ": " << shown;
    }
  }
}

}  // namespace
