// LTI Assignment and Grade Services Score (`--format lti`): the body a tool POSTs to
// `{lineitem}/scores` (media type application/vnd.ims.lis.v1.score+json). gpuwhy cannot post it
// (that needs an LTI tool registration); it only writes the body.
//
// An incomplete run is `gradingProgress: "Failed"` with no `scoreGiven`: Canvas ignores a
// scoreGiven unless the progress is FullyGraded, and an infrastructure failure must never be
// recorded as a zero. A run with nothing selected (max_score 0) is "NotReady" with no score.
#include <cctype>

#include <fmt/format.h>

#include <nlohmann/json.hpp>

#include "gpuwhy/base/error.h"
#include "gpuwhy/render/render.h"

namespace gpuwhy::render {

using ojson = nlohmann::ordered_json;

namespace {

// AGS asks for an ISO 8601 timestamp with sub-second precision and a time zone
// ("2017-04-16T18:54:36.736+00:00"). RunMeta carries RFC 3339 ("2026-01-01T00:00:00Z");
// this adds milliseconds and spells UTC as +00:00. Anything else is passed through unchanged.
std::string ags_timestamp(const std::string& t) {
  const auto digits = [&t](std::size_t from, std::size_t n) {
    if (from + n > t.size()) return false;
    for (std::size_t i = from; i < from + n; ++i) {
      if (std::isdigit(static_cast<unsigned char>(t[i])) == 0) return false;
    }
    return true;
  };
  if (t.size() < 20 || !digits(0, 4) || t[4] != '-' || !digits(5, 2) || t[7] != '-' || !digits(8, 2) ||
      (t[10] != 'T' && t[10] != 't') || !digits(11, 2) || t[13] != ':' || !digits(14, 2) || t[16] != ':' ||
      !digits(17, 2)) {
    return t;
  }
  std::size_t i = 19;
  std::string frac;
  if (t[i] == '.') {
    ++i;
    while (i < t.size() && std::isdigit(static_cast<unsigned char>(t[i])) != 0) frac += t[i++];
    if (frac.empty()) return t;
  }
  frac = (frac + "000").substr(0, std::max<std::size_t>(frac.size(), 3));
  std::string zone = t.substr(i);
  if (zone == "Z" || zone == "z") {
    zone = "+00:00";
  } else if (!(zone.size() == 6 && (zone[0] == '+' || zone[0] == '-') && digits(i + 1, 2) && zone[3] == ':' &&
               digits(i + 4, 2))) {
    return t;
  }
  return t.substr(0, 10) + "T" + t.substr(11, 8) + "." + frac + zone;
}

}  // namespace

std::string lti(const RunResult& run, const Options& opts) {
  if (opts.user.empty()) throw Error(ErrorKind::kUsage, "--user is required for --format lti (the LTI userId)");
  const bool complete = run.complete();
  std::string comment = complete ? "" : incomplete_line(run, opts.lang) + "\n";
  comment += summary_line(run, opts.lang);
  // The root causes first, then the failures that follow from them: one mistake reads as one.
  std::string failed;
  for (const auto& c : run.checks) {
    if (c.outcome.status != Status::kFail || !c.outcome.caused_by.empty()) continue;
    if (!failed.empty()) failed += ", ";
    failed += c.id;
  }
  std::string follow;
  for (const auto& c : run.checks) {
    if (c.outcome.status != Status::kFail || c.outcome.caused_by.empty()) continue;
    if (!follow.empty()) follow += ", ";
    follow += c.id;
  }
  if (!failed.empty()) comment += "\n" + i18n::text("ui.report.root-ids", opts.lang) + ": " + failed;
  if (!follow.empty()) comment += "\n" + i18n::text("ui.report.follow-on", opts.lang) + ": " + follow;
  if (const std::string fix = fix_first_line(run, opts.lang); !fix.empty()) comment += "\n" + fix;
  for (const auto& line : integrity_lines(run, opts.lang)) comment += "\n" + line;
  // Nothing selected means nothing to grade: no score at all rather than 0 out of 0.
  const bool gradable = run.max_score() > 0;
  ojson j;
  j["userId"] = clean_utf8(opts.user);
  if (complete && gradable) j["scoreGiven"] = run.score();
  if (gradable) j["scoreMaximum"] = run.max_score();
  j["comment"] = clean_utf8(comment);
  j["timestamp"] = clean_utf8(ags_timestamp(run.meta.generated_at));
  j["activityProgress"] = "Completed";
  j["gradingProgress"] = !complete ? "Failed" : (gradable ? "FullyGraded" : "NotReady");
  return j.dump(2, ' ', false, ojson::error_handler_t::replace) + "\n";
}

}  // namespace gpuwhy::render
