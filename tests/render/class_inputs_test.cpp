// The class page's inputs, in process: the --roster parser (lists, comments, CSV with quotes and
// an id column or its other names, BOM, CRLF, what is refused), the page names of --pages (safe,
// distinct, capped), the links the class page gets to them, and a bundle's `student`.

#include <gtest/gtest.h>
#include <stdlib.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cctype>

#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "gpuwhy/base/error.h"
#include "gpuwhy/model/bundle.h"
#include "gpuwhy/model/snapshot.h"
#include "gpuwhy/render/pages.h"
#include "roster.h"

namespace gpuwhy::cli {
namespace {

namespace fs = std::filesystem;
using Ids = std::vector<std::string>;
using readers::Roster;
using Problem = Roster::Problem;
using readers::parse_roster;
using render::kMaxPageName;
using render::page_link;
using render::page_name;
using render::PageWriter;
using render::url_path;

TEST(Roster, NamesFromTheCsvNameColumnOrFirstAndLastName) {
  const Roster r = parse_roster("id,Name,email\n20260101, Kim Minji ,a@x\n20260102,,b@x\n20260101,Again,c@x\n");
  EXPECT_EQ(r.ids, (Ids{"20260101", "20260102"}));
  EXPECT_EQ(r.names, (Ids{"Kim Minji", ""}));
  EXPECT_EQ(parse_roster("Last Name,First Name,login\nTanaka,Yuki,ty\n").names, (Ids{"Yuki Tanaka"}));
  EXPECT_EQ(parse_roster("student_id,full_name\ns1,\"Lee, Jun\"\n").names, (Ids{"Lee, Jun"}));
  // A plain list has ids only; its names are empty, one per id.
  EXPECT_EQ(parse_roster("alice\nbob\n").names, (Ids{"", ""}));
}

TEST(Roster, OneIdPerLineTrimmedWithBlankAndCommentLinesSkipped) {
  const Roster r = parse_roster("# CS 4xx, fall\n\n  alice  \nbob\n\t\n# bob left\ncarol\nalice\n");
  EXPECT_EQ(r.problem, Problem::kNone);
  EXPECT_EQ(r.ids, (Ids{"alice", "bob", "carol"}));  // duplicates kept once, first place
}

TEST(Roster, BomAndCrlfAreNotPartOfAnId) {
  EXPECT_EQ(parse_roster("\xEF\xBB\xBF"
                         "alice\r\nbob\r\n")
                .ids,
            (Ids{"alice", "bob"}));
  EXPECT_EQ(parse_roster("\xEF\xBB\xBF"
                         "id,name\r\n\"s1\",\"Kim, Minjun\"\r\ns2,Lee\r\n")
                .ids,
            (Ids{"s1", "s2"}));
}

TEST(Roster, KoreanIdsAreKept) {
  EXPECT_EQ(parse_roster("김민준\n이서연\n").ids, (Ids{"김민준", "이서연"}));
}

TEST(Roster, CsvTakesTheIdColumnWhereverItIs) {
  const Roster r = parse_roster(
      "name,email,ID,section\n"
      "\"Kim, Minjun\",kim@example.edu,s17,A\n"
      "\"Lee \"\"Sy\"\" Seoyeon\",lee@example.edu,\"s18\",B\n"
      "\"Park\nJi\",park@example.edu,s19,A\n"  // a line break inside quotes is one field
      ",,,\n"
      "Choi,choi@example.edu,s17,A\n");
  EXPECT_EQ(r.problem, Problem::kNone);
  EXPECT_EQ(r.ids, (Ids{"s17", "s18", "s19"}));
}

TEST(Roster, CsvWithoutIdTakesTheOtherNamesInOrder) {
  EXPECT_EQ(parse_roster("name,Student\nKim,s1\n").ids, (Ids{"s1"}));
  EXPECT_EQ(parse_roster("name,student_id\nKim,s2\n").ids, (Ids{"s2"}));
  EXPECT_EQ(parse_roster("login,name\nkim,Kim\n").ids, (Ids{"kim"}));
  EXPECT_EQ(parse_roster("user,name\nkim,Kim\n").ids, (Ids{"kim"}));
  EXPECT_EQ(parse_roster("user,login\nu1,l1\n").ids, (Ids{"l1"}));        // login before user
  EXPECT_EQ(parse_roster("user,Id,login\nu1,i1,l1\n").ids, (Ids{"i1"}));  // id before all
}

TEST(Roster, AHeaderThatIsOnlyTheIdColumnIsAHeader) {
  EXPECT_EQ(parse_roster("id\ns1\ns2\n").ids, (Ids{"s1", "s2"}));
}

TEST(Roster, CsvWithoutAnIdColumnIsRefused) {
  const Roster r = parse_roster("name,email\nKim,kim@example.edu\n");
  EXPECT_EQ(r.problem, Problem::kNoIdColumn);
  EXPECT_TRUE(r.ids.empty());
}

TEST(Roster, NothingToReadIsEmpty) {
  EXPECT_EQ(parse_roster("").problem, Problem::kEmpty);
  EXPECT_EQ(parse_roster("\n  \n# only a comment\n").problem, Problem::kEmpty);
  EXPECT_EQ(parse_roster("\xEF\xBB\xBF").problem, Problem::kEmpty);
  EXPECT_EQ(parse_roster("id,name\n").problem, Problem::kEmpty);
  EXPECT_EQ(parse_roster("id,name\n,Kim\n").problem, Problem::kEmpty);
}

TEST(Roster, BinaryIsNotText) {
  EXPECT_EQ(parse_roster(std::string("s1\n\0s2\n", 7)).problem, Problem::kNotText);
  EXPECT_EQ(parse_roster("s1\n\xFF\xFE\xFD").problem, Problem::kNotText);
}

TEST(Roster, AnIdIsOneLineAndCapped) {
  const Roster r = parse_roster("id\n\"a\tb\"\n" + std::string(300, 'x') + "\n");
  ASSERT_EQ(r.ids.size(), 2U);
  EXPECT_EQ(r.ids[0], "a b");
  EXPECT_LE(r.ids[1].size(), kMaxStudentBytes);
}

TEST(PageName, AsciiLettersDigitsAndDashAreKept) {
  EXPECT_EQ(page_name("Alice-2024"), "Alice-2024");
}

TEST(PageName, EveryOtherByteIsEscaped) {
  EXPECT_EQ(page_name("김민준"), "_ea_b9_80_eb_af_bc_ec_a4_80");
  EXPECT_EQ(page_name("a.b"), "a_2eb");
  EXPECT_EQ(page_name("a_b"), "a_5fb");
  EXPECT_EQ(page_name("s 1"), "s_201");
}

TEST(PageName, NoNameLeavesTheFolderOrHidesItself) {
  for (const std::string id : {".", "..", "/", "../etc/passwd", ".hidden", "a/b", "", "~"}) {
    const std::string name = page_name(id);
    SCOPED_TRACE(id);
    EXPECT_FALSE(name.empty());
    EXPECT_NE(name.front(), '.');
    EXPECT_EQ(name.find('/'), std::string::npos);
    EXPECT_EQ(name.find(".."), std::string::npos);
  }
  EXPECT_EQ(page_name(".."), "_2e_2e");
  EXPECT_EQ(page_name(""), "_");
}

TEST(PageName, DistinctIdsNeverShareAName) {
  // An escape's own characters cannot be mistaken for another id's.
  EXPECT_NE(page_name("a_2e"), page_name("a."));
  EXPECT_NE(page_name("_"), page_name(""));
  EXPECT_NE(page_name("A"), page_name("a"));
  std::set<std::string> names;
  const std::vector<std::string> ids{"a_2e", "a.", "a_", "a__", "a_5f", "_5f", "_", "", "a-2e", "A.", "a..", "a_2e_2e"};
  for (const auto& id : ids) names.insert(page_name(id));
  EXPECT_EQ(names.size(), ids.size());
}

TEST(PageName, LongIdsAreCappedAndStillDistinct) {
  const std::string a = std::string(250, 'x') + "a";
  const std::string b = std::string(250, 'x') + "b";
  EXPECT_LE(page_name(a).size(), kMaxPageName);
  EXPECT_LE(page_name(b).size(), kMaxPageName);
  EXPECT_NE(page_name(a), page_name(b));
  EXPECT_EQ(page_name(a), page_name(a));  // stable
  // A cut never splits an escape, and ends with "__" and 16 hex digits.
  for (std::size_t pad = 0; pad < 4; ++pad) {
    const std::string name = page_name(std::string(pad, 'y') + std::string(200, '.'));
    SCOPED_TRACE(name);
    EXPECT_LE(name.size(), kMaxPageName);
    const std::string head = name.substr(0, name.size() - 18);
    EXPECT_EQ(name.substr(name.size() - 18, 2), "__");
    EXPECT_EQ((head.size() - pad) % 3, 0U);
  }
  // Up to the cap a name is whole; past it, it holds "__", which escaping never writes, so a cut
  // name is never another id's whole one.
  const std::string exact(kMaxPageName, 'z');
  EXPECT_EQ(page_name(exact), exact);
  EXPECT_NE(page_name(exact + "z").find("__"), std::string::npos);
  EXPECT_EQ(page_name(std::string(20, '_') + ".").find("__"), std::string::npos);
}

// A page name is a file name on every desktop system: none a Windows device name (any case, with
// any extension), none with a character Windows refuses or a control, none ending in a dot or space.
TEST(PageName, SafeOnEveryDesktopSystem) {
  EXPECT_EQ(page_name("CON"), "CO_4e");
  EXPECT_EQ(page_name("con"), "co_6e");
  EXPECT_EQ(page_name("Nul"), "Nu_6c");
  EXPECT_EQ(page_name("COM1"), "COM_31");
  EXPECT_EQ(page_name("lpt9"), "lpt_39");
  EXPECT_EQ(page_name("COM0"), "COM0");  // not a device
  EXPECT_EQ(page_name("CONSOLE"), "CONSOLE");
  EXPECT_EQ(page_name("con.txt"), "con_2etxt");
  const std::set<std::string> devices = {"con",  "prn",  "aux",  "nul",  "com1", "com2", "com3", "com4",
                                         "com5", "com6", "com7", "com8", "com9", "lpt1", "lpt2", "lpt3",
                                         "lpt4", "lpt5", "lpt6", "lpt7", "lpt8", "lpt9"};
  std::vector<std::string> ids = {"CON",  "PRN",    "AUX",   "NUL",   "COM1", "LPT9",    "cOn",  "a<b>",
                                  "c:d",  "e\"f",   "g/h",   "i\\j",  "k|l",  "m?n",     "o*p",  "tab\t",
                                  "dot.", "space ", "\x01x", "\x7fy", "end.", "trail. ", "ComA", "aux"};
  for (const auto& id : ids) {
    const std::string name = page_name(id);
    SCOPED_TRACE(id);
    std::string lower = name;
    for (char& c : lower) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    EXPECT_EQ(devices.count(lower), 0U) << name;
    EXPECT_EQ(name.find_first_of("<>:\"/\\|?*"), std::string::npos) << name;
    for (const char c : name) EXPECT_GT(static_cast<unsigned char>(c), 0x20) << name;
    EXPECT_NE(name.back(), '.');
    EXPECT_NE(name.back(), ' ');
  }
  EXPECT_NE(page_name("CON"), page_name("CO_4e"));  // still distinct
}

TEST(PageLink, RelativeToTheReportFolderAndPercentEncoded) {
  EXPECT_EQ(page_link("/srv/class/pages/alice.html", "/srv/class"), "pages/alice.html");
  EXPECT_EQ(page_link("/srv/pages/alice.html", "/srv/class/out"), "../../pages/alice.html");
  EXPECT_EQ(page_link("/srv/class/my pages/a_2eb.html", "/srv/class/"), "my%20pages/a_2eb.html");
  EXPECT_EQ(page_link("/srv/class/반/x.html", "/srv/class"), "%EB%B0%98/x.html");
  EXPECT_EQ(page_link("/srv/class/p#1/x~2.html", "/srv/class/./sub/.."), "p%231/x~2.html");
}

TEST(PageLink, UrlPathKeepsOnlyUnreservedBytes) {
  EXPECT_EQ(url_path("a/b c/d?e&f.html"), "a/b%20c/d%3Fe%26f.html");
  EXPECT_EQ(url_path("x%y"), "x%25y");
}

/// A temp folder of its own (not the process tests' helper: this file stays in the unit set).
class Scratch {
 public:
  Scratch() {
    char tmpl[] = "/tmp/gpuwhy-pages-XXXXXX";
    if (::mkdtemp(tmpl) != nullptr) path_ = tmpl;
  }
  ~Scratch() {
    std::error_code ec;
    fs::remove_all(path_, ec);
  }
  Scratch(const Scratch&) = delete;
  Scratch& operator=(const Scratch&) = delete;
  [[nodiscard]] const fs::path& path() const { return path_; }

