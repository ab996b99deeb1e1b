// Hostile input on a grading host, mostly on the REAL binary:
// - depth 10 / 1k / 100k for every parser (bounded JSON, YAML, bundles, apiserver answers), a deep
//   bundle inside a batch, memory for a 60 MB bundle and a gzip bomb (peak RSS from getrusage);
// - the terminal sanitiser over every byte value, the table and stderr.
// Links, FIFOs and output targets are in host_safety_test.cpp.

#include <gtest/gtest.h>
#include <pty.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <sys/un.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <filesystem>
#include <fstream>
#include <functional>
#include <string>
#include <thread>
#include <vector>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "../tools/fault_server.h"
#include "../tools/run_binary.h"
#include "gpuwhy/base/error.h"
#include "gpuwhy/base/text.h"
#include "gpuwhy/collect/collect.h"
#include "gpuwhy/json/json_bounded.h"
#include "gpuwhy/lab/lab.h"
#include "gpuwhy/render/render.h"
#include "gpuwhy/yaml/yaml.h"
#include "lab_totals.h"

namespace gpuwhy {
namespace {

namespace fs = std::filesystem;
using nlohmann::json;
using testing_tools::is_json_report;
using testing_tools::RunOutput;
using testing_tools::TempDir;

const std::string kCapture = std::string(GPUWHY_SOURCE_DIR) + "/fixtures/captures/v1.34.0/solution";
const std::string kTooMany = fmt::format("more than {} JSON values", jsonb::kMaxValues);

// Peak RSS cap for the hostile-size rows (at most 300 MB). Under ASan the allocator's
// redzones and quarantine multiply every figure, so the cap is scaled there.
#if defined(__SANITIZE_ADDRESS__)
constexpr long kRssCapKb = 1200L * 1024;
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
constexpr long kRssCapKb = 1200L * 1024;
#else
constexpr long kRssCapKb = 300L * 1024;
#endif
#else
constexpr long kRssCapKb = 300L * 1024;
#endif

std::size_t lines_in(const std::string& s) {
  return static_cast<std::size_t>(std::count(s.begin(), s.end(), '\n'));
}

// ---------------------------------------------------------------- 3. Depth and size

std::string deep_json(std::size_t n) {
  return std::string(n, '[') + std::string(n, ']');
}

struct Depth {
  const char* name;
  std::size_t levels;
  bool accepted;
};

const std::vector<Depth> kDepths{{"D10", 10, true}, {"D1k", 1000, false}, {"D100k", 100000, false}};

class DepthLimit : public testing::TestWithParam<Depth> {};

TEST_P(DepthLimit, BoundedJson) {
  const Depth& d = GetParam();
  if (d.accepted) {
    EXPECT_FALSE(jsonb::parse(deep_json(d.levels)).is_discarded());
    return;
  }
  try {
    (void)jsonb::parse(deep_json(d.levels));
    ADD_FAILURE() << "parsed " << d.levels << " levels";
  } catch (const Error& e) {
    EXPECT_EQ(e.kind(), ErrorKind::kParse);
    EXPECT_STREQ(e.what(), "JSON nested deeper than 256 levels");
  }
}

TEST_P(DepthLimit, Yaml) {
  const Depth& d = GetParam();
  // Flow style and block style: both are nested structures for the parser.
  std::string block;  // nested mappings by indentation (capped so the text stays under the 1 MiB bound)
  for (std::size_t i = 0; i < std::min<std::size_t>(d.levels, 1200); ++i) block += std::string(i, ' ') + "a:\n";
  for (const std::string& text : {"a: " + deep_json(d.levels) + "\n", block}) {
    if (d.accepted) {
      EXPECT_NO_THROW((void)yaml::load_all(text, "x.yaml"));
      continue;
    }
    try {
      (void)yaml::load_all(text, "x.yaml");
      ADD_FAILURE() << "loaded " << d.levels << " levels";
    } catch (const Error& e) {
      const std::string w = e.what();
      EXPECT_TRUE(w.find("deeper than") != std::string::npos || w.find("larger than") != std::string::npos) << w;
      EXPECT_EQ(w.find('\n'), std::string::npos) << w;
    }
  }
}

/// The solution bundle with `value` (raw JSON text) in place of the nodes list.
std::string bundle_with_nodes(const std::string& value) {
  std::ifstream in(kCapture + "/bundle.json", std::ios::binary);
  json b = json::parse(in);
  b["cluster"]["nodes"] = json{{"value", "@@NODES@@"}};
  std::string text = b.dump();
  const auto at = text.find("\"@@NODES@@\"");
  return text.replace(at, std::string("\"@@NODES@@\"").size(), value);
}

TEST_P(DepthLimit, BundleOnTheBinary) {
  const Depth& d = GetParam();
  TempDir tmp;
  const std::string path = tmp.path() + "/deep.json";
  std::ofstream(path) << bundle_with_nodes(deep_json(d.levels));
  const RunOutput r =
      testing_tools::run_binary({GPUWHY_BINARY, "check", "--snapshot", path, "--format", "json"}, tmp.path());
  ASSERT_NE(r.exit_code, -1) << "killed by a signal";
  EXPECT_TRUE(is_json_report(r.out)) << r.out.substr(0, 200);
  if (d.accepted) {
    EXPECT_EQ(r.err.find("nested deeper"), std::string::npos) << r.err;
  } else {
    EXPECT_EQ(r.exit_code, 3);
    EXPECT_NE(r.err.find("JSON nested deeper than 256 levels"), std::string::npos) << r.err;
    EXPECT_EQ(lines_in(r.err), 1U) << r.err;
  }
}

TEST_P(DepthLimit, DeepBundleInABatchIsAnErrorRow) {
  const Depth& d = GetParam();
  TempDir tmp;
  const fs::path dir = fs::path(tmp.path()) / "subs";
  fs::create_directory(dir);
  fs::copy_file(kCapture + "/bundle.json", dir / "alice.json");
  std::ofstream(dir / "mallory.json") << bundle_with_nodes(deep_json(d.levels));
  fs::copy_file(kCapture + "/bundle.json", dir / "zoe.json");
  const RunOutput r =
      testing_tools::run_binary({GPUWHY_BINARY, "check", "--snapshot", dir.string(), "--format", "json"}, tmp.path());
  ASSERT_NE(r.exit_code, -1) << "killed by a signal";
  const json j = json::parse(r.out, nullptr, false);
  ASSERT_FALSE(j.is_discarded()) << r.out.substr(0, 300);
  EXPECT_NE(r.out.find("alice"), std::string::npos);
  EXPECT_NE(r.out.find("zoe"), std::string::npos);
  if (!d.accepted) {
    EXPECT_EQ(r.exit_code, 3);
    EXPECT_NE(r.out.find("nested deeper than 256"), std::string::npos) << r.out.substr(0, 2000);
  }
}

INSTANTIATE_TEST_SUITE_P(Table, DepthLimit, testing::ValuesIn(kDepths),
                         [](const testing::TestParamInfo<Depth>& i) { return std::string(i.param.name); });

TEST(SizeLimit, TooManyValuesAreRefusedNotBuilt) {
  std::string many = "[";
  for (std::size_t i = 0; i < jsonb::kMaxValues + 100; ++i) many += "1,";
  many += "1]";
  try {
    (void)jsonb::parse(many);
    ADD_FAILURE() << "parsed";
  } catch (const Error& e) {
    EXPECT_STREQ(e.what(), kTooMany.c_str());
  }
  EXPECT_EQ(jsonb::parse("[1,2,3]").size(), 3U);
  EXPECT_TRUE(jsonb::parse("[1,2").is_discarded());
  EXPECT_EQ(jsonb::syntax_error("[1,2]"), "");
  // Where, and what, never the text: a bundle that is some other file must not be quoted.
  EXPECT_EQ(jsonb::syntax_error("[1,2"),
            "line 1, column 5: syntax error while parsing array - unexpected end of input; "
            "expected ']'");
  EXPECT_EQ(jsonb::syntax_error("{\"a\": 1,\n  \"b\": root:x:0:0\n}"),
            "line 2, column 8: syntax error while parsing value - invalid literal");
  const std::string secret = "root:x:0:0:root:/root:/bin/bash";
  EXPECT_EQ(jsonb::syntax_error(secret).find("root"), std::string::npos) << jsonb::syntax_error(secret);
}

/// Peak RSS of `gpuwhy check` on a ~60 MB bundle: of 20 million empty objects (refused by the
/// value budget), and of real-looking data (events with long messages, graded).
TEST(Memory, SixtyMegabyteBundles) {
  TempDir tmp;
  const std::string objects = tmp.path() + "/objects.json";
  {
    std::string v = "[";
    v.reserve(60'000'010);
    for (int i = 0; i < 20'000'000 - 1; ++i) v += "{},";
    v += "{}]";
    std::ofstream(objects) << bundle_with_nodes(v);
  }
  const RunOutput a =
      testing_tools::run_binary({GPUWHY_BINARY, "check", "--snapshot", objects, "--format", "json"}, tmp.path());
  std::printf("[ memory ] 60 MB bundle of {}: exit %d, peak RSS %ld MB, %lld ms\n", a.exit_code, a.max_rss_kb / 1024,
              static_cast<long long>(a.elapsed.count()));
  EXPECT_EQ(a.exit_code, 3);
  EXPECT_NE(a.err.find(kTooMany.c_str()), std::string::npos) << a.err;
  EXPECT_LT(a.max_rss_kb, kRssCapKb);

  const std::string events = tmp.path() + "/events.json";
  {
    std::ifstream in(kCapture + "/bundle.json", std::ios::binary);
    json b = json::parse(in);
    json& items = b["cluster"]["events"]["value"]["items"];
    ASSERT_TRUE(items.is_array() && !items.empty());
    const json one = items[0];
    const std::string msg(10'000, 'm');
    while (items.size() < 6000) {
      json e = one;
      e["message"] = msg;
      items.push_back(std::move(e));
    }
    std::ofstream(events) << b.dump();
  }
  ASSERT_GT(fs::file_size(events), 55'000'000U);
  const RunOutput b =
      testing_tools::run_binary({GPUWHY_BINARY, "check", "--snapshot", events, "--format", "json"}, tmp.path());
  std::printf("[ memory ] 60 MB bundle of events: exit %d, peak RSS %ld MB, %lld ms\n", b.exit_code,
              b.max_rss_kb / 1024, static_cast<long long>(b.elapsed.count()));
  EXPECT_TRUE(is_json_report(b.out)) << b.err;
  EXPECT_LT(b.max_rss_kb, kRssCapKb);
}

// Apiserver answers: deep and gzip-bomb answers from the fault server, on the real binary.
class HostileAnswers : public testing_tools::WithFaultServer<HostileAnswers> {
 protected:
  friend class testing_tools::WithFaultServer<HostileAnswers>;
  static std::vector<std::string> server_args() { return {"--bundle", kCapture + "/bundle.json"}; }

  static RunOutput check(const std::string& mode, const std::string& dir, const std::string& format = "json") {
    const std::string kc = dir + "/kubeconfig";
    std::ofstream(kc) << fmt::format(
        "apiVersion: v1\nkind: Config\nclusters:\n- name: lab\n  cluster:\n    server: "
        "http://127.0.0.1:{}/fault/{}/nodes\n"
        "users:\n- name: s\n  user: {{token: t}}\ncontexts:\n- name: lab\n  context: {{cluster: lab, user: s}}\n"
        "current-context: lab\n",
        server_->port("http"), mode);
    fs::copy(kCapture + "/work", dir + "/work", fs::copy_options::recursive);
    return testing_tools::run_binary({GPUWHY_BINARY, "check", "--kubeconfig", kc, "--dir", dir + "/work",
                                      "--request-timeout", "20s", "--format", format},
                                     dir, std::chrono::seconds(90));
  }
};

TEST_F(HostileAnswers, DeepAnswersAreOneLineErrors) {
  for (const auto& d : kDepths) {
    SCOPED_TRACE(d.name);
    TempDir tmp;
    const std::string mode = d.levels == 10 ? "deep-10" : d.levels == 1000 ? "deep-1k" : "deep-100k";
    const RunOutput r = check(mode, tmp.path());
    ASSERT_NE(r.exit_code, -1) << "killed by a signal";
    EXPECT_EQ(r.exit_code, 3) << r.err;
    EXPECT_TRUE(is_json_report(r.out));
    EXPECT_EQ(lines_in(r.err), 1U) << r.err;
    if (d.accepted) {
      EXPECT_NE(r.err.find("not an apiserver answer"), std::string::npos) << r.err;
    } else {
      EXPECT_NE(r.err.find("/api/v1/nodes?limit=500: the answer is refused: JSON nested deeper than 256 levels"),
                std::string::npos)
          << r.err;
    }
  }
}

TEST_F(HostileAnswers, GzipBombIsRefusedWithBoundedMemory) {
  TempDir tmp;
  const RunOutput r = check("gzip-bomb", tmp.path());
  std::printf("[ memory ] gzip bomb (58 KB -> 60 MB): exit %d, peak RSS %ld MB, %lld ms\n", r.exit_code,
              r.max_rss_kb / 1024, static_cast<long long>(r.elapsed.count()));
  EXPECT_EQ(r.exit_code, 3) << r.err;
  EXPECT_NE(r.err.find(kTooMany.c_str()), std::string::npos) << r.err;
  EXPECT_LT(r.max_rss_kb, kRssCapKb);
}

TEST_F(HostileAnswers, EscapeSequencesNeverReachTheTerminal) {
  TempDir tmp;
  const RunOutput r = check("esc", tmp.path(), "table");
  ASSERT_NE(r.exit_code, -1);
  EXPECT_EQ(r.out.find('\x1b'), std::string::npos) << r.out;
  EXPECT_EQ(r.err.find('\x1b'), std::string::npos) << r.err;
  EXPECT_EQ(r.out.find(fmt::format("\n{} passed", gpuwhy_test::check_count())), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find("\nstep2.allocatable  PASS"), std::string::npos) << r.out;
}

// ---------------------------------------------------------------- 4. Terminal sanitiser

TEST(SanitizeTerminal, EveryByteValue) {
  for (int b = 0; b < 256; ++b) {
    SCOPED_TRACE(b);
    const std::string in = std::string("a") + static_cast<char>(b) + "z";
    const std::string out = text::sanitize_terminal(in);
    for (const char c : out) {
      const auto u = static_cast<unsigned char>(c);
      EXPECT_FALSE(u < 0x20 || u == 0x7F) << "control byte " << static_cast<int>(u) << " left in " << out;
    }
    EXPECT_TRUE(text::valid_utf8(out)) << out;
    if (b >= 0x20 && b < 0x7F) {
      EXPECT_EQ(out, in);
    } else if (b == '\n' || b == '\r' || b == '\t') {
      EXPECT_EQ(out, std::string("a\\") + (b == '\n' ? 'n' : b == '\r' ? 'r' : 't') + "z");
    } else {
      EXPECT_EQ(out, fmt::format("a\\x{:02x}z", b));
    }
  }
  // C1 controls in UTF-8 (U+009B is a one-byte CSI), bidi overrides, line separators.
  for (int cp = 0x80; cp <= 0x9F; ++cp) {
    const std::string in{static_cast<char>(0xC2), static_cast<char>(cp)};
    EXPECT_EQ(text::sanitize_terminal(in), fmt::format("\\u{:04x}", cp));
  }
  EXPECT_EQ(text::sanitize_terminal("\xE2\x80\xAE"), "\\u202e");
  EXPECT_EQ(text::sanitize_terminal("\xE2\x80\xA8"), "\\u2028");
  EXPECT_EQ(text::sanitize_terminal("\x1b]0;title\x07"), "\\x1b]0;title\\x07");
  EXPECT_EQ(text::sanitize_terminal("노드 ✔ ok"), "노드 ✔ ok");
}

TEST(SanitizeTerminal, TableShowsEscapesAndMachineFormatsKeepTheValue) {
  const std::string evil =
      "\x1b[2J\x1b]0;owned\x07line1\nstep1.namespace  [PASS]\n35 passed\xC2\x9B"
      "31m";
  RunResult r;
  CheckResult c;
  c.id = "step2.allocatable";
  c.step = 2;
  c.points = 3;
  c.outcome.status = Status::kFail;
  c.outcome.expected = raw(evil);
  c.outcome.actual = raw(evil);
  c.outcome.hint = raw(evil);
  c.outcome.evidence = {raw(evil)};
  r.checks.push_back(c);
  r.meta.warnings = {raw(evil)};
  render::Options o;
  const std::string table = render::table(r, o);
  EXPECT_EQ(table.find('\x1b'), std::string::npos) << table;
  EXPECT_EQ(table.find('\x07'), std::string::npos) << table;
  EXPECT_EQ(table.find("\xC2\x9B"), std::string::npos) << table;
  EXPECT_NE(table.find("\\x1b[2J"), std::string::npos) << table;
  for (const auto& line : text::lines(table)) {
    EXPECT_NE(text::trim(line).rfind("step1.namespace", 0), 0U) << "a fake table line: " << line;
    EXPECT_NE(text::trim(line).rfind(fmt::format("{} passed", gpuwhy_test::check_count()), 0), 0U)
        << "a fake summary line: " << line;
  }
  const json j = json::parse(render::json(r, o));
  EXPECT_EQ(j["checks"][0]["actual"], evil) << "JSON keeps the value, escaped its own way";
}

/// Runs argv on a pseudo-terminal (stdout and stderr are the terminal); returns what it printed.
std::string run_on_a_terminal(const std::vector<std::string>& argv) {
  int master = -1;
  const pid_t pid = ::forkpty(&master, nullptr, nullptr, nullptr);
  if (pid < 0) return "forkpty failed";
  if (pid == 0) {
    std::vector<char*> args;
    for (const auto& a : argv) args.push_back(const_cast<char*>(a.c_str()));  // NOLINT
    args.push_back(nullptr);
    ::execv(args[0], args.data());
    ::_exit(127);
  }
  std::string out;
  char buf[4096];
  for (;;) {
    const ssize_t n = ::read(master, buf, sizeof buf);
    if (n <= 0) break;  // EIO once the child has gone
    out.append(buf, static_cast<std::size_t>(n));
  }
  int status = 0;
  ::waitpid(pid, &status, 0);
  ::close(master);
  return out;
}

TEST(SanitizeTerminal, MachineFormatsOnATerminalAreSanitised) {
  TempDir tmp;
  const fs::path dir = fs::path(tmp.path()) / "subs";
  fs::create_directory(dir);
  fs::copy_file(kCapture + "/bundle.json", dir / "alice.json");
  fs::copy_file(kCapture + "/bundle.json", dir / "\x1b]0;owned\x07\x1b[2J.json");
  std::ofstream(dir / "\x1b[31mbroken.json") << "{";
  const std::string out =
      run_on_a_terminal({GPUWHY_BINARY, "check", "--snapshot", dir.string(), "--format", "csv", "--color", "never"});
  EXPECT_NE(out.find("alice"), std::string::npos) << out;
  EXPECT_EQ(out.find('\x1b'), std::string::npos) << out;
  EXPECT_EQ(out.find('\x07'), std::string::npos) << out;
  EXPECT_NE(out.find("\\x1b[2J"), std::string::npos) << out;
  // Redirected, the same CSV keeps the exact bytes (the file name is data).
  const RunOutput r =
      testing_tools::run_binary({GPUWHY_BINARY, "check", "--snapshot", dir.string(), "--format", "csv"}, tmp.path());
  EXPECT_NE(r.out.find("\x1b[2J"), std::string::npos);
}

TEST(SanitizeTerminal, StderrLinesAreSanitised) {
  TempDir tmp;
  const std::string evil = tmp.path() + "/a\x1b[2J\nb.json";
  const RunOutput r = testing_tools::run_binary({GPUWHY_BINARY, "check", "--snapshot", evil}, tmp.path());
  EXPECT_EQ(r.exit_code, 2);  // the path names nothing: an input (usage) error
  EXPECT_EQ(r.err.find('\x1b'), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("a\\x1b[2J\\nb.json"), std::string::npos) << r.err;
  EXPECT_EQ(lines_in(r.err), 1U) << r.err;
}

}  // namespace
}  // namespace gpuwhy
