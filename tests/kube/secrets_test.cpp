// Secrets never leave gpuwhy: the REAL binary (`gpuwhy snapshot`, `gpuwhy check --format <every
// format>`) against tests/tools/fault_server.py serving the real solution capture, with a token
// user, a client-certificate user and a basic-auth user, on a clean server, on 401, on 403 and on a
// hostile server that quotes the request's Authorization header back in its error. stdout, stderr,
// every report and the bundle are searched for the token, the password (and its base64 form) and a
// slice of the private key. Plus: TLS verification stays on unless the kubeconfig turns it off.

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "../tools/fault_server.h"
#include "../tools/run_binary.h"
#include "gpuwhy/base/base64.h"
#include "gpuwhy/render/render.h"

namespace gpuwhy {
namespace {

using nlohmann::json;
using testing_tools::RunOutput;
using testing_tools::TempDir;

const std::string kCapture = std::string(GPUWHY_SOURCE_DIR) + "/fixtures/captures/v1.34.0/solution";
constexpr const char* kToken = "tok-9b1d4c77e2a0-secret";
constexpr const char* kUser = "grader";
constexpr const char* kPassword = "pw-Zq8!vL2#secret";

enum class Auth { kToken, kClientKey, kBasic };

struct Case {
  Auth auth;
  const char* mode;   ///< fault mode (/fault/<mode>/<scope>/)
  const char* scope;  ///< item the fault hits
  int want_exit;
  const char* want_err;  ///< a stderr substring ("" = none expected)
};

void PrintTo(const Case& c, std::ostream* os) {
  *os << static_cast<int>(c.auth) << " " << c.mode << " " << c.scope;
}

std::string case_name(const testing::TestParamInfo<Case>& info) {
  const char* a = info.param.auth == Auth::kToken       ? "Token"
                  : info.param.auth == Auth::kClientKey ? "ClientKey"
                                                        : "Basic";
  std::string m = info.param.mode;
  for (char& c : m) {
    if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
  }
  return std::string(a) + "_" + m + "_" + info.param.scope;
}

class Secrets : public testing_tools::WithFaultServer<Secrets> {
 protected:
  friend class testing_tools::WithFaultServer<Secrets>;
  static std::vector<std::string> server_args() { return {"--bundle", kCapture + "/bundle.json"}; }

  /// The kubeconfig for `auth` at `path`; `cluster` is the cluster body (server, CA ...).
  static void write_kubeconfig(const std::string& path, Auth auth, const std::string& cluster) {
    std::string user;
    switch (auth) {
      case Auth::kToken: user = fmt::format("    token: {}\n", kToken); break;
      case Auth::kClientKey:
        user = fmt::format("    client-certificate: {0}/client.crt\n    client-key: {0}/client.key\n", server_->dir());
        break;
      case Auth::kBasic: user = fmt::format("    username: {}\n    password: \"{}\"\n", kUser, kPassword); break;
    }
    std::ofstream(path) << "apiVersion: v1\nkind: Config\nclusters:\n- name: lab\n  cluster:\n"
                        << cluster << "users:\n- name: student\n  user:\n"
                        << user
                        << "contexts:\n- name: lab\n  context: {cluster: lab, user: student}\ncurrent-context: lab\n";
  }

  /// Every form of every secret that must never be printed or written.
  static std::vector<std::string> secrets() {
    std::vector<std::string> s{kToken, kPassword, base64::encode(std::string(kUser) + ":" + kPassword)};
    // A slice from the middle of the private key's base64 body.
    const std::string key = server_->file("client.key");
    const auto body = key.find("-----\n");
    if (body != std::string::npos && key.size() > body + 40) s.push_back(key.substr(body + 12, 24));
    return s;
  }

