#include "gpuwhy/i18n/i18n.h"

#include "catalog.h"

#include <algorithm>
#include <optional>

#include "gpuwhy/base/lab.h"
#include "gpuwhy/base/text.h"

namespace gpuwhy::i18n {

std::string to_string(Lang lang) {
  switch (lang) {
    case Lang::kEn: return "en";
    case Lang::kKo: return "ko";
    case Lang::kJa: return "ja";
  }
  return "en";
}

std::optional<Lang> parse_lang(std::string_view text) {
  // "ko", "ko_KR.UTF-8", "ko-KR", "ja_JP.eucJP@x": only the language part counts.
  std::string lower = text::to_lower_ascii(text);
  const auto cut = lower.find_first_of("_-.@");
  const std::string code = lower.substr(0, cut);
  if (code == "en") return Lang::kEn;
  if (code == "ko") return Lang::kKo;
  if (code == "ja") return Lang::kJa;
  return std::nullopt;
}

std::optional<Lang> parse_lang_flag(std::string_view text) {
  const std::string lower = text::to_lower_ascii(text);
  if (lower == "kr") return Lang::kKo;
  if (lower == "jp") return Lang::kJa;
  return parse_lang(text);
}

Lang choose_lang(const std::optional<std::string>& flag, const std::map<std::string, std::string>& env) {
  if (flag) {
    if (auto l = parse_lang_flag(*flag)) return *l;
  }
  const auto get = [&env](const char* name) -> std::string {
    auto it = env.find(name);
    return it == env.end() ? std::string() : it->second;
  };
  if (auto l = parse_lang(get("GPUWHY_LANG"))) return *l;
  // POSIX precedence: the first of LC_ALL, LC_MESSAGES, LANG that is set and non-empty decides,
  // even when it names a language we do not have ("C", "de_DE") -> English.
  for (const char* name : {"LC_ALL", "LC_MESSAGES", "LANG"}) {
    const std::string v = get(name);
    if (v.empty()) continue;
    return parse_lang(v).value_or(Lang::kEn);
  }
  return Lang::kEn;
}

std::optional<std::string> lang_flag(const std::vector<std::string>& args) {
  constexpr std::string_view kFlag = "--lang";
  for (std::size_t i = 0; i < args.size(); ++i) {
    const std::string& a = args[i];
    if (a == "--") break;
    if (a == kFlag) {
      if (i + 1 < args.size()) return args[i + 1];
      return std::nullopt;
    }
    if (a.size() > kFlag.size() && a.compare(0, kFlag.size(), kFlag) == 0 && a[kFlag.size()] == '=') {
      return a.substr(kFlag.size() + 1);
    }
  }
  return std::nullopt;
}

std::map<std::string, std::string> catalog_map(std::span<const CatalogEntry> entries) {
  std::map<std::string, std::string> out;
  for (const auto& e : entries) out.emplace(e.id, e.text);
  return out;
}

const std::map<std::string, std::string>& catalog(Lang lang) {
  switch (lang) {
    case Lang::kKo: return catalog_ko();
    case Lang::kJa: return catalog_ja();
    case Lang::kEn: break;
  }
  return catalog_en();
}

namespace {
std::optional<std::string> lab_default(std::string_view name) {
  if (name == "node") return std::string(lab::kGpuNode);
  if (name == "namespace") return std::string(lab::kNamespace);
  if (name == "resource") return std::string(lab::kResource);
  if (name == "taint") return std::string(lab::kTaintString);
  if (name == "steps") return std::to_string(lab::kSteps);
  return std::nullopt;
}

std::string render_in(const Msg& m, Lang lang);

constexpr std::string_view kPartMark = "part_";

// {name} is filled from args["name"]; else, when args has "name@", with the catalog text of that
// id rendered in the same language and with the same args (a translated part of a sentence, such
// as what could not be read); else, for the lab's own names, from lab.h.
std::string substitute(const std::string& tmpl, const std::map<std::string, std::string>& args, Lang lang) {
  std::string out;
  out.reserve(tmpl.size());
  for (std::size_t i = 0; i < tmpl.size(); ++i) {
    if (tmpl[i] != '{') {  // the text up to the next brace, in one append
      const auto brace = std::min(tmpl.find('{', i), tmpl.size());
      out.append(tmpl, i, brace - i);
      i = brace - 1;
      continue;
    }
    const auto close = tmpl.find('}', i);
    if (close == std::string::npos) {
      out += tmpl[i];
      continue;
    }
    const std::string name = tmpl.substr(i + 1, close - i - 1);
    if (auto it = args.find(name); it != args.end()) {
      out += it->second;
    } else if (auto nested = args.find(name + "@"); nested != args.end() && !nested->second.empty()) {
      std::map<std::string, std::string> inner = args;
      inner.erase(name + "@");  // a text never fills itself
      out += render_in(Msg{nested->second, std::move(inner)}, lang);
    } else if (auto d = lab_default(name)) {
      out += *d;  // the lab's own names come from lab.h, never from the catalogs' text
    } else if (name.rfind(kPartMark, 0) == 0) {
      // a part mark (see parts()): nothing in the text
    } else {
      out += tmpl[i];
      continue;
    }
    i = close;
  }
  return out;
}

std::string render_in(const Msg& m, Lang lang) {
  const auto& cat = catalog(lang);
  if (auto it = cat.find(m.id); it != cat.end()) return substitute(it->second, m.args, lang);
  const auto& en = catalog_en();
  if (auto it = en.find(m.id); it != en.end()) return substitute(it->second, m.args, Lang::kEn);
  return m.id;
}
}  // namespace

std::string render(const Msg& m, Lang lang) {
  if (m.id.empty()) {
    auto it = m.args.find("text");
    return it == m.args.end() ? std::string() : it->second;
  }
  return render_in(m, lang);
}

std::string text(std::string_view id, Lang lang) {
  return render(Msg{std::string(id), {}}, lang);
}

std::vector<Part> parts(std::string_view id, Lang lang) {
  const auto& cat = catalog(lang);
  auto it = cat.find(std::string(id));
  if (it == cat.end()) {
    it = catalog_en().find(std::string(id));
    if (it == catalog_en().end()) return {};
    lang = Lang::kEn;
  }
  const std::string& tmpl = it->second;
  std::vector<Part> out;
  std::string name = "what";
  std::size_t start = 0;
  const auto add = [&](std::size_t end) {
    std::string t = text::trim(substitute(tmpl.substr(start, end - start), {}, lang));
    if (!t.empty()) out.push_back({name, std::move(t)});
  };
  const std::string open = "{" + std::string(kPartMark);
  for (auto at = tmpl.find(open); at != std::string::npos; at = tmpl.find(open, start)) {
    const auto close = tmpl.find('}', at);
    if (close == std::string::npos) break;
    add(at);
    name = tmpl.substr(at + open.size(), close - at - open.size());
    start = close + 1;
  }
  add(tmpl.size());
  return out;
}

std::vector<std::string> placeholders(std::string_view t) {
  std::vector<std::string> out;
  for (std::size_t i = 0; i < t.size(); ++i) {
    if (t[i] != '{') continue;
    const auto close = t.find('}', i);
    if (close == std::string_view::npos) break;
    const std::string_view name = t.substr(i + 1, close - i - 1);
    bool ident = !name.empty();
    for (char c : name) ident = ident && ((c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '_');
    if (ident) out.emplace_back(name);
    i = close;
  }
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
  return out;
}

}  // namespace gpuwhy::i18n
