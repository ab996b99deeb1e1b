// Environment errors told once, on real captures made unreachable or
// forbidden: the table says the cause and its fix once, above the steps, and each affected row
// says only "error (see above)"; file checks are still graded and shown; the machine formats keep
// a per-check `error` entry with its own hint; texts are whole sentences in the reader's language.

#include <gtest/gtest.h>

#include <string>

#include <nlohmann/json.hpp>

#include "gpuwhy/render/render.h"
#include "langs.h"
#include "report_common_test.h"

namespace gpuwhy {
namespace {

using report_test::grade;
using report_test::load_capture;

std::size_t occurrences(const std::string& hay, const std::string& needle) {
  std::size_t n = 0;
  for (std::size_t at = hay.find(needle); at != std::string::npos; at = hay.find(needle, at + needle.size())) ++n;
  return n;
}

nlohmann::json capture(const char* scenario) {
  auto b = load_capture("v1.34.0", scenario);
  if (!b) throw std::runtime_error(std::string("no capture ") + scenario);
  return *b;
}

// The apiserver answered 403 for the nodes and the pods (RBAC), the rest as recorded.
nlohmann::json forbidden(nlohmann::json b) {
  const auto err = [](const char* what) {
    return nlohmann::json{{"error",
                           {{"kind", "http"},
                            {"http_status", 403},
                            {"message", std::string("GET https://127.0.0.1:6443/api/v1/") + what +
                                            ": forbidden: User \"student\" cannot list resource"}}}};
  };
  b["cluster"]["nodes"] = err("nodes");
  b["cluster"]["pods"] = err("namespaces/gpu-why/pods");
  return b;
}

// The table with its wrapped lines joined: every run of spaces and line breaks is one space.
std::string table(const RunResult& r, i18n::Lang lang = i18n::Lang::kEn) {
  render::Options o;
  o.lang = lang;
  const std::string t = render::table(r, o);
  std::string out;
  for (char c : t) {
    const bool space = c == ' ' || c == '\n';
    if (space && !out.empty() && out.back() == ' ') continue;
    out += space ? ' ' : c;
  }
  return out;
}

TEST(EnvOnce, UnreachableIsToldOnceAboveTheSteps) {
  const RunResult r = grade(report_test::unreachable(capture("rejected-no-stderr")), "t");
  const int errors = r.count(Status::kError);
  ASSERT_GT(errors, 10);
  const std::string t = table(r);
  EXPECT_EQ(occurrences(t, "Not your work: "), 1U) << t;
  EXPECT_EQ(occurrences(t, "Failed to connect to 127.0.0.1 port 6443"), 1U) << t;
  EXPECT_EQ(occurrences(t, "Check that the control plane is running"), 1U) << t;
  EXPECT_EQ(occurrences(t, "error (see above)"), static_cast<std::size_t>(errors)) << t;
  // Above the steps: the block comes before the first step heading.
  EXPECT_LT(t.find("Not your work: "), t.find("Step 1 ")) << t;
  // The student's files are still graded and their failures shown with their own hints.
  EXPECT_GT(r.count(Status::kFail), 0);
  EXPECT_NE(t.find("step3.rejected-file"), std::string::npos);
  EXPECT_GE(occurrences(t, "hint "), static_cast<std::size_t>(r.count(Status::kFail))) << t;
}

// The fix fits the cause: no kubeconfig, a certificate, a silent apiserver.
TEST(EnvOnce, EachCauseHasItsOwnFix) {
  struct Row {
    const char* kind;
    const char* fix;
  };
  for (const Row& row :
       {Row{"config", "found no usable kubeconfig: pass --kubeconfig FILE"},
        Row{"tls", "certificate could not be verified"}, Row{"transport", "Check that the control plane is running"}}) {
    SCOPED_TRACE(row.kind);
    auto b = report_test::unreachable(capture("solution"));
    for (const char* k : {"version", "namespace", "nodes", "pods", "events"})
      b["cluster"][k]["error"]["kind"] = row.kind;
    for (auto& [path, d] : b["dry_runs"].items()) d["error"]["kind"] = row.kind;
    const std::string t = table(grade(b, "t"));
    EXPECT_EQ(occurrences(t, "Not your work: "), 1U) << t;
    EXPECT_NE(t.find(row.fix), std::string::npos) << t;
  }
}

TEST(EnvOnce, MachineFormatsKeepEveryEntry) {
  const RunResult r = grade(report_test::unreachable(capture("solution")), "t");
  const auto j = nlohmann::json::parse(render::json(r, render::Options{}));
  int errors = 0;
  for (const auto& c : j["checks"]) {
    if (c["status"] != "error") continue;
    ++errors;
    EXPECT_NE(c["hint"].get<std::string>().find("Not your work"), std::string::npos) << c.dump();
    EXPECT_FALSE(c["actual"].get<std::string>().empty());
  }
  EXPECT_EQ(errors, r.count(Status::kError));
}

TEST(EnvOnce, ForbiddenListsEveryRuleOnce) {
  const RunResult r = grade(forbidden(capture("solution")), "t");
  ASSERT_GT(r.count(Status::kError), 2);
  const std::string t = table(r);
  EXPECT_EQ(occurrences(t, "Not your work: "), 1U) << t;
  EXPECT_EQ(occurrences(t, "get, list on nodes (cluster-wide)"), 1U) << t;
  EXPECT_EQ(occurrences(t, "get, list on pods in namespace gpu-why"), 1U) << t;
  // Two different reasons of one kind: the first is shown, the other counted.
  EXPECT_NE(t.find("(and 1 more like it)"), std::string::npos) << t;
}

TEST(EnvOnce, OneCheckAloneKeepsItsOwnHint) {
  auto b = capture("solution");
  b["cluster"]["namespace"] = {
      {"error", {{"kind", "http"}, {"http_status", 403}, {"message", "GET /api/v1/namespaces/gpu-why: forbidden"}}}};
  const RunResult r = grade(b, "t");
  ASSERT_EQ(r.count(Status::kError), 1);
  const std::string t = table(r);
  EXPECT_EQ(t.find("Not your work: 1"), std::string::npos) << t;
  EXPECT_EQ(t.find("see above"), std::string::npos) << t;
  EXPECT_NE(t.find("refused gpuwhy access to namespace gpu-why"), std::string::npos) << t;
  EXPECT_NE(t.find("get on namespaces"), std::string::npos) << t;
}

// The item and the rule are parts of the reader's sentence: no English fragment in Korean or
// Japanese, in the told-once block and in a single row's hint.
TEST(EnvOnce, NoEnglishFragmentInKoreanOrJapanese) {
  auto one = capture("solution");
  one["cluster"]["namespace"] = {
      {"error", {{"kind", "http"}, {"http_status", 403}, {"message", "GET /api/v1/namespaces/gpu-why: forbidden"}}}};
  const RunResult single = grade(one, "t");
  const RunResult many = grade(forbidden(capture("solution")), "t");
  for (auto lang : gpuwhy_test::translations()) {
    SCOPED_TRACE(i18n::to_string(lang));
    for (const std::string& t : {table(single, lang), table(many, lang)}) {
      for (const char* english : {"the nodes", "the pods of", "in namespace", "get, list on", "cluster-wide",
                                  "get on namespaces", "dry-run create of", "Not your work", "see above"}) {
        EXPECT_EQ(t.find(english), std::string::npos) << english << "\n" << t;
      }
    }
  }
  EXPECT_NE(table(many, i18n::Lang::kKo).find("nodes에 대한 get, list"), std::string::npos);
  EXPECT_NE(table(single, i18n::Lang::kJa).find("名前空間 gpu-why"), std::string::npos);
}

}  // namespace
}  // namespace gpuwhy
