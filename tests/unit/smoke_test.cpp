#include <gtest/gtest.h>

#include "checks.h"
#include "gpuwhy/base64.h"
#include "gpuwhy/text.h"

namespace gpuwhy {
namespace {

TEST(Base64, RoundTrips) {
  for (const std::string& s : std::vector<std::string>{"", "a", "ab", "abc", "abcd", std::string("\0\xff\x10", 3)}) {
    auto d = base64::decode(base64::encode(s));
    ASSERT_TRUE(d.has_value());
    EXPECT_EQ(*d, s);
  }
  EXPECT_FALSE(base64::decode("a===").has_value());
  EXPECT_FALSE(base64::decode("ab$=").has_value());
}

TEST(Text, DecodesBomCrlfAndUtf16) {
  EXPECT_EQ(*text::decode("\xEF\xBB\xBF"
                          "a\r\nb\r"),
            "a\nb\n");
  EXPECT_EQ(*text::decode(std::string("\xFF\xFE"
                                      "a\0\n\0",
                                      6)),
            "a\n");
  std::string why;
  EXPECT_FALSE(text::decode(std::string("a\0b", 3), &why).has_value());
  EXPECT_EQ(why, "binary content (NUL bytes)");
  EXPECT_FALSE(text::decode("\xC3\x28", &why).has_value());
}

TEST(Text, DisplayWidthCountsWideCharacters) {
  EXPECT_EQ(text::display_width("abc"), 3U);
  EXPECT_EQ(text::display_width("테인트"), 6U);
  EXPECT_EQ(text::display_width("テイント"), 8U);
  EXPECT_EQ(text::display_width("\x1b[31mab\x1b[0m"), 2U);
}

TEST(Text, LinesStripTrailingSpace) {
  EXPECT_EQ(text::lines("a  \nb\t\n"), (std::vector<std::string>{"a", "b"}));
  EXPECT_TRUE(text::lines("").empty());
}

}  // namespace
}  // namespace gpuwhy
