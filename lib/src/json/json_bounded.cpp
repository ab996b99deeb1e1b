// JSON with a nesting and a value budget, enforced while parsing: nothing deeper or larger is
// ever built, and what the caller's DropPolicy drops is skipped unbuilt. The fast reader
// (json_fast.cpp) reads most documents; nlohmann's parser reads the rest, so what is accepted,
// refused and built is always nlohmann's.
#include "gpuwhy/json/json_bounded.h"

#include <string_view>

#include <nlohmann/json.hpp>

#include "gpuwhy/base/error.h"
#include "json_dom.h"

namespace gpuwhy::jsonb {

nlohmann::json parse(std::string_view text, const Limits& limits) {
  using nlohmann::json;
  {
    json result;
    detail::BoundedDom sax(result, limits);
    bool fast = false;
    try {
      fast = detail::read_fast(text, sax, limits.max_depth) && !sax.is_errored();
    } catch (const Error&) {
      fast = false;  // a limit: nlohmann's parse below says it the same way
    }
    if (fast) return result;
  }
  json result;
  detail::BoundedDom sax(result, limits);
  const bool ok = json::sax_parse(text.begin(), text.end(), &sax);
  if (!ok || sax.is_errored()) return json(json::value_t::discarded);
  return result;
}

}  // namespace gpuwhy::jsonb
