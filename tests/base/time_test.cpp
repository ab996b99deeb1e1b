// RFC 3339 times as `--due` and a run's `taken_at` give them (sys::parse_rfc3339).
#include <gtest/gtest.h>

#include "gpuwhy/base/sys.h"

namespace gpuwhy {
namespace {

TEST(Rfc3339, ReadsUtcAndOffsetsToOneInstant) {
  EXPECT_EQ(sys::parse_rfc3339("1970-01-01T00:00:00Z"), 0);
  EXPECT_EQ(sys::parse_rfc3339("2026-12-01T06:15:13Z"), 1796105713000LL);
  // The same instant in Seoul and in lower case.
  EXPECT_EQ(sys::parse_rfc3339("2026-12-01T15:15:13+09:00"), 1796105713000LL);
  EXPECT_EQ(sys::parse_rfc3339("2026-12-01t06:15:13z"), 1796105713000LL);
  EXPECT_EQ(sys::parse_rfc3339("2026-12-01 01:15:13-05:00"), 1796105713000LL);
  EXPECT_EQ(sys::parse_rfc3339("2026-12-01T06:15:13.25Z"), 1796105713250LL);
  EXPECT_EQ(sys::parse_rfc3339("2026-12-01T06:15:13.123456789Z"), 1796105713123LL);
  EXPECT_EQ(sys::parse_rfc3339("2024-02-29T00:00:00Z"), 1709164800000LL);
  EXPECT_EQ(sys::parse_rfc3339("1969-12-31T23:59:59Z"), -1000);
}

TEST(Rfc3339, RefusesWhatIsNotOne) {
  for (const char* bad :
       {"", "2026-12-01", "2026-12-01T06:15Z", "2026-12-01T06:15:13", "2026-13-01T00:00:00Z", "2026-02-29T00:00:00Z",
        "2100-02-29T00:00:00Z", "2026-04-31T00:00:00Z", "2026-12-01T24:00:00Z", "2026-12-01T06:15:13.Z",
        "2026-12-01T06:15:13+0900", "2026-12-01T06:15:13+09:00 ", "tomorrow", "2026-12-01T06:15:13Zjunk",
        "２０２６-12-01T06:15:13Z"}) {
    EXPECT_FALSE(sys::parse_rfc3339(bad).has_value()) << bad;
  }
}

}  // namespace
}  // namespace gpuwhy
