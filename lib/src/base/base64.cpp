// RFC 4648 base64 on OpenSSL's EVP_EncodeBlock/EVP_DecodeBlock. EVP_DecodeBlock takes '=' for a
// zero digit anywhere and returns the padding as zero bytes, so the padding rules are checked
// here and the padding bytes cut off by counting the '='.
#include "gpuwhy/base/base64.h"

#include <openssl/evp.h>

namespace gpuwhy::base64 {
namespace {

const unsigned char* bytes(std::string_view s) {
  return reinterpret_cast<const unsigned char*>(s.data());  // NOLINT(*-reinterpret-cast)
}

unsigned char* bytes(std::string& s) {
  return reinterpret_cast<unsigned char*>(s.data());  // NOLINT(*-reinterpret-cast)
}

/// `text` without ASCII whitespace (what a kubeconfig or a wrapped PEM body may carry).
std::string without_space(std::string_view text) {
  std::string clean;
  clean.reserve(text.size());
  for (char c : text) {
    if (c != ' ' && c != '\n' && c != '\r' && c != '\t') clean += c;
  }
  return clean;
}

/// How many '=' pad the end of `clean`; nullopt when the padding is malformed (more than two,
/// or an '=' before the last ones).
std::optional<std::size_t> padding_of(std::string_view clean) {
  const auto last = clean.find_last_not_of('=');
  const std::size_t pad = last == std::string_view::npos ? clean.size() : clean.size() - last - 1;
  if (pad > 2 || clean.substr(0, clean.size() - pad).find('=') != std::string_view::npos) return std::nullopt;
  return pad;
}

/// EVP takes an int length: big inputs go through in pieces of this many bytes (a multiple of
/// 3 for encoding, of 4 for decoding).
constexpr std::size_t kChunk = 3UL * 4 * 16384;

}  // namespace

std::string encode(std::string_view in) {
  std::string out((in.size() + 2) / 3 * 4 + 1, '\0');  // EVP_EncodeBlock writes a final NUL
  std::size_t written = 0;
  for (std::size_t i = 0; i < in.size(); i += kChunk) {
    const std::string_view piece = in.substr(i, kChunk);
    const int n = EVP_EncodeBlock(bytes(out) + written, bytes(piece), static_cast<int>(piece.size()));
    written += static_cast<std::size_t>(n);
  }
  out.resize(written);
  return out;
}

std::optional<std::string> decode(std::string_view text) {
  const std::string clean = without_space(text);
  if (clean.size() % 4 != 0) return std::nullopt;
  const auto pad = padding_of(clean);
  if (!pad) return std::nullopt;
  std::string out(clean.size() / 4 * 3, '\0');
  std::size_t written = 0;
  for (std::size_t i = 0; i < clean.size(); i += kChunk) {
    const std::string_view piece = std::string_view(clean).substr(i, kChunk);
    // Whole quanta only, so EVP never trims a trailing '=' away from under the count.
    const int n = EVP_DecodeBlock(bytes(out) + written, bytes(piece), static_cast<int>(piece.size()));
    if (n < 0 || static_cast<std::size_t>(n) != piece.size() / 4 * 3) return std::nullopt;
    written += static_cast<std::size_t>(n);
  }
  out.resize(written - *pad);
  return out;
}

}  // namespace gpuwhy::base64
