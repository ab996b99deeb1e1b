// Rules over the product's own sources (cmd/, checks/, lib/), checked where they live.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

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

}  // namespace
}  // namespace gpuwhy
