#include "gpuwhy/render/outputs.h"

#include <fcntl.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <optional>
#include <utility>

#include <fmt/format.h>

#include "gpuwhy/base/base64.h"
#include "gpuwhy/base/error.h"
#include "gpuwhy/base/files.h"
#include "gpuwhy/base/text.h"

namespace gpuwhy::render {

bool utf8_locale(const std::map<std::string, std::string>& env) {
  for (const char* name : {"LC_ALL", "LC_CTYPE", "LANG"}) {
    auto it = env.find(name);
    if (it == env.end() || it->second.empty()) continue;
    const std::string v = text::to_lower_ascii(it->second);
    return v.find("utf-8") != std::string::npos || v.find("utf8") != std::string::npos;
  }
  return false;
}

// A machine format (CSV, TAP, ...) printed on a terminal: each line sanitised, since student file
// names and messages in it would otherwise reach the terminal raw. Piped or redirected output is
// left byte-exact. (The table sanitises its own fields and keeps its colour codes.)
std::string shown_on(bool tty, Format f, std::string text) {
  if (!tty || f == Format::kTable) return text;
  std::string out;
  out.reserve(text.size());
  std::size_t i = 0;
  while (i < text.size()) {
    const std::size_t nl = std::min(text.find('\n', i), text.size());
    out += text::sanitize_terminal(std::string_view(text).substr(i, nl - i));
    if (nl < text.size()) out += '\n';
    i = nl + 1;
  }
  return out;
}

// A report file never carries terminal colour codes.
Options for_file(Options o) {
  o.color = false;
  return o;
}

// GitHub Actions step outputs: `name=value` lines appended to the file $GITHUB_OUTPUT names (the
// runner reads it after the step; other steps wrote lines before). The reporter decodes `result`
// from base64, so the one-line JSON goes as base64 and the file is only ever appended to.
void append_github_output(const std::string& path, const std::string& report, i18n::Lang lang) {
  std::string json = report;
  while (!json.empty() && json.back() == '\n') json.pop_back();
  const std::string line = "result=" + base64::encode(json) + "\n";
  const int fd = ::open(path.c_str(), O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0644);
  bool ok = fd >= 0;
  std::string reason = ok ? "" : std::strerror(errno);
  std::size_t done = 0;
  while (ok && done < line.size()) {
    const ssize_t n = ::write(fd, line.data() + done, line.size() - done);
    if (n < 0 && errno == EINTR) continue;
    ok = n > 0;
    if (!ok) reason = std::strerror(errno);
    if (ok) done += static_cast<std::size_t>(n);
  }
  if (fd >= 0 && ::close(fd) != 0 && ok) {
    ok = false;
    reason = std::strerror(errno);
  }
  if (!ok) {
    throw Error(ErrorKind::kIo,
                i18n::render(msg("output.github-output-write", {{"path", path}, {"reason", reason}}), lang));
  }
}

namespace {

// Where a report goes: the --output file (written as it comes, put in place at the end),
// $GITHUB_OUTPUT (appended to at the end) and the terminal (a pipe gets a streamed report as it
// comes; else the terminal gets it at the end, sanitised line by line on a terminal).
class Outputs {
 public:
  Outputs(const OutputPlan& p, const Emitting& how, SayError say) : plan_(p), say_(std::move(say)) {
    if (p.report_to_file()) {
      try {
        file_.emplace(p.output);
      } catch (const Error& e) {
        file_error_ = e.what();
      }
    }
    stream_term_ = how.stream && (!p.tty || shown() == Format::kTable);
  }

  ~Outputs() = default;
  Outputs(const Outputs&) = delete;  // the targets' sinks point at this one
  Outputs& operator=(const Outputs&) = delete;
  Outputs(Outputs&&) = delete;
  Outputs& operator=(Outputs&&) = delete;

  [[nodiscard]] std::vector<Target> targets(const Emitting& how) {
    Options file_opts = for_file(plan_.ropts);
    Options term_opts = plan_.ropts;
    file_opts.generated_at = term_opts.generated_at = how.generated_at;
    std::vector<Target> out;
    if (file_) out.push_back({plan_.format, file_opts, [this](std::string_view s) { to_file(s); }});
    if (!plan_.github_output.empty()) {
      out.push_back({plan_.format, file_opts, [this](std::string_view s) { github_ += s; }});
    }
    if (!(how.quiet_table && shown() == Format::kTable)) {
      out.push_back({shown(), term_opts, [this](std::string_view s) { to_term(s); }});
    }
    return out;
  }

  /// Puts every report in place; a report that could not be written is said in one line and
  /// makes the run incomplete (`rc` becomes 3). The terminal's text is shown after them.
  int finish(int rc) {
    if (file_ && file_error_.empty()) {
      try {
        file_->commit();
      } catch (const Error& e) {
        file_error_ = e.what();
      }
    }
    file_.reset();  // an uncommitted temp file goes
    if (!file_error_.empty()) {
      say_(file_error_);
      rc = kExitIncomplete;
    }
    if (!plan_.github_output.empty()) {
      try {
        append_github_output(plan_.github_output, github_, plan_.lang);
      } catch (const Error& e) {
        say_(e.what());
        rc = kExitIncomplete;
      }
    }
    if (!stream_term_) fmt::print("{}", shown_on(plan_.tty, shown(), std::move(term_)));
    (void)std::fflush(stdout);
    return rc;
  }

 private:
  /// The terminal gets the table when the report goes elsewhere.
  [[nodiscard]] Format shown() const { return plan_.report_elsewhere() ? Format::kTable : plan_.format; }
  void to_file(std::string_view s) {
    if (!file_error_.empty()) return;  // the first failure is the one said
    try {
      file_->write(s);
    } catch (const Error& e) {
      file_error_ = e.what();
    }
  }
  void to_term(std::string_view s) {
    if (stream_term_) {
      (void)std::fwrite(s.data(), 1, s.size(), stdout);
    } else {
      term_ += s;
    }
  }

  const OutputPlan& plan_;
  std::optional<files::AtomicWriter> file_;
  std::string file_error_;  ///< said at the end, as a report that cannot be written always is
  std::string github_;
  std::string term_;
  bool stream_term_ = false;
  SayError say_;
};

}  // namespace

int emit(const OutputPlan& p, const Emitting& how, const SayError& say, const WriteReport& write) {
  Outputs out(p, how, say);
  const int rc = write(out.targets(how));
  return out.finish(rc);
}

std::filesystem::path report_folder(const OutputPlan& p) {
  if (!p.report_to_file()) return ".";
  const std::filesystem::path parent = std::filesystem::path(p.output).parent_path();
  return parent.empty() ? std::filesystem::path(".") : parent;
}

}  // namespace gpuwhy::render
