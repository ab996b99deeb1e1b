// What the apiserver's error answers say, in one bounded line: the status, the Status body's
// message, and RBAC's denial turned into the rule to grant (see kube.h). Only plain string search
// runs over the server's text, and only over a bounded cut of it.
#include <fmt/format.h>

#include "gpuwhy/base/text.h"
#include "gpuwhy/k8s/messages.h"
#include "gpuwhy/kube/kube.h"
#include "kube/kube_detail.h"

namespace gpuwhy::kube {

using nlohmann::json;

namespace {

std::string reason_phrase(int status) {
  switch (status) {
    case 400: return "Bad Request";
    case 401: return "Unauthorized";
    case 403: return "Forbidden";
    case 404: return "Not Found";
    case 405: return "Method Not Allowed";
    case 406: return "Not Acceptable";
    case 409: return "Conflict";
    case 410: return "Gone";
    case 413: return "Request Entity Too Large";
    case 415: return "Unsupported Media Type";
    case 422: return "Unprocessable Entity";
    case 429: return "Too Many Requests";
    case 500: return "Internal Server Error";
    case 502: return "Bad Gateway";
    case 503: return "Service Unavailable";
    case 504: return "Gateway Timeout";
    default: return "";
  }
}

/// The most bytes of a 403 message read for RBAC's wording: enough for a long user name (an
/// authenticator's, any length) before the rule, and a bound on the work whatever the server sends.
constexpr std::size_t kMaxRbacMessage = 64UL * 1024;
/// A quoted part of the server's text shown in an explanation: at most this many bytes.
constexpr std::size_t kMaxQuotedPart = 96;

/// `s` cut to `max` bytes for display, without leaving a lone backslash of an escape behind.
std::string shown_part(std::string_view s, std::size_t max) {
  if (s.size() <= max) return std::string(s);
  std::string cut = text::ellipsize(s, max);
  cut.resize(cut.size() - std::string_view("…").size());
  while (!cut.empty() && cut.back() == '\\') cut.pop_back();
  return cut + "…";
}

/// RBAC's denial, as k8s.io/apiserver's authorizer words it (Go %q for every quoted part):
/// `User "u" cannot <verb> resource "<res>" in API group "<g>"` then ` in the namespace "<ns>"`,
/// ` at the cluster scope` or nothing (non-resource URLs have `cannot <verb> path`, not parsed).
/// Fields view into the message.
struct Rbac {
  std::string_view user;  ///< as quoted (escapes kept)
  std::string_view tail;  ///< from the user's closing quote to the end of the scope
  std::string_view verb, resource, group, ns;
  bool cluster_scope = true;
};

/// The Go %q-quoted string starting at s[pos]: its text between the quotes (escapes kept as
/// written) and the position after the closing quote; nullopt when there is none.
std::optional<std::pair<std::string_view, std::size_t>> go_quoted(std::string_view s, std::size_t pos) {
  if (pos >= s.size() || s[pos] != '"') return std::nullopt;
  for (std::size_t i = pos + 1; i < s.size(); ++i) {
    if (s[i] == '\\') {
      ++i;
    } else if (s[i] == '"') {
      return std::pair{s.substr(pos + 1, i - pos - 1), i + 1};
    }
  }
  return std::nullopt;
}

/// `lit` at s[pos]: the position after it, or npos.
std::size_t after(std::string_view s, std::size_t pos, std::string_view lit) {
  return pos != std::string_view::npos && s.substr(pos).starts_with(lit) ? pos + lit.size() : std::string_view::npos;
}

/// Plain string search over a message cut to kMaxRbacMessage.
std::optional<Rbac> parse_rbac_denial(std::string_view msg) {
  for (std::size_t from = msg.find("User \""); from != std::string_view::npos; from = msg.find("User \"", from + 1)) {
    const auto user = go_quoted(msg, from + 5);
    if (!user) continue;
    std::size_t p = after(msg, user->second, " cannot ");
    if (p == std::string_view::npos) continue;
    const std::size_t verb_end = msg.find(' ', p);
    if (verb_end == std::string_view::npos || verb_end == p) continue;
    Rbac r;
    r.verb = msg.substr(p, verb_end - p);
    const auto res = go_quoted(msg, after(msg, verb_end, " resource "));
    if (!res) continue;
    const auto group = go_quoted(msg, after(msg, res->second, " in API group "));
    if (!group) continue;
    r.resource = res->first;
    r.group = group->first;
    p = group->second;
    if (const std::size_t q = after(msg, p, " at the cluster scope"); q != std::string_view::npos) {
      p = q;
    } else if (const auto ns = go_quoted(msg, after(msg, p, " in the namespace "))) {
      r.ns = ns->first;
      r.cluster_scope = false;
      p = ns->second;
    }
    r.user = user->first;
    r.tail = msg.substr(user->second, p - user->second);
    return r;
  }
  return std::nullopt;
}

}  // namespace

std::string detail::status_text(int status) {
  const std::string r = reason_phrase(status);
  return r.empty() ? fmt::format("HTTP {}", status) : fmt::format("{} {}", status, r);
}

std::string redact_url(const std::string& url) {
  // With or without a scheme ("user:pw@host:6443" is not a URL, but is still a password).
  const auto scheme = url.find("://");
  const std::size_t start = scheme == std::string::npos ? 0 : scheme + 3;
  const auto end = url.find_first_of("/?#", start);
  const auto at = url.rfind('@', end == std::string::npos ? std::string::npos : end);
  if (at == std::string::npos || at < start) return url;
  return url.substr(0, start) + url.substr(at + 1);
}

HttpError::HttpError(const std::string& message, int http_status, nlohmann::json body)
    : Error(ErrorKind::kHttp, message), http_status_(http_status), body_(std::move(body)) {}

std::string explain_http_error(std::string_view method, const std::string& url, int status, const nlohmann::json& body,
                               const std::string& server, const std::string& user_name) {
  const std::string msg = messages::status_message(body);  // cut to kMaxStatusMessage
  if (status == 401) {
    return fmt::format("credentials rejected (401 Unauthorized) by {}: check the user's client certificate or token{}",
                       redact_url(server),
                       user_name.empty() ? "" : fmt::format(" (kubeconfig user \"{}\")", user_name));
  }
  if (status == 403) {
    std::string_view raw;
    if (body.is_object() && body.contains("message") && body["message"].is_string()) {
      raw = body["message"].get_ref<const std::string&>();
    }
    if (const auto rbac = parse_rbac_denial(raw.substr(0, kMaxRbacMessage))) {
      const Rbac& r = *rbac;
      const bool read = r.verb == "get" || r.verb == "list" || r.verb == "watch";
      const std::string verbs = read ? "get list" : std::string(r.verb);
      const std::string group = r.group.empty() ? "" : fmt::format(" in API group \"{}\"", r.group);
      const std::string rule =
          r.cluster_scope ? fmt::format("grant a ClusterRole (with a ClusterRoleBinding) with verbs [{}] on {}{}",
                                        verbs, r.resource, group)
                          : fmt::format("grant a Role with verbs [{}] on {}{} in {}", verbs, r.resource, group, r.ns);
      return shown_part(
          fmt::format("403 Forbidden: User \"{}\"{}; {}", shown_part(r.user, kMaxQuotedPart), r.tail, rule),
          messages::kMaxStatusMessage);
    }
    return fmt::format("403 Forbidden: {} {}: {}", method, redact_url(url),
                       msg.empty() ? "the apiserver refused the request" : msg);
  }
  if (!msg.empty()) return fmt::format("{} {}: {}: {}", method, redact_url(url), detail::status_text(status), msg);
  return fmt::format("{} {}: {}", method, redact_url(url), detail::status_text(status));
}

}  // namespace gpuwhy::kube
