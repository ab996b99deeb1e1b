#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "checks.h"
#include "gpuwhy/base/base64.h"
#include "gpuwhy/base/text.h"

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
  // Every place a CR can be: first, last, doubled, before CRLF, alone; and no CR at all.
  EXPECT_EQ(*text::decode("\rx\r\r\ny\r\r\nz\n\r"), "\nx\n\ny\n\nz\n\n");
  EXPECT_EQ(*text::decode("\r\n"), "\n");
  EXPECT_EQ(*text::decode("\r"), "\n");
  EXPECT_EQ(*text::decode("no line end"), "no line end");
  EXPECT_EQ(*text::decode(""), "");
  std::string why;
  EXPECT_FALSE(text::decode(std::string("a\0b", 3), &why).has_value());
  EXPECT_EQ(why, "binary content (NUL bytes)");
  EXPECT_FALSE(text::decode("\xC3\x28", &why).has_value());
}

// ASCII is checked eight bytes a step: a good or bad sequence at every offset around and across
// two words, as a codepoint-by-codepoint walk judges it.
TEST(Text, ValidUtf8AtEveryOffset) {
  const auto walk = [](std::string_view s) {
    char32_t cp = 0;
    for (std::size_t i = 0; i < s.size();) {
      const std::size_t n = text::next_codepoint(s, i, &cp);
      if (n == 0) return false;
      i += n;
    }
    return true;
  };
  const std::vector<std::pair<std::string, bool>> seqs{
      {"\xc3\xa9", true}, {"\xed\x95\x9c", true},  {"\xf0\x9f\x98\x80", true}, {"\x7f", true},      {"\xff", false},
      {"\xc3", false},    {"\xed\xa0\x80", false}, {"\xc0\xaf", false},        {"\xe4\xb8", false}, {"\x80", false}};
  for (const auto& [seq, good] : seqs) {
    for (std::size_t at = 0; at <= 20; ++at) {
      for (std::size_t after : {0U, 1U, 7U, 8U, 9U}) {
        const std::string t = std::string(at, 'a') + seq + std::string(after, 'b');
        EXPECT_EQ(text::valid_utf8(t), good) << at << " " << after;
        EXPECT_EQ(text::valid_utf8(t), walk(t));
      }
    }
  }
}

TEST(Text, BlankIsTrimEmpty) {
  for (const std::string& t :
       std::vector<std::string>{"", " ", "\t\n\r\f\v ", " a ", "a", "\xc2\xa0", std::string("\0", 1), "\n\nx\n"}) {
    EXPECT_EQ(text::blank(t), text::trim(t).empty()) << t;
  }
  EXPECT_TRUE(text::blank(" \n\t"));
  EXPECT_FALSE(text::blank(" . "));
}

TEST(Text, NormalisesUnicodeAndLeavesAsciiAsItIs) {
  std::string ascii;
  for (int c = 0; c < 0x80; ++c) ascii += static_cast<char>(c);
  EXPECT_EQ(text::nfkc(ascii), ascii);
  EXPECT_EQ(text::nfc(ascii), ascii);
  EXPECT_EQ(text::nfkc("\xEF\xBD\x8E\xEF\xBD\x96\xEF\xBC\x8E"), "nv.");          // fullwidth "ｎｖ．"
  EXPECT_EQ(text::nfkc("gpu\xC2\xA0x"), "gpu x");                                // no-break space
  EXPECT_EQ(text::nfc("\xE1\x84\x92\xE1\x85\xA1\xE1\x86\xAB"), "\xED\x95\x9C");  // jamo -> 한
  EXPECT_EQ(text::nfc("\xE1\x84\x92\xE1\x85\xA1\xE1\x86\xAB"
                      "a"),
            "\xED\x95\x9C"
            "a");
  EXPECT_EQ(text::nfkc("bad \xC3\x28"), "bad \xC3\x28");  // not UTF-8: left alone
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
