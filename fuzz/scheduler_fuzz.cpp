// out/tainted.txt and out/exhausted.txt: the scheduler message parser in all its wordings.
#include <cstddef>
#include <cstdint>

#include "fuzz_common.h"
#include "gpuwhy/base/text.h"
#include "gpuwhy/k8s/messages.h"
#include "gpuwhy/read/readers.h"

namespace {
void use(const gpuwhy::messages::SchedulerMessage& m) {
  (void)m.blames_taint();
  (void)m.blames_selector();
  (void)m.insufficient("nvidia.com/gpu");
  (void)gpuwhy::messages::describe_reasons(m);
  constexpr gpuwhy::messages::TaintRef kOwn{"nvidia.com/gpu", "present"};
  for (const auto& r : m.reasons) (void)r.key(kOwn);
  if (!gpuwhy::messages::same_reasons(m, m, kOwn)) std::abort();  // reflexive
}
}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const auto raw = gpuwhy::fuzz::as_text(data, size);
  if (auto decoded = gpuwhy::text::decode(raw)) {
    for (const auto& m : gpuwhy::readers::read_scheduler_file(*decoded)) use(m);
  }
  if (auto m = gpuwhy::messages::parse_scheduler_message(raw)) use(*m);
  (void)gpuwhy::messages::normalize(raw);
  (void)gpuwhy::messages::unquote(raw);
  (void)gpuwhy::messages::classify_reason(raw);
  return 0;
}
