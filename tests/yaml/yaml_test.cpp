#include <gtest/gtest.h>

#include <random>

#include "gpuwhy/base/error.h"
#include "gpuwhy/k8s/manifest.h"
#include "gpuwhy/yaml/yaml.h"

namespace gpuwhy {
namespace {

using nlohmann::json;

// name: gtest suffix; yaml: one-document input `v: <scalar>`; want: the JSON value of v.
struct ScalarCase {
  const char* name;
  const char* yaml;
  json want;
};

class YamlScalar : public testing::TestWithParam<ScalarCase> {};

TEST_P(YamlScalar, TypesLikeSigsK8sYaml) {
  const ScalarCase& c = GetParam();
  auto docs = yaml::load_all(std::string("v: ") + c.yaml, "t.yaml");
  ASSERT_EQ(docs.size(), 1U);
  const json& v = docs[0]["v"];
  EXPECT_EQ(v, c.want) << "yaml: " << c.yaml << " got " << v.dump();
  EXPECT_EQ(v.type(), c.want.type()) << "yaml: " << c.yaml << " got " << v.dump();
}

INSTANTIATE_TEST_SUITE_P(
    Types, YamlScalar,
    testing::Values(ScalarCase{"True", "true", true}, ScalarCase{"FalseCap", "False", false},
                    ScalarCase{"Yes", "yes", true}, ScalarCase{"Off", "off", false},
                    ScalarCase{"QuotedTrue", "\"true\"", "true"}, ScalarCase{"Null", "null", nullptr},
                    ScalarCase{"Tilde", "~", nullptr}, ScalarCase{"Empty", "", nullptr}, ScalarCase{"Int", "2", 2},
                    ScalarCase{"NegInt", "-7", -7}, ScalarCase{"Hex", "0x1f", 31}, ScalarCase{"Octal", "010", 8},
                    ScalarCase{"Underscore", "1_000", 1000}, ScalarCase{"Float", "0.5", 0.5},
                    ScalarCase{"FloatExp", "1.5e3", 1500.0}, ScalarCase{"LeadingDot", ".5", 0.5},
                    ScalarCase{"QuotedFloat", "\"0.5\"", "0.5"}, ScalarCase{"SingleQuotedInt", "'2'", "2"},
                    ScalarCase{"Milli", "500m", "500m"}, ScalarCase{"Quantity", "1Gi", "1Gi"},
                    ScalarCase{"Infinity", ".infinity", ".infinity"}, ScalarCase{"Version", "1.2.3", "1.2.3"},
                    ScalarCase{"ExplicitStr", "!!str 2", "2"}, ScalarCase{"ExplicitInt", "!!int \"3\"", 3},
                    ScalarCase{"Word", "present", "present"},
                    ScalarCase{"BigInt", "18446744073709551615", json(18446744073709551615ULL)},
                    ScalarCase{"Huge", "99999999999999999999", 1e20}, ScalarCase{"Block", "|\n  a\n  b\n", "a\nb\n"}),
    [](const testing::TestParamInfo<ScalarCase>& info) { return std::string(info.param.name); });

// go-yaml reads .inf, -.Inf and .nan as floats JSON cannot hold: kubectl refuses the file where
// one is a value (at its line, fault "number"), and writes one that is a key back as text.
TEST(Yaml, InfinityAndNotANumberAreRefusedAsValuesAndWrittenBackAsKeys) {
  for (const char* text : {"a: .inf\n", "a: -.Inf\n", "a: [1, .NaN]\n", "a: !!float .inf\n", "- +.INF\n"}) {
    try {
      (void)yaml::load_all(text, "t.yaml");
      ADD_FAILURE() << text << " was read";
    } catch (const Error& e) {
      EXPECT_EQ(e.args().at("fault"), "number") << text;
    }
  }
  EXPECT_EQ(yaml::load_all("a: '.inf'\nb: !!str .nan\nc: .infinity\n", "t.yaml").at(0),
            (json{{"a", ".inf"}, {"b", ".nan"}, {"c", ".infinity"}}));
  EXPECT_EQ(yaml::load_all(".INF: 1\n-.Inf: 2\n.NaN: 3\n'-.INF': 4\n", "t.yaml").at(0),
            (json{{".inf", 1}, {"-.inf", 2}, {".nan", 3}, {"-.INF", 4}}));
}

TEST(Yaml, MultiDocumentDropsEmptyOnes) {
  auto docs = yaml::load_all("---\n---\na: 1\n---\n# only a comment\n---\n- x\n- 'y'\n...\n", "m.yaml");
  ASSERT_EQ(docs.size(), 2U);
  EXPECT_EQ(docs[0], (json{{"a", 1}}));
  EXPECT_EQ(docs[1], (json{"x", "y"}));
  EXPECT_TRUE(yaml::load_all("", "e.yaml").empty());
  EXPECT_TRUE(yaml::load_all("# nothing\n", "e.yaml").empty());
}

TEST(Yaml, PodManifest) {
  const char* pod = R"(apiVersion: v1
kind: Pod
metadata:
  name: trainer
  labels: {app: "x", num: 1}
spec:
  nodeSelector:
    nvidia.com/gpu.present: "true"
  containers:
  - name: c
    image: busybox
    resources:
      limits:
        nvidia.com/gpu: 1
      requests: {nvidia.com/gpu: 0.5}
)";
  auto docs = yaml::load_all(pod, "pod.yaml");
  ASSERT_EQ(docs.size(), 1U);
  const json& d = docs[0];
  EXPECT_EQ(d["kind"], "Pod");
  EXPECT_EQ(d["metadata"]["labels"]["num"], 1);
  EXPECT_EQ(d["spec"]["nodeSelector"]["nvidia.com/gpu.present"], "true");
  EXPECT_EQ(d["spec"]["containers"][0]["resources"]["limits"]["nvidia.com/gpu"], 1);
  EXPECT_EQ(d["spec"]["containers"][0]["resources"]["requests"]["nvidia.com/gpu"], 0.5);
}

// kubectl apply -f takes a List as its items: so does k8s::load_manifest, on both of
// yaml::load_all's paths; yaml::load_all itself keeps the List as one object.
TEST(Manifest, ListsStandForTheirItems) {
  const char* block =
      "apiVersion: v1\nkind: List\nitems:\n- apiVersion: v1\n  kind: Pod\n  metadata:\n    name: trainer\n"
      "- apiVersion: v1\n  kind: ConfigMap\n  metadata:\n    name: c\n---\nkind: Namespace\n";
  const auto docs = k8s::load_manifest(block, "t.yaml");
  ASSERT_EQ(docs.size(), 3U);
  EXPECT_EQ(docs[0]["kind"], "Pod");
  EXPECT_EQ(docs[0]["metadata"]["name"], "trainer");
  EXPECT_EQ(docs[1]["kind"], "ConfigMap");
  EXPECT_EQ(docs[2]["kind"], "Namespace");
  // JSON (yaml-cpp's path, not the block one).
  const auto json_list =
      k8s::load_manifest(R"({"kind":"PodList","items":[{"kind":"Pod","metadata":{"name":"x"}}]})", "t.json");
  ASSERT_EQ(json_list.size(), 1U);
  EXPECT_EQ(json_list[0]["kind"], "Pod");
  // A List without items, or items that are no array, is an object like any other.
  EXPECT_EQ(k8s::load_manifest("kind: List\n", "t.yaml")[0]["kind"], "List");
  EXPECT_EQ(k8s::load_manifest("kind: List\nitems: 3\n", "t.yaml")[0]["kind"], "List");
  EXPECT_EQ(yaml::load_all(block, "t.yaml").size(), 2U);
}

TEST(Yaml, AnchorsAliasesAndMergeKeys) {
  auto docs = yaml::load_all("base: &b {a: 1, b: 2}\nuse: *b\nmerged:\n  <<: *b\n  b: 3\n", "a.yaml");
  ASSERT_EQ(docs.size(), 1U);
  EXPECT_EQ(docs[0]["use"], (json{{"a", 1}, {"b", 2}}));
  EXPECT_EQ(docs[0]["merged"], (json{{"a", 1}, {"b", 3}}));
}

TEST(Yaml, NonStringKeysBecomeStrings) {
  // sigs.k8s.io/yaml (go-yaml v2, YAML 1.1) reads a plain `n` key as the bool false.
  auto docs = yaml::load_all("1: a\ntrue: b\n~: c\nn: d\n\"n\": e\n", "k.yaml");
  ASSERT_EQ(docs.size(), 1U);
  EXPECT_EQ(docs[0], (json{{"1", "a"}, {"true", "b"}, {"null", "c"}, {"false", "d"}, {"n", "e"}}));
}

// One "billion laughs" line: `c: &c [*b, *b, ... nine times]`.
std::string fmt_line(char name, char prev) {
  std::string line = std::string(1, name) + ": &" + name + " [";
  for (int i = 0; i < 9; ++i) line += std::string(i ? ", *" : "*") + prev;
  return line + "]\n";
}

TEST(Yaml, AliasBombIsRejectedFast) {
  std::string bomb = "a: &a [\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\",\"lol\"]\n";
  char prev = 'a';
  for (char c = 'b'; c <= 'j'; ++c) {
    bomb += fmt_line(c, prev);
    prev = c;
  }
  try {
    yaml::load_all(bomb, "bomb.yaml");
    FAIL() << "alias bomb accepted";
  } catch (const Error& e) {
    EXPECT_EQ(e.kind(), ErrorKind::kParse);
    EXPECT_NE(std::string(e.what()).find("bomb.yaml: line "), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("alias"), std::string::npos) << e.what();
  }
}

TEST(Yaml, DeepNestingIsRejected) {
  // Unbalanced and very deep: refused (by us or yaml-cpp's own depth guard), never a stack overflow.
  EXPECT_THROW(yaml::load_all(std::string(100000, '['), "deep.yaml"), Error);
  EXPECT_THROW(yaml::load_all(std::string(100000, '{'), "deep.yaml"), Error);
  std::string dashes;
  for (int i = 0; i < 20000; ++i) dashes += "- ";
  EXPECT_THROW(yaml::load_all(dashes + "x", "deep.yaml"), Error);
  const std::string flow = std::string(100, '[') + std::string(100, ']');
  try {
    yaml::load_all(flow, "deep.yaml");
    FAIL() << "deep nesting accepted";
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("nesting deeper than 64 levels"), std::string::npos) << e.what();
  }
  std::string block;
  for (int i = 0; i < 100; ++i) block += std::string(static_cast<std::size_t>(i) * 2, ' ') + "k:\n";
  EXPECT_THROW(yaml::load_all(block, "deep.yaml"), Error);
  // Within the limit is fine.
  EXPECT_NO_THROW(yaml::load_all(std::string(60, '[') + std::string(60, ']'), "ok.yaml"));
}

