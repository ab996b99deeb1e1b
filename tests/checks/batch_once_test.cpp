// checks::Batch reads each bundle file exactly once (its reader counts the reads), grades every
// row as grade() grades the bundle alone, names the others of a row's cluster and of its very
// bundle from those same reads, and hands the rows on in batch order.

#include <gtest/gtest.h>

#include <map>
#include <mutex>
#include <stdexcept>
#include <string>
#include <vector>

#include "batch.h"
#include "gpuwhy/base/error.h"
#include "gpuwhy/base/files.h"
#include "gpuwhy/i18n/i18n.h"
#include "gpuwhy/model/bundle.h"
#include "grade.h"

namespace gpuwhy {
namespace {

const std::string kVersion = std::string(GPUWHY_SOURCE_DIR) + "/fixtures/captures/v1.34.0";

std::string capture(const std::string& scenario) {
  return kVersion + "/" + scenario + "/bundle.json";
}

struct Counted {
  std::mutex mu;
  std::map<std::string, int> reads;
  int total = 0;
};

checks::BatchOptions counting(Counted& c, unsigned jobs) {
  checks::BatchOptions o;
  o.generated_at = "2026-01-01T00:00:00Z";
  o.jobs = jobs;
  o.read = [&c](const BundleEntry& e) {
    {
      const std::lock_guard<std::mutex> lock(c.mu);
      ++c.reads[e.path];
      ++c.total;
    }
    return files::read_file_bounded(e.path, kMaxBundleBytes, e.beneath);
  };
  return o;
}

std::vector<render::BatchRow> run_all(checks::Batch& b, int& pages) {
  std::vector<render::BatchRow> rows;
  b.run([](const render::BatchRow& r) { return r.run ? std::string("page of ") + r.user : std::string(); },
        [&](render::BatchRow&& r, std::string&& page) {
          if (!page.empty()) ++pages;
          EXPECT_EQ(page.empty(), !r.run) << r.origin;
          rows.push_back(std::move(r));
        });
  return rows;
}

TEST(BatchOnce, EachBundleIsReadOnceAndItsRowIsGradedAsAlone) {
  const std::vector<BundleEntry> entries{
      {capture("solution"), "", false},
      {capture("capacity-only"), "", false},
      {"bundles/gone.json", "bundle bundles/gone.json: not a file", false},
      {capture("namespace-typo"), "", false},
      {capture("solution"), "", false},  // the very same bundle handed in twice
  };
  for (unsigned jobs : {1U, 3U}) {
    SCOPED_TRACE(jobs);
    Counted c;
    checks::Batch batch(entries, counting(c, jobs));
    int pages = 0;
    const std::vector<render::BatchRow> rows = run_all(batch, pages);
    // Four readable entries, four reads: the one that names the solution twice is read twice.
    EXPECT_EQ(c.total, 4);
    EXPECT_EQ(c.reads[capture("solution")], 2);
    EXPECT_EQ(c.reads[capture("capacity-only")], 1);
    EXPECT_EQ(c.reads[capture("namespace-typo")], 1);
    EXPECT_EQ(c.reads.count("bundles/gone.json"), 0U);
    EXPECT_EQ(pages, 4);
    ASSERT_EQ(rows.size(), entries.size());
    for (std::size_t i = 0; i < rows.size(); ++i) {
      SCOPED_TRACE(entries[i].path);
      EXPECT_EQ(rows[i].origin, entries[i].path);
      EXPECT_EQ(rows[i].user, submission_name(entries[i].path));
      if (!entries[i].error.empty()) {
        EXPECT_FALSE(rows[i].run);
        EXPECT_EQ(rows[i].error, entries[i].error);
        continue;
      }
      ASSERT_TRUE(rows[i].run);
      const Snapshot snap = load_bundle(entries[i].path);
      const RunResult alone = checks::grade(snap, {}, checks::meta_for(snap, i18n::Lang::kEn, "2026-01-01T00:00:00Z"));
      EXPECT_EQ(rows[i].run->score(), alone.score());
      ASSERT_EQ(rows[i].run->checks.size(), alone.checks.size());
      for (std::size_t k = 0; k < alone.checks.size(); ++k) {
        EXPECT_EQ(rows[i].run->checks[k].outcome.status, alone.checks[k].outcome.status) << alone.checks[k].id;
      }
      std::vector<std::string> got;
      std::vector<std::string> want;
      for (const auto& f : rows[i].run->integrity.findings) got.push_back(f.id);
      for (const auto& f : alone.integrity.findings) want.push_back(f.id);
      EXPECT_EQ(got, want);
      EXPECT_EQ(rows[i].run->meta.generated_at, "2026-01-01T00:00:00Z");
      // A row with no other of its cluster is, whole, the report of its bundle graded alone:
      // nothing is lost while it waits for the rest of the class.
      if (rows[i].run->integrity.same_cluster_count == 0) {
        EXPECT_EQ(render::json(*rows[i].run, {}), render::json(alone, {}));
        EXPECT_EQ(render::table(*rows[i].run, {}), render::table(alone, {}));
      }
    }
    // The two solutions name each other as the same bundle and the same cluster; the others'
    // clusters are their own.
    EXPECT_EQ(rows[0].run->integrity.same_bundle_as, std::vector<std::string>{"solution"});
    EXPECT_EQ(rows[4].run->integrity.same_bundle_count, 1U);
    EXPECT_EQ(rows[0].run->integrity.same_cluster_count, 1U);
    EXPECT_EQ(rows[1].run->integrity.same_bundle_count, 0U);
  }
}

TEST(BatchOnce, AnUnreadableBundleIsItsRowsErrorLine) {
  checks::BatchOptions o;
  o.messages = i18n::Lang::kEn;
  int reads = 0;
  o.read = [&reads](const BundleEntry& e) -> std::string {
    ++reads;
    return files::read_file_bounded(e.path, kMaxBundleBytes, e.beneath);
  };
  const std::string missing = std::string(GPUWHY_SOURCE_DIR) + "/fixtures/no-such-bundle.json";
  checks::Batch batch({{missing, "", false}}, o);
  int pages = 0;
  const auto rows = run_all(batch, pages);
  EXPECT_EQ(reads, 1);
  ASSERT_EQ(rows.size(), 1U);
  EXPECT_FALSE(rows[0].run);
  std::string alone;
  try {
    (void)load_bundle(missing);
  } catch (const Error& e) {
    alone = checks::error_text(e, i18n::Lang::kEn);
  }
  EXPECT_FALSE(alone.empty());
  EXPECT_EQ(rows[0].error, alone);
}

// A fault inside gpuwhy while grading one bundle (not one of its input) is that row's error line,
// in the reader's language, and the batch goes on.
TEST(BatchOnce, AnInternalFaultIsItsRowsErrorLineInTheReadersLanguage) {
  checks::BatchOptions o;
  o.messages = i18n::Lang::kKo;
  o.read = [](const BundleEntry& /*e*/) -> std::string { throw std::runtime_error("boom"); };
  checks::Batch batch({{"a.json", "", false}, {"b.json", "", false}}, o);
  int pages = 0;
  const auto rows = run_all(batch, pages);
  ASSERT_EQ(rows.size(), 2U);
  for (const auto& r : rows) {
    EXPECT_FALSE(r.run);
    EXPECT_EQ(r.error,
              i18n::render(msg("input.bundle-internal", {{"path", r.origin}, {"reason", "boom"}}), i18n::Lang::kKo));
    EXPECT_NE(r.error.find("내부 오류"), std::string::npos) << r.error;
  }
}

}  // namespace
}  // namespace gpuwhy
