#pragma once
/// Local files gpuwhy reads and writes as root on a grading host: regular files only, never a
/// hang on a FIFO, never a rename over a device, never a predictable temp file.

#include <sys/types.h>
#include <unistd.h>

#include <cstddef>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace gpuwhy::files {

/// An owned file descriptor, closed when it goes (-1: none).
class Fd {
 public:
  explicit Fd(int fd) : fd_(fd) {}
  ~Fd() {
    if (fd_ >= 0) ::close(fd_);
  }
  Fd(const Fd&) = delete;
  Fd& operator=(const Fd&) = delete;
  Fd(Fd&& o) noexcept : fd_(std::exchange(o.fd_, -1)) {}
  Fd& operator=(Fd&& o) noexcept {
    std::swap(fd_, o.fd_);
    return *this;
  }
  [[nodiscard]] int get() const { return fd_; }
  /// Closes now and reports the result (a failed close can be a failed write).
  int close() {
    const int rc = ::close(fd_);
    fd_ = -1;
    return rc;
  }

 private:
  int fd_;
};

/// What a file that is not a regular one is, for people ("a folder", "a named pipe" ...).
std::string kind_of(mode_t mode);
/// The same as a catalog id (input.kind.*), for the reader's language.
std::string kind_id_of(mode_t mode);

/// Whether `path` names our own standard output or error (/dev/stdout, /dev/fd/1,
/// /proc/self/fd/1, and the same for 2): written through the descriptor we already hold.
bool is_std_stream(const std::string& path);

/// A file's identity: its device and inode. Two paths name one file exactly when they are equal.
struct Identity {
  dev_t dev = 0;
  ino_t ino = 0;
  friend bool operator==(const Identity&, const Identity&) = default;
};
/// The identity of what `path` leads to (symbolic links followed, as a write to it would);
/// nullopt when nothing is there or it cannot be looked at.
std::optional<Identity> identity(const std::string& path);

/// Reads the regular file at `path` (opened O_NONBLOCK, type checked with fstat before any
/// read, so a FIFO or device never blocks), at most `max_bytes`. nullopt when it does not exist;
/// throws Error(kIo) with one line naming `path` for anything else (not a regular file, too
/// large, permission, I/O error).
/// With `own_name_only`, a file reached through a symbolic link (the last component) or with
/// more than one name (a hard link) is refused too: its identity may be another file's.
std::optional<std::string> read_regular(const std::string& path, std::size_t max_bytes, bool own_name_only = false);
/// read_regular, and a path that names nothing is an Error(kIo) too ("PATH: no such file",
/// catalog input.no-such-file).
std::string read_file_bounded(const std::string& path, std::size_t max_bytes, bool own_name_only = false);

/// Writes `content` to `path` so that a reader never sees half of it, and without ever replacing
/// something that is not a regular file:
/// - a missing or regular target: temp file from mkstemp (O_EXCL, unpredictable name) in the
///   target's folder, mode from the umask, fsync, rename over the target;
/// - a symbolic link: the same, for the file the link resolves to (the link stays);
/// - our own standard output or error (is_std_stream): written through that descriptor;
/// - anything else (a folder, device, FIFO, socket): refused, never opened (opening a FIFO
///   waits for a reader) and never replaced.
/// Throws Error(kIo) with one line naming `path` and strerror; the temp file is then removed.
void write_atomic(const std::string& path, const std::string& content);

/// write_atomic a piece at a time, for a report too large to hold: the same target rules; the
/// temp file (for a regular target) takes each write() and becomes the target at commit(). A
/// writer that goes without commit() removes its temp file, leaving the target as it was.
/// Every failure throws Error(kIo) naming the path; after one, the temp file is gone.
class AtomicWriter {
 public:
  explicit AtomicWriter(const std::string& path);
  ~AtomicWriter();
  AtomicWriter(const AtomicWriter&) = delete;
  AtomicWriter& operator=(const AtomicWriter&) = delete;
  AtomicWriter(AtomicWriter&&) = delete;
  AtomicWriter& operator=(AtomicWriter&&) = delete;

  void write(std::string_view data);
  void commit();

 private:
  void open_through(const std::string& path);
  void open_temp(const std::string& target);
  [[noreturn]] void fail(const std::string& what, int err);

  std::string shown_;   ///< the path the user gave, for messages
  std::string target_;  ///< what the temp file becomes ("" when written through)
  std::string tmp_;     ///< the temp file while it exists
  Fd fd_{-1};
  int std_fd_ = -1;  ///< our stdout or stderr, written through and never closed
  bool committed_ = false;
};

/// Scratch bytes kept out of memory while they wait: pieces appended to a file with no name
/// (O_TMPFILE in $TMPDIR, else /tmp; else a mkstemp file unlinked at once), gone with the
/// process. Where no such file can be made or written, a piece stays in memory instead, so a
/// full or read-only disk costs memory, never a piece. read() may be called from several
/// threads at once (pread); append() from one.
class Scratch {
 public:
  struct Piece {
    off_t at = -1;  ///< where in the file; -1: in memory, `kept`
    std::size_t size = 0;
    std::string kept;
  };
  Scratch();
  /// In the first of `dirs` that takes a file; in memory when none does.
  explicit Scratch(const std::vector<std::string>& dirs);
  Piece append(std::string_view bytes);
  /// The bytes of `piece`. Throws Error(kIo) when the file cannot give them back.
  [[nodiscard]] std::string read(const Piece& piece) const;
  /// Whether pieces go to a file (false: every piece stays in memory).
  [[nodiscard]] bool on_disk() const { return fd_.get() >= 0; }

 private:
  Fd fd_{-1};
  off_t end_ = 0;
};

}  // namespace gpuwhy::files
