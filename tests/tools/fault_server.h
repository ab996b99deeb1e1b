#pragma once
// Test helper: starts tests/tools/fault_server.py (a fault-injecting fake apiserver on loopback)
// and stops it. Header-only so any unit test can use it; see fault_server.py for the endpoints.

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <chrono>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

namespace gpuwhy::testing_tools {

inline constexpr const char* kPython = "/usr/bin/python3";

/// The fault server process: started once per suite; its stdin is a pipe, so the server also
/// exits by itself (EOF) if the test process dies without cleaning up.
class FaultServer {
 public:
  /// `extra`: more arguments for fault_server.py (e.g. {"--bundle", path}).
  bool start(std::string* why, const std::vector<std::string>& extra = {}) {
    if (::access(kPython, X_OK) != 0) return fail(why, "no /usr/bin/python3");
    char tmpl[] = "/tmp/gpuwhy-fault-XXXXXX";
    if (::mkdtemp(tmpl) == nullptr) return fail(why, "mkdtemp failed");
    dir_ = tmpl;
    int in[2];
    int out[2];
    if (::pipe2(in, O_CLOEXEC) != 0 || ::pipe2(out, O_CLOEXEC) != 0) return fail(why, "pipe failed");
    const std::string script = std::string(GPUWHY_SOURCE_DIR) + "/tests/tools/fault_server.py";
    pid_ = ::fork();
    if (pid_ < 0) return fail(why, "fork failed");
    if (pid_ == 0) {
      ::dup2(in[0], 0);
      ::dup2(out[1], 1);
      ::close(in[1]);
      ::close(out[0]);
      std::vector<std::string> argv{kPython, script, "--dir", dir_, "--lifetime", "300"};
      argv.insert(argv.end(), extra.begin(), extra.end());
      std::vector<char*> args;
      for (auto& a : argv) args.push_back(a.data());
      args.push_back(nullptr);
      ::execv(kPython, args.data());
      ::_exit(127);
    }
    ::close(in[0]);
    ::close(out[1]);
    stdin_ = in[1];
    // Read one JSON line, waiting at most 30 s (certificate generation included).
    std::string line;
    const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(30);
    while (line.find('\n') == std::string::npos) {
      const auto left =
          std::chrono::duration_cast<std::chrono::milliseconds>(deadline - std::chrono::steady_clock::now()).count();
      if (left <= 0) break;
      pollfd p{out[0], POLLIN, 0};
      if (::poll(&p, 1, static_cast<int>(left)) <= 0) break;
      char buf[512];
      const ssize_t n = ::read(out[0], buf, sizeof buf);
      if (n <= 0) break;
      line.append(buf, static_cast<std::size_t>(n));
    }
    ::close(out[0]);
    nlohmann::json ports = nlohmann::json::parse(line, nullptr, false);
    if (ports.is_discarded() || !ports.is_object()) return fail(why, "fault server did not start: \"" + line + "\"");
    ports_ = ports;
    return true;
  }

  void stop() {
    if (pid_ > 0) {
      ::kill(pid_, SIGTERM);
      int status = 0;
      for (int i = 0; i < 50 && ::waitpid(pid_, &status, WNOHANG) == 0; ++i) ::usleep(100 * 1000);
      if (::waitpid(pid_, &status, WNOHANG) == 0) {
        ::kill(pid_, SIGKILL);
        ::waitpid(pid_, &status, 0);
      }
      pid_ = -1;
    }
    if (stdin_ >= 0) ::close(stdin_);
    stdin_ = -1;
    if (!dir_.empty()) {
      std::error_code ec;
      std::filesystem::remove_all(dir_, ec);
    }
  }

  [[nodiscard]] int port(const char* name) const { return ports_.at(name).get<int>(); }
  /// The server's folder (certificates: ca.crt, ca2.crt, client.crt, client.key ...).
  [[nodiscard]] const std::string& dir() const { return dir_; }
  [[nodiscard]] std::string file(const std::string& name) const {
    std::ifstream in(dir_ + "/" + name, std::ios::binary);
    std::stringstream ss;
    ss << in.rdbuf();
    return ss.str();
  }

 private:
  bool fail(std::string* why, const std::string& what) {
    *why = what;
    stop();
    return false;
  }
  pid_t pid_ = -1;
  int stdin_ = -1;
  std::string dir_;
  nlohmann::json ports_;
};

/// A GoogleTest fixture base that shares one fault server per test suite: started before the
/// suite's first test, stopped after its last; every test is skipped (with the reason) when the
/// server cannot start. `Suite` is the derived fixture (one server per suite, not per program);
/// it may define `static std::vector<std::string> server_args()` to pass flags to the server.
template <class Suite>
class WithFaultServer : public testing::Test {
 protected:
  static std::vector<std::string> server_args() { return {}; }
  static void SetUpTestSuite() {
    server_ = new FaultServer();
    if (!server_->start(&skip_reason_, Suite::server_args())) {
      delete server_;
      server_ = nullptr;
    }
  }
  static void TearDownTestSuite() {
    if (server_ != nullptr) server_->stop();
    delete server_;
    server_ = nullptr;
  }
  void SetUp() override {
    if (server_ == nullptr) GTEST_SKIP() << "fault server unavailable: " << skip_reason_;
  }

  /// Writes `dir`/kubeconfig: this server's plain HTTP listener under /fault/ok/all (every live
  /// path served from the bundle), bearer `token`. Returns its path.
  static std::string live_kubeconfig(const std::string& dir, const std::string& token = "t") {
    std::string path = dir + "/kubeconfig";
    std::ofstream(path)
        << "apiVersion: v1\nkind: Config\nclusters:\n- name: c\n  cluster:\n    server: http://127.0.0.1:"
        << server_->port("http") << "/fault/ok/all\nusers:\n- name: u\n  user: {token: " << token
        << "}\ncontexts:\n- name: x\n  context: {cluster: c, user: u}\ncurrent-context: x\n";
    return path;
  }

  static inline FaultServer* server_ = nullptr;
  static inline std::string skip_reason_;
};

}  // namespace gpuwhy::testing_tools
