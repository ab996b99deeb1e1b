// `--roster FILE`: read once before any grading; a roster that cannot be used is a usage error.
#include "roster.h"

#include <map>
#include <string>
#include <utility>

#include "gpuwhy/base/error.h"
#include "gpuwhy/base/files.h"

namespace gpuwhy::checks {

Roster read_roster(const std::string& path, i18n::Lang lang) {
  const auto usage = [&](const char* id, std::map<std::string, std::string> args) {
    args["path"] = path;
    return Error(ErrorKind::kUsage, i18n::render(msg(id, std::move(args)), lang));
  };
  std::string raw;
  try {
    raw = files::read_file_bounded(path, readers::kMaxRosterBytes);
  } catch (const Error& e) {
    const std::string reason = e.id().empty() ? e.what() : i18n::render(Msg{e.id(), e.args()}, lang);
    throw usage("cli.error.roster-unreadable", {{"reason", reason}});
  }
  Roster r = readers::parse_roster(raw);
  switch (r.problem) {
    case Roster::Problem::kNone: break;
    case Roster::Problem::kEmpty: throw usage("cli.error.roster-empty", {});
    case Roster::Problem::kNoIdColumn: throw usage("cli.error.roster-no-id", {});
    case Roster::Problem::kNotText: throw usage("cli.error.roster-not-text", {});
  }
  return r;
}

}  // namespace gpuwhy::checks
