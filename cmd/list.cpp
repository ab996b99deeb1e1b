// `gpuwhy list`: the checks, as checks::list_page lays them out (`gpuwhy explain` is in explain.cpp).
#include <memory>
#include <string>

#include <fmt/format.h>

#include "check.h"
#include "common.h"
#include "explain.h"
#include "gpuwhy/base/error.h"

namespace gpuwhy::cli {

void setup_list(CLI::App& app, int& exit_code, i18n::Lang help_lang) {
  auto lang = std::make_shared<std::string>();
  CLI::App* list = app.add_subcommand("list", i18n::text("cli.list", help_lang));
  add_lang_option(*list, *lang, help_lang);
  list->callback([lang, &exit_code]() {
    fmt::print("{}", checks::list_page(lang_from(*lang)));
    exit_code = kExitPass;
  });
}

}  // namespace gpuwhy::cli
