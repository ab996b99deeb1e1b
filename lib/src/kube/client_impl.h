#pragma once
/// The apiserver client's transport, shared by client.cpp (one request at a time) and watch.cpp
/// (watch streams over one curl multi handle): one libcurl easy handle per Client::Impl, reused for
/// every request, run on the client's own multi handle so the connection stays alive
/// ("Persistence Is The Way to Happiness", libcurl-tutorial). Requests started ahead (prefetch)
/// each get an easy handle of their own (a lane) on that same multi handle: over HTTP/2 they
/// share the one connection as parallel streams; over HTTP/1.1 each lane opens its own. TLS
/// material is passed in memory (CURLOPT_*_BLOB, libcurl >= 7.77 with OpenSSL); nothing is
/// written to disk. Private to lib/src/kube.

#include <curl/curl.h>

#include <algorithm>
#include <array>
#include <cctype>
#include <cerrno>
#include <chrono>
#include <cstdint>
#include <cstring>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <thread>
#include <vector>

#include <fmt/format.h>

#include "gpuwhy/base/base64.h"
#include "gpuwhy/base/text.h"
#include "gpuwhy/json/json_bounded.h"
#include "gpuwhy/kube/kube.h"
#include "kube/kube_detail.h"

namespace gpuwhy::kube {

namespace transport {

using nlohmann::json;

inline void global_init() {
  static std::once_flag once;
  // curl_global_init is not thread-safe; do it once, before the first handle.
  std::call_once(once, [] { curl_global_init(CURL_GLOBAL_DEFAULT); });
}

/// A short, printable, one-line excerpt of an unknown body (for "not JSON" messages).
inline std::string excerpt(std::string_view body) {
  std::string out;
  for (char ch : body.substr(0, 60)) {
    const auto c = static_cast<unsigned char>(ch);
    out += (c >= 0x20 && c < 0x7f) ? ch : '.';
  }
  if (body.size() > 60) out += "...";
  return out;
}

/// The "user:password" part of a URL, "" when there is none.
inline std::string userinfo_of(const std::string& url) {
  const std::string shown = redact_url(url);
  if (shown == url) return "";
  const auto scheme = url.find("://");
  const std::size_t start = scheme == std::string::npos ? 0 : scheme + 3;
  const std::size_t len = url.size() - shown.size();  // "user:pw@"
  return len > 1 ? url.substr(start, len - 1) : "";
}

inline std::string seconds_text(std::chrono::milliseconds ms) {
  return fmt::format("{:.3g}s", static_cast<double>(ms.count()) / 1000.0);
}

/// Why curl could not verify the apiserver's certificate, from the TLS library's words.
inline std::string unverified_why(const std::string& detail) {
  const auto has = [&detail](std::string_view s) { return detail.find(s) != std::string::npos; };
  if (has("expired")) return "the apiserver's certificate has expired";
  if (has("not yet valid")) return "the apiserver's certificate is not valid yet (check the clock)";
  if (has("subject name") || has("host name") || has("hostname")) {
    return "the apiserver's certificate does not match the host name (check server or tls-server-name)";
  }
  if (has("local issuer") || has("self-signed") || has("self signed") || has("unknown ca") ||
      has("unable to get issuer")) {
    return "the apiserver's certificate is signed by an unknown CA (check certificate-authority(-data))";
  }
  return "the apiserver's certificate could not be verified";
}

/// Retry-After in seconds (delta form); the HTTP-date form counts as 1 s.
inline std::optional<int> parse_retry_after(const std::string& v) {
  if (v.empty()) return std::nullopt;
  int secs = 0;
  for (char c : v) {
    if (c < '0' || c > '9') return 1;
    secs = std::min(secs * 10 + (c - '0'), 3600);
  }
  return secs;
}

}  // namespace transport

using namespace transport;  // NOLINT(google-build-using-namespace,google-global-names-in-headers): private to
                            // lib/src/kube

struct Client::Impl {
  ClientConfig cfg;
  ClientOptions opts;
  int requests = 0;
  std::size_t received = 0;  ///< body bytes of every answer (what the apiserver sent us)
  CURL* h = nullptr;
  curl_slist* get_headers = nullptr;
  curl_slist* post_headers = nullptr;
  std::array<char, CURL_ERROR_SIZE> errbuf{};
  std::string base;   ///< URL prefix used in requests (host replaced by tls-server-name, if set)
  std::string shown;  ///< server URL for messages (no userinfo)

