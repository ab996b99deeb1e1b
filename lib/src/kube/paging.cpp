#include "gpuwhy/kube/paging.h"

#include <utility>

#include <fmt/format.h>

#include "gpuwhy/base/error.h"

namespace gpuwhy::kube {

using nlohmann::json;

namespace {

// The list's metadata.continue; "" when there is none (the last page).
std::string continue_of(const json& list) {
  if (!list.is_object()) return "";
  const auto meta = list.find("metadata");
  if (meta == list.end() || !meta->is_object()) return "";
  const auto c = meta->find("continue");
  return c != meta->end() && c->is_string() ? c->get<std::string>() : std::string();
}

}  // namespace

void read_pages(const std::string& base, const PageGetter& get, const std::function<void(json& page)>& take,
                int max_pages, int page_size) {
  std::string next;
  const char sep = base.find('?') == std::string::npos ? '?' : '&';
  for (int page = 0; page < max_pages; ++page) {
    std::string p = fmt::format("{}{}limit={}", base, sep, page_size);
    if (!next.empty()) p += "&continue=" + query_escape(next);
    std::optional<json> list = get(p);
    if (!list) return;
    next = continue_of(*list);
    take(*list);
    if (next.empty()) return;
  }
  throw Error(ErrorKind::kParse, fmt::format("GET {}: more than {} pages", base, max_pages));
}

std::vector<json> list_all(Client& client, const std::string& base, bool lean, int max_pages) {
  std::vector<json> out;
  read_pages(
      base, [&client, lean](const std::string& p) -> std::optional<json> { return client.get_json(p, lean); },
      [&out](json& list) {
        if (list.contains("items") && list["items"].is_array()) {
          for (auto& item : list["items"]) out.push_back(std::move(item));
        }
      },
      max_pages);
  return out;
}

}  // namespace gpuwhy::kube
