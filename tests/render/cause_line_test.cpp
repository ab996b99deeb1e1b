// A consequence names the fault it follows from, never its root's title: the title states the
// goal ("lab-node-0 is tainted ...:NoSchedule") and, as a cause, reads as the opposite of what is
// wrong. On every capture of every recorded version, in every language and in every format that
// says a cause, each consequence's cause is its root's finding (the first sentence of the root's
// hint) with the root's id.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <string>
#include <vector>

#include "checks.h"
#include "gpuwhy/i18n/i18n.h"
#include "gpuwhy/model/bundle.h"
#include "gpuwhy/render/render.h"

namespace gpuwhy {
namespace {

namespace fs = std::filesystem;

std::vector<fs::path> all_bundles() {
  std::vector<fs::path> out;
  for (const auto& v : fs::directory_iterator(fs::path(GPUWHY_SOURCE_DIR) / "fixtures/captures")) {
    for (const auto& s : fs::directory_iterator(v.path())) {
      if (fs::is_regular_file(s.path() / "bundle.json")) out.push_back(s.path() / "bundle.json");
    }
  }
  std::sort(out.begin(), out.end());
  return out;
}

const CheckResult* by_id(const RunResult& run, const std::string& id) {
  for (const auto& c : run.checks) {
    if (c.id == id) return &c;
  }
  return nullptr;
}

TEST(CauseLine, EveryConsequenceNamesItsRootsFaultNeverItsTitle) {
  std::size_t consequences = 0;
  std::size_t bundles = 0;
  for (const auto& b : all_bundles()) {
    SCOPED_TRACE(b.string());
    const RunResult run = checks::run(load_bundle(b.string()), checks::Selection{}, RunMeta{});
    ++bundles;
    for (const auto& c : run.checks) {
      if (c.outcome.status != Status::kFail || c.outcome.caused_by.empty()) continue;
      ++consequences;
      const CheckResult* root = by_id(run, run.root_of(c.id));
      ASSERT_NE(root, nullptr) << c.id;
      for (const auto lang : i18n::kLangs) {
        SCOPED_TRACE(c.id + " " + i18n::to_string(lang));
        const std::string fault = render::root_fault(run, c, lang);
        const std::string title = render::check_title(*root, lang);
        EXPECT_EQ(fault.find(title), std::string::npos) << fault;
        EXPECT_NE(fault.find("(" + root->id + ")"), std::string::npos) << fault;
        const std::string finding = render::first_sentence(render::text_of(root->outcome.hint, lang));
        ASSERT_FALSE(finding.empty()) << root->id << " has no hint";
        std::string stem = finding;  // the sentence without its full stop: the id closes it
        for (const std::string stop : {".", "。"}) {
          if (stem.size() > stop.size() && stem.compare(stem.size() - stop.size(), stop.size(), stop) == 0)
            stem.resize(stem.size() - stop.size());
        }
        EXPECT_EQ(fault.rfind(stem, 0), 0U) << fault;
        const std::string line = render::cause_line(run, c, lang);
        EXPECT_NE(line.find(fault), std::string::npos) << line;
        EXPECT_EQ(line.find(title), std::string::npos) << line;
      }
    }
  }
  EXPECT_GT(bundles, 50U);
  EXPECT_GT(consequences, 50U) << "the captures hold consequences to test";
  std::printf("cause lines: %zu consequences on %zu captures, each naming its root's fault\n", consequences, bundles);
}

// The same through the formats that print a cause: the table, Markdown and JUnit say the fault
// and not the root's title on the noexecute-taint capture (the example of a title read as a cause).
TEST(CauseLine, TheFormatsSayTheFault) {
  const fs::path b = fs::path(GPUWHY_SOURCE_DIR) / "fixtures/captures/v1.34.0/noexecute-taint/bundle.json";
  const RunResult run = checks::run(load_bundle(b.string()), checks::Selection{}, RunMeta{});
  const CheckResult* root = by_id(run, "step5.taint");
  ASSERT_NE(root, nullptr);
  ASSERT_EQ(root->outcome.status, Status::kFail);
  render::Options opts;
  opts.verbose = true;
  opts.width = 200;
  const std::string title = render::check_title(*root, opts.lang);
  for (const auto format : {render::Format::kTable, render::Format::kMarkdown, render::Format::kJunit,
                            render::Format::kGradescope, render::Format::kGithubClassroom}) {
    SCOPED_TRACE(std::string(render::info(format).name));
    const std::string out = render::render(format, run, opts);
    EXPECT_NE(out.find("NoExecute"), std::string::npos);
    // The title appears where the root itself is listed, never after "caused by".
    for (std::size_t at = out.find("caused by"); at != std::string::npos; at = out.find("caused by", at + 1)) {
      const std::string after = out.substr(at, 200);
      EXPECT_EQ(after.find(title), std::string::npos) << after;
    }
  }
}

}  // namespace
}  // namespace gpuwhy
