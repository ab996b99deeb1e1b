#pragma once
// `gpuwhy why POD`: which scheduler gate keeps a pod Pending, node by node (lib/include/gpuwhy/why/why.h).

#include <string>
#include <vector>

#include <CLI/CLI.hpp>
#include <nlohmann/json.hpp>

#include "gpuwhy/i18n/i18n.h"
#include "gpuwhy/why/why.h"

namespace gpuwhy::cli {

void setup_why(CLI::App& app, int& exit_code, i18n::Lang lang);

/// The table of one verdict, in `lang`; every text from the cluster passes the terminal sanitiser.
std::string render_why_table(const why::Verdict& v, i18n::Lang lang);

/// The exit code of `why` over its verdicts, the highest applying: 0 explained or bound, 1 a
/// spec.nodeName that names no node, 4 (kExitNotExplained) not fully explained.
int why_exit_code(const std::vector<why::Verdict>& verdicts);

/// The --format json document: {"schema_version":1,"kind":"gpuwhy-why","server_version","pods":[...]}
/// (schema/why.schema.json).
nlohmann::json why_report(const std::vector<why::Verdict>& verdicts, const std::string& server_version,
                          i18n::Lang lang);

}  // namespace gpuwhy::cli
