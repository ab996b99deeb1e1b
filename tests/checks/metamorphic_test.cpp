// Metamorphic tests over every real capture of every recorded Kubernetes version
// (fixtures/captures/<version>/<scenario>/bundle.json): the ways students really save their
// files (a prompt or a comment above the output, CRLF, a BOM, trailing spaces, other header
// case, jsonpath separators, the message as -o yaml / -o json / describe / get events show it,
// rejections in the other order, extra YAML documents, full-width or decomposed text) must NOT
// change any verdict; the named mistakes (the other kind of message appended, one rejection
// dropped, a yes-word swapped for a no-word ...) MUST flip exactly the named check.
// One table: every capture x every transformation.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <functional>
#include <map>
#include <set>
#include <sstream>

#include <fmt/format.h>
#include <utf8proc.h>

#include "checks.h"
#include "gpuwhy/base/text.h"
#include "gpuwhy/lab/lab.h"
#include "gpuwhy/model/bundle.h"
#include "gpuwhy/model/snapshot.h"

namespace gpuwhy {
namespace {

namespace fs = std::filesystem;

const fs::path kCaptures = fs::path(GPUWHY_SOURCE_DIR) / "fixtures" / "captures";

std::vector<fs::path> all_bundles() {
  std::vector<fs::path> out;
  if (!fs::is_directory(kCaptures)) return out;
  for (const auto& v : fs::directory_iterator(kCaptures)) {
    if (!v.is_directory()) continue;
    for (const auto& sc : fs::directory_iterator(v.path())) {
      const fs::path b = sc.path() / "bundle.json";
      if (fs::is_regular_file(b)) out.push_back(b);
    }
  }
  std::sort(out.begin(), out.end());
  return out;
}

// As `gpuwhy check --snapshot` reads a bundle.
Snapshot load(const fs::path& bundle) {
  return load_bundle(bundle.string());
}

std::map<std::string, Status> verdicts(const Snapshot& s) {
  std::map<std::string, Status> out;
  for (const auto& c : checks::run(s, checks::Selection{}, RunMeta{}).checks) out[c.id] = c.outcome.status;
  return out;
}

// ---- text helpers ------------------------------------------------------------------------

std::string* content(Snapshot& s, std::string_view rel) {
  auto it = s.files.find(std::string(rel));
  if (it == s.files.end() || it->second.state != StudentFile::State::kOk || it->second.content.empty()) return nullptr;
  return &it->second.content;
}

std::vector<std::string> split_lines(const std::string& t) {
  std::vector<std::string> out;
  std::stringstream ss(t);
  std::string l;
  while (std::getline(ss, l)) out.push_back(l);
  return out;
}

std::string join_lines(const std::vector<std::string>& v) {
  std::string out;
  for (const auto& l : v) out += l + "\n";
  return out;
}

std::string replace_all(std::string s, const std::string& from, const std::string& to) {
  for (auto p = s.find(from); p != std::string::npos; p = s.find(from, p + to.size())) s.replace(p, from.size(), to);
  return s;
}

// ASCII letters, digits and punctuation as a Japanese IME types them (U+FF01..U+FF5E).
std::string full_width(const std::string& s) {
  std::string out;
  for (const char c : s) {
    if (c > ' ' && c <= '~') {
      const unsigned cp = 0xFF01U + static_cast<unsigned>(c - '!');
      out += static_cast<char>(0xE0U | (cp >> 12U));
      out += static_cast<char>(0x80U | ((cp >> 6U) & 0x3FU));
      out += static_cast<char>(0x80U | (cp & 0x3FU));
    } else {
      out += c;
    }
  }
  return out;
}

std::string nfd(const std::string& s) {
  utf8proc_uint8_t* out = nullptr;
  const auto n = utf8proc_map(reinterpret_cast<const utf8proc_uint8_t*>(s.data()),  // NOLINT
                              static_cast<utf8proc_ssize_t>(s.size()), &out,
                              static_cast<utf8proc_option_t>(UTF8PROC_DECOMPOSE | UTF8PROC_STABLE));
  std::string r = n < 0 ? s : std::string(reinterpret_cast<const char*>(out), static_cast<std::size_t>(n));  // NOLINT
  std::free(out);  // NOLINT(cppcoreglobals-no-malloc)
  return r;
}

// The one scheduler message of a plain file (what the lab's jsonpath command saves).
std::string plain_message(const std::string& t) {
  return text::trim(t);
}

// A message as `kubectl get pod -o yaml` prints it: single-quoted ('' for '), folded near 80.
std::string as_yaml(const std::string& msg) {
  const std::string q = replace_all(msg, "'", "''");
  std::string out = "status:\n  conditions:\n  - lastProbeTime: null\n    message: '";
  std::size_t col = 14;
  for (const auto& w : split_lines(replace_all(q, " ", "\n"))) {
    if (col + w.size() > 78) {
      out += "\n      ";
      col = 6;
    } else if (col != 14) {
      out += ' ';
      ++col;
    }
    out += w;
    col += w.size();
  }
  return out + "'\n    reason: Unschedulable\n    status: \"False\"\n    type: PodScheduled\n  phase: Pending\n";
}

// As `kubectl get pod -o json` prints it: escaped, <, > and & as \u00XX (Go's encoder).
std::string as_json(const std::string& msg) {
  std::string e;
  for (const char c : msg) {
    if (c == '"' || c == '\\') {
      e += '\\';
      e += c;
    } else if (c == '<' || c == '>' || c == '&') {
      e += c == '<' ? "\\u003c" : (c == '>' ? "\\u003e" : "\\u0026");
    } else {
      e += c;
    }
  }
  return "{\n    \"status\": {\n        \"conditions\": [\n            {\n                \"message\": \"" + e +
         "\",\n                \"reason\": \"Unschedulable\",\n                \"status\": \"False\",\n"
         "                \"type\": \"PodScheduled\"\n            }\n        ],\n        \"phase\": \"Pending\"\n    "
         "}\n}\n";
}

std::string as_describe(const std::string& msg) {
  return "Name:             x\nNamespace:        gpu-why\nStatus:           Pending\nEvents:\n"
         "  Type     Reason            Age   From               Message\n"
         "  ----     ------            ----  ----               -------\n"
         "  Warning  FailedScheduling  12s   default-scheduler  " +
         msg + "\n";
}

std::string as_events(const std::string& msg) {
  return "LAST SEEN   TYPE      REASON             OBJECT         MESSAGE\n"
         "12s         Warning   FailedScheduling   pod/x   " +
         msg + "\n";
}

// out/rejected.txt as blocks, one per rejection (a header line and its `* ` lines).
std::vector<std::string> rejection_blocks(const std::string& t) {
  std::vector<std::string> blocks;
  for (const auto& l : split_lines(t)) {
    const bool header = l.find("is invalid") != std::string::npos || l.rfind("Error from server", 0) == 0;
    if (header || blocks.empty()) {
      blocks.push_back(l + "\n");
    } else {
      blocks.back() += l + "\n";
    }
  }
  return blocks;
}

std::string set_gate_value(const std::string& t, const std::string& key, const std::string& value) {
  auto ls = split_lines(t);
  for (auto& l : ls) {
    if (l.rfind(key, 0) == 0) l = fmt::format("{}={}", key, value);
  }
  return join_lines(ls);
}

// ---- the table ---------------------------------------------------------------------------

struct Transform {
  std::string name;
  /// Changes the snapshot; false when it does not apply to this capture.
  std::function<bool(Snapshot&)> apply;
  /// Empty: no verdict may change. Else: these checks must go from pass to fail (applied only
  /// where they pass), and no other verdict may change.
  std::set<std::string> flips;
};

// Applies `f` to every file in `files` that has content; true when one did.
bool each(Snapshot& s, std::initializer_list<std::string_view> files,
          const std::function<std::string(std::string)>& f) {
  bool any = false;
  for (auto rel : files) {
    if (std::string* c = content(s, rel)) {
      *c = f(*c);
      any = true;
    }
  }
  return any;
}

const std::initializer_list<std::string_view> kOutFiles{lab::kFileAdvertised, lab::kFileRejected, lab::kFileTainted,
                                                        lab::kFileExhausted};

// NOLINTNEXTLINE(readability-function-size): the list of transforms is data, one each.
std::vector<Transform> transforms() {
  std::vector<Transform> t;
  // -- leading noise, one file at a time, in three forms
  const std::vector<std::pair<std::string, std::string>> noise{
      {"prompt", "$ kubectl get nodes -o 'custom-columns=NAME:.metadata.name' > out/x.txt\n"},
      {"root-prompt", "root@lab:~/gpuwhy# kubectl describe pod cpu-only -n gpu-why\n"},
      {"korean-comment", "# 스케줄러가 남긴 메시지 (5단계)\n"},
      {"blank-lines", "\n\n  \n"},
      {"markdown-fence", "```\n"},
  };
  for (auto rel : kOutFiles) {
    for (const auto& [name, prefix] : noise) {
      t.push_back(
          {name + ":" + std::string(rel),
           [rel, p = prefix](Snapshot& s) { return each(s, {rel}, [&](const std::string& c) { return p + c; }); },
           {}});
    }
  }
  // -- encodings and line ends, every text file
  const auto all_files = lab::kStudentFiles;
  t.push_back({"crlf",
               [all_files](Snapshot& s) {
                 bool any = false;
                 for (auto rel : all_files)
                   any = each(s, {rel}, [](const std::string& c) { return replace_all(c, "\n", "\r\n"); }) || any;
                 return any;
               },
               {}});
  t.push_back({"bom",
               [all_files](Snapshot& s) {
                 bool any = false;
                 for (auto rel : all_files)
                   any = each(s, {rel}, [](const std::string& c) { return "\xEF\xBB\xBF" + c; }) || any;
                 return any;
               },
               {}});
  t.push_back({"trailing-spaces",
               [](Snapshot& s) {
                 return each(s, kOutFiles, [](const std::string& c) { return replace_all(c, "\n", "   \n") + "  "; });
               },
               {}});
  // -- advertised.txt: header case, jsonpath separators
  for (const auto& [name, fn] : std::vector<std::pair<std::string, std::function<std::string(std::string)>>>{
           {"header-title-case",
            [](std::string h) {
              bool start = true;
              for (char& c : h) {
                if (c >= 'A' && c <= 'Z' && !start) c = static_cast<char>(c - 'A' + 'a');
                start = c == ' ' || c == '\t';
              }
              return h;
            }},
           {"header-lower-case", [](const std::string& h) { return text::to_lower_ascii(h); }}}) {
    t.push_back({name,
                 [f = fn](Snapshot& s) {
                   std::string* c = content(s, lab::kFileAdvertised);
                   if (c == nullptr) return false;
                   auto ls = split_lines(*c);
                   if (ls.empty() || ls[0].find("NAME") == std::string::npos) return false;
                   ls[0] = f(ls[0]);
                   *c = join_lines(ls);
                   return true;
                 },
                 {}});
  }
  for (const std::string sep : {"=", ":", " ", "\t", " -> ", ": "}) {
    t.push_back({"jsonpath-sep[" + sep + "]",
                 [sep](Snapshot& s) {
                   std::string* c = content(s, lab::kFileAdvertised);
                   if (c == nullptr) return false;
                   auto ls = split_lines(*c);
                   if (ls.size() < 2 || ls[0].rfind("NAME", 0) != 0) return false;
                   std::string out;
                   for (std::size_t i = 1; i < ls.size(); ++i) {
                     std::stringstream row(ls[i]);
                     std::string name;
                     std::string amount;
                     row >> name >> amount;
                     if (name.empty()) continue;
                     out += name + sep + (amount == "<none>" ? "" : amount) + "\n";
                   }
                   *c = out;
                   return true;
                 },
                 {}});
  }
  // -- tainted.txt / exhausted.txt: the message as other kubectl outputs show it
  for (const auto& [name, fn] : std::vector<std::pair<std::string, std::function<std::string(std::string)>>>{
           {"yaml", as_yaml}, {"json", as_json}, {"describe", as_describe}, {"events", as_events}}) {
    for (auto rel : {lab::kFileTainted, lab::kFileExhausted}) {
      t.push_back({"message-" + name + ":" + std::string(rel),
                   [rel, f = fn](Snapshot& s) {
                     std::string* c = content(s, rel);
                     if (c == nullptr || c->find("nodes are available") == std::string::npos ||
                         c->find('\n') < text::trim(*c).size())
                       return false;  // only a file that holds one plain message
                     *c = f(plain_message(*c));
                     return true;
                   },
                   {}});
    }
  }
  // -- a terminal that hard-wraps long lines at 60 columns, in the middle of words
  t.push_back({"hard-wrapped-60",
               [](Snapshot& s) {
                 return each(s, {lab::kFileTainted, lab::kFileExhausted, lab::kFileRejected}, [](const std::string& c) {
                   std::string out;
                   std::size_t col = 0;
                   for (const char ch : c) {
                     if (ch == '\n') {
                       col = 0;
                     } else if (++col > 60 && (static_cast<unsigned char>(ch) & 0xC0U) != 0x80U) {
                       out += '\n';
                       col = 1;
                     }
                     out += ch;
                   }
                   return out;
                 });
               },
               {}});
  // -- rejected.txt: the other order; manifests: extra documents
  t.push_back({"rejections-reversed",
               [](Snapshot& s) {
                 std::string* c = content(s, lab::kFileRejected);
                 if (c == nullptr) return false;
                 auto b = rejection_blocks(*c);
                 if (b.size() < 2) return false;
                 std::reverse(b.begin(), b.end());
                 std::string out;
                 for (const auto& x : b) out += x;
                 *c = out;
                 return true;
               },
               {}});
  t.push_back({"manifest-extra-documents",
               [](Snapshot& s) {
                 return each(
                     s,
                     {lab::kManifestTrainer, lab::kManifestCpuOnly, lab::kManifestTrainer2, lab::kManifestTrainer3,
                      lab::kManifestBadMismatch, lab::kManifestBadFraction},
                     [](const std::string& c) {
                       return "# 실습 매니페스트\n---\napiVersion: v1\nkind: Namespace\nmetadata:\n  name: gpu-why\n"
                              "---\n# comment only\n---\n" +
                              c + "\n---\n";
                     });
               },
               {}});
  // -- gate-report.txt: order, full width, decomposed Hangul, notes after numbers
  t.push_back({"gate-report-reversed",
               [](Snapshot& s) {
                 return each(s, {lab::kFileGateReport}, [](const std::string& c) {
                   auto ls = split_lines(c);
                   std::reverse(ls.begin(), ls.end());
                   return join_lines(ls);
                 });
               },
               {}});
  // The gate report's form is graded (SPEC: exactly seven non-blank lines): a comment line above
  // the seven fails step8.format, and only it; the values are still read.
  t.push_back({"gate-report-commented",
               [](Snapshot& s) {
                 return each(s, {lab::kFileGateReport},
                             [](const std::string& c) { return "# 8단계 게이트 보고서\n" + c + "\n// end\n"; });
               },
               {"step8.format"}});
  t.push_back(
      {"gate-report-full-width",
       [](Snapshot& s) { return each(s, {lab::kFileGateReport}, [](const std::string& c) { return full_width(c); }); },
       {}});
  t.push_back({"gate-report-korean-nfd",
               [](Snapshot& s) {
                 std::string* c = content(s, lab::kFileGateReport);
                 if (c == nullptr || c->find("REQUESTS_EQUAL_LIMITS=yes") == std::string::npos ||
                     c->find("FRACTIONAL=no") == std::string::npos)
                   return false;
                 *c = nfd(set_gate_value(set_gate_value(*c, "REQUESTS_EQUAL_LIMITS", "예 (같아야 함)"), "FRACTIONAL",
                                         "불가능"));
                 return true;
               },
               {}});
  t.push_back({"gate-report-count-notes",
               [](Snapshot& s) {
                 std::string* c = content(s, lab::kFileGateReport);
                 if (c == nullptr) return false;
                 auto ls = split_lines(*c);
                 bool any = false;
                 for (auto& l : ls) {
                   for (const std::string k : {"USED=", "PENDING=", "ALLOCATABLE="}) {
                     if (l.rfind(k, 0) == 0 && l.size() > k.size() &&
                         std::isdigit(static_cast<unsigned char>(l[k.size()]))) {
                       l += k == "USED=" ? " (trainer, trainer2)" : "개";
                       any = true;
                     }
                   }
                 }
                 *c = join_lines(ls);
                 return any;
               },
               {}});
  // ---- must flip
  // The other kind of message beside the right one (after or before it) fails the file.
  struct Mix {
    const char* name;
    std::string_view file;
    std::string_view other;
    const char* marker;  // the other file holds the other kind
    bool before;
    const char* check;
  };
  for (const Mix& m :
       {Mix{"tainted-plus-insufficient", lab::kFileTainted, lab::kFileExhausted, "Insufficient nvidia.com/gpu", false,
            "step5.tainted-file"},
        Mix{"insufficient-before-tainted", lab::kFileTainted, lab::kFileExhausted, "Insufficient nvidia.com/gpu", true,
            "step5.tainted-file"},
        Mix{"exhausted-plus-taint", lab::kFileExhausted, lab::kFileTainted, "taint", false, "step7.exhausted-file"}}) {
    t.push_back({m.name,
                 [m](Snapshot& s) {
                   std::string* c = content(s, m.file);
                   std::string* other = content(s, m.other);
                   if (c == nullptr || other == nullptr || other->find(m.marker) == std::string::npos) return false;
                   *c = m.before ? *other + "\n" + *c + "\n" : *c + "\n" + *other + "\n";
                   return true;
                 },
                 {m.check}});
  }
  for (int drop = 0; drop < 2; ++drop) {
    t.push_back({"rejection-dropped[" + std::to_string(drop) + "]",
                 [drop](Snapshot& s) {
                   std::string* c = content(s, lab::kFileRejected);
                   if (c == nullptr) return false;
                   auto b = rejection_blocks(*c);
                   if (b.size() != 2) return false;
                   b.erase(b.begin() + drop);
                   *c = b[0];
                   return true;
                 },
                 {"step3.rejected-file"}});
  }
  for (const auto& [key, value, check] : std::vector<std::tuple<std::string, std::string, std::string>>{
           {"REQUESTS_EQUAL_LIMITS", "no", "step8.requests-equal-limits"},
           {"REQUESTS_EQUAL_LIMITS", "yes/no", "step8.requests-equal-limits"},
           {"REQUESTS_EQUAL_LIMITS", "아니요", "step8.requests-equal-limits"},
           {"FRACTIONAL", "yes", "step8.fractional"},
           {"FRACTIONAL", "n/a", "step8.fractional"},
           {"FRACTIONAL", "가능", "step8.fractional"},
           {"SCHEDULER_SEES", "devices", "step8.scheduler-sees"},
           {"SCHEDULER_SEES", "장치", "step8.scheduler-sees"},
           {"USED", "3", "step8.used"},
           {"PENDING", "1.5", "step8.pending"}}) {
    t.push_back({fmt::format("gate-{}={}", key, value),
                 [k = key, v = value](Snapshot& s) {
                   std::string* c = content(s, lab::kFileGateReport);
                   if (c == nullptr || c->find(k + "=") == std::string::npos) return false;
                   std::string changed = set_gate_value(*c, k, v);
                   if (changed == *c) return false;  // the answer already says so: nothing to flip
                   *c = std::move(changed);
                   return true;
                 },
                 {check}});
  }
  t.push_back({"advertised-amount-changed",
               [](Snapshot& s) {
                 std::string* c = content(s, lab::kFileAdvertised);
                 if (c == nullptr) return false;
                 auto ls = split_lines(*c);
                 bool any = false;
                 for (auto& l : ls) {
                   if (l.rfind(std::string(lab::kGpuNode) + " ", 0) == 0 && l.back() == '2') {
                     l.back() = '1';
                     any = true;
                   }
                 }
                 *c = join_lines(ls);
                 return any;
               },
               {"step2.advertised-file"}});
  return t;
}

TEST(Metamorphic, EveryCaptureEveryTransformation) {
  const auto bundles = all_bundles();
  ASSERT_GE(bundles.size(), 45U) << "captures of 15 scenarios x 3 versions expected under " << kCaptures;
  const auto table = transforms();
  int cases = 0;
  int flips = 0;
  std::set<std::string> used;
  for (const auto& b : bundles) {
    const Snapshot base = load(b);
    const auto before = verdicts(base);
    for (const auto& tr : table) {
      Snapshot s = base;
      if (!tr.apply(s)) continue;
      bool applies = true;
      for (const auto& id : tr.flips) applies = applies && before.at(id) == Status::kPass;
      if (!applies) continue;
      ++cases;
      used.insert(tr.name);
      const auto after = verdicts(s);
      for (const auto& [id, st] : before) {
        if (tr.flips.count(id) != 0) {
          ++flips;
          EXPECT_EQ(after.at(id), Status::kFail) << b << " / " << tr.name << ": " << id << " must fail";
        } else {
          EXPECT_EQ(after.at(id), st) << b << " / " << tr.name << ": " << id << " changed";
        }
      }
    }
  }
  // Every transformation met at least one capture it applies to.
  for (const auto& tr : table) EXPECT_EQ(used.count(tr.name), 1U) << tr.name << " applied to no capture";
  RecordProperty("cases", cases);
  std::cout << "[metamorphic] " << bundles.size() << " captures x " << table.size() << " transformations: " << cases
            << " cases run, " << flips << " must-flip verdicts\n";
  EXPECT_GT(cases, 1000);
}

}  // namespace
}  // namespace gpuwhy
