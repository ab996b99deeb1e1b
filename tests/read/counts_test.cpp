// Counts in gate-report.txt: what a student writes for a whole number, and what is none.
#include <gtest/gtest.h>

#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "gpuwhy/read/readers.h"

namespace gpuwhy::readers {
namespace {

// Class 12: a count with a unit or a note counts by its leading number.
TEST(LeadingCount, UnitsAndNotes) {
  const std::vector<std::pair<std::string, std::optional<long long>>> cases{{"2", 2},
                                                                            {" 2 ", 2},
                                                                            {"2개", 2},
                                                                            {"2 (trainer, trainer2)", 2},
                                                                            {"2 GPUs", 2},
                                                                            {"２", 2},
                                                                            {"2個", 2},
                                                                            {"0", 0},
                                                                            {"1.5", std::nullopt},
                                                                            {"2,5", std::nullopt},
                                                                            {"2/3", 2},
                                                                            {"2.0", 2},
                                                                            {"2.", 2},
                                                                            {"2000m", 2},
                                                                            {"2e0", 2},
                                                                            {"2.0 GPUs", 2},
                                                                            {"2.0개", 2},
                                                                            {"2k", 2000},
                                                                            {"2GPUs", 2},
                                                                            {"2.5.1", std::nullopt},
                                                                            {"2E", std::nullopt},
                                                                            {"1500m", std::nullopt},
                                                                            {"2.0001", std::nullopt},
                                                                            {"500m", std::nullopt},
                                                                            {"abc", std::nullopt},
                                                                            {"", std::nullopt},
                                                                            {"-1", std::nullopt}};
  for (const auto& [in, want] : cases) EXPECT_EQ(leading_count(in), want) << in;
}

// A count worked out as a sum counts as its total; a written total that disagrees is none.
TEST(LeadingCount, ASumCountsAsItsTotal) {
  const std::vector<std::pair<std::string, std::optional<long long>>> cases{
      {"1+1", 2},       {"1 + 1", 2}, {"1+1=2", 2}, {"1 + 1 = 2", 2},       {"1 (trainer) + 1 (trainer2)", 2},
      {"1+1 GPUs", 2},  {"1+1개", 2}, {"0+0", 0},   {"1 + 1 + 0", 2},       {"1+1=3", std::nullopt},
      {"2 = 1 + 1", 2}, {"1+", 1},    {"1 + x", 1}, {"1+1/2", std::nullopt}};
  for (const auto& [in, want] : cases) EXPECT_EQ(leading_count(in), want) << in;
}

// A count beside another is no count, whatever comes first: another number (a range, a change,
// a second guess), a hedge or a fraction (`3/2`). The same number again, the parts that add up to
// it, or the whole it is part of (`1 of 2`, `2/2`, as kubectl's READY column writes it) is a note.
TEST(LeadingCount, ACountBesideAnotherIsNone) {
  for (const std::string in : {"2 or 3",       "2-3",
                               "2 - 3",        "2 to 3",
                               "2~3",          "2, 3",
                               "2 3",          "2; 3",
                               "2 (maybe 3)",  "2?",
                               "2 or more",    "2 and 1",
                               "3 / 2",        "2 → 3",
                               "2 -> 3",       "1 → 2",
                               "2 - 1 = 1",    "2~3개",
                               "2개 또는 3개", "2 또는 3",
                               "2개 이상",     "nvidia.com/gpu: 2 or 3"}) {
    EXPECT_EQ(leading_count(in, "nvidia.com/gpu"), std::nullopt) << in;
    EXPECT_TRUE(several_counts(in, "nvidia.com/gpu")) << in;
  }
  const std::vector<std::pair<std::string, long long>> notes{
      {"2 of 2", 2},        {"2 (1 + 1)", 2}, {"2 (trainer 1, trainer2 1)", 2},
      {"2 GPUs (100%)", 2}, {"2 → 2", 2},     {"2 (lab-node-0)", 2},
      {"0 of 2", 0},        {"2 of 3", 2},    {"1 out of 2 GPUs", 1},
      {"2/2", 2},           {"2 / 2", 2},     {"1/2 GPUs", 1}};
  for (const auto& [in, want] : notes) {
    EXPECT_EQ(leading_count(in), want) << in;
    EXPECT_FALSE(several_counts(in)) << in;
  }
  for (const std::string in : {"2", "abc", "1.5", "2,5", "2/2", "1+1"}) EXPECT_FALSE(several_counts(in)) << in;
}

// An amount may name its resource first, as `kubectl get node -o jsonpath='{.status.allocatable}'`
// and describe print it; a longer name or another resource is no amount of it.
TEST(LeadingCount, NamedByItsResourceFirst) {
  const std::vector<std::pair<std::string, std::optional<long long>>> cases{{"nvidia.com/gpu: 2", 2},
                                                                            {"nvidia.com/gpu=2", 2},
                                                                            {"nvidia.com/gpu 2", 2},
                                                                            {"NVIDIA.com/GPU:2", 2},
                                                                            {"  nvidia.com/gpu :  2 GPUs", 2},
                                                                            {"nvidia.com/gpu: 2000m", 2},
                                                                            {"nvidia.com/gpu: 1.5", std::nullopt},
                                                                            {"nvidia.com/gpus: 2", std::nullopt},
                                                                            {"nvidia.com/gpu2", std::nullopt},
                                                                            {"nvidia.com/gpu", std::nullopt},
                                                                            {"cpu: 2", std::nullopt},
                                                                            {"2", 2}};
  for (const auto& [in, want] : cases) EXPECT_EQ(leading_count(in, "nvidia.com/gpu"), want) << in;
  EXPECT_EQ(leading_count("nvidia.com/gpu: 2"), std::nullopt) << "only an amount of a named resource";
}

// A count may be written as a word (`two`, `둘`, `두 개`, `二つ`), or after a word for "in all"
// (`total 2`, `총 2개`, `合計: 2`); a longer word that begins with one is no count.
TEST(LeadingCount, WordsForTheNumberOrForInAll) {
  const std::vector<std::pair<std::string, std::optional<long long>>> cases{{"two", 2},
                                                                            {"Two GPUs", 2},
                                                                            {"TWO (trainer, trainer2)", 2},
                                                                            {"zero", 0},
                                                                            {"둘", 2},
                                                                            {"두 개", 2},
                                                                            {"두개의 파드", 2},
                                                                            {"二つ", 2},
                                                                            {"二", 2},
                                                                            {"total 2", 2},
                                                                            {"Total: 2", 2},
                                                                            {"total=2 pods", 2},
                                                                            {"총 2개", 2},
                                                                            {"총2개", 2},
                                                                            {"합계 2", 2},
                                                                            {"合計: 2", 2},
                                                                            {"in total 2", 2},
                                                                            {"총 두 개", 2},
                                                                            {"total 1+1", 2},
                                                                            {"sum: 1 + 1", 2},
                                                                            {"none", std::nullopt},
                                                                            {"twenty", std::nullopt},
                                                                            {"twofold", std::nullopt},
                                                                            {"二十", std::nullopt},
                                                                            {"totally 2", std::nullopt},
                                                                            {"sum2x", std::nullopt},
                                                                            {"total", std::nullopt},
                                                                            {"total 1.5", std::nullopt},
                                                                            {"1/2", 1},
                                                                            {"3/2", std::nullopt},
                                                                            {"2/1.5", std::nullopt},
                                                                            {"2/", 2}};
  for (const auto& [in, want] : cases) EXPECT_EQ(leading_count(in), want) << in;
}

}  // namespace
}  // namespace gpuwhy::readers
