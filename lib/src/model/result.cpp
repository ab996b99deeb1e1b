#include "gpuwhy/model/result.h"

#include <algorithm>

#include "gpuwhy/base/error.h"

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

namespace {
const CheckResult* find_failed(const std::vector<CheckResult>& checks, const std::string& id) {
  for (const auto& c : checks) {
    if (c.id == id) return c.outcome.status == Status::kFail ? &c : nullptr;
  }
  return nullptr;
}
}  // namespace

std::vector<std::string> RunResult::roots() const {
  std::vector<std::string> out;
  for (const auto& c : checks) {
    if (c.outcome.status == Status::kFail && root_of(c.id) == c.id) out.push_back(c.id);
  }
  return out;
}

std::string RunResult::root_of(const std::string& id) const {
  const CheckResult* c = find_failed(checks, id);
  // A chain is at most one step per check; a longer one is a cycle, and a cycle's start is its root.
  for (std::size_t hops = 0; c != nullptr && hops <= checks.size(); ++hops) {
    if (c->outcome.caused_by.empty()) return c->id;
    const CheckResult* next = find_failed(checks, c->outcome.caused_by);
    if (next == nullptr) return c->id;  // a cause that did not fail explains nothing
    c = next;
  }
  return c == nullptr ? std::string() : id;
}

std::vector<const CheckResult*> RunResult::consequences_of(const std::string& root) const {
  std::vector<const CheckResult*> out;
  for (const auto& c : checks) {
    if (c.id != root && c.outcome.status == Status::kFail && root_of(c.id) == root) out.push_back(&c);
  }
  return out;
}

}  // namespace gpuwhy
