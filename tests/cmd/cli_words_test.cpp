// Every word of the command line in the user's language, and a suggestion wherever a word can be
// mistyped: CLI11's own errors said from the catalog with a translated
// "gpuwhy: error:", "did you mean" for flags, --format values, commands, check ids and steps,
// `gpuwhy` alone listing the commands, and `explain` taking a step or a part of an id and
// printing its sections wrapped to the terminal.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <set>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "../tools/run_binary.h"
#include "checks.h"
#include "gpuwhy/base/text.h"
#include "gpuwhy/i18n/i18n.h"
#include "gpuwhy/lab/lab.h"
#include "langs.h"

namespace gpuwhy {
namespace {

using i18n::Lang;
using testing_tools::RunOutput;
using testing_tools::TempDir;

// Runs gpuwhy with `args` in language `lang` (GPUWHY_LANG; no locale, no kubeconfig), COLUMNS
// `columns`, stdout not a terminal.
RunOutput run(const std::string& lang, const std::vector<std::string>& args, const std::string& columns = "80") {
  static const TempDir tmp;
  std::vector<std::string> argv{"/usr/bin/env",
                                "-u",
                                "LC_ALL",
                                "-u",
                                "LC_MESSAGES",
                                "-u",
                                "LANG",
                                "-u",
                                "KUBECONFIG",
                                "HOME=/nonexistent",
                                "GPUWHY_LANG=" + lang,
                                "COLUMNS=" + columns,
                                GPUWHY_BINARY};
  argv.insert(argv.end(), args.begin(), args.end());
  return testing_tools::run_binary(argv, tmp.path());
}

// ---- part 1: the prefixes and CLI11's errors in the user's language -------------------------------

TEST(CliWords, ThePrefixesAreTranslated) {
  EXPECT_EQ(i18n::text("cli.prefix.error", Lang::kKo), "gpuwhy: 오류:");
  EXPECT_EQ(i18n::text("cli.prefix.error", Lang::kJa), "gpuwhy: エラー:");
  EXPECT_EQ(i18n::text("cli.prefix.warning", Lang::kKo), "gpuwhy: 경고:");
  EXPECT_EQ(i18n::text("cli.prefix.warning", Lang::kJa), "gpuwhy: 警告:");
  // An error a command raises itself gets the same prefix as CLI11's.
  const RunOutput r = run("ja", {"check", "--step", "9"});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(r.err.rfind("gpuwhy: エラー: --step 9", 0), 0U) << r.err;
}

const std::vector<std::pair<Lang, std::string>> kTranslations = gpuwhy_test::named_translations();

std::vector<std::string> lines_of(const std::string& s) {
  std::vector<std::string> out;
  std::size_t start = 0;
  while (start < s.size()) {
    const auto nl = s.find('\n', start);
    const auto end = nl == std::string::npos ? s.size() : nl;
    out.push_back(s.substr(start, end - start));
    start = end + 1;
  }
  return out;
}

std::string joined(const std::vector<std::string>& args) {
  return text::join(args, " ");
}

// The ASCII words of three letters or more in `s` that are neither in `args` nor identifiers the
// command line names (commands, values): English left in a translated message.
std::vector<std::string> english_words(const std::string& s, const std::vector<std::string>& args) {
  static const std::set<std::string> kIdentifiers{"gpuwhy", "help",        "check",   "list",   "explain", "snapshot",
                                                  "why",    "completion",  "auto",    "always", "never",   "json",
                                                  "table",  "bash",        "zsh",     "fish",   "SHELL",   "format",
                                                  "step",   "allocatable", "capacity"};
  const std::string given = joined(args);
  std::vector<std::string> out;
  std::string word;
  const auto flush = [&] {
    if (word.size() >= 3 && kIdentifiers.count(word) == 0 && given.find(word) == std::string::npos) {
      out.push_back(word);
    }
    word.clear();
  };
  for (const char c : s) {
    if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z')) {
      word += c;
    } else {
      flush();
    }
  }
  flush();
  return out;
}

struct ParseCase {
  const char* kind;  ///< the CLI11 error it raises
  std::vector<std::string> args;
  std::string names;  ///< the flag or value the line must name
};

const std::vector<ParseCase> kParseCases{
    {"ExtrasError (unknown option)", {"check", "--formt", "csv"}, "--formt"},
    {"ExtrasError (unexpected argument)", {"list", "foo"}, "foo"},
    {"RequiredError (positional)", {"explain"}, "gpuwhy explain"},
    {"ArgumentMismatch (value missing)", {"check", "--snapshot"}, "--snapshot"},
    {"ArgumentMismatch (too many values)", {"check", "--format", "json", "--format", "csv"}, "--format"},
    {"ConversionError", {"check", "--poll=maybe"}, "maybe"},
    {"ValidationError", {"check", "--color", "blue"}, "blue"},
};

TEST(CliWords, Cli11ErrorsAreOneTranslatedLineNamingTheFlag) {
  for (const auto& c : kParseCases) {
    SCOPED_TRACE(c.kind);
    const RunOutput en = run("en", c.args);
    EXPECT_EQ(en.exit_code, 2) << en.err;
    EXPECT_EQ(en.err.rfind("gpuwhy: error: ", 0), 0U) << en.err;
    for (const auto& [lang, name] : kTranslations) {
      SCOPED_TRACE(name);
      const RunOutput r = run(name, c.args);
      EXPECT_EQ(r.exit_code, 2) << r.err;
      EXPECT_EQ(r.out, "");
      const auto ls = lines_of(r.err);
      ASSERT_EQ(ls.size(), 2U) << "one line, then the --help line:\n" << r.err;
      EXPECT_EQ(ls[0].rfind(i18n::text("cli.prefix.error", lang) + " ", 0), 0U) << r.err;
      EXPECT_NE(ls[0].find(c.names), std::string::npos) << r.err;
      EXPECT_EQ(ls[1], i18n::text("cli.error.more-info", lang));
      for (const char* english :
           {"The following", "required", "expected", "Could not", "not in", "missing", "error:"}) {
        EXPECT_EQ(r.err.find(english), std::string::npos) << english << " in:\n" << r.err;
      }
      EXPECT_TRUE(english_words(r.err, c.args).empty()) << text::join(english_words(r.err, c.args)) << " in:\n"
                                                        << r.err;
    }
  }
}

// ---- part 1 and 3: an input that cannot be read is one line in the user's language -----------------

TEST(CliWords, InputErrorsAreOneTranslatedLineNamingThePath) {
  const TempDir dir;
  const auto write = [&](const std::string& name, const std::string& body) {
    std::string p = dir.path() + "/" + name;
    std::ofstream(p) << body;
    return p;
  };
  // A kubeconfig whose user entry holds `user`.
  const auto kc_with = [](const std::string& user) {
    return "clusters:\n- name: c\n  cluster: {server: https://127.0.0.1:1}\ncontexts:\n- name: x\n"
           "  context: {cluster: c, user: u}\ncurrent-context: x\nusers:\n- name: u\n  user:\n" +
           user;
  };
  struct InputCase {
    const char* what;
    std::vector<std::string> args;
    int exit_code;
  };
  // The kubeconfig cases run on a lab folder: the kubeconfig is what they are about.
  const std::string lab = dir.path() + "/lab";
  std::filesystem::create_directories(lab + "/out");
  const std::vector<InputCase> cases{
      {"missing bundle", {"check", "--snapshot", dir.path() + "/nope.json"}, 2},
      {"truncated bundle", {"check", "--snapshot", write("cut.json", "{\"schema_version\": 1,")}, 3},
      {"not a bundle", {"check", "--snapshot", write("list.json", "[1, 2]")}, 3},
      {"another version", {"check", "--snapshot", write("v9.json", "{\"schema_version\": 9}")}, 3},
      {"missing kubeconfig", {"check", "--dir", lab, "--kubeconfig", dir.path() + "/nokc"}, 2},
      {"kubeconfig not YAML", {"check", "--dir", lab, "--kubeconfig", write("kc", "clusters: [")}, 3},
      {"kubeconfig with an exec plugin",
       {"check", "--dir", lab, "--kubeconfig", write("kc-exec", kc_with("    exec: {}\n"))},
       3},
      {"kubeconfig without a server",
       {"check", "--dir", lab, "--kubeconfig",
        write("kc-noserver",
              "clusters:\n- name: c\n  cluster: {}\ncontexts:\n- name: x\n"
              "  context: {cluster: c}\ncurrent-context: x\n")},
       3},
      {"kubeconfig naming no user it has",
       {"check", "--dir", lab, "--kubeconfig",
        write("kc-nouser",
              "clusters:\n- name: c\n  cluster: {server: https://127.0.0.1:1}\n"
              "contexts:\n- name: x\n  context: {cluster: c, user: u}\n"
              "current-context: x\n")},
       3},
  };
  for (const auto& c : cases) {
    SCOPED_TRACE(c.what);
    const RunOutput en = run("en", c.args);
    for (const auto& [lang, name] : gpuwhy_test::named_translations()) {
      SCOPED_TRACE(name);
      const RunOutput r = run(name, c.args);
      EXPECT_EQ(r.exit_code, c.exit_code) << r.err;
      EXPECT_EQ(r.out, "") << "no report of 0 points";
      const auto ls = lines_of(r.err);
      ASSERT_EQ(ls.size(), 1U) << r.err;
      EXPECT_EQ(ls[0].rfind(i18n::text("cli.prefix.error", lang) + " ", 0), 0U) << ls[0];
      EXPECT_NE(ls[0].find(c.args.back()), std::string::npos) << "names the path: " << ls[0];
      EXPECT_NE(ls[0], lines_of(en.err).at(0));
      std::vector<std::string> words;
      for (const auto& w : english_words(ls[0], c.args)) {
        // identifiers: the kubeconfig's own section and field names
        static const std::set<std::string> kNames{"kubeconfig", "JSON",   "YAML", "context",
                                                  "cluster",    "server", "exec", "user"};
        if (kNames.count(w) == 0) words.push_back(w);
      }
      EXPECT_TRUE(words.empty()) << text::join(words) << " in:\n" << ls[0];
      EXPECT_EQ(ls[0].find("json.exception"), std::string::npos) << "never the parser library's words";
    }
  }
}

// gpuwhy's own usage errors (not CLI11's): one line in the user's language, naming what was given.
TEST(CliWords, OwnUsageErrorsAreOneTranslatedLine) {
  const TempDir dir;
  std::filesystem::create_directories(dir.path() + "/subs");  // a folder with no bundle in it
  const std::vector<std::vector<std::string>> cases{
      {"check", "--wait", "soon"},
      {"check", "--request-timeout", "1x"},
      {"check", "--snapshot", dir.path() + "/subs"},
  };
  for (const auto& args : cases) {
    SCOPED_TRACE(text::join(args));
    const RunOutput en = run("en", args);
    EXPECT_EQ(en.exit_code, 2) << en.err;
    for (const auto& [lang, name] : gpuwhy_test::named_translations()) {
      SCOPED_TRACE(name);
      const RunOutput r = run(name, args);
      EXPECT_EQ(r.exit_code, 2) << r.err;
      const auto ls = lines_of(r.err);
      ASSERT_EQ(ls.size(), 1U) << r.err;
      EXPECT_EQ(ls[0].rfind(i18n::text("cli.prefix.error", lang) + " ", 0), 0U) << ls[0];
      EXPECT_NE(ls[0], lines_of(en.err).at(0));
      static const std::set<std::string> kNames{"json", "bundle"};  // *.json names a file kind
      std::vector<std::string> words;
      for (const auto& w : english_words(ls[0], args)) {
        if (kNames.count(w) == 0) words.push_back(w);
      }
      EXPECT_TRUE(words.empty()) << text::join(words) << " in:\n" << ls[0];
    }
  }
}

// In a batch, a bundle that cannot be read has the same line in its error row as it has alone.
TEST(CliWords, ABatchRowCarriesTheSingleRunsLine) {
  const TempDir dir;
  const std::string folder = dir.path() + "/subs";
  std::filesystem::create_directory(folder);
  std::ofstream(folder + "/cut.json") << "{\"schema_version\": 1,";
  std::ofstream(folder + "/list.json") << "[1]";
  for (const auto& [lang, name] : gpuwhy_test::named_langs()) {
    SCOPED_TRACE(name);
    const RunOutput batch = run(name, {"check", "--snapshot", folder, "--format", "json"});
    const auto j = nlohmann::json::parse(batch.out, nullptr, false);
    ASSERT_TRUE(j.is_object()) << batch.out << batch.err;
    std::size_t rows = 0;
    for (const auto& row : j["submissions"]) {
      const std::string file = folder + "/" + row["user"].get<std::string>() + ".json";
      const RunOutput alone = run(name, {"check", "--snapshot", file});
      const std::string prefix = i18n::text("cli.prefix.error", lang) + " ";
      ASSERT_EQ(lines_of(alone.err).size(), 1U) << alone.err;
      EXPECT_EQ(prefix + row["error"].get<std::string>(), lines_of(alone.err)[0]);
      ++rows;
    }
    EXPECT_EQ(rows, 2U);
  }
}

// An apiserver that refuses the connection: the cause is told in the user's words, on stderr and
// in the report's "not your work" block alike.
TEST(CliWords, AnUnreachableApiserverIsToldInTheUsersLanguage) {
  const TempDir dir;
  const std::string kc = dir.path() + "/kc";
  std::ofstream(kc) << "apiVersion: v1\nkind: Config\nclusters:\n- name: c\n  cluster:\n    server: "
                       "https://127.0.0.1:1\n    insecure-skip-tls-verify: true\ncontexts:\n- name: x\n  context:\n"
                       "    cluster: c\n    user: u\n"
                       "users:\n- name: u\n  user:\n    token: abc\ncurrent-context: x\n";
  std::filesystem::create_directories(dir.path() + "/out");
  const std::vector<std::string> args{"check", "--kubeconfig", kc, "--dir", dir.path()};
  const RunOutput en = run("en", args);
  EXPECT_NE(en.err.find("connection refused"), std::string::npos) << en.err;
  EXPECT_NE(en.err.find("NOT verified"), std::string::npos) << en.err;  // the TLS warning is said
  for (const auto& [lang, name] : gpuwhy_test::named_translations()) {
    SCOPED_TRACE(name);
    const RunOutput r = run(name, args);
    EXPECT_EQ(r.exit_code, 3) << r.err;
    const auto ls = lines_of(r.err);
    ASSERT_FALSE(ls.empty());
    const std::string cause =
        i18n::render(msg("env.refused", {{"method", "GET"}, {"url", "https://127.0.0.1:1/version"}}), lang);
    // The kubeconfig's TLS warning first, then the one error line.
    ASSERT_EQ(ls.size(), 2U) << r.err;
    EXPECT_EQ(ls[0].rfind(i18n::text("cli.prefix.warning", lang) + " ", 0), 0U) << ls[0];
    EXPECT_EQ(ls[1], i18n::text("cli.prefix.error", lang) + " " + cause);
    EXPECT_NE(r.out.find(cause), std::string::npos) << r.out;
    EXPECT_EQ(r.out.find("connection refused"), std::string::npos) << r.out;
    EXPECT_EQ(r.err.find("NOT verified"), std::string::npos) << r.err;
    // The same words in the formats an LMS and a student's page show.
    for (const char* format : {"html", "gradescope", "junit", "markdown"}) {
      std::vector<std::string> with = args;
      with.insert(with.end(), {"--format", format});
      const RunOutput f = run(name, with);
      EXPECT_NE(f.out.find(cause), std::string::npos) << format;
      for (const char* english : {"connection refused", "NOT verified", "permission denied"})
        EXPECT_EQ(f.out.find(english), std::string::npos) << format << ": " << english;
    }
  }
}

// ---- part 2: `gpuwhy` alone -------------------------------------------------------------------------

TEST(CliWords, NoCommandListsEveryCommandAndExitsTwo) {
  const std::vector<std::pair<std::string, const char*>> commands{
      {"check", "cli.check"},     {"snapshot", "cli.snapshot"}, {"list", "cli.list"},
      {"explain", "cli.explain"}, {"why", "cli.why"},           {"completion", "cli.completion"}};
  for (const auto& [lang, name] : gpuwhy_test::named_langs()) {
    SCOPED_TRACE(name);
    const RunOutput r = run(name, {});
    EXPECT_EQ(r.exit_code, 2);
    EXPECT_EQ(r.out, "");
    EXPECT_EQ(r.err.find("A subcommand is required"), std::string::npos) << r.err;
    const auto ls = lines_of(r.err);
    ASSERT_EQ(ls.size(), commands.size() + 2) << r.err;
    EXPECT_EQ(ls.front(), i18n::text("cli.prefix.error", lang) + " " + i18n::text("cli.error.command-needed", lang));
    for (std::size_t i = 0; i < commands.size(); ++i) {
      const std::string& line = ls[i + 1];
      EXPECT_EQ(line.rfind("  " + commands[i].first + " ", 0), 0U) << line;
      EXPECT_NE(line.find(i18n::text(commands[i].second, lang)), std::string::npos) << line;
    }
    EXPECT_EQ(ls.back(), i18n::text("cli.error.more-info", lang));
  }
  // `--lang` before the command chooses the language of the list.
  const RunOutput ko = run("en", {"--lang", "ko"});
  EXPECT_EQ(ko.exit_code, 2);
  EXPECT_NE(ko.err.find(i18n::text("cli.check", Lang::kKo)), std::string::npos) << ko.err;
}

TEST(CliWords, LangBeforeTheCommandIsTheRunsLanguage) {
  const RunOutput ko = run("en", {"--lang", "ko", "list"});
  EXPECT_EQ(ko.exit_code, 0) << ko.err;
  EXPECT_EQ(run("ko", {"list"}).out, ko.out);
  EXPECT_NE(run("en", {"list"}).out, ko.out);
  const RunOutput ja = run("en", {"--lang=jp", "explain", "2"});
  EXPECT_EQ(ja.exit_code, 0) << ja.err;
  EXPECT_EQ(run("ja", {"explain", "2"}).out, ja.out);
  // The command's own flag wins over the one before it.
  EXPECT_EQ(run("en", {"--lang", "ko", "list", "--lang", "ja"}).out, run("ja", {"list"}).out);
  const RunOutput bad = run("en", {"--lang", "xx", "list"});
  EXPECT_EQ(bad.exit_code, 2);
  EXPECT_EQ(bad.out, "");
  EXPECT_NE(bad.err.find("--lang"), std::string::npos) << bad.err;
}

// ---- part 2: a suggestion for every word that can be mistyped -------------------------------------

struct SuggestCase {
  const char* kind;
  std::vector<std::string> args;
  std::string suggestion;
};

const std::vector<SuggestCase> kSuggestCases{
    {"flag", {"check", "--formt", "csv"}, "--format"},
    {"flag of another command", {"snapshot", "--outptu", "b.json"}, "--output"},
    {"flag of gpuwhy itself", {"--verison"}, "--version"},
    {"--format value", {"check", "--format", "jsno"}, "json"},
    {"why --format value", {"why", "--all", "--format", "jsn"}, "json"},
    {"option value CLI11 checks", {"check", "--color", "nevr"}, "never"},
    {"command", {"chek"}, "check"},
    {"check id", {"check", "--check", "step2.allocatible"}, "step2.allocatable"},
    {"explain id", {"explain", "step5.cpu-only-pendng"}, "step5.cpu-only-pending"},
    {"step", {"check", "--step", "stpe2"}, "step2"},
    {"explain step", {"explain", "setp2"}, "step2"},
    {"shell", {"completion", "bsh"}, "bash"},
};

TEST(CliWords, EveryMistypedWordGetsTheClosestOne) {
  for (const auto& c : kSuggestCases) {
    SCOPED_TRACE(c.kind);
    for (const auto& [lang, name] : std::vector<std::pair<Lang, std::string>>{{Lang::kEn, "en"}, {Lang::kKo, "ko"}}) {
      const RunOutput r = run(name, c.args);
      EXPECT_EQ(r.exit_code, 2) << joined(c.args) << ": " << r.err;
      const std::string want = i18n::render(msg("cli.error.did-you-mean", {{"suggestion", c.suggestion}}), lang);
      EXPECT_NE(r.err.find(want), std::string::npos) << name << " " << joined(c.args) << ": " << r.err;
      EXPECT_EQ(r.err.rfind(i18n::text("cli.prefix.error", lang) + " ", 0), 0U) << r.err;
      EXPECT_LE(lines_of(r.err).size(), 2U) << r.err;
    }
  }
  // Nothing close, no suggestion; a one-letter flag is one keystroke from every other: none either.
  for (const std::vector<std::string>& args : std::vector<std::vector<std::string>>{
           {"check", "--format", "xyzzyqq"}, {"check", "-x"}, {"check", "--step", "9"}}) {
    const RunOutput r = run("en", args);
    EXPECT_EQ(r.exit_code, 2) << r.err;
    EXPECT_EQ(r.err.find("did you mean"), std::string::npos) << joined(args) << ": " << r.err;
  }
}

TEST(CliWords, StepsAreTakenAsNumberOrName) {
  const std::string bundle = std::string(GPUWHY_SOURCE_DIR) + "/fixtures/captures/v1.34.0/solution/bundle.json";
  const RunOutput number = run("en", {"check", "--snapshot", bundle, "--step", "2", "--format", "json"});
  const RunOutput name = run("en", {"check", "--snapshot", bundle, "--step", "Step2", "--format", "json"});
  EXPECT_EQ(number.exit_code, 0) << number.err;
  EXPECT_EQ(name.exit_code, 0) << name.err;
  EXPECT_NE(number.out.find("step2.allocatable"), std::string::npos);
  EXPECT_EQ(name.out.size(), number.out.size());
}

// ---- part 2: the parts of an explanation -------------------------------------------------------------

// The explanations mark their parts the same way in every language: the first is what the check
// checks, and marks never show.
TEST(CliWords, EveryExplanationHasAWhatPartAndShowsNoMark) {
  for (const auto& [lang, name] : gpuwhy_test::named_langs()) {
    for (const auto& c : checks::all()) {
      const std::string id = "check." + std::string(c.id) + ".explain";
      const auto parts = i18n::parts(id, lang, lab::names());
      ASSERT_FALSE(parts.empty()) << name << " " << id;
      EXPECT_EQ(parts.front().name, "what") << name << " " << id;
      for (const auto& p : parts) {
        EXPECT_TRUE(p.name == "what" || p.name == "why" || p.name == "look" || p.name == "mistakes")
            << name << " " << id << ": " << p.name;
      }
      EXPECT_EQ(i18n::text(id, lang).find("{part_"), std::string::npos) << name << " " << id;
      EXPECT_EQ(i18n::text(id, lang).find("  "), std::string::npos) << name << " " << id;
    }
  }
}

// ---- part 2: explain ----------------------------------------------------------------------------------

std::vector<std::string> ids_of_step(int step) {
  std::vector<std::string> out;
  for (const auto& c : checks::all()) {
    if (c.step == step) out.emplace_back(c.id);
  }
  return out;
}

// The ids at the start of the lines of an explain output ("step2.capacity — ...").
std::vector<std::string> explained_ids(const std::string& out) {
  std::vector<std::string> ids;
  for (const auto& line : lines_of(out)) {
    const auto dash = line.find(" — ");
    if (dash != std::string::npos && checks::find(line.substr(0, dash)) != nullptr) ids.push_back(line.substr(0, dash));
  }
  return ids;
}

TEST(CliWords, ExplainTakesAStep) {
  const RunOutput two = run("en", {"explain", "2"});
  const RunOutput step2 = run("en", {"explain", "step2"});
  EXPECT_EQ(two.exit_code, 0) << two.err;
  EXPECT_EQ(step2.exit_code, 0) << step2.err;
  EXPECT_EQ(two.out, step2.out);
  EXPECT_EQ(explained_ids(two.out), ids_of_step(2)) << two.out;
  EXPECT_EQ(two.out.rfind(i18n::text("ui.step.2", Lang::kEn, lab::names()), 0), 0U) << two.out;
  const RunOutput ko = run("ko", {"explain", "ｓｔｅｐ５"});  // typed with a full-width IME
  EXPECT_EQ(ko.exit_code, 0) << ko.err;
  EXPECT_EQ(explained_ids(ko.out), ids_of_step(5)) << ko.out;
  const RunOutput nine = run("ja", {"explain", "step9"});
  EXPECT_EQ(nine.exit_code, 2);
  EXPECT_NE(nine.err.find(i18n::render(msg("cli.error.explain-step", {{"step", "step9"}, {"steps", "8"}}), Lang::kJa)),
            std::string::npos)
      << nine.err;
}

TEST(CliWords, ExplainTakesAUniquePartOfAnId) {
  const RunOutput capacity = run("en", {"explain", "capacity"});
  EXPECT_EQ(capacity.exit_code, 0) << capacity.err;
  EXPECT_EQ(explained_ids(capacity.out), std::vector<std::string>{"step2.capacity"}) << capacity.out;
  // A whole name part wins over a longer id holding it: "placed" is step6.placed, not also
  // step4.placed-by-scheduler.
  const RunOutput placed = run("ko", {"explain", "placed"});
  EXPECT_EQ(placed.exit_code, 0) << placed.err;
  EXPECT_EQ(explained_ids(placed.out), std::vector<std::string>{"step6.placed"}) << placed.out;
  const RunOutput evicted = run("ja", {"explain", "evicted"});
  EXPECT_EQ(explained_ids(evicted.out), std::vector<std::string>{"step5.trainer-not-evicted"}) << evicted.out;
}

TEST(CliWords, ExplainListsTheCandidatesOfAnAmbiguousWord) {
  for (const auto& [lang, name] : std::vector<std::pair<Lang, std::string>>{{Lang::kEn, "en"}, {Lang::kKo, "ko"}}) {
    const RunOutput r = run(name, {"explain", "allocatable"});
    EXPECT_EQ(r.exit_code, 2);
    EXPECT_EQ(r.out, "");
    EXPECT_EQ(lines_of(r.err).size(), 1U) << r.err;
    EXPECT_NE(r.err.find("step2.allocatable, step8.allocatable"), std::string::npos) << r.err;
    EXPECT_EQ(r.err.rfind(i18n::text("cli.prefix.error", lang), 0), 0U) << r.err;
  }
}

TEST(CliWords, ExplainOfNothingSuggestsTheClosest) {
  for (const auto& [lang, name] : std::vector<std::pair<Lang, std::string>>{{Lang::kEn, "en"}, {Lang::kKo, "ko"}}) {
    const RunOutput r = run(name, {"explain", "tolerashun"});
    EXPECT_EQ(r.exit_code, 2);
    EXPECT_EQ(lines_of(r.err).size(), 1U) << r.err;
    EXPECT_NE(r.err.find(i18n::render(msg("cli.error.no-such-check", {{"id", "tolerashun"}}), lang)), std::string::npos)
        << r.err;
    EXPECT_NE(r.err.find(i18n::render(msg("cli.error.did-you-mean", {{"suggestion", "toleration"}}), lang)),
              std::string::npos)
        << r.err;
  }
  const RunOutput none = run("en", {"explain", "xyzzyqq"});
  EXPECT_EQ(none.exit_code, 2);
  EXPECT_EQ(none.err.find("did you mean"), std::string::npos) << none.err;
}

TEST(CliWords, ExplainPrintsTheSectionsItHasTextFor) {
  for (const auto& [lang, name] : gpuwhy_test::named_langs()) {
    SCOPED_TRACE(name);
    const auto heading = [lang = lang](const char* id) { return "\n" + i18n::text(id, lang) + "\n"; };
    const RunOutput all = run(name, {"explain", "step4.requests-defaulted"});
    EXPECT_EQ(all.exit_code, 0) << all.err;
    for (const char* id : {"ui.explain.what", "ui.explain.why", "ui.explain.look", "ui.explain.mistakes"}) {
      EXPECT_NE(all.out.find(heading(id)), std::string::npos) << id << "\n" << all.out;
    }
    EXPECT_LT(all.out.find(heading("ui.explain.what")), all.out.find(heading("ui.explain.why")));
    EXPECT_LT(all.out.find(heading("ui.explain.look")), all.out.find(heading("ui.explain.mistakes")));
    // step8.format's explanation says what it checks and the usual mistakes, and every check has
    // its command to look: no heading for why.
    const RunOutput some = run(name, {"explain", "step8.format"});
    EXPECT_NE(some.out.find(heading("ui.explain.mistakes")), std::string::npos) << some.out;
    EXPECT_NE(some.out.find(heading("ui.explain.look")), std::string::npos) << some.out;
    EXPECT_EQ(some.out.find(heading("ui.explain.why")), std::string::npos) << some.out;
  }
}

std::string without_spaces(const std::string& s) {
  std::string out;
  for (const char c : s) {
    if (c != ' ' && c != '\n') out += c;
  }
  return out;
}

TEST(CliWords, ExplainIsWrappedToTheColumnsAndLosesNoWord) {
  for (const auto& [lang, name] : gpuwhy_test::named_langs()) {
    for (int step = 1; step <= 8; ++step) {
      SCOPED_TRACE(name + " step " + std::to_string(step));
      const RunOutput r = run(name, {"explain", std::to_string(step)}, "40");
      ASSERT_EQ(r.exit_code, 0) << r.err;
      for (const auto& line : lines_of(r.out)) EXPECT_LE(text::display_width(line), 40U) << line;
      // Every part of every explanation is there, whatever the line breaks (a label the
      // heading repeats, "Usual mistakes:", is left out).
      const std::string flat = without_spaces(r.out);
      for (const auto& id : ids_of_step(step)) {
        for (const auto& p : i18n::parts("check." + id + ".explain", lang, lab::names())) {
          std::string t = p.text;
          const auto colon = t.find(": ");
          if (p.name == "mistakes" && colon != std::string::npos &&
              i18n::text("ui.explain.mistakes", lang).rfind(t.substr(0, colon), 0) == 0) {
            t = t.substr(colon + 2);
          }
          EXPECT_NE(flat.find(without_spaces(t)), std::string::npos) << id << " " << p.name << ": " << t;
        }
      }
    }
  }
  // Without COLUMNS and without a terminal: 80.
  const RunOutput wide = run("en", {"explain", "step4.placed-by-scheduler"}, "");
  std::size_t widest = 0;
  for (const auto& line : lines_of(wide.out)) widest = std::max(widest, text::display_width(line));
  EXPECT_LE(widest, 80U);
  EXPECT_GT(widest, 60U) << wide.out;
}

// ---- --help: the installed name, three groups, every line within the terminal ---------------

TEST(CliHelp, UsageNamesGpuwhyOptionsAreGroupedAndLinesFitTheColumns) {
  for (const auto& [lang, code] : gpuwhy_test::named_langs()) {
    for (const std::string command : {"check", "why", "snapshot"}) {
      SCOPED_TRACE(std::string(code).append(" ").append(command));
      const RunOutput r = run(code, {command, "--help"}, "60");
      EXPECT_EQ(r.exit_code, 0) << r.err;
      EXPECT_NE(r.out.find(std::string(": gpuwhy ").append(command).append(" ")), std::string::npos) << r.out;
      EXPECT_EQ(r.out.find(GPUWHY_BINARY), std::string::npos) << "the build path is not the command's name";
      for (const char* group : {"cli.group.input", "cli.group.cluster", "cli.group.output"}) {
        if (command == "snapshot" && std::string_view(group) == "cli.group.output") continue;
        EXPECT_NE(r.out.find("\n" + i18n::text(group, lang) + ":\n"), std::string::npos) << group << "\n" << r.out;
      }
      for (const std::string& line : lines_of(r.out)) {
        EXPECT_LE(text::display_width(line), 60U) << line;
      }
    }
  }
  const RunOutput jobs = run("en", {"check", "--help"});
  EXPECT_NE(jobs.out.find("-j,--jobs INT"), std::string::npos) << jobs.out;
  // A list of values too long for the option column is named by the option; the description lists them.
  EXPECT_NE(jobs.out.find("\n  --format FORMAT=table "), std::string::npos) << jobs.out;
  EXPECT_EQ(jobs.out.find("TEXT:{table"), std::string::npos) << jobs.out;
  std::string langs;
  for (const auto l : i18n::kLangs) langs += (langs.empty() ? "" : ",") + i18n::to_string(l);
  EXPECT_NE(jobs.out.find("\n  --lang TEXT:{" + langs + "} "), std::string::npos) << "a short list stays" << jobs.out;
  // Nothing is lost to the wrapping: the narrow help holds the wide one's characters, in order.
  const RunOutput wide = run("en", {"check", "--help"}, "200");
  const RunOutput narrow = run("en", {"check", "--help"}, "60");
  const auto ink = [](const std::string& s) {
    std::string out;
    for (const char c : s) {
      if (c != ' ' && c != '\n') out += c;
    }
    return out;
  };
  EXPECT_EQ(ink(wide.out), ink(narrow.out));
  EXPECT_GT(lines_of(narrow.out).size(), lines_of(wide.out).size());
}

}  // namespace
}  // namespace gpuwhy