 private:
  fs::path path_;
};

std::string slurp(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

TEST(PageWriter, WritesPagesLinksThemAndListsThem) {
  Scratch tmp;
  const fs::path dir = tmp.path() / "out" / "students";
  PageWriter w(dir.string(), tmp.path() / "out", i18n::Lang::kEn);
  EXPECT_TRUE(fs::is_directory(dir));  // made, parents too
  EXPECT_EQ(fs::status(dir).permissions() & fs::perms::others_write, fs::perms::none);
  EXPECT_EQ(w.write("a.b", "<p>a.b</p>"), "students/a_2eb.html");
  EXPECT_EQ(w.write("a.b", "<p>again</p>"), "students/a_2eb~2.html");  // a second page of one id
  EXPECT_EQ(w.write("김", "<p>k</p>"), "students/_ea_b9_80.html");
  EXPECT_TRUE(w.finish());
  EXPECT_FALSE(w.failed());
  EXPECT_EQ(slurp(dir / "a_2eb.html"), "<p>a.b</p>");
  EXPECT_EQ(slurp(dir / "a_2eb~2.html"), "<p>again</p>");
  EXPECT_EQ(slurp(dir / ".gpuwhy-pages"), "_ea_b9_80.html\na_2eb.html\na_2eb~2.html\n");
}

TEST(PageWriter, NeverReplacesAFileItDidNotWriteButReplacesItsOwn) {
  Scratch tmp;
  const fs::path dir = tmp.path() / "p";
  fs::create_directories(dir);
  std::ofstream(dir / "bob.html") << "the instructor's notes";
  {
    PageWriter w(dir.string(), tmp.path(), i18n::Lang::kEn);
    EXPECT_EQ(w.write("bob", "<p>bob</p>"), "");
    EXPECT_EQ(w.write("carol", "<p>carol 1</p>"), "p/carol.html");
    EXPECT_TRUE(w.failed());
    EXPECT_TRUE(w.finish());
  }
  EXPECT_EQ(slurp(dir / "bob.html"), "the instructor's notes");
  PageWriter again(dir.string(), tmp.path(), i18n::Lang::kEn);
  EXPECT_EQ(again.write("carol", "<p>carol 2</p>"), "p/carol.html");
  EXPECT_EQ(again.write("bob", "<p>bob</p>"), "");
  EXPECT_TRUE(again.finish());
  EXPECT_EQ(slurp(dir / "carol.html"), "<p>carol 2</p>");
  EXPECT_EQ(slurp(dir / "bob.html"), "the instructor's notes");
}

TEST(PageWriter, AListedNameThatIsALinkIsNotWrittenThrough) {
  Scratch tmp;
  const fs::path dir = tmp.path() / "p";
  fs::create_directories(dir);
  std::ofstream(tmp.path() / "secret") << "keep";
  fs::create_symlink(tmp.path() / "secret", dir / "eve.html");
  std::ofstream(dir / ".gpuwhy-pages") << "eve.html\n";
  PageWriter w(dir.string(), tmp.path(), i18n::Lang::kEn);
  EXPECT_EQ(w.write("eve", "<p>eve</p>"), "");
  EXPECT_TRUE(w.failed());
  EXPECT_EQ(slurp(tmp.path() / "secret"), "keep");
}

// Names that differ only in case are one file once the folder is zipped and opened on macOS or
// Windows: the second gets "~2", whether the first is of this batch or already in the folder.
TEST(PageWriter, NamesAreUniqueWhateverTheCase) {
  Scratch tmp;
  const fs::path dir = tmp.path() / "p";
  fs::create_directories(dir);
  std::ofstream(dir / "BOB.html") << "the instructor's notes";
  {
    PageWriter w(dir.string(), tmp.path(), i18n::Lang::kEn);
    EXPECT_EQ(w.write("Kim", "<p>Kim</p>"), "p/Kim.html");
    EXPECT_EQ(w.write("kim", "<p>kim</p>"), "p/kim~2.html");
    EXPECT_EQ(w.write("KIM", "<p>KIM</p>"), "p/KIM~3.html");
    EXPECT_EQ(w.write("bob", "<p>bob</p>"), "p/bob~2.html");
    EXPECT_TRUE(w.finish());
    EXPECT_FALSE(w.failed());
  }
  std::set<std::string> folded;
  for (const auto& e : fs::directory_iterator(dir)) {
    std::string n = e.path().filename().string();
    for (char& c : n) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    EXPECT_TRUE(folded.insert(n).second) << "two files named " << n << " but for case";
  }
  EXPECT_EQ(slurp(dir / "BOB.html"), "the instructor's notes");
  // The next batch finds the same names again, and replaces its own pages.
  PageWriter again(dir.string(), tmp.path(), i18n::Lang::kEn);
  EXPECT_EQ(again.write("kim", "<p>kim 2</p>"), "p/kim~2.html");
  EXPECT_TRUE(again.finish());
  EXPECT_FALSE(again.failed());
  EXPECT_EQ(slurp(dir / "kim~2.html"), "<p>kim 2</p>");
}

// Two batches writing into one folder at once: each list written holds the other's pages too.
// The writers read the list before either writes a page (the order that lost entries), then
// write and finish at the same moment, in separate processes.
TEST(PageWriter, BatchesSharingAFolderNeverLoseEachOthersEntries) {
  Scratch tmp;
  const fs::path dir = tmp.path() / "p";
  fs::create_directories(dir);
  constexpr int kBatches = 4;
  constexpr int kPages = 40;
  int ready[2];
  int go[2];
  ASSERT_EQ(::pipe(ready), 0);
  ASSERT_EQ(::pipe(go), 0);
  std::vector<pid_t> kids;
  for (int b = 0; b < kBatches; ++b) {
    const pid_t pid = ::fork();
    ASSERT_GE(pid, 0);
    if (pid == 0) {
      int rc = 0;
      {
        PageWriter w(dir.string(), tmp.path(), i18n::Lang::kEn);
        char c = 'r';
        if (::write(ready[1], &c, 1) != 1 || ::read(go[0], &c, 1) != 1) ::_exit(3);
        for (int i = 0; i < kPages; ++i) {
          const std::string id = "s" + std::to_string(b) + "-" + std::to_string(i);
          if (w.write(id, "<p>" + id + "</p>").empty()) rc = 1;
        }
        if (!w.finish() || w.failed()) rc = 2;
      }
      ::_exit(rc);
    }
    kids.push_back(pid);
  }
  for (int b = 0; b < kBatches; ++b) {
    char c = 0;
    ASSERT_EQ(::read(ready[0], &c, 1), 1);
  }
  const std::string all(kBatches, 'g');
  ASSERT_EQ(::write(go[1], all.data(), all.size()), static_cast<ssize_t>(all.size()));
  for (const pid_t pid : kids) {
    int status = 0;
    ASSERT_EQ(::waitpid(pid, &status, 0), pid);
    EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0) << "a batch failed: " << status;
  }
  for (int fd : {ready[0], ready[1], go[0], go[1]}) ::close(fd);
  std::set<std::string> want;
  for (int b = 0; b < kBatches; ++b) {
    for (int i = 0; i < kPages; ++i) want.insert("s" + std::to_string(b) + "-" + std::to_string(i) + ".html");
  }
  std::set<std::string> listed;
  std::istringstream lines(slurp(dir / ".gpuwhy-pages"));
  for (std::string line; std::getline(lines, line);) listed.insert(line);
  EXPECT_EQ(listed, want);
  // The next run replaces every one of them: none is refused as someone else's file.
  PageWriter next(dir.string(), tmp.path(), i18n::Lang::kEn);
  EXPECT_EQ(next.write("s0-0", "<p>again</p>"), "p/s0-0.html");
  EXPECT_EQ(next.write("s3-39", "<p>again</p>"), "p/s3-39.html");
  EXPECT_FALSE(next.failed());
}

TEST(PageWriter, AFileInThePlaceOfTheFolderIsAnError) {
  Scratch tmp;
  std::ofstream(tmp.path() / "file") << "x";
  EXPECT_THROW(PageWriter((tmp.path() / "file" / "pages").string(), tmp.path(), i18n::Lang::kEn), Error);
}

nlohmann::json minimal_bundle() {
  return {{"schema_version", 1},
          {"kind", "gpuwhy-bundle"},
          {"taken_at", "2026-12-01T06:15:13Z"},
          {"cluster",
           {{"version", {{"value", nlohmann::json::object()}}},
            {"namespace", {{"value", nlohmann::json::object()}}},
            {"nodes", {{"value", {{"items", nlohmann::json::array()}}}}},
            {"pods", {{"value", {{"items", nlohmann::json::array()}}}}},
            {"events", {{"value", {{"items", nlohmann::json::array()}}}}}}},
          {"dry_runs", nlohmann::json::object()},
          {"files", nlohmann::json::object()}};
}

TEST(BundleStudent, TheBundleMaySayWhoseItIs) {
  nlohmann::json b = minimal_bundle();
  EXPECT_EQ(from_bundle(b, "s.json").student, "");
  b["student"] = "  kim\nminjun ";
  const Snapshot s = from_bundle(b, "s.json");
  EXPECT_EQ(s.student, "kim minjun");
  EXPECT_EQ(from_bundle(to_bundle(s), "again.json").student, "kim minjun");
  b["student"] = std::string(500, 'k');
  EXPECT_LE(from_bundle(b, "s.json").student.size(), kMaxStudentBytes);
  b["student"] = 17;  // checked as strictly as every other field
  EXPECT_THROW((void)from_bundle(b, "s.json"), Error);
}

}  // namespace
}  // namespace gpuwhy::cli
