#pragma once
/// Local files gpuwhy reads and writes as root on a grading host: regular files only, never a
/// hang on a FIFO, never a rename over a device, never a predictable temp file.

#include <cstddef>
#include <optional>
#include <string>

namespace gpuwhy::files {

/// Reads the regular file at `path` (opened O_NONBLOCK, type checked with fstat before any
/// read, so a FIFO or device never blocks), at most `max_bytes`. nullopt when it does not exist;
/// throws Error(kIo) with one line naming `path` for anything else (not a regular file, too
/// large, permission, I/O error).
std::optional<std::string> read_regular(const std::string& path, std::size_t max_bytes);

/// Writes `content` to `path` so that a reader never sees half of it, and without ever replacing
/// something that is not a regular file:
/// - a missing or regular target: temp file from mkstemp (O_EXCL, unpredictable name) in the
///   target's folder, mode from the umask, fsync, rename over the target;
/// - a symbolic link: the same, for the file the link resolves to (the link stays);
/// - an existing device, FIFO or other non-regular file (/dev/stdout, /dev/null): written through
///   directly, never replaced.
/// Throws Error(kIo) with one line naming `path` and strerror; the temp file is then removed.
void write_atomic(const std::string& path, const std::string& content);

}  // namespace gpuwhy::files
