// The forms corpus: for every recorded scenario, fixtures/captures/<version>/<scenario>/forms/
// holds what kubectl really printed on that cluster for each out/ file, in every output form a
// student may save (custom-columns in any header case, -o yaml/json, jsonpath with any
// separator, describe, get events, both orders of the rejections, a prompt line above ...;
// recorded by fixtures/cluster/record-forms, index.tsv names each command). Every form of a
// file must get the grade its plain form gets, and on a correct solution every form passes.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <regex>
#include <sstream>

#include "checks.h"
#include "gpuwhy/base/text.h"
#include "gpuwhy/lab/lab.h"
#include "gpuwhy/model/bundle.h"
#include "gpuwhy/model/snapshot.h"

namespace gpuwhy {
namespace {

namespace fs = std::filesystem;

const fs::path kCaptures = fs::path(GPUWHY_SOURCE_DIR) / "fixtures" / "captures";

std::string slurp(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

struct Form {
  std::string file;  // "advertised.txt"
  std::string name;  // "jsonpath-equals-with-prompt"
  fs::path path;
};

std::vector<Form> forms_of(const fs::path& scenario) {
  std::vector<Form> out;
  std::stringstream idx(slurp(scenario / "forms" / "index.tsv"));
  std::string line;
  std::getline(idx, line);  // header
  while (std::getline(idx, line)) {
    const auto t1 = line.find('\t');
    const auto t2 = line.find('\t', t1 + 1);
    if (t1 == std::string::npos || t2 == std::string::npos) continue;
    Form f{line.substr(0, t1), line.substr(t1 + 1, t2 - t1 - 1), {}};
    f.path = scenario / "forms" / f.file / (f.name + ".txt");
    out.push_back(std::move(f));
  }
  return out;
}

// The out/ file a form stands for, and the check that grades that file.
const std::map<std::string, std::pair<std::string_view, std::string>>& targets() {
  static const std::map<std::string, std::pair<std::string_view, std::string>> k{
      {"advertised.txt", {lab::kFileAdvertised, "step2.advertised-file"}},
      {"rejected.txt", {lab::kFileRejected, "step3.rejected-file"}},
      {"tainted.txt", {lab::kFileTainted, "step5.tainted-file"}},
      {"exhausted.txt", {lab::kFileExhausted, "step7.exhausted-file"}},
  };
  return k;
}

std::string base_name(std::string n) {
  const std::string suffix = "-with-prompt";
  if (n.size() > suffix.size() && n.compare(n.size() - suffix.size(), suffix.size(), suffix) == 0)
    n.resize(n.size() - suffix.size());
  return n;
}

bool ends_with(const std::string& s, std::string_view suffix) {
  return s.size() >= suffix.size() && s.compare(s.size() - suffix.size(), suffix.size(), suffix) == 0;
}

// A form cut down by grep, awk, head or tail before it was saved (record-forms: filtered-*).
bool filtered(const std::string& base) {
  return base.rfind("filtered-", 0) == 0;
}

// A form printing the same facts in another shape (record-forms: shaped-*): go-template,
// jsonpath maps, -o name, jq, a terminal session recorded with `script`.
bool shaped(const std::string& base) {
  return base.rfind("shaped-", 0) == 0;
}

// An advertised.txt form that must fail whatever the cluster: amounts without node names, or
// amounts paired with the wrong nodes.
bool wrong_by_shape(const std::string& file, const std::string& base) {
  return (file == "advertised.txt" && (ends_with(base, "-nameless") || ends_with(base, "-wrong-node"))) ||
         (file == "rejected.txt" && base.starts_with("other-result-")) ||
         ((file == "tainted.txt" || file == "exhausted.txt") && base.starts_with("other-kind-"));
}

// Forms whose grade must equal the grade of the group's plain form. advertised.txt: a form
// shows allocatable, capacity, or both (and then allocatable counts); rejected.txt: the
// one-refusal and stdout-only forms are the two named mistakes.
std::string reference_form(const std::string& file, const std::string& form) {
  const std::string b = base_name(form);
  if (file == "advertised.txt" && (filtered(b) || shaped(b))) {  // named by what the form shows
    if (wrong_by_shape(file, b)) return "";                      // graded below
    return ends_with(b, "-both") ? "custom-columns-upper-both" : "custom-columns-upper-allocatable";
  }
  if (file == "advertised.txt") {
    if (b.find("capacity") != std::string::npos) return "custom-columns-upper-capacity";
    if (b.find("both") != std::string::npos || b == "yaml" || b == "json" || b == "describe-nodes")
      return "custom-columns-upper-both";
    return "custom-columns-upper-allocatable";
  }
  if (file == "rejected.txt") {
    if (b == "fraction-half-alone" || b == "apply-no-stderr" || wrong_by_shape(file, b)) return "";  // graded below
    return "apply-mismatch-then-fraction";
  }
  if (wrong_by_shape(file, b)) return "";  // graded below
  return "jsonpath-message-newline";
}

// The form shows an amount of the resource (`nvidia.com/gpu: 2`, `"nvidia.com/gpu": "2"`).
bool shows_amount(const std::string& content) {
  for (const std::string_view key : {"nvidia.com/gpu:", "nvidia.com/gpu\":"}) {
    if (content.find(key) != std::string::npos) return true;
  }
  return false;
}

struct Grade {
  Status status = Status::kFail;
  std::string hint;
  std::string actual;
};

Grade grade_with(const Snapshot& base, std::string_view rel, const std::string& check, const std::string& content) {
  Snapshot s = base;
  auto& f = s.files[std::string(rel)];
  f.state = StudentFile::State::kOk;
  f.content = content;
  f.size = content.size();
  f.reason.clear();
  checks::Selection sel;
  sel.ids = {check};
  for (const auto& c : checks::run(s, sel, RunMeta{}).checks) {
    if (c.id == check) return Grade{c.outcome.status, c.outcome.hint.id, c.outcome.actual.id};
  }
  return {};
}

std::vector<fs::path> scenarios_with_forms() {
  std::vector<fs::path> out;
  if (!fs::is_directory(kCaptures)) return out;
  for (const auto& v : fs::directory_iterator(kCaptures)) {
    if (!v.is_directory()) continue;
    for (const auto& sc : fs::directory_iterator(v.path())) {
      if (fs::is_regular_file(sc.path() / "forms" / "index.tsv") && fs::is_regular_file(sc.path() / "bundle.json"))
        out.push_back(sc.path());
    }
  }
  std::sort(out.begin(), out.end());
  return out;
}

bool correct_solution(const fs::path& scenario) {
  const std::string n = scenario.filename().string();
  return n == "solution" || n.rfind("variant-", 0) == 0;
}

TEST(Forms, EveryRecordedFormGetsThePlainFormsGrade) {
  const auto scenarios = scenarios_with_forms();
  ASSERT_GE(scenarios.size(), 20U) << "forms recorded for every v1.34.0 scenario";
  int graded = 0;
  int shaped_graded = 0;
  for (const auto& sc : scenarios) {
    const Snapshot base = load_bundle((sc / "bundle.json").string());
    const auto forms = forms_of(sc);
    ASSERT_GE(forms.size(), 90U) << sc;
    std::map<std::string, std::string> content;
    for (const auto& f : forms) content[f.file + "/" + f.name] = slurp(f.path);
    for (const auto& f : forms) {
      const auto& [rel, check] = targets().at(f.file);
      const Grade g = grade_with(base, rel, check, content[f.file + "/" + f.name]);
      ++graded;
      const std::string where = sc.string() + " " + f.file + "/" + f.name;
      if (correct_solution(sc)) {
        const bool named_mistake = (f.file == "rejected.txt" && (base_name(f.name) == "fraction-half-alone" ||
                                                                 base_name(f.name) == "apply-no-stderr")) ||
                                   wrong_by_shape(f.file, base_name(f.name));
        if (!named_mistake) {
          EXPECT_EQ(g.status, Status::kPass) << where << ": " << g.hint << " " << g.actual;
        }
      }
      const std::string ref = reference_form(f.file, f.name);
      if (ref.empty()) {  // rejected.txt: one refusal only, or stdout only; amounts without names
        // A namespace's events hold both kinds only where trainer3 stays Pending beside cpu-only.
        if (!base_name(f.name).starts_with("other-kind-")) {
          EXPECT_EQ(g.status, Status::kFail) << where;
        }
        if (base_name(f.name) == "fraction-half-alone") {
          EXPECT_EQ(g.hint, "hint.step3.rejected-file.overwritten") << where;
        }
        const std::string b = base_name(f.name);
        // The pod's message beside another pod's of the other kind: the extra one is the fault.
        if (b.starts_with("other-kind-") && correct_solution(sc)) {
          EXPECT_EQ(g.hint, "hint.scheduler-file.also-other-kind") << where << ": " << g.actual;
        }
        // One rejection beside the other command's own result (named by the hint), or of another
        // rule: nothing was overwritten.
        if (f.file == "rejected.txt" && wrong_by_shape(f.file, b) && correct_solution(sc)) {
          EXPECT_EQ(g.hint, ends_with(b, "-neither") ? "hint.step3.rejected-file.neither"
                                                     : "hint.step3.rejected-file.other-result")
              << where << ": " << g.actual;
        }
        if (ends_with(b, "-nameless") && (shaped(b) || shows_amount(content[f.file + "/" + f.name]))) {
          EXPECT_EQ(g.hint, "hint.step2.advertised-file.bare-numbers") << where << ": " << g.actual;
        }
        // Amounts paired with the wrong nodes: the hint names what was read.
        if (ends_with(b, "-wrong-node") && correct_solution(sc)) {
          EXPECT_EQ(g.hint, "hint.step2.advertised-file.wrong-amount") << where << ": " << g.actual;
        }
        shaped_graded += shaped(b) ? 1 : 0;
        continue;
      }
      shaped_graded += shaped(base_name(f.name)) ? 1 : 0;
      const Grade want = grade_with(base, rel, check, content[f.file + "/" + ref]);
      EXPECT_EQ(g.status, want.status) << where << " vs " << ref << ": " << g.hint << " / " << want.hint;
      // A form that holds no message (the pod was placed) fails like the empty plain form, with
      // the hint for its own shape.
      const bool ref_empty = content[f.file + "/" + ref].find_first_not_of(" \n") == std::string::npos;
      if (!ref_empty && want.status != Status::kPass) {
        EXPECT_EQ(g.hint, want.hint) << where << " vs " << ref;
      }
    }
  }
  std::cout << "[forms] " << scenarios.size() << " scenarios, " << graded << " recorded forms graded, " << shaped_graded
            << " of them reshaped\n";
  EXPECT_GE(shaped_graded, 1000) << "the reshaped forms (go-template, jsonpath maps, -o name, jq, script) of every "
                                    "v1.34.0 scenario";
}

// `text` as a terminal `width` columns wide shows it, copied with its line breaks (screen, an
// old console, a terminal that does not join wrapped lines): every line cut at `width` display
// columns, mid-word, with no mark.
std::string hard_wrapped(const std::string& text, std::size_t width) {
  std::string out;
  std::size_t col = 0;
  for (std::size_t i = 0; i < text.size();) {
    char32_t cp = 0;
    const std::size_t len = std::max<std::size_t>(text::next_codepoint(text, i, &cp), 1);  // a stray byte: one
    const std::string ch = text.substr(i, len);
    i += len;
    if (ch == "\n") {
      out += ch;
      col = 0;
      continue;
    }
    const std::size_t w = ch == "\t" ? 8 - col % 8 : text::display_width(ch);
    if (col + w > width) {
      out += '\n';
      col = 0;
    }
    out += ch;
    col += w;
  }
  return out;
}

// Forms whose wrapped copy is not read yet: a table row or a map cut in a cell
// (`map[cpu:32 mem` / `ory:256Gi ...]`), describe's wide Conditions table, one-line JSON inside
// YAML kept by grep. These lose their grade when wrapped; the rest must not.
bool wrap_not_read(const std::string& base) {
  for (std::string_view p :
       {"describe-nodes", "filtered-yaml-grep-A-", "shaped-custom-columns-maps-", "shaped-go-template-maps-",
        "shaped-jsonpath-maps-", "shaped-jsonpath-status-", "shaped-script-go-template-", "shaped-script-jq-lines-"}) {
    if (base.starts_with(p)) return true;
  }
  return false;
}

// A form copied from an 80-column terminal that wrapped its long lines (a command typed at the
// prompt, a message, JSON on one line, a rejection's cause) gets the grade the form gets.
TEST(Forms, AFormATerminalWrappedGetsTheFormsGrade) {
  int graded = 0;
  int cut = 0;
  for (const auto& sc : scenarios_with_forms()) {
    if (sc.parent_path().filename() != "v1.34.0") continue;
    const Snapshot base = load_bundle((sc / "bundle.json").string());
    for (const auto& f : forms_of(sc)) {
      if (wrap_not_read(base_name(f.name))) continue;
      const auto& [rel, check] = targets().at(f.file);
      const std::string plain = slurp(f.path);
      const std::string wrapped = hard_wrapped(plain, 80);
      if (wrapped == plain) continue;
      ++cut;
      const Grade want = grade_with(base, rel, check, plain);
      const Grade got = grade_with(base, rel, check, wrapped);
      ++graded;
      EXPECT_EQ(got.status, want.status) << sc << " " << f.file << "/" << f.name << ": " << got.hint;
      EXPECT_EQ(got.hint, want.hint) << sc << " " << f.file << "/" << f.name;
    }
  }
  std::cout << "[forms] " << graded << " forms wider than 80 columns graded wrapped\n";
  EXPECT_GE(cut, 1000) << "the forms of every v1.34.0 scenario with a line wider than 80 columns";
}

// The lines a student writes around the output in advertised.txt: a heading above it (in
// brackets, with a rule under it) and a note after it, in Korean or English, some naming the
// nodes and amounts again, in lower case too. None is output: every recorded form keeps its grade with each.
TEST(Forms, ANoteAroundANodeFormGetsTheFormsGrade) {
  const std::vector<std::pair<std::string, std::string>> around{
      {"[2단계] 노드별 GPU\n", ""},
      {"[Step 2]\n---\n", ""},
      {"", "완료\n"},
      {"", "OK\n"},
      {"", "Only lab-node-0 advertises GPUs.\n"},
      {"", "설명: lab-node-0 만 GPU 2개를 광고한다\n"},
      {"", "=> lab-node-0: 2, 나머지: 없음\n"},
      {"", "lab-node-1, lab-node-2: GPU 없음\n"},
      {"", "done\n"},
      {"", "looks good\n"},
      {"", "only lab-node-0 has gpus\n"},
      {"결과:\n", "---\n(끝)\n"},
  };
  int graded = 0;
  for (const auto& sc : scenarios_with_forms()) {
    if (sc.parent_path().filename() != "v1.34.0") continue;
    const Snapshot base = load_bundle((sc / "bundle.json").string());
    for (const auto& f : forms_of(sc)) {
      if (f.file != "advertised.txt" || ends_with(f.name, "-with-prompt")) continue;
      const std::string plain = slurp(f.path);
      const Grade want = grade_with(base, lab::kFileAdvertised, "step2.advertised-file", plain);
      for (const auto& [before, after] : around) {
        std::string noted = before;
        noted += plain;
        if (!plain.ends_with("\n")) noted += "\n";
        noted += after;
        const Grade got = grade_with(base, lab::kFileAdvertised, "step2.advertised-file", noted);
        ++graded;
        EXPECT_EQ(got.status, want.status)
            << sc << " " << f.name << " with " << before << "|" << after << ": " << got.hint << " " << got.actual;
        // Amounts without names (bare numbers) under a note that names nodes: it fails all the
        // same, the hint then for what the note names.
        if (ends_with(f.name, "-nameless") && (before + after).find("lab-node") != std::string::npos) continue;
        EXPECT_EQ(got.hint, want.hint) << sc << " " << f.name << " with " << before << "|" << after;
      }
    }
  }
  EXPECT_GE(graded, 1000);
}

// A pod's message copied from a terminal 40 to 100 columns wide (describe's indentation puts the
// cut of an 80-column terminal anywhere in the message): wherever the cut falls (inside a word,
// before the `:` of `nodes are available:`, before a comma, right after a dot inside a name), the
// form keeps its grade.
TEST(Forms, AMessageWrappedAtAnyWidthGetsTheFormsGrade) {
  int graded = 0;
  for (const auto& sc : scenarios_with_forms()) {
    if (sc.parent_path().filename() != "v1.34.0") continue;
    const Snapshot base = load_bundle((sc / "bundle.json").string());
    for (const auto& f : forms_of(sc)) {
      const bool message_form = f.name == "jsonpath-message-newline" || f.name == "describe" || f.name == "events";
      if ((f.file != "tainted.txt" && f.file != "exhausted.txt") || !message_form) continue;
      const auto& [rel, check] = targets().at(f.file);
      const std::string plain = slurp(f.path);
      const Grade want = grade_with(base, rel, check, plain);
      for (std::size_t width = 40; width <= 100; ++width) {
        const std::string wrapped = hard_wrapped(plain, width);
        if (wrapped == plain) continue;
        const Grade got = grade_with(base, rel, check, wrapped);
        ++graded;
        EXPECT_EQ(got.status, want.status) << sc << " " << f.file << " at " << width << ": " << got.hint;
        EXPECT_EQ(got.hint, want.hint) << sc << " " << f.file << " at " << width;
      }
    }
  }
  EXPECT_GE(graded, 500);
}

// grep and grep -A as a student runs them on a recorded form: the lines matching `pattern`,
// each with `after` lines after it, `--` between groups (GNU grep's output).
std::string grep(const std::string& text, const std::string& pattern, int after = 0) {
  const std::regex re(pattern, std::regex::extended);
  std::vector<std::string> lines;
  std::stringstream ss(text);
  for (std::string l; std::getline(ss, l);) lines.push_back(l);
  std::string out;
  int last = -1;
  for (int i = 0; i < static_cast<int>(lines.size()); ++i) {
    if (!std::regex_search(lines[static_cast<std::size_t>(i)], re)) continue;
    if (after > 0 && last >= 0 && i > last + 1) out += "--\n";
    for (int j = std::max(i, last + 1); j <= std::min(i + after, static_cast<int>(lines.size()) - 1); ++j) {
      out += lines[static_cast<std::size_t>(j)] + "\n";
      last = j;
    }
  }
  return out;
}

// The recorded node forms of every version (v1.33.13 and v1.37.2 too, whose corpus predates the
// filtered forms), cut down by the filters students use: each keeps every node's name and the
// amounts of both maps, so it gets the grade of the form that shows both.
TEST(Forms, GrepOfEveryNodeFormGetsThePlainFormsGrade) {
  struct Filter {
    std::string form;
    std::string pattern;
    int after;
  };
  const std::vector<Filter> filters{
      {"describe-nodes", "^Name:|nvidia.com/gpu:", 0},        {"describe-nodes", "Name:|gpu", 0},
      {"describe-nodes", "^(Name|Capacity|Allocatable):", 4}, {"yaml", " name:|nvidia.com/gpu:", 0},
      {"yaml", " name:|allocatable:|capacity:", 4},           {"json", "\"name\"|\"nvidia.com/gpu\"", 0},
  };
  int graded = 0;
  for (const auto& sc : scenarios_with_forms()) {
    const Snapshot base = load_bundle((sc / "bundle.json").string());
    const fs::path dir = sc / "forms" / "advertised.txt";
    const Grade want =
        grade_with(base, lab::kFileAdvertised, "step2.advertised-file", slurp(dir / "custom-columns-upper-both.txt"));
    for (const auto& f : filters) {
      if (!fs::is_regular_file(dir / (f.form + ".txt"))) continue;
      const std::string cut = grep(slurp(dir / (f.form + ".txt")), f.pattern, f.after);
      const Grade g = grade_with(base, lab::kFileAdvertised, "step2.advertised-file", cut);
      ++graded;
      const std::string where =
          sc.string() + " " + f.form + " | grep -A" + std::to_string(f.after) + " '" + f.pattern + "'";
      EXPECT_EQ(g.status, want.status) << where << ": " << g.hint << " / " << want.hint << "\n" << cut;
      if (want.status != Status::kPass) {
        EXPECT_EQ(g.hint, want.hint) << where << "\n" << cut;
      }
    }
  }
  EXPECT_GE(graded, 100);
}

// The recorded pod forms of every version, cut down the same way: the message kept wherever it
// stands gets the plain message's grade; the first line alone of a message -o yaml folded is
// graded for what it shows, and where that is not enough the hint says it was cut.
TEST(Forms, GrepOfEveryPodFormGetsThePlainFormsGrade) {
  struct Filter {
    std::string form;
    std::string pattern;
    int after;
  };
  const std::vector<Filter> filters{
      {"describe", "FailedScheduling", 0}, {"describe", "^Events:", 4}, {"yaml", "message:", 4},
      {"json", "\"message\"", 0},          {"events", "Warning", 0},
  };
  const std::vector<std::pair<std::string, std::string>> files{{"tainted.txt", "step5.tainted-file"},
                                                               {"exhausted.txt", "step7.exhausted-file"}};
  int graded = 0;
  int cut = 0;
  for (const auto& sc : scenarios_with_forms()) {
    const Snapshot base = load_bundle((sc / "bundle.json").string());
    for (const auto& [file, check] : files) {
      const std::string_view rel = targets().at(file).first;
      const fs::path dir = sc / "forms" / file;
      const std::string plain = slurp(dir / "jsonpath-message-newline.txt");
      if (plain.find("nodes are available") == std::string::npos) continue;  // the pod was placed
      const Grade want = grade_with(base, rel, check, plain);
      for (const auto& f : filters) {
        const std::string kept = grep(slurp(dir / (f.form + ".txt")), f.pattern, f.after);
        const Grade g = grade_with(base, rel, check, kept);
        ++graded;
        const std::string where = sc.string() + " " + file + " " + f.form + " | grep '" + f.pattern + "'";
        EXPECT_EQ(g.status, want.status) << where << ": " << g.hint << " / " << want.hint << "\n" << kept;
        if (want.status != Status::kPass) {
          EXPECT_EQ(g.hint, want.hint) << where << "\n" << kept;
        }
      }
      const std::string first = grep(slurp(dir / "yaml.txt"), "message:", 0);
      const Grade g = grade_with(base, rel, check, first);
      if (want.status == Status::kPass && g.status != Status::kPass) {
        ++cut;
        EXPECT_EQ(g.hint, "hint.scheduler-file.cut") << sc << " " << file << "\n" << first;
      }
    }
  }
  EXPECT_GE(graded, 100);
  EXPECT_GT(cut, 0) << "some recorded -o yaml message is folded before its reasons end";
}

}  // namespace
}  // namespace gpuwhy