  // Per-request state, filled by the callbacks.
  std::string body;
  bool overflow = false;
  std::string retry_after;
  CURLcode last_rc = CURLE_OK;

  // A watch stream (Watch): each complete line of a 2xx answer is parsed into `events`.
  bool streaming = false;
  bool stream_nodes = false;
  std::string line;          ///< the line not yet complete
  std::vector<json> events;  ///< parsed, waiting for Watch::wait to hand them out
  std::string stream_error;  ///< why the stream was cut by us (a line that is no watch event)

  Impl(ClientConfig c, ClientOptions o) : cfg(std::move(c)), opts(o), started(std::chrono::steady_clock::now()) {}

  std::chrono::steady_clock::time_point started;
  /// The last transfer was cut by the overall deadline rather than by --request-timeout.
  bool deadline_bound = false;

  /// Time left before the overall --timeout; nullopt when there is none.
  [[nodiscard]] std::optional<std::chrono::milliseconds> remaining() const {
    if (opts.overall_timeout.count() <= 0) return std::nullopt;
    const auto used = std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - started);
    return std::max(std::chrono::milliseconds(0), opts.overall_timeout - used);
  }
  [[nodiscard]] std::string overall_text() const {
    return fmt::format("the overall --timeout of {:.3g}s ran out",
                       static_cast<double>(opts.overall_timeout.count()) / 1000.0);
  }
  Impl(const Impl&) = delete;
  Impl& operator=(const Impl&) = delete;
  ~Impl() {
    // Lanes still running (answers nobody took) are dropped: removed, then cleaned up, before
    // the multi handle that holds their connection.
    for (Ahead& a : ahead) {
      if (a.lane && !a.done) curl_multi_remove_handle(multi, a.lane->h);
    }
    ahead.clear();
    if (h != nullptr) curl_easy_cleanup(h);
    if (multi != nullptr) curl_multi_cleanup(multi);
    curl_slist_free_all(get_headers);
    curl_slist_free_all(post_headers);
    curl_slist_free_all(connect_to);
  }

  /// The credentials as they could come back from a server that quotes the request: the token,
  /// the password, and the Basic Authorization value (base64 of "username:password").
  std::vector<std::string> secrets;

  /// An excerpt of a body for a message: redacted first, then cut (cutting first could leave a
  /// prefix of a secret, e.g. of a Basic credential, that no longer matches it whole).
  [[nodiscard]] std::string excerpt_of(std::string_view body) const {
    return excerpt(scrub(std::string(body.substr(0, 64UL * 1024))));
  }

  /// Removes any secret from a message (belt and braces: messages are built without them).
  std::string scrub(std::string s) const {
    for (const std::string& secret : secrets) {
      for (auto p = s.find(secret); p != std::string::npos; p = s.find(secret, p)) {
        s.replace(p, secret.size(), "<redacted>");
      }
    }
    return s;
  }

  /// The same for every string (and key) of an answer, which may end up in a bundle or a
  /// report: a server that quotes the Authorization header back must not make gpuwhy write
  /// it down. Iterative, so a deeply nested answer cannot exhaust the stack.
  void scrub(json& j) const {
    if (secrets.empty()) return;
    std::vector<json*> todo{&j};
    while (!todo.empty()) {
      json* v = todo.back();
      todo.pop_back();
      if (v->is_string()) {
        auto& str = v->get_ref<std::string&>();
        std::string clean = scrub(str);
        if (clean != str) str = std::move(clean);
      } else if (v->is_array()) {
        for (auto& e : *v) todo.push_back(&e);
      } else if (v->is_object()) {
        std::vector<std::string> bad_keys;
        for (auto it = v->begin(); it != v->end(); ++it) {
          if (scrub(it.key()) != it.key()) {
            bad_keys.push_back(it.key());
          } else {
            todo.push_back(&it.value());
          }
        }
        // Object members are map nodes: pointers to the other members stay valid.
        for (const auto& k : bad_keys) {
          json moved = std::move((*v)[k]);
          v->erase(k);
          json& slot = (*v)[scrub(k)];
          slot = std::move(moved);
          todo.push_back(&slot);
        }
      }
    }
  }