  static void expect_clean(const std::string& what, const std::string& text) {
    for (const auto& secret : secrets()) {
      EXPECT_EQ(text.find(secret), std::string::npos) << what << " holds the secret \"" << secret << "\"";
    }
  }
};

class SecretsMatrix : public Secrets, public testing::WithParamInterface<Case> {};

TEST_P(SecretsMatrix, NoSecretInAnyOutput) {
  const Case& c = GetParam();
  TempDir tmp;
  const std::string work = tmp.path() + "/work";
  std::filesystem::copy(kCapture + "/work", work, std::filesystem::copy_options::recursive);
  const std::string kc = tmp.path() + "/kubeconfig";
  // https with the test CA everywhere; the client-certificate user talks to the listener that
  // requires one.
  const char* listener = c.auth == Auth::kClientKey ? "mtls" : "tls_ip";
  write_kubeconfig(kc, c.auth,
                   fmt::format("    server: https://127.0.0.1:{}/fault/{}/{}\n    certificate-authority: {}/ca.crt\n",
                               server_->port(listener), c.mode, c.scope, server_->dir()));

  const std::vector<std::string> common{"--kubeconfig", kc, "--dir", work, "--request-timeout", "5s"};
  // gpuwhy snapshot: the bundle on stdout and in a file.
  {
    std::vector<std::string> argv{GPUWHY_BINARY, "snapshot", "-o", tmp.path() + "/bundle.json"};
    argv.insert(argv.end(), common.begin(), common.end());
    const RunOutput r = testing_tools::run_binary(argv, tmp.path());
    EXPECT_EQ(r.exit_code, c.want_exit) << r.err;
    const std::string bundle = testing_tools::slurp(tmp.path() + "/bundle.json");
    EXPECT_FALSE(json::parse(bundle, nullptr, false).is_discarded()) << "bundle not written";
    expect_clean("snapshot stdout", r.out);
    expect_clean("snapshot stderr", r.err);
    expect_clean("bundle.json", bundle);
    if (!std::string(c.want_err).empty()) {
      EXPECT_NE(r.err.find(c.want_err), std::string::npos) << r.err;
    }
  }
  // gpuwhy check in every format, report to a file (and the table on stdout).
  for (const auto& format : render::format_names()) {
    const std::string out = tmp.path() + "/report." + format;
    std::vector<std::string> argv{GPUWHY_BINARY, "check", "--format", format, "--output", out, "--user", "s1"};
    argv.insert(argv.end(), common.begin(), common.end());
    const RunOutput r = testing_tools::run_binary(argv, tmp.path());
    EXPECT_EQ(r.exit_code, c.want_exit) << format << ": " << r.err;
    const std::string report = testing_tools::slurp(out);
    EXPECT_FALSE(report.empty()) << format << ": no report written";
    expect_clean("check --format " + format + " stdout", r.out);
    expect_clean("check --format " + format + " stderr", r.err);
    expect_clean("report." + format, report);
    if (!std::string(c.want_err).empty()) {
      EXPECT_NE(r.err.find(c.want_err), std::string::npos) << format << ": " << r.err;
    }
  }
}

std::vector<Case> cases() {
  std::vector<Case> out;
  for (Auth a : {Auth::kToken, Auth::kClientKey, Auth::kBasic}) {
    out.push_back({a, "ok", "all", 0, ""});
    out.push_back({a, "401", "all", 3, "401 Unauthorized"});
    out.push_back({a, "403", "nodes", 3, "403 Forbidden: User \"student\" cannot list resource \"nodes\""});
    // A hostile (or badly written) server quoting the Authorization header back.
    out.push_back({a, "echo-auth", "all", 3, "500 Internal Server Error"});
  }
  return out;
}

INSTANTIATE_TEST_SUITE_P(Table, SecretsMatrix, testing::ValuesIn(cases()), case_name);

/// No certificate-authority in the kubeconfig means the system trust store, which does not know
/// the test CA: a TLS error, never a silent success.
TEST_F(Secrets, TlsVerificationStaysOnWithoutCa) {
  TempDir tmp;
  const std::string work = tmp.path() + "/work";
  std::filesystem::copy(kCapture + "/work", work, std::filesystem::copy_options::recursive);
  const std::string kc = tmp.path() + "/kubeconfig";
  write_kubeconfig(kc, Auth::kToken,
                   fmt::format("    server: https://127.0.0.1:{}/fault/ok/all\n", server_->port("tls_ip")));
  const RunOutput r =
      testing_tools::run_binary({GPUWHY_BINARY, "check", "--kubeconfig", kc, "--dir", work, "--request-timeout", "5s",
                                 "--format", "json", "--output", tmp.path() + "/r.json"},
                                tmp.path());
  EXPECT_EQ(r.exit_code, 3) << r.err;
  EXPECT_NE(r.err.find("certificate"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("unknown CA"), std::string::npos) << r.err;
  const json report = json::parse(testing_tools::slurp(tmp.path() + "/r.json"), nullptr, false);
  ASSERT_FALSE(report.is_discarded());
  EXPECT_EQ(report["complete"], false);
  expect_clean("stderr", r.err);
  expect_clean("stdout", r.out);
}

/// The same server graded with insecure-skip-tls-verify: true passes, and says it skipped
/// verification: verification is off only when the kubeconfig says so.
TEST_F(Secrets, InsecureSkipTlsVerifyOnlyWhenAsked) {
  TempDir tmp;
  const std::string work = tmp.path() + "/work";
  std::filesystem::copy(kCapture + "/work", work, std::filesystem::copy_options::recursive);
  const std::string kc = tmp.path() + "/kubeconfig";
  write_kubeconfig(kc, Auth::kToken,
                   fmt::format("    server: https://127.0.0.1:{}/fault/ok/all\n    insecure-skip-tls-verify: true\n",
                               server_->port("tls_ip")));
  const RunOutput r =
      testing_tools::run_binary({GPUWHY_BINARY, "check", "--kubeconfig", kc, "--dir", work, "--request-timeout", "5s",
                                 "--format", "json", "--output", tmp.path() + "/r.json"},
                                tmp.path());
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.err.find("insecure"), std::string::npos) << "no warning about the skipped verification: " << r.err;
  expect_clean("stderr", r.err);
}

}  // namespace
}  // namespace gpuwhy
