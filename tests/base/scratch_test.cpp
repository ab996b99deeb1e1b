// files::Scratch keeps pieces in a file with no name and gives each back whole, from several
// threads at once; where no file can be made, the pieces stay in memory and still come back.

#include <gtest/gtest.h>

#include <string>
#include <thread>
#include <vector>

#include "gpuwhy/base/files.h"

namespace gpuwhy {
namespace {

std::vector<std::string> pieces() {
  std::vector<std::string> out;
  const std::string letters = "abcdefghijklmnopqrstuvwxyz";
  for (std::size_t i = 0; i < 200; ++i) out.push_back(std::string(i * 37 % 5000, letters[i % 26]) + '\0');
  out.emplace_back();
  return out;
}

void expect_back(const files::Scratch& s, const std::vector<files::Scratch::Piece>& at,
                 const std::vector<std::string>& want) {
  std::vector<std::thread> threads;
  std::vector<int> wrong(4, 0);
  for (int t = 0; t < 4; ++t) {
    threads.emplace_back([&, t] {
      for (std::size_t i = static_cast<std::size_t>(t); i < want.size(); i += 4) {
        if (s.read(at[i]) != want[i]) ++wrong[static_cast<std::size_t>(t)];
      }
    });
  }
  for (auto& th : threads) th.join();
  for (int t = 0; t < 4; ++t) EXPECT_EQ(wrong[static_cast<std::size_t>(t)], 0) << "thread " << t;
}

TEST(Scratch, PiecesGoToAFileWithNoNameAndComeBackWhole) {
  files::Scratch s;
  ASSERT_TRUE(s.on_disk());
  const auto want = pieces();
  std::vector<files::Scratch::Piece> at;
  for (const auto& p : want) at.push_back(s.append(p));
  for (const auto& p : at) {
    EXPECT_GE(p.at, 0) << "on disk";
    EXPECT_TRUE(p.kept.empty()) << "not held in memory too";
  }
  expect_back(s, at, want);
}

TEST(Scratch, WithNoFolderToWriteInPiecesStayInMemory) {
  files::Scratch s(std::vector<std::string>{"/nonexistent-gpuwhy-scratch-dir"});
  EXPECT_FALSE(s.on_disk());
  const auto want = pieces();
  std::vector<files::Scratch::Piece> at;
  for (const auto& p : want) at.push_back(s.append(p));
  for (const auto& p : at) EXPECT_LT(p.at, 0);
  expect_back(s, at, want);
}

}  // namespace
}  // namespace gpuwhy