  template <class T>
  void set(CURLoption opt, T value, const char* name) {
    const CURLcode rc = curl_easy_setopt(h, opt, value);
    if (rc == CURLE_OK) return;
    if (rc == CURLE_UNKNOWN_OPTION || rc == CURLE_NOT_BUILT_IN) {
      throw Error(ErrorKind::kTls,
                  fmt::format("this libcurl ({}) does not support {}; gpuwhy needs libcurl >= 7.77 built with OpenSSL",
                              curl_version_info(CURLVERSION_NOW)->version, name));
    }
    throw Error(ErrorKind::kTransport, fmt::format("curl_easy_setopt({}) failed: {}", name, curl_easy_strerror(rc)));
  }

  void set_blob(CURLoption opt, const std::string& data, const char* name) {
    curl_blob blob{};
    blob.data = const_cast<char*>(data.data());  // NOLINT: libcurl copies it (CURL_BLOB_COPY)
    blob.len = data.size();
    blob.flags = CURL_BLOB_COPY;
    set(opt, &blob, name);
  }

  static std::size_t on_write(char* ptr, std::size_t size, std::size_t n, void* self) {
    auto* impl = static_cast<Impl*>(self);
    const std::size_t len = size * n;
    if (impl->streaming) return impl->on_stream(std::string_view(ptr, len));
    if (impl->body.size() + len > impl->opts.max_body_bytes) {
      impl->overflow = true;
      return 0;  // makes libcurl abort with CURLE_WRITE_ERROR; memory stays bounded
    }
    impl->body.append(ptr, len);
    impl->received += len;
    return len;
  }

  /// A chunk of a watch stream. Never throws (a libcurl callback): a bad line stops the stream.
  std::size_t on_stream(std::string_view chunk) noexcept {
    received += chunk.size();
    long code = 0;
    curl_easy_getinfo(h, CURLINFO_RESPONSE_CODE, &code);
    if (code < 200 || code >= 300) {  // an error answer: a Status, kept (bounded) for the message
      if (body.size() + chunk.size() > opts.max_body_bytes) return 0;
      body.append(chunk);
      return chunk.size();
    }
    try {
      line.append(chunk);
      std::size_t from = 0;
      for (auto nl = line.find('\n'); nl != std::string::npos; nl = line.find('\n', from)) {
        if (!take_line(std::string_view(line).substr(from, nl - from))) return 0;
        from = nl + 1;
      }
      line.erase(0, from);
      if (line.size() > opts.max_body_bytes) {
        stream_error = fmt::format("a watch event larger than the {} byte limit; refused", opts.max_body_bytes);
        return 0;
      }
      return chunk.size();
    } catch (const std::exception& e) {
      stream_error = e.what();
      return 0;
    }
  }

  /// One line of a watch stream into `events`; false (and stream_error) when it is no JSON object.
  bool take_line(std::string_view l) {
    while (!l.empty() && (l.back() == '\r' || l.back() == ' ')) l.remove_suffix(1);
    if (l.empty()) return true;
    jsonb::Limits limits;
    if (stream_nodes) limits.drop = &unread_node_fields();
    json ev = jsonb::parse(l, limits);
    if (ev.is_discarded() || !ev.is_object()) {
      stream_error = fmt::format("a watch line is not a JSON object (starts with \"{}\")", excerpt_of(l));
      return false;
    }
    scrub(ev);
    events.push_back(std::move(ev));
    return true;
  }

  /// Sets up the next transfer as a watch stream of `path` (Watch adds it to its multi handle).
  void prepare_stream(const std::string& path, bool nodes) {
    streaming = true;
    stream_nodes = nodes;
    line.clear();
    body.clear();
    events.clear();
    stream_error.clear();
    errbuf[0] = '\0';
    const std::string url = base + path;
    set(CURLOPT_URL, url.c_str(), "CURLOPT_URL");
    set(CURLOPT_HTTPGET, 1L, "CURLOPT_HTTPGET");
    set(CURLOPT_HTTPHEADER, get_headers, "CURLOPT_HTTPHEADER");
    // A watch sends nothing for as long as nothing changes: only its own timeout bounds it.
    set(CURLOPT_TIMEOUT_MS, static_cast<long>(opts.request_timeout.count()), "CURLOPT_TIMEOUT_MS");
    set(CURLOPT_MAXFILESIZE_LARGE, static_cast<curl_off_t>(0), "CURLOPT_MAXFILESIZE_LARGE");
    ++requests;
  }

