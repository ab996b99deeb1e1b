// A RunResult encoded (model/result_codec.h) comes back field by field; bytes cut short or
// damaged are refused with Error(kParse) or decode to some value, never a crash.

#include <gtest/gtest.h>

#include <string>
#include <string_view>

#include "gpuwhy/base/error.h"
#include "gpuwhy/model/result_codec.h"

namespace gpuwhy {
namespace {

Msg text(const std::string& id, const std::string& arg, bool of_lab) {
  Msg m = msg(id, {{"a", arg}, {"b", arg + "-b"}});
  m.of_lab = of_lab;
  return m;
}

// Every field set, each to a value other than its default and other than its neighbours'.
RunResult every_field() {
  RunResult r;
  r.meta = {"1.2.3",
            "gpu-why",
            "2026-01-01T00:00:00Z",
            "2026-01-02T00:00:00Z",
            "v1.34.0",
            "bundle s.json",
            "ko",
            {text("warn.one", "w", true), raw("w2")}};
  CheckResult c;
  c.id = "step2.allocatable";
  c.step = 2;
  c.points = 3;
  c.score = -1;  // not a real score: a negative number must come back too
  Outcome& o = c.outcome;
  o.status = Status::kError;
  o.expected = text("e.id", "exp", true);
  o.actual = raw("act\nline\t\x01");
  o.hint = text("h.id", "hint", false);
  o.evidence = {raw("first"), text("ev.id", "ev", true), Msg{}};
  o.env_cause = "forbidden";
  o.env_need = text("need.id", "rbac", false);
  o.caused_by = "step1.namespace";
  o.unmet = Need{Need::Kind::kCount, "gate"};
  o.fault = Fault::kNoLiveTaint;
  o.compared = Compared{"2", "<none>", 2, -9'000'000'000LL};
  r.checks.push_back(c);
  CheckResult second;
  second.id = "step1.namespace";
  second.outcome.status = Status::kSkip;
  second.outcome.compared.live_count = 0;
  r.checks.push_back(second);
  r.integrity.checked = true;
  r.integrity.findings = {Finding{"event-node-mismatch", text("integrity.x", "f", true), {"pod a", "node b"}}};
  r.integrity.same_cluster_as = {"kim", "lee"};
  r.integrity.same_cluster_count = 12;
  r.integrity.same_bundle_as = {"park"};
  r.integrity.same_bundle_count = 1;
  return r;
}

void expect_msg(const Msg& a, const Msg& b) {
  EXPECT_EQ(a.id, b.id);
  EXPECT_EQ(a.args, b.args);
  EXPECT_EQ(a.of_lab, b.of_lab);
}

TEST(ResultCodec, EveryFieldComesBack) {
  const RunResult want = every_field();
  std::string bytes;
  encode(want, bytes);
  encode_text("after", bytes);
  std::string_view in = bytes;
  const RunResult got = decode_run(in);
  EXPECT_EQ(decode_text(in), "after") << "the run ends where its bytes do";
  EXPECT_TRUE(in.empty());

  EXPECT_EQ(got.meta.gpuwhy_version, want.meta.gpuwhy_version);
  EXPECT_EQ(got.meta.lab_id, want.meta.lab_id);
  EXPECT_EQ(got.meta.generated_at, want.meta.generated_at);
  EXPECT_EQ(got.meta.taken_at, want.meta.taken_at);
  EXPECT_EQ(got.meta.server_version, want.meta.server_version);
  EXPECT_EQ(got.meta.source, want.meta.source);
  EXPECT_EQ(got.meta.lang, want.meta.lang);
  ASSERT_EQ(got.meta.warnings.size(), 2U);
  for (std::size_t i = 0; i < 2; ++i) expect_msg(got.meta.warnings[i], want.meta.warnings[i]);

  ASSERT_EQ(got.checks.size(), want.checks.size());
  for (std::size_t i = 0; i < want.checks.size(); ++i) {
    const CheckResult& g = got.checks[i];
    const CheckResult& w = want.checks[i];
    SCOPED_TRACE(w.id);
    EXPECT_EQ(g.id, w.id);
    EXPECT_EQ(g.step, w.step);
    EXPECT_EQ(g.points, w.points);
    EXPECT_EQ(g.score, w.score);
    const Outcome& go = g.outcome;
    const Outcome& wo = w.outcome;
    EXPECT_EQ(go.status, wo.status);
    expect_msg(go.expected, wo.expected);
    expect_msg(go.actual, wo.actual);
    expect_msg(go.hint, wo.hint);
    ASSERT_EQ(go.evidence.size(), wo.evidence.size());
    for (std::size_t k = 0; k < wo.evidence.size(); ++k) expect_msg(go.evidence[k], wo.evidence[k]);
    EXPECT_EQ(go.env_cause, wo.env_cause);
    expect_msg(go.env_need, wo.env_need);
    EXPECT_EQ(go.caused_by, wo.caused_by);
    EXPECT_EQ(go.unmet, wo.unmet);
    EXPECT_EQ(go.fault, wo.fault);
    EXPECT_EQ(go.compared.answer, wo.compared.answer);
    EXPECT_EQ(go.compared.live, wo.compared.live);
    EXPECT_EQ(go.compared.answer_count, wo.compared.answer_count);
    EXPECT_EQ(go.compared.live_count, wo.compared.live_count);
  }

  EXPECT_EQ(got.integrity.checked, want.integrity.checked);
  ASSERT_EQ(got.integrity.findings.size(), 1U);
  EXPECT_EQ(got.integrity.findings[0].id, want.integrity.findings[0].id);
  expect_msg(got.integrity.findings[0].text, want.integrity.findings[0].text);
  EXPECT_EQ(got.integrity.findings[0].objects, want.integrity.findings[0].objects);
  EXPECT_EQ(got.integrity.same_cluster_as, want.integrity.same_cluster_as);
  EXPECT_EQ(got.integrity.same_cluster_count, want.integrity.same_cluster_count);
  EXPECT_EQ(got.integrity.same_bundle_as, want.integrity.same_bundle_as);
  EXPECT_EQ(got.integrity.same_bundle_count, want.integrity.same_bundle_count);
}

TEST(ResultCodec, BytesCutShortAreRefused) {
  std::string bytes;
  encode(every_field(), bytes);
  for (std::size_t n = 0; n < bytes.size(); ++n) {
    std::string_view in(bytes.data(), n);
    try {
      (void)decode_run(in);
      ADD_FAILURE() << "decoded from " << n << " of " << bytes.size() << " bytes";
    } catch (const Error& e) {
      EXPECT_EQ(e.kind(), ErrorKind::kParse);
    }
  }
}

TEST(ResultCodec, DamagedBytesAreRefusedOrDecodedNeverACrash) {
  std::string bytes;
  encode(every_field(), bytes);
  int refused = 0;
  for (std::size_t i = 0; i < bytes.size(); ++i) {
    for (const unsigned char flip : {0x01U, 0x80U, 0xffU}) {
      std::string damaged = bytes;
      damaged[i] = static_cast<char>(static_cast<unsigned char>(damaged[i]) ^ flip);
      std::string_view in = damaged;
      try {
        (void)decode_run(in);
      } catch (const Error& e) {
        EXPECT_EQ(e.kind(), ErrorKind::kParse);
        ++refused;
      }
    }
  }
  EXPECT_GT(refused, 0);
}

}  // namespace
}  // namespace gpuwhy
