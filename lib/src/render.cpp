// Renderer dispatch. Each format lives in its own render_<format>.cpp.
#include "gpuwhy/render.h"

#include "gpuwhy/error.h"

namespace gpuwhy::render {

std::vector<std::string> format_names() {
  return {"table", "json", "junit", "gradescope", "lti", "tap", "csv"};
}

std::optional<Format> parse_format(std::string_view name) {
  const auto names = format_names();
  for (std::size_t i = 0; i < names.size(); ++i) {
    if (names[i] == name) return static_cast<Format>(i);
  }
  return std::nullopt;
}

std::string render(Format format, const RunResult& run, const Options& opts) {
  switch (format) {
    case Format::kTable: return table(run, opts);
    case Format::kJson: return json(run, opts);
    default: break;
  }
  throw Error(ErrorKind::kUsage, "this output format is not implemented yet");
}

}  // namespace gpuwhy::render

namespace gpuwhy::render {

std::string batch(Format /*format*/, const std::vector<BatchRow>& /*rows*/, const Options& /*opts*/) {
  throw Error(ErrorKind::kUsage, "batch output is not implemented yet");
}

}  // namespace gpuwhy::render
