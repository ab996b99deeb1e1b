// gpuwhy: grades the "why is my GPU pod Pending" lab. main parses flags and maps errors to
// exit codes once; the work happens in the subcommand files.
#include <exception>
#include <memory>
#include <string>
#include <vector>

#include <fmt/format.h>
#include <fmt/ranges.h>
#include <CLI/CLI.hpp>

#include "check.h"
#include "common.h"
#include "gpuwhy/error.h"
#include "gpuwhy/i18n.h"
#include "gpuwhy/sys.h"
#include "gpuwhy/text.h"

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
void localize_cli11(CLI::App& app, gpuwhy::i18n::Lang lang) {
  using gpuwhy::i18n::text;
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
  app.set_version_flag("--version", std::string("gpuwhy ") + GPUWHY_VERSION, text("cli.version", lang));
  const std::string more = text("cli.error.more-info", lang);
  app.failure_message(
      [more](const CLI::App*, const CLI::Error& e) { return std::string(e.what()) + "\n" + more + "\n"; });
}

// The first word that stands where a command should and is none (skipping --lang's value).
std::string unknown_command(CLI::App& app, const std::vector<std::string>& args) {
  for (std::size_t i = 0; i < args.size(); ++i) {
    const std::string& a = args[i];
    if (a == "--lang") {
      ++i;
      continue;
    }
    if (a.empty() || a[0] == '-') continue;
    for (const CLI::App* sub : app.get_subcommands({})) {
      if (sub->get_name() == a) return "";
    }
    return a;
  }
  return "";
}

}  // namespace

int main(int argc, char** argv) {
  using namespace gpuwhy;  // NOLINT(google-build-using-namespace)
  // --help texts are fixed when options are declared, so the language is chosen before the parser
  // exists: --lang from the raw arguments, then GPUWHY_LANG and the locale.
  const std::vector<std::string> args(argv + (argc > 0 ? 1 : 0), argv + argc);
  const i18n::Lang lang = i18n::choose_lang(i18n::lang_flag(args), sys::environment());
  CLI::App app{i18n::text("cli.app", lang)};
  localize_cli11(app, lang);
  app.require_subcommand(1);
  int exit_code = kExitPass;
  cli::setup_check(app, exit_code, lang);
  cli::setup_snapshot(app, exit_code, lang);
  cli::setup_list(app, exit_code, lang);
  // A subcommand declares its own -h,--help before it copies the option group name: regroup it.
  for (CLI::App* sub : app.get_subcommands({})) sub->get_help_ptr()->group(i18n::text("cli.group.options", lang));
  try {
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForAllHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForVersion& e) {
    return app.exit(e);
  } catch (const CLI::ParseError& e) {
    // A mistyped command (`gpuwhy chek`): name it and the closest one, as kubectl and git do.
    if (const std::string unknown = unknown_command(app, args); !unknown.empty()) {
      std::vector<std::string> names;
      for (const CLI::App* sub : app.get_subcommands({})) names.push_back(sub->get_name());
      cli::print_error(cli::with_suggestion(
          i18n::render(msg("cli.error.unknown-command",
                           {{"command", unknown}, {"commands", fmt::format("{}", fmt::join(names, ", "))}}),
                       lang),
          unknown, names, lang));
      return kExitUsage;
    }
    app.exit(e);
    return kExitUsage;
  } catch (const Error& e) {
    cli::print_error(e.what());
    return e.kind() == ErrorKind::kUsage ? kExitUsage : kExitIncomplete;
  } catch (const std::exception& e) {
    cli::print_error(e.what());
    return kExitIncomplete;
  }
  return exit_code;
}
