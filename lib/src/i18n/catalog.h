#pragma once
// Internal to gpuwhy_lib: the shape of the catalog tables in catalog_<lang>.cpp.

#include <map>
#include <span>
#include <string>
#include <string_view>

namespace gpuwhy::i18n {

/// One catalog text: its stable id and the text, with {placeholders}.
struct CatalogEntry {
  std::string_view id;
  std::string_view text;
};

/// The map i18n looks texts up in, built once from a catalog table (the first of a repeated id wins).
std::map<std::string, std::string> catalog_map(std::span<const CatalogEntry> entries);

// Defined in catalog_<lang>.cpp, each over its own table.
const std::map<std::string, std::string>& catalog_en();
const std::map<std::string, std::string>& catalog_ko();
const std::map<std::string, std::string>& catalog_ja();

}  // namespace gpuwhy::i18n
