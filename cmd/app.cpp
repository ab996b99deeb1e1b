#include "app.h"

#include <unistd.h>

#include <algorithm>
#include <array>
#include <cctype>
#include <memory>
#include <string_view>
#include <utility>
#include <vector>

#include "check.h"
#include "common.h"
#include "completion.h"
#include "gpuwhy/base/sys.h"
#include "gpuwhy/base/text.h"
#include "gpuwhy/base/wrap.h"
#include "gpuwhy_git.h"
#include "parse_errors.h"
#include "why.h"

namespace gpuwhy::cli {

namespace {

// CLI11 pads the option column by bytes; a translated word there ("필수", "必須" for REQUIRED) is
// wider in bytes than on screen, so the column is padded by display width instead. Descriptions
// are wrapped to the terminal (`width`, from sys::table_width), under the column.
class DisplayWidthFormatter : public CLI::Formatter {
 public:
  explicit DisplayWidthFormatter(std::size_t width) : width_(width) {}

  std::string make_option(const CLI::Option* opt, bool is_positional) const override {
    return entry("  " + make_option_name(opt, is_positional) + make_option_opts(opt), make_option_desc(opt));
  }
  // A value list too long for the option column ("TEXT:{table,json,…}=table", which the
  // description lists anyway) is shown as the option's name: "--format FORMAT=table".
  std::string make_option_opts(const CLI::Option* opt) const override {
    std::string opts = CLI::Formatter::make_option_opts(opt);
    const auto open = opts.find(":{");
    const auto close = opts.find('}', open);
    const auto start = opts.find_first_not_of(' ');
    if (open == std::string::npos || close == std::string::npos || opt->get_lnames().empty()) return opts;
    if (gpuwhy::text::display_width("  " + make_option_name(opt, false) + opts) < column_width_) return opts;
    std::string placeholder = opt->get_lnames().front();
    for (char& c : placeholder) c = c == '-' ? '_' : static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
    return opts.substr(0, start) + placeholder + opts.substr(close + 1);
  }
  std::string make_subcommand(const CLI::App* sub) const override {
    return entry("  " + sub->get_display_name(true), sub->get_description());
  }
  std::string make_description(const CLI::App* app) const override {
    const std::string desc = CLI::Formatter::make_description(app);
    return desc.empty() ? desc : wrapped(desc, width_) + "\n";
  }

 private:
  static constexpr std::size_t kMinRoom = 20;  ///< a description never gets narrower than this

  // Each line of `s` wrapped to `room` columns; no newline at the end.
  static std::string wrapped(const std::string& s, std::size_t room) {
    std::string lines;
    std::size_t start = 0;
    while (start < s.size()) {
      const std::size_t end = std::min(s.find('\n', start), s.size());
      lines += text::wrap(std::string_view(s).substr(start, end - start), room, "");
      start = end + 1;
    }
    if (!lines.empty()) lines.pop_back();
    return lines;
  }

  // `name` in the option column, `desc` wrapped beside it. A name wider than the terminal (a long
  // list of values) is cut into lines of its own.
  std::string entry(const std::string& name, const std::string& desc) const {
    const std::size_t width = gpuwhy::text::display_width(name);
    std::string out = width > width_ ? wrapped(name, width_) : name;
    if (desc.empty()) return out + "\n";
    const std::string indent(column_width_, ' ');
    out += width >= column_width_ ? "\n" + indent : std::string(column_width_ - width, ' ');
    const std::size_t room = width_ > column_width_ + kMinRoom ? width_ - column_width_ : kMinRoom;
    for (const char c : wrapped(desc, room)) {
      out += c;
      if (c == '\n') out += indent;
    }
    return out + "\n";
  }

  std::size_t width_;
};

// CLI11's own words (usage line, group headings, the help and version flags, the line after a
// parse error) in the chosen language. Runs before the subcommands exist: they copy these.
void localize_cli11(CLI::App& app, i18n::Lang lang) {
  using i18n::text;
  const bool tty = ::isatty(STDOUT_FILENO) != 0;
  const auto formatter = std::make_shared<DisplayWidthFormatter>(
      sys::table_width(tty ? sys::terminal_columns(STDOUT_FILENO) : 0, sys::environment()));
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

// The options of every command in the same three groups: what is graded, the cluster, the report.
void group_options(CLI::App& app, i18n::Lang lang) {
  static const std::array<std::pair<const char*, std::vector<std::string_view>>, 3> kGroups{{
      {"cli.group.input",
       {"--dir", "--snapshot", "--jobs", "--roster", "--due", "--step", "--check", "--namespace", "--all",
        "--require-integrity"}},
      {"cli.group.cluster",
       {"--kubeconfig", "--context", "--request-timeout", "--timeout", "--wait", "--poll", "--no-dry-run"}},
      {"cli.group.output",
       {"--format", "--output", "--verbose", "--hide-expected", "--user", "--lang", "--github-output", "--pages",
        "--color"}},
  }};
  for (CLI::App* sub : app.get_subcommands({})) {
    for (CLI::Option* opt : sub->get_options()) {
      for (const auto& [group, names] : kGroups) {
        if (std::find(names.begin(), names.end(), opt->get_name()) != names.end()) opt->group(i18n::text(group, lang));
      }
    }
  }
}

}  // namespace

std::string version_line() {
  const std::string commit = GPUWHY_GIT_COMMIT;
  return std::string("gpuwhy ") + GPUWHY_VERSION + (commit.empty() ? "" : " (git " + commit + ")");
}

void build_app(CLI::App& app, int& exit_code, i18n::Lang lang) {
  // Named before parsing, so --help's Usage says `gpuwhy`, never the path it was started by.
  app.name("gpuwhy");
  localize_cli11(app, lang);
  app.require_subcommand(1);
  // `gpuwhy --lang ko list` as well as `gpuwhy list --lang ko`: the language is one for the run.
  add_lang_option(app, top_lang_flag(), lang);
  setup_check(app, exit_code, lang);
  setup_snapshot(app, exit_code, lang);
  setup_list(app, exit_code, lang);
  setup_explain(app, exit_code, lang);
  setup_why(app, exit_code, lang);
  setup_completion(app, exit_code, lang);
  // A subcommand declares its own -h,--help before it copies the option group name: regroup it.
  for (CLI::App* sub : app.get_subcommands({})) sub->get_help_ptr()->group(i18n::text("cli.group.options", lang));
  group_options(app, lang);
}

}  // namespace gpuwhy::cli
