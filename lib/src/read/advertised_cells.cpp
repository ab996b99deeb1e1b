// advertised.txt: the names and amounts every reading of it shares (see advertised_detail.h).
#include <algorithm>
#include <string>
#include <string_view>

#include "gpuwhy/base/text.h"
#include "gpuwhy/k8s/manifest.h"
#include "read/advertised_detail.h"
#include "read/read_detail.h"

namespace gpuwhy::readers {

namespace adv {

void add_node(Advertised& a, const std::string& name, std::string amount) {
  if (amount == "<none>") amount.clear();
  if (a.amounts.find(name) == a.amounts.end()) a.order.push_back(name);
  a.amounts[name] = std::move(amount);
}

bool is_number_text(std::string_view s) {
  return !s.empty() && quantity_milli(s).has_value() && s.find_first_of("0123456789") != std::string_view::npos;
}

// A Kubernetes object name (RFC 1123 subdomain): lower-case letters, digits, `-` and `.`,
// starting and ending with a letter or digit. A resource name (`nvidia.com/gpu`), a header
// (`NAME`) or a pod table row is none.
bool is_object_name(std::string_view s) {
  if (s.empty() || s.size() > 253) return false;
  const auto alnum = [](char c) { return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9'); };
  if (!alnum(s.front()) || !alnum(s.back())) return false;
  return std::all_of(s.begin(), s.end(), [&](char c) { return alnum(c) || c == '-' || c == '.'; });
}

// kubectl's, Go's and jq's ways of printing that a node has no amount: `<none>` (custom-columns),
// `<no value>` (go-template), `<nil>` (printf), `null` (jq -r), or nothing; and the words a
// student puts in their place (`// "none"` in jq), in any case.
bool is_placeholder(std::string_view s) {
  if (s.empty() || s == "<none>" || s == "<no value>" || s == "<nil>") return true;
  const std::string l = text::to_lower_ascii(s);
  return l == "null" || l == "none" || l == "nil" || l == "n/a";
}

// The node a printed name stands for: `node/lab-node-0` (-o name) is lab-node-0. Empty when `s`
// names no object, or is a number (an amount, never a name).
std::string node_name_of(std::string_view s) {
  for (const std::string_view p : {std::string_view("node/"), std::string_view("nodes/")}) {
    if (s.substr(0, p.size()) == p) {
      s.remove_prefix(p.size());
      break;
    }
  }
  return is_object_name(s) && !is_number_text(s) ? std::string(s) : std::string();
}

bool plain_word(std::string_view c) {
  return !c.empty() && std::all_of(c.begin(), c.end(), [](char ch) { return ch >= 'a' && ch <= 'z'; });
}

}  // namespace adv

}  // namespace gpuwhy::readers
