// What each check declares it reads (CheckInfo::reads) is all it reads. `check --wait` follows
// only the declared parts of the cluster and grades again only when one of them changed, so a
// part left out by mistake would make it miss the change that passes a check.
//  - Reads.UndeclaredPartsNeverChangeAnOutcome: on every capture, each part a check does not
//    declare is blanked two ways (an error in its place; an empty value) and the check's outcome
//    stays the same, field by field.
//  - Reads.EveryCheckDeclares: no check is left at the default "everything".
#include <gtest/gtest.h>

#include <filesystem>
#include <iostream>
#include <string>
#include <vector>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "../../checks/common.h"
#include "checks.h"
#include "gpuwhy/model/bundle.h"
#include "gpuwhy/model/snapshot.h"
#include "report_common_test.h"

namespace gpuwhy {
namespace {

using nlohmann::json;

constexpr std::pair<unsigned, const char*> kParts[] = {
    {kInVersion, "version"}, {kInNamespace, "namespace"}, {kInNodes, "nodes"}, {kInPods, "pods"},
    {kInEvents, "events"},   {kInDryRuns, "dry_runs"},    {kInFiles, "files"}, {kInNodePods, "node_pods"},
};

std::string names(unsigned bits) {
  std::string out;
  for (const auto& [bit, name] : kParts) {
    if ((bits & bit) != 0) out += std::string(out.empty() ? "" : "|") + name;
  }
  return out.empty() ? "none" : out;
}

/// The snapshot with `bit` blanked: an error in its place, or (`empty`) an empty value.
Snapshot blank(Snapshot s, unsigned bit, bool empty) {
  const FetchError gone{ErrorKind::kTransport, 0, "GET https://127.0.0.1:6443: blanked by the test"};
  const auto list = [&](Fetched<json>& f) { f = empty ? Fetched<json>(json{{"items", json::array()}}) : gone; };
  switch (bit) {
    case kInVersion: s.version = empty ? Fetched<json>(json::object()) : Fetched<json>(gone); break;
    case kInNamespace:
      s.namespace_ = empty ? Fetched<json>(FetchError{ErrorKind::kHttp, 404, "namespaces \"gpu-why\" not found"})
                           : Fetched<json>(gone);
      break;
    case kInNodes: list(s.nodes); break;
    case kInPods: list(s.pods); break;
    case kInEvents: list(s.events); break;
    case kInNodePods: list(s.node_pods); break;
    case kInDryRuns:
      for (auto& [rel, d] : s.dry_runs) d = empty ? Fetched<HttpAnswer>(HttpAnswer{201, json::object()}) : gone;
      break;
    case kInFiles:
      for (auto& [rel, f] : s.files) {
        f = StudentFile{};
        if (empty) f.state = StudentFile::State::kOk;
      }
      break;
    default: break;
  }
  return s;
}

std::string text_of(const Msg& m) {
  std::string out = m.id;
  for (const auto& [k, v] : m.args) out += fmt::format("|{}={}", k, v);
  return out;
}

/// One check's outcome as text, every field of it.
std::string outcome_of(const checks::View& v, const checks::CheckInfo& c) {
  Outcome o;
  try {
    o = c.run(v);
  } catch (const std::exception& e) {
    return std::string("threw ") + e.what();
  }
  std::string out =
      fmt::format("{}\n{}\n{}\n{}\n{}\n{}\n{}", static_cast<int>(o.status), text_of(o.expected), text_of(o.actual),
                  text_of(o.hint), o.env_cause, text_of(o.env_need), static_cast<int>(o.fault));
  for (const auto& e : o.evidence) out += "\n" + text_of(e);
  return out;
}

/// Every check's outcome on `s`, in checks::all() order, over one view of it.
std::vector<std::string> outcomes(const Snapshot& s) {
  const checks::View view(s);
  std::vector<std::string> out;
  for (const auto& c : checks::all()) out.push_back(outcome_of(view, c));
  return out;
}

// A check is a pure function of the view: on every capture, each check run on a view of its own
// gives the outcome it gives beside the others on a shared view, field by field.
TEST(Reads, ACheckIsAFunctionOfTheViewAlone) {
  const auto captures = report_test::all_captures();
  ASSERT_GE(captures.size(), 66U);
  for (const auto& [v, sc] : captures) {
    const auto path = report_test::captures_dir() / v / sc / "bundle.json";
    const Snapshot snap = load_bundle(path.string());
    const auto shared = outcomes(snap);
    const auto all = checks::all();
    for (std::size_t k = 0; k < all.size(); ++k)
      EXPECT_EQ(outcome_of(checks::View(snap), all[k]), shared[k]) << v << "/" << sc << " " << all[k].id;
  }
}

TEST(Reads, UndeclaredPartsNeverChangeAnOutcome) {
  const auto captures = report_test::all_captures();
  ASSERT_GE(captures.size(), 66U);
  const auto all = checks::all();
  std::vector<unsigned> observed(all.size(), 0);
  for (const auto& [v, sc] : captures) {
    const auto path = report_test::captures_dir() / v / sc / "bundle.json";
    const Snapshot snap = load_bundle(path.string());
    const auto base = outcomes(snap);
    for (const auto& [bit, name] : kParts) {
      for (const bool empty : {false, true}) {
        const auto got = outcomes(blank(snap, bit, empty));
        for (std::size_t k = 0; k < all.size(); ++k) {
          if (got[k] == base[k]) continue;
          observed[k] |= bit;
          if ((all[k].reads & bit) == 0) {
            ADD_FAILURE() << all[k].id << " reads " << name << " (not declared): blanking it"
                          << (empty ? " to empty" : "") << " changes its outcome on " << v << "/" << sc;
          }
        }
      }
    }
  }
  std::string table;
  for (std::size_t k = 0; k < all.size(); ++k) table += fmt::format("  {:34} {}\n", all[k].id, names(observed[k]));
  std::cout << "What blanking shows each check reads, over every capture:\n" << table;
}

TEST(Reads, EveryCheckDeclares) {
  for (const auto& c : checks::all()) EXPECT_NE(c.reads, kInAll) << c.id << " declares no reads";
}

}  // namespace
}  // namespace gpuwhy
