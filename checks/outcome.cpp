// Outcomes and evidence (outcome.h).
#include "outcome.h"

#include <fmt/format.h>

#include "gpuwhy/base/error.h"
#include "gpuwhy/lab/lab.h"

namespace gpuwhy::checks::detail {

Outcome pass(Msg expected, Msg actual, std::vector<Msg> evidence) {
  return Outcome{Status::kPass, std::move(expected), std::move(actual), Msg{}, std::move(evidence)};
}

Outcome fail(Msg expected, Msg actual, Msg hint, std::vector<Msg> evidence) {
  return Outcome{Status::kFail, std::move(expected), std::move(actual), std::move(hint), std::move(evidence)};
}

Outcome unmet(Outcome o, Need::Kind kind, std::string_view name) {
  o.unmet = Need{kind, std::string(name)};
  return o;
}

Outcome env_error(const FetchError& e, std::string_view item, std::map<std::string, std::string> args) {
  Outcome o;
  o.status = Status::kError;
  o.actual = !e.id.empty() ? msg(e.id, e.args) : raw(e.message.empty() ? to_string(e.kind) : e.message);
  args["what@"] = fmt::format("item.{}", item);
  args["rule@"] = fmt::format("rbac.{}", item);
  std::string hint = "unavailable";
  if (e.http_status == 401) {
    hint = "unauthorized";
  } else if (e.http_status == 403) {
    hint = "forbidden";
  } else if (e.kind == ErrorKind::kSkipped) {
    hint = "not-collected";
  }
  // The cause a table tells once: the hint's kind, with no kubeconfig and a certificate problem
  // told apart from an apiserver that does not answer (each has its own fix).
  o.env_cause = hint;
  if (hint == "unavailable" && e.kind == ErrorKind::kConfig) o.env_cause = "config";
  if (hint == "unavailable" && e.kind == ErrorKind::kTls) o.env_cause = "tls";
  o.env_need = msg(fmt::format("rbac.{}", item), args);
  o.hint = msg("hint.env." + hint, std::move(args));
  Msg line = msg("ev.env-error", e.args);
  line.args["kind@"] = "ev.kind." + to_string(e.kind);
  if (e.id.empty()) {
    line.args["message"] = e.message;
  } else {
    line.args["message@"] = e.id;
  }
  o.evidence.push_back(std::move(line));
  return o;
}

std::optional<Outcome> need_nodes(const Snapshot& s) {
  if (s.nodes.ok()) return std::nullopt;
  return env_error(s.nodes.error(), "nodes");
}

std::optional<Outcome> need_pods(const Snapshot& s) {
  if (s.pods.ok()) return std::nullopt;
  return env_error(s.pods.error(), "pods");
}

Outcome worst(Outcome a, Outcome b) {
  const auto rank = [](Status st) {
    switch (st) {
      case Status::kFail: return 3;
      case Status::kError: return 2;
      case Status::kPass: return 1;
      case Status::kSkip: return 0;
    }
    return 0;
  };
  return rank(b.status) > rank(a.status) ? std::move(b) : std::move(a);
}

std::string join_capped(const std::vector<std::string>& items) {
  if (items.size() <= kMaxNamed) return join(items);
  const std::vector<std::string> head(items.begin(), items.begin() + static_cast<std::ptrdiff_t>(kMaxNamed));
  return fmt::format("{} … (+{})", join(head), items.size() - kMaxNamed);  // in no language, as a table's overflow
}

std::vector<Msg> raws(const std::vector<std::string>& lines) {
  std::vector<Msg> out;
  out.reserve(lines.size());
  for (const auto& l : lines) out.push_back(raw(l));
  return out;
}

Msg ev_pod(std::string_view pod, std::string text) {
  return msg("ev.pod", {{"pod", std::string(pod)}, {"text", std::move(text)}});
}

Msg with_list(Msg m, const std::string& key, const std::vector<std::string>& items) {
  if (items.empty()) {
    m.args[key + "@"] = "ev.none";
  } else {
    m.args[key] = join(items);
  }
  return m;
}

Msg ev_taints(std::string_view node, const std::vector<std::string>& taints) {
  return with_list(msg("ev.taints-for", {{"node", std::string(node)}, {"key", std::string(lab::kTaintKey)}}), "taints",
                   taints);
}

Msg ev_pod_state(std::string_view pod, const std::string& node, const std::string& phase, bool terminating) {
  Msg m = ev_pod(pod, fmt::format("spec.nodeName={} phase={}", node.empty() ? "<none>" : node, phase));
  if (terminating) m.id = "ev.pod-terminating";
  return m;
}

}  // namespace gpuwhy::checks::detail
