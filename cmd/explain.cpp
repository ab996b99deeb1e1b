// `gpuwhy explain WORD`: the checks the word names (checks::explained: a check id, a step or a
// unique part of an id) printed as checks::explain_page lays them out, wrapped to the terminal.
#include <unistd.h>

#include <memory>
#include <string>

#include <fmt/format.h>

#include "check.h"
#include "common.h"
#include "completion.h"
#include "explain.h"
#include "gpuwhy/base/error.h"
#include "gpuwhy/base/sys.h"

namespace gpuwhy::cli {

void setup_explain(CLI::App& app, int& exit_code, i18n::Lang help_lang) {
  const auto t = [help_lang](const char* id) { return i18n::text(id, help_lang); };
  auto word = std::make_shared<std::string>();
  auto lang = std::make_shared<std::string>();
  CLI::App* explain = app.add_subcommand("explain", t("cli.explain"));
  explain->add_option("id", *word, t("cli.opt.check-id"))->required();
  add_lang_option(*explain, *lang, help_lang);
  explain->callback([word, lang, &exit_code]() {
    const auto l = lang_from(*lang);
    const auto found = checks::explained(*word, l);
    const bool tty = ::isatty(STDOUT_FILENO) != 0;
    const std::size_t width = sys::table_width(tty ? sys::terminal_columns(STDOUT_FILENO) : 0, sys::environment());
    fmt::print("{}", checks::explain_page(found, l, width));
    exit_code = kExitPass;
  });
}

}  // namespace gpuwhy::cli
