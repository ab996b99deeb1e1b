// `gpuwhy explain`: every check says how to look yourself, with the command that shows the fact
// (check.<id>.look) and the lab's own names filled in, in every language, and the real binary
// prints it under its heading.
#include <gtest/gtest.h>

#include <map>
#include <set>
#include <string>
#include <vector>

#include "../tools/run_binary.h"
#include "checks.h"
#include "gpuwhy/i18n/i18n.h"
#include "gpuwhy/lab/lab.h"
#include "langs.h"

namespace gpuwhy {
namespace {

// `s` with every run of white space made one space: the terminal's wrapping undone.
std::string squeezed(const std::string& s) {
  std::string out;
  for (const char c : s) {
    const bool space = c == ' ' || c == '\n' || c == '\t';
    if (space && (out.empty() || out.back() == ' ')) continue;
    out += space ? ' ' : c;
  }
  return out;
}

TEST(ExplainLook, EveryCheckHasTheCommandInEveryLanguage) {
  ASSERT_FALSE(checks::all().empty());
  std::set<std::string> names;
  for (const auto& [name, value] : lab::names()) names.insert(name);
  for (const auto& [lang, code] : gpuwhy_test::named_langs()) {
    const auto& cat = i18n::catalog(lang);
    for (const auto& c : checks::all()) {
      const std::string id = "check." + std::string(c.id) + ".look";
      const auto it = cat.find(id);
      ASSERT_NE(it, cat.end()) << code << " " << id;
      // Only the lab's names are placeholders here, and each is filled.
      for (const auto& p : i18n::placeholders(it->second))
        EXPECT_EQ(names.count(p), 1U) << code << " " << id << ": {" << p << "}";
      const std::string t = i18n::text(id, lang, lab::names());
      for (const auto& n : names) EXPECT_EQ(t.find("{" + n + "}"), std::string::npos) << code << " " << id;
      const bool command = t.find("kubectl ") != std::string::npos || t.find("grep ") != std::string::npos;
      EXPECT_TRUE(command) << code << " " << id << ": " << t;
    }
  }
}

TEST(ExplainLook, TheBinaryPrintsItUnderHowToLookYourself) {
  const testing_tools::TempDir tmp;
  for (const auto& [lang, code] : gpuwhy_test::named_langs()) {
    for (int step = 1; step <= lab::kSteps; ++step) {
      const auto r = testing_tools::run_binary({"/usr/bin/env", "-u", "LC_ALL", "-u", "LANG", "COLUMNS=2000",
                                                GPUWHY_BINARY, "explain", std::to_string(step), "--lang", code},
                                               tmp.path());
      ASSERT_EQ(r.exit_code, 0) << code << " " << step << ": " << r.err;
      const std::string out = squeezed(r.out);
      const std::string heading = i18n::text("ui.explain.look", lang);
      for (const auto& c : checks::all()) {
        if (c.step != step) continue;
        const std::string id(c.id);
        const auto at = out.find(id + " — ");
        ASSERT_NE(at, std::string::npos) << code << " " << id;
        const auto look = out.find(heading, at);
        const auto cmd = out.find(squeezed(i18n::text("check." + id + ".look", lang, lab::names())), at);
        ASSERT_NE(look, std::string::npos) << code << " " << id;
        ASSERT_NE(cmd, std::string::npos) << code << " " << id;
        EXPECT_LT(look, cmd) << code << " " << id;
        const auto next = out.find(" — ", at + id.size() + 3);
        if (next != std::string::npos) {
          EXPECT_LT(cmd, next) << code << " " << id << ": its own, not the next check's";
        }
      }
    }
  }
}

}  // namespace
}  // namespace gpuwhy
