#pragma once
/// A class's bundles graded as one batch: each bundle file is read exactly once, graded (grade())
/// and reduced to what the cross-bundle rules need (integrity::ClusterId: uids, event names, the
/// scheduler's timings, the digest) and its submission name; its snapshot and bytes are let go at
/// once, and its row waits encoded in a scratch file (files::Scratch), not in memory. Once every
/// bundle is read, the rows are matched (integrity::match: who shares a cluster or a bundle) and
/// handed on in batch order, each read back as it is taken. Memory grows with the class only by
/// a ClusterId and a name per bundle.

#include <cstddef>
#include <functional>
#include <string>
#include <vector>

#include "checks.h"
#include "gpuwhy/base/files.h"
#include "gpuwhy/i18n/i18n.h"
#include "gpuwhy/integrity/integrity.h"
#include "gpuwhy/model/bundle.h"
#include "gpuwhy/render/render.h"

namespace gpuwhy::checks {

struct BatchOptions {
  Selection sel;
  i18n::Lang lang = i18n::Lang::kEn;      ///< the reports' language (RunMeta::lang)
  i18n::Lang messages = i18n::Lang::kEn;  ///< the language of a row's error line
  std::string generated_at;               ///< the batch's one time, in every run's meta
  unsigned jobs = 1;                      ///< bundles read and graded at once
  /// Reads an entry's bytes; by default files::read_file_bounded(path, kMaxBundleBytes, beneath).
  /// Throws Error as that does. Called once for each entry whose `error` is "".
  std::function<std::string(const BundleEntry&)> read;
};

class Batch {
 public:
  Batch(std::vector<BundleEntry> entries, BatchOptions opts);

  /// Each row, with the submission names of the others of its cluster and of its very bundle:
  /// `finish` is called on a worker (rows of one batch at once; it may render the student's page,
  /// returned and passed on), then `take` on the calling thread, in batch order. The rows are the
  /// same for every `jobs`. Called once: each row is let go as it is taken.
  using Finish = std::function<std::string(const render::BatchRow&)>;
  using Take = std::function<void(render::BatchRow&&, std::string&&)>;
  void run(const Finish& finish, const Take& take);

  /// The number of entries.
  [[nodiscard]] std::size_t size() const { return entries_.size(); }

 private:
  void read_all();
  render::BatchRow take_row(std::size_t i);

  std::vector<BundleEntry> entries_;
  BatchOptions opts_;
  files::Scratch scratch_;                   ///< the rows, encoded, until they are taken
  std::vector<files::Scratch::Piece> kept_;  ///< where each row is in scratch_
  std::vector<std::string> users_;           ///< each row's submission name, kept for the others' rows
  integrity::Match match_;
  bool read_ = false;
};

}  // namespace gpuwhy::checks
