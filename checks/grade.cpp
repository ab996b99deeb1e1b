#include "grade.h"

#include <sys/stat.h>

#include <algorithm>
#include <cerrno>
#include <utility>

#include "gpuwhy/integrity/integrity.h"
#include "gpuwhy/lab/lab.h"
#include "gpuwhy/model/bundle.h"

namespace gpuwhy::checks {

RunMeta meta_for(const Snapshot& snap, i18n::Lang lang, std::string generated_at) {
  RunMeta m;
  m.gpuwhy_version = GPUWHY_VERSION;
  m.lab_id = std::string(lab::kLabId);
  m.generated_at = std::move(generated_at);
  m.taken_at = snap.taken_at;
  m.server_version = snap.server_version();
  m.source = snap.source;
  m.lang = i18n::to_string(lang);
  m.warnings = snap.warnings;
  return m;
}

RunResult grade(const Snapshot& snap, const Selection& sel, RunMeta meta) {
  RunResult run = checks::run(snap, sel, std::move(meta));
  run.integrity.checked = true;
  run.integrity.findings = integrity::check(snap);
  for (Finding& f : integrity::published(snap)) run.integrity.findings.push_back(std::move(f));
  return run;
}

int exit_code(const RunResult& run, bool require_integrity) {
  const int rc = run.exit_code();
  if (!require_integrity || !run.integrity.suspect()) return rc;
  return std::max(rc, kExitIncomplete);
}

std::string error_text(const Error& e, i18n::Lang messages) {
  return e.id().empty() ? std::string(e.what()) : i18n::render(Msg{e.id(), e.args()}, messages);
}

int input_exit(const std::string& path) {
  struct stat st {};
  const bool missing = ::lstat(path.c_str(), &st) != 0 && (errno == ENOENT || errno == ENOTDIR);
  return missing ? kExitUsage : kExitIncomplete;
}

BundleGrade grade_bundle(const std::string& path, const Selection& sel, i18n::Lang lang, i18n::Lang messages,
                         const std::string& generated_at) {
  Snapshot snap;
  try {
    snap = load_bundle(path);
  } catch (const Error& e) {
    // A mistyped path must not turn into advice to create files: nothing is graded.
    const int rc = input_exit(path);
    Snapshot none;
    none.source = "bundle " + path;
    return {not_graded(sel, meta_for(none, lang, generated_at), error_text(e, messages), "input"), e, rc};
  }
  return {grade(snap, sel, meta_for(snap, lang, generated_at)), std::nullopt, kExitPass};
}

}  // namespace gpuwhy::checks
