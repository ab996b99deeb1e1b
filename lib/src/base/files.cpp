// Reading and writing local files safely when running as root: see files.h for the contract.
#include "gpuwhy/base/files.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <array>
#include <cerrno>
#include <climits>
#include <cstdlib>
#include <cstring>
#include <utility>
#include <vector>

#include <fmt/format.h>

#include "gpuwhy/base/error.h"
#include "gpuwhy/base/sys.h"

namespace gpuwhy::files {

namespace {

struct Kind {
  const char* text;  ///< kind_of()
  const char* id;    ///< the same in the catalog (input.kind.*), for the reader's language
};

Kind kind(mode_t mode) {
  if (S_ISDIR(mode)) return {"a folder", "input.kind.folder"};
  if (S_ISFIFO(mode)) return {"a named pipe", "input.kind.fifo"};
  if (S_ISSOCK(mode)) return {"a socket", "input.kind.socket"};
  if (S_ISCHR(mode) || S_ISBLK(mode)) return {"a device", "input.kind.device"};
  return {"not a regular file", "input.kind.other"};
}

}  // namespace

std::string kind_of(mode_t mode) {
  return kind(mode).text;
}

std::string kind_id_of(mode_t mode) {
  return kind(mode).id;
}

namespace {

[[noreturn]] void io_fail(const std::string& path, const std::string& what, int err) {
  const bool denied = err == EACCES || err == EPERM;
  throw Error(ErrorKind::kIo, fmt::format("{}: {}: {}", path, what, std::strerror(err)),
              denied ? "input.permission-denied" : "input.unreadable", {{"path", path}});
}

/// Writes all of `content`: 0, or the errno of the write that failed.
int write_all(int fd, std::string_view content) {
  std::size_t done = 0;
  while (done < content.size()) {
    const ssize_t n = ::write(fd, content.data() + done, content.size() - done);
    if (n < 0) {
      if (errno == EINTR) continue;
      return errno;
    }
    done += static_cast<std::size_t>(n);
  }
  return 0;
}

/// Our own stdout/stderr named by path: 1 or 2, else -1.
int std_fd_named(const std::string& path) {
  for (const auto& [names, std_fd] :
       {std::pair{std::array<const char*, 3>{"/dev/stdout", "/dev/fd/1", "/proc/self/fd/1"}, 1},
        std::pair{std::array<const char*, 3>{"/dev/stderr", "/dev/fd/2", "/proc/self/fd/2"}, 2}}) {
    for (const char* n : names) {
      if (path == n) return std_fd;
    }
  }
  return -1;
}

}  // namespace

bool is_std_stream(const std::string& path) {
  return std_fd_named(path) >= 0;
}

namespace {

std::string parent_of(const std::string& path) {
  const auto slash = path.find_last_of('/');
  if (slash == std::string::npos) return ".";
  if (slash == 0) return "/";
  return path.substr(0, slash);
}

std::string base_of(const std::string& path) {
  const auto slash = path.find_last_of('/');
  return slash == std::string::npos ? path : path.substr(slash + 1);
}

}  // namespace

std::optional<Identity> identity(const std::string& path) {
  struct stat st {};
  if (::stat(path.c_str(), &st) != 0) return std::nullopt;
  return Identity{st.st_dev, st.st_ino};
}

std::optional<std::string> read_regular(const std::string& path, std::size_t max_bytes, bool own_name_only) {
  // O_NONBLOCK: opening a FIFO with no writer returns at once instead of waiting forever.
  Fd fd(::open(path.c_str(), O_RDONLY | O_CLOEXEC | O_NONBLOCK | O_NOCTTY | (own_name_only ? O_NOFOLLOW : 0)));
  if (fd.get() < 0) {
    if (errno == ENOENT || errno == ENOTDIR) return std::nullopt;
    if (own_name_only && errno == ELOOP) {
      throw Error(ErrorKind::kIo, fmt::format("{}: is a symbolic link; only files beneath the folder are read", path));
    }
    io_fail(path, "cannot open it", errno);
  }
  struct stat st {};
  if (::fstat(fd.get(), &st) != 0) io_fail(path, "cannot stat it", errno);
  if (!S_ISREG(st.st_mode)) {
    throw Error(ErrorKind::kIo, fmt::format("{}: is {}, not a regular file", path, kind_of(st.st_mode)),
                "input.not-a-file", {{"path", path}, {"kind@", kind(st.st_mode).id}});
  }
  if (own_name_only && st.st_nlink > 1) {
    throw Error(ErrorKind::kIo,
                fmt::format("{}: is a hard link ({} names for one file) that may lead outside the folder; not read",
                            path, st.st_nlink));
  }
  if (static_cast<std::size_t>(st.st_size) > max_bytes) {
    throw Error(ErrorKind::kIo,
                fmt::format("{}: {} bytes is more than the limit of {} bytes", path, st.st_size, max_bytes),
                "input.too-large", {{"path", path}, {"limit", std::to_string(max_bytes)}});
  }
  auto out = sys::read_bounded(fd.get(), max_bytes, static_cast<std::size_t>(st.st_size));
  if (!out) io_fail(path, "cannot read it", errno);
  if (out->size() > max_bytes) {
    throw Error(ErrorKind::kIo,
                fmt::format("{}: more than the limit of {} bytes (grew while reading)", path, max_bytes));
  }
  return out;
}

AtomicWriter::AtomicWriter(const std::string& path) : shown_(path) {
  if (path.empty()) throw Error(ErrorKind::kIo, "an empty output path");
  // /dev/stdout, /dev/fd/1, /proc/self/fd/1 (and 2): the caller's descriptors, written through.
  if (std_fd_named(path) >= 0) {
    open_through(path);
    return;
  }
  struct stat lst {};
  if (::lstat(path.c_str(), &lst) != 0) {
    if (errno != ENOENT) io_fail(path, "cannot write the report there", errno);
    open_temp(path);
    return;
  }
  std::string target = path;
  struct stat st = lst;
  if (S_ISLNK(lst.st_mode)) {
    if (::stat(path.c_str(), &st) != 0) io_fail(path, "a symbolic link to nothing usable", errno);
    if (S_ISREG(st.st_mode)) {
      // The link stays a link: the file it leads to gets the new content.
      char* real = ::realpath(path.c_str(), nullptr);
      if (real == nullptr) io_fail(path, "cannot resolve the symbolic link", errno);
      target = real;
      std::free(real);  // NOLINT(cppcoreguidelines-no-malloc): realpath allocates with malloc
    }
  }
  if (S_ISDIR(st.st_mode)) throw Error(ErrorKind::kIo, fmt::format("{}: is a folder, not a file", path));
  // A FIFO would block the open until a reader comes, a device or socket is no report file:
  // none is opened.
  if (!S_ISREG(st.st_mode)) {
    throw Error(ErrorKind::kIo, fmt::format("{}: is {}, not a regular file; not written", path, kind_of(st.st_mode)));
  }
  open_temp(target);
}

AtomicWriter::~AtomicWriter() {
  if (!tmp_.empty()) ::unlink(tmp_.c_str());
}

/// Our own stdout/stderr: written through the descriptor we already have, so what follows on it
/// (the table) comes after the report instead of over it.
void AtomicWriter::open_through(const std::string& path) {
  std_fd_ = std_fd_named(path);
}

/// A temp file from mkstemp (O_CREAT | O_EXCL, unpredictable name) beside `target`, to be
/// renamed into it.
void AtomicWriter::open_temp(const std::string& target) {
  std::string tmpl = parent_of(target) + "/." + base_of(target) + ".XXXXXX";
  fd_ = Fd(::mkstemp(tmpl.data()));
  if (fd_.get() < 0) io_fail(shown_, fmt::format("cannot create a temporary file in {}", parent_of(target)), errno);
  tmp_ = tmpl;
  target_ = target;
  const mode_t mask = ::umask(0);
  ::umask(mask);
  if (::fchmod(fd_.get(), 0666 & ~mask) != 0) fail("cannot set the mode of the temporary file", errno);
}

void AtomicWriter::fail(const std::string& what, int err) {
  if (!tmp_.empty()) ::unlink(tmp_.c_str());
  tmp_.clear();
  fd_ = Fd(-1);
  io_fail(shown_, what, err);
}

void AtomicWriter::write(std::string_view data) {
  if (committed_) throw Error(ErrorKind::kIo, fmt::format("{}: written after it was closed", shown_));
  if (std_fd_ < 0 && fd_.get() < 0) throw Error(ErrorKind::kIo, fmt::format("{}: writing the report failed", shown_));
  const int err = write_all(std_fd_ >= 0 ? std_fd_ : fd_.get(), data);
  if (err != 0) fail("writing the report failed", err);  // the temp file, if any, goes
}

void AtomicWriter::commit() {
  if (committed_) return;
  committed_ = true;
  if (std_fd_ >= 0) return;
  if (tmp_.empty()) {
    // fsync is meaningless (EINVAL) on pipes and most devices; a device that failed the
    // write (/dev/full) has already said so.
    if (fd_.close() != 0) io_fail(shown_, "writing the report failed", errno);
    return;
  }
  if (::fsync(fd_.get()) != 0) fail("writing the report failed (fsync)", errno);
  if (fd_.close() != 0) fail("writing the report failed (close)", errno);
  if (::rename(tmp_.c_str(), target_.c_str()) != 0) fail("cannot move the report into place", errno);
  tmp_.clear();
}

void write_atomic(const std::string& path, const std::string& content) {
  AtomicWriter w(path);
  w.write(content);
  w.commit();
}

std::string read_file_bounded(const std::string& path, std::size_t max_bytes, bool own_name_only) {
  auto text = read_regular(path, max_bytes, own_name_only);
  if (!text) throw Error(ErrorKind::kIo, fmt::format("{}: no such file", path), "input.no-such-file", {{"path", path}});
  return std::move(*text);
}

namespace {

int unnamed_file(const std::string& dir) {
#ifdef O_TMPFILE
  const int fd = ::open(dir.c_str(), O_TMPFILE | O_RDWR | O_EXCL | O_CLOEXEC, 0600);
  if (fd >= 0) return fd;
#endif
  std::string tmpl = dir + "/.gpuwhy-scratch.XXXXXX";
  const int made = ::mkostemp(tmpl.data(), O_CLOEXEC);
  if (made >= 0) ::unlink(tmpl.c_str());
  return made;
}

}  // namespace

Scratch::Scratch(const std::vector<std::string>& dirs) {
  for (const std::string& dir : dirs) {
    if (fd_.get() < 0) fd_ = Fd(unnamed_file(dir));
  }
}

Scratch::Scratch()
    : Scratch([] {
        std::vector<std::string> dirs;
        const char* env = std::getenv("TMPDIR");
        if (env != nullptr && env[0] == '/') dirs.emplace_back(env);
        dirs.emplace_back("/tmp");
        return dirs;
      }()) {}

Scratch::Piece Scratch::append(std::string_view bytes) {
  Piece p;
  p.size = bytes.size();
  if (fd_.get() >= 0 && ::lseek(fd_.get(), end_, SEEK_SET) == end_ && write_all(fd_.get(), bytes) == 0) {
    p.at = end_;
    end_ += static_cast<off_t>(bytes.size());
    return p;
  }
  p.kept.assign(bytes);
  return p;
}

std::string Scratch::read(const Piece& piece) const {
  if (piece.at < 0) return piece.kept;
  std::string out(piece.size, '\0');
  std::size_t done = 0;
  while (done < piece.size) {
    const ssize_t n = ::pread(fd_.get(), out.data() + done, piece.size - done, piece.at + static_cast<off_t>(done));
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) {
      throw Error(ErrorKind::kIo, fmt::format("the scratch file lost what was kept in it: {}",
                                              n < 0 ? std::strerror(errno) : "cut short"));
    }
    done += static_cast<std::size_t>(n);
  }
  return out;
}

}  // namespace gpuwhy::files
