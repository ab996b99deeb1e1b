// Apiserver error answers: the fuzz input is an HTTP status line, then the answer's body. The
// body is parsed as the client parses an error answer (lib/src/kube/client.cpp) and explained as
// every request path explains it (kube::explain_http_error: GET, watch, dry-run POST). The
// explanation must come back, one line of bounded length, whatever the server wrote.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>

#include "fuzz_common.h"
#include "gpuwhy/json/json_bounded.h"
#include "gpuwhy/k8s/messages.h"
#include "gpuwhy/kube/kube.h"

namespace {

/// The status of a status line: its first run of three digits ("HTTP/1.1 403 Forbidden", "403"),
/// else a status picked from the line's first byte among those the client explains apart.
int status_of(std::string_view line) {
  for (std::size_t i = 0; i + 2 < line.size(); ++i) {
    const auto digit = [&](std::size_t k) { return line[k] >= '0' && line[k] <= '9'; };
    if (digit(i) && digit(i + 1) && digit(i + 2)) {
      return (line[i] - '0') * 100 + (line[i + 1] - '0') * 10 + (line[i + 2] - '0');
    }
  }
  constexpr int kStatuses[] = {401, 403, 404, 409, 410, 422, 429, 500, 503, 418};
  return kStatuses[line.empty() ? 1 : static_cast<unsigned char>(line[0]) % 10];
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  using nlohmann::json;
  const std::string_view text = gpuwhy::fuzz::as_text(data, size);
  const std::size_t eol = text.find('\n');
  const std::string_view line = text.substr(0, eol);
  const std::string_view raw = eol == std::string_view::npos ? std::string_view() : text.substr(eol + 1);
  const int status = status_of(line);
  json body;
  try {
    body = gpuwhy::jsonb::parse(raw);
  } catch (const gpuwhy::Error&) {
    return 0;  // refused by the reader's limits: the client says so without explaining
  }
  if (body.is_discarded()) body = json();
  const std::string url = "https://127.0.0.1:6443/api/v1/namespaces/gpu-why/pods?dryRun=All";
  for (const char* method : {"GET", "POST"}) {
    const std::string got = gpuwhy::kube::explain_http_error(method, url, status, body, "https://127.0.0.1:6443", "u");
    if (got.empty() || got.size() > gpuwhy::messages::kMaxStatusMessage + url.size() + 256) {
      std::fprintf(stderr, "explanation of %zu bytes for status %d\n", got.size(), status);
      std::abort();
    }
  }
  const std::string msg = gpuwhy::messages::status_message(body, 200);
  if (msg.size() > gpuwhy::messages::kMaxStatusMessage + 3) {
    std::fprintf(stderr, "status message of %zu bytes\n", msg.size());
    std::abort();
  }
  return 0;
}
