// Stub: the native JSON report is implemented by the reports work (issue 5).
#include <nlohmann/json.hpp>

#include "gpuwhy/render.h"

namespace gpuwhy::render {

std::string json(const RunResult& run, const Options& /*opts*/) {
  nlohmann::json j;
  j["schema_version"] = 1;
  j["complete"] = run.complete();
  j["score"] = run.score();
  j["max_score"] = run.max_score();
  j["checks"] = nlohmann::json::array();
  return j.dump(2) + "\n";
}

}  // namespace gpuwhy::render
