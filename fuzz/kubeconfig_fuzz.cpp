// kube::load_config with the fuzz input as the kubeconfig (an injected read_file; no real file
// or environment is read), then a Client built from the result (URL and TLS option handling;
// no request is sent).
#include <cstddef>
#include <cstdint>

#include "fuzz_common.h"
#include "gpuwhy/kube/kube.h"

namespace {
// Small stand-ins for the files a kubeconfig may point at (certificate-authority, tokenFile ...).
constexpr const char* kPem = "-----BEGIN CERTIFICATE-----\nMIIBfzCCASWgAwIBAgIUfuzz\n-----END CERTIFICATE-----\n";
}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
  const std::string input(gpuwhy::fuzz::as_text(data, size));
  gpuwhy::kube::LoadOptions o;
  o.kubeconfig = "/fuzz/kubeconfig";
  o.env = {{"HOME", "/fuzz/home"}};
  o.service_account_dir = "/fuzz/sa";
  o.read_file = [&input](const std::string& path) -> std::optional<std::string> {
    if (path == "/fuzz/kubeconfig") return input;
    if (path.size() >= 4 && path.compare(path.size() - 4, 4, ".crt") == 0) return std::string(kPem);
    if (path.size() >= 4 && path.compare(path.size() - 4, 4, ".key") == 0) return std::string("key");
    if (path.find("token") != std::string::npos) return std::string("fuzz-token\n");
    if (path.find("io-error") != std::string::npos) throw gpuwhy::Error(gpuwhy::ErrorKind::kIo, "injected");
    return std::nullopt;
  };
  gpuwhy::kube::ClientConfig cfg;
  try {
    cfg = gpuwhy::kube::load_config(o);
  } catch (const gpuwhy::Error&) {
    return 0;  // kConfig with one line: the expected answer to most inputs
  }
  // The client only sets options and parses the URL here.
  try {
    gpuwhy::kube::Client c(std::move(cfg), gpuwhy::kube::ClientOptions{});
    (void)c.requests();
  } catch (const gpuwhy::Error&) {
  }
  return 0;
}
