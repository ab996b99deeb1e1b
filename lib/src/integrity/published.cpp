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

/// published_uids(), sorted as std::string_view compares (whatever order the build step wrote).
const std::vector<PublishedUid>& published_sorted() {
  static const std::vector<PublishedUid> kSorted = [] {
    const auto list = published_uids();
    std::vector<PublishedUid> v(list.begin(), list.end());
    std::sort(v.begin(), v.end(), [](const PublishedUid& a, const PublishedUid& b) { return a.uid < b.uid; });
    return v;
  }();
  return kSorted;
}

// The apiserver gives every object of every cluster a new random uid, the event recorder names each
// event after the nanosecond it made it in, and the scheduler's microsecond times never repeat
// their gaps from one run to the next: an object with the uid of an object of a bundle published in
// the repository (its captures, the reference solution's among them), an event with the name of one
// of its events, or two consecutive gaps of its (traces_of) were not made on the student's cluster;
// the bundle is (a copy of) the public one.
std::vector<Finding> published(const Snapshot& snap) {
  const auto& known = published_sorted();
  const auto find = [&known](const std::string& key) -> const PublishedUid* {
    if (key.empty()) return nullptr;
    const auto it = std::lower_bound(known.begin(), known.end(), key,
                                     [](const PublishedUid& p, const std::string& k) { return p.uid < k; });
    return it != known.end() && it->uid == key ? &*it : nullptr;
  };
  Findings out;
  Aggregate agg;
  // The objects in Facts' order, each named only when it is found.
  const auto look = [&](std::string_view kind, const json& item) {
    const json* meta = member(&item, "metadata");
    std::string mark(text_of(member(meta, "uid")));
    const PublishedUid* hit = find(mark);
    if (hit != nullptr) {
      mark = "uid " + mark;
    } else if (kind == "event") {
      mark = text_of(member(meta, "name"));
      hit = find(mark);
      mark = "name " + mark;
    }
    if (hit == nullptr) return;
    const std::string object = object_name(kind, item);
    agg.add_with(object, [&] {
      return Args{{"object", object}, {"mark", mark}, {"bundle", std::string(hit->bundle)}};
    });
  };
  if (snap.namespace_.ok()) look("namespace", snap.namespace_.value());
  if (snap.kube_system.ok()) look("namespace", snap.kube_system.value());
  for (const json& n : items(snap.nodes)) look("node", n);
  for (const json& p : items(snap.pods)) look("pod", p);
  for (const json& e : items(snap.events)) look("event", e);
  // Every name and uid made anew and every time shifted: the gaps between the scheduler's times
  // are still the published capture's.
  for (const std::string& trace : traces_of(snap)) {
    const PublishedUid* hit = trace.rfind("t:", 0) == 0 ? find(trace) : nullptr;
    if (hit == nullptr) continue;
    agg.add("events",
            {{"object", "events"}, {"mark", "timing " + trace.substr(2)}, {"bundle", std::string(hit->bundle)}});
    break;
  }
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
