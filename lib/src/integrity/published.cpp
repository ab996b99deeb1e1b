// What a bundle is, beyond what it says of itself: a bundle published with gpuwhy, or one handed
// in under another student's name.
#include <algorithm>
#include <string>
#include <string_view>
#include <vector>

#include "gpuwhy/integrity/integrity.h"
#include "integrity_detail.h"

namespace gpuwhy::integrity {

using nlohmann::json;
using namespace detail;  // NOLINT(google-build-using-namespace): this folder's own helpers

const std::vector<std::string_view>& submission_rule_ids() {
  static const std::vector<std::string_view> kIds{"published-bundle", "student-mismatch"};
  return kIds;
}

// The apiserver gives every object of every cluster a new random uid: an object with the uid of an
// object of a bundle published in the repository (its captures, the reference solution's among
// them) was not made on the student's cluster; the bundle is (a copy of) the public one.
std::vector<Finding> published(const Snapshot& snap) {
  const auto uids = published_uids();
  Findings out;
  Aggregate agg;
  for_each_object(snap, [&](const std::string& object, const json& item) {
    const std::string uid = str_at(item, "/metadata/uid");
    if (uid.empty()) return;
    const auto it = std::lower_bound(uids.begin(), uids.end(), uid,
                                     [](const PublishedUid& p, const std::string& u) { return p.uid < u; });
    if (it == uids.end() || it->uid != uid) return;
    agg.add(object, {{"object", object}, {"uid", uid}, {"bundle", std::string(it->bundle)}});
  });
  agg.flush("published-bundle", out);
  return std::move(out.list);
}

// A batch names each submission after the file it was handed in as (the folder's name for a
// bundle.json): that is who handed it in. A bundle saying it is someone else's is not taken at its
// word, and the disagreement is said.
std::vector<Finding> student_mismatch(const Snapshot& snap, std::string_view submission) {
  Findings out;
  if (!snap.student.empty() && snap.student != submission) {
    out.add("student-mismatch", {{"student", snap.student}, {"submission", std::string(submission)}}, {"bundle"});
  }
  return std::move(out.list);
}

}  // namespace gpuwhy::integrity
