// Reading a list page by page (`limit`/`continue`), as kubectl does: the one pager of gpuwhy,
// with a cap on the pages so that a server whose `continue` chain never ends cannot keep a
// command reading forever, and a budget over every list of one collection so that no server,
// however fat its pages, can make a command hold more than a bounded amount of memory.
#pragma once

#include <cstddef>
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

/// What the lists of one live collection may hold in all, by default: 256 MiB (estimated as held
/// in memory, see held_bytes) and 500,000 items, ample for 10,000 nodes and their pods.
inline constexpr std::size_t kListBudgetBytes = 256UL * 1024 * 1024;
inline constexpr std::size_t kListBudgetItems = 500000;

/// The memory `v` takes once parsed, estimated: a fixed cost per value, per object member and per
/// string, plus the bytes of every string and key. Never less than what the parsed value holds
/// of its strings and keys.
std::size_t held_bytes(const nlohmann::json& v);

/// The bytes and items every list of one live collection (`check`'s snapshot, `why`'s inputs)
/// may hold together, across all their pages, and what they hold so far.
struct ListBudget {
  std::size_t max_bytes = kListBudgetBytes;
  std::size_t max_items = kListBudgetItems;
  std::size_t bytes = 0;
  std::size_t items = 0;

  ListBudget() = default;
  /// The limits `opts` sets (list_max_bytes, list_max_items), the defaults where it sets none.
  explicit ListBudget(const ClientOptions& opts);

  /// Counts the items of `list`, an answer of GET `base` (one page of it), and what they hold.
  /// Throws Error(kParse) "GET <base>: the lists read hold more than <max> bytes|items in all;
  /// refused" (catalog kube.list-budget-bytes / -items) when that passes either limit.
  void charge(const std::string& base, const nlohmann::json& list);
};

/// Why `v`, the answer of GET `base` for a list, is no list an apiserver sends: not an object,
/// or an `items` that is neither an array nor null. nullopt when it is a list.
std::optional<std::string> not_a_list(const nlohmann::json& v);

/// Answers one page: the JSON of GET `path`, or nullopt to stop reading (the caller recorded
/// why). It may throw.
using PageGetter = std::function<std::optional<nlohmann::json>(const std::string& path)>;

/// The path of a page of the list at `base`: `limit=page_size` added to its query, and
/// `continue=next` unless `next` is empty (the first page).
std::string page_path(const std::string& base, int page_size, const std::string& next = "");

/// Reads the list at `base` (a path, with or without a query): GET `base` with `limit=page_size`,
/// then again with each answer's metadata.continue until an answer has none, handing each page
/// to `take`. Stops when `get` answers nullopt. Throws Error(kParse) "GET <base>: more than
/// <max_pages> pages" when the server still says continue after `max_pages` pages, "GET <base>:
/// not an apiserver answer: ..." for a page that is no list (not_a_list), and what
/// `budget->charge` throws for each page (no budget: none).
void read_pages(const std::string& base, const PageGetter& get, const std::function<void(nlohmann::json& page)>& take,
                int max_pages = kMaxListPages, int page_size = kListPage, ListBudget* budget = nullptr);

/// Every item of the list at `base`, through read_pages with Client::get_json(path, lean), each
/// page charged to `budget`; `lean` drops managedFields and the status parts no one reads.
/// Throws what get_json and read_pages throw.
std::vector<nlohmann::json> list_all(Client& client, const std::string& base, bool lean, ListBudget& budget,
                                     int max_pages = kMaxListPages);

}  // namespace gpuwhy::kube
