#include "gpuwhy/result.h"

#include <algorithm>

#include "gpuwhy/error.h"

namespace gpuwhy {

std::string to_string(Status status) {
  switch (status) {
    case Status::kPass: return "pass";
    case Status::kFail: return "fail";
    case Status::kError: return "error";
    case Status::kSkip: return "skip";
  }
  return "unknown";
}

Msg raw(std::string text) {
  return Msg{"", {{"text", std::move(text)}}};
}
Msg msg(std::string id, std::map<std::string, std::string> args) {
  return Msg{std::move(id), std::move(args)};
}

int RunResult::score() const {
  int s = 0;
  for (const auto& c : checks) s += c.score;
  return s;
}

int RunResult::max_score() const {
  int s = 0;
  for (const auto& c : checks) {
    if (c.outcome.status != Status::kSkip) s += c.points;
  }
  return s;
}

int RunResult::count(Status st) const {
  return static_cast<int>(
      std::count_if(checks.begin(), checks.end(), [st](const CheckResult& c) { return c.outcome.status == st; }));
}

bool RunResult::complete() const {
  return count(Status::kError) == 0;
}

int RunResult::exit_code() const {
  if (!complete()) return kExitIncomplete;
  if (count(Status::kFail) > 0) return kExitFail;
  return kExitPass;
}

}  // namespace gpuwhy
