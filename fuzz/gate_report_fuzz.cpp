// out/gate-report.txt: text::decode, then read_gate_report, the answer-word classifier and the count reader.
#include <cstddef>
#include <cstdint>

#include "fuzz_common.h"
#include "gpuwhy/base/text.h"
#include "gpuwhy/read/readers.h"

namespace {
void read(std::string_view text) {
  const auto g = gpuwhy::readers::read_gate_report(text);
  for (const auto& [key, value] : g.values) {
    (void)gpuwhy::readers::classify_answer(value);
    (void)gpuwhy::readers::leading_count(value);
  }
  (void)gpuwhy::readers::classify_answer(text);
  (void)gpuwhy::readers::leading_count(text);
}
}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const auto raw = gpuwhy::fuzz::as_text(data, size);
  gpuwhy::StudentFile f;
  f.state = gpuwhy::StudentFile::State::kOk;
  f.content = std::string(raw);
  f.size = size;
  const auto t = gpuwhy::readers::decode_file(f);
  if (t.problem == gpuwhy::readers::FileProblem::kNone) read(t.text);
  read(raw);  // the readers never throw, even on bytes that are not UTF-8
  (void)gpuwhy::text::lines(raw);
  return 0;
}
