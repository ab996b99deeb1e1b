// The apiserver client: one request at a time over the transport in client_impl.h.
#include <cctype>

#include <fmt/format.h>

#include "kube/client_impl.h"

namespace gpuwhy::kube {

std::string query_escape(std::string_view v) {
  std::string out;
  for (const char c : v) {
    const auto u = static_cast<unsigned char>(c);
    if (std::isalnum(u) != 0 || c == '-' || c == '_' || c == '.' || c == '~') {
      out += c;
    } else {
      out += fmt::format("%{:02X}", u);
    }
  }
  return out;
}

Client::Client(ClientConfig cfg, ClientOptions opts) : impl_(std::make_unique<Impl>(std::move(cfg), opts)) {
  impl_->setup();
}
Client::~Client() = default;
Client::Client(Client&&) noexcept = default;
Client& Client::operator=(Client&&) noexcept = default;

nlohmann::json Client::get_json(const std::string& path, bool nodes) {
  Impl& im = *impl_;
  const std::string shown_url = im.shown + path;
  for (int attempt = 0;; ++attempt) {
    Impl::Answer a;
    try {
      a = attempt == 0 ? im.take_or_perform("GET", path, nullptr) : im.perform("GET", path, nullptr);
    } catch (const Error& e) {
      // Only a reset or an empty answer on an established connection is retried: a refused
      // connection, a timeout or a TLS failure will not get better by asking again.
      const bool reset =
          e.kind() == ErrorKind::kTransport &&
          (im.last_rc == CURLE_RECV_ERROR || im.last_rc == CURLE_SEND_ERROR || im.last_rc == CURLE_GOT_NOTHING);
      if (reset && attempt < im.opts.max_retries) {
        im.pause(std::chrono::milliseconds(100 * (attempt + 1)));
        continue;
      }
      throw;
    }
    std::string not_retried;
    if ((a.status == 429 || a.status == 503) && attempt < im.opts.max_retries) {
      if (auto secs = parse_retry_after(im.retry_after)) {
        const auto wait = std::min(std::chrono::milliseconds(*secs * 1000), std::chrono::milliseconds(2000));
        // A wait that would pass the overall deadline is not taken: the answer stands, and says why.
        if (const auto left = im.remaining(); !left || wait < *left) {
          im.pause(wait);
          continue;
        }
        not_retried = fmt::format(" (not retried: waiting {}s more would pass the overall --timeout)", *secs);
      }
    }
    json body;
    try {
      jsonb::Limits limits;
      // A node's images, most of its status and most of its managedFields are never read and
      // are most of its bytes. A pod's managedFields are read (who set spec.nodeName: bound by hand?).
      if (nodes) limits.drop = &unread_node_fields();
      body = jsonb::parse(a.body, limits);
    } catch (const Error& e) {
      throw Error(ErrorKind::kParse, im.scrub(fmt::format("GET {}: the answer is refused: {}", shown_url, e.what())));
    }
    if (a.status >= 200 && a.status < 300) {
      if (body.is_discarded()) {
        throw Error(ErrorKind::kParse, im.scrub(fmt::format("GET {}: the answer is not JSON (starts with \"{}\")",
                                                            shown_url, im.excerpt_of(a.body))));
      }
      im.scrub(body);
      return body;
    }
    if (body.is_discarded()) {
      const std::string what = fmt::format("GET {}: {} (body is not JSON: \"{}\"){}", shown_url,
                                           detail::status_text(a.status), im.excerpt_of(a.body), not_retried);
      throw HttpError(im.scrub(what), a.status, json());
    }
    im.scrub(body);
    throw HttpError(
        im.scrub(explain_http_error("GET", shown_url, a.status, body, im.shown, im.cfg.user_name) + not_retried),
        a.status, body);
  }
}

HttpAnswer Client::post_json(const std::string& path, const nlohmann::json& body) {
  const std::string data = body.dump(-1, ' ', false, json::error_handler_t::replace);
  Impl::Answer a = impl_->take_or_perform("POST", path, &data);
  json parsed;
  try {
    parsed = jsonb::parse(a.body);
  } catch (const Error& e) {
    throw Error(ErrorKind::kParse,
                impl_->scrub(fmt::format("POST {}{}: the answer is refused: {}", impl_->shown, path, e.what())));
  }
  if (parsed.is_discarded()) return HttpAnswer{a.status, json()};
  impl_->scrub(parsed);
  return HttpAnswer{a.status, std::move(parsed)};
}

void Client::prefetch_get(const std::string& path) {
  impl_->prefetch("GET", path, nullptr);
}

void Client::prefetch_post(const std::string& path, const nlohmann::json& body) {
  const std::string data = body.dump(-1, ' ', false, json::error_handler_t::replace);
  impl_->prefetch("POST", path, &data);
}

int Client::requests() const {
  return impl_->requests;
}
std::size_t Client::bytes_received() const {
  return impl_->received;
}
const ClientConfig& Client::config() const {
  return impl_->cfg;
}
const ClientOptions& Client::options() const {
  return impl_->opts;
}

}  // namespace gpuwhy::kube
