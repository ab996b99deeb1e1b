// Kubeconfig resolution with client-go clientcmd rules (tools/clientcmd/loader.go and
// client_config.go): explicit file > KUBECONFIG list > ~/.kube/config > in-cluster. Pure: every
// file read and environment lookup goes through LoadOptions.
#include <pwd.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <set>
#include <string_view>

#include <fmt/format.h>

#include "gpuwhy/base/base64.h"
#include "gpuwhy/base/files.h"
#include "gpuwhy/base/sys.h"
#include "gpuwhy/base/text.h"
#include "gpuwhy/kube/kube.h"
#include "gpuwhy/yaml/yaml.h"

namespace gpuwhy::kube {

namespace {

using nlohmann::json;

/// Kubeconfigs, certificates and tokens are small; anything larger is refused, not read.
constexpr std::size_t kMaxConfigFileBytes = 4UL * 1024 * 1024;

[[noreturn]] void fail(const std::string& msg) {
  throw Error(ErrorKind::kConfig, msg);
}
/// "WHERE: PROBLEM", with the catalog text `id` (its args and {where}) a user reads in their language.
[[noreturn]] void fail_at(const std::string& where, const std::string& problem, const char* id,
                          std::map<std::string, std::string> args = {}) {
  args["where"] = where;
  throw Error(ErrorKind::kConfig, where + ": " + problem, id, std::move(args));
}
/// The same, with the catalog text (`id`, `args`) a user reads in their language.
[[noreturn]] void fail(const std::string& msg, std::string id, std::map<std::string, std::string> args) {
  throw Error(ErrorKind::kConfig, msg, std::move(id), std::move(args));
}

std::string env_get(const LoadOptions& o, const std::string& key) {
  auto it = o.env.find(key);
  return it == o.env.end() ? std::string() : it->second;
}

std::string dir_of(const std::string& path) {
  auto slash = path.find_last_of('/');
  if (slash == std::string::npos) return ".";
  if (slash == 0) return "/";
  return path.substr(0, slash);
}

/// Relative paths inside a kubeconfig are relative to that file's folder (client-go ResolveLocalPaths).
std::string resolve_path(const std::string& path, const std::string& kubeconfig_file) {
  if (path.empty() || path.front() == '/') return path;
  const std::string dir = dir_of(kubeconfig_file);
  return dir == "/" ? "/" + path : dir + "/" + path;
}

/// read_file with the kIo failure turned into a one-line kConfig error about `what`.
std::optional<std::string> read_for(const LoadOptions& o, const std::string& path, const std::string& what) {
  if (!o.read_file) fail(fmt::format("{}: no file reader configured", what));
  try {
    return o.read_file(path);
  } catch (const Error& e) {
    // files::read_regular's messages start with the path, which `what` already names.
    std::string_view why = e.what();
    if (why.rfind(path + ": ", 0) == 0) why.remove_prefix(path.size() + 2);
    if (!e.id().empty()) fail(fmt::format("{}: {}", what, why), e.id(), e.args());  // names the path
    fail(fmt::format("{}: {}", what, why));
  }
}

/// One named entry (cluster, user or context) and the file that defined it.
struct Entry {
  json body;
  std::string file;
};

struct Merged {
  std::vector<std::string> files;  ///< files that existed, in priority order
  std::string current_context;
  std::string current_context_file;
  std::map<std::string, Entry> clusters, users, contexts;
};

/// A wrong value for a message: one line, bounded, valid UTF-8 (dump() would throw on a string
/// that is not UTF-8, and a mapping could be megabytes).
std::string shown(const json& v) {
  std::string s = v.dump(-1, ' ', false, json::error_handler_t::replace);
  if (s.size() > 80) s = s.substr(0, 77) + "...";
  return s;
}

/// Fields whose value is a credential (or holds one): a type error names the field and the
/// value's JSON type, never the value (it would reach stderr, reports and bundles).
bool is_credential(std::string_view key) {
  static constexpr std::array<std::string_view, 10> kKeys{
      "token",         "tokenFile", "password",   "username", "client-key-data", "client-certificate-data",
      "auth-provider", "exec",      "client-key", "proxy-url"};
  return std::find(kKeys.begin(), kKeys.end(), key) != kKeys.end();
}

/// The wrong value for a type error: quoted, unless it is a credential.
std::string wrong(const json& v, const char* key) {
  if (is_credential(key)) return fmt::format("a {} (value not shown)", v.type_name());
  return shown(v);
}

std::string field_string(const json& obj, const char* key, const std::string& where) {
  if (!obj.is_object() || !obj.contains(key) || obj[key].is_null()) return "";
  const json& v = obj[key];
  if (!v.is_string())
    fail_at(where, fmt::format("field \"{}\" must be a string, not {}", key, wrong(v, key)), "kc.not-string",
            {{"key", key}, {"value", wrong(v, key)}});
  return v.get<std::string>();
}

bool field_bool(const json& obj, const char* key, const std::string& where) {
  if (!obj.is_object() || !obj.contains(key) || obj[key].is_null()) return false;
  const json& v = obj[key];
  if (!v.is_boolean()) {
    fail_at(where, fmt::format("field \"{}\" must be true or false, not {}", key, wrong(v, key)), "kc.not-bool",
            {{"key", key}, {"value", wrong(v, key)}});
  }
  return v.get<bool>();
}

/// Adds the `list_key` entries of one file; an existing name is never replaced (first file wins).
void merge_list(const json& doc, const char* list_key, const char* body_key, const std::string& file,
                std::map<std::string, Entry>& into) {
  const std::string where = "kubeconfig " + file;
  if (!doc.contains(list_key) || doc[list_key].is_null()) return;
  const json& list = doc[list_key];
  if (!list.is_array())
    fail_at(where, fmt::format("\"{}\" must be a list", list_key), "kc.not-list", {{"key", list_key}});
  for (std::size_t i = 0; i < list.size(); ++i) {
    const json& item = list[i];
    const std::map<std::string, std::string> at{{"key", list_key}, {"index", std::to_string(i)}};
    if (!item.is_object())
      fail_at(where, fmt::format("{}[{}] must be a mapping", list_key, i), "kc.item-not-mapping", at);
    const std::string name = field_string(item, "name", fmt::format("{}: {}[{}]", where, list_key, i));
    if (name.empty()) fail_at(where, fmt::format("{}[{}] has no name", list_key, i), "kc.no-name", at);
    json body = item.contains(body_key) && !item[body_key].is_null() ? item[body_key] : json::object();
    if (!body.is_object())
      fail_at(where, fmt::format("{} \"{}\": \"{}\" must be a mapping", list_key, name, body_key),
              "kc.body-not-mapping", {{"key", list_key}, {"name", name}, {"body", body_key}});
    into.try_emplace(name, Entry{std::move(body), file});
  }
}

void merge_file(Merged& m, const std::string& file, const std::string& content) {
  const std::string where = "kubeconfig " + file;
  std::vector<json> docs;
  try {
    yaml::Limits limits;
    limits.max_bytes = kMaxConfigFileBytes;
    docs = yaml::load_all(content, where, limits);
  } catch (const Error& e) {
    if (e.id() != "input.syntax") fail(e.what());  // already "kubeconfig <file>: line L column C: reason"
    auto args = e.args();
    args["path"] = file;
    throw Error(ErrorKind::kConfig, e.what(), "input.kubeconfig-syntax", std::move(args));
  }
  m.files.push_back(file);
  if (docs.empty()) return;  // an empty kubeconfig is allowed and adds nothing
  if (docs.size() > 1) {
    fail_at(where, fmt::format("holds {} YAML documents; a kubeconfig is one", docs.size()), "kc.many-docs",
            {{"count", std::to_string(docs.size())}});
  }
  const json& doc = docs[0];
  if (!doc.is_object()) fail_at(where, "not a kubeconfig (the top level must be a mapping)", "kc.not-mapping");
  merge_list(doc, "clusters", "cluster", file, m.clusters);
  merge_list(doc, "users", "user", file, m.users);
  merge_list(doc, "contexts", "context", file, m.contexts);
  const std::string cc = field_string(doc, "current-context", where);
  if (m.current_context.empty() && !cc.empty()) {
    m.current_context = cc;
    m.current_context_file = file;
  }
}

std::string names_of(const std::map<std::string, Entry>& m) {
  std::vector<std::string> names;
  for (const auto& [k, v] : m) names.push_back("\"" + k + "\"");
  return names.empty() ? "none defined" : "defined: " + text::join(names);
}

/// `a` with the entries of `b` added.
std::map<std::string, std::string> with(std::map<std::string, std::string> a,
                                        const std::map<std::string, std::string>& b) {
  a.insert(b.begin(), b.end());
  return a;
}

/// The names of `m` as a catalog argument `names` (quoted, ", "-joined), or "none" in the reader's words.
std::map<std::string, std::string> names_arg(const std::map<std::string, Entry>& m) {
  std::vector<std::string> names;
  for (const auto& [k, v] : m) names.push_back("\"" + k + "\"");
  if (names.empty()) return {{"names@", "kc.none-defined"}};
  return {{"names", text::join(names)}};
}

/// `*-data` (base64) beats the path; a path is resolved against the naming file's folder.
std::string pem_from(const LoadOptions& o, const json& body, const char* data_key, const char* path_key,
                     const std::string& where, const std::string& file) {
  const std::string data = field_string(body, data_key, where);
  if (!data.empty()) {
    auto decoded = base64::decode(data);
    if (!decoded)
      fail_at(where, fmt::format("\"{}\" is not valid base64", data_key), "kc.bad-base64", {{"key", data_key}});
    return *decoded;
  }
  const std::string path = field_string(body, path_key, where);
  if (path.empty()) return "";
  const std::string abs = resolve_path(path, file);
  auto content = read_for(o, abs, fmt::format("{}: \"{}\" {}", where, path_key, abs));
  if (!content) {
    fail_at(where, fmt::format("\"{}\" {}: file not found", path_key, abs), "kc.file-missing",
            {{"key", path_key}, {"file", abs}});
  }
  return *content;
}

std::optional<ClientConfig> in_cluster(const LoadOptions& o) {
  const std::string host = env_get(o, "KUBERNETES_SERVICE_HOST");
  const std::string port = env_get(o, "KUBERNETES_SERVICE_PORT");
  if (host.empty() || port.empty()) return std::nullopt;
  const std::string token_path = o.service_account_dir + "/token";
  auto token = read_for(o, token_path, "in-cluster service account token " + token_path);
  if (!token) return std::nullopt;  // client-go's Possible(): the token file must exist
  ClientConfig c;
  c.origin = "in-cluster service account";
  c.server = host.find(':') != std::string::npos ? fmt::format("https://[{}]:{}", host, port)
                                                 : fmt::format("https://{}:{}", host, port);
  c.token = text::trim(*token);
  if (c.token.empty()) {
    fail(fmt::format("in-cluster service account token {}: file is empty", token_path), "kc.in-cluster-token-empty",
         {{"file", token_path}});
  }
  const std::string ns_path = o.service_account_dir + "/namespace";
  if (auto ns = read_for(o, ns_path, "in-cluster service account namespace " + ns_path)) c.namespace_ = text::trim(*ns);
  const std::string ca_path = o.service_account_dir + "/ca.crt";
  auto ca = read_for(o, ca_path, "in-cluster service account CA " + ca_path);
  if (ca) {
    c.ca_pem = *ca;
  } else {
    // client-go logs this and goes on with the system trust store; so do we, visibly.
    c.warnings.push_back(msg("kc.warn.in-cluster-ca", {{"path", ca_path}}));
  }
  return c;
}

/// The context to use (--context, else current-context) with its name; fails naming what is defined.
std::pair<std::string, const Entry*> pick_context(const LoadOptions& o, const Merged& m) {
  const std::string files = text::join(m.files);
  std::string ctx_name = o.context.value_or("");
  if (ctx_name.empty()) ctx_name = m.current_context;
  if (ctx_name.empty()) {
    fail(fmt::format("kubeconfig {}: no current-context is set and --context was not given ({})", files,
                     m.contexts.empty() ? "no contexts defined" : "contexts " + names_of(m.contexts)),
         "input.kubeconfig-no-context", with(names_arg(m.contexts), {{"path", files}}));
  }
  auto ctx_it = m.contexts.find(ctx_name);
  if (ctx_it == m.contexts.end()) {
    const std::string from = o.context ? "given with --context" : "current-context of " + m.current_context_file;
    fail(fmt::format("kubeconfig {}: context \"{}\" ({}) not found; contexts {}", files, ctx_name, from,
                     names_of(m.contexts)),
         "input.kubeconfig-context-not-found", with(names_arg(m.contexts), {{"path", files}, {"context", ctx_name}}));
  }
  return {ctx_name, &ctx_it->second};
}

/// The cluster entry's server and TLS settings into `c`.
void apply_cluster(const LoadOptions& o, const Entry& cl, const std::string& cluster_name, ClientConfig& c) {
  const std::string cl_where = fmt::format("kubeconfig {}: cluster \"{}\"", cl.file, cluster_name);
  c.server = field_string(cl.body, "server", cl_where);
  if (c.server.empty()) fail_at(cl_where, "no \"server\" is set", "kc.no-server");
  if (c.server.rfind("https://", 0) != 0 && c.server.rfind("http://", 0) != 0) {
    const std::string server = shown(json(redact_url(c.server)));
    fail_at(cl_where, fmt::format("\"server\" {} is not an http(s) URL", server), "kc.server-not-url",
            {{"server", server}});
  }
  c.insecure_skip_tls_verify = field_bool(cl.body, "insecure-skip-tls-verify", cl_where);
  c.ca_pem = pem_from(o, cl.body, "certificate-authority-data", "certificate-authority", cl_where, cl.file);
  if (c.insecure_skip_tls_verify && !c.ca_pem.empty()) {
    // client-go refuses this combination too (transport: "specifying a root certificates file
    // with the insecure flag is not allowed"), so a config kubectl rejects is rejected here.
    fail_at(cl_where, "\"insecure-skip-tls-verify\" and a certificate authority are both set; remove one",
            "kc.insecure-and-ca");
  }
  if (c.insecure_skip_tls_verify) {
    c.warnings.push_back(msg("kc.warn.insecure", {{"where", cl_where}}));
  }
  c.tls_server_name = field_string(cl.body, "tls-server-name", cl_where);
  c.proxy_url = field_string(cl.body, "proxy-url", cl_where);
}

/// `token`, else the content of `tokenFile` (trimmed; an empty or missing file fails).
std::string token_of(const LoadOptions& o, const Entry& us, const std::string& us_where) {
  std::string token = field_string(us.body, "token", us_where);
  if (!token.empty()) return token;
  const std::string tf = field_string(us.body, "tokenFile", us_where);
  if (tf.empty()) return token;
  const std::string abs = resolve_path(tf, us.file);
  auto content = read_for(o, abs, fmt::format("{}: \"tokenFile\" {}", us_where, abs));
  if (!content) {
    fail_at(us_where, fmt::format("\"tokenFile\" {}: file not found", abs), "kc.file-missing",
            {{"key", "tokenFile"}, {"file", abs}});
  }
  token = text::trim(*content);
  if (token.empty())
    fail_at(us_where, fmt::format("\"tokenFile\" {}: file is empty", abs), "kc.token-file-empty", {{"file", abs}});
  return token;
}

/// The user entry's credentials into `c`: client certificate and key, token, or basic auth.
void apply_user(const LoadOptions& o, const Entry& us, const std::string& user_name, ClientConfig& c) {
  const std::string us_where = fmt::format("kubeconfig {}: user \"{}\"", us.file, user_name);
  const auto present = [&](const char* k) { return us.body.contains(k) && !us.body[k].is_null(); };
  if (present("exec")) {
    fail_at(us_where, "\"exec\" credential plugins are not supported; use a client certificate or token", "kc.exec");
  }
  if (present("auth-provider")) {
    fail_at(us_where, "\"auth-provider\" plugins are not supported; use a client certificate or token",
            "kc.auth-provider");
  }
  c.client_cert_pem = pem_from(o, us.body, "client-certificate-data", "client-certificate", us_where, us.file);
  c.client_key_pem = pem_from(o, us.body, "client-key-data", "client-key", us_where, us.file);
  if (c.client_cert_pem.empty() != c.client_key_pem.empty()) {
    const std::string set = c.client_cert_pem.empty() ? "client-key" : "client-certificate";
    const std::string missing = c.client_cert_pem.empty() ? "client-certificate" : "client-key";
    fail_at(us_where, fmt::format("\"{}\" is set without \"{}\"; a client certificate needs both", set, missing),
            "kc.half-cert", {{"set", set}, {"missing", missing}});
  }
  c.token = token_of(o, us, us_where);
  c.username = field_string(us.body, "username", us_where);
  c.password = field_string(us.body, "password", us_where);
  if (!c.token.empty() && (!c.username.empty() || !c.password.empty())) {
    // client-go's validateAuthInfo: "more than one authentication method found".
    fail_at(us_where, "both a token and username/password are set; only one authentication method is allowed",
            "kc.two-auth");
  }
}

ClientConfig resolve(const LoadOptions& o, const Merged& m) {
  const auto [ctx_name, ctx_entry] = pick_context(o, m);
  const Entry& ctx = *ctx_entry;
  const std::string ctx_where = fmt::format("kubeconfig {}: context \"{}\"", ctx.file, ctx_name);
  const std::string cluster_name = field_string(ctx.body, "cluster", ctx_where);
  const std::string user_name = field_string(ctx.body, "user", ctx_where);
  if (cluster_name.empty()) fail_at(ctx_where, "names no cluster", "kc.no-cluster");
  auto cl_it = m.clusters.find(cluster_name);
  if (cl_it == m.clusters.end()) {
    fail_at(ctx_where, fmt::format("cluster \"{}\" not found; clusters {}", cluster_name, names_of(m.clusters)),
            "kc.cluster-missing", with(names_arg(m.clusters), {{"name", cluster_name}}));
  }

  ClientConfig c;
  c.context_name = ctx_name;
  c.user_name = user_name;
  c.namespace_ = text::trim(field_string(ctx.body, "namespace", ctx_where));
  c.origin = "kubeconfig " + ctx.file;
  apply_cluster(o, cl_it->second, cluster_name, c);

  if (user_name.empty()) return c;  // a context without a user: anonymous, as kubectl does
  auto us_it = m.users.find(user_name);
  if (us_it == m.users.end()) {
    fail_at(ctx_where, fmt::format("user \"{}\" not found; users {}", user_name, names_of(m.users)), "kc.user-missing",
            with(names_arg(m.users), {{"name", user_name}}));
  }
  apply_user(o, us_it->second, user_name, c);
  return c;
}

}  // namespace

ClientConfig load_config(const LoadOptions& opts) {
  Merged m;
  std::vector<std::string> looked;
  if (opts.kubeconfig) {
    const std::string& path = *opts.kubeconfig;
    if (path.empty()) fail("--kubeconfig was given an empty path", "kc.empty-path", {});
    auto content = read_for(opts, path, "kubeconfig " + path);
    if (!content) {
      throw Error(ErrorKind::kConfig, fmt::format("kubeconfig {} (given with --kubeconfig): file not found", path),
                  "input.kubeconfig-missing", {{"path", path}});
    }
    merge_file(m, path, *content);
    return resolve(opts, m);
  }
  const std::string list = env_get(opts, "KUBECONFIG");
  std::vector<std::string> paths;
  if (!list.empty()) {
    std::set<std::string> seen;
    std::size_t start = 0;
    while (start <= list.size()) {
      auto end = list.find(':', start);
      if (end == std::string::npos) end = list.size();
      std::string p = list.substr(start, end - start);
      if (!p.empty() && seen.insert(p).second) paths.push_back(p);
      start = end + 1;
    }
    looked.push_back(fmt::format("KUBECONFIG={}", list));
  } else {
    const std::string home = env_get(opts, "HOME");
    if (!home.empty()) {
      paths.push_back(home + "/.kube/config");
      looked.push_back(paths.back());
    } else {
      looked.push_back("$HOME/.kube/config (HOME is not set)");
    }
  }
  for (const auto& p : paths) {
    auto content = read_for(opts, p, "kubeconfig " + p);
    if (!content) continue;  // missing files in the list are skipped, as kubectl does
    merge_file(m, p, *content);
  }
  if (!m.files.empty()) return resolve(opts, m);

  if (auto c = in_cluster(opts)) {
    if (opts.context) {
      fail(fmt::format("context \"{}\" (given with --context) not found: no kubeconfig file exists (looked at {})",
                       *opts.context, text::join(looked, "; ")),
           "kc.context-no-file", {{"context", *opts.context}, {"looked", text::join(looked, "; ")}});
    }
    return *c;
  }
  looked.push_back(fmt::format("in-cluster ({})", env_get(opts, "KUBERNETES_SERVICE_HOST").empty()
                                                      ? "KUBERNETES_SERVICE_HOST is not set"
                                                      : "no token in " + opts.service_account_dir));
  fail(fmt::format("no kubeconfig found (looked at {}); pass --kubeconfig or set KUBECONFIG", text::join(looked, "; ")),
       "input.no-kubeconfig", {{"looked", text::join(looked, "; ")}});
}

LoadOptions default_load_options() {
  LoadOptions o;
  o.env = sys::environment();
  // Where the service account is mounted; overridable for tests and unusual mounts.
  if (auto it = o.env.find("GPUWHY_SERVICE_ACCOUNT_DIR"); it != o.env.end() && !it->second.empty()) {
    o.service_account_dir = it->second;
  }
  if (o.env.find("HOME") == o.env.end()) {
    if (const passwd* pw = ::getpwuid(::getuid()); pw != nullptr && pw->pw_dir != nullptr) o.env["HOME"] = pw->pw_dir;
  }
  // Regular files only, opened non-blocking: a kubeconfig that is a FIFO fails at once.
  o.read_file = [](const std::string& path) { return files::read_regular(path, kMaxConfigFileBytes); };
  return o;
}

}  // namespace gpuwhy::kube
