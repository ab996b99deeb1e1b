// User-facing texts in this language. Ids are stable; placeholders are {name}.
// A test checks that every catalog has exactly the ids and placeholders of catalog_en.cpp.
#include <map>
#include <string>

namespace gpuwhy::i18n {

const std::map<std::string, std::string>& catalog_en() {
  static const std::map<std::string, std::string> kCatalog{};
  return kCatalog;
}

}  // namespace gpuwhy::i18n
