// Reading a list page by page (`limit`/`continue`), as kubectl does: the one pager of gpuwhy,
// with a cap on the pages so that a server whose `continue` chain never ends cannot keep a
// command reading forever.
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

#include "gpuwhy/kube/kube.h"

namespace gpuwhy::kube {

/// Items asked for per page (kubectl's chunk size): memory holds one page at a time.
inline constexpr int kListPage = 500;
/// Most pages read of one list: 1,000,000 items at kListPage, far beyond any cluster.
inline constexpr int kMaxListPages = 2000;

/// Answers one page: the JSON of GET `path`, or nullopt to stop reading (the caller recorded
/// why). It may throw.
using PageGetter = std::function<std::optional<nlohmann::json>(const std::string& path)>;

/// Reads the list at `base` (a path, with or without a query): GET `base` with `limit=page_size`,
/// then again with each answer's metadata.continue until an answer has none, handing each page
/// to `take`. Stops when `get` answers nullopt. Throws Error(kParse) "GET <base>: more than
/// <max_pages> pages" when the server still says continue after `max_pages` pages.
void read_pages(const std::string& base, const PageGetter& get, const std::function<void(nlohmann::json& page)>& take,
                int max_pages = kMaxListPages, int page_size = kListPage);

/// Every item of the list at `base`, through read_pages with Client::get_json(path, lean);
/// `lean` drops managedFields and the status parts no one reads. Throws what get_json throws.
std::vector<nlohmann::json> list_all(Client& client, const std::string& base, bool lean, int max_pages = kMaxListPages);

}  // namespace gpuwhy::kube
