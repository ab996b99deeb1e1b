#pragma once
/// Talking to an apiserver the way kubectl does: kubeconfig resolution (client-go clientcmd
/// rules), and one HTTP client over one reused libcurl handle.

#include <chrono>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "gpuwhy/base/error.h"
#include "gpuwhy/json/json_bounded.h"
#include "gpuwhy/model/fetched.h"
#include "gpuwhy/model/result.h"

namespace gpuwhy::kube {

/// What no check reads of an apiserver answer and is large on a real cluster, dropped while
/// parsing: `metadata.managedFields` of every object and `status.images` (a node of a real
/// cluster lists every image it holds), under whatever object holds them.
const jsonb::DropPolicy& unread_fields();
/// For a node or a NodeList (or a watch event of one): the node status no check reads
/// (unread_node_status; capacity and allocatable stay) and, of the managedFields, all but who set
/// the labels, taints and status amounts (node_managed_keep, read by the integrity rules).
const jsonb::DropPolicy& unread_node_fields();

/// Inputs of kubeconfig resolution. Everything the process environment would give is
/// injected, so resolution is a pure function and table-testable.
struct LoadOptions {
  std::optional<std::string> kubeconfig;   ///< --kubeconfig (must exist)
  std::optional<std::string> context;      ///< --context
  std::map<std::string, std::string> env;  ///< KUBECONFIG, HOME, KUBERNETES_SERVICE_HOST/_PORT
  /// Reads a file; returns nullopt when it does not exist. Throws Error(kIo) on other failures.
  std::function<std::optional<std::string>(const std::string&)> read_file;
  std::string service_account_dir = "/var/run/secrets/kubernetes.io/serviceaccount";
};

/// A fully resolved connection: no paths left, only bytes. Never serialised.
struct ClientConfig {
  std::string server;        ///< https://127.0.0.1:6443
  std::string context_name;  ///< "" for in-cluster
  std::string user_name;     ///< kubeconfig user entry name, for messages
  std::string ca_pem;        ///< empty: system trust store
  bool insecure_skip_tls_verify = false;
  std::string tls_server_name;
  std::string proxy_url;
  std::string client_cert_pem;
  std::string client_key_pem;
  std::string token;
  std::string username;
  std::string password;
  /// The context's namespace (kubeconfig), else the service account's (in-cluster); "" when
  /// neither says one (kubectl then uses "default").
  std::string namespace_;
  std::string origin;         ///< "kubeconfig /path" or "in-cluster service account"
  std::vector<Msg> warnings;  ///< catalog texts (kc.warn.*): e.g. insecure-skip-tls-verify honoured
};

/// `v` percent-escaped as a URL path segment or query value (RFC 3986 unreserved characters kept):
/// continue tokens (base64: `+`, `/`, `=`), field selectors, names.
std::string query_escape(std::string_view v);

/// The URL without any user:password part, for messages and reports.
std::string redact_url(const std::string& url);

/// Resolves like kubectl; throws Error(kConfig) with one line naming file/context/field.
ClientConfig load_config(const LoadOptions& opts);
/// LoadOptions filled from the real process environment and file system.
LoadOptions default_load_options();

/// An HTTP error answer from the apiserver (kind kHttp), with its status and parsed body
/// (null when the body was not JSON). Thrown by Client::get_json.
class HttpError : public Error {
 public:
  HttpError(const std::string& message, int http_status, nlohmann::json body);
  [[nodiscard]] int http_status() const { return http_status_; }
  [[nodiscard]] const nlohmann::json& body() const { return body_; }

