// out/rejected.txt: kubectl's apiserver rejection forms and the cause matchers.
#include <cstddef>
#include <cstdint>

#include "fuzz_common.h"
#include "gpuwhy/base/text.h"
#include "gpuwhy/k8s/messages.h"
#include "gpuwhy/read/readers.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const auto raw = gpuwhy::fuzz::as_text(data, size);
  if (auto decoded = gpuwhy::text::decode(raw)) (void)gpuwhy::readers::read_rejected(*decoded);
  const auto r = gpuwhy::readers::read_rejected(raw);
  for (const auto& rej : r.rejections) (void)gpuwhy::messages::classify(rej.causes);
  const auto causes = gpuwhy::messages::causes_from_text(raw);
  (void)gpuwhy::messages::classify(causes);
  // The same text as a 422 Status message.
  (void)gpuwhy::messages::causes_from_status(nlohmann::json{{"message", std::string(raw)}});
  return 0;
}
