// pool::ordered_map: items produced on several threads reach `take` in their order, at most
// `window` ahead of the one taken; an exception from `produce` ends the run and comes out of it.

#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstddef>
#include <memory>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

#include "gpuwhy/base/ordered_pool.h"

namespace gpuwhy {
namespace {

TEST(OrderedPool, KeepsTheOrderForEveryNumberOfJobs) {
  constexpr std::size_t kItems = 200;
  for (std::size_t jobs = 1; jobs <= 8; ++jobs) {
    std::vector<std::string> got;
    pool::ordered_map(
        kItems, jobs, 4 * jobs,
        [](std::size_t i) {
          // Uneven work, so later items are often ready before earlier ones.
          if (i % 7 == 0) std::this_thread::sleep_for(std::chrono::microseconds(200));
          return std::to_string(i);
        },
        [&](std::string&& s) { got.push_back(std::move(s)); });
    ASSERT_EQ(got.size(), kItems) << "jobs " << jobs;
    for (std::size_t i = 0; i < kItems; ++i) EXPECT_EQ(got[i], std::to_string(i)) << "jobs " << jobs;
  }
}

TEST(OrderedPool, StartsNoItemMoreThanTheWindowAheadOfTheOneTaken) {
  constexpr std::size_t kItems = 60;
  for (const std::size_t window : {1U, 3U, 5U}) {
    std::atomic<std::size_t> started{0};
    std::size_t taken = 0;
    std::size_t most_ahead = 0;
    pool::ordered_map(
        kItems, 4, window,
        [&](std::size_t i) {
          started.fetch_add(1);
          return i;
        },
        [&](std::size_t&& i) {
          EXPECT_EQ(i, taken);
          ++taken;
          // While item i is being taken, items i + 1 .. i + window may have started, no more.
          const std::size_t ahead = started.load() - taken;
          most_ahead = std::max(most_ahead, ahead);
          std::this_thread::sleep_for(std::chrono::microseconds(300));  // let the others run ahead
          EXPECT_LE(started.load() - taken, window);
        });
    EXPECT_EQ(taken, kItems);
    EXPECT_LE(most_ahead, window) << "window " << window;
  }
}

TEST(OrderedPool, AnExceptionFromProduceEndsTheRunAndComesOut) {
  for (std::size_t jobs = 1; jobs <= 4; ++jobs) {
    std::vector<std::size_t> got;
    EXPECT_THROW(pool::ordered_map(
                     100, jobs, 8,
                     [](std::size_t i) {
                       if (i == 5) throw std::runtime_error("item 5");
                       return i;
                     },
                     [&](std::size_t&& i) { got.push_back(i); }),
                 std::runtime_error)
        << "jobs " << jobs;
    ASSERT_LE(got.size(), 5U) << "nothing from item 5 on is taken";
    for (std::size_t i = 0; i < got.size(); ++i) EXPECT_EQ(got[i], i);
  }
}

TEST(OrderedPool, AnExceptionFromTakeComesOut) {
  std::size_t calls = 0;
  EXPECT_THROW(pool::ordered_map(
                   50, 3, 6, [](std::size_t i) { return i; },
                   [&](std::size_t&& i) {
                     ++calls;
                     if (i == 2) throw std::logic_error("take 2");
                   }),
               std::logic_error);
  EXPECT_EQ(calls, 3U);
}

TEST(OrderedPool, ZeroItemsCallsNeither) {
  bool called = false;
  pool::ordered_map(
      0, 4, 16,
      [&](std::size_t i) {
        called = true;
        return i;
      },
      [&](std::size_t&& /*i*/) { called = true; });
  EXPECT_FALSE(called);
}

TEST(OrderedPool, MoreJobsThanItems) {
  std::vector<std::size_t> got;
  pool::ordered_map(
      3, 8, 32, [](std::size_t i) { return std::make_unique<std::size_t>(i * 10); },
      [&](std::unique_ptr<std::size_t>&& p) { got.push_back(*p); });
  EXPECT_EQ(got, (std::vector<std::size_t>{0, 10, 20}));
}

}  // namespace
}  // namespace gpuwhy
