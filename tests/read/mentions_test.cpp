// Markdown that is posted where people are notified (a PR comment, the Classroom reporter's
// summary) must ping no one: an `@user` or `@org/team` in a student's text or a cluster message
// reaches the report with '@' defused (followed by U+200D), never as a live mention.
#include <gtest/gtest.h>

#include <cctype>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "gpuwhy/render/render.h"

namespace gpuwhy {
namespace {

/// A failed check whose actual value, hint and evidence quote outside text with mentions.
RunResult run_with_mentions() {
  RunResult run;
  run.meta.generated_at = "2026-12-03T00:00:00Z";
  run.meta.server_version = "v1.34.0 @octocat";
  CheckResult c;
  c.id = "step8.format";
  c.step = 8;
  c.points = 2;
  c.outcome.status = Status::kFail;
  c.outcome.expected = raw("seven lines");
  c.outcome.actual = raw("TAINT=cc @octocat and @github/security please look");
  c.outcome.hint = raw("ask @mona-lisa; jsonpath {.items[?(@.metadata.name==\"x\")]}");
  c.outcome.evidence = {raw("line 1: @octocat")};
  run.checks.push_back(c);
  return run;
}

/// Every '@' of `text` that could start a mention (a letter or digit after it) is defused.
void expect_no_live_mention(const std::string& text) {
  ASSERT_NE(text.find('@'), std::string::npos) << "the report dropped the text instead: " << text;
  for (std::size_t at = text.find('@'); at != std::string::npos; at = text.find('@', at + 1)) {
    if (at + 1 < text.size() && std::isalnum(static_cast<unsigned char>(text[at + 1])) != 0) {
      ADD_FAILURE() << "a live mention at " << at << ": " << text.substr(at, 30);
    }
  }
}

TEST(Mentions, MarkdownDefusesEveryAt) {
  const RunResult run = run_with_mentions();
  render::Options o;
  const std::string md = render::markdown(run, o);
  EXPECT_NE(md.find("@\u200Doctocat"), std::string::npos) << md;
  EXPECT_NE(md.find("@\u200Dgithub/security"), std::string::npos) << md;
  EXPECT_NE(md.find("(@.metadata.name"), std::string::npos) << "a jsonpath's @ is no mention: " << md;
  expect_no_live_mention(md);
}

TEST(Mentions, ClassMarkdownDefusesUsersAndMessages) {
  render::BatchRow row;
  row.user = "@octocat";
  row.origin = "@octocat.json";
  row.run = run_with_mentions();
  render::BatchRow bad;
  bad.user = "@github/security";
  bad.error = "bundle x: cc @mona-lisa";
  render::Options o;
  const std::string md = render::batch(render::Format::kMarkdown, {row, bad}, o);
  expect_no_live_mention(md);
}

TEST(Mentions, GithubClassroomMessagesDefuseEveryAt) {
  const RunResult run = run_with_mentions();
  render::Options o;
  const auto j = nlohmann::json::parse(render::github_classroom(run, o));
  const std::string message = j["tests"][0]["message"].get<std::string>();
  EXPECT_NE(message.find("@\u200Dgithub/security"), std::string::npos) << message;
  expect_no_live_mention(message);
}

}  // namespace
}  // namespace gpuwhy