TEST(Yaml, SizeAndNodeLimits) {
  yaml::Limits small;
  small.max_bytes = 10;
  EXPECT_THROW(yaml::load_all("a: 123456789012", "big.yaml", small), Error);
  yaml::Limits few;
  few.max_nodes = 5;
  EXPECT_THROW(yaml::load_all("[1, 2, 3, 4, 5, 6]", "n.yaml", few), Error);
  EXPECT_NO_THROW(yaml::load_all("[1, 2, 3]", "n.yaml", few));
}

TEST(Yaml, ParseErrorsNameLineAndColumn) {
  try {
    yaml::load_all("a: 1\nb: [1, 2\nc: 3\n", "bad.yaml");
    FAIL() << "accepted";
  } catch (const Error& e) {
    EXPECT_EQ(e.kind(), ErrorKind::kParse);
    EXPECT_EQ(std::string(e.what()).rfind("bad.yaml: line ", 0), 0U) << e.what();
    EXPECT_NE(std::string(e.what()).find(" column "), std::string::npos) << e.what();
  }
  try {
    yaml::load_all("a: *nope\n", "alias.yaml");
    FAIL() << "accepted";
  } catch (const Error& e) {
    EXPECT_NE(std::string(e.what()).find("alias.yaml: line 1 column"), std::string::npos) << e.what();
  }
}

