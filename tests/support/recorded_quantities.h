// fixtures/k8s/quantity/*.tsv, what apimachinery made of each input (recorded by
// fixtures/k8s/record, never typed): the input, then "error", or Value() and MilliValue() ("big"
// where Go's int64 would not hold the result).
#pragma once

#include <fstream>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace gpuwhy_test {

struct RecordedQuantity {
  std::string input;
  bool error = false;
  bool yaml_error = false;         ///< refused by kubectl's YAML reader: nothing was sent
  std::optional<long long> value;  ///< nullopt: "big"
  std::optional<long long> milli;
};

/// quantities.tsv (ParseQuantity of a text) or yaml_quantities.tsv (a YAML scalar as kubectl sends it),
/// or random_quantities.tsv / yaml_random_quantities.tsv (the same of fixtures/k8s/quantity/random-inputs).
inline std::vector<RecordedQuantity> recorded_quantities(const char* file = "quantities.tsv") {
  const auto cell = [](const std::string& s) -> std::optional<long long> {
    if (s == "big") return std::nullopt;
    return std::stoll(s);
  };
  std::ifstream in(std::string(GPUWHY_SOURCE_DIR) + "/fixtures/k8s/quantity/" + file);
  std::vector<RecordedQuantity> rows;
  for (std::string line; std::getline(in, line);) {
    std::vector<std::string> f;
    for (std::size_t at = 0;;) {
      const auto tab = line.find('\t', at);
      f.push_back(line.substr(at, tab == std::string::npos ? std::string::npos : tab - at));
      if (tab == std::string::npos) break;
      at = tab + 1;
    }
    RecordedQuantity r;
    // The input is Go's %q of it: the inputs here are ASCII or valid UTF-8, so a JSON string reads it.
    r.input = nlohmann::json::parse(f.at(0)).get<std::string>();
    r.error = f.at(1) == "error";
    r.yaml_error = r.error && f.size() > 2 && f[2] == "yaml";
    if (!r.error) {
      r.value = cell(f.at(1));
      r.milli = cell(f.at(2));
    }
    rows.push_back(r);
  }
  return rows;
}

/// The chosen inputs of `chosen` and those of `random` (quantities.tsv and random_quantities.tsv,
/// or the yaml_ pair); `every` > 1 keeps one random row in `every`, a fixed slice, for tests that
/// grade a whole bundle per row.
inline std::vector<RecordedQuantity> chosen_and_random(const char* chosen, const char* random, std::size_t every = 1) {
  auto rows = recorded_quantities(chosen);
  const auto more = recorded_quantities(random);
  for (std::size_t i = 0; i < more.size(); i += every) rows.push_back(more[i]);
  return rows;
}

}  // namespace gpuwhy_test
