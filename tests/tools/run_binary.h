#pragma once
// Test helper: runs a program (the real gpuwhy binary) with a time bound, capturing stdout,
// stderr, the exit code, the wall time and the child's peak RSS. Header-only.

#include <fcntl.h>
#include <signal.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace gpuwhy::testing_tools {

struct RunOutput {
  int exit_code = -1;  ///< -1 when killed by a signal (timed_out says whether we did it)
  bool timed_out = false;
  std::chrono::milliseconds elapsed{0};
  long max_rss_kb = 0;
  std::string out;
  std::string err;
};

inline std::string slurp(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

/// Runs argv[0] with argv (no shell), stdin from /dev/null, stdout and stderr to temp files in
/// `scratch`; SIGKILL after `limit`.
inline RunOutput run_binary(const std::vector<std::string>& argv, const std::string& scratch,
                            std::chrono::seconds limit = std::chrono::seconds(60)) {
  RunOutput r;
  const std::string out_path = scratch + "/stdout.txt";
  const std::string err_path = scratch + "/stderr.txt";
  const auto start = std::chrono::steady_clock::now();
  const pid_t pid = ::fork();
  if (pid < 0) return r;
  if (pid == 0) {
    const int in = ::open("/dev/null", O_RDONLY);
    const int out = ::open(out_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
    const int err = ::open(err_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
    if (in < 0 || out < 0 || err < 0) ::_exit(126);
    ::dup2(in, 0);
    ::dup2(out, 1);
    ::dup2(err, 2);
    std::vector<char*> args;
    args.reserve(argv.size() + 1);
    for (const auto& a : argv) args.push_back(const_cast<char*>(a.c_str()));  // NOLINT
    args.push_back(nullptr);
    ::execv(args[0], args.data());
    ::_exit(127);
  }
  int status = 0;
  rusage ru{};
  for (;;) {
    const pid_t w = ::wait4(pid, &status, WNOHANG, &ru);
    if (w == pid) break;
    if (std::chrono::steady_clock::now() - start > limit) {
      ::kill(pid, SIGKILL);
      ::wait4(pid, &status, 0, &ru);
      r.timed_out = true;
      break;
    }
    ::usleep(10 * 1000);
  }
  r.elapsed = std::chrono::duration_cast<std::chrono::milliseconds>(std::chrono::steady_clock::now() - start);
  r.max_rss_kb = ru.ru_maxrss;
  if (WIFEXITED(status)) r.exit_code = WEXITSTATUS(status);
  r.out = slurp(out_path);
  r.err = slurp(err_path);
  return r;
}

/// A fresh folder under /tmp, removed with everything in it when the object goes away.
class TempDir {
 public:
  TempDir() {
    char tmpl[] = "/tmp/gpuwhy-test-XXXXXX";
    if (::mkdtemp(tmpl) != nullptr) path_ = tmpl;
  }
  ~TempDir() {
    if (path_.empty()) return;
    std::error_code ec;
    // Rows may chmod files (unreadable); give the owner back the rights before removing.
    std::filesystem::permissions(path_, std::filesystem::perms::owner_all, std::filesystem::perm_options::add, ec);
    std::filesystem::remove_all(path_, ec);
  }
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;
  [[nodiscard]] const std::string& path() const { return path_; }

 private:
  std::string path_;
};

#ifdef GPUWHY_BINARY
/// `gpuwhy check ARGS` with the binary under test, two minutes at most (a batch of captures).
inline RunOutput run_check(const std::vector<std::string>& args, const std::string& scratch) {
  std::vector<std::string> argv{GPUWHY_BINARY, "check"};
  argv.insert(argv.end(), args.begin(), args.end());
  return run_binary(argv, scratch, std::chrono::seconds(120));
}
#endif

/// Whether `text` is a whole report gpuwhy writes with --format json: one submission's, or a
/// batch's with a report in every row.
inline bool is_json_report(const std::string& text) {
  const auto j = nlohmann::json::parse(text, nullptr, false);
  if (j.is_object() && j.contains("submissions")) {
    return j["submissions"].is_array() && !j["submissions"].empty() &&
           std::all_of(j["submissions"].begin(), j["submissions"].end(),
                       [](const nlohmann::json& r) { return r.contains("report"); });
  }
  return j.is_object() && j.contains("checks");
}

}  // namespace gpuwhy::testing_tools
