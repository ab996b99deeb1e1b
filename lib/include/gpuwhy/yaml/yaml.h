#pragma once
/// YAML (manifests, kubeconfigs) converted once into JSON at the edge, with limits.

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

namespace gpuwhy::yaml {

struct Limits {
  std::size_t max_bytes = 1024UL * 1024;
  std::size_t max_nodes = 100000;  ///< after alias expansion (alias bombs)
  std::size_t max_depth = 64;
};

/// Every document of a YAML stream as JSON (empty documents dropped). Scalars keep YAML 1.1
/// core types the way Kubernetes' sigs.k8s.io/yaml reads them (true/false, ints, floats,
/// null); quoted scalars stay strings. Throws Error(kParse) naming `origin`, line and column.
std::vector<nlohmann::json> load_all(std::string_view text, const std::string& origin, const Limits& limits = {});

/// Where go-yaml v2, the reader under sigs.k8s.io/yaml (so kubectl's), refuses a document that
/// yaml-cpp reads: a tab where go-yaml allows none (at the start of a line, after a sequence's '-',
/// in a block scalar's indentation), an escape it does not know (`"\/"`), a directive, a control
/// character (its reader allows none, in a comment either).
struct GoProblem {
  int line = 0;             ///< 1-based, in `document`
  int column = 0;           ///< 1-based, in characters
  const char* reason = "";  ///< go-yaml's words
  const char* fault = "";   ///< "tab", "escape", "directive" or "control"
};
/// The first such refusal in `document` (one document, as kubectl's reader hands it to go-yaml;
/// nothing after its end marker "..." is read), or nullopt.
std::optional<GoProblem> go_yaml_problem(std::string_view document);

/// `text` (a whole YAML file) as yaml-cpp must read it to read what go-yaml reads, where it holds
/// U+2028 or U+2029: go-yaml breaks a line at each (yaml-cpp reads a character). Outside a
/// scalar each becomes an LF; inside one that goes on past it (quoted, plain or block) it stays,
/// the blanks around it dropped, as go-yaml joins the lines. nullopt when nothing changes.
std::optional<std::string> go_line_breaks(std::string_view text);

namespace detail {
/// The two paths load_all() takes, apart for tests: the block fast path (nullopt when the text
/// is outside what it reads) and yaml-cpp's, which reads all of YAML and words every error.
std::optional<std::vector<nlohmann::json>> load_block(std::string_view text, const Limits& limits = {});
std::vector<nlohmann::json> load_all_full(std::string_view text, const std::string& origin, const Limits& limits = {});
}  // namespace detail

}  // namespace gpuwhy::yaml
