// kube::Client's requests started ahead (prefetch_get, prefetch_post) against
// tests/tools/fault_server.py: they run at the same time, each answer goes to the call that asks
// for the same request (whatever order the answers come in), and an answer or failure reads
// exactly as the one a client asking then would have had (same kind, status and words).

#include <gtest/gtest.h>

#include <chrono>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "../tools/fault_server.h"
#include "gpuwhy/kube/kube.h"

namespace gpuwhy {
namespace {

using nlohmann::json;
using Clock = std::chrono::steady_clock;

constexpr const char* kToken = "s3cr3t-prefetch-token";

/// What a request came to: the JSON, or the failure (kind, HTTP status, one line, catalog id).
struct Outcome {
  bool ok = false;
  json value;
  ErrorKind kind = ErrorKind::kUsage;
  int http_status = 0;
  std::string message;
  std::string id;
};

Outcome get(kube::Client& c, const std::string& path) {
  Outcome o;
  try {
    o.value = c.get_json(path);
    o.ok = true;
  } catch (const kube::HttpError& e) {
    o = {false, json(), e.kind(), e.http_status(), e.what(), e.id()};
  } catch (const Error& e) {
    o = {false, json(), e.kind(), 0, e.what(), e.id()};
  }
  return o;
}

void expect_same(const Outcome& ahead, const Outcome& alone, const std::string& path) {
  EXPECT_EQ(ahead.ok, alone.ok) << path;
  EXPECT_EQ(ahead.kind, alone.kind) << path;
  EXPECT_EQ(ahead.http_status, alone.http_status) << path;
  EXPECT_EQ(ahead.message, alone.message) << path;
  EXPECT_EQ(ahead.id, alone.id) << path;
  EXPECT_EQ(ahead.message.find(kToken), std::string::npos) << ahead.message;
}

class KubePrefetch : public testing_tools::WithFaultServer<KubePrefetch> {
 protected:
  static kube::ClientConfig cfg(const char* listener = "http") {
    kube::ClientConfig c;
    c.server = fmt::format("http://127.0.0.1:{}", server_->port(listener));
    c.token = kToken;
    c.user_name = "student";
    return c;
  }
  static kube::ClientOptions quick() {
    kube::ClientOptions o;
    o.request_timeout = std::chrono::seconds(2);
    o.connect_timeout = std::chrono::seconds(2);
    return o;
  }
};

TEST_F(KubePrefetch, EachAnswerGoesToItsOwnRequest) {
  kube::Client c(cfg(), quick());
  for (const char* p : {"/echo?n=1", "/echo?n=2", "/echo?n=3"}) c.prefetch_get(p);
  EXPECT_EQ(c.requests(), 3) << "all three sent before any answer is asked for";
  // Taken in another order than started.
  for (const char* p : {"/echo?n=3", "/echo?n=1", "/echo?n=2"}) {
    const json a = c.get_json(p);
    EXPECT_EQ(a["path"], p);
    EXPECT_EQ(a["method"], "GET");
    EXPECT_EQ(a["headers"]["Authorization"], "Bearer <redacted>") << "scrubbed like any answer";
  }
  EXPECT_EQ(c.requests(), 3) << "no request asked twice";
  // Once taken, an answer is gone: the same GET is asked again.
  EXPECT_EQ(c.get_json("/echo?n=2")["path"], "/echo?n=2");
  EXPECT_EQ(c.requests(), 4);
}

TEST_F(KubePrefetch, AStalledRequestHoldsUpNoOther) {
  kube::Client c(cfg(), quick());
  c.prefetch_get("/version");
  c.prefetch_get("/stall");
  c.prefetch_get("/echo?after=stall");
  const auto start = Clock::now();
  EXPECT_EQ(c.get_json("/version")["gitVersion"], "v1.34.0");
  EXPECT_EQ(c.get_json("/echo?after=stall")["path"], "/echo?after=stall");
  EXPECT_LT(Clock::now() - start, std::chrono::seconds(1)) << "the answers behind the stalled one did not wait";
  const Outcome ahead = get(c, "/stall");
  kube::Client fresh(cfg(), quick());
  const Outcome alone = get(fresh, "/stall");
  EXPECT_FALSE(alone.ok);
  EXPECT_NE(alone.message.find("no complete answer within 2s"), std::string::npos) << alone.message;
  expect_same(ahead, alone, "/stall");
}

TEST_F(KubePrefetch, AFailedRequestAmongOthersReadsAsIfAskedAlone) {
  const std::vector<std::string> faults{"/forbidden",  "/forbidden-cluster", "/unauthorized", "/status/500",
                                        "/status/404", "/garbage",           "/html-error",   "/retry-noheader/503/pf",
                                        "/huge"};
  kube::ClientOptions o = quick();
  o.max_body_bytes = 1024UL * 1024;
  for (const std::string& f : faults) {
    kube::Client c(cfg(), o);
    c.prefetch_get("/version");
    c.prefetch_get(f);
    c.prefetch_get("/echo?after=fault");
    EXPECT_EQ(c.get_json("/version")["gitVersion"], "v1.34.0") << f;
    const Outcome ahead = get(c, f);
    EXPECT_EQ(c.get_json("/echo?after=fault")["path"], "/echo?after=fault") << "the others are unharmed: " << f;
    EXPECT_EQ(c.requests(), 3) << f;
    kube::Client fresh(cfg(), o);
    const Outcome alone = get(fresh, f);
    EXPECT_FALSE(alone.ok) << f;
    expect_same(ahead, alone, f);
  }
}

TEST_F(KubePrefetch, RetriesStillFollowAnAnswerTakenAhead) {
  kube::Client c(cfg(), quick());
  c.prefetch_get("/retry/503/1/pf-a");
  c.prefetch_get("/echo");
  EXPECT_EQ(c.get_json("/retry/503/1/pf-a")["attempts"], 2) << "Retry-After honoured: asked once more";
  EXPECT_EQ(c.requests(), 3);
  // A reset on a fresh connection (on a reused one libcurl itself asks once more).
  kube::Client r(cfg(), quick());
  r.prefetch_get("/reset/1/pf-b");
  EXPECT_EQ(r.get_json("/reset/1/pf-b")["attempts"], 2) << "a reset connection: asked once more";
  EXPECT_EQ(r.requests(), 2);
}

// While one request waits out a Retry-After, the others started ahead go on: their answers are
// read when they come, not once the wait is over and their --request-timeout has run out.
TEST_F(KubePrefetch, AWaitBeforeARetryHoldsUpNoOther) {
  kube::ClientOptions o = quick();
  o.request_timeout = std::chrono::milliseconds(1500);
  kube::Client c(cfg(), o);
  c.prefetch_get("/retry/429/2/pf-wait");
  c.prefetch_get("/delay/1200");
  EXPECT_EQ(c.get_json("/retry/429/2/pf-wait")["attempts"], 3) << "two waits of 1 s, then the answer";
  const Outcome late = get(c, "/delay/1200");
  EXPECT_TRUE(late.ok) << late.message;
  EXPECT_EQ(late.value, json({{"delayed_ms", 1200}}));
}

TEST_F(KubePrefetch, APostIsTakenOnlyForTheSameBody) {
  kube::Client c(cfg(), quick());
  c.prefetch_post("/echo", json{{"x", 1}});
  const HttpAnswer other = c.post_json("/echo", json{{"x", 2}});
  EXPECT_EQ(json::parse(other.body["body"].get<std::string>()), (json{{"x", 2}}));
  EXPECT_EQ(c.requests(), 2);
  const HttpAnswer same = c.post_json("/echo", json{{"x", 1}});
  EXPECT_EQ(same.status, 200);
  EXPECT_EQ(same.body["method"], "POST");
  EXPECT_EQ(same.body["headers"]["Content-Type"], "application/json");
  EXPECT_EQ(json::parse(same.body["body"].get<std::string>()), (json{{"x", 1}}));
  EXPECT_EQ(c.requests(), 2) << "the POST started ahead was taken, not sent again";
  // A GET of the same path is another request.
  c.prefetch_post("/echo", json{{"x", 3}});
  EXPECT_EQ(c.get_json("/echo")["method"], "GET");
}

TEST_F(KubePrefetch, AServerThatCannotBeReachedGetsOneRequest) {
  // Nobody listening; a TLS handshake that fails (the test CA is not trusted).
  for (const char* listener : {"refused", "tls_ip"}) {
    kube::ClientConfig conf = cfg(listener);
    if (std::string(listener) == "tls_ip") conf.server = fmt::format("https://127.0.0.1:{}", server_->port(listener));
    kube::Client c(conf, quick());
    for (const char* p : {"/version", "/api/v1/nodes", "/echo"}) c.prefetch_get(p);
    EXPECT_EQ(c.requests(), 1) << listener << ": the others wait for a connection, and there is none";
    const Outcome ahead = get(c, "/version");
    kube::Client fresh(conf, quick());
    expect_same(ahead, get(fresh, "/version"), listener);
    EXPECT_TRUE(ahead.kind == ErrorKind::kTransport || ahead.kind == ErrorKind::kTls) << ahead.message;
  }
}

TEST_F(KubePrefetch, AnswersNeverTakenAreDropped) {
  const auto start = Clock::now();
  {
    kube::Client c(cfg(), quick());
    c.prefetch_get("/version");
    c.prefetch_get("/stall");
    EXPECT_EQ(c.get_json("/version")["gitVersion"], "v1.34.0");
  }
  EXPECT_LT(Clock::now() - start, std::chrono::seconds(1)) << "the stalled request is not waited for";
}

}  // namespace
}  // namespace gpuwhy
