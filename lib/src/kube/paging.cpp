#include "gpuwhy/kube/paging.h"

#include <string_view>
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

// The costs held_bytes adds to the bytes of the strings and keys: a value (nlohmann::json is a
// tag and a pointer), a heap string behind a string value, an object's map with a tree node per
// member (a key string and a value in it), and an array's vector.
constexpr std::size_t kValueCost = sizeof(json);
constexpr std::size_t kStringCost = sizeof(std::string);
constexpr std::size_t kObjectCost = 48;
constexpr std::size_t kMemberCost = 32 + sizeof(std::string);
constexpr std::size_t kArrayCost = 24;

}  // namespace

std::size_t held_bytes(const json& v) {
  std::size_t total = 0;
  std::vector<const json*> todo{&v};
  while (!todo.empty()) {
    const json* j = todo.back();
    todo.pop_back();
    total += kValueCost;
    if (j->is_string()) {
      total += kStringCost + j->get_ref<const std::string&>().size();
    } else if (j->is_object()) {
      total += kObjectCost;
      for (auto it = j->begin(); it != j->end(); ++it) {
        total += kMemberCost + it.key().size();
        todo.push_back(&it.value());
      }
    } else if (j->is_array()) {
      total += kArrayCost;
      for (const auto& e : *j) todo.push_back(&e);
    }
  }
  return total;
}

ListBudget::ListBudget(const ClientOptions& opts)
    : max_bytes(opts.list_max_bytes != 0 ? opts.list_max_bytes : kListBudgetBytes),
      max_items(opts.list_max_items != 0 ? opts.list_max_items : kListBudgetItems) {}

void ListBudget::charge(const std::string& base, const json& list) {
  const auto it = list.is_object() ? list.find("items") : list.end();
  if (it == list.end() || !it->is_array()) return;
  items += it->size();
  bytes += held_bytes(*it);
  const auto over = [&base](const char* id, std::string_view what, std::size_t max) {
    const std::string limit = std::to_string(max);
    return Error(ErrorKind::kParse,
                 fmt::format("GET {}: the lists read hold more than {} {} in all; refused", base, limit, what), id,
                 {{"method", "GET"}, {"url", base}, {"limit", limit}});
  };
  if (items > max_items) throw over("kube.list-budget-items", "items", max_items);
  if (bytes > max_bytes) throw over("kube.list-budget-bytes", "bytes", max_bytes);
}

std::optional<std::string> not_a_list(const json& v) {
  if (!v.is_object()) return fmt::format("JSON {} instead of an object", v.type_name());
  const auto it = v.find("items");
  if (it != v.end() && !it->is_array() && !it->is_null()) {
    return fmt::format("a list whose items is JSON {}, not an array", it->type_name());
  }
  return std::nullopt;
}

std::string page_path(const std::string& base, int page_size, const std::string& next) {
  const char sep = base.find('?') == std::string::npos ? '?' : '&';
  std::string p = fmt::format("{}{}limit={}", base, sep, page_size);
  if (!next.empty()) p += "&continue=" + query_escape(next);
  return p;
}

void read_pages(const std::string& base, const PageGetter& get, const std::function<void(json& page)>& take,
                int max_pages, int page_size, ListBudget* budget) {
  std::string next;
  for (int page = 0; page < max_pages; ++page) {
    std::optional<json> list = get(page_path(base, page_size, next));
    if (!list) return;
    if (auto why = not_a_list(*list)) {
      throw Error(ErrorKind::kParse, fmt::format("GET {}: not an apiserver answer: {}", base, *why));
    }
    if (budget != nullptr) budget->charge(base, *list);
    next = continue_of(*list);
    take(*list);
    if (next.empty()) return;
  }
  throw Error(ErrorKind::kParse, fmt::format("GET {}: more than {} pages", base, max_pages));
}

std::vector<json> list_all(Client& client, const std::string& base, bool lean, ListBudget& budget, int max_pages) {
  std::vector<json> out;
  read_pages(
      base, [&client, lean](const std::string& p) -> std::optional<json> { return client.get_json(p, lean); },
      [&out](json& list) {
        if (list.contains("items") && list["items"].is_array()) {
          for (auto& item : list["items"]) out.push_back(std::move(item));
        }
      },
      max_pages, kListPage, &budget);
  return out;
}

}  // namespace gpuwhy::kube
