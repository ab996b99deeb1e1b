// The multi handle of a kube::Client and the requests started ahead on it: every transfer runs
// there, so the requests of a collection share one connection (streams of one HTTP/2 connection).
#include <algorithm>
#include <chrono>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <thread>

#include <fmt/format.h>

#include "kube/client_impl.h"

namespace gpuwhy::kube {

std::string Client::Impl::ahead_key(const char* method, const std::string& path, const std::string* post_body) {
  std::string key = fmt::format("{} {}", method, path);
  if (post_body != nullptr) key += "\n" + *post_body;
  return key;
}

int Client::Impl::on_prereq(void* parent, char* /*primary_ip*/, char* /*local_ip*/, int /*primary_port*/,
                            int /*local_port*/) {
  static_cast<Impl*>(parent)->ahead_connected = true;
  return CURL_PREREQFUNC_OK;
}

void Client::Impl::own_multi() {
  if (multi != nullptr) return;
  multi = curl_multi_init();
  if (multi == nullptr) throw Error(ErrorKind::kTransport, "curl_multi_init failed");
}

CURLMcode Client::Impl::step() {
  int running = 0;
  const CURLMcode mc = curl_multi_perform(multi, &running);
  if (mc != CURLM_OK) return mc;
  int queued = 0;
  while (CURLMsg* m = curl_multi_info_read(multi, &queued)) {
    if (m->msg == CURLMSG_DONE) ended(m->easy_handle, m->data.result);
  }
  return CURLM_OK;
}

bool Client::Impl::lanes_running() const {
  return std::any_of(ahead.begin(), ahead.end(), [](const Ahead& a) { return !a.done; });
}

CURLcode Client::Impl::run_until(CURL* easy) {
  main_done = false;
  for (;;) {
    const CURLMcode mc = step();
    if (mc != CURLM_OK) {
      if (easy == h) curl_multi_remove_handle(multi, h);
      throw Error(ErrorKind::kTransport, fmt::format("curl_multi_perform failed: {}", curl_multi_strerror(mc)));
    }
    if (easy == h && main_done) return main_rc;
    for (const Ahead& a : ahead) {
      if (a.lane->h == easy && a.done) return a.rc;
    }
    curl_multi_poll(multi, nullptr, 0, 1000, nullptr);
  }
}

void Client::Impl::pause(std::chrono::milliseconds wait) {
  const auto until = std::chrono::steady_clock::now() + wait;
  for (;;) {
    const auto now = std::chrono::steady_clock::now();
    if (now >= until) return;
    const auto left = std::chrono::duration_cast<std::chrono::milliseconds>(until - now);
    if (multi == nullptr || !lanes_running() || step() != CURLM_OK) {
      std::this_thread::sleep_for(left);
      return;
    }
    curl_multi_poll(multi, nullptr, 0, static_cast<int>(std::max<std::int64_t>(1, left.count())), nullptr);
  }
}

void Client::Impl::ended(CURL* easy, CURLcode rc) {
  curl_multi_remove_handle(multi, easy);
  if (easy == h) {
    main_done = true;
    main_rc = rc;
    return;
  }
  for (Ahead& a : ahead) {
    if (a.lane->h != easy) continue;
    a.done = true;
    a.rc = rc;
  }
}

bool Client::Impl::await_connection() {
  while (!ahead_connected && lanes_running()) {
    if (step() != CURLM_OK) return false;
    if (!ahead_connected && lanes_running()) curl_multi_poll(multi, nullptr, 0, 1000, nullptr);
  }
  return ahead_connected || ahead.empty();
}

void Client::Impl::prefetch(const char* method, const std::string& path, const std::string* post_body) {
  try {
    own_multi();
    if (!await_connection()) return;
    auto lane = std::make_unique<Impl>(cfg, opts);
    lane->setup();
    lane->started = started;
    // Wait for the connection in the making rather than open one more: over HTTP/2 every lane
    // becomes a stream of it.
    lane->set(CURLOPT_PIPEWAIT, 1L, "CURLOPT_PIPEWAIT");
    lane->set(CURLOPT_PREREQFUNCTION, &Impl::on_prereq, "CURLOPT_PREREQFUNCTION");
    lane->set(CURLOPT_PREREQDATA, this, "CURLOPT_PREREQDATA");
    lane->prepare(method, path, post_body);
    if (curl_multi_add_handle(multi, lane->h) != CURLM_OK) return;
    ahead.push_back(Ahead{ahead_key(method, path, post_body), std::move(lane)});
    ++requests;
    (void)step();  // under way now, not only once someone waits
  } catch (const Error&) {
    // Not started: the perform of this request says why.
  }
}

Client::Impl::Answer Client::Impl::take_or_perform(const char* method, const std::string& path,
                                                   const std::string* post_body) {
  if (std::optional<Answer> early = take(method, path, post_body)) return std::move(*early);
  return perform(method, path, post_body);
}

std::optional<Client::Impl::Answer> Client::Impl::take(const char* method, const std::string& path,
                                                       const std::string* post_body) {
  const std::string key = ahead_key(method, path, post_body);
  const auto it = std::find_if(ahead.begin(), ahead.end(), [&key](const Ahead& a) { return a.key == key; });
  if (it == ahead.end()) return std::nullopt;
  const CURLcode rc = it->done ? it->rc : run_until(it->lane->h);
  std::unique_ptr<Impl> lane = std::move(it->lane);
  ahead.erase(it);
  last_rc = rc;
  retry_after = lane->retry_after;
  received += lane->received;
  return lane->finish(rc, method, shown + path);
}

}  // namespace gpuwhy::kube
