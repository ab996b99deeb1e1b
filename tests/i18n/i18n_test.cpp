// The message catalogs (en, ko, ja) and the language choice: same ids and placeholders in every
// catalog, the lab's own terms, the language precedence, the translated --help and usage errors,
// and golden tables in all three languages from the recorded captures (fixtures/golden/i18n/,
// rewritten with GPUWHY_UPDATE_GOLDEN=1).
#include <gtest/gtest.h>

#include <map>
#include <optional>
#include <set>
#include <sstream>
#include <string>
#include <tuple>
#include <vector>

#include <fmt/format.h>

#include "gpuwhy/base/text.h"
#include "gpuwhy/i18n/i18n.h"
#include "gpuwhy/lab/lab.h"
#include "gpuwhy/render/render.h"
#include "langs.h"
#include "report_common_test.h"

namespace gpuwhy::report_test {
namespace {

using i18n::Lang;

const std::vector<std::pair<Lang, std::string>> kTranslations = gpuwhy_test::named_translations();
const std::vector<std::pair<Lang, std::string>> kAllLangs = gpuwhy_test::named_langs();

std::string join(const std::vector<std::string>& v) {
  std::string out;
  for (const auto& s : v) out += (out.empty() ? "" : ", ") + s;
  return out;
}

// ---- the catalogs ------------------------------------------------------------------------------

TEST(I18nCatalog, EveryCatalogHasExactlyTheEnglishIds) {
  const auto& en = i18n::catalog(Lang::kEn);
  ASSERT_GT(en.size(), 300U);
  for (const auto& [lang, name] : kTranslations) {
    const auto& cat = i18n::catalog(lang);
    std::vector<std::string> missing;
    std::vector<std::string> extra;
    for (const auto& [id, text] : en) {
      if (cat.count(id) == 0) missing.push_back(id);
    }
    for (const auto& [id, text] : cat) {
      if (en.count(id) == 0) extra.push_back(id);
    }
    EXPECT_TRUE(missing.empty()) << "catalog_" << name << ".cpp lacks " << missing.size()
                                 << " id(s): " << join(missing);
    EXPECT_TRUE(extra.empty()) << "catalog_" << name << ".cpp has id(s) that catalog_en.cpp does not: " << join(extra);
  }
}

TEST(I18nCatalog, PlaceholdersAreTheSameInEveryLanguage) {
  const auto& en = i18n::catalog(Lang::kEn);
  for (const auto& [lang, name] : kTranslations) {
    std::vector<std::string> differ;
    for (const auto& [id, text] : i18n::catalog(lang)) {
      auto it = en.find(id);
      if (it == en.end()) continue;  // reported by EveryCatalogHasExactlyTheEnglishIds
      const auto want = i18n::placeholders(it->second);
      const auto got = i18n::placeholders(text);
      if (want != got) differ.push_back(id + " {" + join(got) + "} instead of {" + join(want) + "}");
    }
    EXPECT_TRUE(differ.empty()) << "catalog_" << name << ".cpp:\n  " << join(differ);
  }
}

// Korean particles follow the last sound of the word as it is read, as a native speaker writes them.
TEST(I18nJosa, ParticlesFollowTheLastSound) {
  const std::vector<std::tuple<std::string, std::string, std::string>> cases{{"파드", "이/가", "가"},
                                                                             {"노드", "을/를", "를"},
                                                                             {"네임스페이스", "은/는", "는"},
                                                                             {"관문", "이/가", "이"},
                                                                             {"테인트", "과/와", "와"},
                                                                             {"파일", "으로/로", "로"},
                                                                             {"결과", "으로/로", "로"},
                                                                             {"명령", "으로/로", "으로"},
                                                                             {"lab-node-0", "은/는", "은"},
                                                                             {"lab-node-2", "은/는", "는"},
                                                                             {"trainer", "이/가", "가"},
                                                                             {"trainer3", "이/가", "이"},
                                                                             {"cpu-only", "을/를", "를"},
                                                                             {"kubectl", "으로/로", "로"},
                                                                             {"k8s/trainer2.yaml", "과/와", "과"},
                                                                             {"NoSchedule", "을/를", "을"},
                                                                             {"NoExecute", "은/는", "는"},
                                                                             {"Pending", "으로/로", "으로"},
                                                                             {"dry-run", "이/가", "이"},
                                                                             {"nodeName", "을/를", "을"},
                                                                             {"limit", "이/가", "이"},
                                                                             {"requests", "이/가", "가"},
                                                                             {"--snapshot", "으로/로", "으로"},
                                                                             {"spec", "이/가", "이"},
                                                                             {"nvidia.com/gpu: 1", "이/가", "이"},
                                                                             {"\"present\"", "을/를", "를"},
                                                                             {"「値」", "이/가", "이(가)"},
                                                                             {"", "을/를", "을(를)"}};
  for (const auto& [word, pair, want] : cases) EXPECT_EQ(i18n::josa(word, pair), want) << word << " " << pair;
  EXPECT_EQ(i18n::josa("파드", "의/에"), std::nullopt);
  // In a catalog text: `{name:이/가}` is the value and its particle; the name counts as a placeholder.
  EXPECT_EQ(i18n::placeholders("{pod:이/가} {node:을/를} {x}"), (std::vector<std::string>{"node", "pod", "x"}));
}

TEST(I18nCatalog, NoTextIsEmptyOrPadded) {
  for (const auto& [lang, name] : kAllLangs) {
    for (const auto& [id, t] : i18n::catalog(lang)) {
      EXPECT_FALSE(text::trim(t).empty()) << name << ": " << id;
      EXPECT_TRUE(text::valid_utf8(t)) << name << ": " << id;
      EXPECT_EQ(t.find('\n'), std::string::npos) << name << ": " << id << " (one line; renderers wrap)";
      // ui.summary.* are fragments appended to ui.summary, and hint.part.* to a hint (its
      // {part_...}): they start with their separator.
      if (id.rfind("ui.summary.", 0) != 0 && id.rfind("hint.part.", 0) != 0) {
        EXPECT_EQ(t, text::trim(t)) << name << ": " << id;
      }
    }
  }
}

// A Korean text names both particles only when nothing tells the sound: the catalog writes
// {name:을/를} and the particle follows the value, never "을(를)" beside a placeholder.
TEST(I18nCatalog, KoreanParticlesFollowTheValue) {
  for (const auto& [id, t] : i18n::catalog(i18n::Lang::kKo)) {
    for (const char* both : {"을(를)", "를(을)", "이(가)", "가(이)", "은(는)", "는(은)", "과(와)", "와(과)", "(으)로"})
      EXPECT_EQ(t.find(both), std::string::npos) << id << ": " << t;
  }
}

// Only texts made of identifiers, field paths and numbers (or placeholders and punctuation alone:
// Korean separates a list as English does) may stay as they are in English.
TEST(I18nCatalog, EverythingElseIsTranslated) {
  const std::set<std::string> same_as_english{"ui.col.id",    "value.step2.allocatable.expected",
                                              "ev.answer",    "value.step2.capacity.expected",
                                              "ev.env-error", "cli.list-more"};
  const auto& en = i18n::catalog(Lang::kEn);
  for (const auto& [lang, name] : kTranslations) {
    for (const auto& [id, text] : i18n::catalog(lang)) {
      auto it = en.find(id);
      if (it == en.end() || same_as_english.count(id) != 0) continue;
      EXPECT_NE(text, it->second) << name << ": " << id << " is still English";
    }
  }
}

// The table gives titles at most 60 columns and cuts longer ones: every title fits, in every language.
TEST(I18nCatalog, CheckTitlesFitTheTableColumn) {
  for (const auto& [lang, name] : kAllLangs) {
    for (const auto& c : checks::all()) {
      const std::string title = i18n::text("check." + std::string(c.id) + ".title", lang, lab::names());
      EXPECT_LE(text::display_width(title), 60U) << name << ": " << c.id << ": " << title;
    }
  }
}

// Korean uses the words of the lab text (seed-lab.ko.txt); Japanese uses one word per concept.
TEST(I18nCatalog, TranslationsUseTheLabTerms) {
  struct Term {
    Lang lang;
    const char* id;
    std::vector<std::string> must;
  };
  const std::vector<Term> terms{
      {Lang::kKo, "check.step5.taint.explain", {"테인트"}},
      {Lang::kKo, "check.step6.toleration.explain", {"톨러레이션", "테인트"}},
      {Lang::kKo, "check.step2.capacity.explain", {"확장 자원", "노드 status", "device plugin"}},
      {Lang::kKo, "check.step2.other-nodes.title", {"광고"}},
      {Lang::kKo, "check.step4.placed-by-scheduler.title", {"스케줄러"}},
      {Lang::kKo, "ui.step.6", {"관문"}},
      {Lang::kKo, "check.step1.gpu-labels.title", {"라벨"}},
      {Lang::kJa, "check.step5.taint.explain", {"テイント"}},
      {Lang::kJa, "check.step6.toleration.explain", {"トレレーション", "テイント"}},
      {Lang::kJa, "check.step2.capacity.explain", {"拡張リソース"}},
      {Lang::kJa, "check.step2.other-nodes.title", {"アドバタイズ"}},
      {Lang::kJa, "check.step4.placed-by-scheduler.title", {"スケジューラー"}},
      {Lang::kJa, "ui.step.6", {"関門"}},
  };
  for (const auto& t : terms) {
    const std::string text = i18n::text(t.id, t.lang);
    for (const auto& w : t.must) EXPECT_NE(text.find(w), std::string::npos) << t.id << " lacks " << w << ": " << text;
  }
  // Words the catalogs must not use: other names for the same thing, or misspellings.
  const std::map<Lang, std::vector<std::string>> banned{
      {Lang::kKo, {"확장 리소스", "스케쥴러", "톨러레이션즈", "테인트즈", "오염", "관용"}},
      {Lang::kJa, {"トレランス", "汚染", "容認", "スケジューラを", "スケジューラが", "スケジューラの", "ポッド"}},
  };
  for (const auto& [lang, words] : banned) {
    for (const auto& [id, text] : i18n::catalog(lang)) {
      for (const auto& w : words) EXPECT_EQ(text.find(w), std::string::npos) << id << " uses " << w << ": " << text;
    }
  }
  // Identifiers, commands and quoted cluster messages stay as they are.
  for (const auto& [lang, name] : kTranslations) {
    for (const char* id : {"hint.step2.capacity.missing", "hint.step3.rejected-file.no-mismatch",
                           "hint.scheduler-file.no-message", "hint.step2.advertised-file.backslash"}) {
      const std::string en = i18n::text(id, Lang::kEn);
      const std::string tr = i18n::text(id, lang);
      for (const char* keep :
           {"--subresource=status", "/status/capacity/nvidia.com~1gpu", "\"must be equal to nvidia.com/gpu limit\"",
            "PodScheduled", "custom-columns=NAME:.metadata.name,GPU:.status.allocatable.nvidia\\.com/gpu"}) {
        if (en.find(keep) != std::string::npos) {
          EXPECT_NE(tr.find(keep), std::string::npos) << name << ": " << id << " lost " << keep;
        }
      }
    }
  }
}

// ---- choosing the language ---------------------------------------------------------------------

TEST(I18nLang, ParseLang) {
  const std::vector<std::pair<std::string, std::optional<Lang>>> cases{
      {"en", Lang::kEn},
      {"ko", Lang::kKo},
      {"ja", Lang::kJa},
      {"KO", Lang::kKo},
      {"ko_KR.UTF-8", Lang::kKo},
      {"ko-KR", Lang::kKo},
      {"ja_JP.eucJP", Lang::kJa},
      {"ja_JP.UTF-8@x", Lang::kJa},
      {"en_US.UTF-8", Lang::kEn},
      {"C", std::nullopt},
      {"POSIX", std::nullopt},
      {"C.UTF-8", std::nullopt},
      {"de_DE.UTF-8", std::nullopt},
      {"", std::nullopt},
      {"kor", std::nullopt},
  };
  for (const auto& [in, want] : cases) EXPECT_EQ(i18n::parse_lang(in), want) << "\"" << in << "\"";
}

std::string upper(std::string s) {
  for (char& c : s) c = static_cast<char>(c >= 'a' && c <= 'z' ? c - 'a' + 'A' : c);
  return s;
}

// i18n::kLangRows is the one list: every Lang once in its place, English first; each code and
// country code parses back to its own row in any case and with a region; each catalog is its own.
TEST(I18nLang, TheLanguageTableIsTheOneList) {
  ASSERT_EQ(i18n::kLangRows.size(), i18n::kLangCount);
  EXPECT_EQ(i18n::kLangRows.front().lang, Lang::kEn);
  std::set<const std::map<std::string, std::string>*> catalogs;
  for (std::size_t i = 0; i < i18n::kLangRows.size(); ++i) {
    const auto& row = i18n::kLangRows[i];
    const std::string code(row.code);
    SCOPED_TRACE(code);
    EXPECT_EQ(i18n::kLangs[i], row.lang);
    EXPECT_EQ(&i18n::info(row.lang), &row);
    EXPECT_EQ(i18n::to_string(row.lang), code);
    EXPECT_EQ(i18n::parse_lang(code), row.lang);
    EXPECT_EQ(i18n::parse_lang(upper(code) + "_XX.UTF-8"), row.lang);
    EXPECT_EQ(i18n::parse_lang_flag(code), row.lang);
    if (!row.country.empty()) {
      EXPECT_EQ(i18n::parse_lang_flag(upper(std::string(row.country))), row.lang);
    }
    EXPECT_EQ(&i18n::catalog(row.lang), &row.catalog());
    EXPECT_TRUE(catalogs.insert(&row.catalog()).second) << "a catalog shared with another language";
    EXPECT_FALSE(row.catalog().empty());
  }
}

TEST(I18nLang, ChooseLangPrecedence) {
  using Env = std::map<std::string, std::string>;
  struct Case {
    const char* name;
    std::optional<std::string> flag;
    Env env;
    Lang want;
  };
  const std::vector<Case> cases{
      {"nothing set", std::nullopt, {}, Lang::kEn},
      {"flag beats everything",
       "ja",
       {{"GPUWHY_LANG", "ko"}, {"LC_ALL", "ko_KR.UTF-8"}, {"LC_MESSAGES", "ko_KR.UTF-8"}, {"LANG", "ko_KR.UTF-8"}},
       Lang::kJa},
      {"flag en beats a Korean locale", "en", {{"LANG", "ko_KR.UTF-8"}}, Lang::kEn},
      {"unknown flag falls through", "de", {{"GPUWHY_LANG", "ko"}}, Lang::kKo},
      {"GPUWHY_LANG beats LC_ALL", std::nullopt, {{"GPUWHY_LANG", "ja"}, {"LC_ALL", "ko_KR.UTF-8"}}, Lang::kJa},
      {"unknown GPUWHY_LANG falls through", std::nullopt, {{"GPUWHY_LANG", "xx"}, {"LANG", "ja_JP.UTF-8"}}, Lang::kJa},
      {"LC_ALL beats LC_MESSAGES",
       std::nullopt,
       {{"LC_ALL", "ja_JP.UTF-8"}, {"LC_MESSAGES", "ko_KR.UTF-8"}},
       Lang::kJa},
      {"LC_MESSAGES beats LANG", std::nullopt, {{"LC_MESSAGES", "ko_KR.UTF-8"}, {"LANG", "ja_JP.UTF-8"}}, Lang::kKo},
      {"LANG alone", std::nullopt, {{"LANG", "ko_KR.UTF-8"}}, Lang::kKo},
      {"LANG ja eucJP", std::nullopt, {{"LANG", "ja_JP.eucJP"}}, Lang::kJa},
      {"LANG with a dash", std::nullopt, {{"LANG", "ko-KR"}}, Lang::kKo},
      {"empty LC_ALL is unset", std::nullopt, {{"LC_ALL", ""}, {"LANG", "ko_KR.UTF-8"}}, Lang::kKo},
      {"LC_ALL=C means English", std::nullopt, {{"LC_ALL", "C"}, {"LANG", "ko_KR.UTF-8"}}, Lang::kEn},
      {"LC_ALL=POSIX means English", std::nullopt, {{"LC_ALL", "POSIX"}, {"LANG", "ja_JP.UTF-8"}}, Lang::kEn},
      {"unknown locale means English",
       std::nullopt,
       {{"LC_MESSAGES", "de_DE.UTF-8"}, {"LANG", "ko_KR.UTF-8"}},
       Lang::kEn},
      {"LANG=C", std::nullopt, {{"LANG", "C"}}, Lang::kEn},
      {"English locale", std::nullopt, {{"LANG", "en_US.UTF-8"}}, Lang::kEn},
  };
  for (const auto& c : cases) EXPECT_EQ(i18n::choose_lang(c.flag, c.env), c.want) << c.name;
}

TEST(I18nLang, LangFlagFromRawArguments) {
  using Args = std::vector<std::string>;
  EXPECT_EQ(i18n::lang_flag(Args{}), std::nullopt);
  EXPECT_EQ(i18n::lang_flag(Args{"check", "--snapshot", "b.json"}), std::nullopt);
  EXPECT_EQ(i18n::lang_flag(Args{"check", "--lang", "ko", "--help"}), "ko");
  EXPECT_EQ(i18n::lang_flag(Args{"list", "--lang=ja"}), "ja");
  EXPECT_EQ(i18n::lang_flag(Args{"list", "--lang=ja", "--lang", "ko"}), "ja");
  EXPECT_EQ(i18n::lang_flag(Args{"check", "--lang"}), std::nullopt);
  EXPECT_EQ(i18n::lang_flag(Args{"check", "--", "--lang", "ko"}), std::nullopt);
  EXPECT_EQ(i18n::lang_flag(Args{"check", "--language", "ko"}), std::nullopt);
}

TEST(I18nLang, RenderFallsBackToEnglishThenToTheId) {
  EXPECT_EQ(i18n::text("no.such.id", Lang::kKo), "no.such.id");
  EXPECT_EQ(i18n::render(msg("ui.score", {{"score", "3"}, {"max_score", "7"}}), Lang::kKo), "점수 3/7");
  EXPECT_EQ(i18n::render(msg("ui.score", {{"score", "3"}, {"max_score", "7"}}), Lang::kJa), "スコア 3/7");
}

// ---- tables from the recorded captures, in every language --------------------------------------

constexpr const char* kVersion = "v1.34.0";
// The goldens at 80 columns: the solution, and mistakes whose one root is followed by others.
const std::vector<std::string> kScenarios{"solution", "toleration-wrong-value", "capacity-only", "taint-wrong-key"};

std::optional<RunResult> graded(const std::string& scenario) {
  if (checks::all().empty()) return std::nullopt;
  const auto bundle = load_capture(kVersion, scenario);
  if (!bundle) return std::nullopt;
  return checks_only(*bundle, capture_rel(kVersion, scenario));
}

std::string table_in(const RunResult& run, Lang lang, bool verbose = false) {
  render::Options o;
  o.lang = lang;
  o.unicode = true;
  o.color = false;
  o.width = 80;
  o.verbose = verbose;
  return render::table(run, o);
}

std::vector<std::string> split_lines(const std::string& s) {
  std::vector<std::string> out;
  std::istringstream in(s);
  std::string line;
  while (std::getline(in, line)) out.push_back(line);
  return out;
}

TEST(I18nGolden, CaptureTablesInEveryLanguage) {
  for (const auto& scenario : kScenarios) {
    const auto run = graded(scenario);
    if (!run) GTEST_SKIP() << "capture " << capture_rel(kVersion, scenario) << " or the checks are missing";
    for (const auto& [lang, name] : kAllLangs) {
      SCOPED_TRACE(fmt::format("{} {}", scenario, name));
      expect_equal_to_golden(fmt::format("i18n/{}.{}.txt", scenario, name), table_in(*run, lang));
    }
  }
}

// The column of titles and the column of points start at the same display column on every check
// line, whatever the language: Hangul and kana take two columns, and padding counts them so.
TEST(I18nGolden, KoreanAndJapaneseTablesAreAligned) {
  for (const auto& scenario : kScenarios) {
    const auto run = graded(scenario);
    if (!run) GTEST_SKIP() << "capture " << capture_rel(kVersion, scenario) << " or the checks are missing";
    for (const auto& [lang, name] : kAllLangs) {
      SCOPED_TRACE(fmt::format("{} {}", scenario, name));
      std::set<std::size_t> title_cols;
      std::set<std::size_t> points_cols;
      int check_lines = 0;
      for (const auto& line : split_lines(table_in(*run, lang, true))) {
        const auto at = line.find(" step");
        // A check line: its mark, then its id (not a root's list of consequences, "· step 6 ...").
        const bool check_line = line.rfind("  ✔ step", 0) == 0 || line.rfind("  ✘ step", 0) == 0;
        if (!check_line || at == std::string::npos) continue;
        ++check_lines;
        const auto id_end = line.find(' ', at + 1);
        ASSERT_NE(id_end, std::string::npos) << line;
        const auto title = line.find_first_not_of(' ', id_end);
        ASSERT_NE(title, std::string::npos) << line;
        title_cols.insert(text::display_width(line.substr(0, title)));
        const auto pts = line.rfind(' ');
        points_cols.insert(text::display_width(line.substr(0, pts + 1)));
        // The title itself is in the chosen language.
        if (lang != Lang::kEn) {
          const std::string id = line.substr(at + 1, id_end - at - 1);
          // A long title wraps under its column: its first line starts the title.
          std::string head = line.substr(title, pts - title);
          while (!head.empty() && head.back() == ' ') head.pop_back();
          EXPECT_EQ(i18n::text("check." + id + ".title", lang, lab::names()).rfind(head, 0), 0U) << line;
        }
      }
      EXPECT_EQ(check_lines, static_cast<int>(checks::all().size()));
      EXPECT_EQ(title_cols.size(), 1U) << "titles start at " << title_cols.size() << " different columns";
      EXPECT_EQ(points_cols.size(), 1U) << "points start at " << points_cols.size() << " different columns";
    }
  }
}

TEST(I18nGolden, TableChromeFollowsTheLanguage) {
  const auto run = graded("toleration-wrong-value");
  if (!run) GTEST_SKIP() << "capture or checks missing";
  // The numbers as the run has them (the chrome is what is asserted here, not the lab's totals).
  const std::string pass = std::to_string(run->count(Status::kPass));
  const std::string fail = std::to_string(run->count(Status::kFail));
  const std::string score = std::to_string(run->score()) + "/" + std::to_string(run->max_score());
  ASSERT_GT(run->count(Status::kFail), 0);
  const std::string ko = table_in(*run, Lang::kKo);
  for (const std::string& want :
       {std::string("1단계 — "), std::string("기대값"), std::string("실제값"), std::string("힌트"), std::string("근거"),
        fmt::format("통과 {}, 실패 {}", pass, fail), "점수 " + score}) {
    EXPECT_NE(ko.find(want), std::string::npos) << want;
  }
  const std::string ja = table_in(*run, Lang::kJa);
  for (const std::string& want :
       {std::string("ステップ 1 — "), std::string("期待値"), std::string("実際"), std::string("ヒント"),
        std::string("根拠"), fmt::format("合格 {}、不合格 {}", pass, fail), "スコア " + score}) {
    EXPECT_NE(ja.find(want), std::string::npos) << want;
  }
  for (const auto& t : {ko, ja}) {
    for (const char* english : {"expected ", "actual ", "hint ", " passed", " failed", "score ", "Step "}) {
      EXPECT_EQ(t.find(english), std::string::npos) << "English \"" << english << "\" left in a translated table";
    }
  }
}

// Machine-readable output keeps ids, statuses and field names; only the human texts change.
TEST(I18nGolden, JsonKeepsIdsAndFieldNamesAndSaysTheLanguage) {
  const auto run = graded("toleration-wrong-value");
  if (!run) GTEST_SKIP() << "capture or checks missing";
  render::Options en;
  const nlohmann::json je = nlohmann::json::parse(render::json(*run, en));
  for (const auto& [lang, name] : kTranslations) {
    render::Options o;
    o.lang = lang;
    const nlohmann::json j = nlohmann::json::parse(render::json(*run, o));
    EXPECT_EQ(je["lang"], "en");
    EXPECT_EQ(j["lang"], name);
    ASSERT_EQ(j["checks"].size(), je["checks"].size());
    for (std::size_t i = 0; i < j["checks"].size(); ++i) {
      const auto& c = j["checks"][i];
      const auto& e = je["checks"][i];
      std::vector<std::string> keys;
      std::vector<std::string> en_keys;
      for (const auto& [k, v] : c.items()) keys.push_back(k);
      for (const auto& [k, v] : e.items()) en_keys.push_back(k);
      EXPECT_EQ(keys, en_keys);
      EXPECT_EQ(c["id"], e["id"]);
      EXPECT_EQ(c["status"], e["status"]);
      EXPECT_EQ(c["score"], e["score"]);
      EXPECT_EQ(c["title"], i18n::text("check." + c["id"].get<std::string>() + ".title", lang, lab::names()));
      if (c["status"] == "fail") {
        EXPECT_NE(c["hint"], e["hint"]) << c["id"];
      }
    }
  }
}

}  // namespace
}  // namespace gpuwhy::report_test
