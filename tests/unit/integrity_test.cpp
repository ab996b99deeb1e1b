// integrity::match on plain data, cluster_id, and each rule's quiet case on a synthetic snapshot.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "gpuwhy/i18n/i18n.h"
#include "gpuwhy/integrity/integrity.h"
#include "gpuwhy/model/snapshot.h"

namespace {

using namespace gpuwhy;  // NOLINT(google-build-using-namespace)
using integrity::ClusterId;
using V = std::vector<std::size_t>;

ClusterId id(std::string ks, std::string ns, std::vector<std::string> nodes, std::vector<std::string> pods,
             std::string digest = "") {
  return ClusterId{std::move(ks), std::move(ns), std::move(nodes), std::move(pods), std::move(digest)};
}

// Each index's others, as a list per index (what a batch says next to each student).
struct Lists {
  std::vector<V> same_cluster, same_bundle;
};
Lists lists(const integrity::Match& m, std::size_t n) {
  Lists l;
  for (std::size_t i = 0; i < n; ++i) {
    l.same_cluster.push_back(m.same_cluster(i));
    l.same_bundle.push_back(m.same_bundle(i));
  }
  return l;
}

TEST(IntegrityMatch, SameKubeSystemUidIsOneCluster) {
  const auto m = lists(integrity::match({id("k1", "n1", {}, {}), id("k1", "n2", {}, {}), id("k2", "n3", {}, {})}), 3);
  EXPECT_EQ(m.same_cluster, (std::vector<V>{{1}, {0}, {}}));
  EXPECT_EQ(m.same_bundle, (std::vector<V>{{}, {}, {}}));
}

TEST(IntegrityMatch, SameNamespaceOrSharedNodeOrPodUid) {
  // 1, 2 and 3 each share a uid with 0: one cluster, all four, whichever uid links them.
  const auto m = lists(integrity::match({id("", "n1", {"a"}, {"p1", "p2"}), id("", "n1", {}, {}),
                                         id("", "x", {"a"}, {}), id("", "y", {}, {"p2"}), id("", "z", {"b"}, {"p3"})}),
                       5);
  EXPECT_EQ(m.same_cluster, (std::vector<V>{{1, 2, 3}, {0, 2, 3}, {0, 1, 3}, {0, 1, 2}, {}}));
}

TEST(IntegrityMatch, EmptyUidsNeverMatch) {
  const auto m = lists(integrity::match({id("", "", {""}, {""}), id("", "", {""}, {""})}), 2);
  EXPECT_EQ(m.same_cluster, (std::vector<V>{{}, {}}));
  EXPECT_EQ(m.same_bundle, (std::vector<V>{{}, {}}));
}

TEST(IntegrityMatch, UnsortedUidListsStillMatch) {
  const auto m = lists(integrity::match({id("", "", {}, {"z", "b", "a"}), id("", "", {}, {"q", "a"})}), 2);
  EXPECT_EQ(m.same_cluster, (std::vector<V>{{1}, {0}}));
}

TEST(IntegrityMatch, IdenticalDigestIsTheSameBundle) {
  const auto m =
      lists(integrity::match({id("k1", "", {}, {}, "d1"), id("k2", "", {}, {}, "d1"), id("k3", "", {}, {}, "d2")}), 3);
  EXPECT_EQ(m.same_bundle, (std::vector<V>{{1}, {0}, {}}));
  EXPECT_EQ(m.same_cluster, (std::vector<V>{{}, {}, {}}));
}

// A uid of one kind never links to the same text as a uid of another kind, and a class of many
// copies of one bundle is one group (linear: no list of pairs).
TEST(IntegrityMatch, KindsDoNotMixAndCopiesAreOneGroup) {
  const auto m = lists(integrity::match({id("u", "", {}, {}), id("", "u", {}, {}), id("", "", {"u"}, {})}), 3);
  EXPECT_EQ(m.same_cluster, (std::vector<V>{{}, {}, {}}));
  std::vector<ClusterId> many(5000, id("k", "n", {"o"}, {"p"}, "d"));
  const auto g = integrity::match(many);
  ASSERT_EQ(g.clusters.size(), 1U);
  EXPECT_EQ(g.clusters[0].size(), 5000U);
  EXPECT_EQ(g.bundles.size(), 1U);
  EXPECT_EQ(g.same_cluster(4999).size(), 4999U);
}

TEST(IntegrityClusterId, DigestIsSha256OfTheBytes) {
  Snapshot s;
  EXPECT_EQ(integrity::cluster_id(s, "abc").digest, "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  EXPECT_EQ(integrity::cluster_id(s, "").digest, "");
  s.kube_system = nlohmann::json{{"metadata", {{"uid", "11111111-2222-3333-4444-555555555555"}}}};
  s.pods = nlohmann::json{{"items", {{{"metadata", {{"uid", "b"}}}}, {{"metadata", {{"uid", "a"}}}}}}};
  const auto c = integrity::cluster_id(s, "");
  EXPECT_EQ(c.kube_system_uid, "11111111-2222-3333-4444-555555555555");
  EXPECT_EQ(c.pod_uids, (std::vector<std::string>{"a", "b"}));
}

TEST(IntegrityCheck, NothingReadIsNoFinding) {
  EXPECT_TRUE(integrity::check(Snapshot{}).empty());
}

TEST(IntegrityCheck, FileSizeFromTheBundleIsCompared) {
  Snapshot s;
  StudentFile f;
  f.state = StudentFile::State::kOk;
  f.content = "ALLOCATABLE=2\n";
  f.size = f.content.size();
  f.recorded_size = f.content.size();
  s.files["out/gate-report.txt"] = f;
  EXPECT_TRUE(integrity::check(s).empty());
  s.files["out/gate-report.txt"].recorded_size = 3;
  const auto fs = integrity::check(s);
  ASSERT_EQ(fs.size(), 1U);
  EXPECT_EQ(fs[0].id, "file-size-mismatch");
  EXPECT_EQ(fs[0].objects, (std::vector<std::string>{"file out/gate-report.txt"}));
  EXPECT_EQ(fs[0].text.args.at("size"), "3");
}

TEST(IntegrityCheck, EveryRuleHasItsTextInEveryLanguage) {
  for (const auto rule : integrity::rule_ids()) {
    for (const auto lang : {i18n::Lang::kEn, i18n::Lang::kKo, i18n::Lang::kJa}) {
      EXPECT_EQ(i18n::catalog(lang).count("integrity." + std::string(rule)), 1U)
          << rule << " " << i18n::to_string(lang);
    }
  }
}

}  // namespace
