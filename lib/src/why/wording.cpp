// Which wording the scheduler of a version writes (docs/kubernetes-facts.md §2).
#include <string_view>

#include "gpuwhy/why/why.h"

namespace gpuwhy::why {

Wording wording_for(std::string_view v) {
  Wording w;
  if (!v.empty() && v[0] == 'v') v.remove_prefix(1);
  int nums[3] = {0, 0, 0};
  int k = 0;
  std::size_t i = 0;
  bool any = false;
  while (i < v.size() && k < 3) {
    if (v[i] >= '0' && v[i] <= '9') {
      nums[k] = nums[k] * 10 + (v[i] - '0');
      any = true;
      ++i;
      if (nums[k] > 100000) return w;
    } else if (v[i] == '.') {
      ++k;
      ++i;
    } else {
      break;
    }
  }
  if (!any || nums[0] != 1) return Wording{false, false, true, true};
  const int minor = nums[1];
  const int patch = nums[2];
  // Taint named from 1.24 until PR #134740 (1.35; cherry-picked to release-1.34 in Nov 2025,
  // first in 1.34.3 by the release calendar: derived, not measured). ≤1.23 used another form,
  // "node(s) had taint {k: v}, that the pod didn't tolerate"; it is a taint reason too.
  w.taint_named = minor < 34 || (minor == 34 && patch < 3);
  // DRA went GA (on by default) in 1.34; measured: v1.34.0 has the tail, v1.37.2 has none.
  w.dra_tail = minor >= 34 && minor <= 36;
  // PR #131345: measured in v1.34.0, absent from v1.33.13.
  w.too_big_unresolvable = minor >= 34;
  w.prefilter_tail_not_found = minor >= 34;
  return w;
}

}  // namespace gpuwhy::why