TEST(Yaml, GarbageNeverCrashes) {
  const std::vector<std::string> samples{
      "\t- a",
      ":",
      "[",
      "]",
      "{a: [}",
      "&a *a",
      "&a [*a]",
      "? [a]: b",
      "- &x\n- *x",
      "%YAML 9.9",
      "!<tag> x",
      "a: |\n",
      "\xff\xfe",
      std::string(3, '\0'),
      "key: \"\\u",
      "a: b: c",
      "---\n...\n...",
      "{{{{",
      "- - - - -",
      "!!int abc",
      "!!bool maybe",
      "? a\n? b\n",
  };
  for (const auto& s : samples) {
    try {
      yaml::load_all(s, "g.yaml");
    } catch (const Error& e) {
      EXPECT_EQ(e.kind(), ErrorKind::kParse) << s;
    }
  }
  std::mt19937 rng(42);
  const std::string alphabet = "ab: -[]{},&*!|>'\"#\n\t ?%@`\\0123456789.~";
  for (int round = 0; round < 500; ++round) {
    std::string s;
    const std::size_t len = rng() % 64;
    for (std::size_t i = 0; i < len; ++i) s += alphabet[rng() % alphabet.size()];
    try {
      yaml::load_all(s, "r.yaml");
    } catch (const Error& e) {
      EXPECT_EQ(e.kind(), ErrorKind::kParse) << s;
    }
  }
}

}  // namespace
}  // namespace gpuwhy
