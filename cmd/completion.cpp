// `gpuwhy completion bash|zsh|fish` and the man page: generated from the CLI::App tree.
#include "completion.h"

#include <cctype>
#include <memory>

#include <fmt/format.h>

#include "app.h"
#include "check.h"
#include "common.h"
#include "gpuwhy/base/error.h"
#include "gpuwhy/lab/lab.h"
#include "gpuwhy/model/result.h"

namespace gpuwhy::cli {

namespace {

// CLI11 appends each validator's description to the type name: "TEXT:{auto,always,never}".
std::vector<std::string> parse_choices(const std::string& type_name) {
  std::vector<std::string> out;
  const auto open = type_name.find(":{");
  const auto close = type_name.find('}', open);
  if (open == std::string::npos || close == std::string::npos) return out;
  std::string item;
  for (const char c : type_name.substr(open + 2, close - open - 2)) {
    if (c != ',') {
      item += c;
    } else if (!item.empty()) {
      out.push_back(item);
      item.clear();
    }
  }
  if (!item.empty()) out.push_back(item);
  return out;
}

std::string join(const std::vector<std::string>& items, std::string_view sep) {
  std::string out;
  for (const auto& i : items) out += (out.empty() ? "" : std::string(sep)) + i;
  return out;
}

std::vector<std::string> command_names(const CommandDoc& c) {
  std::vector<std::string> out;
  for (const auto& sub : c.commands) out.push_back(sub.name);
  return out;
}

std::vector<std::string> option_names(const CommandDoc& c) {
  std::vector<std::string> out;
  for (const auto& o : c.options) out.insert(out.end(), o.names.begin(), o.names.end());
  return out;
}

// ---- bash ----------------------------------------------------------------------------------

// `path` is "gpuwhy", "gpuwhy check", ...: the words that led to the command.
void bash_command(const CommandDoc& c, const std::string& path, std::string& walk, std::string& values,
                  std::string& words) {
  std::vector<std::string> positional_words;
  for (const auto& p : c.positionals)
    positional_words.insert(positional_words.end(), p.choices.begin(), p.choices.end());
  const bool free_positional = !c.positionals.empty() && positional_words.empty();
  words +=
      fmt::format("    \"{}\") opts=\"{}\"; words=\"{}\"; files={} ;;\n", path, join(option_names(c), " "),
                  join(command_names(c).empty() ? positional_words : command_names(c), " "), free_positional ? 1 : 0);
  for (const auto& o : c.options) {
    if (o.value.empty()) continue;
    for (const auto& n : o.names) {
      values += o.choices.empty()
                    ? fmt::format("    \"{}:{}\") compopt -o default 2>/dev/null; COMPREPLY=(); return 0 ;;\n", path, n)
                    : fmt::format("    \"{}:{}\") COMPREPLY=($(compgen -W \"{}\" -- \"$cur\")); return 0 ;;\n", path, n,
                                  join(o.choices, " "));
    }
  }
  for (const auto& sub : c.commands) {
    walk += fmt::format("      \"{} {}\") path+=\" {}\" ;;\n", path, sub.name, sub.name);
    bash_command(sub, path + " " + sub.name, walk, values, words);
  }
}

// ---- zsh -----------------------------------------------------------------------------------

// Text inside a single-quoted zsh word; in an _arguments "[description]", "]" is escaped.
std::string zsh_quote(std::string_view s, bool in_brackets) {
  std::string out;
  for (const char c : s) {
    if (c == '\'') {
      out += "'\\''";
    } else if (c == '\n') {
      out += ' ';
    } else {
      if ((c == ']' || c == '\\') && in_brackets) out += '\\';
      out += c;
    }
  }
  return out;
}

std::string zsh_spec(const OptionDoc& o) {
  std::string names;
  std::string exclusive;
  for (const auto& n : o.names) {
    const bool is_long = n.size() > 2;
    if (!names.empty()) names += ',';
    names += n;
    if (!o.value.empty()) names += is_long ? '=' : '+';
    if (!exclusive.empty()) exclusive += ' ';
    exclusive += n;
  }
  std::string spec = o.repeatable ? "'*'" : (o.names.size() > 1 ? "'(" + exclusive + ")'" : "");
  spec += o.names.size() > 1 ? "{" + names + "}" : "'" + names + "'";
  spec += "'[" + zsh_quote(o.description, true) + "]";
  if (!o.value.empty()) {
    std::string lower = o.value;
    for (char& c : lower) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    spec += ":" + lower + ":" + (o.choices.empty() ? "_files" : "(" + join(o.choices, " ") + ")");
  }
  return spec + "'";
}

void zsh_function(const CommandDoc& c, const std::string& fn, std::string& out) {
  for (const auto& sub : c.commands) zsh_function(sub, fn + "_" + sub.name, out);
  out += fmt::format("{}() {{\n  local curcontext=$curcontext state line\n  _arguments -s -S -C \\\n", fn);
  for (const auto& o : c.options) out += "    " + zsh_spec(o) + " \\\n";
  int n = 0;
  for (const auto& p : c.positionals) {
    out += fmt::format("    '{}:{}:{}' \\\n", ++n, zsh_quote(p.positional, true),
                       p.choices.empty() ? "_files" : "(" + join(p.choices, " ") + ")");
  }
  if (c.commands.empty()) {
    out += "    && return 0\n}\n\n";
    return;
  }
  out +=
      "    '1:command:->command' '*::argument:->argument' && return 0\n  case $state in\n    command)\n"
      "      local -a commands=(\n";
  for (const auto& sub : c.commands) {
    out += fmt::format("        '{}:{}'\n", sub.name, zsh_quote(sub.description, false));
  }
  out += "      )\n      _describe -t commands command commands ;;\n    argument)\n      case $line[1] in\n";
  for (const auto& sub : c.commands) out += fmt::format("        {}) {}_{} ;;\n", sub.name, fn, sub.name);
  out += "      esac ;;\n  esac\n}\n\n";
}

// ---- fish ----------------------------------------------------------------------------------

std::string fish_quote(std::string_view s) {
  std::string out = "'";
  for (const char c : s) {
    if (c == '\\' || c == '\'') out += '\\';
    out += c == '\n' ? ' ' : c;
  }
  return out + "'";
}

void fish_command(const CommandDoc& c, const std::string& condition, std::string& out) {
  const std::string head = "complete -c gpuwhy -n " + fish_quote(condition);
  for (const auto& o : c.options) {
    std::string line = head;
    for (const auto& n : o.names) line += (n.size() > 2 ? " -l " + n.substr(2) : " -s " + n.substr(1));
    if (!o.value.empty()) line += o.choices.empty() ? " -r -F" : " -x -a " + fish_quote(join(o.choices, " "));
    out += line + " -d " + fish_quote(o.description) + "\n";
  }
  for (const auto& p : c.positionals) {
    out += head + (p.choices.empty() ? " -F" : " -x -a " + fish_quote(join(p.choices, " "))) + " -d " +
           fish_quote(p.description) + "\n";
  }
  for (const auto& sub : c.commands) {
    out += head + " -x -a " + sub.name + " -d " + fish_quote(sub.description) + "\n";
  }
  for (const auto& sub : c.commands) fish_command(sub, "__fish_seen_subcommand_from " + sub.name, out);
}

// ---- man -----------------------------------------------------------------------------------

std::string roff(std::string_view s) {
  std::string out;
  bool line_start = true;
  for (const char c : s) {
    if (line_start && (c == '.' || c == '\'')) out += "\\&";
    if (c == '\\') {
      out += "\\e";
    } else if (c == '-') {
      out += "\\-";
    } else {
      out += c;
    }
    line_start = c == '\n';
  }
  return out;
}

std::string man_option(const OptionDoc& o, i18n::Lang lang) {
  std::string head;
  for (const auto& n : o.names) head += (head.empty() ? "" : ", ") + ("\\fB" + roff(n) + "\\fR");
  if (o.names.empty()) head = "\\fI" + roff(o.positional) + "\\fR";
  if (!o.value.empty() && !o.names.empty()) head += " \\fI" + roff(o.value) + "\\fR";
  // What CLI11 knows beyond the help text goes on a line of its own.
  std::vector<std::string> notes;
  if (!o.choices.empty())
    notes.push_back(i18n::render(msg("cli.man.one-of", {{"values", join(o.choices, ", ")}}), lang));
  if (!o.default_value.empty())
    notes.push_back(i18n::render(msg("cli.man.default", {{"value", o.default_value}}), lang));
  if (o.repeatable) notes.push_back(i18n::text("cli.man.repeatable", lang));
  std::string body = roff(o.description);
  if (!notes.empty()) body += "\n.br\n" + roff(join(notes, " "));
  return ".TP\n" + head + "\n" + body + "\n";
}

void man_command(const CommandDoc& c, const std::string& path, i18n::Lang lang, std::string& out) {
  out += fmt::format(".SS \"{}\"\n{}\n", roff(path), roff(c.description));
  for (const auto& p : c.positionals) out += man_option(p, lang);
  for (const auto& o : c.options) out += man_option(o, lang);
  for (const auto& sub : c.commands) man_command(sub, path + " " + sub.name, lang, out);
}

}  // namespace

std::string placeholder(std::string name) {
  for (char& c : name) c = c == '-' ? '_' : static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  return name;
}

OptionDoc describe_option(const CLI::Option& opt) {
  OptionDoc d;
  for (const auto& s : opt.get_snames()) d.names.push_back("-" + s);
  for (const auto& l : opt.get_lnames()) d.names.push_back("--" + l);
  if (!opt.nonpositional()) d.positional = opt.get_name(true);
  d.description = opt.get_description();
  d.choices = parse_choices(opt.get_type_name());
  if (opt.get_items_expected_max() > 0) {  // a flag expects no value
    const auto& names = opt.get_lnames().empty() ? opt.get_snames() : opt.get_lnames();
    d.value = placeholder(d.positional.empty() && !names.empty() ? names.front() : d.positional);
  }
  d.default_value = opt.get_default_str();
  d.repeatable = !d.value.empty() && opt.get_expected_max() > 1;
  return d;
}

CommandDoc describe(const CLI::App& app) {
  CommandDoc d;
  // The root's name is argv[0] once parsed ("./build/gpuwhy"): the scripts are for the installed name.
  d.name = app.get_parent() == nullptr ? "gpuwhy" : app.get_name();
  d.description = app.get_description();
  for (const CLI::Option* opt : app.get_options()) {
    if (opt->get_group().empty()) continue;
    (opt->nonpositional() ? d.options : d.positionals).push_back(describe_option(*opt));
  }
  for (const CLI::App* sub : app.get_subcommands([](const CLI::App* s) { return !s->get_group().empty(); })) {
    d.commands.push_back(describe(*sub));
  }
  return d;
}

CLI::Validator choices(const std::vector<std::string>& names) {
  return {[](const std::string&) { return std::string(); }, "{" + join(names, ",") + "}", "choices"};
}

std::string bash_completion(const CommandDoc& root) {
  std::string walk;
  std::string values;
  std::string words;
  bash_command(root, root.name, walk, values, words);
  return fmt::format(
      "# bash completion for {0}; generated from its CLI11 definition by `{0} completion bash`.\n"
      "# Installed as /usr/share/bash-completion/completions/{0}; or: source <({0} completion bash)\n"
      "_{0}() {{\n"
      "  local cur=${{COMP_WORDS[COMP_CWORD]}} prev= path={0} opts= words= files=0 i\n"
      "  ((COMP_CWORD > 0)) && prev=${{COMP_WORDS[COMP_CWORD - 1]}}\n"
      "  # --option=value: bash splits the word at \"=\" (COMP_WORDBREAKS)\n"
      "  if [[ $cur == = ]]; then\n"
      "    cur=\n"
      "  elif [[ $prev == = ]] && ((COMP_CWORD > 1)); then\n"
      "    prev=${{COMP_WORDS[COMP_CWORD - 2]}}\n"
      "  fi\n"
      "  for ((i = 1; i < COMP_CWORD; i++)); do\n"
      "    case \"$path ${{COMP_WORDS[i]}}\" in\n{1}"
      "    esac\n"
      "  done\n"
      "  case \"$path:$prev\" in\n{2}"
      "  esac\n"
      "  case \"$path\" in\n{3}"
      "  esac\n"
      "  if [[ $cur == -* || ( -z $words && $files == 0 ) ]]; then\n"
      "    COMPREPLY=($(compgen -W \"$opts\" -- \"$cur\"))\n"
      "  elif [[ -n $words ]]; then\n"
      "    COMPREPLY=($(compgen -W \"$words\" -- \"$cur\"))\n"
      "  else\n"
      "    compopt -o default 2>/dev/null\n"
      "    COMPREPLY=()\n"
      "  fi\n"
      "  return 0\n"
      "}}\n"
      "complete -F _{0} {0}\n",
      root.name, walk, values, words);
}

std::string zsh_completion(const CommandDoc& root) {
  std::string out = fmt::format(
      "#compdef {0}\n# zsh completion for {0}; generated from its CLI11 definition by `{0} completion zsh`.\n"
      "# Installed as /usr/share/zsh/vendor-completions/_{0}; or: source <({0} completion zsh)\n\n",
      root.name);
  zsh_function(root, "_" + root.name, out);
  out += fmt::format("if [[ $funcstack[1] == _{0} ]]; then\n  _{0} \"$@\"\nelse\n  compdef _{0} {0}\nfi\n", root.name);
  return out;
}

std::string fish_completion(const CommandDoc& root) {
  std::string out = fmt::format(
      "# fish completion for {0}; generated from its CLI11 definition by `{0} completion fish`.\n"
      "# Installed as /usr/share/fish/vendor_completions.d/{0}.fish; or: {0} completion fish | source\n"
      "complete -c {0} -f\n",
      root.name);
  fish_command(root, "__fish_use_subcommand", out);
  return out;
}

namespace {

// The variables gpuwhy reads, each with what it changes.
void man_environment(i18n::Lang lang, std::string& out) {
  out += ".SH " + roff(i18n::text("cli.man.environment", lang)) + "\n";
  const std::pair<const char*, const char*> vars[] = {
      {"GPUWHY_LANG", "cli.man.env.GPUWHY_LANG"},
      {"LC_ALL, LC_MESSAGES, LANG", "cli.man.env.LANG"},
      {"KUBECONFIG", "cli.man.env.KUBECONFIG"},
      {"NO_COLOR", "cli.man.env.NO_COLOR"},
      {"GITHUB_OUTPUT", "cli.man.env.GITHUB_OUTPUT"},
      {"COLUMNS", "cli.man.env.COLUMNS"},
      {"GPUWHY_LIST_MAX_BYTES", "cli.man.env.GPUWHY_LIST_MAX_BYTES"},
      {"GPUWHY_LIST_MAX_ITEMS", "cli.man.env.GPUWHY_LIST_MAX_ITEMS"},
  };
  for (const auto& [var, id] : vars) out += fmt::format(".TP\n.B {}\n{}\n", roff(var), roff(i18n::text(id, lang)));
}

// One example for each reader of the page: the student, CI, the instructor.
void man_examples(const std::string& name, i18n::Lang lang, std::string& out) {
  out += ".SH " + roff(i18n::text("cli.man.examples", lang)) + "\n";
  // The lab's names come from lab.h, as everywhere else.
  const std::string why = fmt::format("why {} -n {}", lab::kPodTrainer3, lab::kNamespace);
  const std::pair<const char*, std::string> examples[] = {
      {"cli.man.example.student", "check"},
      {"cli.man.example.explain", "explain step2"},
      {"cli.man.example.why", why},
      {"cli.man.example.ci", "check --snapshot bundle.json --format junit -o report.xml"},
      {"cli.man.example.instructor", "check --snapshot submissions/ --format html -o class.html"},
  };
  for (const auto& [id, args] : examples) {
    out += fmt::format(".PP\n{}\n.PP\n.RS\n.B {} {}\n.RE\n", roff(i18n::text(id, lang)), name, roff(args));
  }
}

}  // namespace

std::string man_page(const CommandDoc& root, i18n::Lang lang) {
  const auto t = [lang](const char* id) { return roff(i18n::text(id, lang)); };
  // The app's description starts with its name ("gpuwhy: grades ..."); NAME wants "gpuwhy \- grades ...".
  std::string summary = root.description;
  if (summary.rfind(root.name + ": ", 0) == 0) summary.erase(0, root.name.size() + 2);
  std::string out = fmt::format(
      ".\\\" Generated from the CLI11 definition by `{0} completion man`; do not edit.\n"
      ".TH {1} 1 \"\" \"{0} {2}\" \"{0}\"\n.SH {3}\n{0} \\- {4}\n.SH {5}\n.B {0}\n"
      "[\\fIOPTIONS\\fR] \\fICOMMAND\\fR [\\fIARGS\\fR]\n.SH {6}\n",
      root.name, placeholder(root.name), GPUWHY_VERSION, t("cli.man.name"), roff(summary), t("cli.man.synopsis"),
      t("cli.man.options"));
  for (const auto& o : root.options) out += man_option(o, lang);
  out += ".SH " + t("cli.man.commands") + "\n";
  for (const auto& sub : root.commands) man_command(sub, root.name + " " + sub.name, lang, out);
  man_environment(lang, out);
  man_examples(root.name, lang, out);
  out += ".SH " + t("cli.man.exit-status") + "\n";
  for (const auto& [code, id] : {std::pair{kExitPass, "cli.man.exit.0"}, std::pair{kExitFail, "cli.man.exit.1"},
                                 std::pair{kExitUsage, "cli.man.exit.2"}, std::pair{kExitIncomplete, "cli.man.exit.3"},
                                 std::pair{kExitNotExplained, "cli.man.exit.4"}}) {
    out += fmt::format(".TP\n.B {}\n{}\n", code, t(id));
  }
  return out;
}

void setup_completion(CLI::App& app, int& exit_code, i18n::Lang lang) {
  const auto t = [lang](const char* id) { return i18n::text(id, lang); };
  auto shell = std::make_shared<std::string>();
  auto text_lang = std::make_shared<std::string>();
  CLI::App* sub = app.add_subcommand("completion", t("cli.completion"));
  // "man" (the man page, for the build) is accepted but not offered.
  sub->add_option("shell", *shell, t("cli.opt.shell"))->required()->check(choices({"bash", "zsh", "fish"}));
  // The texts' language is chosen from the raw arguments before parsing (main.cpp).
  add_lang_option(*sub, *text_lang, lang);
  // The callback owns both option targets: CLI11 writes them while parsing, after this returns.
  sub->callback([&app, shell, text_lang, lang, &exit_code]() {
    (void)text_lang;
    const CommandDoc doc = describe(app);
    if (*shell == "bash") {
      fmt::print("{}", bash_completion(doc));
    } else if (*shell == "zsh") {
      fmt::print("{}", zsh_completion(doc));
    } else if (*shell == "fish") {
      fmt::print("{}", fish_completion(doc));
    } else if (*shell == "man") {
      fmt::print("{}", man_page(doc, lang));
    } else {
      throw Error(ErrorKind::kUsage,
                  with_suggestion(i18n::render(msg("cli.error.unknown-shell", {{"shell", *shell}}), lang), *shell,
                                  {"bash", "zsh", "fish"}, lang));
    }
    exit_code = kExitPass;
  });
}

}  // namespace gpuwhy::cli
