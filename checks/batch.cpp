#include "batch.h"

#include <algorithm>
#include <exception>
#include <utility>

#include <fmt/format.h>

#include "gpuwhy/base/error.h"
#include "gpuwhy/base/files.h"
#include "gpuwhy/base/ordered_pool.h"
#include "grade.h"

namespace gpuwhy::checks {

namespace {

struct Read {
  render::BatchRow row;
  integrity::ClusterId id;  ///< empty for a bundle that could not be read: it matches nothing
};

// The one read of `entry`: its row, graded from the snapshot of those bytes, and its cluster's id
// from the same snapshot and bytes. A bad bundle never stops the batch: its row says why.
Read read_entry(const BundleEntry& entry, const BatchOptions& o) {
  Read out;
  out.row.origin = entry.path;
  out.row.user = submission_name(entry.path);
  if (!entry.error.empty()) {
    out.row.error = entry.error;
    return out;
  }
  try {
    Snapshot snap;
    {
      const std::string text = o.read(entry);
      snap = parse_bundle(text, entry.path);
      out.id = integrity::cluster_id(snap, text);
    }
    out.id.node_uids.shrink_to_fit();
    out.id.traces.shrink_to_fit();
    out.row.run = grade(snap, o.sel, meta_for(snap, o.lang, o.generated_at));
    // The file a bundle was handed in as names its row; a `student` saying otherwise is a finding.
    for (Finding& f : integrity::student_mismatch(snap, out.row.user)) {
      out.row.run->integrity.findings.push_back(std::move(f));
    }
  } catch (const Error& e) {
    out.row.run.reset();
    out.row.error = error_text(e, o.messages);  // the line a single run prints for the same bundle
    out.id = {};
  } catch (const std::exception& e) {
    out.row.run.reset();
    out.row.error = fmt::format("bundle {}: {}", entry.path, e.what());
    out.id = {};
  }
  return out;
}

// The others of a group by name (the first Integrity::kMaxNamed) and their number.
void name(const std::vector<std::size_t>& others, const std::vector<std::string>& users,
          std::vector<std::string>& named, std::size_t& count) {
  count = others.size();
  for (std::size_t k = 0; k < others.size() && k < Integrity::kMaxNamed; ++k) named.push_back(users[others[k]]);
}

std::size_t window(unsigned jobs) {
  return 4 * std::max<std::size_t>(1, jobs);
}

}  // namespace

Batch::Batch(std::vector<BundleEntry> entries, BatchOptions opts)
    : entries_(std::move(entries)), opts_(std::move(opts)) {
  if (!opts_.read) {
    opts_.read = [](const BundleEntry& e) { return files::read_file_bounded(e.path, kMaxBundleBytes, e.beneath); };
  }
}

void Batch::read_all() {
  std::vector<integrity::ClusterId> ids;
  rows_.reserve(entries_.size());
  users_.reserve(entries_.size());
  ids.reserve(entries_.size());
  pool::ordered_map(
      entries_.size(), opts_.jobs, window(opts_.jobs), [&](std::size_t i) { return read_entry(entries_[i], opts_); },
      [&](Read&& r) {
        users_.push_back(r.row.user);
        rows_.push_back(std::move(r.row));
        ids.push_back(std::move(r.id));
      });
  match_ = integrity::match(ids);
  read_ = true;
}

void Batch::run(const Finish& finish, const Take& take) {
  if (!read_) read_all();
  struct Done {
    render::BatchRow row;
    std::string page;
  };
  pool::ordered_map(
      rows_.size(), opts_.jobs, window(opts_.jobs),
      [&](std::size_t i) {
        Done d{std::move(rows_[i]), ""};
        rows_[i] = render::BatchRow{};
        if (d.row.run) {
          Integrity& in = d.row.run->integrity;
          name(match_.same_cluster(i), users_, in.same_cluster_as, in.same_cluster_count);
          name(match_.same_bundle(i), users_, in.same_bundle_as, in.same_bundle_count);
        }
        if (finish) d.page = finish(d.row);
        return d;
      },
      [&](Done&& d) { take(std::move(d.row), std::move(d.page)); });
}

}  // namespace gpuwhy::checks
