// k8s::pod_requests against Kubernetes itself: fixtures/k8s/requests/pod_requests.jsonl is what
// k8s.io/component-helpers v0.34.0's resource.PodRequests (the sum the scheduler's
// NodeResourcesFit plugin checks against a node) makes of 315 pods: app containers, init
// containers before and after sidecars (restartPolicy Always), pod overhead and pod-level
// resources, combined (recorded by fixtures/k8s/record, never typed).
#include <gtest/gtest.h>

#include <fstream>
#include <string>

#include <nlohmann/json.hpp>

#include "gpuwhy/k8s/requests.h"

namespace gpuwhy {
namespace {

using nlohmann::json;

TEST(K8sRequests, PodRequestsAreWhatTheSchedulerSumsOnEveryRecordedPod) {
  std::ifstream in(std::string(GPUWHY_SOURCE_DIR) + "/fixtures/k8s/requests/pod_requests.jsonl");
  int rows = 0;
  int with_gpu = 0;
  for (std::string line; std::getline(in, line); ++rows) {
    const json row = json::parse(line);
    SCOPED_TRACE(line);
    k8s::Amounts want;
    for (const auto& [name, v] : row["requests"].items()) want[name] = v.get<long long>();
    EXPECT_EQ(k8s::pod_requests(row["pod"]), want);
    with_gpu += want.contains("nvidia.com/gpu") ? 1 : 0;
  }
  EXPECT_EQ(rows, 315) << "run fixtures/k8s/record";
  EXPECT_GT(with_gpu, 100);
}

}  // namespace
}  // namespace gpuwhy
