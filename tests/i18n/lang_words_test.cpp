// Every word a student reads in Korean or Japanese is in that language: no English
// word of three or more letters outside an allow-list of identifiers, over every catalog text
// and over every recorded capture graded in ko and ja (and the same capture unreachable, for the
// error paths). What gpuwhy quotes (a cluster message, a line of the student's file) is data:
// each of its words must come from the bundle, so a label written in code cannot hide as data.
#include <gtest/gtest.h>

#include <regex>
#include <set>
#include <string>
#include <vector>

#include <fmt/format.h>

#include "gpuwhy/i18n/i18n.h"
#include "gpuwhy/render/render.h"
#include "langs.h"
#include "report_common_test.h"

namespace {

using namespace gpuwhy;               // NOLINT(google-build-using-namespace)
using namespace gpuwhy::report_test;  // NOLINT(google-build-using-namespace)

// Identifiers a translation keeps as they are, by kind. Words with a digit, dot, slash, dash,
// '=' or '_' never count (paths, field paths, flags), nor anything in quotes or backticks, nor a
// command line after `kubectl` / `gpuwhy COMMAND`.
const std::set<std::string>& allowed() {
  static const std::set<std::string> words{
      // Kubernetes kinds, fields, values, reasons and components, as kubectl prints them
      "Active", "Equal", "Exists", "Insufficient", "NoExecute", "NoSchedule", "Node", "Namespace", "Pod", "Pending",
      "PodScheduled", "Scheduled", "Unschedulable", "DaemonSet", "Taints", "Operator", "Name", "NAME", "Invalid",
      "True", "False", "true", "false", "allocatable", "capacity", "requests", "request", "limits", "limit",
      "resources", "nodeName", "nodeSelector", "affinity", "tolerations", "effect", "key", "value", "operator",
      "status", "phase", "managedFields", "schedulerName", "schedulingGates", "hostPort", "kind", "present", "pod",
      "pods", "nodes", "namespaces", "events", "apiserver", "kubelet", "kubeconfig", "Kubernetes", "cordon", "plugin",
      "device", "cpu", "gpu", "nvidia", "trainer", "init", "image", "metadata", "spec", "matchFields", "Binding",
      "KUBECONFIG",
      // node selector operators (In, Gt and Lt are too short to count)
      "NotIn", "DoesNotExist",
      // a toleration's other field and effect
      "tolerationSeconds", "PreferNoSchedule",
      // a node affinity's preferred terms and their weight
      "preferred", "weight",
      // a container's other resources and its claims
      "memory", "hugepages", "claim", "claims",
      // a pod affinity term's fields
      "topologyKey", "labelSelector", "matchLabelKeys", "mismatchLabelKeys",
      // the scheduler's own words, quoted where a text teaches how to read its message
      "untolerated", "taint", "node", "preemption",
      // kubectl verbs and output forms
      "get", "describe", "create", "apply", "patch", "delete", "watch", "jsonpath", "table", "yaml", "json", "list",
      // the gate report's keys and the answer words a student may write in it
      "ALLOCATABLE", "FRACTIONAL", "PENDING", "TAINT", "USED", "KEY", "VALUE", "FILE", "yes", "required", "must",
      "equal", "same", "numbers", "number", "invalid", "count", "quantity", "devices", "hardware", "rejected", "denied",
      "remove",
      // gpuwhy's own names, formats, shells and flag values
      "gpuwhy", "explain", "why", "grep", "csv", "html", "junit", "JUnit", "markdown", "tap", "lti", "LTI",
      "gradescope", "bash", "zsh", "fish", "auto", "always", "never", "error", "forbidden", "default", "Actions",
      "GitHub",
      // the status badges of a table, as kube-bench prints them
      "PASS", "FAIL", "ERR", "SKIP",
      // acronyms and units
      "CPU", "GPU", "CSV", "HTTP", "JSON", "LMS", "RBAC", "TLS", "URL", "YAML", "MiB", "name"};
  return words;
}

// The words of `text` that are neither translated nor allowed.
std::vector<std::string> english_words(std::string text) {
  static const std::regex quoted(R"re("[^"]*"|“[^”]*”|「[^」]*」|`[^`]*`|'[^']*')re");
  static const std::regex command(R"re(\b(kubectl|gpuwhy (check|snapshot|explain|why|list|completion))\b[ -~]*)re");
  text = std::regex_replace(text, quoted, " ");
  text = std::regex_replace(text, command, " ");
  // A word stands alone: not a part of `spec.nodeName`, `key=value:Effect` or `Pod/NAME`.
  static const std::regex word(R"re((^|[\s(（\[、,])([A-Za-z]{3,})(?=$|[\s)）\],:;!?、。]|\.(?![A-Za-z0-9])))re");
  std::vector<std::string> out;
  for (auto it = std::sregex_iterator(text.begin(), text.end(), word); it != std::sregex_iterator(); ++it) {
    const std::string w = (*it)[2].str();
    if (allowed().count(w) == 0) out.push_back(w);
  }
  return out;
}

// Every placeholder of a catalog text emptied: what is left is the catalog's own words.
std::string without_placeholders(const std::string& t) {
  static const std::regex placeholder(R"re(\{[a-z_@]+(:[^}]*)?\})re");
  return std::regex_replace(t, placeholder, " ");
}

TEST(LangWords, EveryCatalogTextIsInItsLanguage) {
  for (const auto& [lang, name] : gpuwhy_test::named_translations()) {
    for (const auto& [id, text] : i18n::catalog(lang)) {
      const auto bad = english_words(without_placeholders(text));
      EXPECT_TRUE(bad.empty()) << name << " " << id << ": " << text::join(bad) << "\n  " << text;
    }
  }
}

// The words of one shown Msg that come from gpuwhy, not from the bundle: a catalog text's
// argument or a raw() text must be data, each of its words found in `bundle`.
void expect_data(const Msg& m, const std::string& bundle, const std::string& where) {
  std::vector<std::string> values;
  if (m.id.empty()) {
    if (auto it = m.args.find("text"); it != m.args.end()) values.push_back(it->second);
  } else {
    for (const auto& [k, v] : m.args) {
      if (k.empty() || k.back() != '@') values.push_back(v);
    }
  }
  for (const auto& v : values) {
    for (const auto& w : english_words(v)) {
      EXPECT_NE(bundle.find(w), std::string::npos) << where << ": \"" << w << "\" is not from the bundle in: " << v;
    }
  }
}

TEST(LangWords, EveryCaptureReadsInKoreanAndJapanese) {
  const auto caps = all_captures();
  if (caps.empty()) GTEST_SKIP() << "no captures recorded yet under " << captures_dir();
  for (const auto& [v, s] : caps) {
    const auto b = load_capture(v, s);
    ASSERT_TRUE(b.has_value());
    const std::string text = read_text(source_dir() / capture_rel(v, s)) + unreachable(*b).dump();
    for (const auto& run : {grade(*b, capture_rel(v, s)), grade(unreachable(*b), capture_rel(v, s))}) {
      for (const auto& c : run.checks) {
        const std::string where = fmt::format("{}/{} {}", v, s, c.id);
        for (const Msg* m : {&c.outcome.expected, &c.outcome.actual, &c.outcome.hint, &c.outcome.env_need})
          expect_data(*m, text, where);
        for (const auto& e : c.outcome.evidence) expect_data(e, text, where);
      }
      // The chrome of the report (headings, labels, summary) from the catalog, in each language.
      for (const auto& [lang, name] : gpuwhy_test::named_translations()) {
        render::Options o;
        o.lang = lang;
        o.verbose = true;
        o.width = 200;
        for (const auto& line : text::lines(render::table(run, o))) {
          for (const auto& w : english_words(line)) {
            EXPECT_NE(text.find(w), std::string::npos) << v << "/" << s << " " << name << ": \"" << w << "\" in\n"
                                                       << line;
          }
        }
      }
    }
  }
}

}  // namespace
