#pragma once
// Shared by tests/render/report_*_test.cpp: golden files, external validators (python3-jsonschema,
// xmllint), synthetic runs for renderer unit tests, and grading of the recorded captures.

#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <array>
#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <memory>
#include <optional>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "checks.h"
#include "gpuwhy/model/result.h"
#include "gpuwhy/model/snapshot.h"
#include "gpuwhy/render/render.h"
#include "grade.h"

namespace gpuwhy::report_test {

namespace fs = std::filesystem;

inline fs::path source_dir() {
  return fs::path(GPUWHY_SOURCE_DIR);
}

inline std::string read_text(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::ostringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

inline void write_text(const fs::path& p, const std::string& text) {
  fs::create_directories(p.parent_path());
  std::ofstream out(p, std::ios::binary | std::ios::trunc);
  out << text;
}

/// Compares `text` with fixtures/golden/<rel>; GPUWHY_UPDATE_GOLDEN=1 rewrites the file instead.
inline void expect_equal_to_golden(const std::string& rel, const std::string& text) {
  const fs::path path = source_dir() / "fixtures" / "golden" / rel;
  const char* update = std::getenv("GPUWHY_UPDATE_GOLDEN");
  if (update != nullptr && std::string(update) == "1") {
    write_text(path, text);
    return;
  }
  if (!fs::exists(path)) {
    ADD_FAILURE() << "golden file " << path << " is missing; create it with GPUWHY_UPDATE_GOLDEN=1 and review it";
    return;
  }
  const std::string want = read_text(path);
  if (want == text) return;
  // Point at the first differing line: a whole-report diff is unreadable in a test log.
  std::istringstream a(want);
  std::istringstream b(text);
  std::string la;
  std::string lb;
  int line = 0;
  while (true) {
    ++line;
    const bool ea = !std::getline(a, la);
    const bool eb = !std::getline(b, lb);
    if (ea && eb) break;
    if (ea || eb || la != lb) {
      ADD_FAILURE() << "output differs from golden " << path << " at line " << line
                    << "\n  golden: " << (ea ? "<end>" : la) << "\n  actual: " << (eb ? "<end>" : lb)
                    << "\n(rerun with GPUWHY_UPDATE_GOLDEN=1 to accept the change, then review the diff)";
      return;
    }
  }
  ADD_FAILURE() << "output differs from golden " << path << " (line endings?)";
}

/// The golden file of `stem` rendered in `format` and `lang` (under fixtures/golden/): the stem, the
/// language's code unless it is English, then the format's ending ("captures/v1.34.0/capacity-only.ko.md").
inline std::string golden_rel(const std::string& stem, const render::FormatRow& format,
                              i18n::Lang lang = i18n::Lang::kEn) {
  const std::string tag = lang == i18n::Lang::kEn ? "" : "." + i18n::to_string(lang);
  return stem + tag + std::string(format.extension);
}

/// The golden file of a batch summary of `stem` in `format` and `lang`: the language's code is
/// always there ("captures/v1.34.0/batch.en.html").
inline std::string batch_golden_rel(const std::string& stem, const render::FormatRow& format, i18n::Lang lang) {
  return stem + "." + i18n::to_string(lang) + std::string(format.extension);
}

/// A file in the temp folder, removed when it goes out of scope.
class TempFile {
 public:
  TempFile(const std::string& suffix, const std::string& content) {
    static std::atomic<int> counter{0};
    path_ = fs::temp_directory_path() /
            ("gpuwhy-report-test-" + std::to_string(::getpid()) + "-" + std::to_string(counter++) + suffix);
    write_text(path_, content);
  }
  ~TempFile() {
    std::error_code ec;
    fs::remove(path_, ec);
  }
  TempFile(const TempFile&) = delete;
  TempFile& operator=(const TempFile&) = delete;
  [[nodiscard]] const fs::path& path() const { return path_; }

 private:
  fs::path path_;
};

/// Single-quotes `s` for /bin/sh.
inline std::string sh_quote(const std::string& s) {
  std::string out = "'";
  for (char c : s) {
    if (c == '\'') {
      out += "'\\''";
    } else {
      out += c;
    }
  }
  return out + "'";
}

struct CommandResult {
  int exit_code = -1;
  std::string output;  ///< stdout and stderr
};

inline CommandResult run_command(const std::string& command) {
  CommandResult r;
  FILE* p = ::popen((command + " 2>&1").c_str(), "r");
  if (p == nullptr) return r;
  std::array<char, 4096> buf{};
  std::size_t n = 0;
  while ((n = std::fread(buf.data(), 1, buf.size(), p)) > 0) r.output.append(buf.data(), n);
  const int status = ::pclose(p);
  r.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  return r;
}

/// Validates JSON texts against schema/<schema> with a real validator (python3-jsonschema).
inline CommandResult validate_json(const std::string& schema, const std::vector<std::string>& documents) {
  std::vector<std::unique_ptr<TempFile>> files;
  std::string args;
  for (const auto& d : documents) {
    files.push_back(std::make_unique<TempFile>(".json", d));
    args += " " + sh_quote(files.back()->path().string());
  }
  static const std::string kScript =
      "import json,sys,jsonschema\n"
      "s=json.load(open(sys.argv[1]))\n"
      "V=jsonschema.validators.validator_for(s)\n"
      "V.check_schema(s)\n"
      "bad=0\n"
      "for f in sys.argv[2:]:\n"
      "    for e in sorted(V(s).iter_errors(json.load(open(f,encoding='utf-8'))),key=str)[:5]:\n"
      "        bad=1\n"
      "        print(f, e.json_path, e.message[:300])\n"
      "sys.exit(bad)\n";
  return run_command("/usr/bin/python3 -c " + sh_quote(kScript) + " " +
                     sh_quote((source_dir() / "schema" / schema).string()) + args);
}

inline void expect_valid_json(const std::string& schema, const std::vector<std::string>& documents) {
  const auto r = validate_json(schema, documents);
  EXPECT_EQ(r.exit_code, 0) << "schema/" << schema << ":\n" << r.output;
}

/// Validates JUnit XML against schema/junit.xsd with xmllint.
inline CommandResult validate_junit(const std::string& xml) {
  TempFile f(".xml", xml);
  return run_command("xmllint --noout --schema " + sh_quote((source_dir() / "schema" / "junit.xsd").string()) + " " +
                     sh_quote(f.path().string()));
}

/// xmllint --xpath on a document (e.g. "string(//testcase[1]/@name)").
inline std::string xpath(const std::string& xml, const std::string& expr) {
  TempFile f(".xml", xml);
  std::string out = run_command("xmllint --xpath " + sh_quote(expr) + " " + sh_quote(f.path().string())).output;
  if (!out.empty() && out.back() == '\n') out.pop_back();  // some xmllint versions end the result with LF
  return out;
}

inline RunMeta fixed_meta(std::string source = "bundle synthetic") {
  RunMeta m;
  m.gpuwhy_version = "test";
  m.lab_id = "gpu-why";
  m.generated_at = "2026-01-01T00:00:00Z";
  m.server_version = "v1.34.0";
  m.source = std::move(source);
  m.lang = "en";
  return m;
}

/// Evidence lines quoted as they are.
inline std::vector<Msg> raw_lines(const std::vector<std::string>& lines) {
  std::vector<Msg> out;
  for (const auto& l : lines) out.push_back(raw(l));
  return out;
}

inline CheckResult check(std::string id, int step, int points, Status st, Msg expected = {}, Msg actual = {},
                         Msg hint = {}, std::vector<std::string> evidence = {}) {
  CheckResult c;
  c.id = std::move(id);
  c.step = step;
  c.points = points;
  c.score = st == Status::kPass ? points : 0;
  c.outcome = Outcome{st, std::move(expected), std::move(actual), std::move(hint), raw_lines(evidence)};
  return c;
}

/// The secret expected value of the synthetic run: --hide-expected must keep it out of every format
/// (except Gradescope tests visible after the due date).
inline const std::string kSecret = "SECRET-EXPECTED-2";

/// A hand-made run covering every status, several steps and all the optional fields. The ids are
/// not lab ids, so catalog titles added later never change the output.
inline RunResult synthetic_run() {
  RunResult r;
  r.meta = fixed_meta();
  r.meta.warnings = {raw("TLS verification is disabled by the kubeconfig")};
  r.checks = {
      check("step1.synthetic-pass", 1, 2, Status::kPass, raw("namespace gpu-why Active"),
            raw("namespace gpu-why Active"), {}, {"phase: Active"}),
      check("step1.synthetic-skip", 1, 3, Status::kSkip),
      check("step2.synthetic-fail", 2, 4, Status::kFail, raw(kSecret), raw("allocatable nvidia.com/gpu missing"),
            raw("capacity alone gives the scheduler no room: patch allocatable too"),
            {"capacity: {\"nvidia.com/gpu\": \"2\"}", "allocatable: {\"cpu\": \"4\"}"}),
      check("step2.synthetic-pass", 2, 1, Status::kPass),
      check("step3.synthetic-error", 3, 5, Status::kError, raw("apiserver refuses both manifests"),
            raw("dial tcp 127.0.0.1:6443: connect: connection refused"),
            raw("check the kubeconfig and that the apiserver runs"), {}),
      check("step8.synthetic-fail", 8, 1, Status::kFail, raw("PENDING=2"), raw("PENDING=1"), {}, {"PENDING=1"}),
  };
  return r;
}

/// The synthetic run with every check graded (no error): a complete run that still fails.
inline RunResult synthetic_complete_run() {
  RunResult r = synthetic_run();
  for (auto& c : r.checks) {
    if (c.outcome.status == Status::kError) {
      c.outcome.status = Status::kPass;
      c.score = c.points;
    }
  }
  return r;
}

/// Strings that have broken graders' XML and JSON before.
inline std::vector<std::string> hostile_evidence() {
  return {
      "<testsuite> & \"quoted\" 'single' ]]> <![CDATA[x]]>",
      std::string("nul:\0:bell:\x07:esc:\x1b[31mred\x1b[0m:vt:\x0b:ff:\x0c", 39),
      "invalid utf-8: \xff\xfe \xc3\x28 \xe2\x82 \xed\xa0\x80 \xf4\x90\x80\x80 end",
      "noncharacters: \xEF\xBF\xBE \xEF\xBF\xBF end",
      "crlf\r\nline two\rline three",
      "c1: \xC2\x85 \xC2\x9B del:\x7F",
      "tap: # SKIP not really \\ backslash",
      "=HYPERLINK(\"http://evil\",\"x\") +1 -1 @SUM(A1)",
      "한국어 日本語 ✔",
  };
}

inline RunResult hostile_run() {
  RunResult r = synthetic_run();
  r.meta.source = "bundle /tmp/<evil>&\"name\"\x01\xff.json";
  r.meta.warnings.push_back(raw("warning with \x1b[1mANSI\x1b[0m and \xff"));
  for (auto& c : r.checks) {
    if (c.outcome.status == Status::kFail || c.outcome.status == Status::kError) {
      c.outcome.evidence = raw_lines(hostile_evidence());
      c.outcome.actual = raw("actual <b>&amp;</b>\n\"two\"\x01 lines \xff");
      c.outcome.hint = raw("hint: use `2>&1` # not a directive \\");
    }
  }
  return r;
}

// ---- The recorded captures (fixtures/captures/<kube-version>/<scenario>/bundle.json).

inline fs::path captures_dir() {
  return source_dir() / "fixtures" / "captures";
}

inline std::string capture_rel(const std::string& version, const std::string& scenario) {
  return "fixtures/captures/" + version + "/" + scenario + "/bundle.json";
}

/// The bundle's JSON, or nullopt when that capture has not been recorded.
inline std::optional<nlohmann::json> load_capture(const std::string& version, const std::string& scenario) {
  const fs::path p = source_dir() / capture_rel(version, scenario);
  if (!fs::exists(p)) return std::nullopt;
  return nlohmann::json::parse(read_text(p));
}

/// Every recorded capture as {version, scenario}, sorted.
inline std::vector<std::pair<std::string, std::string>> all_captures() {
  std::vector<std::pair<std::string, std::string>> out;
  std::error_code ec;
  if (!fs::is_directory(captures_dir(), ec)) return out;
  for (const auto& v : fs::directory_iterator(captures_dir(), ec)) {
    if (!v.is_directory()) continue;
    for (const auto& s : fs::directory_iterator(v.path(), ec)) {
      if (fs::exists(s.path() / "bundle.json")) {
        out.emplace_back(v.path().filename().string(), s.path().filename().string());
      }
    }
  }
  std::sort(out.begin(), out.end());
  return out;
}

/// Grades a bundle the way `gpuwhy check --snapshot` does (checks::grade), with a fixed meta so the
/// output is stable.
inline RunResult grade(const nlohmann::json& bundle, const std::string& origin) {
  const Snapshot snap = from_bundle(bundle, origin);
  RunMeta meta = fixed_meta(snap.source);
  meta.server_version = snap.server_version();
  meta.warnings = snap.warnings;
  return checks::grade(snap, {}, meta);
}

/// What the checks alone say of a bundle (checks::run, without grade()'s integrity findings), with
/// grade()'s fixed meta: the report goldens and the class-page tests hold the checks' words and
/// scores, and every capture they use is a published bundle, which grade() would also find.
inline RunResult checks_only(const nlohmann::json& bundle, const std::string& origin) {
  const Snapshot snap = from_bundle(bundle, origin);
  RunMeta meta = fixed_meta(snap.source);
  meta.server_version = snap.server_version();
  meta.warnings = snap.warnings;
  return checks::run(snap, {}, meta);
}

/// The bundle as if the apiserver had been unreachable: every live read is a transport error.
inline nlohmann::json unreachable(nlohmann::json bundle) {
  const nlohmann::json err = {
      {"error",
       {{"kind", "transport"},
        {"http_status", 0},
        {"message", "GET https://127.0.0.1:6443: Failed to connect to 127.0.0.1 port 6443: Connection refused"}}}};
  for (const char* k : {"version", "namespace", "nodes", "pods", "events"}) bundle["cluster"][k] = err;
  for (auto& [path, d] : bundle["dry_runs"].items()) d = err;
  bundle["server_version"] = "";
  return bundle;
}

}  // namespace gpuwhy::report_test