  static std::size_t on_header(char* ptr, std::size_t size, std::size_t n, void* self) {
    auto* impl = static_cast<Impl*>(self);
    const std::size_t len = size * n;
    std::string_view line(ptr, len);
    if (line.rfind("HTTP/", 0) == 0) impl->retry_after.clear();  // a new response (e.g. after a proxy CONNECT)
    auto colon = line.find(':');
    if (colon != std::string_view::npos) {
      std::string name(line.substr(0, colon));
      std::transform(name.begin(), name.end(), name.begin(), [](unsigned char c) { return std::tolower(c); });
      if (name == "retry-after") impl->retry_after = text::trim(line.substr(colon + 1));
    }
    return len;
  }

  void setup() {
    collect_secrets();
    global_init();
    h = curl_easy_init();
    if (h == nullptr) throw Error(ErrorKind::kTransport, "curl_easy_init failed");
    shown = redact_url(cfg.server);
    while (!shown.empty() && shown.back() == '/') shown.pop_back();
    base = cfg.server;
    while (!base.empty() && base.back() == '/') base.pop_back();
    set_transfer_options();
    set_tls_options();
    set_proxy();
    set_auth_headers();
  }

  /// What must never appear in an error or a log line, in every form curl could send it.
  void collect_secrets() {
    for (const std::string* secret : {&cfg.token, &cfg.password}) {
      if (secret->size() >= 4) secrets.push_back(*secret);
    }
    if (!cfg.username.empty() || !cfg.password.empty()) {
      secrets.push_back(base64::encode(cfg.username + ":" + cfg.password));
    }
    // user:password in the server or proxy URL: never written, in any form curl could send.
    for (const std::string* url : {&cfg.server, &cfg.proxy_url}) {
      const std::string info = userinfo_of(*url);
      if (info.empty()) continue;
      secrets.push_back(info);
      secrets.push_back(base64::encode(info));
      if (const auto colon = info.find(':'); colon != std::string::npos && info.size() - colon - 1 >= 4) {
        secrets.push_back(info.substr(colon + 1));
      }
    }
  }

  /// Callbacks, user agent, no redirects, the timeouts and the size bound.
  void set_transfer_options() {
    set(CURLOPT_NOSIGNAL, 1L, "CURLOPT_NOSIGNAL");
    set(CURLOPT_ERRORBUFFER, errbuf.data(), "CURLOPT_ERRORBUFFER");
    set(CURLOPT_WRITEFUNCTION, &Impl::on_write, "CURLOPT_WRITEFUNCTION");
    set(CURLOPT_WRITEDATA, this, "CURLOPT_WRITEDATA");
    set(CURLOPT_HEADERFUNCTION, &Impl::on_header, "CURLOPT_HEADERFUNCTION");
    set(CURLOPT_HEADERDATA, this, "CURLOPT_HEADERDATA");
    set(CURLOPT_USERAGENT, "gpuwhy/" GPUWHY_VERSION, "CURLOPT_USERAGENT");
    set(CURLOPT_ACCEPT_ENCODING, "", "CURLOPT_ACCEPT_ENCODING");  // decoded size is what on_write bounds
    set(CURLOPT_FOLLOWLOCATION, 0L, "CURLOPT_FOLLOWLOCATION");    // never carry credentials elsewhere
    set(CURLOPT_PROTOCOLS_STR, "http,https", "CURLOPT_PROTOCOLS_STR");
    set(CURLOPT_CONNECTTIMEOUT_MS, static_cast<long>(opts.connect_timeout.count()), "CURLOPT_CONNECTTIMEOUT_MS");
    // The whole request, connect included; 0 means no limit (CURLOPT_TIMEOUT_MS).
    set(CURLOPT_TIMEOUT_MS, static_cast<long>(opts.request_timeout.count()), "CURLOPT_TIMEOUT_MS");
    // An answer whose Content-Length is over the limit is refused before its body is read
    // (on_write bounds the decoded size of chunked or compressed answers).
    set(CURLOPT_MAXFILESIZE_LARGE, static_cast<curl_off_t>(opts.max_body_bytes), "CURLOPT_MAXFILESIZE_LARGE");
  }

