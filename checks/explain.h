#pragma once
/// The page `gpuwhy explain` prints: a check's (or a step's checks') explanation in sections (what
/// it checks, why it matters, how to look yourself, usual mistakes) from the parts its catalog
/// explanation marks (i18n::parts), wrapped to a width.

#include <cstddef>
#include <string>
#include <vector>

#include "checks.h"
#include "gpuwhy/i18n/i18n.h"

namespace gpuwhy::checks {

/// The page of `found` in `lang`, no line wider than `width` columns: one check's sections, or a
/// step's title followed by each of its checks' (`found` holds checks of one step).
std::string explain_page(const std::vector<const CheckInfo*>& found, i18n::Lang lang, std::size_t width);

/// The page `gpuwhy list` prints: a row per check (id, step, points, title in `lang`) under the
/// headings, each column as wide as its widest cell by display width (Korean and Japanese take two
/// columns a character).
std::string list_page(i18n::Lang lang);

/// The checks `word` (`gpuwhy explain WORD`) names: an id; else a step ("2", "step2"); else the ids
/// whose name part is the word, else the ids that hold it anywhere, when that is one check.
/// Several: a usage error listing them (at most ten); none: a usage error with the closest id,
/// step or name part. Errors are Error(kUsage), one line in `lang`.
std::vector<const CheckInfo*> explained(const std::string& word, i18n::Lang lang);

}  // namespace gpuwhy::checks
