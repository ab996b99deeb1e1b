// kube::Client against tests/tools/fault_server.py, a fault-injecting fake apiserver that this
// test starts on loopback (free ports chosen by the kernel) and stops at the end of the suite.

#include <gtest/gtest.h>

#include <chrono>

#include <fmt/format.h>

#include "../tools/fault_server.h"
#include "gpuwhy/k8s/messages.h"
#include "gpuwhy/kube/kube.h"
#include "gpuwhy/kube/paging.h"

namespace gpuwhy {
namespace {

using nlohmann::json;
using Clock = std::chrono::steady_clock;

constexpr const char* kToken = "s3cr3t-token-value";
class KubeClient : public testing_tools::WithFaultServer<KubeClient> {
 protected:
  static std::string url(const char* scheme, const char* listener) {
    return fmt::format("{}://127.0.0.1:{}", scheme, server_->port(listener));
  }
  static kube::ClientConfig http_cfg(const char* listener = "http") {
    kube::ClientConfig c;
    c.server = url("http", listener);
    c.token = kToken;
    c.user_name = "student";
    return c;
  }
  static kube::ClientConfig tls_cfg(const char* listener, const char* ca = "ca.crt") {
    kube::ClientConfig c;
    c.server = url("https", listener);
    c.ca_pem = server_->file(ca);
    c.token = kToken;
    return c;
  }
  static kube::ClientOptions quick() {
    kube::ClientOptions o;
    o.request_timeout = std::chrono::seconds(5);
    o.connect_timeout = std::chrono::seconds(2);
    return o;
  }

