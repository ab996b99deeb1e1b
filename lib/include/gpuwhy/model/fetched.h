#pragma once
/// What one read gives: a value, or the reason it could not be had (FetchError), and an HTTP
/// answer kept whole. The snapshot holds these; the HTTP client returns them.

#include <map>
#include <string>
#include <string_view>
#include <utility>
#include <variant>

#include <nlohmann/json.hpp>

#include "gpuwhy/base/error.h"

namespace gpuwhy {

/// Why one read failed. `http_status` is 0 when no HTTP answer came back.
struct FetchError {
  ErrorKind kind = ErrorKind::kTransport;
  int http_status = 0;
  std::string message;  ///< one line, names the URL or file
  /// The catalog text of `message` a user reads in their language (Error::id/args); "" when there
  /// is none (and in a bundle, which keeps the message only).
  std::string id{};
  std::map<std::string, std::string> args{};
};

/// The message of a dry run that was not sent because the grader turned dry runs off
/// (--no-dry-run, kind kSkipped): the check is `skip`, never the student's `fail`.
inline constexpr std::string_view kDryRunOff = "--no-dry-run";

/// A value or the reason it could not be had; one failed read never stops the others.
template <class T>
class Fetched {
 public:
  Fetched() : data_(FetchError{ErrorKind::kSkipped, 0, "not collected"}) {}
  Fetched(T value) : data_(std::move(value)) {}       // NOLINT(google-explicit-constructor)
  Fetched(FetchError err) : data_(std::move(err)) {}  // NOLINT(google-explicit-constructor)
  [[nodiscard]] bool ok() const { return std::holds_alternative<T>(data_); }
  [[nodiscard]] const T& value() const { return std::get<T>(data_); }
  [[nodiscard]] const FetchError& error() const { return std::get<FetchError>(data_); }
  /// The value, moved out (ok() must hold).
  [[nodiscard]] T take() && { return std::get<T>(std::move(data_)); }

 private:
  std::variant<T, FetchError> data_;
};

/// An HTTP answer kept whole (used for dry-run creates, where 422 is the expected outcome).
struct HttpAnswer {
  int status = 0;
  nlohmann::json body;  ///< parsed body; null when it was not JSON
};

}  // namespace gpuwhy
