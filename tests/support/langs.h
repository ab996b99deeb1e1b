// The languages tests walk, from i18n::kLangs: a language added there is tested everywhere.
#pragma once

#include <string>
#include <utility>
#include <vector>

#include "gpuwhy/i18n/i18n.h"

namespace gpuwhy_test {

/// Every language but English, each with its code ("ko", "ja").
inline std::vector<std::pair<gpuwhy::i18n::Lang, std::string>> named_translations() {
  std::vector<std::pair<gpuwhy::i18n::Lang, std::string>> out;
  for (const auto lang : gpuwhy::i18n::kLangs) {
    if (lang != gpuwhy::i18n::Lang::kEn) out.emplace_back(lang, gpuwhy::i18n::to_string(lang));
  }
  return out;
}

/// Every language, English first, each with its code.
inline std::vector<std::pair<gpuwhy::i18n::Lang, std::string>> named_langs() {
  std::vector<std::pair<gpuwhy::i18n::Lang, std::string>> out;
  for (const auto lang : gpuwhy::i18n::kLangs) out.emplace_back(lang, gpuwhy::i18n::to_string(lang));
  return out;
}

/// Every language but English.
inline std::vector<gpuwhy::i18n::Lang> translations() {
  std::vector<gpuwhy::i18n::Lang> out;
  for (const auto& [lang, code] : named_translations()) out.push_back(lang);
  return out;
}

}  // namespace gpuwhy_test
