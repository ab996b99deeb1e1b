// `gpuwhy why` on the command line: usage errors and their exit codes (the built binary).
#include <gtest/gtest.h>

#include <algorithm>
#include <functional>
#include <map>
#include <set>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "gpuwhy/base/error.h"
#include "gpuwhy/base/text.h"
#include "gpuwhy/i18n/i18n.h"
#include "gpuwhy/k8s/requests.h"
#include "gpuwhy/why/render.h"
#include "gpuwhy/why/why.h"
#include "report_common_test.h"
#include "why.h"

namespace gpuwhy::why {
namespace {

TEST(WhyCli, UsageErrorsExitTwo) {
  const auto run = [](const std::string& args) {
    return report_test::run_command("env -u KUBECONFIG GPUWHY_LANG=en HOME=/nonexistent " + std::string(GPUWHY_BINARY) +
                                    " why " + args);
  };
  auto r = run("");
  EXPECT_EQ(r.exit_code, 2) << r.output;
  EXPECT_NE(r.output.find("give a pod (NAME or pod/NAME) or --all"), std::string::npos) << r.output;
  r = run("a --all");
  EXPECT_EQ(r.exit_code, 2) << r.output;
  r = run("Bad_Name");
  EXPECT_EQ(r.exit_code, 2) << r.output;
  EXPECT_NE(r.output.find("not a pod name"), std::string::npos) << r.output;
  r = run("pod/x --format yaml");
  EXPECT_EQ(r.exit_code, 2) << r.output;
  r = run("pod/x");  // no kubeconfig anywhere: one line, exit 3
  EXPECT_EQ(r.exit_code, 3) << r.output;
}

}  // namespace
}  // namespace gpuwhy::why
