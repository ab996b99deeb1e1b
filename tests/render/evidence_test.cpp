// A hint never contradicts the evidence it shows. Over every real capture (the out/ files as the
// scenario saved them) and every recorded form of the forms corpus, plain and filtered (grep,
// awk, head, grep -A: fixtures/cluster/record-forms), a hint that says a node, a message or a
// rejection is missing from a file is never given when the file shows it. What the file shows is
// judged on the reader's own view of it (prompt and comment lines are not output; text::
// strip_noise), by whole names and kubectl's own phrases, independently of the readers.
#include <fmt/format.h>
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <functional>
#include <map>
#include <sstream>

#include "checks.h"
#include "gpuwhy/base/text.h"
#include "gpuwhy/lab/lab.h"
#include "gpuwhy/model/bundle.h"
#include "gpuwhy/model/snapshot.h"

namespace gpuwhy {
namespace {

namespace fs = std::filesystem;

const fs::path kCaptures = fs::path(GPUWHY_SOURCE_DIR) / "fixtures" / "captures";

std::string slurp(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

// The out/ files and the check that grades each.
const std::map<std::string, std::string>& checks_of() {
  static const std::map<std::string, std::string> k{
      {std::string(lab::kFileAdvertised), "step2.advertised-file"},
      {std::string(lab::kFileRejected), "step3.rejected-file"},
      {std::string(lab::kFileTainted), "step5.tainted-file"},
      {std::string(lab::kFileExhausted), "step7.exhausted-file"},
  };
  return k;
}

Outcome grade(const Snapshot& base, const std::string& rel, const std::string& content) {
  Snapshot s = base;
  auto& f = s.files[rel];
  f.state = StudentFile::State::kOk;
  f.content = content;
  f.size = content.size();
  f.reason.clear();
  checks::Selection sel;
  sel.ids = {checks_of().at(rel)};
  for (const auto& c : checks::run(s, sel, RunMeta{}).checks) {
    if (c.id == sel.ids.front()) return c.outcome;
  }
  return {};
}

// `name` stands in `view` as a whole name: not inside a longer one (lab-node-1 in lab-node-10).
bool names(const std::string& view, const std::string& name) {
  const auto part = [](char c) {
    return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' || c == '.';
  };
  for (auto p = view.find(name); p != std::string::npos; p = view.find(name, p + 1)) {
    const std::size_t e = p + name.size();
    const bool left = p == 0 || !part(view[p - 1]);
    const bool right =
        e >= view.size() || !part(view[e]) || (view[e] == '.' && (e + 1 == view.size() || !part(view[e + 1])));
    if (left && right) return true;
  }
  return false;
}

bool shows(const std::string& view, std::string_view phrase) {
  return view.find(phrase) != std::string::npos;
}

std::vector<std::string> listed(const std::string& joined) {
  std::vector<std::string> out;
  std::stringstream ss(joined.substr(0, joined.find(" \u2026")));
  std::string item;
  while (std::getline(ss, item, ',')) {
    item = text::trim(item);
    if (!item.empty()) out.push_back(item);
  }
  return out;
}

// What a hint says is missing from the file, checked against what the file shows; "" when the
// hint and the evidence agree.
std::string contradiction(const Snapshot& s, const Msg& hint, const std::string& view) {
  const std::string& id = hint.id;
  if (id == "hint.step2.advertised-file.missing-nodes") {
    for (const auto& n : listed(hint.args.count("nodes") ? hint.args.at("nodes") : "")) {
      if (names(view, n)) return "says " + n + " is missing";
    }
  }
  if (id == "hint.step2.advertised-file.bare-numbers" && s.nodes.ok()) {
    for (const auto& n : s.nodes.value().value("items", nlohmann::json::array())) {
      const std::string name = n.value("metadata", nlohmann::json::object()).value("name", "");
      if (!name.empty() && names(view, name)) return "says no node is named, but " + name + " is";
    }
  }
  const bool mismatch = shows(view, "must be equal to");
  const bool fraction = shows(view, "must be an integer");
  if ((id == "hint.step3.rejected-file.empty" || id == "hint.step3.rejected-file.no-rejection") &&
      (mismatch || fraction))
    return "says there is no rejection";
  if (id == "hint.step3.rejected-file.no-mismatch" && mismatch) return "says the mismatch rejection is missing";
  if (id == "hint.step3.rejected-file.no-fraction" && fraction) return "says the fraction rejection is missing";
  // "only one rejection": kubectl heads each refusal with `... is invalid`.
  const auto headers = [&view] {
    int n = 0;
    for (auto p = view.find("is invalid"); p != std::string::npos; p = view.find("is invalid", p + 1)) ++n;
    return n;
  };
  if (id == "hint.step3.rejected-file.overwritten" && headers() >= 2) return "says one rejection is missing";
  // "overwritten": the other command's output is gone. A file that shows both bad manifests by
  // name (one refused, the other created or unreadable) shows both commands ran.
  if (id == "hint.step3.rejected-file.overwritten" && shows(view, "bad-mismatch") && shows(view, "bad-fraction"))
    return "says the second command overwrote the first, but the file shows both";
  if (id == "hint.step3.rejected-file.other-result") {
    std::string result = hint.args.count("result") ? hint.args.at("result") : "\x01";
    if (result.ends_with("\u2026")) result.resize(result.size() - std::string("\u2026").size());
    if (!shows(view, result)) return "names a result the file does not show";
  }
  if (id == "hint.step3.rejected-file.overwritten" && !mismatch && !fraction)
    return "says the one rejection kept is of a rule, but it shows neither";
  if (id == "hint.step3.rejected-file.neither" && (mismatch || fraction)) return "says no rejection shows a rule";
  if (id == "hint.scheduler-file.no-message" && shows(view, "nodes are available")) return "says there is no message";
  // "save cpu-only's (trainer3's) message here": said of a file that holds one of that kind
  // beside the other. A message runs from its frame to the next (a preemption tail is its own).
  const auto kinds = [&view] {
    std::string flat;
    for (const char c : view) {
      const bool space = c == ' ' || c == '\n' || c == '\r' || c == '\t';
      if (!space || (!flat.empty() && flat.back() != ' ')) flat += space ? ' ' : c;
    }
    std::vector<std::size_t> frames;
    for (auto p = flat.find(" nodes are available:"); p != std::string::npos;
         p = flat.find(" nodes are available:", p + 1)) {
      const std::size_t from = p < 20 ? 0 : p - 20;
      if (flat.substr(from, p - from).find("preemption:") == std::string::npos) frames.push_back(p);
    }
    struct {
      bool taint_only = false, insufficient_only = false, taint = false, insufficient = false;
    } out;
    for (std::size_t i = 0; i < frames.size(); ++i) {
      const std::string m =
          flat.substr(frames[i], i + 1 < frames.size() ? frames[i + 1] - frames[i] : std::string::npos);
      const bool taint =
          m.find("had untolerated taint") != std::string::npos || m.find("had taint") != std::string::npos;
      const bool insufficient = m.find("Insufficient nvidia.com/gpu") != std::string::npos;
      out.taint_only = out.taint_only || (taint && !insufficient);
      out.insufficient_only = out.insufficient_only || (insufficient && !taint);
      out.taint = out.taint || taint;
      out.insufficient = out.insufficient || insufficient;
    }
    return out;
  };
  if (id == "hint.step5.tainted-file.insufficient" && kinds().taint_only) return "says cpu-only's message is not saved";
  if (id == "hint.step7.exhausted-file.taint" && kinds().insufficient_only)
    return "says trainer3's message is not saved";
  // "a message of the right kind beside one of the other kind".
  const bool tainted_file = hint.args.count("file") != 0 && hint.args.at("file") == lab::kFileTainted;
  if (id == "hint.scheduler-file.also-other-kind" &&
      !(tainted_file ? kinds().taint_only && kinds().insufficient : kinds().insufficient_only && kinds().taint))
    return "says the file holds messages of both kinds";
  if (id == "hint.scheduler-file.wrong-kind-insufficient" && shows(view, "Insufficient nvidia.com/gpu"))
    return "says the message lacks Insufficient";
  if (id == "hint.scheduler-file.wrong-kind-taint" &&
      (shows(view, "taint {nvidia.com/gpu:") || shows(view, "untolerated taint(s)")))
    return "says the message does not blame the taint";
  return "";
}

struct Case {
  fs::path scenario;
  std::string rel;      // out/advertised.txt
  std::string content;  // as saved
  std::string where;
};

// Every capture's own out/ files, and every recorded form of its forms corpus.
std::vector<Case> cases_of(const fs::path& sc, const Snapshot& base) {
  std::vector<Case> out;
  for (const auto& [rel, check] : checks_of()) {
    const auto it = base.files.find(rel);
    if (it != base.files.end() && it->second.state == StudentFile::State::kOk)
      out.push_back({sc, rel, it->second.content, sc.string() + " " + rel});
  }
  std::stringstream idx(slurp(sc / "forms" / "index.tsv"));
  std::string line;
  std::getline(idx, line);
  while (std::getline(idx, line)) {
    const auto t1 = line.find('\t');
    const auto t2 = line.find('\t', t1 + 1);
    if (t1 == std::string::npos || t2 == std::string::npos) continue;
    const std::string file = line.substr(0, t1);
    const std::string name = line.substr(t1 + 1, t2 - t1 - 1);
    out.push_back({sc, "out/" + file, slurp(sc / "forms" / file / (name + ".txt")),
                   fmt::format("{} {}/{}", sc.string(), file, name)});
  }
  return out;
}

std::vector<fs::path> scenarios() {
  std::vector<fs::path> out;
  if (!fs::is_directory(kCaptures)) return out;
  for (const auto& v : fs::directory_iterator(kCaptures)) {
    if (!v.is_directory()) continue;
    for (const auto& sc : fs::directory_iterator(v.path())) {
      if (fs::is_regular_file(sc.path() / "bundle.json")) out.push_back(sc.path());
    }
  }
  std::sort(out.begin(), out.end());
  return out;
}

TEST(HintEvidence, NoHintSaysMissingWhatTheFileShows) {
  const auto all = scenarios();
  ASSERT_GE(all.size(), 40U);
  int graded = 0;
  int missing_hints = 0;
  for (const auto& sc : all) {
    const Snapshot base = load_bundle((sc / "bundle.json").string());
    for (const auto& c : cases_of(sc, base)) {
      const Outcome o = grade(base, c.rel, c.content);
      ++graded;
      if (o.status != Status::kFail) continue;
      const std::string view = text::strip_noise(text::nfkc(c.content));
      const std::string why = contradiction(base, o.hint, view);
      if (o.hint.id.find("missing") != std::string::npos || o.hint.id.find("no-") != std::string::npos) ++missing_hints;
      EXPECT_EQ(why, "") << c.where << ": " << o.hint.id;
    }
  }
  EXPECT_GT(missing_hints, 0) << "the corpus holds files whose hint says something is missing";
  std::cout << "[evidence] " << graded << " files graded, " << missing_hints << " hints of something missing\n";
}

// The oracle itself: it finds a contradiction where there is one.
TEST(HintEvidence, OracleSeesWholeNamesAndPhrases) {
  EXPECT_TRUE(names("Name:               lab-node-0\n", "lab-node-0"));
  EXPECT_FALSE(names("lab-node-10 2\n", "lab-node-1"));
  EXPECT_TRUE(names("node lab-node-1.\n", "lab-node-1"));
  Snapshot s;
  EXPECT_NE(contradiction(s, Msg{"hint.step2.advertised-file.missing-nodes", {{"nodes", "lab-node-0"}}},
                          "Name: lab-node-0\n  nvidia.com/gpu:  2\n"),
            "");
  EXPECT_EQ(contradiction(s, Msg{"hint.step2.advertised-file.missing-nodes", {{"nodes", "lab-node-2"}}},
                          "Name: lab-node-0\n"),
            "");
  EXPECT_NE(contradiction(s, Msg{"hint.scheduler-file.no-message", {}}, "0/3 nodes are available: 3 Insufficient"), "");
  EXPECT_NE(contradiction(s, Msg{"hint.step3.rejected-file.no-fraction", {}}, "x: must be an integer"), "");
  EXPECT_NE(contradiction(s, Msg{"hint.step3.rejected-file.overwritten", {}},
                          "The Pod \"bad-mismatch\" is invalid: x: must be equal to nvidia.com/gpu limit\n"
                          "pod/bad-fraction created (server dry run)\n"),
            "");
  EXPECT_EQ(contradiction(s, Msg{"hint.step3.rejected-file.overwritten", {}},
                          "The Pod \"bad-fraction\" is invalid: x: must be an integer\n"),
            "");
}

}  // namespace
}  // namespace gpuwhy
