// k8s::load_manifest against kubectl's own YAML reader: fixtures/k8s/yaml/syntax.jsonl is what
// `kubectl create --dry-run=client -o json -f FILE` made of a lab manifest with tabs, quotes, block
// scalars, document markers and byte-order marks placed where students put them (recorded by
// fixtures/k8s/record-yaml, never typed). A text kubectl cannot read as YAML is refused, at the
// line kubectl names; every other text gives the objects kubectl sent.
#include <gtest/gtest.h>

#include <algorithm>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "gpuwhy/base/base64.h"
#include "gpuwhy/base/error.h"
#include "gpuwhy/k8s/manifest.h"
#include "validity_rows.h"

namespace gpuwhy {
namespace {

using nlohmann::json;

struct Read {
  std::optional<std::vector<json>> docs;
  std::string line;  ///< of the syntax error, when it names one
  std::string error;
};

Read read(const std::string& text) {
  Read r;
  try {
    r.docs = k8s::load_manifest(text, "syntax.yaml");
  } catch (const Error& e) {
    r.error = e.what();
    if (e.id() == "input.syntax") r.line = e.args().at("line");
  }
  return r;
}

// The line `line` of `text` as kubectl counts it: from the start of its document, where kubectl's
// reader (apimachinery's YAMLReader) starts one after a line beginning "---" that is not the first.
int kubectl_line(const std::string& text, int line) {
  int start = 1;
  bool empty = true;  // nothing of the document read yet
  int n = 1;
  for (std::size_t pos = 0; pos < text.size() && n < line; ++n) {
    const std::size_t end = text.find('\n', pos);
    if (text.compare(pos, 3, "---") == 0 && !empty) {
      start = n + 1;
      empty = true;
    } else {
      empty = false;
    }
    pos = end == std::string::npos ? text.size() : end + 1;
  }
  return line - start + 1;
}

// The objects kubectl printed, without what its printing adds: the namespace of its context
// ("default") where the file names none, and an empty (or null) metadata where the file has no
// `metadata` key (a tab inside the key makes it another key).
json as_written(json printed, const std::vector<json>& read) {
  for (std::size_t k = 0; k < printed.size() && k < read.size(); ++k) {
    if (!printed[k].contains("metadata")) continue;
    json& meta = printed[k]["metadata"];
    const bool has_meta = read[k].contains("metadata");
    if (meta.is_object() && meta.value("namespace", "") == "default" &&
        !(has_meta && read[k]["metadata"].contains("namespace"))) {
      meta.erase("namespace");
    }
    if (!has_meta && (meta.is_null() || meta.empty())) printed[k].erase("metadata");
  }
  return printed;
}

// The text of a row: as written, or (a file that is not UTF-8, kept as its bytes) its bytes read
// as kubectl reads a file (k8s::manifest_text); nullopt when they are refused before any YAML.
std::optional<std::string> text_of(const json& row, std::string* why) {
  if (!row.contains("bytes")) return row["yaml"].get<std::string>();
  const auto raw = base64::decode(row["bytes"].get<std::string>());
  if (!raw) {
    *why = "bad base64 in the recording";
    return std::nullopt;
  }
  return k8s::manifest_text(*raw, why);
}

TEST(K8sManifestSyntax, KubectlsRefusalsAreRefusedAtItsLineAndItsObjectsRead) {
  const auto rows = gpuwhy_test::validity_rows("yaml/syntax.jsonl");
  ASSERT_GT(rows.size(), 1000U) << "run fixtures/k8s/record-yaml";
  int refused = 0;
  int bytes = 0;
  int separators = 0;
  for (const auto& row : rows) {
    const std::string name = row["name"].get<std::string>();
    bytes += row.contains("bytes") ? 1 : 0;
    separators += name.find("separator") != std::string::npos ? 1 : 0;
    std::string why;
    const auto text = text_of(row, &why);
    if (!text) {
      EXPECT_FALSE(row["accepted"].get<bool>()) << name << ": kubectl read it; gpuwhy says " << why;
      ++refused;
      continue;
    }
    const Read r = read(*text);
    if (row["accepted"].get<bool>()) {
      EXPECT_TRUE(r.docs) << name << ": kubectl read it; gpuwhy says " << r.error;
      if (r.docs) {
        EXPECT_EQ(json(*r.docs), as_written(row["objects"], *r.docs)) << name;
      }
      continue;
    }
    if (row["stage"] == "object") {
      // Read as YAML; no API serves the object it makes.
      EXPECT_TRUE(r.docs) << name << ": kubectl read it; gpuwhy says " << r.error;
      continue;
    }
    if (row["stage"] == "validate") {
      // Read as YAML, but one object has no apiVersion or no kind: kubectl refuses to send it.
      if (r.docs) {
        EXPECT_TRUE(std::any_of(r.docs->begin(), r.docs->end(), [](const json& d) {
          return !d.contains("apiVersion") || !d.contains("kind");
        })) << name;
      }
      continue;
    }
    ++refused;
    EXPECT_FALSE(r.docs) << name << ": kubectl refused it (" << row["error"].get<std::string>() << "); gpuwhy read "
                         << json(r.docs.value_or(std::vector<json>{})).dump();
    if (r.docs || r.line.empty()) continue;
    // kubectl counts lines from the start of the document (after a "---" line); gpuwhy from the
    // file's first line, as the student's editor does. go-yaml's scanner names the line of the fault
    // (and none when that is the document's first); its parser the line before the token it wanted.
    const int ours = kubectl_line(*text, std::stoi(r.line));
    const std::string error = row["error"].get<std::string>();
    // go-yaml names no line for a control character, a merge of no map or a float JSON cannot
    // hold; gpuwhy names it (for the student).
    if (error.find("control characters are not allowed") != std::string::npos ||
        error.find("map merge requires") != std::string::npos || error.find("unsupported value") != std::string::npos) {
      continue;
    }
    if (error.find("yaml: found") != std::string::npos || error.find(": found") != std::string::npos) {
      EXPECT_EQ(ours, row.value("line", 1)) << name << ": " << r.error << "; kubectl: " << error;
    } else {
      EXPECT_LE(row.value("line", 0), ours) << name << ": " << r.error << "; kubectl: " << error;
      EXPECT_LE(ours, row.value("line", 0) + 1) << name << ": " << r.error << "; kubectl: " << error;
    }
  }
  EXPECT_GT(refused, 500);
  EXPECT_GT(bytes, 40) << "files that are not UTF-8, or not text: run fixtures/k8s/record-yaml";
  EXPECT_GE(separators, 30) << "U+2028 and U+2029 where go-yaml breaks lines: run fixtures/k8s/record-yaml";
}

}  // namespace
}  // namespace gpuwhy
