// `gpuwhy list` (`gpuwhy explain` is in explain.cpp).
#include <algorithm>
#include <array>
#include <vector>

#include <fmt/format.h>

#include "check.h"
#include "checks.h"
#include "common.h"
#include "completion.h"
#include "gpuwhy/base/error.h"
#include "gpuwhy/base/text.h"
#include "gpuwhy/i18n/i18n.h"
#include "gpuwhy/lab/lab.h"

namespace gpuwhy::cli {

namespace {
std::string pad(const std::string& s, std::size_t width) {
  const std::size_t w = text::display_width(s);
  return w >= width ? s : s + std::string(width - w, ' ');
}

// One row of `gpuwhy list`; the headings are translated, so every column is as wide as the
// widest of its heading and its values (by display width: Korean and Japanese take two columns).
void print_list(i18n::Lang l) {
  std::vector<std::array<std::string, 4>> rows;
  rows.push_back({i18n::text("ui.col.id", l), i18n::text("ui.col.step", l), i18n::text("ui.col.points", l),
                  i18n::text("ui.col.title", l)});
  for (const auto& c : checks::all()) {
    rows.push_back({std::string(c.id), std::to_string(c.step), std::to_string(c.points),
                    i18n::text(fmt::format("check.{}.title", c.id), l, lab::names())});
  }
  std::array<std::size_t, 3> w{};
  for (const auto& r : rows) {
    for (std::size_t i = 0; i < w.size(); ++i) w[i] = std::max(w[i], text::display_width(r[i]));
  }
  for (const auto& r : rows) fmt::print("{}  {}  {}  {}\n", pad(r[0], w[0]), pad(r[1], w[1]), pad(r[2], w[2]), r[3]);
}
}  // namespace

void setup_list(CLI::App& app, int& exit_code, i18n::Lang help_lang) {
  const auto t = [help_lang](const char* id) { return i18n::text(id, help_lang); };
  auto lang = std::make_shared<std::string>();
  CLI::App* list = app.add_subcommand("list", t("cli.list"));
  add_lang_option(*list, *lang, help_lang);
  list->callback([lang, &exit_code]() {
    print_list(lang_from(*lang));
    exit_code = kExitPass;
  });
}

}  // namespace gpuwhy::cli
