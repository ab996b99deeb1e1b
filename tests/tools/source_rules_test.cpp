// Rules over the project's own sources, checked where they live.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace gpuwhy {
namespace {

namespace fs = std::filesystem;

// No std::regex in the product: libstdc++'s matcher recurses once per character, so text from
// outside (an apiserver message, a student's file) of a few tens of KiB overflows the stack.
// Text is read with plain string search, bounded before any work.
TEST(SourceRules, NoStdRegexInTheProduct) {
  int files = 0;
  for (const char* dir : {"cmd", "checks", "lib"}) {
    for (const auto& e : fs::recursive_directory_iterator(fs::path(GPUWHY_SOURCE_DIR) / dir)) {
      const std::string ext = e.path().extension().string();
      if (!e.is_regular_file() || (ext != ".cpp" && ext != ".h")) continue;
      ++files;
      std::ifstream in(e.path(), std::ios::binary);
      std::stringstream ss;
      ss << in.rdbuf();
      const std::string text = ss.str();
      EXPECT_EQ(text.find("<regex>"), std::string::npos) << e.path();
      EXPECT_EQ(text.find("std::regex"), std::string::npos) << e.path();
    }
  }
  EXPECT_GT(files, 20) << "the sources were not found under " << GPUWHY_SOURCE_DIR;
}

// No source file over 700 lines, the tests' and tools' too: a file that long holds two subjects,
// and each gets its own file (a test's helpers go to a header beside it or in tests/support).
// The catalogs are exempt: each is one table of texts, a language's whole, kept in one file
// so that adding a language stays one file.
TEST(SourceRules, NoFileOverSevenHundredLines) {
  constexpr long kMaxLines = 700;
  int files = 0;
  std::vector<std::string> over;
  for (const char* dir : {"cmd", "checks", "lib", "tests", "bench", "fuzz"}) {
    const fs::path root = fs::path(GPUWHY_SOURCE_DIR) / dir;
    if (!fs::is_directory(root)) continue;
    for (const auto& e : fs::recursive_directory_iterator(root)) {
      const std::string ext = e.path().extension().string();
      if (!e.is_regular_file() || (ext != ".cpp" && ext != ".h")) continue;
      if (e.path().parent_path().filename() == "i18n" && e.path().filename().string().rfind("catalog_", 0) == 0)
        continue;
      ++files;
      std::ifstream in(e.path(), std::ios::binary);
      long lines = 0;
      for (std::string line; std::getline(in, line);) ++lines;
      if (lines > kMaxLines)
        over.push_back(fs::relative(e.path(), GPUWHY_SOURCE_DIR).string() + ": " + std::to_string(lines));
    }
  }
  EXPECT_GT(files, 100) << "the sources were not found under " << GPUWHY_SOURCE_DIR;
  EXPECT_TRUE(over.empty()) << testing::PrintToString(over);
}

}  // namespace
}  // namespace gpuwhy
