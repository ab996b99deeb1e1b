// Secrets in errors: a kubeconfig type error names the credential field and the
// value's type, never the value, for every credential field and every wrong type; URL userinfo is
// stripped everywhere; an excerpt of a hostile answer is redacted before it is cut, for every
// offset of the secret around the cut (the real binary against tests/tools/fault_server.py).

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
#include "gpuwhy/base/error.h"
#include "gpuwhy/kube/kube.h"

namespace gpuwhy {
namespace {

namespace fs = std::filesystem;
using testing_tools::RunOutput;
using testing_tools::TempDir;

const std::string kCapture = std::string(GPUWHY_SOURCE_DIR) + "/fixtures/captures/v1.34.0/solution";

// ---------------------------------------------------------------- kubeconfig type errors

struct Field {
  const char* key;
  bool in_cluster;  ///< the field belongs to the cluster entry (else the user entry)
};

const std::vector<Field> kCredentialFields{{"token", false},           {"tokenFile", false},
                                           {"password", false},        {"username", false},
                                           {"client-key-data", false}, {"client-certificate-data", false},
                                           {"client-key", false},      {"exec", false},
                                           {"auth-provider", false},   {"proxy-url", true}};

/// A wrong-typed value (YAML) and the text of it that must never appear.
struct Wrong {
  const char* name;
  const char* yaml;
  const char* secret;
};

const std::vector<Wrong> kWrong{
    {"Number", "987654321987", "987654321987"},
    {"List", "[\"sekrit-in-a-list-77\"]", "sekrit-in-a-list-77"},
    {"Mapping", "{k: \"sekrit-in-a-map-88\"}", "sekrit-in-a-map-88"},
    {"Bool", "true", "true"},
};

struct TypeRow {
  Field field;
  Wrong wrong;
};

std::vector<TypeRow> type_rows() {
  std::vector<TypeRow> out;
  for (const auto& f : kCredentialFields) {
    for (const auto& w : kWrong) out.push_back({f, w});
  }
  return out;
}

void PrintTo(const TypeRow& r, std::ostream* os) {
  *os << r.field.key << " " << r.wrong.name;
}

class CredentialTypeErrors : public testing::TestWithParam<TypeRow> {};

TEST_P(CredentialTypeErrors, NameTheFieldNeverTheValue) {
  const TypeRow& row = GetParam();
  const std::string field = fmt::format("    {}: {}\n", row.field.key, row.wrong.yaml);
  const std::string config = fmt::format(
      "apiVersion: v1\nkind: Config\nclusters:\n- name: c\n  cluster:\n    server: https://127.0.0.1:6443\n{}"
      "users:\n- name: u\n  user:\n{}contexts:\n- name: x\n  context: {{cluster: c, user: u}}\ncurrent-context: x\n",
      row.field.in_cluster ? field : "", row.field.in_cluster ? "    token: fine-token\n" : field);
  kube::LoadOptions o;
  o.kubeconfig = "/kc";
  o.read_file = [&](const std::string& p) -> std::optional<std::string> {
    if (p == "/kc") return config;
    return std::nullopt;
  };
  try {
    (void)kube::load_config(o);
    ADD_FAILURE() << "loaded";
  } catch (const Error& e) {
    const std::string w = e.what();
    EXPECT_NE(w.find(row.field.key), std::string::npos) << w;
    EXPECT_EQ(w.find(row.wrong.secret), std::string::npos) << "the value is quoted: " << w;
  }
}

INSTANTIATE_TEST_SUITE_P(Table, CredentialTypeErrors, testing::ValuesIn(type_rows()),
                         [](const testing::TestParamInfo<TypeRow>& i) {
                           std::string n = std::string(i.param.field.key) + i.param.wrong.name;
                           n.erase(std::remove(n.begin(), n.end(), '-'), n.end());
                           return n;
                         });

TEST(RedactUrl, UserinfoIsStrippedWithOrWithoutAScheme) {
  const std::vector<std::pair<std::string, std::string>> rows{
      {"https://alice:pw@10.0.0.1:6443", "https://10.0.0.1:6443"},
      {"https://alice:pw@10.0.0.1:6443/prefix?x=1", "https://10.0.0.1:6443/prefix?x=1"},
      {"https://al@ice:p@w@host/", "https://host/"},
      {"alice:pw@host:6443", "host:6443"},
      {"https://host:6443/a@b", "https://host:6443/a@b"},
      {"https://host:6443?u=a@b", "https://host:6443?u=a@b"},
      {"https://host", "https://host"},
  };
  for (const auto& [in, want] : rows) EXPECT_EQ(kube::redact_url(in), want) << in;
}

TEST(RedactUrl, NotAnHttpServerIsQuotedWithoutItsPassword) {
  kube::LoadOptions o;
  o.kubeconfig = "/kc";
  o.read_file = [](const std::string&) -> std::optional<std::string> {
    return std::string(
        "apiVersion: v1\nkind: Config\nclusters:\n- name: c\n  cluster:\n    server: ftp://bob:hunter2-pw@h\n"
        "contexts:\n- name: x\n  context: {cluster: c}\ncurrent-context: x\n");
  };
  try {
    (void)kube::load_config(o);
    ADD_FAILURE() << "loaded";
  } catch (const Error& e) {
    EXPECT_EQ(std::string(e.what()).find("hunter2-pw"), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("ftp://h"), std::string::npos) << e.what();
  }
}

// ---------------------------------------------------------------- excerpts on the real binary

constexpr const char* kToken = "tok-5e2b9d0c71f4a8";
constexpr const char* kUser = "alice";
constexpr const char* kPassword = "hunter2-Zq8vL2x";

enum class Auth { kToken, kBasic, kUrlUserinfo };

struct ExcerptRow {
  Auth auth;
  int pad;
};

void PrintTo(const ExcerptRow& r, std::ostream* os) {
  *os << static_cast<int>(r.auth) << " pad " << r.pad;
}

std::vector<ExcerptRow> excerpt_rows() {
  std::vector<ExcerptRow> out;
  for (Auth a : {Auth::kToken, Auth::kBasic, Auth::kUrlUserinfo}) {
    for (int pad : {0, 1, 20, 40, 45, 50, 52, 54, 56, 58, 59, 60, 61, 65, 100}) out.push_back({a, pad});
  }
  return out;
}

/// Every piece of `secret` at least `min` bytes long.
std::vector<std::string> pieces(const std::string& secret, std::size_t min = 8) {
  std::vector<std::string> out;
  for (std::size_t i = 0; i + min <= secret.size(); ++i) out.push_back(secret.substr(i, min));
  return out;
}

class Excerpts : public testing_tools::WithFaultServer<Excerpts> {
 protected:
  friend class testing_tools::WithFaultServer<Excerpts>;
  static std::vector<std::string> server_args() { return {"--bundle", kCapture + "/bundle.json"}; }
};

TEST_F(Excerpts, RedactedBeforeCutAtEveryOffset) {
  for (const ExcerptRow& row : excerpt_rows()) {
    SCOPED_TRACE(testing::PrintToString(row));
    TempDir tmp;
    const std::string kc = tmp.path() + "/kubeconfig";
    const std::string host = fmt::format("127.0.0.1:{}", server_->port("http"));
    std::string server = fmt::format("http://{}/fault/echo-raw-{}/nodes", host, row.pad);
    std::string user;
    switch (row.auth) {
      case Auth::kToken: user = fmt::format("{{token: {}}}", kToken); break;
      case Auth::kBasic: user = fmt::format("{{username: {}, password: \"{}\"}}", kUser, kPassword); break;
      case Auth::kUrlUserinfo:
        server = fmt::format("http://{}:{}@{}/fault/echo-raw-{}/nodes", kUser, kPassword, host, row.pad);
        user = "{}";
        break;
    }
    std::ofstream(kc) << fmt::format(
        "apiVersion: v1\nkind: Config\nclusters:\n- name: c\n  cluster:\n    server: {}\nusers:\n- name: u\n"
        "  user: {}\ncontexts:\n- name: x\n  context: {{cluster: c, user: u}}\ncurrent-context: x\n",
        server, user);
    fs::copy(kCapture + "/work", tmp.path() + "/work", fs::copy_options::recursive);
    const RunOutput r =
        testing_tools::run_binary({GPUWHY_BINARY, "check", "--kubeconfig", kc, "--dir", tmp.path() + "/work",
                                   "--request-timeout", "5s", "--format", "json", "-o", tmp.path() + "/r.json"},
                                  tmp.path(), std::chrono::seconds(60));
    const std::string report = testing_tools::slurp(tmp.path() + "/r.json");
    ASSERT_FALSE(report.empty()) << r.err;
    EXPECT_NE(r.err.find("is not JSON"), std::string::npos) << r.err;
    const std::string all = r.out + r.err + report;
    std::vector<std::string> secrets;
    if (row.auth == Auth::kToken) {
      secrets = {kToken};
    } else {
      secrets = {kPassword, base64::encode(std::string(kUser) + ":" + kPassword)};
    }
    for (const auto& s : secrets) {
      for (const auto& p : pieces(s))
        EXPECT_EQ(all.find(p), std::string::npos) << "\"" << p << "\" of a secret in " << r.err;
    }
  }
}

}  // namespace
}  // namespace gpuwhy
