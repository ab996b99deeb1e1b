// Why a transfer of a kube::Client failed, in words a user can act on: a timeout (which one), a
// refused or reset connection, a TLS failure (with what the certificate says), a proxy.
#include <cerrno>
#include <map>
#include <optional>
#include <string>
#include <string_view>

#include <fmt/format.h>

#include "kube/client_impl.h"

namespace gpuwhy::kube {

std::string Client::Impl::timeout_text(std::string* id, std::string* seconds) {
  const auto left = remaining();
  if (deadline_bound && left && left->count() <= 50) return "timeout: " + overall_text();
  curl_off_t connected = 0;
  curl_easy_getinfo(h, CURLINFO_CONNECT_TIME_T, &connected);
  long sent = 0;
  curl_easy_getinfo(h, CURLINFO_REQUEST_SIZE, &sent);
  // A reused connection has no connect time either: only a transfer that never sent its
  // request was still waiting for a connection.
  if (connected == 0 && sent == 0) {
    *id = "env.timeout-connect";
    *seconds = seconds_text(opts.connect_timeout);
    return fmt::format("timeout: no connection within {}", *seconds);
  }
  *id = "env.timeout-answer";
  *seconds = seconds_text(opts.request_timeout);
  return fmt::format("timeout: no complete answer within {} (--request-timeout)", *seconds);
}

std::optional<Error> Client::Impl::worded_error(CURLcode rc, const char* method, const std::string& url) {
  const std::string shown = scrub(url);
  const auto line = [&](const std::string& what, const char* id, std::map<std::string, std::string> args = {}) {
    args.insert({{"method", method}, {"url", shown}});
    return Error(ErrorKind::kTransport, scrub(fmt::format("{} {}: {}", method, url, what)), id, std::move(args));
  };
  if (rc == CURLE_OPERATION_TIMEDOUT) {
    std::string id;
    std::string seconds;
    const std::string what = timeout_text(&id, &seconds);
    if (id.empty()) return Error(ErrorKind::kTransport, scrub(fmt::format("{} {}: {}", method, url, what)));
    return line(what, id.c_str(), {{"seconds", seconds}});
  }
  if (rc != CURLE_COULDNT_CONNECT) return std::nullopt;
  long os_errno = 0;
  curl_easy_getinfo(h, CURLINFO_OS_ERRNO, &os_errno);
  if (os_errno == ECONNREFUSED) return line("connection refused", "env.refused");
  if (os_errno == ENETUNREACH) return line("network unreachable", "env.net-unreachable");
  if (os_errno == EHOSTUNREACH) return line("host unreachable", "env.host-unreachable");
  return std::nullopt;
}

Error Client::Impl::transport_error(CURLcode rc, const char* method, const std::string& url) {
  std::string detail = errbuf[0] != '\0' ? std::string(errbuf.data()) : curl_easy_strerror(rc);
  while (!detail.empty() && (detail.back() == '\n' || detail.back() == '\r')) detail.pop_back();
  const auto has = [&detail](std::string_view s) { return detail.find(s) != std::string::npos; };
  const auto line = [&](ErrorKind kind, const std::string& what) {
    return Error(kind, scrub(fmt::format("{} {}: {}", method, url, what)));
  };
  if (overflow || rc == CURLE_FILESIZE_EXCEEDED) {
    // A property of the answer, not of the connection (kParse, like "not JSON"): the server
    // is reachable, so collect goes on with the other items.
    return line(ErrorKind::kParse,
                fmt::format("the answer is larger than the {} byte limit; refused", opts.max_body_bytes));
  }
  if (auto worded = worded_error(rc, method, url)) return *worded;
  switch (rc) {
    case CURLE_COULDNT_RESOLVE_HOST:
      return line(ErrorKind::kTransport, "cannot resolve the host name (DNS): " + detail);
    case CURLE_COULDNT_RESOLVE_PROXY:
      return line(ErrorKind::kTransport, "cannot resolve the proxy host name (DNS): " + detail);
    case CURLE_COULDNT_CONNECT: return line(ErrorKind::kTransport, "cannot connect: " + detail);
    case CURLE_PEER_FAILED_VERIFICATION:
      return line(ErrorKind::kTls, fmt::format("TLS: {} ({})", unverified_why(detail), detail));
    case CURLE_SSL_CERTPROBLEM:
      return line(ErrorKind::kTls, "TLS: the client certificate or key is unusable (" + detail + ")");
    case CURLE_SSL_CACERT_BADFILE:
      return line(ErrorKind::kTls, "TLS: the certificate authority data is unusable (" + detail + ")");
    case CURLE_SSL_CONNECT_ERROR:
    case CURLE_SSL_CIPHER:
    case CURLE_SSL_ISSUER_ERROR:
    case CURLE_SSL_CRL_BADFILE:
    case CURLE_SSL_PINNEDPUBKEYNOTMATCH:
    case CURLE_SSL_SHUTDOWN_FAILED:
      if (has("wrong version number")) {
        return line(ErrorKind::kTls, fmt::format("TLS handshake failed: the server does not speak TLS (is it plain "
                                                 "http? check the scheme of \"server\") ({})",
                                                 detail));
      }
      return line(ErrorKind::kTls, fmt::format("TLS handshake failed{} ({})", cert_hint(detail), detail));
    case CURLE_RECV_ERROR:
    case CURLE_SEND_ERROR:
      if (has("alert") || has("SSL") || has("certificate")) {
        return line(ErrorKind::kTls,
                    fmt::format("TLS: the apiserver ended the session{} ({})", cert_hint(detail), detail));
      }
      return line(ErrorKind::kTransport, "connection reset: " + detail);
    case CURLE_GOT_NOTHING: return line(ErrorKind::kTransport, "the server closed the connection without answering");
    case CURLE_UNSUPPORTED_PROTOCOL:
    case CURLE_URL_MALFORMAT: return line(ErrorKind::kConfig, "not a usable URL: " + detail);
    default: return line(ErrorKind::kTransport, detail);
  }
}

std::string Client::Impl::cert_hint(const std::string& detail) const {
  const bool cert_alert = detail.find("certificate required") != std::string::npos ||
                          detail.find("bad certificate") != std::string::npos ||
                          detail.find("unknown ca") != std::string::npos;
  if (!cert_alert) return "";
  return cfg.client_cert_pem.empty() ? ": the apiserver wants a client certificate and none is configured"
                                     : ": the apiserver rejected the client certificate";
}

}  // namespace gpuwhy::kube
