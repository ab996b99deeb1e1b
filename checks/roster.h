#pragma once
// `--roster FILE`: the students a batch expects (readers::parse_roster).

#include <string>

#include "gpuwhy/i18n/i18n.h"
#include "gpuwhy/read/roster.h"

namespace gpuwhy::checks {

using readers::Roster;

/// Reads and parses --roster `path` (files::read_file_bounded, kMaxRosterBytes). A file that cannot
/// be read, is no text, names no id column or lists no id is a usage error: Error(kUsage), one line
/// in `lang` naming the file.
Roster read_roster(const std::string& path, i18n::Lang lang);

}  // namespace gpuwhy::checks
