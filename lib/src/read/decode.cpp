// The student file as text, and quantities as kubectl prints them (see readers.h).
#include "gpuwhy/read/readers.h"

#include <exception>
#include <optional>
#include <string>
#include <string_view>

#include "gpuwhy/base/text.h"
#include "gpuwhy/json/json_bounded.h"
#include "gpuwhy/k8s/manifest.h"
#include "gpuwhy/k8s/quantity.h"
#include "gpuwhy/lab/lab.h"
#include "read/read_detail.h"
namespace gpuwhy::readers {

using nlohmann::json;

json detail::parse_bounded(std::string_view text) {
  try {
    json j = jsonb::parse(text);
    if (!j.is_discarded()) return j;
  } catch (const std::exception&) {
  }
  // JSON holds no line break inside a string and needs none between tokens: one that does not
  // parse with its line breaks may be one a terminal wrapped (`{"message":"0/` / `3 nodes are...`).
  // Without them, it reads as printed.
  if (text.find('\n') == std::string_view::npos) return json(json::value_t::discarded);
  std::string joined;
  joined.reserve(text.size());
  for (char c : text) {
    if (c != '\n' && c != '\r') joined += c;
  }
  try {
    return jsonb::parse(joined);
  } catch (const std::exception&) {
    return json(json::value_t::discarded);
  }
}

namespace {

TextFile decode_with(const StudentFile& f, std::optional<std::string> (*decode)(std::string_view, std::string*)) {
  TextFile out;
  switch (f.state) {
    case StudentFile::State::kOk: break;
    case StudentFile::State::kMissing: out.problem = FileProblem::kMissing; break;
    case StudentFile::State::kNotRegular: out.problem = FileProblem::kNotRegular; break;
    case StudentFile::State::kTooLarge: out.problem = FileProblem::kTooLarge; break;
    case StudentFile::State::kUnreadable: out.problem = FileProblem::kUnreadable; break;
    case StudentFile::State::kHardLink: out.problem = FileProblem::kHardLink; break;
  }
  if (out.problem != FileProblem::kNone) {
    out.reason = f.reason.empty() ? to_string(f.state) : f.reason;
    return out;
  }
  if (f.content.size() > lab::kMaxFileBytes) {
    out.problem = FileProblem::kTooLarge;
    out.reason = "larger than 1 MiB";
    return out;
  }
  std::string why;
  auto t = decode(f.content, &why);
  if (!t) {
    out.problem = FileProblem::kNotText;
    out.reason = why;
    return out;
  }
  out.text = std::move(*t);
  return out;
}

}  // namespace

TextFile decode_file(const StudentFile& f) {
  return decode_with(f, [](std::string_view raw, std::string* why) { return text::decode(raw, why); });
}

TextFile decode_manifest_file(const StudentFile& f) {
  return decode_with(f, [](std::string_view raw, std::string* why) { return k8s::manifest_text(raw, why); });
}

// ---- quantities --------------------------------------------------------------------------

std::optional<long long> quantity_milli(std::string_view in) {
  std::string s = text::trim(in);
  if (s.size() >= 2 && (s.front() == '"' || s.front() == '\'') && s.back() == s.front()) s = s.substr(1, s.size() - 2);
  // A cell with no digit ("-", "m") is zero to ParseQuantity but no amount in a saved file.
  if (s.empty() || s.size() > 40 || s.find_first_of("0123456789") == std::string::npos) return std::nullopt;
  return k8s::milli_value(s);
}

std::optional<long long> json_quantity_milli(const json& v) {
  return k8s::json_scaled_value(v, 1000);
}

}  // namespace gpuwhy::readers
