// The man page and the bash, zsh and fish completions are generated from the CLI11 definition:
// every option of every subcommand (read from the CLI::App itself, not from the generator's own
// walk) is in each of them, in its command's part; CLI11's known values are offered; an option
// added to the App appears with no other edit. The smoke tests run the real binary's scripts in
// their shells: bash really completes, zsh and fish parse them, groff and lexgrog read the page.
#include <gtest/gtest.h>
#include <sys/wait.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <string>
#include <vector>

#include <fmt/format.h>
#include <CLI/CLI.hpp>

#include "app.h"
#include "completion.h"
#include "gpuwhy/i18n/i18n.h"
#include "gpuwhy/render/render.h"

namespace gpuwhy {
namespace {

using cli::CommandDoc;

struct Built {
  CLI::App app{"gpuwhy: grades the lab"};
  int code = 0;
  Built() { cli::build_app(app, code, i18n::Lang::kEn); }
};

// The text from `begin` up to the first `end` after it ("" when `begin` is missing).
std::string part(const std::string& text, const std::string& begin, const std::string& end) {
  const auto b = text.find(begin);
  if (b == std::string::npos) return "";
  const auto e = text.find(end, b + begin.size());
  return text.substr(b, e == std::string::npos ? std::string::npos : e - b);
}

// Every line of `text` that contains `needle`.
std::string lines_with(const std::string& text, const std::string& needle) {
  std::string out;
  std::size_t start = 0;
  while (start < text.size()) {
    const auto nl = text.find('\n', start);
    const std::string line = text.substr(start, nl == std::string::npos ? std::string::npos : nl - start + 1);
    if (line.find(needle) != std::string::npos) out += line;
    if (nl == std::string::npos) break;
    start = nl + 1;
  }
  return out;
}

// The words of bash's `opts="..."` on `line`.
std::vector<std::string> bash_opts(const std::string& line) {
  std::vector<std::string> out;
  const auto b = line.find("opts=\"");
  if (b == std::string::npos) return out;
  std::string word;
  for (std::size_t i = b + 6; i < line.size() && line[i] != '"'; ++i) {
    if (line[i] != ' ') {
      word += line[i];
    } else if (!word.empty()) {
      out.push_back(word);
      word.clear();
    }
  }
  if (!word.empty()) out.push_back(word);
  return out;
}

bool contains(const std::vector<std::string>& v, const std::string& s) {
  return std::find(v.begin(), v.end(), s) != v.end();
}

std::string roff_dashes(const std::string& s) {
  std::string out;
  for (const char c : s) out += c == '-' ? std::string("\\-") : std::string(1, c);
  return out;
}

struct Generated {
  std::string man, bash, zsh, fish;
  explicit Generated(const CLI::App& app) {
    const CommandDoc doc = cli::describe(app);
    man = cli::man_page(doc, i18n::Lang::kEn);
    bash = cli::bash_completion(doc);
    zsh = cli::zsh_completion(doc);
    fish = cli::fish_completion(doc);
  }
};

// Checks one subcommand's options against each output, each in that command's own part.
void expect_command_covered(const CLI::App& sub, const Generated& g) {
  const std::string& name = sub.get_name();
  const std::string man = part(g.man, ".SS \"gpuwhy " + name + "\"", ".S");
  const std::vector<std::string> bash = bash_opts(lines_with(g.bash, "\"gpuwhy " + name + "\") opts="));
  const std::string zsh = part(g.zsh, "_gpuwhy_" + name + "() {", "\n}\n");
  const std::string fish = lines_with(g.fish, "'__fish_seen_subcommand_from " + name + "'");
  ASSERT_FALSE(man.empty()) << name;
  ASSERT_FALSE(bash.empty()) << name;
  ASSERT_FALSE(zsh.empty()) << name;
  ASSERT_FALSE(fish.empty()) << name;
  int names = 0;
  for (const CLI::Option* opt : sub.get_options()) {
    for (const auto& l : opt->get_lnames()) {
      ++names;
      EXPECT_NE(man.find("\\fB\\-\\-" + roff_dashes(l) + "\\fR"), std::string::npos) << name << " --" << l;
      EXPECT_TRUE(contains(bash, "--" + l)) << name << " --" << l;
      EXPECT_NE(zsh.find("--" + l), std::string::npos) << name << " --" << l;
      EXPECT_NE(fish.find(" -l " + l + " "), std::string::npos) << name << " --" << l;
    }
    for (const auto& s : opt->get_snames()) {
      ++names;
      EXPECT_NE(man.find("\\fB\\-" + s + "\\fR"), std::string::npos) << name << " -" << s;
      EXPECT_TRUE(contains(bash, "-" + s)) << name << " -" << s;
      EXPECT_TRUE(zsh.find("{-" + s) != std::string::npos || zsh.find("'-" + s) != std::string::npos)
          << name << " -" << s;
      EXPECT_NE(fish.find(" -s " + s + " "), std::string::npos) << name << " -" << s;
    }
    if (!opt->nonpositional()) {
      EXPECT_NE(man.find("\\fI" + opt->get_name(true) + "\\fR"), std::string::npos)
          << name << " " << opt->get_name(true);
    }
  }
  EXPECT_GE(names, 2) << name << ": at least -h and --help";
}

TEST(Completion, EveryOptionOfEverySubcommandIsInTheManPageAndEachScript) {
  const Built b;
  const Generated g(b.app);
  std::vector<std::string> seen;
  for (const CLI::App* sub : b.app.get_subcommands({})) {
    seen.push_back(sub->get_name());
    expect_command_covered(*sub, g);
    EXPECT_NE(g.fish.find("-a " + sub->get_name() + " "), std::string::npos) << sub->get_name();
    EXPECT_NE(g.zsh.find("'" + sub->get_name() + ":"), std::string::npos) << sub->get_name();
  }
  EXPECT_EQ(seen, (std::vector<std::string>{"check", "snapshot", "list", "explain", "why", "completion"}));
  for (const char* top : {"--help", "--version"}) {
    EXPECT_NE(g.man.find(roff_dashes(top)), std::string::npos) << top;
    EXPECT_TRUE(contains(bash_opts(lines_with(g.bash, "\"gpuwhy\") opts=")), top)) << top;
    EXPECT_NE(lines_with(g.fish, "__fish_use_subcommand").find(std::string("-l ") + (top + 2)), std::string::npos);
  }
}

TEST(Completion, ValuesCli11KnowsAreOffered) {
  const Built b;
  const Generated g(b.app);
  std::string formats;
  for (const auto& f : render::format_names()) formats += (formats.empty() ? "" : " ") + f;
  std::string langs;
  for (const auto l : i18n::kLangs) {
    if (!langs.empty()) langs += " ";
    langs += i18n::to_string(l);
  }
  for (const auto& [flag, values] : std::vector<std::pair<std::string, std::string>>{
           {"--format", formats}, {"--lang", langs}, {"--color", "auto always never"}}) {
    EXPECT_NE(g.bash.find(fmt::format("\"gpuwhy check:{}\") COMPREPLY=($(compgen -W \"{}\"", flag, values)),
              std::string::npos)
        << flag;
    EXPECT_NE(lines_with(g.fish, " -l " + flag.substr(2) + " ").find("-x -a '" + values + "'"), std::string::npos)
        << flag;
    EXPECT_NE(g.zsh.find("'" + flag + "=''["), std::string::npos) << flag;
    EXPECT_NE(g.zsh.find(":(" + values + ")'"), std::string::npos) << flag;
  }
  std::string listed;
  for (auto f : render::format_names()) {
    for (std::size_t at = f.find('-'); at != std::string::npos; at = f.find('-', at + 2)) f.replace(at, 1, "\\-");
    listed += (listed.empty() ? "" : ", ") + f;  // roff writes a hyphen as \-
  }
  EXPECT_NE(g.man.find("\n.br\nOne of: " + listed + ". Default: table.\n"), std::string::npos);
  // "man" is accepted by `gpuwhy completion` but not offered.
  EXPECT_NE(g.bash.find("\"gpuwhy completion\") opts=\"-h --help --lang\"; words=\"bash zsh fish\""),
            std::string::npos);
}

TEST(Completion, AnOptionAddedToTheAppNeedsNoOtherEdit) {
  Built b;
  std::string value;
  CLI::App* check = b.app.get_subcommand("check");
  check->add_option("--brand-new-flag", value, "A flag no generator has heard of")
      ->check(cli::choices({"alpha", "beta"}));
  const Generated g(b.app);
  expect_command_covered(*check, g);
  EXPECT_NE(g.man.find("A flag no generator has heard of\n.br\nOne of: alpha, beta.\n"), std::string::npos);
  EXPECT_NE(g.bash.find("\"gpuwhy check:--brand-new-flag\") COMPREPLY=($(compgen -W \"alpha beta\""),
            std::string::npos);
}

// ---- the real binary's scripts in real shells ----------------------------------------------

struct Shell {
  int code = -1;
  std::string out;
};

Shell sh(const std::string& cmd) {
  Shell r;
  FILE* p = ::popen(cmd.c_str(), "r");  // NOLINT(cert-env33-c): the test runs our own binary and shells
  if (p == nullptr) return r;
  char buf[4096];
  std::size_t n = 0;
  while ((n = std::fread(buf, 1, sizeof buf, p)) > 0) r.out.append(buf, n);
  const int status = ::pclose(p);
  r.code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  return r;
}

bool have(const char* program) {
  return sh(std::string("command -v ") + program + " >/dev/null 2>&1").code == 0;
}

// What bash's completion function offers for `words` (the last one being completed).
std::string complete_bash(const std::string& words) {
  const std::string script = "source <(" + std::string(GPUWHY_BINARY) + " completion bash) && COMP_WORDS=(" + words +
                             ") && COMP_CWORD=$((${#COMP_WORDS[@]} - 1)) && _gpuwhy && echo \"${COMPREPLY[*]}\"";
  const Shell r = sh("bash --norc --noprofile -c '" + script + "' 2>&1");
  EXPECT_EQ(r.code, 0) << words << ": " << r.out;
  return r.out.empty() ? r.out : r.out.substr(0, r.out.size() - 1);
}

TEST(CompletionSmoke, BashCompletes) {
  EXPECT_EQ(complete_bash("gpuwhy ch"), "check");
  EXPECT_EQ(complete_bash("gpuwhy check --fo"), "--format");
  EXPECT_EQ(complete_bash("gpuwhy check --format j"), "json junit");
  EXPECT_EQ(complete_bash("gpuwhy check --format = tab"), "table");  // --format=tab
  std::string langs;
  for (const auto l : i18n::kLangs) langs += (langs.empty() ? "" : " ") + i18n::to_string(l);
  EXPECT_EQ(complete_bash("gpuwhy check --lang \"\""), langs);
  EXPECT_EQ(complete_bash("gpuwhy check --lang en --col"), "--color");
  EXPECT_EQ(complete_bash("gpuwhy completion \"\""), "bash zsh fish");
  EXPECT_EQ(complete_bash("gpuwhy snapshot --no"), "--no-dry-run");
  EXPECT_EQ(complete_bash("gpuwhy --ver"), "--version");
  const Shell reg =
      sh("bash --norc -c 'source <(" + std::string(GPUWHY_BINARY) + " completion bash) && complete -p gpuwhy'");
  EXPECT_EQ(reg.out, "complete -F _gpuwhy gpuwhy\n");
}

TEST(CompletionSmoke, ScriptsParseInTheirShells) {
  EXPECT_EQ(sh(std::string(GPUWHY_BINARY) + " completion bash | bash -n 2>&1; echo rc=$?").out, "rc=0\n");
  if (have("zsh")) {
    const Shell z = sh(std::string(GPUWHY_BINARY) + " completion zsh | zsh -n 2>&1; echo rc=$?");
    EXPECT_EQ(z.out, "rc=0\n");
    // Loaded the way a user does: compinit, then the script registers itself for gpuwhy.
    const Shell reg = sh("zsh -f -c 'autoload -U compinit && compinit -u -D && source <(" + std::string(GPUWHY_BINARY) +
                         " completion zsh) && print ${_comps[gpuwhy]}' 2>&1");
    EXPECT_EQ(reg.out, "_gpuwhy\n");
  }
  if (have("fish")) {
    const Shell f = sh(std::string(GPUWHY_BINARY) + " completion fish | fish --no-execute 2>&1; echo rc=$?");
    EXPECT_EQ(f.out, "rc=0\n");
    const Shell c = sh("fish -c '" + std::string(GPUWHY_BINARY) +
                       " completion fish | source; complete -C \"gpuwhy check --format j\"'");
    EXPECT_NE(c.out.find("json"), std::string::npos) << c.out;
    EXPECT_NE(c.out.find("junit"), std::string::npos) << c.out;
  }
  if (!have("zsh") || !have("fish")) GTEST_SKIP() << "zsh or fish not installed (scripts/install-deps installs both)";
}

TEST(CompletionSmoke, ManPageIsValidRoff) {
  const Shell page = sh(std::string(GPUWHY_BINARY) + " completion man");
  ASSERT_EQ(page.code, 0);
  EXPECT_EQ(page.out.find(".TH GPUWHY 1"), page.out.find('\n') + 1) << "the .TH line follows the comment line";
  if (!have("groff") || !have("lexgrog")) GTEST_SKIP() << "groff or lexgrog (man-db) not installed";
  const Shell warnings = sh(std::string(GPUWHY_BINARY) + " completion man | groff -k -man -Tutf8 -ww -z 2>&1");
  EXPECT_EQ(warnings.out, "");
  const auto tmp = std::filesystem::temp_directory_path() / "gpuwhy-completion-test.1";
  const Shell lex =
      sh(std::string(GPUWHY_BINARY) + " completion man > " + tmp.string() + " && lexgrog " + tmp.string());
  std::filesystem::remove(tmp);
  EXPECT_NE(lex.out.find("\"gpuwhy - grades the lab"), std::string::npos) << lex.out;
}

// The page a reader opens first: how to run it as a student, in CI and as an instructor, the
// variables it reads, and every exit status, in each language, and built into the build tree.
TEST(CompletionSmoke, ManPageHasExamplesEnvironmentAndExitStatusInEveryLanguage) {
  for (const char* lang : {"en", "ko", "ja"}) {
    SCOPED_TRACE(lang);
    const Shell page = sh(std::string(GPUWHY_BINARY) + " completion man --lang " + lang);
    ASSERT_EQ(page.code, 0);
    const auto lg = *i18n::parse_lang(lang);
    for (const char* id : {"cli.man.examples", "cli.man.environment", "cli.man.exit-status"}) {
      EXPECT_NE(page.out.find(".SH " + i18n::text(id, lg) + "\n"), std::string::npos) << id;
    }
    for (const char* var : {"GPUWHY_LANG", "KUBECONFIG", "NO_COLOR", "GITHUB_OUTPUT", "COLUMNS"}) {
      EXPECT_NE(page.out.find(std::string(".B ") + var), std::string::npos) << var;
    }
    EXPECT_NE(page.out.find(".B LC_ALL, LC_MESSAGES, LANG\n"), std::string::npos);
    for (const char* example : {".B gpuwhy check\n", ".B gpuwhy check \\-\\-snapshot bundle.json \\-\\-format junit",
                                ".B gpuwhy check \\-\\-snapshot submissions/ \\-\\-format html"}) {
      EXPECT_NE(page.out.find(example), std::string::npos) << example;
    }
    for (int code = 0; code <= 4; ++code) {
      EXPECT_NE(page.out.find(".TP\n.B " + std::to_string(code) + "\n"), std::string::npos) << code;
    }
  }
  // The default target writes it next to the binary (cmake/install.cmake).
  const auto built = std::filesystem::path(GPUWHY_BINARY).parent_path() / "share" / "gpuwhy.1";
  const Shell same = sh(std::string(GPUWHY_BINARY) + " completion man --lang en | cmp - " + built.string());
  EXPECT_EQ(same.code, 0) << built << ": " << same.out;
}

TEST(CompletionSmoke, UnknownShellIsAUsageError) {
  const Shell r = sh(std::string(GPUWHY_BINARY) + " completion tcsh --lang en 2>&1");
  EXPECT_EQ(r.code, 2);
  EXPECT_NE(r.out.find("\"tcsh\": no completion for this shell"), std::string::npos) << r.out;
}

}  // namespace
}  // namespace gpuwhy
