// Watch streams: several Clients' easy handles driven by one curl multi handle (check --wait).
#include "kube/client_impl.h"

namespace gpuwhy::kube {

struct Watch::Impl {
  ClientConfig cfg;
  ClientOptions opts;
  CURLM* multi = nullptr;
  std::vector<std::unique_ptr<Client>> streams;
  std::vector<std::string> paths;
  std::vector<bool> running;

  Impl(ClientConfig c, ClientOptions o) : cfg(std::move(c)), opts(o) {
    global_init();
    multi = curl_multi_init();
    if (multi == nullptr) throw Error(ErrorKind::kTransport, "curl_multi_init failed");
  }
  Impl(const Impl&) = delete;
  Impl& operator=(const Impl&) = delete;
  ~Impl() {
    for (std::size_t i = 0; i < streams.size(); ++i) {
      if (running[i]) curl_multi_remove_handle(multi, streams[i]->impl_->h);
    }
    streams.clear();  // the easy handles go before the multi handle
    curl_multi_cleanup(multi);
  }

  void start(std::size_t id) {
    Client::Impl& c = *streams[id]->impl_;
    c.prepare_stream(paths[id], c.stream_nodes);
    if (curl_multi_add_handle(multi, c.h) != CURLM_OK)
      throw Error(ErrorKind::kTransport, "curl_multi_add_handle failed");
    running[id] = true;
  }

  /// The events parsed so far and the streams that finished.
  void harvest(Batch& b) {
    for (std::size_t i = 0; i < streams.size(); ++i) {
      auto& evs = streams[i]->impl_->events;
      for (auto& e : evs) b.events.push_back(Event{i, std::move(e)});
      evs.clear();
    }
    int queued = 0;
    while (CURLMsg* m = curl_multi_info_read(multi, &queued)) {
      if (m->msg != CURLMSG_DONE) continue;
      for (std::size_t i = 0; i < streams.size(); ++i) {
        Client::Impl& c = *streams[i]->impl_;
        if (c.h != m->easy_handle) continue;
        curl_multi_remove_handle(multi, c.h);
        running[i] = false;
        b.ended.push_back(ended(i, m->data.result));
      }
    }
  }

  Ended ended(std::size_t i, CURLcode rc) {
    Client::Impl& c = *streams[i]->impl_;
    Ended e{i, 0, ""};
    const std::string shown_url = c.shown + paths[i];
    long code = 0;
    curl_easy_getinfo(c.h, CURLINFO_RESPONSE_CODE, &code);
    if (!c.stream_error.empty()) {
      e.message = c.scrub(fmt::format("GET {}: {}", shown_url, c.stream_error));
    } else if (rc != CURLE_OK) {
      c.last_rc = rc;
      e.message = c.transport_error(rc, "GET", shown_url).what();
    } else if (code < 200 || code >= 300) {
      e.http_status = static_cast<int>(code);
      json body = jsonb::parse(c.body);
      if (body.is_discarded()) body = json();
      c.scrub(body);
      e.message = c.scrub(explain_http_error("GET", shown_url, e.http_status, body, c.shown, c.cfg.user_name));
    } else {
      e.http_status = static_cast<int>(code);
      // A last line without its newline, when the server closed the stream after it.
      if (!c.line.empty()) {
        try {
          if (!c.take_line(c.line)) e = Ended{i, 0, c.scrub(fmt::format("GET {}: {}", shown_url, c.stream_error))};
        } catch (const std::exception& ex) {
          e = Ended{i, 0, c.scrub(fmt::format("GET {}: {}", shown_url, ex.what()))};
        }
        c.line.clear();
      }
    }
    return e;
  }
};

Watch::Watch(ClientConfig cfg, ClientOptions opts) : impl_(std::make_unique<Impl>(std::move(cfg), opts)) {}
Watch::~Watch() = default;

std::size_t Watch::open(const std::string& path, bool nodes) {
  Impl& w = *impl_;
  auto c = std::make_unique<Client>(w.cfg, w.opts);
  c->impl_->stream_nodes = nodes;
  w.streams.push_back(std::move(c));
  w.paths.push_back(path);
  w.running.push_back(false);
  const std::size_t id = w.streams.size() - 1;
  w.start(id);
  return id;
}

void Watch::reopen(std::size_t id, const std::string& path) {
  Impl& w = *impl_;
  if (id >= w.streams.size() || w.running[id]) return;
  w.paths[id] = path;
  w.start(id);
}

Watch::Batch Watch::wait(std::chrono::milliseconds timeout) {
  Impl& w = *impl_;
  Batch b;
  int alive = 0;
  curl_multi_perform(w.multi, &alive);
  w.harvest(b);
  if (!b.events.empty() || !b.ended.empty()) return b;
  const int ms = static_cast<int>(std::clamp<std::chrono::milliseconds::rep>(timeout.count(), 0, 60'000));
  curl_multi_poll(w.multi, nullptr, 0, ms, nullptr);
  curl_multi_perform(w.multi, &alive);
  w.harvest(b);
  return b;
}

int Watch::requests() const {
  int n = 0;
  for (const auto& c : impl_->streams) n += c->requests();
  return n;
}
std::size_t Watch::bytes_received() const {
  std::size_t n = 0;
  for (const auto& c : impl_->streams) n += c->bytes_received();
  return n;
}

}  // namespace gpuwhy::kube
