// Stub: implemented by the kube work (issue 3).
#include "gpuwhy/collect.h"

namespace gpuwhy {

std::map<std::string, StudentFile> read_student_files(const std::string& /*dir*/) {
  return {};
}

Snapshot collect(kube::Client& /*client*/, const CollectOptions& opts) {
  return collect_files_only(opts, FetchError{ErrorKind::kTransport, 0, "collect not implemented yet"});
}

Snapshot collect_files_only(const CollectOptions& opts, const FetchError& why) {
  Snapshot s;
  s.lab_dir = opts.dir;
  s.files = read_student_files(opts.dir);
  s.version = why;
  s.namespace_ = why;
  s.nodes = why;
  s.pods = why;
  s.events = why;
  return s;
}

}  // namespace gpuwhy
