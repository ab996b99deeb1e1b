#pragma once
/// An ordered parallel map: items 0..n-1 are produced on up to `jobs` threads (the calling one
/// included) and handed to `take` on the calling thread, one at a time and in their order.

#include <algorithm>
#include <condition_variable>
#include <cstddef>
#include <exception>
#include <mutex>
#include <optional>
#include <system_error>
#include <thread>
#include <type_traits>
#include <utility>
#include <vector>

namespace gpuwhy::pool {

namespace detail {

template <typename T, typename Produce, typename Take>
class Ordered {
 public:
  Ordered(std::size_t n, std::size_t window, Produce& produce, Take& take)
      : n_(n), window_(std::max<std::size_t>(1, window)), slots_(window_), produce_(produce), take_(take) {}
  ~Ordered() = default;
  Ordered(const Ordered&) = delete;  // the threads point at this one
  Ordered& operator=(const Ordered&) = delete;
  Ordered(Ordered&&) = delete;
  Ordered& operator=(Ordered&&) = delete;

  void run(std::size_t jobs) {
    const std::size_t helpers = n_ == 0 ? 0 : std::min(std::max<std::size_t>(1, jobs), n_) - 1;
    try {
      for (std::size_t k = 0; k < helpers; ++k) pool_.emplace_back([this] { help(); });
    } catch (const std::system_error&) {
      // No more threads to be had: the ones started and this one produce the rest.
    }
    try {
      consume();
    } catch (...) {
      stop_helpers();
      throw;
    }
    stop_helpers();
    if (failed_) std::rethrow_exception(failed_);
  }

 private:
  [[nodiscard]] bool can_produce() const { return next_ < n_ && next_ < taken_ + window_; }

  // Under the lock: produces the next item (the lock let go meanwhile) and puts it in its slot.
  void produce_next(std::unique_lock<std::mutex>& lk) {
    const std::size_t i = next_++;
    lk.unlock();
    std::optional<T> item;
    std::exception_ptr err;
    try {
      item.emplace(produce_(i));
    } catch (...) {
      err = std::current_exception();
    }
    lk.lock();
    if (err) {
      if (!failed_) failed_ = err;
      stop_ = true;
    } else {
      slots_[i % window_] = std::move(item);
    }
    cv_.notify_all();
  }

  void help() {
    std::unique_lock<std::mutex> lk(m_);
    while (true) {
      cv_.wait(lk, [&] { return stop_ || next_ >= n_ || can_produce(); });
      if (stop_ || next_ >= n_) return;
      produce_next(lk);
    }
  }

  // The calling thread: takes the items in order as they are ready, and produces too when it can.
  void consume() {
    std::unique_lock<std::mutex> lk(m_);
    while (taken_ < n_ && !failed_) {
      auto& slot = slots_[taken_ % window_];
      if (slot) {
        T item = std::move(*slot);
        slot.reset();
        ++taken_;
        cv_.notify_all();
        lk.unlock();
        take_(std::move(item));
        lk.lock();
      } else if (can_produce()) {
        produce_next(lk);
      } else {
        cv_.wait(lk);
      }
    }
  }

  void stop_helpers() {
    {
      const std::lock_guard<std::mutex> lk(m_);
      stop_ = true;
    }
    cv_.notify_all();
    for (auto& t : pool_) t.join();
    pool_.clear();
  }

  const std::size_t n_;
  const std::size_t window_;
  std::vector<std::optional<T>> slots_;  ///< item i waits in slot i % window_
  Produce& produce_;
  Take& take_;
  std::mutex m_;
  std::condition_variable cv_;
  std::size_t next_ = 0;   ///< the next item to produce
  std::size_t taken_ = 0;  ///< items handed to take
  bool stop_ = false;
  std::exception_ptr failed_;
  std::vector<std::thread> pool_;
};

}  // namespace detail

/// Calls `produce(i)` for every i below `n` on up to `jobs` threads (this one included; fewer when
/// no more threads can be started) and `take(T&&)` with each result on this thread, in the order
/// of i: what `take` sees does not depend on `jobs` when `produce` is a pure function of i. Item i
/// is not started before item i - `window` has been handed to `take`, so at most `window` results
/// wait at a time (a `window` of 0 counts as 1). The first exception thrown by `produce` ends the
/// run: `take` is called no more, the threads are joined and it is rethrown here; one thrown by
/// `take` is rethrown as well, once the threads are joined.
template <typename Produce, typename Take>
void ordered_map(std::size_t n, std::size_t jobs, std::size_t window, Produce&& produce, Take&& take) {
  using T = std::decay_t<std::invoke_result_t<Produce&, std::size_t>>;
  detail::Ordered<T, std::remove_reference_t<Produce>, std::remove_reference_t<Take>> run(n, window, produce, take);
  run.run(jobs);
}

}  // namespace gpuwhy::pool