  /// Verification against the kubeconfig's CA (or none when asked), the client certificate.
  void set_tls_options() {
    if (cfg.server.rfind("https://", 0) != 0) return;
    if (cfg.insecure_skip_tls_verify) {
      set(CURLOPT_SSL_VERIFYPEER, 0L, "CURLOPT_SSL_VERIFYPEER");
      set(CURLOPT_SSL_VERIFYHOST, 0L, "CURLOPT_SSL_VERIFYHOST");
    } else {
      set(CURLOPT_SSL_VERIFYPEER, 1L, "CURLOPT_SSL_VERIFYPEER");
      set(CURLOPT_SSL_VERIFYHOST, 2L, "CURLOPT_SSL_VERIFYHOST");
      if (!cfg.ca_pem.empty()) {
        set_blob(CURLOPT_CAINFO_BLOB, cfg.ca_pem, "CURLOPT_CAINFO_BLOB");
        // Trust only the kubeconfig's CA, as kubectl does: no system CA folder on top.
        set(CURLOPT_CAPATH, static_cast<const char*>(nullptr), "CURLOPT_CAPATH");
      }
    }
    if (!cfg.client_cert_pem.empty()) {
      set_blob(CURLOPT_SSLCERT_BLOB, cfg.client_cert_pem, "CURLOPT_SSLCERT_BLOB");
      set(CURLOPT_SSLCERTTYPE, "PEM", "CURLOPT_SSLCERTTYPE");
      set_blob(CURLOPT_SSLKEY_BLOB, cfg.client_key_pem, "CURLOPT_SSLKEY_BLOB");
      set(CURLOPT_SSLKEYTYPE, "PEM", "CURLOPT_SSLKEYTYPE");
    }
    if (!cfg.tls_server_name.empty()) route_tls_server_name();
  }

  void set_proxy() {
    if (!cfg.proxy_url.empty()) {
      set(CURLOPT_PROXY, cfg.proxy_url.c_str(), "CURLOPT_PROXY");
    } else if (is_loopback_server()) {
      // Go's ProxyFromEnvironment (so kubectl) never proxies loopback; libcurl would follow
      // https_proxy even for 127.0.0.1. An empty CURLOPT_PROXY turns the environment off.
      set(CURLOPT_PROXY, "", "CURLOPT_PROXY");
    }
  }

  /// Accept and credentials on GET; the same plus Content-Type on POST.
  void set_auth_headers() {
    get_headers = curl_slist_append(get_headers, "Accept: application/json");
    if (!cfg.token.empty()) {
      const std::string auth = "Authorization: Bearer " + cfg.token;
      get_headers = curl_slist_append(get_headers, auth.c_str());
    } else if (!cfg.username.empty() || !cfg.password.empty()) {
      set(CURLOPT_HTTPAUTH, static_cast<long>(CURLAUTH_BASIC), "CURLOPT_HTTPAUTH");
      set(CURLOPT_USERNAME, cfg.username.c_str(), "CURLOPT_USERNAME");
      set(CURLOPT_PASSWORD, cfg.password.c_str(), "CURLOPT_PASSWORD");
    }
    for (curl_slist* p = get_headers; p != nullptr; p = p->next)
      post_headers = curl_slist_append(post_headers, p->data);
    post_headers = curl_slist_append(post_headers, "Content-Type: application/json");
    post_headers = curl_slist_append(post_headers, "Expect:");  // no 100-continue round trip
    if (get_headers == nullptr || post_headers == nullptr) throw Error(ErrorKind::kTransport, "out of memory");
  }

  [[nodiscard]] bool is_loopback_server() const {
    CURLU* u = curl_url();
    if (u == nullptr) return false;
    std::string host;
    if (curl_url_set(u, CURLUPART_URL, cfg.server.c_str(), 0) == CURLUE_OK) {
      char* h = nullptr;
      if (curl_url_get(u, CURLUPART_HOST, &h, 0) == CURLUE_OK && h != nullptr) host = h;
      curl_free(h);
    }
    curl_url_cleanup(u);
    return host == "localhost" || host.rfind("127.", 0) == 0 || host == "[::1]";
  }

