// What the command line's values mean (checks/options.h, check_plan.h, explain.h): each refusal is
// one line from the catalog naming the value, decided before any request or file read.
#include <sys/stat.h>
#include <unistd.h>

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "check_plan.h"
#include "check_run.h"
#include "checks.h"
#include "explain.h"
#include "gpuwhy/base/error.h"
#include "gpuwhy/base/text.h"
#include "gpuwhy/i18n/i18n.h"
#include "gpuwhy/lab/lab.h"
#include "gpuwhy/render/pages.h"
#include "gpuwhy/render/render.h"
#include "options.h"
#include "test_paths.h"

namespace gpuwhy::checks {
namespace {

namespace fs = std::filesystem;
using i18n::Lang;

// A fresh folder under the temp folder, removed with what it holds.
class Scratch {
 public:
  Scratch() {
    path_ = fs::temp_directory_path() /
            ("gpuwhy-options-test-" + std::to_string(::getpid()) + "-" + std::to_string(counter_++));
    fs::create_directories(path_);
  }
  ~Scratch() {
    std::error_code ec;
    fs::remove_all(path_, ec);
  }
  Scratch(const Scratch&) = delete;
  Scratch& operator=(const Scratch&) = delete;
  [[nodiscard]] std::string at(const std::string& rel) const { return (path_ / rel).string(); }
  [[nodiscard]] std::string file(const std::string& rel) const {
    std::ofstream(path_ / rel) << "x\n";
    return at(rel);
  }

