// The integrity rules on every real capture (no finding at all) and on the forgery suite
// (tests/forgery/forgeries.json, made by scripts/forge from the captures): every expected
// finding is reported.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <map>
#include <set>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "fresh_uids.h"
#include "gpuwhy/integrity/integrity.h"
#include "gpuwhy/model/bundle.h"
#include "report_common_test.h"

namespace {

using namespace gpuwhy;               // NOLINT(google-build-using-namespace)
using namespace gpuwhy::report_test;  // NOLINT(google-build-using-namespace)
using nlohmann::json;

std::string describe(const std::vector<Finding>& fs) {
  std::string out;
  for (const auto& f : fs) {
    out += f.id + ":";
    for (const auto& [k, v] : f.text.args) out.append(" ").append(k).append("=").append(v);
    out += "\n";
  }
  return out;
}

/// The findings of a bundle read as `gpuwhy check --snapshot` reads it (its drop policy included).
std::vector<Finding> findings_of(const json& bundle, const std::string& origin) {
  return integrity::check(parse_bundle(bundle.dump(), origin));
}

/// What a batch says of a bundle handed in as `name`.json: check(), published() and its name.
std::vector<Finding> batch_findings_of(const json& bundle, const std::string& name) {
  const Snapshot snap = parse_bundle(bundle.dump(), name + ".json");
  std::vector<Finding> out = integrity::check(snap);
  for (auto& f : integrity::published(snap)) out.push_back(std::move(f));
  for (auto& f : integrity::student_mismatch(snap, name)) out.push_back(std::move(f));
  return out;
}

/// The forgery `f` of tests/forgery/forgeries.json made from its capture: its ops, then its remake
/// (scripts/forge: every uid new, every event renamed, every time shifted).
json forged(const json& f) {
  const std::string capture = f.at("capture").get<std::string>();
  const auto slash = capture.find('/');
  const auto bundle = load_capture(capture.substr(0, slash), capture.substr(slash + 1));
  if (!bundle) return json();
  json out = bundle->patch(f.at("ops"));
  if (f.contains("remake")) {
    const std::string salt = f.at("remake").at("salt").get<std::string>();
    out = test_uids::with_fresh_uids(out, salt);
    test_uids::fresh_event_names(out, salt);
    test_uids::shift_times(out, f.at("remake").at("shift").get<long long>());
  }
  return out;
}

TEST(IntegrityCorpus, NoFindingOnAnyRealCapture) {
  const auto captures = all_captures();
  ASSERT_GE(captures.size(), 60U);
  std::size_t with_managed = 0;  // captures whose nodes kept managedFields through the reader
  for (const auto& [version, scenario] : captures) {
    const std::string rel = capture_rel(version, scenario);
    const Snapshot snap = parse_bundle(read_text(source_dir() / rel), rel);
    const auto fs = integrity::check(snap);
    EXPECT_TRUE(fs.empty()) << rel << "\n" << describe(fs);
    if (snap.nodes.ok() && snap.nodes.value().contains(json::json_pointer("/items/0/metadata/managedFields")))
      ++with_managed;
  }
  std::printf("captures: %zu, no finding on any; %zu with node managedFields\n", captures.size(), with_managed);
  EXPECT_GE(with_managed, 60U) << "the managedFields rules must be tried on real captures";
}

TEST(IntegrityCorpus, EveryForgeryIsCaught) {
  const json list = json::parse(read_text(source_dir() / "tests" / "forgery" / "forgeries.json"));
  ASSERT_GE(list.size(), 25U);
  std::size_t caught = 0;
  std::set<std::string> ids_seen;
  for (const json& f : list) {
    const std::string name = f.at("name").get<std::string>();
    SCOPED_TRACE(name);
    const json bundle = forged(f);
    ASSERT_FALSE(bundle.is_null()) << f.at("capture");
    ASSERT_FALSE(f.at("expect").empty()) << "a forgery names what must catch it";
    const auto fs = batch_findings_of(bundle, name);
    if (f.contains("same_cluster_as")) {  // a batch with the bundle it was copied from links them
      const std::string origin = "fixtures/captures/" + f.at("same_cluster_as").get<std::string>() + "/bundle.json";
      const std::string text = read_text(source_dir() / origin);
      const std::string copy = bundle.dump();
      const auto m = integrity::match({integrity::cluster_id(parse_bundle(text, origin), text),
                                       integrity::cluster_id(parse_bundle(copy, name), copy)});
      EXPECT_EQ(m.same_cluster(1), std::vector<std::size_t>{0}) << name << " not linked to " << origin;
    }
    bool all = true;
    for (const json& want : f.at("expect")) {
      const auto id = want.get<std::string>();
      ids_seen.insert(id);
      const bool found = std::any_of(fs.begin(), fs.end(), [&id](const Finding& x) { return x.id == id; });
      EXPECT_TRUE(found) << name << " (" << f.at("what").get<std::string>() << ") not caught by " << id << "\n"
                         << describe(fs);
      all = all && found;
    }
    if (all) ++caught;
  }
  std::printf("forgeries: %zu tried, %zu caught\n", list.size(), caught);
  // Every rule is proven by at least one forgery.
  for (const auto id : integrity::rule_ids()) EXPECT_EQ(ids_seen.count(std::string(id)), 1U) << id;
  for (const auto id : integrity::submission_rule_ids()) EXPECT_EQ(ids_seen.count(std::string(id)), 1U) << id;
}

// Each unreadable forgery names the very field made unreadable (the other rules skip what they
// cannot read, so without this rule these bundles say nothing).
TEST(IntegrityCorpus, AnUnreadableFieldIsNamed) {
  const std::map<std::string, std::string> field{
      {"managed-fields-null", "metadata.managedFields"},
      {"managed-fields-string", "metadata.managedFields"},
      {"managed-fields-number", "metadata.managedFields"},
      {"managed-fields-object", "metadata.managedFields"},
      {"taken-at-garbage", "taken_at"},
      {"taken-at-empty", "taken_at"},
      {"taken-at-impossible", "taken_at"},
      {"resource-version-unparsable", "metadata.resourceVersion"},
      {"last-applied-unparsable", "metadata.annotations.kubectl.kubernetes.io/last-applied-configuration"},
      {"creation-time-unparsable", "metadata.creationTimestamp"},
      {"allocatable-unparsable", "status.allocatable.nvidia.com/gpu"}};
  const json list = json::parse(read_text(source_dir() / "tests" / "forgery" / "forgeries.json"));
  std::size_t seen = 0;
  for (const json& f : list) {
    const auto it = field.find(f.at("name").get<std::string>());
    if (it == field.end()) continue;
    ++seen;
    const std::string capture = f.at("capture").get<std::string>();
    const auto slash = capture.find('/');
    const auto bundle = load_capture(capture.substr(0, slash), capture.substr(slash + 1));
    ASSERT_TRUE(bundle.has_value()) << capture;
    const auto fs = findings_of(bundle->patch(f.at("ops")), it->first + ".json");
    const auto hit = std::find_if(fs.begin(), fs.end(), [](const Finding& x) { return x.id == "field-unreadable"; });
    ASSERT_NE(hit, fs.end()) << it->first << "\n" << describe(fs);
    EXPECT_EQ(hit->text.args.at("field"), it->second) << it->first;
  }
  EXPECT_EQ(seen, field.size());
}

// Every published capture is refused as it is, naming itself; the same lab run again (every uid
// new, as a cluster of its own makes them) is not, and has no other finding either.
TEST(IntegrityCorpus, APublishedBundleIsRefusedAndTheSameLabRunAgainIsNot) {
  std::size_t refused = 0;
  std::size_t timed = 0;
  for (const auto& [version, scenario] : all_captures()) {
    const std::string rel = capture_rel(version, scenario);
    SCOPED_TRACE(rel);
    const json bundle = json::parse(read_text(source_dir() / rel));
    const auto as_is = integrity::published(parse_bundle(bundle.dump(), rel));
    ASSERT_EQ(as_is.size(), 1U);
    EXPECT_EQ(as_is[0].id, "published-bundle");
    // Captures of one cluster share its nodes: the bundle named holds the uid, and is published.
    EXPECT_EQ(as_is[0].text.args.at("bundle").rfind("fixtures/captures/", 0), 0U);
    // The lab namespace is made anew for each capture (a capture whose namespace was never made
    // has none to name).
    if (bundle.at("cluster").at("namespace").contains("value")) {
      EXPECT_NE(std::find(as_is[0].objects.begin(), as_is[0].objects.end(), "namespace gpu-why"),
                as_is[0].objects.end());
    }
    const json again = test_uids::run_again(bundle, "again");
    const Snapshot snap = parse_bundle(again.dump(), rel);
    EXPECT_TRUE(integrity::published(snap).empty());
    EXPECT_TRUE(integrity::check(snap).empty()) << describe(integrity::check(snap));
    // New uids and every time shifted, the event names kept: still the published capture.
    json copied = test_uids::with_fresh_uids(bundle, "copied");
    test_uids::shift_times(copied, 86400 + 3721);
    const auto by_name = integrity::published(parse_bundle(copied.dump(), rel));
    if (!bundle.at("cluster").at("events").value("value", json::object()).value("items", json::array()).empty()) {
      ASSERT_EQ(by_name.size(), 1U);
      EXPECT_EQ(by_name[0].text.args.at("mark").rfind("name ", 0), 0U);
    }
    // The event names made anew too: the gaps between the scheduler's times are still the capture's.
    test_uids::fresh_event_names(copied, "copied");
    const auto by_timing = integrity::published(parse_bundle(copied.dump(), rel));
    // Only a capture with a timing trace (two gaps: three scheduler times or more) is found by it.
    const auto traces = integrity::cluster_id(snap, "").traces;
    if (std::any_of(traces.begin(), traces.end(), [](const std::string& t) { return t.starts_with("t"); })) {
      ++timed;
      ASSERT_EQ(by_timing.size(), 1U);
      EXPECT_EQ(by_timing[0].text.args.at("mark").rfind("timing ", 0), 0U);
      EXPECT_EQ(by_timing[0].text.args.at("bundle"), rel);
    }
    ++refused;
  }
  EXPECT_GE(refused, 60U);
  EXPECT_GE(timed, 60U);
}

// allocatable-one: lab-node-0 has 1 GPU, trainer holds it, trainer2 and trainer3 are Pending on
// "3 Insufficient nvidia.com/gpu" seconds after the amount was written. Shown as 2, lab-node-0
// had room for either: the message cannot be the scheduler's. Where the room is not sure, nothing.
TEST(IntegrityCorpus, InsufficientWithRoomOnlyWhereTheNodeSurelyHadRoom) {
  const auto bundle = load_capture("v1.34.0", "allocatable-one");
  ASSERT_TRUE(bundle.has_value());
  const auto node_at = [](const json& b) {
    const json& items = b.at("cluster").at("nodes").at("value").at("items");
    for (std::size_t i = 0; i < items.size(); ++i) {
      if (items[i].at("metadata").at("name") == "lab-node-0") return "/cluster/nodes/value/items/" + std::to_string(i);
    }
    return std::string();
  };
  const std::string node = node_at(*bundle);
  ASSERT_FALSE(node.empty());
  const auto fires = [](const json& b) {
    const auto fs = findings_of(b, "allocatable-one.json");
    return std::any_of(fs.begin(), fs.end(), [](const Finding& f) { return f.id == "insufficient-with-room"; });
  };
  const json::json_pointer alloc(node + "/status/allocatable/nvidia.com~1gpu");
  ASSERT_EQ(bundle->at(alloc), "1");
  EXPECT_FALSE(fires(*bundle));
  json two = *bundle;
  two[alloc] = "2";
  ASSERT_TRUE(fires(two));
  const auto fs = findings_of(two, "two.json");
  const auto hit =
      std::find_if(fs.begin(), fs.end(), [](const Finding& f) { return f.id == "insufficient-with-room"; });
  EXPECT_EQ(hit->text.args.at("node"), "node lab-node-0");
  EXPECT_EQ(hit->text.args.at("requested"), "1");
  EXPECT_EQ(hit->text.args.at("allocatable"), "2");
  // The amount written a second before the message: the scheduler may not have known it yet.
  json recent = two;
  json& mf = recent[json::json_pointer(node + "/metadata/managedFields")];
  for (json& e : mf) {
    if (e.contains(json::json_pointer("/fieldsV1/f:status/f:allocatable"))) e["time"] = "2026-12-01T06:40:06Z";
  }
  EXPECT_FALSE(fires(recent));
  // A pod bound to lab-node-0 and gone since (its Scheduled event is left) may have held the room.
  json gone = two;
  json& events = gone[json::json_pointer("/cluster/events/value/items")];
  for (const json& e : json(events)) {
    if (e.at("reason") != "Scheduled") continue;
    json copy = e;
    copy["involvedObject"]["uid"] = "00000000-0000-4000-8000-00000000abcd";
    events.push_back(copy);
    break;
  }
  EXPECT_FALSE(fires(gone));
  // Room for 1 GPU is no room for a pod that wants 2.
  json bigger = two;
  for (json& p : bigger[json::json_pointer("/cluster/pods/value/items")]) {
    if (p.at("spec").contains("nodeName")) continue;
    for (json& c : p.at("spec").at("containers")) {
      for (const char* k : {"limits", "requests"}) {
        if (c["resources"][k].contains("nvidia.com/gpu")) c["resources"][k]["nvidia.com/gpu"] = "2";
      }
    }
  }
  EXPECT_FALSE(fires(bigger));
}

// A batch links a copy made by a script (every uid new, every time shifted by one amount; the
// event names kept, or made anew too) to the lab it was copied from, through the scheduler's
// microsecond gaps and the event names; no two real labs (every capture, each run again on a
// cluster of its own) are linked.
// The distinct microsecond times of a bundle's events (eventTime, series.lastObservedTime): what
// the scheduler wrote.
std::size_t scheduler_times(const json& bundle) {
  std::set<std::string> times;
  const json* events = bundle.contains("cluster") ? &bundle["cluster"]["events"] : nullptr;
  if (events == nullptr || !events->contains("value")) return 0;
  const auto text = [](const json& v) { return v.is_string() ? v.get<std::string>() : std::string(); };
  for (const json& e : (*events)["value"].value("items", json::array())) {
    const json series = e.contains("series") && e["series"].is_object() ? e["series"] : json::object();
    for (const std::string& t : {text(e.value("eventTime", json())), text(series.value("lastObservedTime", json()))}) {
      const auto dot = t.find('.');
      if (dot != std::string::npos && t.size() == dot + 8) times.insert(t);
    }
  }
  return times.size();
}

TEST(IntegrityCorpus, ACopyWithNewUidsAndShiftedTimesIsLinkedAndNoTwoRealLabsAre) {
  std::vector<integrity::ClusterId> ids;
  std::vector<std::string> names;
  for (const auto& [version, scenario] : all_captures()) {
    const std::string rel = capture_rel(version, scenario);
    const json own = test_uids::run_again(json::parse(read_text(source_dir() / rel)), rel);
    const std::string text = own.dump();
    ids.push_back(integrity::cluster_id(parse_bundle(text, rel), text));
    names.push_back(rel);
  }
  const std::size_t labs = ids.size();
  ASSERT_GE(labs, 60U);
  const auto real = integrity::match(ids);
  EXPECT_TRUE(real.clusters.empty()) << "two real labs linked: " << names[real.clusters[0][0]] << " and "
                                     << names[real.clusters[0][1]];
  std::size_t with_traces = 0;
  for (std::size_t i = 0; i < labs; ++i) {
    if (ids[i].traces.empty()) continue;
    ++with_traces;
    const std::string rel = names[i];
    json copy = test_uids::run_again(json::parse(read_text(source_dir() / rel)), rel);  // the same lab
    copy = test_uids::with_fresh_uids(copy, "copier");
    test_uids::shift_times(copy, -(3 * 3600 + 17 * 60 + 5));
    // Half of them renamed too, where the scheduler's times give a trace of their own (three times
    // at least: a lab with fewer, a gated trainer2's, is linked by its event names alone).
    if (i % 2 == 1 && scheduler_times(copy) >= 3) test_uids::fresh_event_names(copy, "copier");
    const std::string text = copy.dump();
    ids.push_back(integrity::cluster_id(parse_bundle(text, rel), text));
    names.push_back(rel + " (copied)");
  }
  EXPECT_GE(with_traces, 60U);
  const auto m = integrity::match(ids);
  for (std::size_t c = labs; c < ids.size(); ++c) {
    const auto others = m.same_cluster(c);
    ASSERT_EQ(others.size(), 1U) << names[c];
    EXPECT_EQ(names[others[0]] + " (copied)", names[c]);
  }
}

}  // namespace
