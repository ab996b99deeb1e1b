// k8s::value and k8s::milli_value against apimachinery itself: fixtures/k8s/quantity/quantities.tsv
// is what resource.ParseQuantity, Value() and MilliValue() of k8s.io/apimachinery v0.34.0 make of
// each input (recorded by fixtures/k8s/record, never typed). Also: the student-file reader and
// `gpuwhy why` give the same amounts, since both go through the one rule.
#include <gtest/gtest.h>

#include <optional>
#include <random>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "gpuwhy/base/text.h"
#include "gpuwhy/k8s/quantity.h"
#include "gpuwhy/k8s/requests.h"
#include "gpuwhy/read/readers.h"
#include "gpuwhy/yaml/yaml.h"
#include "recorded_quantities.h"

namespace gpuwhy {
namespace {

using Row = gpuwhy_test::RecordedQuantity;

// Every recorded text: the chosen ones and the seeded random ones.
std::vector<Row> recorded() {
  return gpuwhy_test::chosen_and_random("quantities.tsv", "random_quantities.tsv");
}
std::vector<Row> recorded_yaml() {
  return gpuwhy_test::chosen_and_random("yaml_quantities.tsv", "yaml_random_quantities.tsv");
}

TEST(K8sQuantity, EqualsApimachineryOnEveryRecordedInput) {
  const auto rows = recorded();
  ASSERT_GE(rows.size(), 60U) << "run fixtures/k8s/record";
  int errors = 0;
  for (const auto& r : rows) {
    SCOPED_TRACE("input \"" + r.input + "\"");
    EXPECT_EQ(k8s::is_quantity(r.input), !r.error);
    if (r.error) {
      ++errors;
      EXPECT_EQ(k8s::value(r.input), std::nullopt);
      EXPECT_EQ(k8s::milli_value(r.input), std::nullopt);
      continue;
    }
    EXPECT_EQ(k8s::value(r.input), r.value);
    EXPECT_EQ(k8s::milli_value(r.input), r.milli);
  }
  EXPECT_GT(errors, 5);
}

// The cases by name, so a change to the table cannot drop them silently; the last six came
// from the random inputs recorded beside the chosen ones.
TEST(K8sQuantity, TheCasesThatOnceDiffered) {
  EXPECT_EQ(k8s::milli_value("1P"), 1'000'000'000'000'000'000LL);
  EXPECT_EQ(k8s::milli_value("-0.0005"), -1);  // away from zero, as AsScale rounds
  EXPECT_EQ(k8s::value("-1.5"), -2);
  EXPECT_EQ(k8s::milli_value("0.5"), 500);
  EXPECT_EQ(k8s::milli_value("500m"), 500);
  EXPECT_EQ(k8s::value("500m"), 1);
  EXPECT_EQ(k8s::milli_value("1e3"), 1'000'000);
  EXPECT_EQ(k8s::value("1K"), std::nullopt);
  // No digit: zero on ParseQuantity's int64 path, refused off it (inf.Dec reads no number).
  EXPECT_EQ(k8s::value("Ki"), 0);
  EXPECT_EQ(k8s::value("Pi"), std::nullopt);
  EXPECT_EQ(k8s::value("e3"), 0);
  EXPECT_EQ(k8s::value("e-19"), std::nullopt);
  // A YAML float keeps Go's shortest digits: '_' dropped, fixed notation below 1e21.
  EXPECT_EQ(k8s::json_scaled_value(nlohmann::json(2070153390236949954.606), 1), 2070153390236950000LL);
  EXPECT_EQ(k8s::json_scaled_value(nlohmann::json(-2070153390236949954.606), 1), -2834465297LL);  // Go wraps
}

// One rule, three callers: the reader of a saved file (thousandths) and k8s::quantity, which
// `gpuwhy why` reads requests with (cpu in thousandths, the rest whole), agree with k8s:: on every
// recorded input the reader takes.
TEST(K8sQuantity, ReaderAndWhyUseTheSameRule) {
  for (const auto& r : recorded()) {
    SCOPED_TRACE("input \"" + r.input + "\"");
    const bool has_digit = r.input.find_first_of("0123456789") != std::string::npos;
    if (r.input.size() <= 40 && has_digit && r.input == std::string(text::trim(r.input))) {
      EXPECT_EQ(readers::quantity_milli(r.input), k8s::milli_value(r.input));
      EXPECT_EQ(readers::quantity_milli("\"" + r.input + "\""), k8s::milli_value(r.input));
    } else if (!has_digit) {
      EXPECT_EQ(readers::quantity_milli(r.input), std::nullopt) << "a cell with no digit is no amount";
    }
    // From JSON the apiserver trims the text first (Quantity.UnmarshalJSON).
    const std::string trimmed = text::trim(r.input);
    EXPECT_EQ(k8s::quantity("cpu", nlohmann::json(r.input)), k8s::milli_value(trimmed));
    EXPECT_EQ(k8s::quantity("nvidia.com/gpu", nlohmann::json(r.input)), k8s::value(trimmed));
  }
}

// A YAML scalar in a manifest, as kubectl takes it to the apiserver: yaml_quantities.tsv records
// YAMLToJSON, the unstructured round trip and Quantity.UnmarshalJSON of each (2.50, 0x2, 010,
// 1_000, 1e-7, '2', null, …); gpuwhy's YAML reader then k8s::json_scaled_value must agree.
TEST(K8sQuantity, AYamlScalarIsTheQuantityKubectlSends) {
  const auto rows = recorded_yaml();
  ASSERT_GE(rows.size(), 50U) << "run fixtures/k8s/record";
  for (const auto& r : rows) {
    SCOPED_TRACE("q: " + r.input);
    std::vector<nlohmann::json> docs;
    try {
      docs = yaml::load_all("q: " + r.input + "\n", "test.yaml");
    } catch (const Error& e) {
      // Refused as YAML ("!!int 1.5", ".inf"): kubectl's reader refuses it too, sending nothing.
      EXPECT_TRUE(r.yaml_error) << e.what();
      continue;
    }
    EXPECT_FALSE(r.yaml_error) << "kubectl's YAML reader refused it; gpuwhy's read it";
    ASSERT_EQ(docs.size(), 1U);
    const auto& v = docs[0].at("q");
    EXPECT_EQ(k8s::json_is_quantity(v), !r.error) << "refused before validation, or decoded";
    if (r.error) {
      EXPECT_EQ(k8s::json_scaled_value(v, 1), std::nullopt);
      EXPECT_EQ(k8s::json_scaled_value(v, 1000), std::nullopt);
      continue;
    }
    EXPECT_EQ(k8s::json_scaled_value(v, 1), r.value);
    EXPECT_EQ(k8s::json_scaled_value(v, 1000), r.milli);
    if (!v.is_null()) {
      EXPECT_EQ(readers::json_quantity_milli(v), r.milli) << "the checks read manifests with it";
    }
  }
}

// Any text of the grammar's characters (the sanitizer lane runs this too): a result or nullopt,
// never a crash; a value read in thousandths is read in units too, and one with no '-' is never
// negative, in units at least its thousandths / 1000.
TEST(K8sQuantity, AnyTextOfItsCharactersIsReadWithoutFault) {
  std::mt19937 rng(20261205);
  const std::string alphabet = "0123456789.+-eEinumkKMGTP0000000999";
  std::uniform_int_distribution<std::size_t> len(0, 40);
  std::uniform_int_distribution<std::size_t> pick(0, alphabet.size() - 1);
  int read = 0;
  for (int i = 0; i < 50000; ++i) {
    std::string s(len(rng), ' ');
    for (char& c : s) c = alphabet[pick(rng)];
    SCOPED_TRACE("input \"" + s + "\"");
    const auto v = k8s::value(s);
    const auto m = k8s::milli_value(s);
    EXPECT_TRUE(!m || v) << "thousandths in range, units too";
    if (v && m) {
      ++read;
      if (s.front() != '-') {
        EXPECT_GE(*v, 0);
        EXPECT_GE(*m, 0);
        EXPECT_GE(*v * 1000, *m);  // Value rounds up at least as far as MilliValue
      }
    }
  }
  EXPECT_GT(read, 1000);
}

}  // namespace
}  // namespace gpuwhy
