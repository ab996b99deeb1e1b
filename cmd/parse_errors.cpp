// CLI11's errors said from the catalog (see parse_errors.h). CLI11 keeps no structured fields in
// its exceptions, so what an error is about is read from the parser's own state where it can be
// (the arguments left over, the required option not given, the values an option received) and
// only the option's name is looked for in CLI11's message.
#include "parse_errors.h"

#include <algorithm>
#include <map>
#include <optional>
#include <string_view>
#include <utility>
#include <vector>

#include <fmt/format.h>

#include "common.h"
#include "completion.h"
#include "gpuwhy/base/text.h"

namespace gpuwhy::cli {

namespace {

// The commands the parse went into: the root, then each subcommand given.
std::vector<const CLI::App*> parsed_path(const CLI::App& root) {
  std::vector<const CLI::App*> path{&root};
  for (;;) {
    const auto subs = path.back()->get_subcommands();
    if (subs.empty()) break;
    path.push_back(subs.front());
  }
  return path;
}

// "gpuwhy", "gpuwhy check": how the user calls the command at `depth` of `path`.
std::string command_of(const std::vector<const CLI::App*>& path, std::size_t depth) {
  std::string out = "gpuwhy";
  for (std::size_t i = 1; i <= depth && i < path.size(); ++i) out += " " + path[i]->get_name();
  return out;
}

// The long names of the options of `app`: "--format", "--output", ... (a one-letter option is one
// keystroke from every other: no suggestion is made for those).
std::vector<std::string> long_option_names(const CLI::App& app) {
  std::vector<std::string> out;
  for (const CLI::Option* o : app.get_options()) {
    for (const auto& l : o->get_lnames()) out.push_back("--" + l);
  }
  return out;
}

bool word_char(char c) {
  return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '-' || c == '_';
}

// Whether `name` stands in `text` as a word of its own ("--step" in "--step: ...", not in "--steps").
bool names(std::string_view text, std::string_view name) {
  for (auto pos = text.find(name); pos != std::string_view::npos; pos = text.find(name, pos + 1)) {
    const auto end = pos + name.size();
    if ((pos == 0 || !word_char(text[pos - 1])) && (end == text.size() || !word_char(text[end]))) return true;
  }
  return false;
}

struct Found {
  const CLI::Option* option = nullptr;
  std::size_t depth = 0;
};

// The option CLI11's message `what` names (CLI11 names it by Option::get_name()), the deepest
// command first; the longest name wins ("--request-timeout" over "--timeout").
Found option_named_in(std::string_view what, const std::vector<const CLI::App*>& path) {
  Found best;
  std::size_t best_len = 0;
  for (std::size_t d = path.size(); d-- > 0;) {
    for (const CLI::Option* o : path[d]->get_options()) {
      const std::string n = o->get_name();
      if (n.size() > best_len && names(what, n)) {
        best = {o, d};
        best_len = n.size();
      }
    }
  }
  return best;
}

// The required option or positional of the deepest command that was not given.
Found missing_required(const std::vector<const CLI::App*>& path) {
  for (std::size_t d = path.size(); d-- > 0;) {
    for (const CLI::Option* o : path[d]->get_options()) {
      if (o->get_required() && o->count() == 0) return {o, d};
    }
  }
  return {};
}

// What `app` left over; with `but_lang`, but a `--lang X` before any command: main has taken the
// language from it already (i18n::lang_flag), so `gpuwhy --lang ko` lists the commands in Korean.
std::vector<std::string> leftover(const CLI::App& app, bool but_lang) {
  std::vector<std::string> rest = app.remaining(false);
  if (but_lang && app.get_parent() == nullptr && !rest.empty()) {
    if (rest.front() == "--lang") {
      rest.erase(rest.begin(), rest.begin() + std::min<std::ptrdiff_t>(2, static_cast<std::ptrdiff_t>(rest.size())));
    } else if (rest.front().rfind("--lang=", 0) == 0) {
      rest.erase(rest.begin());
    }
  }
  return rest;
}

// The first argument no command took, and the depth of the command that left it; a `--lang X`
// before the command only when nothing else was left.
std::optional<std::pair<std::string, std::size_t>> first_extra(const std::vector<const CLI::App*>& path) {
  for (const bool but_lang : {true, false}) {
    for (std::size_t d = path.size(); d-- > 0;) {
      const auto rest = leftover(*path[d], but_lang);
      if (!rest.empty()) return std::pair{rest.front(), d};
    }
  }
  return std::nullopt;
}

std::string say(const char* id, std::map<std::string, std::string> args, i18n::Lang lang) {
  return i18n::render(msg(id, std::move(args)), lang);
}

// An argument no command takes: an unknown option (with the closest of that command's options),
// or a word where the command takes none.
std::string extra_message(const std::string& word, const std::vector<const CLI::App*>& path, std::size_t depth,
                          i18n::Lang lang) {
  const std::string command = command_of(path, depth);
  if (word.size() > 1 && word[0] == '-') {
    const std::string flag = word.substr(0, word.find('='));
    return with_suggestion(say("cli.error.unknown-option", {{"option", flag}, {"command", command}}, lang), flag,
                           long_option_names(*path[depth]), lang);
  }
  return say("cli.error.unexpected-argument", {{"argument", word}, {"command", command}}, lang);
}

// The name an option is shown by: "--format", or for a positional its placeholder ("ID").
std::string shown_name(const CLI::Option& o) {
  const OptionDoc d = describe_option(o);
  return d.positional.empty() ? o.get_name() : placeholder(d.positional);
}

// A value CLI11 could not convert or a validator refused: the value, and the values allowed when
// the option names them (with the closest one).
std::string value_message(const CLI::Option& o, i18n::Lang lang) {
  const OptionDoc d = describe_option(o);
  const std::string value = o.results().empty() ? std::string() : o.results().back();
  const std::string name = shown_name(o);
  if (d.choices.empty()) return say("cli.error.bad-value", {{"option", name}, {"value", value}}, lang);
  return with_suggestion(
      say("cli.error.not-one-of", {{"option", name}, {"value", value}, {"values", text::join(d.choices)}}, lang), value,
      d.choices, lang);
}

// An option given without its value, or given more values than it takes.
std::string count_message(const CLI::Option& o, i18n::Lang lang) {
  const std::string name = shown_name(o);
  const int most = o.get_items_expected_max();
  if (most > 0 && o.count() > static_cast<std::size_t>(most)) {
    return say("cli.error.too-many-values", {{"option", name}}, lang);
  }
  const OptionDoc d = describe_option(o);
  if (d.choices.empty()) return say("cli.error.missing-value", {{"option", name}}, lang);
  return say("cli.error.missing-value-of", {{"option", name}, {"values", text::join(d.choices)}}, lang);
}

std::string generic_message(const std::vector<const CLI::App*>& path, i18n::Lang lang) {
  return say("cli.error.bad-command-line", {{"command", command_of(path, path.size() - 1)}}, lang);
}

template <typename T>
bool is(const CLI::Error& e) {
  return dynamic_cast<const T*>(&e) != nullptr;
}

// The one line for `e`, from the catalog. The kind is told by the exception's class: its name
// (get_name) is the subcommand's for an ExtrasError raised there.
std::string error_line(const std::vector<const CLI::App*>& path, const CLI::Error& e, i18n::Lang lang) {
  const std::string_view what = e.what();
  if (is<CLI::ExtrasError>(e) || is<CLI::RequiredError>(e)) {
    // Leftover arguments first: `gpuwhy --formt` is a mistyped option, not a missing command.
    if (const auto extra = first_extra(path)) return extra_message(extra->first, path, extra->second, lang);
  }
  if (is<CLI::RequiredError>(e)) {
    if (const Found f = missing_required(path); f.option != nullptr) {
      return say("cli.error.missing-argument",
                 {{"command", command_of(path, f.depth)},
                  {"name", shown_name(*f.option)},
                  {"description", f.option->get_description()}},
                 lang);
    }
  } else if (is<CLI::ArgumentMismatch>(e)) {
    if (const Found f = option_named_in(what, path); f.option != nullptr) return count_message(*f.option, lang);
  } else if (is<CLI::ConversionError>(e) || is<CLI::ValidationError>(e)) {
    if (const Found f = option_named_in(what, path); f.option != nullptr) return value_message(*f.option, lang);
  } else if (is<CLI::OptionNotFound>(e)) {
    // "NAME not found": only a lookup by a name no command declares raises it.
    const std::string name(what.substr(0, what.find(' ')));
    return with_suggestion(say("cli.error.unknown-option", {{"option", name}, {"command", command_of(path, 0)}}, lang),
                           name, long_option_names(*path.back()), lang);
  }
  return generic_message(path, lang);
}

// One line per visible command of `root`: "  check     <its --help description>", names padded to
// one column.
std::string command_list(const CLI::App& root) {
  std::vector<std::pair<std::string, std::string>> rows;
  std::size_t width = 0;
  for (const CLI::App* sub : root.get_subcommands({})) {
    if (sub->get_group().empty()) continue;  // hidden
    rows.emplace_back(sub->get_name(), sub->get_description());
    width = std::max(width, text::display_width(sub->get_name()));
  }
  std::string out;
  for (const auto& [name, description] : rows) out += "  " + text::pad(name, width) + "  " + description + "\n";
  return out;
}

}  // namespace

std::string parse_failure(const CLI::App& root, const CLI::Error& e, i18n::Lang lang) {
  const auto path = parsed_path(root);
  const std::string prefix = i18n::text("cli.prefix.error", lang);
  const std::string more = i18n::text("cli.error.more-info", lang);
  const bool no_command = is<CLI::RequiredError>(e) && path.size() == 1 && root.get_require_subcommand_min() > 0 &&
                          leftover(root, true).empty();
  if (no_command) {
    return fmt::format("{} {}\n{}{}\n", prefix, i18n::text("cli.error.command-needed", lang), command_list(root), more);
  }
  return fmt::format("{} {}\n{}\n", prefix, text::sanitize_terminal(error_line(path, e, lang)), more);
}

}  // namespace gpuwhy::cli
