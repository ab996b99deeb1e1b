// `gpuwhy list` and `gpuwhy explain ID`.
#include <fmt/format.h>

#include "check.h"
#include "checks.h"
#include "common.h"
#include "gpuwhy/error.h"
#include "gpuwhy/i18n.h"
#include "gpuwhy/text.h"

namespace gpuwhy::cli {

namespace {
std::string pad(const std::string& s, std::size_t width) {
  const std::size_t w = text::display_width(s);
  return w >= width ? s : s + std::string(width - w, ' ');
}
}  // namespace

void setup_list(CLI::App& app, int& exit_code) {
  auto lang = std::make_shared<std::string>();
  CLI::App* list = app.add_subcommand("list", "List every check: id, step, title, points");
  list->add_option("--lang", *lang, "Language: en, ko, ja");
  list->callback([lang, &exit_code]() {
    const auto l = lang_from(*lang);
    std::size_t idw = 2;
    for (const auto& c : checks::all()) idw = std::max(idw, c.id.size());
    fmt::print("{}  {}  {}  {}\n", pad(i18n::text("ui.col.id", l), idw), pad(i18n::text("ui.col.step", l), 4),
               pad(i18n::text("ui.col.points", l), 6), i18n::text("ui.col.title", l));
    for (const auto& c : checks::all()) {
      fmt::print("{}  {}  {}  {}\n", pad(std::string(c.id), idw), pad(std::to_string(c.step), 4),
                 pad(std::to_string(c.points), 6), i18n::text(fmt::format("check.{}.title", c.id), l));
    }
    exit_code = kExitPass;
  });
  auto id = std::make_shared<std::string>();
  auto lang2 = std::make_shared<std::string>();
  CLI::App* explain = app.add_subcommand("explain", "Explain one check: what it checks, why, the usual mistakes");
  explain->add_option("id", *id, "Check id, e.g. step2.allocatable")->required();
  explain->add_option("--lang", *lang2, "Language: en, ko, ja");
  explain->callback([id, lang2, &exit_code]() {
    const auto* c = checks::find(*id);
    if (c == nullptr) throw Error(ErrorKind::kUsage, fmt::format("\"{}\": no such check (see `gpuwhy list`)", *id));
    const auto l = lang_from(*lang2);
    fmt::print("{} — {}\n{}: {}  {}: {}\n\n{}\n", c->id, i18n::text(fmt::format("check.{}.title", c->id), l),
               i18n::text("ui.col.step", l), c->step, i18n::text("ui.col.points", l), c->points,
               i18n::text(fmt::format("check.{}.explain", c->id), l));
    exit_code = kExitPass;
  });
}

}  // namespace gpuwhy::cli
