#include "gpuwhy/base/error.h"

namespace gpuwhy {

std::string to_string(ErrorKind kind) {
  switch (kind) {
    case ErrorKind::kUsage: return "usage";
    case ErrorKind::kConfig: return "config";
    case ErrorKind::kTransport: return "transport";
    case ErrorKind::kTls: return "tls";
    case ErrorKind::kHttp: return "http";
    case ErrorKind::kParse: return "parse";
    case ErrorKind::kIo: return "io";
    case ErrorKind::kSkipped: return "skipped";
  }
  return "unknown";
}

}  // namespace gpuwhy
