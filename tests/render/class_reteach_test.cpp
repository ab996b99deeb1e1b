// The instructor's view of a batch: what to reteach (concepts ranked by the students whose root
// causes fall in them), the root causes ranked by students, the roster and the due time. A class
// is built from real captures whose root causes are known (each of these has one), and every
// expected number below is counted by hand from that list.
#include <algorithm>
#include <set>

#include "gpuwhy/base/sys.h"
#include "gpuwhy/i18n/i18n.h"
#include "gpuwhy/lab/lab.h"
#include "report_common_test.h"

namespace gpuwhy {
namespace {

using nlohmann::json;
using namespace report_test;  // NOLINT(google-build-using-namespace): the shared test helpers

constexpr const char* kVersion = "v1.34.0";

// user -> capture. The captures' roots (gpuwhy check --format csv, column roots):
//   capacity-only, allocatable-one: step2.allocatable (extended-resources)
//   toleration-wrong-value, toleration-too-broad: step6.toleration (tolerations)
//   taint-wrong-key: step5.taint (taints); trainer-bound-by-hand: step4.placed-by-scheduler
//   (scheduling); solution: none.
const std::vector<std::pair<std::string, std::string>> kClass{{"s01", "capacity-only"},
                                                              {"s02", "capacity-only"},
                                                              {"s03", "capacity-only"},
                                                              {"s04", "allocatable-one"},
                                                              {"s05", "toleration-wrong-value"},
                                                              {"s06", "toleration-wrong-value"},
                                                              {"s07", "toleration-too-broad"},
                                                              {"s08", "taint-wrong-key"},
                                                              {"s09", "solution"},
                                                              {"s10", "solution"},
                                                              {"s11", "trainer-bound-by-hand"}};

std::vector<render::BatchRow> synthetic_class() {
  std::vector<render::BatchRow> rows;
  for (const auto& [user, scenario] : kClass) {
    const json bundle = *load_capture(kVersion, scenario);
    RunResult run = checks_only(bundle, capture_rel(kVersion, scenario));
    run.meta.taken_at = bundle.value("taken_at", "");
    rows.push_back({capture_rel(kVersion, scenario), user, std::move(run), "", "pages/" + user + ".html"});
  }
  return rows;
}

render::Options class_options() {
  render::Options o;
  o.concepts = checks::concepts();
  return o;
}

#define SKIP_WITHOUT_CAPTURES()                                                              \
  if (!load_capture(kVersion, "solution")) {                                                 \
    GTEST_SKIP() << "the " << kVersion << " captures are not there yet: nothing to compare"; \
  }

TEST(Concepts, EveryCheckIsInExactlyOneAndEveryConceptIsInEveryLanguage) {
  std::map<std::string, int> seen;
  for (const auto& c : checks::concepts()) {
    EXPECT_FALSE(c.checks.empty()) << c.id;
    for (const auto& id : c.checks) ++seen[id];
    for (const auto& [lang, name] : std::vector<std::pair<i18n::Lang, const char*>>{
             {i18n::Lang::kEn, "en"}, {i18n::Lang::kKo, "ko"}, {i18n::Lang::kJa, "ja"}}) {
      for (const char* part : {".title", ".teach"}) {
        const std::string id = "concept." + c.id + part;
        const std::string t = i18n::text(id, lang, lab::names());
        EXPECT_NE(t, id) << name;
        EXPECT_EQ(t.find('{'), std::string::npos) << name << " " << id << ": " << t;
      }
    }
  }
  for (const auto& id : checks::ids()) EXPECT_EQ(seen[id], 1) << id << " must be in exactly one concept";
  EXPECT_EQ(seen.size(), checks::ids().size()) << "a concept names a check that does not exist";
}

TEST(ClassReteach, ConceptsAndRootCausesAreRankedByStudents) {
  SKIP_WITHOUT_CAPTURES();
  const json j = json::parse(render::batch(render::Format::kJson, synthetic_class(), class_options()));
  const json& cls = j.at("class");
  // Counted by hand from kClass: extended-resources s01-s04, tolerations s05-s07, then one each,
  // taints before scheduling (the concepts' own order among equals).
  std::vector<std::pair<std::string, int>> concepts;
  for (const auto& c : cls.at("concepts")) concepts.emplace_back(c.at("id"), c.at("count"));
  const std::vector<std::pair<std::string, int>> want{
      {"extended-resources", 4}, {"tolerations", 3}, {"taints", 1}, {"scheduling", 1}};
  EXPECT_EQ(concepts, want);
  EXPECT_EQ(cls.at("concepts")[0].at("students"), json({"s01", "s02", "s03", "s04"}));
  EXPECT_EQ(cls.at("concepts")[0].at("roots"), json({"step2.allocatable"}));
  std::vector<std::pair<std::string, int>> roots;
  for (const auto& r : cls.at("roots")) roots.emplace_back(r.at("id"), r.at("count"));
  const std::vector<std::pair<std::string, int>> want_roots{
      {"step2.allocatable", 4}, {"step6.toleration", 3}, {"step4.placed-by-scheduler", 1}, {"step5.taint", 1}};
  EXPECT_EQ(roots, want_roots);
  // Without a roster or a due time there is nothing to say about them.
  EXPECT_TRUE(cls.at("missing").is_null());
  EXPECT_TRUE(cls.at("late").is_null());
}

// A student whose one mistake fails six checks counts once in its concept, not six times.
TEST(ClassReteach, OneMistakeIsOneStudentNotItsSymptoms) {
  SKIP_WITHOUT_CAPTURES();
  const RunResult run = checks_only(*load_capture(kVersion, "capacity-only"), "c");
  ASSERT_GT(run.count(Status::kFail), 1) << "capacity-only fails more than its root";
  std::vector<render::BatchRow> rows{{"c.json", "c", run, "", ""}};
  const json j = json::parse(render::batch(render::Format::kJson, rows, class_options()));
  ASSERT_EQ(j.at("class").at("concepts").size(), 1U);
  EXPECT_EQ(j.at("class").at("concepts")[0].at("count"), 1);
  EXPECT_EQ(j.at("class").at("roots").size(), run.roots().size());
}

TEST(ClassReteach, RosterSaysWhoIsMissingAndWhoIsNotOnIt) {
  SKIP_WITHOUT_CAPTURES();
  render::Options o = class_options();
  o.roster =
      std::vector<std::string>{"s01", "s02", "s03", "s04", "s05", "s06", "s07", "s08", "s09", "s10", "s12", "s13"};
  // The first run taken is capacity-only's (06:40:50); solution's is earlier (06:38:03).
  o.due = "2026-12-01T15:40:00+09:00";  // 06:40:00Z: solution is on time, capacity-only late
  const auto rows = synthetic_class();
  const json j = json::parse(render::batch(render::Format::kJson, rows, o));
  const json& cls = j.at("class");
  EXPECT_EQ(cls.at("missing"), json({"s12", "s13"}));
  EXPECT_EQ(cls.at("not_on_roster"), 1);  // s11
  int late = 0;
  for (const auto& s : j.at("submissions")) {
    const bool on = s.at("user") != "s11";
    EXPECT_EQ(s.at("on_roster"), on) << s.at("user");
    const auto taken = sys::parse_rfc3339(s.at("taken_at").get<std::string>());
    ASSERT_TRUE(taken.has_value());
    EXPECT_EQ(s.at("late"), *taken > *sys::parse_rfc3339(o.due)) << s.at("user");
    if (s.at("late") == true) ++late;
    EXPECT_EQ(s.at("page"), "pages/" + s.at("user").get<std::string>() + ".html");
  }
  EXPECT_GT(late, 0);
  EXPECT_LT(late, static_cast<int>(rows.size()));
  EXPECT_EQ(cls.at("late"), late);
  EXPECT_EQ(cls.at("due"), o.due);
  // The CSV row carries the same flags; the class page and Markdown say the same numbers.
  const std::string csv = render::batch(render::Format::kCsv, rows, o);
  EXPECT_NE(csv.find("s11,"), std::string::npos);
  EXPECT_NE(csv.find(",true,false,unchecked,\r\n"), std::string::npos) << "a late row that is not on the roster: s11";
  const std::string md = render::batch(render::Format::kMarkdown, rows, o);
  for (const char* id : {"s12", "s13"}) EXPECT_NE(md.find(id), std::string::npos) << id;
  const std::string numbers =
      i18n::render(msg("ui.class.numbers.roster", {{"missing", "2"}, {"unknown", "1"}}), i18n::Lang::kEn);
  EXPECT_NE(md.find(numbers), std::string::npos) << md.substr(0, 600);
  const std::string html = render::batch(render::Format::kHtml, rows, o);
  EXPECT_NE(html.find("data-missing=\"2\""), std::string::npos);
  EXPECT_NE(html.find("data-late=\"" + std::to_string(late) + "\""), std::string::npos);
}

// The page and the Markdown tell the same things in the same order: what to reteach, who needs
// help (with links to each student's page), the students by step, the root causes, then the rates
// and the rest.
TEST(ClassReteach, PageAndMarkdownInTheSameOrder) {
  SKIP_WITHOUT_CAPTURES();
  const auto rows = synthetic_class();
  const auto o = class_options();
  const std::string html = render::batch(render::Format::kHtml, rows, o);
  const std::string md = render::batch(render::Format::kMarkdown, rows, o);
  std::size_t hat = 0;
  std::size_t mat = 0;
  for (const char* id : {"ui.class.reteach", "ui.class.help", "ui.class.table", "ui.class.roots", "ui.class.steps",
                         "ui.class.checks", "ui.class.histogram", "ui.class.incomplete", "ui.class.versions"}) {
    const std::string title = i18n::text(id, i18n::Lang::kEn);
    const auto h = html.find("<h2>" + title + "</h2>", hat);  // a folded section's heading too
    const auto m = md.find("### " + title, mat);
    ASSERT_NE(h, std::string::npos) << id;
    ASSERT_NE(m, std::string::npos) << id;
    hat = h;
    mat = m;
  }
  EXPECT_NE(html.find("<a href=\"pages/s01.html\">s01</a>"), std::string::npos);
  EXPECT_NE(md.find("[s01](pages/s01.html)"), std::string::npos);
  // The grid marks the root cause's step: capacity-only's root is in step 2.
  const auto row = html.find("<tr data-user=\"s01\"");
  ASSERT_NE(row, std::string::npos);
  const auto cell = html.find("data-step=\"2\"", row);
  ASSERT_NE(cell, std::string::npos);
  EXPECT_NE(html.rfind(" root\"", cell), std::string::npos);
  EXPECT_GT(html.rfind(" root\"", cell), row);
}

}  // namespace
}  // namespace gpuwhy
