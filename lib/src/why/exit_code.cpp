#include <algorithm>
#include <vector>

#include "gpuwhy/base/error.h"
#include "gpuwhy/why/why.h"

namespace gpuwhy::why {

int exit_code(const std::vector<Verdict>& verdicts) {
  int rc = kExitPass;
  for (const auto& v : verdicts) {
    switch (v.outcome()) {
      case Outcome::kNodeMissing: rc = std::max(rc, kExitFail); break;
      case Outcome::kNotExplained:
      case Outcome::kUnservedScheduler: rc = std::max(rc, kExitNotExplained); break;
      case Outcome::kExplained:
      case Outcome::kBound: break;
    }
  }
  return rc;
}

}  // namespace gpuwhy::why
