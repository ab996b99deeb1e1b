// Environment causes told once (the table): when one cause (no kubeconfig, apiserver down, TLS,
// 401/403) makes several checks `error`, the table says the cause and its fix once, above the
// steps, and each of those rows says only "error (see above)". Machine formats keep every entry.
#include <algorithm>
#include <map>

#include "gpuwhy/i18n/i18n.h"
#include "gpuwhy/render/render.h"
#include "render_detail.h"

namespace gpuwhy::render::detail {

namespace {

void add_unique(std::vector<std::string>& v, std::string s) {
  if (!s.empty() && std::find(v.begin(), v.end(), s) == v.end()) v.push_back(std::move(s));
}

EnvGroup make_group(const std::string& cause, const std::vector<const CheckResult*>& checks, i18n::Lang lang) {
  EnvGroup g;
  g.cause = cause;
  std::vector<std::string> messages;
  std::vector<std::string> rules;
  for (const CheckResult* c : checks) {
    g.ids.push_back(c->id);
    add_unique(messages, one_line(text_of(c->outcome.actual, lang), 400));
    if (!is_empty(c->outcome.env_need)) add_unique(rules, text_of(c->outcome.env_need, lang));
  }
  g.heading = i18n::render(msg("ui.env.heading", {{"count", std::to_string(checks.size())}}), lang);
  g.message = messages.empty() ? std::string() : messages.front();
  if (messages.size() > 1) {
    g.message += " " + i18n::render(msg("ui.env.more", {{"count", std::to_string(messages.size() - 1)}}), lang);
  }
  std::string joined;
  for (const auto& r : rules) joined += (joined.empty() ? "" : "; ") + r;
  g.fix = i18n::render(msg("ui.env.fix." + cause, {{"rules", joined}}), lang);
  return g;
}

}  // namespace

std::vector<EnvGroup> shared_env_causes(const RunResult& run, i18n::Lang lang) {
  std::vector<std::string> order;
  std::map<std::string, std::vector<const CheckResult*>> by_cause;
  for (const auto& c : run.checks) {
    if (c.outcome.status != Status::kError || c.outcome.env_cause.empty()) continue;
    auto& v = by_cause[c.outcome.env_cause];
    if (v.empty()) order.push_back(c.outcome.env_cause);
    v.push_back(&c);
  }
  std::vector<EnvGroup> out;
  for (const auto& cause : order) {
    if (by_cause[cause].size() >= 2) out.push_back(make_group(cause, by_cause[cause], lang));
  }
  return out;
}

}  // namespace gpuwhy::render::detail
