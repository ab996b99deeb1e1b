// The block fast path (lib/src/yaml/yaml_block.cpp) against yaml-cpp's path: wherever the fast path
// answers, its documents are byte for byte the ones yaml-cpp's path gives, and yaml-cpp's path
// accepts the text. Checked on every manifest in the recorded captures, on hand-made edge cases,
// and on seeded mutations of the captured manifests (lines re-indented, cut, doubled, swapped;
// quotes, colons, dashes, comments and flow brackets put in). Also: the fast path really answers
// for the usual manifest (else it would be dead code that saves nothing).
#include <gtest/gtest.h>

#include <cstdlib>
#include <iostream>
#include <random>
#include <set>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "gpuwhy/base/error.h"
#include "gpuwhy/model/snapshot.h"
#include "gpuwhy/read/readers.h"
#include "gpuwhy/yaml/yaml.h"
#include "report_common_test.h"

namespace gpuwhy {
namespace {

using nlohmann::json;

std::string dump_all(const std::vector<json>& docs) {
  std::string out;
  for (const auto& d : docs) out += d.dump() + "\n";
  return out;
}

struct Tally {
  int answered = 0;
  int declined = 0;
};

// Returns false (with a failure) when the two paths disagree.
bool agree(const std::string& text, Tally& t) {
  const auto fast = yaml::detail::load_block(text);
  if (!fast) {
    ++t.declined;
    return true;
  }
  ++t.answered;
  std::vector<json> slow;
  try {
    slow = yaml::detail::load_all_full(text, "t.yaml");
  } catch (const Error& e) {
    ADD_FAILURE() << "the fast path answered " << dump_all(*fast) << "where yaml-cpp's path says " << e.what()
                  << "\n--- text ---\n"
                  << text;
    return false;
  }
  if (dump_all(*fast) != dump_all(slow)) {
    ADD_FAILURE() << "fast:\n" << dump_all(*fast) << "yaml-cpp:\n" << dump_all(slow) << "--- text ---\n" << text;
    return false;
  }
  return true;
}

// Every distinct YAML file of every recorded capture, decoded as the checks read it.
std::vector<std::string> captured_manifests() {
  std::set<std::string> texts;
  for (const auto& [v, s] : report_test::all_captures()) {
    const auto b = report_test::load_capture(v, s);
    if (!b) continue;
    const Snapshot snap = from_bundle(*b, report_test::capture_rel(v, s));
    for (const auto& [rel, f] : snap.files) {
      if (rel.size() < 5 || rel.substr(rel.size() - 5) != ".yaml") continue;
      const auto t = readers::decode_file(f);
      if (t.problem == readers::FileProblem::kNone) texts.insert(t.text);
    }
  }
  return {texts.begin(), texts.end()};
}

TEST(YamlBlock, AgreesWithYamlCppOnEveryCapturedManifestAndAnswersForMostOfThem) {
  const auto texts = captured_manifests();
  if (texts.empty()) GTEST_SKIP() << "no captures recorded";
  Tally t;
  for (const auto& text : texts) agree(text, t);
  // The lab's manifests are block YAML: the fast path must take nearly all of them.
  std::cout << "captured manifests: " << t.answered << " answered, " << t.declined << " declined\n";
  EXPECT_GE(t.answered * 10, (t.answered + t.declined) * 9) << t.answered << " answered, " << t.declined << " declined";
}

TEST(YamlBlock, AgreesWithYamlCppOnEdgeCases) {
  const std::vector<std::string> cases = {
      "",
      "# only a comment\n",
      "---\n",
      "---\n---\n",
      "a: 1\n---\nb: 2\n",
      "---\na: 1\n...\n",
      "--- a: 1\n",
      "a: 1\nb:\n  c: 2\n",
      "a:\n- 1\n- two\nb: 3\n",
      "a:\n  - x\n  b: 1\n",
      "a:\n    b: 1\n  c: 2\n",
      "a: b: c\n",
      "a: 'it''s'\n",
      "a: \"q\\\"x\"\n",
      "a: \"x\" # c\n",
      "a: 'x' y\n",
      "a: x # comment\n",
      "a: x#y\n",
      "a: #c\n  b: 1\n",
      "a: [x, 'y', \"z\", 1, true, null]\n",
      "a: [x, [y]]\n",
      "a: [x,]\n",
      "a: [ ]\n",
      "a: []\nb: {}\n",
      "a: { }\n",
      "a: {x: 1}\n",
      "a: &x 1\nb: *x\n",
      "a: !!str 1\n",
      "a: |\n  text\n",
      "a: >-\n  text\n",
      "a: multi\n  line\n",
      "a:\n  value\n",
      "- a\n- b: 1\n  c: 2\n-\n  d: 3\n- - x\n  - y\n",
      "-   a: 1\n    b: 2\n",
      "- a: 1\n   b: 2\n",
      "a: 1\na: 2\n",
      "yes: 1\n1: 2\nnull: 3\n0x1F: 4\n1.5: 5\n.inf: 6\n",
      // keys up to five letters may be null or bool words; longer ones never are
      "FALSE: 1\nOff: 2\nNULL: 3\ny: 4\nnulls: 5\nfalsey: 6\ntrue1: 7\nYes.: 8\nOn_: 9\nnodeSelector: 10\n",
      "\"quoted key\": 1\n'k': 2\n",
      "<<: {a: 1}\nb: 2\n",
      "a:\tb\n",
      "a: b\r\n",
      "\357\273\277a: 1\n",  // a byte order mark (EF BB BF) first
      "a: \xED\x95\x9C\xEA\xB8\x80 # \xEC\xA3\xBC\xEC\x84\x9D\n",
      "# \xEC\xA3\xBC\xEC\x84\x9D\na: 1\n",
      "\xED\x95\x9C: 1\n",
      "a: -\n",
      "a: - b\n",
      "a: -1\nb: -.5\nc: +3\nd: 0o17\ne: 1_000\n",
      "a: ~\nb: Null\nc: off\nd: y\n",
      "a: b:\n",
      "a: http://x.y/z\n",
      "a: x, y\n",
      "key : v\n",
      "a:b\n",
      "  a: 1\n  b: 2\n",
      "  a: 1\nb: 2\n",
      "- 1\na: 2\n",
      "a: '\n  b'\n",
      "%YAML 1.2\n---\na: 1\n",
      "? a\n: b\n",
      "a: 1\n  # indented comment\nb: 2\n",
      "spec:\n  containers:\n  - name: c\n    resources:\n      limits:\n        nvidia.com/gpu: 1\n",
  };
  Tally t;
  for (const auto& c : cases) agree(c, t);
  std::cout << "edge cases: " << t.answered << " answered, " << t.declined << " declined\n";
  EXPECT_GT(t.answered, 10);
  EXPECT_GT(t.declined, 10);
}

// Line-level and character-level mutations of a manifest.
std::string mutate(const std::string& text, std::mt19937& rng) {
  std::vector<std::string> lines;
  std::size_t start = 0;
  while (start < text.size()) {
    const auto end = std::min(text.find('\n', start), text.size());
    lines.push_back(text.substr(start, end - start));
    start = end + 1;
  }
  if (lines.empty()) lines.emplace_back();
  const auto pick = [&](std::size_t n) { return std::uniform_int_distribution<std::size_t>(0, n - 1)(rng); };
  const std::vector<std::string> bits = {
      " ", "  ", "- ", ": ",   ":",   "'",  "\"", "#", " #",  "[", "]",  "{}", "[]",           ",", "&a ", "*a", "!",
      "|", ">",  "~",  "null", "yes", "0x", "1",  "-", "---", "?", "\\", "''", "\xED\x95\x9C", "%"};
  const int edits = 1 + static_cast<int>(pick(3));
  for (int e = 0; e < edits; ++e) {
    std::string& l = lines[pick(lines.size())];
    switch (pick(7)) {
      case 0: l.insert(0, std::string(1 + pick(3), ' ')); break;                // deeper
      case 1: l.erase(0, std::min<std::size_t>(l.size(), 1 + pick(2))); break;  // shallower or cut
      case 2: lines.insert(lines.begin() + static_cast<std::ptrdiff_t>(pick(lines.size())), l); break;
      case 3: std::swap(lines[pick(lines.size())], lines[pick(lines.size())]); break;
      case 4: l.insert(pick(l.size() + 1), bits[pick(bits.size())]); break;
      case 5:
        if (!l.empty()) l.erase(pick(l.size()), 1);
        break;
      default: l += bits[pick(bits.size())]; break;
    }
  }
  std::string out;
  for (const auto& l : lines) out += l + "\n";
  return out;
}

TEST(YamlBlock, AgreesWithYamlCppOnSeededMutationsOfTheCapturedManifests) {
  const auto texts = captured_manifests();
  if (texts.empty()) GTEST_SKIP() << "no captures recorded";
  // GPUWHY_YAML_MUTANTS / GPUWHY_YAML_SEED: a longer campaign than the CI slice.
  const char* n_env = std::getenv("GPUWHY_YAML_MUTANTS");
  const char* seed_env = std::getenv("GPUWHY_YAML_SEED");
  const long mutants = n_env != nullptr ? std::atol(n_env) : 20000;
  std::mt19937 rng(seed_env != nullptr ? static_cast<unsigned>(std::atol(seed_env)) : 20261201U);
  Tally t;
  int disagreements = 0;
  for (long i = 0; i < mutants && disagreements < 5; ++i) {
    if (!agree(mutate(texts[static_cast<std::size_t>(i) % texts.size()], rng), t)) ++disagreements;
  }
  EXPECT_EQ(disagreements, 0);
  // Both paths are exercised: many mutants are still plain block YAML, many are not.
  std::cout << "mutants: " << t.answered << " answered, " << t.declined << " declined\n";
  EXPECT_GT(t.answered, 2000) << t.declined << " declined";
  EXPECT_GT(t.declined, 2000) << t.answered << " answered";
}

}  // namespace
}  // namespace gpuwhy
