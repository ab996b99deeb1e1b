// `gpuwhy explain WORD`: a check id, a step ("2", "step2": that step's checks) or a unique part of
// an id ("capacity"), printed in sections (what it checks, why it matters, how to look yourself,
// usual mistakes) from the parts its catalog explanation marks (i18n::parts), wrapped to the
// terminal.
#include <unistd.h>

#include <algorithm>
#include <functional>
#include <map>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include <fmt/format.h>

#include "check.h"
#include "checks.h"
#include "common.h"
#include "completion.h"
#include "explain.h"
#include "gpuwhy/base/error.h"
#include "gpuwhy/base/sys.h"
#include "gpuwhy/base/text.h"
#include "gpuwhy/i18n/i18n.h"
#include "gpuwhy/lab/lab.h"

namespace gpuwhy::cli {

namespace {

using checks::CheckInfo;

/// Most candidates an ambiguous word lists.
constexpr std::size_t kMaxCandidates = 10;

Error usage(const char* id, std::map<std::string, std::string> args, i18n::Lang lang) {
  return Error(ErrorKind::kUsage, i18n::render(msg(id, std::move(args)), lang));
}

// The part of an id after its step: "allocatable" of "step2.allocatable".
std::string_view name_part(std::string_view id) {
  const auto dot = id.find('.');
  return dot == std::string_view::npos ? id : id.substr(dot + 1);
}

std::vector<const CheckInfo*> matching(const std::function<bool(const CheckInfo&)>& pred) {
  std::vector<const CheckInfo*> out;
  for (const CheckInfo& c : checks::all()) {
    if (pred(c)) out.push_back(&c);
  }
  return out;
}

// The checks `word` names: an id; else a step; else the ids whose name part is the word, else the
// ids that hold it anywhere, when that is one check. Several: a usage error listing them; none: a
// usage error with the closest id, step or name part.
std::vector<const CheckInfo*> resolve(const std::string& word, i18n::Lang lang) {
  // Japanese keyboards type full-width letters and digits (ｓｔｅｐ２): read them as ASCII.
  const std::string w = text::to_lower_ascii(text::trim(text::nfkc(word)));
  if (const CheckInfo* c = checks::find(w)) return {c};
  if (const auto step = step_number(w)) {
    if (*step < 1 || *step > lab::kSteps)
      throw usage("cli.error.explain-step", {{"step", word}, {"steps", std::to_string(lab::kSteps)}}, lang);
    return matching([s = *step](const CheckInfo& c) { return c.step == s; });
  }
  auto found = matching([&w](const CheckInfo& c) { return name_part(c.id) == w; });
  if (found.empty() && !w.empty()) {
    found = matching([&w](const CheckInfo& c) { return c.id.find(w) != std::string_view::npos; });
  }
  if (found.size() == 1) return found;
  if (found.size() > 1) {
    std::vector<std::string> ids;
    for (const CheckInfo* c : found) {
      if (ids.size() == kMaxCandidates) {
        ids.emplace_back("…");
        break;
      }
      ids.emplace_back(c->id);
    }
    throw usage("cli.error.ambiguous-check",
                {{"word", word}, {"count", std::to_string(found.size())}, {"ids", text::join(ids)}}, lang);
  }
  std::vector<std::string> words = checks::ids();
  for (const auto& s : step_names()) words.push_back(s);
  for (const CheckInfo& c : checks::all()) {
    const std::string part(name_part(c.id));
    if (std::find(words.begin(), words.end(), part) == words.end()) words.push_back(part);
  }
  throw Error(ErrorKind::kUsage,
              with_suggestion(i18n::render(msg("cli.error.no-such-check", {{"id", word}}), lang), w, words, lang));
}

}  // namespace

void setup_explain(CLI::App& app, int& exit_code, i18n::Lang help_lang) {
  const auto t = [help_lang](const char* id) { return i18n::text(id, help_lang); };
  auto word = std::make_shared<std::string>();
  auto lang = std::make_shared<std::string>();
  CLI::App* explain = app.add_subcommand("explain", t("cli.explain"));
  explain->add_option("id", *word, t("cli.opt.check-id"))->required();
  explain->add_option("--lang", *lang, t("cli.opt.lang"))->check(choices(lang_names()));
  explain->callback([word, lang, &exit_code]() {
    const auto l = lang_from(*lang);
    const auto found = resolve(*word, l);
    const bool tty = ::isatty(STDOUT_FILENO) != 0;
    const std::size_t width = sys::table_width(tty ? sys::terminal_columns(STDOUT_FILENO) : 0, sys::environment());
    fmt::print("{}", checks::explain_page(found, l, width));
    exit_code = kExitPass;
  });
}

}  // namespace gpuwhy::cli