  /// tls-server-name: the request URL names that host (so SNI and certificate verification use
  /// it) while CURLOPT_CONNECT_TO keeps the connection going to the real address.
  void route_tls_server_name() {
    if (!cfg.proxy_url.empty()) {
      throw Error(ErrorKind::kConfig,
                  fmt::format("{}: tls-server-name together with proxy-url is not supported", cfg.origin));
    }
    CURLU* u = curl_url();
    if (u == nullptr) throw Error(ErrorKind::kTransport, "out of memory");
    struct UrlFree {
      CURLU* u;
      ~UrlFree() { curl_url_cleanup(u); }
    } free_u{u};
    if (curl_url_set(u, CURLUPART_URL, cfg.server.c_str(), 0) != CURLUE_OK) {
      throw Error(ErrorKind::kConfig, fmt::format("{}: server \"{}\" is not a valid URL", cfg.origin, shown));
    }
    char* host = nullptr;
    char* port = nullptr;
    curl_url_get(u, CURLUPART_HOST, &host, 0);
    curl_url_get(u, CURLUPART_PORT, &port, CURLU_DEFAULT_PORT);
    const std::string real_host = host != nullptr ? host : "";
    const std::string real_port = port != nullptr ? port : "443";
    curl_free(host);
    curl_free(port);
    if (curl_url_set(u, CURLUPART_HOST, cfg.tls_server_name.c_str(), 0) != CURLUE_OK) {
      throw Error(ErrorKind::kConfig,
                  fmt::format("{}: tls-server-name \"{}\" is not a valid host name", cfg.origin, cfg.tls_server_name));
    }
    char* url = nullptr;
    curl_url_get(u, CURLUPART_URL, &url, 0);
    base = url != nullptr ? url : base;
    curl_free(url);
    while (!base.empty() && base.back() == '/') base.pop_back();
    connect_to = curl_slist_append(
        nullptr, fmt::format("{}:{}:{}:{}", cfg.tls_server_name, real_port, real_host, real_port).c_str());
    set(CURLOPT_CONNECT_TO, connect_to, "CURLOPT_CONNECT_TO");
  }
  curl_slist* connect_to = nullptr;

  struct Answer {
    int status = 0;
    std::string body;
  };

  /// One transfer, on the multi handle (with any lanes still running). Throws Error for
  /// anything that is not an HTTP answer.
  Answer perform(const char* method, const std::string& path, const std::string* post_body) {
    prepare(method, path, post_body);
    own_multi();
    if (curl_multi_add_handle(multi, h) != CURLM_OK) throw Error(ErrorKind::kTransport, "curl_multi_add_handle failed");
    return finish(run_until(h), method, shown + path);
  }

  /// The options of one transfer of `path` (and the overall deadline checked); counted as sent.
  void prepare(const char* method, const std::string& path, const std::string* post_body) {
    const std::string url = base + path;
    const std::string shown_url = shown + path;
    body.clear();
    overflow = false;
    retry_after.clear();
    errbuf[0] = '\0';
    set(CURLOPT_URL, url.c_str(), "CURLOPT_URL");
    if (post_body != nullptr) {
      set(CURLOPT_POSTFIELDSIZE_LARGE, static_cast<curl_off_t>(post_body->size()), "CURLOPT_POSTFIELDSIZE_LARGE");
      set(CURLOPT_COPYPOSTFIELDS, post_body->c_str(), "CURLOPT_COPYPOSTFIELDS");
      set(CURLOPT_HTTPHEADER, post_headers, "CURLOPT_HTTPHEADER");
    } else {
      set(CURLOPT_HTTPGET, 1L, "CURLOPT_HTTPGET");
      set(CURLOPT_HTTPHEADER, get_headers, "CURLOPT_HTTPHEADER");
    }
    // Each request gets what is left of the overall deadline, if that is less than its own.
    deadline_bound = false;
    if (const auto left = remaining()) {
      if (left->count() <= 0)
        throw Error(ErrorKind::kTransport, scrub(fmt::format("{} {}: {}", method, shown_url, overall_text())));
      auto request = opts.request_timeout;
      if (request.count() <= 0 || *left < request) {
        request = *left;
        deadline_bound = true;
      }
      set(CURLOPT_TIMEOUT_MS, static_cast<long>(request.count()), "CURLOPT_TIMEOUT_MS");
      set(CURLOPT_CONNECTTIMEOUT_MS, static_cast<long>(std::min(opts.connect_timeout, *left).count()),
          "CURLOPT_CONNECTTIMEOUT_MS");
    }
    ++requests;
  }

