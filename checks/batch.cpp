#include "batch.h"

#include <algorithm>
#include <exception>
#include <utility>

#include "gpuwhy/base/error.h"
#include "gpuwhy/base/files.h"
#include "gpuwhy/base/ordered_pool.h"
#include "gpuwhy/i18n/i18n.h"
#include "gpuwhy/model/result_codec.h"
#include "grade.h"

namespace gpuwhy::checks {

namespace {

struct Read {
  std::string user;
  std::string kept;         ///< the row, encoded (keep)
  integrity::ClusterId id;  ///< empty for a bundle that could not be read: it matches nothing
};

// A row as bytes while the rest of the class is read, and back.
std::string keep(const render::BatchRow& row) {
  std::string out;
  encode_text(row.origin, out);
  encode_text(row.user, out);
  encode_text(row.error, out);
  encode_text(row.page, out);
  encode_flag(row.run.has_value(), out);
  if (row.run) encode(*row.run, out);
  return out;
}

render::BatchRow unkeep(std::string_view bytes) {
  render::BatchRow row;
  row.origin = decode_text(bytes);
  row.user = decode_text(bytes);
  row.error = decode_text(bytes);
  row.page = decode_text(bytes);
  if (decode_flag(bytes)) row.run = decode_run(bytes);
  if (!bytes.empty()) throw Error(ErrorKind::kParse, "a kept batch row is cut short or damaged");
  return row;
}

// The one read of `entry`: its row, graded from the snapshot of those bytes, and its cluster's id
// from the same snapshot and bytes. A bad bundle never stops the batch: its row says why.
render::BatchRow grade_entry(const BundleEntry& entry, const BatchOptions& o, integrity::ClusterId& id) {
  render::BatchRow row;
  row.origin = entry.path;
  row.user = submission_name(entry.path);
  if (!entry.error.empty()) {
    row.error = entry.error;
    return row;
  }
  try {
    Snapshot snap;
    {
      const std::string text = o.read(entry);
      snap = parse_bundle(text, entry.path);
      id = integrity::cluster_id(snap, text);
    }
    id.node_uids.shrink_to_fit();
    id.pod_uids.shrink_to_fit();
    id.traces.shrink_to_fit();
    row.run = grade(snap, o.sel, meta_for(snap, o.lang, o.generated_at));
    // The file a bundle was handed in as names its row; a `student` saying otherwise is a finding.
    for (Finding& f : integrity::student_mismatch(snap, row.user)) row.run->integrity.findings.push_back(std::move(f));
  } catch (const Error& e) {
    row.run.reset();
    row.error = error_text(e, o.messages);  // the line a single run prints for the same bundle
    id = {};
  } catch (const std::exception& e) {
    row.run.reset();
    row.error = i18n::render(msg("input.bundle-internal", {{"path", entry.path}, {"reason", e.what()}}), o.messages);
    id = {};
  }
  return row;
}

Read read_entry(const BundleEntry& entry, const BatchOptions& o) {
  Read out;
  const render::BatchRow row = grade_entry(entry, o, out.id);
  out.user = row.user;
  out.kept = keep(row);
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
  kept_.reserve(entries_.size());
  users_.reserve(entries_.size());
  ids.reserve(entries_.size());
  pool::ordered_map(
      entries_.size(), opts_.jobs, window(opts_.jobs), [&](std::size_t i) { return read_entry(entries_[i], opts_); },
      [&](Read&& r) {
        users_.push_back(std::move(r.user));
        kept_.push_back(scratch_.append(r.kept));
        ids.push_back(std::move(r.id));
      });
  match_ = integrity::match(ids);
  read_ = true;
}

render::BatchRow Batch::take_row(std::size_t i) {
  files::Scratch::Piece piece = std::exchange(kept_[i], {});
  try {
    return unkeep(scratch_.read(piece));
  } catch (const Error& e) {
    render::BatchRow row;
    row.origin = entries_[i].path;
    row.user = users_[i];
    row.error =
        i18n::render(msg("input.bundle-row-lost", {{"path", entries_[i].path}, {"reason", e.what()}}), opts_.messages);
    return row;
  }
}

void Batch::run(const Finish& finish, const Take& take) {
  if (!read_) read_all();
  struct Done {
    render::BatchRow row;
    std::string page;
  };
  pool::ordered_map(
      kept_.size(), opts_.jobs, window(opts_.jobs),
      [&](std::size_t i) {
        Done d{take_row(i), ""};
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
