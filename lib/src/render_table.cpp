// Stub: the terminal table is implemented by the checks work (issue 4).
#include "gpuwhy/render.h"

namespace gpuwhy::render {

std::string table(const RunResult& run, const Options& /*opts*/) {
  std::string out;
  for (const auto& c : run.checks) out += to_string(c.outcome.status) + " " + c.id + "\n";
  return out;
}

}  // namespace gpuwhy::render