 private:
  int http_status_;
  nlohmann::json body_;
};

/// One line explaining an apiserver error answer: 401 names the server and what to check;
/// 403 quotes RBAC's "User ... cannot <verb> resource ..." and adds the Role/ClusterRole rule
/// needed; other statuses give the Status.message. Never contains credentials.
std::string explain_http_error(std::string_view method, const std::string& url, int status, const nlohmann::json& body,
                               const std::string& server, const std::string& user_name = "");

struct ClientOptions {
  std::chrono::milliseconds request_timeout{std::chrono::seconds(10)};  ///< --request-timeout; 0 = none
  std::chrono::milliseconds connect_timeout{std::chrono::seconds(5)};
  /// --timeout: the most all requests of this client may take together, retries and
  /// Retry-After waits included, counted from the client's construction; 0 = none.
  std::chrono::milliseconds overall_timeout{0};
  int max_retries = 2;                              ///< for safe GETs only
  std::size_t max_body_bytes = 64UL * 1024 * 1024;  ///< larger answers are an error, memory stays bounded
  /// What every list of one collection may hold in all (paging.h ListBudget; 0 = the default).
  std::size_t list_max_bytes = 0;
  std::size_t list_max_items = 0;
};

/// One apiserver connection (libcurl, keep-alive; requests started ahead run beside it, on the
/// same connection over HTTP/2). Not thread-safe.
class Client {
 public:
  Client(ClientConfig cfg, ClientOptions opts);
  ~Client();
  Client(const Client&) = delete;
  Client& operator=(const Client&) = delete;
  Client(Client&&) noexcept;
  Client& operator=(Client&&) noexcept;

  /// GET path; JSON on 2xx, else throws Error (kTransport, kTls, kHttp, kParse) with one line.
  /// `nodes`: the answer is a node or NodeList; the status no check reads and most of its
  /// managedFields are dropped while parsing (unread_node_fields).
  nlohmann::json get_json(const std::string& path, bool nodes = false);
  /// POST body (JSON) to path; returns any HTTP answer (2xx and 4xx alike); throws on transport.
  HttpAnswer post_json(const std::string& path, const nlohmann::json& body);
  /// Starts GET path now, next to the other requests started ahead: over HTTP/2 they all go
  /// as parallel streams of one connection (over HTTP/1.1, a connection each). The next
  /// get_json(path) takes its answer, waits for it if need be, and treats it exactly as an
  /// answer it asked for itself (errors, retries, limits), so callers keep their order and
  /// their error handling; an answer never taken is dropped with the client. A request that
  /// cannot be started is left to get_json.
  void prefetch_get(const std::string& path);
  /// The same for POST body to path, taken by the next post_json of the same path and body.
  void prefetch_post(const std::string& path, const nlohmann::json& body);
  /// Requests sent so far (retries and requests started ahead included).
  [[nodiscard]] int requests() const;
  /// Body bytes received so far, over every answer.
  [[nodiscard]] std::size_t bytes_received() const;
  [[nodiscard]] const ClientConfig& config() const;
  [[nodiscard]] const ClientOptions& options() const;

 private:
  friend class Watch;
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

/// Watches: several streaming GETs (`?watch=1`) at once, each on a connection of its own with the
/// client's TLS, credentials and proxy, all driven by one libcurl multi handle in the caller's
/// thread (no threads). Each line of a stream is one watch event, parsed as get_json parses
/// (`nodes`: unread fields dropped, within the size and nesting limits) and scrubbed of
/// credentials. Not thread-safe.
class Watch {
 public:
  struct Event {
    std::size_t stream = 0;
    nlohmann::json event;  ///< {"type": ADDED|MODIFIED|DELETED|BOOKMARK|ERROR, "object": ...}
  };
  /// A stream that ended. `http_status` 2xx with an empty `message`: the server finished it (the
  /// watch's timeoutSeconds); another status: an HTTP error answer (410 Gone, 403, 405, ...);
  /// 0: a transport failure or a line that was not a watch event. `message` is one line.
  struct Ended {
    std::size_t stream = 0;
    int http_status = 0;
    std::string message;
  };
  struct Batch {
    std::vector<Event> events;
    std::vector<Ended> ended;
  };

  /// `opts.request_timeout` bounds each stream (0: none); `overall_timeout` is not used.
  Watch(ClientConfig cfg, ClientOptions opts);
  ~Watch();
  Watch(const Watch&) = delete;
  Watch& operator=(const Watch&) = delete;

  /// Starts a stream: GET path (a watch URL). Returns its id.
  std::size_t open(const std::string& path, bool nodes);
  /// Starts stream `id` again (after it ended) as GET path.
  void reopen(std::size_t id, const std::string& path);
  /// Waits at most `timeout` for something to arrive on any stream; returns what did (maybe nothing).
  Batch wait(std::chrono::milliseconds timeout);
  /// Requests sent (one per open/reopen) and body bytes received, over every stream.
  [[nodiscard]] int requests() const;
  [[nodiscard]] std::size_t bytes_received() const;

 private:
  struct Impl;
  std::unique_ptr<Impl> impl_;
};

}  // namespace gpuwhy::kube
