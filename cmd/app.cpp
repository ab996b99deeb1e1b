#include "app.h"

#include <memory>

#include "check.h"
#include "gpuwhy/base/text.h"
#include "gpuwhy_git.h"
#include "parse_errors.h"
#include "why.h"

namespace gpuwhy::cli {

namespace {

// CLI11 pads the option column by bytes; a translated word there ("필수", "必須" for REQUIRED) is
// wider in bytes than on screen, so the column is padded by display width instead.
class DisplayWidthFormatter : public CLI::Formatter {
 public:
  std::string make_option(const CLI::Option* opt, bool is_positional) const override {
    const std::string name = "  " + make_option_name(opt, is_positional) + make_option_opts(opt);
    const std::string desc = make_option_desc(opt);
    const std::size_t width = gpuwhy::text::display_width(name);
    const std::string indent(column_width_, ' ');
    std::string out = name;
    if (!desc.empty()) {
      out += width >= column_width_ ? "\n" + indent : std::string(column_width_ - width, ' ');
      for (const char c : desc) {
        out += c;
        if (c == '\n') out += indent;
      }
    }
    return out + "\n";
  }
};

// CLI11's own words (usage line, group headings, the help and version flags, the line after a
// parse error) in the chosen language. Runs before the subcommands exist: they copy these.
void localize_cli11(CLI::App& app, i18n::Lang lang) {
  using i18n::text;
  const auto formatter = std::make_shared<DisplayWidthFormatter>();
  app.formatter(formatter);
  formatter->label("Usage", text("cli.label.usage", lang));
  formatter->label("OPTIONS", text("cli.label.options", lang));
  formatter->label("SUBCOMMAND", text("cli.label.subcommand", lang));
  formatter->label("SUBCOMMANDS", text("cli.label.subcommands", lang));
  formatter->label("Positionals", text("cli.label.positionals", lang));
  formatter->label("REQUIRED", text("cli.label.required", lang));
  app.option_defaults()->group(text("cli.group.options", lang));
  app.group(text("cli.group.subcommands", lang));
  app.set_help_flag("-h,--help", text("cli.help", lang));
  app.set_version_flag("--version", version_line(), text("cli.version", lang));
  // CLI11's own error texts are English: each is said again from the catalog (parse_errors.cpp).
  app.failure_message([lang](const CLI::App* root, const CLI::Error& e) { return parse_failure(*root, e, lang); });
}

}  // namespace

std::string version_line() {
  const std::string commit = GPUWHY_GIT_COMMIT;
  return std::string("gpuwhy ") + GPUWHY_VERSION + (commit.empty() ? "" : " (git " + commit + ")");
}

void build_app(CLI::App& app, int& exit_code, i18n::Lang lang) {
  localize_cli11(app, lang);
  app.require_subcommand(1);
  setup_check(app, exit_code, lang);
  setup_snapshot(app, exit_code, lang);
  setup_list(app, exit_code, lang);
  setup_explain(app, exit_code, lang);
  setup_why(app, exit_code, lang);
  setup_completion(app, exit_code, lang);
  // A subcommand declares its own -h,--help before it copies the option group name: regroup it.
  for (CLI::App* sub : app.get_subcommands({})) sub->get_help_ptr()->group(i18n::text("cli.group.options", lang));
}

}  // namespace gpuwhy::cli
