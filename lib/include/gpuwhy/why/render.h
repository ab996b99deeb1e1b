// `gpuwhy why`'s output: the table of each verdict and the --format json document.
#pragma once

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "gpuwhy/i18n/i18n.h"
#include "gpuwhy/why/why.h"

namespace gpuwhy::why {

/// The table of one verdict, in `lang`; every text from the cluster passes the terminal sanitiser.
/// `width` > 0: no line is wider than that many display columns (at least 40), but a single token
/// that cannot be broken; the lines break as `check`'s table does (text::wrap) and the WHY column
/// and the lines below a row wrap under their column. 0: every line as long as it is.
std::string render_table(const Verdict& v, i18n::Lang lang, std::size_t width = 0);

/// What `why` prints for `verdicts` as tables: each verdict's table, a blank line between two;
/// none: that namespace `ns` has no Pending pod.
std::string render_tables(const std::vector<Verdict>& verdicts, const std::string& ns, i18n::Lang lang,
                          std::size_t width = 0);

/// The --format json document: {"schema_version":1,"kind":"gpuwhy-why","server_version","pods":[...]}
/// (schema/why.schema.json).
nlohmann::json report(const std::vector<Verdict>& verdicts, const std::string& server_version, i18n::Lang lang);

}  // namespace gpuwhy::why