  /// Runs get_json(path) expecting an Error; returns it (kind + message) for checks.
  static Error get_error(kube::Client& client, const std::string& path) {
    try {
      const json j = client.get_json(path);
      ADD_FAILURE() << "GET " << path << " succeeded: " << j.dump();
    } catch (const Error& e) {
      EXPECT_EQ(std::string(e.what()).find('\n'), std::string::npos) << e.what();
      EXPECT_EQ(std::string(e.what()).find(kToken), std::string::npos) << "token leaked: " << e.what();
      return e;
    }
    return Error(ErrorKind::kUsage, "no error");
  }
};

bool contains(const std::string& s, const std::string& part) {
  return s.find(part) != std::string::npos;
}

TEST_F(KubeClient, ConnectionRefusedNamesTheUrl) {
  kube::Client c(http_cfg("refused"), quick());
  const Error e = get_error(c, "/version");
  EXPECT_EQ(e.kind(), ErrorKind::kTransport);
  EXPECT_EQ(std::string(e.what()),
            fmt::format("GET http://127.0.0.1:{}/version: connection refused", server_->port("refused")));
  EXPECT_EQ(c.requests(), 1);  // refused is not retried
}

// A server whose `continue` chain never ends: the page cap stops the listing, with one line.
TEST_F(KubeClient, ListingStopsAtThePageCap) {
  kube::Client c(http_cfg(), quick());
  try {
    kube::ListBudget budget;
    const auto items = kube::list_all(c, "/endless-pages", false, budget, 5);
    ADD_FAILURE() << "listed " << items.size() << " items";
  } catch (const Error& e) {
    EXPECT_EQ(e.kind(), ErrorKind::kParse);
    EXPECT_EQ(std::string(e.what()), "GET /endless-pages: more than 5 pages");
  }
  EXPECT_EQ(c.requests(), 5);
}

TEST_F(KubeClient, StallHitsTheTotalTimeout) {
  kube::ClientOptions o = quick();
  o.request_timeout = std::chrono::milliseconds(700);
  kube::Client c(http_cfg(), o);
  const auto start = Clock::now();
  const Error e = get_error(c, "/stall");
  EXPECT_LT(Clock::now() - start, std::chrono::seconds(4));
  EXPECT_EQ(e.kind(), ErrorKind::kTransport);
  EXPECT_TRUE(contains(e.what(), "/stall: timeout")) << e.what();
  EXPECT_EQ(c.requests(), 1);  // a timeout is not retried
}

TEST_F(KubeClient, ServerErrorCarriesStatusMessage) {
  kube::Client c(http_cfg(), quick());
  try {
    c.get_json("/status/500");
    FAIL();
  } catch (const kube::HttpError& e) {
    EXPECT_EQ(e.kind(), ErrorKind::kHttp);
    EXPECT_EQ(e.http_status(), 500);
    EXPECT_EQ(std::string(e.what()), fmt::format("GET http://127.0.0.1:{}/status/500: 500 Internal Server Error: "
                                                 "injected 500",
                                                 server_->port("http")));
    EXPECT_EQ(e.body()["reason"], "InternalError");
  }
}

TEST_F(KubeClient, NotFoundIsHttp404) {
  kube::Client c(http_cfg(), quick());
  try {
    c.get_json("/api/v1/namespaces/nope");
    FAIL();
  } catch (const kube::HttpError& e) {
    EXPECT_EQ(e.http_status(), 404);
  }
}

TEST_F(KubeClient, GarbageBodyIsParseError) {
  kube::Client c(http_cfg(), quick());
  const Error e = get_error(c, "/garbage");
  EXPECT_EQ(e.kind(), ErrorKind::kParse);
  EXPECT_TRUE(
      contains(e.what(), fmt::format("GET http://127.0.0.1:{}/garbage: the answer is not JSON", server_->port("http"))))
      << e.what();
}

TEST_F(KubeClient, NonJsonErrorBodyIsHttpError) {
  kube::Client c(http_cfg(), quick());
  try {
    c.get_json("/html-error");
    FAIL();
  } catch (const kube::HttpError& e) {
    EXPECT_EQ(e.http_status(), 502);
    EXPECT_TRUE(contains(e.what(), "502 Bad Gateway")) << e.what();
    EXPECT_TRUE(e.body().is_null());
  }
}

TEST_F(KubeClient, UnauthorizedSaysCredentialsRejected) {
  kube::Client c(http_cfg(), quick());
  const Error e = get_error(c, "/unauthorized");
  EXPECT_EQ(e.kind(), ErrorKind::kHttp);
  EXPECT_EQ(std::string(e.what()).rfind(fmt::format("credentials rejected (401 Unauthorized) by http://127.0.0.1:{}: "
                                                    "check the user's client certificate or token",
                                                    server_->port("http")),
                                        0),
            0U)
      << e.what();
}

TEST_F(KubeClient, ForbiddenGivesIdentityAndRbacRule) {
  kube::Client c(http_cfg(), quick());
  EXPECT_EQ(std::string(get_error(c, "/forbidden").what()),
            "403 Forbidden: User \"student\" cannot list resource \"pods\" in API group \"\" in the namespace "
            "\"gpu-why\"; grant a Role with verbs [get list] on pods in gpu-why");
  EXPECT_EQ(std::string(get_error(c, "/forbidden-cluster").what()),
            "403 Forbidden: User \"system:serviceaccount:gpu-why:grader\" cannot list resource \"nodes\" in API "
            "group \"\" at the cluster scope; grant a ClusterRole (with a ClusterRoleBinding) with verbs [get list] "
            "on nodes");
}

TEST_F(KubeClient, RetriesAfterRetryAfterThenSucceeds) {
  kube::ClientOptions o = quick();
  o.max_retries = 2;
  kube::Client c(http_cfg(), o);
  const auto start = Clock::now();
  const json j = c.get_json("/retry/429/2/a");
  EXPECT_EQ(j["attempts"], 3);
  EXPECT_EQ(c.requests(), 3);
  EXPECT_GE(Clock::now() - start, std::chrono::milliseconds(1900));  // Retry-After: 1, twice
  const json k = c.get_json("/retry/503/1/b");
  EXPECT_EQ(k["attempts"], 2);
  EXPECT_EQ(c.requests(), 5);
}

TEST_F(KubeClient, RetriesAreBounded) {
  kube::ClientOptions o = quick();
  o.max_retries = 1;
  kube::Client c(http_cfg(), o);
  try {
    c.get_json("/retry/429/5/c");
    FAIL();
  } catch (const kube::HttpError& e) {
    EXPECT_EQ(e.http_status(), 429);
  }
  EXPECT_EQ(c.requests(), 2);
}

TEST_F(KubeClient, NoRetryWithoutRetryAfter) {
  kube::Client c(http_cfg(), quick());
  try {
    c.get_json("/retry-noheader/503/d");
    FAIL();
  } catch (const kube::HttpError& e) {
    EXPECT_EQ(e.http_status(), 503);
  }
  EXPECT_EQ(c.requests(), 1);
}

TEST_F(KubeClient, ConnectionResetIsRetried) {
  kube::Client c(http_cfg(), quick());
  const json j = c.get_json("/reset/1/e");
  EXPECT_EQ(j["attempts"], 2);
  EXPECT_EQ(c.requests(), 2);
}

TEST_F(KubeClient, PostIsNeverRetried) {
  kube::Client c(http_cfg(), quick());
  const HttpAnswer a = c.post_json("/api/v1/namespaces/gpu-why/pods?dryRun=All",
                                   json{{"kind", "Pod"}, {"metadata", {{"name", "bad-mismatch"}}}});
  EXPECT_EQ(a.status, 422);
  EXPECT_EQ(a.body["reason"], "Invalid");
  EXPECT_TRUE(contains(a.body["message"].get<std::string>(), "Pod \"bad-mismatch\" is invalid"));
  EXPECT_EQ(c.requests(), 1);
}

TEST_F(KubeClient, HugeBodyIsRefusedWithBoundedMemory) {
  kube::ClientOptions o = quick();
  o.max_body_bytes = std::size_t{1024} * 1024;
  kube::Client c(http_cfg(), o);
  const Error e = get_error(c, "/huge");
  EXPECT_EQ(e.kind(), ErrorKind::kParse);  // the answer is refused; the server is reachable
  EXPECT_TRUE(contains(e.what(), "larger than the 1048576 byte limit")) << e.what();
  // The handle stays usable after the aborted transfer.
  EXPECT_EQ(c.get_json("/version")["gitVersion"], "v1.34.0");
}

TEST_F(KubeClient, SendsHeadersAndReusesTheConnection) {
  kube::Client c(http_cfg(), quick());
  const json a = c.get_json("/echo");
  const json b = c.get_json("/echo");
  EXPECT_EQ(a["method"], "GET");
  EXPECT_EQ(a["headers"]["User-Agent"], "gpuwhy/" GPUWHY_VERSION);
  EXPECT_EQ(a["headers"]["Accept"], "application/json");
  // The answer quotes the token back; the client scrubs it, the reversed copy shows it was sent.
  EXPECT_EQ(a["headers"]["Authorization"], "Bearer <redacted>");
  const std::string bearer = std::string("Bearer ") + kToken;
  EXPECT_EQ(a["authorization_reversed"], std::string(bearer.rbegin(), bearer.rend()));
  EXPECT_EQ(a["connection"], b["connection"]) << "keep-alive: one connection for both requests";
  const HttpAnswer p = c.post_json("/echo", json{{"x", 1}});
  EXPECT_EQ(p.status, 200);
  EXPECT_EQ(p.body["method"], "POST");
  EXPECT_EQ(p.body["headers"]["Content-Type"], "application/json");
  EXPECT_EQ(json::parse(p.body["body"].get<std::string>()), (json{{"x", 1}}));
  EXPECT_EQ(p.body["connection"], a["connection"]);
  // GET after POST is a GET again.
  EXPECT_EQ(c.get_json("/echo")["method"], "GET");
  EXPECT_EQ(c.requests(), 4);
}

TEST_F(KubeClient, BasicAuth) {
  kube::ClientConfig cfg = http_cfg();
  cfg.token.clear();
  cfg.username = "admin";
  cfg.password = "pw";
  kube::Client c(cfg, quick());
  const json e = c.get_json("/echo");
  const std::string basic = "Basic YWRtaW46cHc=";
  EXPECT_EQ(e["authorization_reversed"], std::string(basic.rbegin(), basic.rend()));
  EXPECT_EQ(e["headers"]["Authorization"], "Basic <redacted>");  // scrubbed out of the answer
}

TEST_F(KubeClient, ProxyUrlIsUsed) {
  kube::ClientConfig cfg = http_cfg();
  cfg.server = "http://apiserver.invalid:6443";
  cfg.proxy_url = url("http", "http");
  kube::Client c(cfg, quick());
  EXPECT_EQ(c.get_json("/echo")["proxied"], true);
}

TEST_F(KubeClient, TlsWithTheRightCa) {
  kube::Client c(tls_cfg("tls_ip"), quick());
  EXPECT_EQ(c.get_json("/version")["gitVersion"], "v1.34.0");
}

TEST_F(KubeClient, TlsUnknownCa) {
  kube::Client c(tls_cfg("tls_ip", "ca2.crt"), quick());
  const Error e = get_error(c, "/version");
  EXPECT_EQ(e.kind(), ErrorKind::kTls);
  EXPECT_TRUE(contains(e.what(), "unknown CA")) << e.what();
  EXPECT_EQ(c.requests(), 1);
}

TEST_F(KubeClient, TlsNoCaMeansSystemTrustStore) {
  kube::ClientConfig cfg = tls_cfg("tls_ip");
  cfg.ca_pem.clear();
  kube::Client c(cfg, quick());
  EXPECT_EQ(get_error(c, "/version").kind(), ErrorKind::kTls);
}

TEST_F(KubeClient, TlsHostnameMismatch) {
  kube::Client c(tls_cfg("tls"), quick());  // certificate for DNS:kubernetes only
  const Error e = get_error(c, "/version");
  EXPECT_EQ(e.kind(), ErrorKind::kTls);
  EXPECT_TRUE(contains(e.what(), "does not match the host name")) << e.what();
}

TEST_F(KubeClient, TlsServerNameVerifiesAgainstThatName) {
  kube::ClientConfig cfg = tls_cfg("tls");
  cfg.tls_server_name = "kubernetes";
  kube::Client c(cfg, quick());
  EXPECT_EQ(c.get_json("/version")["gitVersion"], "v1.34.0");
  // Messages still name the real server.
  const Error e = get_error(c, "/status/500");
  EXPECT_TRUE(contains(e.what(), fmt::format("https://127.0.0.1:{}/status/500", server_->port("tls")))) << e.what();
}

TEST_F(KubeClient, TlsExpiredCertificate) {
  kube::Client c(tls_cfg("expired"), quick());
  const Error e = get_error(c, "/version");
  EXPECT_EQ(e.kind(), ErrorKind::kTls);
  EXPECT_TRUE(contains(e.what(), "expired")) << e.what();
}

TEST_F(KubeClient, TlsInsecureSkipVerify) {
  kube::ClientConfig cfg = tls_cfg("tls");
  cfg.ca_pem.clear();
  cfg.insecure_skip_tls_verify = true;
  kube::Client c(cfg, quick());
  EXPECT_EQ(c.get_json("/version")["gitVersion"], "v1.34.0");
}

TEST_F(KubeClient, MutualTlsWithClientCertificate) {
  kube::ClientConfig cfg = tls_cfg("mtls");
  cfg.token.clear();
  cfg.client_cert_pem = server_->file("client.crt");
  cfg.client_key_pem = server_->file("client.key");
  kube::Client c(cfg, quick());
  EXPECT_EQ(c.get_json("/version")["gitVersion"], "v1.34.0");
  EXPECT_FALSE(c.get_json("/echo")["headers"].contains("Authorization"));
}

TEST_F(KubeClient, MutualTlsWithoutOrWithWrongClientCertificate) {
  {
    kube::Client c(tls_cfg("mtls"), quick());
    const Error e = get_error(c, "/version");
    EXPECT_TRUE(e.kind() == ErrorKind::kTls || e.kind() == ErrorKind::kTransport) << e.what();
  }
  {
    kube::ClientConfig cfg = tls_cfg("mtls");
    cfg.client_cert_pem = server_->file("client2.crt");
    cfg.client_key_pem = server_->file("client2.key");
    kube::Client c(cfg, quick());
    const Error e = get_error(c, "/version");
    EXPECT_TRUE(e.kind() == ErrorKind::kTls || e.kind() == ErrorKind::kTransport) << e.what();
  }
}

TEST_F(KubeClient, UnusableTlsMaterial) {
  kube::ClientConfig cfg = tls_cfg("tls_ip");
  cfg.client_cert_pem = "-----BEGIN CERTIFICATE-----\nnot a cert\n-----END CERTIFICATE-----\n";
  cfg.client_key_pem = "garbage";
  kube::Client c(cfg, quick());
  const Error e = get_error(c, "/version");
  EXPECT_EQ(e.kind(), ErrorKind::kTls);
  EXPECT_TRUE(contains(e.what(), "client certificate")) << e.what();

  kube::ClientConfig bad_ca = tls_cfg("tls_ip");
  bad_ca.ca_pem = "not a PEM at all";
  kube::Client d(bad_ca, quick());
  EXPECT_EQ(get_error(d, "/version").kind(), ErrorKind::kTls);
}

TEST_F(KubeClient, MovedClientKeepsWorking) {
  kube::Client a(http_cfg(), quick());
  EXPECT_EQ(a.get_json("/version")["gitVersion"], "v1.34.0");
  kube::Client b(std::move(a));
  EXPECT_EQ(b.get_json("/version")["gitVersion"], "v1.34.0");
  EXPECT_EQ(b.requests(), 2);
  EXPECT_EQ(b.config().user_name, "student");
}

TEST(KubeClientOffline, DnsFailureNamesTheUrl) {
  kube::ClientConfig cfg;
  cfg.server = "https://gpuwhy-does-not-exist.invalid:6443";
  kube::ClientOptions o;
  o.request_timeout = std::chrono::seconds(5);
  kube::Client c(cfg, o);
  try {
    c.get_json("/version");
    FAIL();
  } catch (const Error& e) {
    // kTls only where a resolver answers for every name (captive DNS); the URL is named either way.
    EXPECT_TRUE(e.kind() == ErrorKind::kTransport || e.kind() == ErrorKind::kTls) << e.what();
    EXPECT_TRUE(contains(e.what(), "GET https://gpuwhy-does-not-exist.invalid:6443/version: ")) << e.what();
  }
}

// explain_http_error on its own: RBAC wording variants.
struct ExplainCase {
  const char* name;
  int status;
  std::string message;
  std::string want;
};

class ExplainHttpError : public testing::TestWithParam<ExplainCase> {};

TEST_P(ExplainHttpError, OneLine) {
  const ExplainCase& c = GetParam();
  const json body{{"kind", "Status"}, {"message", c.message}};
  EXPECT_EQ(kube::explain_http_error("POST", "https://k:6443/api/v1/namespaces/gpu-why/pods?dryRun=All", c.status, body,
                                     "https://k:6443"),
            c.want);
}

INSTANTIATE_TEST_SUITE_P(
    Table, ExplainHttpError,
    testing::Values(
        ExplainCase{"CreateNamespaced", 403,
                    "pods \"x\" is forbidden: User \"u\" cannot create resource \"pods\" in API group \"\" in the "
                    "namespace \"gpu-why\"",
                    "403 Forbidden: User \"u\" cannot create resource \"pods\" in API group \"\" in the namespace "
                    "\"gpu-why\"; grant a Role with verbs [create] on pods in gpu-why"},
        ExplainCase{"ApiGroup", 403,
                    "daemonsets.apps is forbidden: User \"u\" cannot list resource \"daemonsets\" in API group "
                    "\"apps\" at the cluster scope",
                    "403 Forbidden: User \"u\" cannot list resource \"daemonsets\" in API group \"apps\" at the "
                    "cluster scope; grant a ClusterRole (with a ClusterRoleBinding) with verbs [get list] on "
                    "daemonsets in API group \"apps\""},
        ExplainCase{"UnknownForbidden", 403, "admission webhook denied",
                    "403 Forbidden: POST https://k:6443/api/v1/namespaces/gpu-why/pods?dryRun=All: admission webhook "
                    "denied"},
        ExplainCase{"Unauthorized", 401, "Unauthorized",
                    "credentials rejected (401 Unauthorized) by https://k:6443: check the user's client certificate "
                    "or token"},
        ExplainCase{"Conflict", 409, "pods \"trainer\" already exists",
                    "POST https://k:6443/api/v1/namespaces/gpu-why/pods?dryRun=All: 409 Conflict: pods \"trainer\" "
                    "already exists"},
        ExplainCase{"UnknownStatus", 418, "",
                    "POST https://k:6443/api/v1/namespaces/gpu-why/pods?dryRun=All: HTTP 418"},
        // Go's %q escapes a quote inside the user name; the wording is still RBAC's.
        ExplainCase{"EscapedQuoteInUser", 403,
                    "pods is forbidden: User \"a\\\"b\" cannot list resource \"pods\" in API group \"\" in the "
                    "namespace \"gpu-why\"",
                    "403 Forbidden: User \"a\\\"b\" cannot list resource \"pods\" in API group \"\" in the namespace "
                    "\"gpu-why\"; grant a Role with verbs [get list] on pods in gpu-why"},
        ExplainCase{"NoScope", 403, "User \"u\" cannot get resource \"nodes\" in API group \"\"",
                    "403 Forbidden: User \"u\" cannot get resource \"nodes\" in API group \"\"; grant a ClusterRole "
                    "(with a ClusterRoleBinding) with verbs [get list] on nodes"},
        // A second "User" that completes the wording after one that does not.
        ExplainCase{"SecondUserCompletes", 403,
                    "User \"x\" said no. User \"u\" cannot delete resource \"pods\" in API group \"\" at the "
                    "cluster scope",
                    "403 Forbidden: User \"u\" cannot delete resource \"pods\" in API group \"\" at the cluster scope; "
                    "grant a ClusterRole (with a ClusterRoleBinding) with verbs [delete] on pods"},
        ExplainCase{
            "UnterminatedUser", 403, "User \"u cannot list resource \"pods\"",
            "403 Forbidden: POST https://k:6443/api/v1/namespaces/gpu-why/pods?dryRun=All: User \"u cannot list "
            "resource \"pods\""}),
    [](const testing::TestParamInfo<ExplainCase>& info) { return std::string(info.param.name); });

// The server's words are of any length: a 403 whose user name is hundreds of KiB (libstdc++'s
// std::regex recursed once per character over it and overflowed the stack) is read in linear
// time, and the explanation stays one bounded line that still names the rule to grant.
TEST(ExplainHttpErrorBounds, AHugeMessageIsCutAndStillExplained) {
  for (const std::size_t n : {40UL * 1024, 1024UL * 1024, 16UL * 1024 * 1024}) {
    SCOPED_TRACE(n);
    std::string user;
    while (user.size() < n) user += "\\\"x\\\\yz";  // escaped quotes and backslashes, as %q writes them
    const std::string msg = "nodes is forbidden: User \"" + user +
                            "\" cannot list resource \"nodes\" in API group \"\" at the cluster scope";
    const json body{{"kind", "Status"}, {"message", msg}};
    const std::string got = kube::explain_http_error("GET", "https://k:6443/api/v1/nodes", 403, body, "https://k:6443");
    EXPECT_LE(got.size(), messages::kMaxStatusMessage + 100);
    EXPECT_TRUE(got.starts_with("403 Forbidden: ")) << got.substr(0, 200);
    EXPECT_EQ(got.find('\n'), std::string::npos);
    if (n <= 64UL * 1024 - 200) {
      EXPECT_TRUE(contains(got,
                           "…\" cannot list resource \"nodes\" in API group \"\" at the cluster scope; grant a "
                           "ClusterRole (with a ClusterRoleBinding) with verbs [get list] on nodes"))
          << got.substr(0, 300);
    }
    // Any other status: the message is cut to the bound too.
    const std::string other =
        kube::explain_http_error("GET", "https://k:6443/api/v1/nodes", 500, body, "https://k:6443");
    EXPECT_LE(other.size(), messages::kMaxStatusMessage + 100);
    EXPECT_LE(messages::status_message(body).size(), messages::kMaxStatusMessage + std::string_view("…").size());
  }
}

}  // namespace
}  // namespace gpuwhy
