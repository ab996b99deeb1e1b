// out/advertised.txt: every kubectl output form read_advertised accepts (table, jsonpath, json,
// yaml, describe, bare numbers).
#include <cstddef>
#include <cstdint>

#include "fuzz_common.h"
#include "gpuwhy/base/text.h"
#include "gpuwhy/read/readers.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const auto raw = gpuwhy::fuzz::as_text(data, size);
  if (auto decoded = gpuwhy::text::decode(raw)) (void)gpuwhy::readers::read_advertised(*decoded);
  const auto a = gpuwhy::readers::read_advertised(raw);
  for (const auto& [node, amount] : a.amounts) (void)gpuwhy::readers::quantity_milli(amount);
  return 0;
}
