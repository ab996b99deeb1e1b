// The batch summary for a person at a terminal (`--snapshot FOLDER`, format table): one line per
// submission with its score and counts, an incomplete or ungraded one said as such (never a zero),
// and one closing line. Every outside string (file names, errors) is sanitised.
#include <algorithm>

#include <fmt/format.h>

#include "gpuwhy/base/text.h"
#include "gpuwhy/i18n/i18n.h"
#include "gpuwhy/render/render.h"
#include "render_detail.h"

namespace gpuwhy::render::detail {

BatchCells batch_cells(const BatchRow& row, i18n::Lang lang) {
  BatchCells c;
  c.user = text::sanitize_terminal(one_line(row.user, 60));
  if (!row.run) {
    c.score = "-";
    c.note =
        i18n::render(msg("ui.batch.not-graded", {{"error", text::sanitize_terminal(one_line(row.error, 300))}}), lang);
    c.incomplete = true;
    return c;
  }
  const RunResult& r = *row.run;
  c.score = r.complete() ? fmt::format("{}/{}", r.score(), r.max_score()) : "-";
  c.counts = fmt::format("{}/{}/{}", r.count(Status::kPass), r.count(Status::kFail), r.count(Status::kError));
  if (!r.complete()) {
    c.note = i18n::text("ui.batch.incomplete", lang);
    c.incomplete = true;
  }
  return c;
}

std::string batch_table_of(const std::vector<BatchCells>& rows, const Options& opts) {
  const auto lang = opts.lang;
  const BatchCells head{i18n::text("ui.batch.user", lang), i18n::text("ui.batch.score", lang),
                        i18n::text("ui.batch.counts", lang), "", false};
  int incomplete = 0;
  std::size_t uw = text::display_width(head.user);
  std::size_t sw = text::display_width(head.score);
  std::size_t cw = text::display_width(head.counts);
  for (const auto& c : rows) {
    if (c.incomplete) ++incomplete;
    uw = std::max(uw, text::display_width(c.user));
    sw = std::max(sw, text::display_width(c.score));
    cw = std::max(cw, text::display_width(c.counts));
  }
  std::string out;
  const auto line_of = [&](const BatchCells& c) {
    std::string line =
        text::pad(c.user, uw) + "  " + text::pad(c.score, sw) + "  " + text::pad(c.counts, cw) + "  " + c.note;
    while (!line.empty() && line.back() == ' ') line.pop_back();
    out += line + "\n";
  };
  line_of(head);
  for (const auto& c : rows) line_of(c);
  const auto n = static_cast<int>(rows.size());
  out += "\n" +
         i18n::render(msg("ui.batch.summary", {{"count", std::to_string(n)},
                                               {"scored", std::to_string(n - incomplete)},
                                               {"incomplete", std::to_string(incomplete)}}),
                      lang) +
         "\n";
  return out;
}

std::string batch_table(const std::vector<BatchRow>& rows, const Options& opts) {
  std::vector<BatchCells> cells;
  cells.reserve(rows.size());
  for (const auto& row : rows) cells.push_back(batch_cells(row, opts.lang));
  return batch_table_of(cells, opts);
}

}  // namespace gpuwhy::render::detail
