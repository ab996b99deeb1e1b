// `gpuwhy why NAME` in a namespace that has no pod of that name names the namespaces where one
// exists: the real binary against a real capture's objects (fixtures/captures/v1.34.0/solution,
// served by tests/tools/fault_server.py), whose pods live in gpu-why.

#include <gtest/gtest.h>

#include <chrono>
#include <string>
#include <vector>

#include "../tools/fault_server.h"
#include "../tools/run_binary.h"
#include "gpuwhy/i18n/i18n.h"

namespace gpuwhy {
namespace {

using testing_tools::RunOutput;
using testing_tools::TempDir;

class WhyNamespaceSuggestion : public testing_tools::WithFaultServer<WhyNamespaceSuggestion> {
 public:
  static std::vector<std::string> server_args() {
    return {"--bundle", std::string(GPUWHY_SOURCE_DIR) + "/fixtures/captures/v1.34.0/solution/bundle.json"};
  }

 protected:
  /// `gpuwhy why trainer3` with `extra` arguments, in `lang`.
  static RunOutput why(const TempDir& tmp, const std::string& lang, const std::vector<std::string>& extra) {
    std::vector<std::string> argv{"/usr/bin/env", "GPUWHY_LANG=" + lang, std::string(GPUWHY_BINARY), "why",
                                  "trainer3",     "--kubeconfig",        live_kubeconfig(tmp.path())};
    argv.insert(argv.end(), extra.begin(), extra.end());
    return testing_tools::run_binary(argv, tmp.path(), std::chrono::seconds(30));
  }
};

// Without -n the kubeconfig's context names no namespace: "default", which has no trainer3; the
// one line says where it is and the command that reads it there, exit 1, in every language.
TEST_F(WhyNamespaceSuggestion, NamesTheNamespaceWhereThePodExists) {
  for (const auto lang : i18n::kLangs) {
    TempDir tmp;
    const RunOutput r = why(tmp, i18n::to_string(lang), {});
    EXPECT_EQ(r.exit_code, 1) << r.err << r.out;
    const std::string want = i18n::render(
        msg("cli.error.why-no-pod-elsewhere",
            {{"namespace", "default"}, {"pod", "trainer3"}, {"namespaces", "gpu-why"}, {"other", "gpu-why"}}),
        lang);
    EXPECT_NE(r.err.find(want), std::string::npos) << r.err;
    EXPECT_NE(r.err.find("gpuwhy why trainer3 -n gpu-why"), std::string::npos) << r.err;
    EXPECT_EQ(r.out, "");
  }
}

}  // namespace
}  // namespace gpuwhy