 private:
  static inline int counter_ = 0;
  fs::path path_;
};

std::string said(const char* id, const std::map<std::string, std::string>& args, Lang lang = Lang::kEn) {
  return i18n::render(msg(id, args), lang);
}

// The line of the usage error `f` throws ("" when it throws none, "not usage" for another error).
template <typename F>
std::string usage_line(F&& f) {
  try {
    f();
  } catch (const Error& e) {
    return e.kind() == ErrorKind::kUsage ? std::string(e.what()) : "not usage";
  }
  return "";
}

TEST(Options, LabFolderIsOneWithK8sOrOutAndAnythingElseIsSaidByName) {
  const Scratch s;
  fs::create_directories(s.at("lab/k8s"));
  fs::create_directories(s.at("empty"));
  EXPECT_EQ(resolve_dir(s.at("lab"), Lang::kEn), s.at("lab"));
  EXPECT_EQ(usage_line([&] { resolve_dir(s.at("none"), Lang::kEn); }),
            said("cli.error.dir-missing", {{"dir", s.at("none")}}));
  EXPECT_EQ(usage_line([&] { resolve_dir(s.file("f"), Lang::kKo); }),
            said("cli.error.dir-not-folder", {{"dir", s.at("f")}}, Lang::kKo));
  EXPECT_EQ(usage_line([&] { resolve_dir(s.at("empty"), Lang::kEn); }),
            said("cli.error.dir-not-lab", {{"dir", s.at("empty")}}));
  EXPECT_EQ(usage_line([&] { resolve_dir(s.at("lab/k8s/"), Lang::kEn); }),
            said("cli.error.dir-inside-lab", {{"dir", s.at("lab/k8s/")}, {"lab", s.at("lab")}}));
}

TEST(Options, StepsAreNumbersOrStepWordsInAnyCase) {
  EXPECT_EQ(step_number("2"), 2);
  EXPECT_EQ(step_number("STEP3"), 3);
  EXPECT_EQ(step_number("step99"), 99);  // a step word out of range: the caller says so
  EXPECT_EQ(step_number("step"), std::nullopt);
  EXPECT_EQ(step_number("setp2"), std::nullopt);
  EXPECT_EQ(step_number("1000"), std::nullopt);
  EXPECT_EQ(step_names().size(), static_cast<std::size_t>(lab::kSteps));
  EXPECT_EQ(step_names().back(), "step" + std::to_string(lab::kSteps));
}

TEST(Options, SuggestionOnlyForACloseWord) {
  EXPECT_EQ(with_suggestion("m", "setp2", step_names(), Lang::kEn),
            "m; " + said("cli.error.did-you-mean", {{"suggestion", "step2"}}));
  EXPECT_EQ(with_suggestion("m", "kubernetes", step_names(), Lang::kEn), "m");
}

TEST(Options, LanguagesAreTheRowsAndAnotherIsRefused) {
  std::vector<std::string> codes;
  for (const auto& row : i18n::kLangRows) codes.emplace_back(row.code);
  EXPECT_EQ(lang_names(), codes);
  EXPECT_EQ(lang_of("ko"), Lang::kKo);
  EXPECT_EQ(lang_of("jp"), Lang::kJa);
  EXPECT_NE(usage_line([] { lang_of("xx"); }).find("xx"), std::string::npos);
}

// --help's value lists come from the rows: a format or a language added there is offered at once.
TEST(Options, HelpListsEveryFormatAndLanguageFromTheRows) {
  for (const Lang lang : i18n::kLangs) {
    const std::string format = format_help(lang);
    const std::string langs = lang_help(lang);
    EXPECT_EQ(i18n::placeholders(format + langs), std::vector<std::string>{}) << format << langs;
    std::size_t at = 0;
    for (const auto& row : render::kFormats) {
      at = format.find(row.name, at);
      ASSERT_NE(at, std::string::npos) << row.name << " in order in: " << format;
    }
    at = 0;
    for (const auto& row : i18n::kLangRows) {
      at = langs.find(row.code, at);
      ASSERT_NE(at, std::string::npos) << row.code << " in order in: " << langs;
    }
  }
  EXPECT_EQ(listed({"a", "b", "c"}, Lang::kEn), "a, b, c");
  EXPECT_EQ(listed({"a", "b"}, Lang::kJa), "a、b");
  EXPECT_EQ(listed({"a", "b", "c"}, Lang::kEn, "cli.list-or"), "a, b or c");
  EXPECT_EQ(listed({"a"}, Lang::kKo), "a");
}

TEST(Options, OutputThatCannotTakeAReportIsRefused) {
  const Scratch s;
  EXPECT_EQ(usage_line([] { refuse_output_target("", "", Lang::kEn); }), said("cli.error.empty-output", {}));
  EXPECT_EQ(usage_line([] { refuse_output_target("-", "", Lang::kEn); }), "");
  EXPECT_EQ(usage_line([&] { refuse_output_target(s.at("new.json"), "", Lang::kEn); }), "");
  ASSERT_EQ(::mkfifo(s.at("fifo").c_str(), 0600), 0);
  EXPECT_NE(usage_line([&] { refuse_output_target(s.at("fifo"), "", Lang::kEn); }).find(s.at("fifo")),
            std::string::npos);
  const std::string list = s.at(std::string(render::kPagesList));
  EXPECT_EQ(usage_line([&] { refuse_output_target(list, "", Lang::kEn); }),
            said("cli.error.output-is-pages-list", {{"output", list}}));
}

TEST(Options, OutputOverAnInputIsRefusedThroughAHardLink) {
  const Scratch s;
  const std::string in = s.file("in.yaml");
  ASSERT_EQ(::link(in.c_str(), s.at("again").c_str()), 0);
  const std::vector<Input> inputs{{in, "cli.input.lab-file"}};
  EXPECT_EQ(usage_line([&] { refuse_output_over_inputs(s.at("again"), inputs, Lang::kEn); }),
            said("cli.error.output-is-input",
                 {{"output", s.at("again")}, {"what", said("cli.input.lab-file", {{"file", in}})}}));
  EXPECT_EQ(usage_line([&] { refuse_output_over_inputs(s.file("other"), inputs, Lang::kEn); }), "");
  EXPECT_EQ(lab_inputs("d").size(), lab::kStudentFiles.size());
}

CheckOptions bundle_options(std::vector<std::string> snapshots, std::set<std::string> given = {}) {
  CheckOptions o;
  o.lang = "en";
  o.snapshots = std::move(snapshots);
  o.given = std::move(given);
  return o;
}

TEST(CheckPlan, WhatTheSnapshotFlagsMean) {
  const Scratch s;
  const std::string b = s.file("a.json");
  const Plan one = validate(bundle_options({b}), false);
  EXPECT_EQ(one.source, Source::kBundle);
  EXPECT_EQ(one.format, render::Format::kTable);
  EXPECT_TRUE(one.dir.empty());
  EXPECT_EQ(validate(bundle_options({s.at("")}), false).source, Source::kBatch);
  EXPECT_EQ(validate(bundle_options({b, b}), false).source, Source::kBatch);
  EXPECT_EQ(usage_line([&] { validate(bundle_options({b}, {"--wait"}), false); }),
            said("cli.error.live-only", {{"flag", "--wait"}}));
}

TEST(CheckPlan, FormatsFollowTheirRows) {
  const Scratch s;
  const std::string b = s.file("a.json");
  for (const auto& row : render::kFormats) {
    CheckOptions batch = bundle_options({b, b});
    batch.format = std::string(row.name);
    const std::string line = usage_line([&] { validate(batch, false); });
    EXPECT_EQ(line.empty(), row.batches()) << row.name << ": " << line;
    if (!row.batches()) {
      EXPECT_EQ(line.find('{'), std::string::npos) << line;  // every placeholder filled
    }
  }
  CheckOptions junit = bundle_options({b, b});
  junit.format = "junit";
  EXPECT_EQ(usage_line([&] { validate(junit, false); }),
            said("cli.error.batch-format", {{"format", "junit"}, {"formats", "table, json, csv, html or markdown"}}));
  for (const auto& row : render::kFormats) {
    CheckOptions one = bundle_options({b});
    one.format = std::string(row.name);
    const std::string line = usage_line([&] { validate(one, false); });
    EXPECT_EQ(line, row.needs_user() ? said("cli.error.format-needs-user", {{"format", one.format}}) : "") << line;
    one.user = "u1";
    EXPECT_EQ(validate(one, false).format, row.format);
  }
  EXPECT_TRUE(render::info(render::Format::kLti).needs_user());  // the LMS user id the score is for
  CheckOptions o = bundle_options({b});
  o.format = "tabel";
  EXPECT_EQ(usage_line([&] { validate(o, false); }), said("cli.error.unknown-format", {{"format", "tabel"}}) + "; " +
                                                         said("cli.error.did-you-mean", {{"suggestion", "table"}}));
  o.format = "table";
  o.github_output = true;
  EXPECT_EQ(usage_line([&] { validate(o, false); }), said("cli.error.github-output-format", {}));
}

TEST(CheckPlan, JobsAndClassFlagsOnlyWhereTheyApply) {
  const Scratch s;
  const std::string b = s.file("a.json");
  CheckOptions o = bundle_options({b, b}, {"--jobs"});
  o.jobs = "3";
  EXPECT_EQ(validate(o, false).jobs, 3U);
  o.jobs = "0";
  EXPECT_EQ(usage_line([&] { validate(o, false); }),
            said("cli.error.bad-jobs", {{"value", "0"}, {"max", std::to_string(kMaxJobs)}}));
  CheckOptions live;
  live.lang = "en";
  live.given = {"--jobs"};
  live.jobs = "2";
  EXPECT_EQ(usage_line([&] { validate(live, false); }), said("cli.error.bundle-only", {{"flag", "--jobs"}}));
  CheckOptions due = bundle_options({b}, {"--due"});
  EXPECT_EQ(usage_line([&] { validate(due, false); }), said("cli.error.batch-only", {{"flag", "--due"}}));
  due.snapshots = {b, b};
  due.due = "tomorrow";
  EXPECT_EQ(usage_line([&] { validate(due, false); }), said("cli.error.bad-due", {{"value", "tomorrow"}}));
  due.due = "2026-12-05T09:00:00Z";
  EXPECT_EQ(validate(due, false).ropts.due, due.due);
}

TEST(CheckPlan, StepsAndChecksAreNamedOrRefused) {
  const Scratch s;
  CheckOptions o = bundle_options({s.file("a.json")});
  o.steps = {"2", "Step3"};
  EXPECT_EQ(validate(o, false).sel.steps, (std::vector<int>{2, 3}));
  o.steps = {"9"};
  EXPECT_EQ(usage_line([&] { validate(o, false); }),
            said("cli.error.bad-step", {{"step", "9"}, {"steps", std::to_string(lab::kSteps)}}));
  o.steps = {};
  o.ids = {"step9.nothing"};
  EXPECT_EQ(
      usage_line([&] { validate(o, false); }).rfind(said("cli.error.unknown-check", {{"id", "step9.nothing"}}), 0), 0U);
}

TEST(CheckPlan, LiveRunResolvesTheLabFolderLast) {
  const Scratch s;
  CheckOptions o;
  o.lang = "en";
  o.dir = s.at("none");
  EXPECT_EQ(usage_line([&] { validate(o, false); }), said("cli.error.dir-missing", {{"dir", o.dir}}));
  o.wait = "soon";  // a flag's own mistake is said before the folder is looked for
  EXPECT_NE(usage_line([&] { validate(o, false); }), said("cli.error.dir-missing", {{"dir", o.dir}}));
  fs::create_directories(s.at("lab/out"));
  o.dir = s.at("lab");
  o.wait = "0";
  EXPECT_EQ(validate(o, false).dir, o.dir);
}

// The kubeconfig is read once, when the flags are checked: the run connects with what was read
// then (a kubeconfig gone by the time the run starts changes nothing), and -o is held to the
// files that read touched.
TEST(CheckPlan, TheKubeconfigIsResolvedOnceForTheRun) {
  const Scratch s;
  fs::create_directories(s.at("lab/out"));
  std::ofstream(s.at("kc")) << "apiVersion: v1\nkind: Config\ncurrent-context: c\n"
                               "clusters: [{name: k, cluster: {server: \"http://127.0.0.1:1\"}}]\n"
                               "users: [{name: u, user: {token: t0k3n}}]\n"
                               "contexts: [{name: c, context: {cluster: k, user: u, namespace: gpu-why}}]\n";
  CheckOptions o;
  o.lang = "en";
  o.dir = s.at("lab");
  o.conn.kubeconfig = s.at("kc");
  o.conn.request_timeout = "2s";
  o.format = "json";
  o.output = s.at("r.json");
  o.given = {"--output", "--kubeconfig"};
  const Plan p = validate(o, false);
  ASSERT_TRUE(p.kubeconfig.has_value());
  ASSERT_TRUE(p.kubeconfig->cfg.has_value()) << p.kubeconfig->why.message;
  EXPECT_EQ(p.kubeconfig->cfg->server, "http://127.0.0.1:1");
  ASSERT_EQ(p.kubeconfig->read.size(), 1U);
  EXPECT_EQ(p.kubeconfig->read[0].path, o.conn.kubeconfig);
  o.output = o.conn.kubeconfig;
  EXPECT_NE(usage_line([&] { validate(o, false); }), "") << "-o over the kubeconfig it reads";
  o.output = s.at("r.json");

  fs::remove(o.conn.kubeconfig);
  std::vector<std::string> errors;
  Say say;
  say.error = [&](const std::string& line) { errors.push_back(line); };
  say.warning = [](const std::string&) {};
  say.note = [](const std::string&) {};
  say.kubeconfig_warning = [](const Msg&) {};
  testing::internal::CaptureStdout();  // the table a run prints beside its -o report
  const int rc = run_check(o, p, say);
  (void)testing::internal::GetCapturedStdout();
  EXPECT_EQ(rc, 3);
  ASSERT_FALSE(errors.empty());
  EXPECT_NE(errors.front().find("127.0.0.1:1"), std::string::npos)
      << "connected with the kubeconfig read at first: " << errors.front();
  EXPECT_EQ(errors.front().find(o.conn.kubeconfig), std::string::npos) << errors.front();
}

TEST(Explained, WordsNameACheckAStepOrAPartOfAnId) {
  const CheckInfo& first = all().front();
  EXPECT_EQ(explained(std::string(first.id), Lang::kEn), (std::vector<const CheckInfo*>{&first}));
  const auto step = explained("ｓｔｅｐ" + std::to_string(first.step), Lang::kEn);  // full-width: read as ASCII
  ASSERT_FALSE(step.empty());
  for (const CheckInfo* c : step) EXPECT_EQ(c->step, first.step);
  EXPECT_EQ(usage_line([] { explained("step9", Lang::kEn); }),
            said("cli.error.explain-step", {{"step", "step9"}, {"steps", std::to_string(lab::kSteps)}}));
  EXPECT_EQ(usage_line([] { explained("zzzzqqq", Lang::kEn); }), said("cli.error.no-such-check", {{"id", "zzzzqqq"}}));
  // Every id holds "step": far more than ten candidates, the list cut with "…".
  const std::string many = usage_line([] { explained("step", Lang::kEn); });
  EXPECT_NE(many.find("…"), std::string::npos) << many;
}

// `gpuwhy list`: a row per check under the headings, the titles in one column in every language.
TEST(ListPage, EveryCheckOnItsRowAndTheTitlesInOneColumn) {
  for (const Lang lang : i18n::kLangs) {
    std::istringstream page(list_page(lang));
    std::vector<std::string> lines;
    for (std::string line; std::getline(page, line);) lines.push_back(line);
    ASSERT_EQ(lines.size(), all().size() + 1);
    std::set<std::size_t> title_at;
    for (std::size_t i = 0; i < all().size(); ++i) {
      const CheckInfo& c = all()[i];
      const std::string title = i18n::text("check." + std::string(c.id) + ".title", lang, lab::names());
      const std::string& line = lines[i + 1];
      ASSERT_EQ(line.rfind(std::string(c.id) + " ", 0), 0U) << line;
      ASSERT_GE(line.size(), title.size());
      EXPECT_EQ(line.substr(line.size() - title.size()), title) << line;
      title_at.insert(text::display_width(line.substr(0, line.size() - title.size())));
    }
    const std::string heading = i18n::text("ui.col.title", lang);
    title_at.insert(text::display_width(lines[0].substr(0, lines[0].size() - heading.size())));
    EXPECT_EQ(title_at.size(), 1U) << list_page(lang);
  }
}

}  // namespace
}  // namespace gpuwhy::checks
