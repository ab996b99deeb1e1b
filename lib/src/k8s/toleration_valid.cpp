// Which tolerations the apiserver refuses: decoding into core/v1 Toleration (strict, as kubectl
// sends it), then ValidateTolerations. Held to fixtures/k8s/toleration/validity.jsonl, recorded
// from a real apiserver.
#include <algorithm>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "gpuwhy/k8s/fields.h"
#include "gpuwhy/k8s/labels.h"
#include "gpuwhy/k8s/taints.h"

namespace gpuwhy::k8s {

namespace {

using Kind = TolerationProblem::Kind;

constexpr std::string_view kStringFields[] = {"key", "operator", "value", "effect"};
constexpr std::string_view kSeconds = "tolerationSeconds";

// Problems found while decoding: a type error or an unknown field ends the request before validation.
std::vector<TolerationProblem> decode_problems(const nlohmann::json& t) {
  std::vector<TolerationProblem> out;
  for (const auto& [k, v] : t.items()) {
    const bool string_field =
        std::find(std::begin(kStringFields), std::end(kStringFields), k) != std::end(kStringFields);
    if (string_field) {
      if (!v.is_null() && !v.is_string()) out.push_back({Kind::kNotString, k, written(v)});
    } else if (k == kSeconds) {
      if (!v.is_null() && !go_int64(v)) out.push_back({Kind::kNotInteger, k, written(v)});
    } else {
      out.push_back({Kind::kUnknownField, k, written(v)});
    }
  }
  return out;
}

}  // namespace

std::vector<TolerationProblem> toleration_problems(const nlohmann::json& toleration) {
  if (toleration.is_null()) return toleration_problems(nlohmann::json::object());  // decoded as an empty one
  if (!toleration.is_object()) return {{Kind::kNotObject, "", written(toleration)}};
  std::vector<TolerationProblem> out = decode_problems(toleration);
  if (!out.empty()) return out;
  // A null item or field is one left out.
  const std::string key = str(toleration, "key");
  const std::string op = str(toleration, "operator");
  const std::string value = str(toleration, "value");
  const std::string effect = str(toleration, "effect");
  const auto secs = toleration.find(kSeconds);
  const bool has_seconds = secs != toleration.end() && !secs->is_null();
  if (!key.empty() && !is_qualified_name(key)) out.push_back({Kind::kBadKey, "key", key});
  if (key.empty() && op != "Exists") out.push_back({Kind::kEmptyKeyNeedsExists, "operator", op});
  if (has_seconds && effect != "NoExecute") out.push_back({Kind::kSecondsNeedNoExecute, "effect", effect});
  if (op.empty() || op == "Equal") {
    if (!is_label_value(value)) out.push_back({Kind::kBadValue, "operator", value});
  } else if (op == "Exists") {
    if (!value.empty()) out.push_back({Kind::kValueWithExists, "operator", value});
  } else {
    out.push_back({Kind::kBadOperator, "operator", op});
  }
  if (!effect.empty() && effect != "NoSchedule" && effect != "PreferNoSchedule" && effect != "NoExecute") {
    out.push_back({Kind::kBadEffect, "effect", effect});
  }
  return out;
}

std::vector<std::pair<int, TolerationProblem>> pod_toleration_problems(const nlohmann::json& pod) {
  std::vector<std::pair<int, TolerationProblem>> out;
  if (!pod.is_object()) return out;
  const auto spec = pod.find("spec");
  if (spec == pod.end() || !spec->is_object()) return out;
  const auto tols = spec->find("tolerations");
  if (tols == spec->end() || tols->is_null()) return out;
  if (!tols->is_array()) {
    out.emplace_back(-1, TolerationProblem{Kind::kNotObject, "", written(*tols)});
    return out;
  }
  int i = 0;
  for (const auto& t : *tols) {
    for (auto& p : toleration_problems(t)) out.emplace_back(i, std::move(p));
    ++i;
  }
  return out;
}

}  // namespace gpuwhy::k8s