  /// The answer of the transfer that ended with `rc`; throws Error when it is not an HTTP answer.
  Answer finish(CURLcode rc, const char* method, const std::string& shown_url) {
    last_rc = rc;
    if (rc != CURLE_OK) throw transport_error(rc, method, shown_url);
    long status = 0;
    curl_easy_getinfo(h, CURLINFO_RESPONSE_CODE, &status);
    return Answer{static_cast<int>(status), std::move(body)};
  }

  // ---- the multi handle and the requests started ahead ----------------------------------------

  /// Every transfer of this client runs here (made on first use): one pool of connections.
  CURLM* multi = nullptr;
  /// A request started ahead: `key` is what it asks (method, path, body); `lane` does the
  /// transfer with its own easy handle, answer and error state.
  struct Ahead {
    std::string key;
    std::unique_ptr<Impl> lane;
    bool done = false;
    CURLcode rc = CURLE_OK;
  };
  std::vector<Ahead> ahead;
  bool main_done = false;  ///< the transfer of `h` ended, with main_rc
  CURLcode main_rc = CURLE_OK;

  void own_multi();

  /// One turn of the multi handle: every transfer goes as far as it can without waiting, and each
  /// that ended is taken off and noted (ended). What curl_multi_perform said.
  CURLMcode step();
  /// Whether a request started ahead has not ended yet.
  [[nodiscard]] bool lanes_running() const;

  /// Runs the multi handle until the transfer of `easy` (h or a lane's) has ended; each transfer
  /// that ends on the way is taken off the multi handle and noted. Its result.
  CURLcode run_until(CURL* easy);

  /// Waits `wait` while the requests started ahead go on: a transfer left undriven would
  /// run out its --request-timeout with its answer unread in the socket.
  void pause(std::chrono::milliseconds wait);

  void ended(CURL* easy, CURLcode rc);

  static std::string ahead_key(const char* method, const std::string& path, const std::string* post_body);

  /// A lane's request was about to be sent: the server took a connection (TLS included).
  bool ahead_connected = false;
  static int on_prereq(void* parent, char* primary_ip, char* local_ip, int primary_port, int local_port);

  /// Runs the multi handle until a lane's request goes out on a connection, or every lane has
  /// ended without one. Whether there is a connection to send more on.
  bool await_connection();

  /// Starts `method path` now, on a lane of its own, next to whatever else runs; the next
  /// perform of the same request takes its answer (take) instead of asking again. Only the
  /// first lane opens the connection: the others start once it is up, so a server that cannot
  /// be reached (refused, timed out, TLS failed) gets that one request, as one perform at a
  /// time would have. A request that is not started (no connection, the overall --timeout
  /// already out, no memory) is left to that perform, which then fails as it would have.
  void prefetch(const char* method, const std::string& path, const std::string* post_body);

  /// The answer of this request started ahead (take), else of a perform of it now: a first
  /// attempt; a retry always asks again (perform).
  Answer take_or_perform(const char* method, const std::string& path, const std::string* post_body);

  /// The answer of the request started ahead as `method path` (with `post_body`), waiting for it
  /// to end; nullopt when none was. Throws the lane's Error as perform would have; the state a
  /// caller reads after perform (last_rc, retry_after, received) is the lane's.
  std::optional<Answer> take(const char* method, const std::string& path, const std::string* post_body);

  /// Why a transfer timed out: the overall --timeout, no connection, or no complete answer; `id`
  /// is set to the catalog text of the last two.
  std::string timeout_text(std::string* id, std::string* seconds);

  /// The failures a student meets most (refused, unreachable, timed out) with their catalog text
  /// (method, url and the words in the user's language); nullopt for the others.
  std::optional<Error> worded_error(CURLcode rc, const char* method, const std::string& url);

  /// Curl failures as one line, naming the URL and what most likely went wrong.
  Error transport_error(CURLcode rc, const char* method, const std::string& url);

  std::string cert_hint(const std::string& detail) const;
};

}  // namespace gpuwhy::kube
