// Kubeconfig resolution, table-driven on in-memory files (LoadOptions::read_file).
#include <gtest/gtest.h>

#include <map>
#include <optional>
#include <string>

#include "gpuwhy/base/base64.h"
#include "gpuwhy/i18n/i18n.h"
#include "gpuwhy/kube/kube.h"

namespace gpuwhy {
namespace {

using Files = std::map<std::string, std::string>;
using Env = std::map<std::string, std::string>;

constexpr const char* kUnreadable = "/etc/unreadable";

kube::LoadOptions opts_for(const Files& files, const Env& env, std::optional<std::string> kubeconfig = std::nullopt,
                           std::optional<std::string> context = std::nullopt) {
  kube::LoadOptions o;
  o.env = env;
  o.kubeconfig = std::move(kubeconfig);
  o.context = std::move(context);
  o.service_account_dir = "/sa";
  o.read_file = [files](const std::string& path) -> std::optional<std::string> {
    if (path == kUnreadable) throw Error(ErrorKind::kIo, "cannot read " + path + ": Permission denied");
    auto it = files.find(path);
    if (it == files.end()) return std::nullopt;
    return it->second;
  };
  return o;
}

/// A one-context kubeconfig; `extra_cluster` / `extra_user` are appended (indented) to the entries.
std::string kubeconfig(const std::string& ctx, const std::string& cluster, const std::string& user,
                       const std::string& server, const std::string& extra_cluster = "",
                       const std::string& extra_user = "", const std::string& current = "") {
  std::string s = "apiVersion: v1\nkind: Config\n";
  s += "current-context: " + (current.empty() ? ctx : current) + "\n";
  s += "clusters:\n- name: " + cluster + "\n  cluster:\n    server: " + server + "\n" + extra_cluster;
  s += "users:\n- name: " + user + "\n  user:\n" + (extra_user.empty() ? "    token: tok-" + user + "\n" : extra_user);
  s += "contexts:\n- name: " + ctx + "\n  context:\n    cluster: " + cluster + "\n    user: " + user + "\n";
  return s;
}

// ---------------------------------------------------------------------------------------------
// Cases that resolve.

struct OkCase {
  const char* name;
  Files files;
  Env env;
  std::optional<std::string> kubeconfig;
  std::optional<std::string> context;
  // expectations
  std::string server;
  std::string context_name;
  std::string origin;
  std::string token{};
  std::string ca{};
  std::string cert{};
  std::string key{};
  bool insecure = false;
};

class KubeConfigOk : public testing::TestWithParam<OkCase> {};

TEST_P(KubeConfigOk, Resolves) {
  const OkCase& c = GetParam();
  const kube::ClientConfig cfg = kube::load_config(opts_for(c.files, c.env, c.kubeconfig, c.context));
  EXPECT_EQ(cfg.server, c.server);
  EXPECT_EQ(cfg.context_name, c.context_name);
  EXPECT_EQ(cfg.origin, c.origin);
  EXPECT_EQ(cfg.token, c.token);
  EXPECT_EQ(cfg.ca_pem, c.ca);
  EXPECT_EQ(cfg.client_cert_pem, c.cert);
  EXPECT_EQ(cfg.client_key_pem, c.key);
  EXPECT_EQ(cfg.insecure_skip_tls_verify, c.insecure);
}

const std::string kA = kubeconfig("lab", "lab-cluster", "student", "https://a.example:6443");
const std::string kB =
    "current-context: other\n"
    "clusters:\n"
    "- name: lab-cluster\n  cluster: {server: https://b-wins-not.example:6443}\n"
    "- name: b-cluster\n  cluster: {server: https://b.example:6443}\n"
    "users:\n- name: student\n  user: {token: tok-from-b}\n- name: b-user\n  user: {token: tok-b}\n"
    "contexts:\n"
    "- name: lab\n  context: {cluster: b-cluster, user: b-user}\n"
    "- name: other\n  context: {cluster: b-cluster, user: b-user}\n"
    "- name: only-b\n  context: {cluster: lab-cluster, user: student}\n";

INSTANTIATE_TEST_SUITE_P(
    Table, KubeConfigOk,
    testing::Values(
        OkCase{"SingleHomeFile",
               {{"/home/u/.kube/config", kA}},
               {{"HOME", "/home/u"}},
               std::nullopt,
               std::nullopt,
               "https://a.example:6443",
               "lab",
               "kubeconfig /home/u/.kube/config",
               "tok-student"},
        OkCase{"ExplicitBeatsEnvAndHome",
               {{"/x/kc", kubeconfig("x", "xc", "xu", "https://x:1")}, {"/a", kA}, {"/home/u/.kube/config", kA}},
               {{"HOME", "/home/u"}, {"KUBECONFIG", "/a"}},
               "/x/kc",
               std::nullopt,
               "https://x:1",
               "x",
               "kubeconfig /x/kc",
               "tok-xu"},
        OkCase{"KubeconfigListFirstWins",
               // A's current-context "lab" beats B's "other"; A's "lab" context, cluster and user win.
               {{"/a", kA}, {"/b", kB}},
               {{"KUBECONFIG", "/missing:/a:/b:/a"}, {"HOME", "/home/u"}},
               std::nullopt,
               std::nullopt,
               "https://a.example:6443",
               "lab",
               "kubeconfig /a",
               "tok-student"},
        OkCase{"KubeconfigListOrderMatters",
               {{"/a", kA}, {"/b", kB}},
               {{"KUBECONFIG", "/b:/a"}},
               std::nullopt,
               std::nullopt,
               "https://b.example:6443",
               "other",
               "kubeconfig /b",
               "tok-b"},
        OkCase{"ContextFromSecondFileUsesFirstFilesEntries",
               // "only-b" lives in B but names lab-cluster and student, which A defined first.
               {{"/a", kA}, {"/b", kB}},
               {{"KUBECONFIG", "/a:/b"}},
               std::nullopt,
               "only-b",
               "https://a.example:6443",
               "only-b",
               "kubeconfig /b",
               "tok-student"},
        OkCase{"ContextFlagBeatsCurrentContext",
               {{"/b", kB}},
               {{"KUBECONFIG", "/b"}},
               std::nullopt,
               "lab",
               "https://b.example:6443",
               "lab",
               "kubeconfig /b",
               "tok-b"},
        OkCase{"EmptyKubeconfigEntriesIgnored",
               {{"/a", kA}},
               {{"KUBECONFIG", "::/a::"}},
               std::nullopt,
               std::nullopt,
               "https://a.example:6443",
               "lab",
               "kubeconfig /a",
               "tok-student"},
        OkCase{"InCluster",
               {{"/sa/token", "sa-token\n"}, {"/sa/ca.crt", "CA PEM"}},
               {{"KUBERNETES_SERVICE_HOST", "10.96.0.1"}, {"KUBERNETES_SERVICE_PORT", "443"}, {"HOME", "/home/u"}},
               std::nullopt,
               std::nullopt,
               "https://10.96.0.1:443",
               "",
               "in-cluster service account",
               "sa-token",
               "CA PEM"},
        OkCase{"InClusterIpv6",
               {{"/sa/token", "t"}, {"/sa/ca.crt", "CA"}},
               {{"KUBERNETES_SERVICE_HOST", "fd00::1"}, {"KUBERNETES_SERVICE_PORT", "6443"}},
               std::nullopt,
               std::nullopt,
               "https://[fd00::1]:6443",
               "",
               "in-cluster service account",
               "t",
               "CA"},
        OkCase{"HomeBeatsInCluster",
               {{"/home/u/.kube/config", kA}, {"/sa/token", "t"}},
               {{"HOME", "/home/u"}, {"KUBERNETES_SERVICE_HOST", "10.0.0.1"}, {"KUBERNETES_SERVICE_PORT", "443"}},
               std::nullopt,
               std::nullopt,
               "https://a.example:6443",
               "lab",
               "kubeconfig /home/u/.kube/config",
               "tok-student"},
        OkCase{
            "RelativePathsAgainstNamingFile",
            {{"/etc/kc/config", kubeconfig("c", "k", "u", "https://k:6443", "    certificate-authority: pki/ca.crt\n",
                                           "    client-certificate: ../certs/u.crt\n    client-key: /abs/u.key\n")},
             {"/etc/kc/pki/ca.crt", "CA"},
             {"/etc/kc/../certs/u.crt", "CERT"},
             {"/abs/u.key", "KEY"}},
            {{"KUBECONFIG", "/etc/kc/config"}},
            std::nullopt,
            std::nullopt,
            "https://k:6443",
            "c",
            "kubeconfig /etc/kc/config",
            "",
            "CA",
            "CERT",
            "KEY"},
        OkCase{
            "DataBeatsPath",
            {{"/kc", kubeconfig("c", "k", "u", "https://k:6443",
                                "    certificate-authority: /nope/ca.crt\n    certificate-authority-data: " +
                                    base64::encode("CA-DATA") + "\n",
                                "    client-certificate: /nope/c\n    client-certificate-data: " +
                                    base64::encode("CERT-DATA") + "\n    client-key: /nope/k\n    client-key-data: " +
                                    base64::encode("KEY-DATA") + "\n")}},
            {},
            "/kc",
            std::nullopt,
            "https://k:6443",
            "c",
            "kubeconfig /kc",
            "",
            "CA-DATA",
            "CERT-DATA",
            "KEY-DATA"},
        OkCase{"TokenBeatsTokenFile",
               {{"/kc", kubeconfig("c", "k", "u", "https://k:6443", "",
                                   "    token: inline\n    tokenFile: /does/not/matter\n")}},
               {},
               "/kc",
               std::nullopt,
               "https://k:6443",
               "c",
               "kubeconfig /kc",
               "inline"},
        OkCase{"TokenFileRelative",
               {{"/d/kc", kubeconfig("c", "k", "u", "https://k:6443", "", "    tokenFile: tok.txt\n")},
                {"/d/tok.txt", "  from-file \n"}},
               {},
               "/d/kc",
               std::nullopt,
               "https://k:6443",
               "c",
               "kubeconfig /d/kc",
               "from-file"},
        OkCase{"InsecureSkipVerify",
               {{"/kc", kubeconfig("c", "k", "u", "https://k:6443", "    insecure-skip-tls-verify: true\n")}},
               {},
               "/kc",
               std::nullopt,
               "https://k:6443",
               "c",
               "kubeconfig /kc",
               "tok-u",
               "",
               "",
               "",
               true}),
    [](const testing::TestParamInfo<OkCase>& info) { return std::string(info.param.name); });

// ---------------------------------------------------------------------------------------------
// Cases that fail: kConfig, one line, containing every listed fragment.

struct ErrCase {
  const char* name;
  Files files;
  Env env;
  std::optional<std::string> kubeconfig;
  std::optional<std::string> context;
  std::vector<std::string> fragments;
};

class KubeConfigError : public testing::TestWithParam<ErrCase> {};

TEST_P(KubeConfigError, FailsWithOneClearLine) {
  const ErrCase& c = GetParam();
  try {
    const auto cfg = kube::load_config(opts_for(c.files, c.env, c.kubeconfig, c.context));
    FAIL() << "resolved to " << cfg.server;
  } catch (const Error& e) {
    const std::string msg = e.what();
    EXPECT_EQ(e.kind(), ErrorKind::kConfig) << msg;
    EXPECT_EQ(msg.find('\n'), std::string::npos) << msg;
    for (const auto& f : c.fragments)
      EXPECT_NE(msg.find(f), std::string::npos) << "missing \"" << f << "\" in: " << msg;
    EXPECT_EQ(msg.find("s3cr3t"), std::string::npos) << msg;
  }
}

INSTANTIATE_TEST_SUITE_P(
    Table, KubeConfigError,
    testing::Values(
        ErrCase{"ExplicitMissing",
                {{"/home/u/.kube/config", kA}},
                {{"HOME", "/home/u"}},
                "/nope/kc",
                std::nullopt,
                {"/nope/kc", "--kubeconfig", "not found"}},
        ErrCase{"NothingFound",
                {},
                {{"HOME", "/home/u"}},
                std::nullopt,
                std::nullopt,
                {"no kubeconfig found", "/home/u/.kube/config", "in-cluster", "KUBERNETES_SERVICE_HOST"}},
        ErrCase{"KubeconfigListAllMissing",
                {},
                {{"KUBECONFIG", "/x:/y"}, {"HOME", "/home/u"}},
                std::nullopt,
                std::nullopt,
                {"KUBECONFIG=/x:/y"}},
        ErrCase{"InClusterWithoutToken",
                {},
                {{"KUBERNETES_SERVICE_HOST", "10.0.0.1"}, {"KUBERNETES_SERVICE_PORT", "443"}},
                std::nullopt,
                std::nullopt,
                {"no token in /sa"}},
        ErrCase{"MissingContext",
                {{"/kc", kA}},
                {},
                "/kc",
                "nope",
                {"kubeconfig /kc", "context \"nope\"", "--context", "not found", "\"lab\""}},
        ErrCase{"MissingCurrentContext",
                {{"/kc", kubeconfig("c", "k", "u", "https://k", "", "", "ghost")}},
                {},
                "/kc",
                std::nullopt,
                {"context \"ghost\"", "current-context of /kc", "not found"}},
        ErrCase{"NoCurrentContext",
                {{"/kc", "clusters: []\n"}},
                {},
                "/kc",
                std::nullopt,
                {"kubeconfig /kc", "no current-context"}},
        ErrCase{"ContextNamesMissingCluster",
                {{"/kc", "current-context: c\ncontexts:\n- name: c\n  context: {cluster: gone, user: u}\n"}},
                {},
                "/kc",
                std::nullopt,
                {"kubeconfig /kc", "context \"c\"", "cluster \"gone\" not found"}},
        ErrCase{"ContextNamesMissingUser",
                {{"/kc",
                  "current-context: c\nclusters:\n- name: k\n  cluster: {server: https://k}\n"
                  "contexts:\n- name: c\n  context: {cluster: k, user: ghost}\n"}},
                {},
                "/kc",
                std::nullopt,
                {"context \"c\"", "user \"ghost\" not found"}},
        ErrCase{"ClusterWithoutServer",
                {{"/kc",
                  "current-context: c\nclusters:\n- name: k\n  cluster: {}\n"
                  "contexts:\n- name: c\n  context: {cluster: k}\n"}},
                {},
                "/kc",
                std::nullopt,
                {"kubeconfig /kc", "cluster \"k\"", "\"server\""}},
        ErrCase{"UnreadableCaFile",
                {{"/d/kc", kubeconfig("c", "k", "u", "https://k", "    certificate-authority: ca.crt\n")}},
                {},
                "/d/kc",
                std::nullopt,
                {"kubeconfig /d/kc", "cluster \"k\"", "certificate-authority", "/d/ca.crt", "not found"}},
        ErrCase{"PermissionDeniedCertFile",
                {{"/kc", kubeconfig("c", "k", "u", "https://k", "",
                                    std::string("    client-certificate: ") + kUnreadable + "\n    client-key: /k\n")}},
                {},
                "/kc",
                std::nullopt,
                {"user \"u\"", "client-certificate", kUnreadable, "Permission denied"}},
        ErrCase{"BadBase64",
                {{"/kc", kubeconfig("c", "k", "u", "https://k", "    certificate-authority-data: '%%%not base64'\n")}},
                {},
                "/kc",
                std::nullopt,
                {"cluster \"k\"", "certificate-authority-data", "base64"}},
        ErrCase{"CertWithoutKey",
                {{"/kc", kubeconfig("c", "k", "u", "https://k", "", "    client-certificate-data: Q0VSVA==\n")}},
                {},
                "/kc",
                std::nullopt,
                {"user \"u\"", "client-key"}},
        ErrCase{"ExecRefused",
                {{"/kc", kubeconfig("c", "k", "u", "https://k", "",
                                    "    exec:\n      apiVersion: client.authentication.k8s.io/v1\n"
                                    "      command: aws\n")}},
                {},
                "/kc",
                std::nullopt,
                {"kubeconfig /kc: user \"u\": \"exec\" credential plugins are not supported; use a client "
                 "certificate or token"}},
        ErrCase{"AuthProviderRefused",
                {{"/kc", kubeconfig("c", "k", "u", "https://k", "", "    auth-provider:\n      name: oidc\n")}},
                {},
                "/kc",
                std::nullopt,
                {"user \"u\"", "\"auth-provider\"", "not supported"}},
        ErrCase{"MalformedYaml",
                {{"/kc", "clusters:\n- name: k\n  cluster: {server: [https://k\ncontexts: []\n"}},
                {},
                "/kc",
                std::nullopt,
                {"kubeconfig /kc: line ", " column "}},
        ErrCase{"MalformedYamlInList",
                {{"/a", kA}, {"/b", "a: b: c\n"}},
                {{"KUBECONFIG", "/a:/b"}},
                std::nullopt,
                std::nullopt,
                {"kubeconfig /b: line 1 column"}},
        ErrCase{
            "NotAMapping", {{"/kc", "- just\n- a list\n"}}, {}, "/kc", std::nullopt, {"kubeconfig /kc", "top level"}},
        ErrCase{"ServerWrongType",
                {{"/kc", kubeconfig("c", "k", "u", "[1, 2]")}},
                {},
                "/kc",
                std::nullopt,
                {"cluster \"k\"", "\"server\" must be a string"}},
        ErrCase{"InsecureWithCa",
                {{"/kc", kubeconfig("c", "k", "u", "https://k",
                                    "    insecure-skip-tls-verify: true\n    certificate-authority-data: Q0E=\n")}},
                {},
                "/kc",
                std::nullopt,
                {"cluster \"k\"", "insecure-skip-tls-verify"}},
        ErrCase{"TokenAndBasicAuth",
                {{"/kc", kubeconfig("c", "k", "u", "https://k", "",
                                    "    token: s3cr3t\n    username: a\n    password: s3cr3t\n")}},
                {},
                "/kc",
                std::nullopt,
                {"user \"u\"", "only one authentication method"}},
        ErrCase{"ContextFlagWithInClusterOnly",
                {{"/sa/token", "t"}},
                {{"KUBERNETES_SERVICE_HOST", "10.0.0.1"}, {"KUBERNETES_SERVICE_PORT", "443"}},
                std::nullopt,
                "lab",
                {"context \"lab\"", "--context", "no kubeconfig file"}}),
    [](const testing::TestParamInfo<ErrCase>& info) { return std::string(info.param.name); });

TEST(KubeConfig, InsecureSkipVerifyWarnsNamingTheCluster) {
  const auto cfg = kube::load_config(opts_for(
      {{"/kc", kubeconfig("c", "lab-cluster", "u", "https://k", "    insecure-skip-tls-verify: true\n")}}, {}, "/kc"));
  ASSERT_EQ(cfg.warnings.size(), 1U);
  EXPECT_EQ(cfg.warnings[0].id, "kc.warn.insecure");
  const std::string en = i18n::render(cfg.warnings[0], i18n::Lang::kEn);
  EXPECT_NE(en.find("cluster \"lab-cluster\""), std::string::npos) << en;
  EXPECT_NE(en.find("insecure-skip-tls-verify"), std::string::npos) << en;
  // In the reader's language: the words are the catalog's, the field name stays.
  const std::string ko = i18n::render(cfg.warnings[0], i18n::Lang::kKo);
  EXPECT_EQ(ko.find("NOT verified"), std::string::npos) << ko;
  EXPECT_NE(ko.find("insecure-skip-tls-verify"), std::string::npos) << ko;
}

TEST(KubeConfig, CarriesTlsServerNameProxyAndBasicAuth) {
  const auto cfg = kube::load_config(
      opts_for({{"/kc", kubeconfig("c", "k", "u", "https://10.0.0.1:6443",
                                   "    tls-server-name: kubernetes\n    proxy-url: http://proxy:3128\n",
                                   "    username: admin\n    password: pw\n")}},
               {}, "/kc"));
  EXPECT_EQ(cfg.tls_server_name, "kubernetes");
  EXPECT_EQ(cfg.proxy_url, "http://proxy:3128");
  EXPECT_EQ(cfg.username, "admin");
  EXPECT_EQ(cfg.password, "pw");
  EXPECT_EQ(cfg.user_name, "u");
  EXPECT_TRUE(cfg.token.empty());
}

TEST(KubeConfig, ContextWithoutUserIsAnonymous) {
  const auto cfg = kube::load_config(
      opts_for({{"/kc",
                 "current-context: c\nclusters:\n- name: k\n  cluster: {server: http://127.0.0.1:8080}\n"
                 "contexts:\n- name: c\n  context: {cluster: k}\n"}},
               {}, "/kc"));
  EXPECT_EQ(cfg.server, "http://127.0.0.1:8080");
  EXPECT_TRUE(cfg.user_name.empty());
  EXPECT_TRUE(cfg.token.empty());
}

// `gpuwhy why` defaults -n as kubectl does: the context's namespace, else the service account's.
TEST(KubeConfig, NamespaceOfTheContextOrTheServiceAccount) {
  const std::string kc =
      "current-context: c\nclusters:\n- name: k\n  cluster: {server: http://127.0.0.1:8080}\n"
      "contexts:\n- name: c\n  context: {cluster: k, namespace: ml-course}\n- name: d\n  context: {cluster: k}\n";
  EXPECT_EQ(kube::load_config(opts_for({{"/kc", kc}}, {}, "/kc")).namespace_, "ml-course");
  EXPECT_EQ(kube::load_config(opts_for({{"/kc", kc}}, {}, "/kc", "d")).namespace_, "") << "none: kubectl's default";
  const Env in_cluster{{"KUBERNETES_SERVICE_HOST", "h"}, {"KUBERNETES_SERVICE_PORT", "1"}};
  EXPECT_EQ(kube::load_config(opts_for({{"/sa/token", "t"}, {"/sa/namespace", "gpu-why\n"}}, in_cluster)).namespace_,
            "gpu-why");
  EXPECT_EQ(kube::load_config(opts_for({{"/sa/token", "t"}}, in_cluster)).namespace_, "");
}

TEST(KubeConfig, InClusterWithoutCaWarns) {
  const auto cfg = kube::load_config(
      opts_for({{"/sa/token", "t"}}, {{"KUBERNETES_SERVICE_HOST", "h"}, {"KUBERNETES_SERVICE_PORT", "1"}}));
  EXPECT_EQ(cfg.server, "https://h:1");
  ASSERT_EQ(cfg.warnings.size(), 1U);
  EXPECT_NE(i18n::render(cfg.warnings[0], i18n::Lang::kEn).find("/sa/ca.crt"), std::string::npos);
}

TEST(KubeConfig, DefaultLoadOptionsReadRealFiles) {
  kube::LoadOptions o = kube::default_load_options();
  ASSERT_TRUE(o.read_file);
  EXPECT_FALSE(o.read_file("/nonexistent/gpuwhy/file").has_value());
  EXPECT_FALSE(o.read_file("/etc/hostname/not-a-dir").has_value());  // ENOTDIR counts as missing
  EXPECT_THROW(o.read_file("/"), Error);                             // a folder is an I/O error
  auto self = o.read_file(std::string(GPUWHY_SOURCE_DIR) + "/CMakeLists.txt");
  ASSERT_TRUE(self.has_value());
  EXPECT_NE(self->find("project(gpuwhy"), std::string::npos);
  EXPECT_FALSE(o.env.empty());
  EXPECT_TRUE(o.env.count("HOME") == 1);
}

}  // namespace
}  // namespace gpuwhy
