// CSV (`--format csv`, and the batch summary): RFC 4180 (CRLF, quoted when needed), one header
// and one row per submission, for spreadsheet or gradebook import.
//
// A score is a grade, so it is left empty whenever it would not be one: the run was incomplete
// (an `error` check: never a zero), the bundle could not be graded, or the step was not selected.
// `max_score` is always filled for graded runs. `error` says why a row has no score.
#include <optional>

#include <fmt/format.h>

#include "gpuwhy/lab/lab.h"
#include "gpuwhy/render/render.h"
#include "render_detail.h"

namespace gpuwhy::render {

namespace {

using lab::kSteps;  // the columns are fixed so batch rows line up

// One RFC 4180 field. Cells a spreadsheet would read as a formula (= + - @, and tab or CR, which
// some tools strip before looking) get a leading apostrophe (CSV injection, OWASP).
std::string cell(std::string_view raw) {
  std::string s = clean_utf8(raw);
  if (!s.empty() && (s[0] == '=' || s[0] == '+' || s[0] == '-' || s[0] == '@' || s[0] == '\t' || s[0] == '\r')) {
    s.insert(s.begin(), '\'');
  }
  if (s.find_first_of(",\"\r\n") == std::string::npos) return s;
  std::string q = "\"";
  for (char c : s) {
    if (c == '"') q += '"';
    q += c;
  }
  return q + "\"";
}

std::string row(const std::vector<std::string>& cells) {
  std::string out;
  for (std::size_t i = 0; i < cells.size(); ++i) {
    if (i > 0) out += ',';
    out += cell(cells[i]);
  }
  return out + "\r\n";
}

// The step columns say the step's most points when the caller gave them ("step2/6").
std::string header(const std::vector<int>& step_max) {
  std::vector<std::string> h{"user", "score", "max_score"};
  for (int s = 1; s <= kSteps; ++s) {
    const auto i = static_cast<std::size_t>(s - 1);
    h.push_back(i < step_max.size() ? fmt::format("step{}/{}", s, step_max[i]) : fmt::format("step{}", s));
  }
  for (const char* c : {"complete", "passed", "failed", "errors", "error", "roots", "failed_checks", "taken_at", "late",
                        "on_roster", "integrity", "integrity_findings"})
    h.emplace_back(c);
  return row(h);
}

// Check ids, space-separated: stable and language-neutral, so a script can act on them.
std::string ids(const std::vector<std::string>& v) {
  std::string out;
  for (const auto& id : v) out += (out.empty() ? "" : " ") + id;
  return out;
}

std::string run_row(const std::string& user, const RunResult& run) {
  const bool complete = run.complete();
  std::vector<std::string> r{user, complete ? std::to_string(run.score()) : "", std::to_string(run.max_score())};
  const auto steps = step_summaries(run);
  for (int n = 1; n <= kSteps; ++n) {
    std::string v;
    for (const auto& s : steps) {
      if (s.step == n && s.selected() && s.complete()) v = std::to_string(s.score);
    }
    r.push_back(v);
  }
  r.emplace_back(complete ? "true" : "false");
  r.push_back(std::to_string(run.count(Status::kPass)));
  r.push_back(std::to_string(run.count(Status::kFail)));
  r.push_back(std::to_string(run.count(Status::kError)));
  std::string error;
  if (!complete) {
    // Check ids are stable and language-neutral: a script can act on them.
    error = "incomplete:";
    for (const auto& c : run.checks) {
      if (c.outcome.status == Status::kError) error += " " + c.id;
    }
  }
  r.push_back(error);
  // The root causes (check ids): the failures to fix first; the others follow from them.
  r.push_back(ids(run.roots()));
  std::vector<std::string> failed;
  for (const auto& c : run.checks) {
    if (c.outcome.status == Status::kFail) failed.push_back(c.id);
  }
  r.push_back(ids(failed));
  return row(r);
}

std::string error_row(const std::string& user, const std::string& error) {
  std::vector<std::string> r{user, "", ""};
  for (int n = 1; n <= kSteps; ++n) r.emplace_back("");
  for (const char* c : {"false", "", "", ""}) r.emplace_back(c);
  r.push_back(one_line(error.empty() ? std::string("bundle could not be graded") : error, 500));
  r.emplace_back("");
  r.emplace_back("");
  return row(r);
}

// What integrity found, as ids a script can act on: each finding's id, then "same-cluster:USER"
// and "same-bundle:USER" for the other submissions of the batch.
std::string integrity_ids(const Integrity& in) {
  std::vector<std::string> v;
  for (const auto& f : in.findings) v.push_back(f.id);
  for (const auto& u : in.same_cluster_as) v.push_back("same-cluster:" + u);
  for (const auto& u : in.same_bundle_as) v.push_back("same-bundle:" + u);
  return ids(v);
}

// A row's last cells: when it was taken, whether that was late (--due) and the student is on the
// roster (--roster) ("true", "false", or empty when there is no such flag or nothing to hold the
// row to), and what integrity says (empty for a bundle that could not be graded).
std::string with_flags(std::string line, const detail::RowFlags& flags, const RunResult* run) {
  line.resize(line.size() - 2);  // the CRLF: more cells come
  line += "," + cell(flags.taken_at) + "," + detail::flag_text(flags.late) + "," + detail::flag_text(flags.on_roster);
  if (run == nullptr) return line + ",,\r\n";
  return line + "," + integrity_status(run->integrity) + "," + cell(integrity_ids(run->integrity)) + "\r\n";
}

}  // namespace

std::string csv(const RunResult& run, const Options& opts) {
  return header(opts.step_max) +
         with_flags(run_row(opts.user, run), detail::RowFlags{run.meta.taken_at, {}, {}, {}}, &run);
}

namespace detail {

std::string batch_csv_head(const Options& opts) {
  return header(opts.step_max);
}

std::string batch_csv_row(const BatchRow& r, const RowFlags& flags) {
  if (!r.run) return with_flags(error_row(r.user, r.error), flags, nullptr);
  return with_flags(run_row(r.user, *r.run), flags, &*r.run);
}

}  // namespace detail

}  // namespace gpuwhy::render
