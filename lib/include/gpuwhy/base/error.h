#pragma once
/// The one exception type thrown by lib/, and the exit codes of the CLI.

#include <map>
#include <stdexcept>
#include <string>
#include <utility>

namespace gpuwhy {

/// What went wrong, coarsely; decides the exit code and whether a check is `error`.
enum class ErrorKind {
  kUsage,      ///< bad flags or arguments (exit 2)
  kConfig,     ///< kubeconfig / in-cluster config unusable (exit 3)
  kTransport,  ///< connection refused, DNS, timeout (exit 3)
  kTls,        ///< certificate verification or handshake failure (exit 3)
  kHttp,       ///< the apiserver answered with an error status (exit 3)
  kParse,      ///< a response or bundle could not be parsed (exit 3)
  kIo,         ///< a local file could not be read or written
  kSkipped,    ///< a request was not sent because its input was missing (never an error)
};

std::string to_string(ErrorKind kind);

/// Carries a one-line message that already names the file, field or URL. One a user reads (an
/// input that cannot be read) also carries its catalog text: `id` and `args`, rendered in the
/// user's language where it is printed; what() stays the English line for logs and machines.
class Error : public std::runtime_error {
 public:
  Error(ErrorKind kind, const std::string& message) : std::runtime_error(message), kind_(kind) {}
  Error(ErrorKind kind, const std::string& message, std::string id, std::map<std::string, std::string> args)
      : std::runtime_error(message), kind_(kind), id_(std::move(id)), args_(std::move(args)) {}
  [[nodiscard]] ErrorKind kind() const { return kind_; }
  [[nodiscard]] const std::string& id() const { return id_; }  ///< "" when there is no catalog text
  [[nodiscard]] const std::map<std::string, std::string>& args() const { return args_; }

 private:
  ErrorKind kind_;
  std::string id_;
  std::map<std::string, std::string> args_;
};

/// Exit codes, as SPEC says.
inline constexpr int kExitPass = 0;        ///< every selected check passed
inline constexpr int kExitFail = 1;        ///< at least one check failed
inline constexpr int kExitUsage = 2;       ///< usage error
inline constexpr int kExitIncomplete = 3;  ///< grading could not be completed (any `error`)
/// `gpuwhy why`: a plugin gpuwhy does not model decides (or may) the pod's verdict, or the scheduler
/// refused a pod the modelled gates let fit; no binding is predicted.
inline constexpr int kExitNotExplained = 4;

}  // namespace gpuwhy
