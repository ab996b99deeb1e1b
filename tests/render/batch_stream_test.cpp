// The batch is written as it is graded: render::BatchWriter gives json and csv
// to its sink a row at a time, and the class summaries (table, html, markdown) keep only each
// row's summary_row. On the real captures: what the summaries show does not change when a row
// loses what summary_row drops, and the streamed bytes are render::batch's.

#include <gtest/gtest.h>

#include <algorithm>

#include <string>
#include <vector>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "../../lib/src/render/render_detail.h"
#include "gpuwhy/base/error.h"
#include "report_common_test.h"

namespace gpuwhy {
namespace {

using report_test::all_captures;
using report_test::capture_rel;
using report_test::load_capture;

// Every capture as a row, one incomplete run (the apiserver unreachable) and one bundle that
// could not be graded: every kind of row a batch has.
std::vector<render::BatchRow> capture_rows() {
  std::vector<render::BatchRow> rows;
  for (const auto& [v, s] : all_captures()) {
    const auto b = load_capture(v, s);
    if (!b) continue;
    render::BatchRow r;
    r.origin = capture_rel(v, s);
    r.user = fmt::format("{}-{}", v, s);
    r.run = report_test::grade(*b, r.origin);
    const std::string origin = r.origin;
    rows.push_back(std::move(r));
    if (s == "solution") {
      render::BatchRow u;
      u.origin = origin + " (unreachable)";
      u.user = v + "-unreachable";
      u.run = report_test::grade(report_test::unreachable(*b), u.origin);
      rows.push_back(std::move(u));
    }
  }
  render::BatchRow bad;
  bad.origin = "broken.json";
  bad.user = "broken";
  bad.error = "bundle broken.json: not JSON";
  rows.push_back(bad);
  return rows;
}

render::Options options(i18n::Lang lang) {
  render::Options o;
  o.lang = lang;
  o.generated_at = "2026-12-02T00:00:00Z";
  return o;
}

TEST(BatchWriter, SummariesShowNothingThatSummaryRowDrops) {
  const auto rows = capture_rows();
  ASSERT_GT(rows.size(), 20U) << "no captures";
  std::vector<render::BatchRow> summaries;
  std::size_t dropped = 0;  // evidence lines and expected/actual texts the summaries never held
  for (const auto& r : rows) {
    summaries.push_back(render::summary_row(r));
    if (!r.run) continue;
    for (const auto& c : r.run->checks) dropped += c.outcome.evidence.size() + (c.outcome.actual.id.empty() ? 0 : 1);
    for (const auto& c : summaries.back().run->checks) {
      EXPECT_TRUE(c.outcome.evidence.empty());
      EXPECT_TRUE(c.outcome.expected.id.empty() && c.outcome.expected.args.empty());
      EXPECT_TRUE(c.outcome.actual.id.empty() && c.outcome.actual.args.empty());
    }
  }
  EXPECT_GT(dropped, 1000U);
  for (const auto lang : i18n::kLangs) {
    const auto o = options(lang);
    EXPECT_EQ(render::detail::batch_html(summaries, o), render::detail::batch_html(rows, o));
    EXPECT_EQ(render::detail::batch_markdown(summaries, o), render::detail::batch_markdown(rows, o));
    EXPECT_EQ(render::detail::batch_table(summaries, o), render::detail::batch_table(rows, o));
  }
}

TEST(BatchWriter, JsonAndCsvGoOutARowAtATime) {
  const auto rows = capture_rows();
  ASSERT_GT(rows.size(), 20U) << "no captures";
  for (const auto format : {render::Format::kJson, render::Format::kCsv}) {
    SCOPED_TRACE(static_cast<int>(format));
    std::vector<std::string> pieces;
    render::BatchWriter w(format, options(i18n::Lang::kEn), [&](std::string_view s) { pieces.emplace_back(s); });
    ASSERT_EQ(pieces.size(), 1U);  // the head: before any row
    for (std::size_t i = 0; i < rows.size(); ++i) {
      w.add(rows[i]);
      ASSERT_EQ(pieces.size(), i + 2) << "row " << i << " was not written when it was added";
      EXPECT_NE(pieces.back().find(rows[i].user), std::string::npos) << pieces.back().substr(0, 200);
    }
    w.finish();
    std::string all;
    for (const auto& p : pieces) all += p;
    EXPECT_EQ(all, render::batch(format, rows, options(i18n::Lang::kEn)));
    if (format == render::Format::kJson) {
      const auto j = nlohmann::json::parse(all);
      EXPECT_EQ(j["submissions"].size(), rows.size());
      EXPECT_EQ(j["generated_at"], "2026-12-02T00:00:00Z");
    }
  }
}

// The summary formats write at the end only (html in pieces there: the page, its students' rows a
// few hundred KB at a time, then the rest; never one string of every row).
TEST(BatchWriter, SummaryFormatsWriteOnceAtTheEnd) {
  const auto rows = capture_rows();
  for (const auto format : {render::Format::kTable, render::Format::kHtml, render::Format::kMarkdown}) {
    std::string out;
    int calls = 0;
    render::BatchWriter w(format, options(i18n::Lang::kKo), [&](std::string_view s) {
      out += s;
      ++calls;
    });
    for (const auto& r : rows) w.add(r);
    EXPECT_EQ(calls, 0);
    w.finish();
    const int at_finish = calls;
    w.finish();  // a second finish writes nothing more
    EXPECT_EQ(calls, at_finish);
    // The table goes out whole; the class page in pieces (its lists of students apart from the
    // rest) and the markdown summary a section at a time.
    if (format == render::Format::kTable) {
      EXPECT_EQ(calls, 1);
    } else {
      EXPECT_GE(calls, 3);
    }
    EXPECT_EQ(out, render::batch(format, rows, options(i18n::Lang::kKo)));
    EXPECT_THROW(w.add(rows.front()), std::logic_error);
  }
}

// However large the class, the class page is given to the sink in pieces of a few hundred KB:
// every list that grows with the class (who needs help, not scored, incomplete, the students'
// table) is made a piece at a time, never as one string.
TEST(BatchWriter, AClassPageOfAnySizeGoesOutInBoundedPieces) {
  const auto base = capture_rows();
  std::vector<render::BatchRow> rows;
  for (int copy = 0; copy < 40; ++copy) {
    for (const auto& r : base) {
      rows.push_back(r);
      rows.back().user += "-" + std::to_string(copy);
    }
  }
  std::size_t total = 0;
  std::size_t largest = 0;
  render::BatchWriter w(render::Format::kHtml, options(i18n::Lang::kEn), [&](std::string_view s) {
    total += s.size();
    largest = std::max(largest, s.size());
  });
  for (const auto& r : rows) w.add(r);
  w.finish();
  EXPECT_GT(total, std::size_t{4} << 20) << "a class large enough to tell";
  EXPECT_LT(largest, std::size_t{1} << 20) << "of " << total << " bytes";
}

TEST(BatchWriter, FormatsWithNoBatchAreUsageErrorsBeforeAnyRow) {
  for (const auto format : {render::Format::kJunit, render::Format::kGradescope, render::Format::kLti,
                            render::Format::kTap, render::Format::kGithubClassroom}) {
    bool wrote = false;
    try {
      render::BatchWriter w(format, options(i18n::Lang::kEn), [&](std::string_view) { wrote = true; });
      ADD_FAILURE() << "format " << static_cast<int>(format) << " was taken";
    } catch (const Error& e) {
      EXPECT_EQ(e.kind(), ErrorKind::kUsage);
    }
    EXPECT_FALSE(wrote);
  }
}

}  // namespace
}  // namespace gpuwhy
