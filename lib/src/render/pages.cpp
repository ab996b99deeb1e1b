// `--pages DIR`: the students' own pages, and the list that says which files there are gpuwhy's.
#include "gpuwhy/render/pages.h"

#include <fcntl.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <unistd.h>

#include <cerrno>
#include <cstdint>
#include <cstring>

#include <algorithm>
#include <optional>
#include <string>
#include <system_error>
#include <utility>

#include <fmt/format.h>

#include "gpuwhy/base/error.h"
#include "gpuwhy/base/files.h"
#include "gpuwhy/base/text.h"
#include "gpuwhy/model/result.h"

namespace gpuwhy::render {

namespace fs = std::filesystem;

namespace {

/// Largest list of pages read (a name per student).
constexpr std::size_t kMaxListBytes = 16UL * 1024 * 1024;
/// Room kept at the end of a cut name: "__" and 16 hex digits.
constexpr std::size_t kHashSuffix = 18;

bool kept(unsigned char c) {
  return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-';
}

// 64-bit FNV-1a: stable across runs, builds and machines, which a page's name must be.
std::uint64_t fnv1a(std::string_view s) {
  std::uint64_t h = 14695981039346656037ULL;
  for (const char c : s) {
    h ^= static_cast<unsigned char>(c);
    h *= 1099511628211ULL;
  }
  return h;
}

// ASCII letters in lower case: two names that are equal so are one file once the folder is
// opened on macOS or Windows (whose file systems ignore case by default).
std::string folded(std::string_view name) {
  std::string out(name);
  std::transform(out.begin(), out.end(), out.begin(),
                 [](char c) { return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c; });
  return out;
}

// A device name of Windows, in any case (CON, PRN, AUX, NUL, COM1-9, LPT1-9): a file named so,
// with any extension, cannot be created or extracted there.
bool windows_device(std::string_view name) {
  const std::string n = folded(name);
  if (n == "con" || n == "prn" || n == "aux" || n == "nul") return true;
  return n.size() == 4 && (n.rfind("com", 0) == 0 || n.rfind("lpt", 0) == 0) && n[3] >= '1' && n[3] <= '9';
}

// A name gpuwhy could have written: what page_name gives (with a "~N" of a second page) + ".html".
bool page_file_name(std::string_view name) {
  if (!name.ends_with(".html") || name.size() <= 5) return false;
  return std::all_of(name.begin(), name.end() - 5,
                     [](char c) { return kept(static_cast<unsigned char>(c)) || c == '_' || c == '~'; });
}

// The names of the pages in the list's text (a line each; anything else is not a page's name).
std::set<std::string> listed_names(const std::string& text) {
  std::set<std::string> out;
  for (const std::string& line : text::lines(text)) {
    std::string name = text::trim(line);
    if (page_file_name(name)) out.insert(std::move(name));
  }
  return out;
}

// mkdir -p with mode 0755 (less the umask); a folder already there is fine.
void make_folder(const fs::path& dir) {
  fs::path at;
  for (const fs::path& part : dir) {
    at /= part;
    if (::mkdir(at.c_str(), 0755) == 0 || errno != EEXIST) continue;
    struct stat st {};
    if (::stat(at.c_str(), &st) == 0 && S_ISDIR(st.st_mode)) continue;
    errno = ENOTDIR;
    break;
  }
  struct stat st {};
  if (::stat(dir.c_str(), &st) == 0 && S_ISDIR(st.st_mode)) return;
  const std::string reason = std::strerror(errno != 0 ? errno : ENOTDIR);
  throw Error(ErrorKind::kIo, fmt::format("--pages {}: cannot create the folder: {}", dir.string(), reason),
              "output.pages-mkdir", {{"path", dir.string()}, {"reason", reason}});
}

fs::path absolute_normal(const fs::path& p) {
  std::error_code ec;
  fs::path abs = fs::weakly_canonical(fs::absolute(p, ec), ec);
  if (ec) abs = fs::absolute(p, ec);
  abs = abs.lexically_normal();
  return abs.has_filename() || !abs.has_relative_path() ? abs : abs.parent_path();  // "a/b/" is "a/b"
}

}  // namespace

std::string page_name(std::string_view id) {
  if (id.empty()) return "_";
  std::string out;
  out.reserve(id.size());
  for (const char ch : id) {
    const auto c = static_cast<unsigned char>(ch);
    out += kept(c) ? std::string(1, ch) : fmt::format("_{:02x}", c);
  }
  // Escaping never writes a letter or digit as "_xx", so "CO_4e" is no other id's name.
  if (windows_device(out)) out = out.substr(0, out.size() - 1) + fmt::format("_{:02x}", out.back());
  if (out.size() <= kMaxPageName) return out;
  std::size_t cut = kMaxPageName - kHashSuffix;
  // Never inside an escape: an "_" two bytes or less before the cut starts one that would be split.
  for (std::size_t back = 1; back <= 2 && back <= cut; ++back) {
    if (out[cut - back] == '_') {
      cut -= back;
      break;
    }
  }
  out.resize(cut);
  return out + fmt::format("__{:016x}", fnv1a(id));
}

std::string url_path(const fs::path& rel) {
  std::string out;
  for (const fs::path& part : rel) {
    if (!out.empty()) out += '/';
    for (const char ch : part.string()) {
      const auto c = static_cast<unsigned char>(ch);
      const bool unreserved = kept(c) || c == '.' || c == '_' || c == '~';
      out += unreserved ? std::string(1, ch) : fmt::format("%{:02X}", c);
    }
  }
  return out;
}

std::string page_link(const fs::path& page, const fs::path& report_dir) {
  return url_path(absolute_normal(page).lexically_relative(absolute_normal(report_dir)));
}

void PageWriter::say_line(bool warning, const std::string& line) const {
  if (say_) say_(warning, line);
}

PageWriter::PageWriter(const std::string& dir, const fs::path& report_dir, i18n::Lang lang, Say say)
    : dir_(dir), report_dir_(report_dir), lang_(lang), say_(std::move(say)) {
  make_folder(dir_);
  const std::string list = (dir_ / kPagesList).string();
  std::error_code ec;
  for (const auto& e : fs::directory_iterator(dir_, ec))
    taken_[folded(e.path().filename().string())].insert(e.path().filename().string());
  try {
    // Its own name only: a list that is a link could name files elsewhere as gpuwhy's.
    listed_ = listed_names(files::read_regular(list, kMaxListBytes, true).value_or(""));
  } catch (const Error& e) {
    failed_ = true;  // no page there is replaced, and the list is not written over
    say_line(false, i18n::render(msg("output.pages-list", {{"file", list}, {"reason", e.what()}}), lang_));
    listed_.clear();
    list_unusable_ = true;
  }
}

std::string PageWriter::unique_name(std::string_view id) {
  const std::string base = page_name(id);
  // Taken: a name written in this batch, or one that differs only in case from a file in the
  // folder or a page of this batch (one file once the folder is on macOS or Windows).
  const auto taken = [this](const std::string& name) {
    if (written_.count(name) != 0) return true;
    const auto it = taken_.find(folded(name));
    return it != taken_.end() && std::any_of(it->second.begin(), it->second.end(),
                                             [&name](const std::string& other) { return other != name; });
  };
  std::string name = base + ".html";
  for (int n = 2; taken(name); ++n) name = fmt::format("{}~{}.html", base, n);
  return name;
}

std::string PageWriter::write(std::string_view id, const std::string& html) {
  const std::string name = unique_name(id);
  const fs::path path = dir_ / name;
  struct stat st {};
  if (::lstat(path.c_str(), &st) == 0 && (listed_.count(name) == 0 || !S_ISREG(st.st_mode))) {
    // Someone else's file (or a link, a folder ...): left as it is, and the student has no link.
    say_line(true,
             i18n::render(msg("output.page-not-ours", {{"file", path.string()}, {"user", std::string(id)}}), lang_));
    failed_ = true;
    return "";
  }
  try {
    files::write_atomic(path.string(), html);
  } catch (const Error& e) {
    say_line(false, i18n::render(msg("output.pages-write", {{"reason", e.what()}}), lang_));
    failed_ = true;
    return "";
  }
  written_.insert(name);
  listed_.insert(name);
  taken_[folded(name)].insert(name);
  return page_link(path, report_dir_);
}

namespace {

// An exclusive flock on the lock file `path` (created when missing, never through a link), held
// while the object lives. Throws Error(kIo) naming it.
class ListLock {
 public:
  explicit ListLock(const std::string& path)
      : fd_(::open(path.c_str(), O_RDWR | O_CREAT | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC | O_NOCTTY, 0644)) {
    if (fd_.get() < 0) fail(path, std::strerror(errno));
    struct stat st {};
    if (::fstat(fd_.get(), &st) != 0 || !S_ISREG(st.st_mode)) fail(path, "not a regular file");
    while (::flock(fd_.get(), LOCK_EX) != 0) {
      if (errno != EINTR) fail(path, std::strerror(errno));
    }
  }

 private:
  [[noreturn]] static void fail(const std::string& path, const std::string& why) {
    throw Error(ErrorKind::kIo, fmt::format("{}: cannot lock it: {}", path, why));
  }
  files::Fd fd_;
};

}  // namespace

bool PageWriter::finish() {
  if (list_unusable_ || written_.empty()) return !list_unusable_;
  const std::string list = (dir_ / kPagesList).string();
  try {
    // Batches that share the folder each add their pages: under the lock, the list as it is now
    // (another batch may have written it since this one read it) and this batch's pages, written
    // to a temp file and renamed, so no batch loses another's entries and no reader sees half.
    const ListLock lock(list + std::string(kPagesLockSuffix));
    std::set<std::string> names = listed_names(files::read_regular(list, kMaxListBytes, true).value_or(""));
    names.insert(written_.begin(), written_.end());
    std::string text;
    for (const std::string& name : names) text += name + "\n";
    files::write_atomic(list, text);
  } catch (const Error& e) {
    say_line(false, i18n::render(msg("output.pages-list", {{"file", list}, {"reason", e.what()}}), lang_));
    failed_ = true;
    return false;
  }
  return true;
}

}  // namespace gpuwhy::render
