// files::write_atomic's targets: a regular file is replaced whole; a FIFO, socket or device is
// refused without being opened (opening a FIFO with no reader would wait for ever).
#include <gtest/gtest.h>
#include <sys/stat.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "gpuwhy/base/error.h"
#include "gpuwhy/base/files.h"

namespace gpuwhy {
namespace {

namespace fs = std::filesystem;

struct Scratch {
  Scratch() {
    char tmpl[] = "/tmp/gpuwhy-files-XXXXXX";
    dir = ::mkdtemp(tmpl);
  }
  ~Scratch() {
    std::error_code ec;
    fs::remove_all(dir, ec);
  }
  Scratch(const Scratch&) = delete;
  Scratch& operator=(const Scratch&) = delete;
  Scratch(Scratch&&) = delete;
  Scratch& operator=(Scratch&&) = delete;
  fs::path dir;
};

TEST(FilesWrite, ARegularFileIsReplacedWhole) {
  const Scratch s;
  const std::string p = (s.dir / "r.json").string();
  std::ofstream(p) << "old and longer";
  files::write_atomic(p, "new");
  std::ifstream in(p);
  std::stringstream ss;
  ss << in.rdbuf();
  EXPECT_EQ(ss.str(), "new");
}

TEST(FilesWrite, AFifoOrADeviceIsRefusedUnopened) {
  const Scratch s;
  const std::string fifo = (s.dir / "pipe").string();
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
  fs::create_symlink("pipe", s.dir / "link");
  for (const std::string& target : {fifo, (s.dir / "link").string(), std::string("/dev/null")}) {
    try {
      files::write_atomic(target, "report");
      ADD_FAILURE() << target << " was written";
    } catch (const Error& e) {
      EXPECT_EQ(e.kind(), ErrorKind::kIo);
      EXPECT_NE(std::string(e.what()).find(target + ": is a "), std::string::npos) << e.what();
      EXPECT_NE(std::string(e.what()).find("not a regular file; not written"), std::string::npos) << e.what();
    }
  }
  struct stat st {};
  ASSERT_EQ(::lstat(fifo.c_str(), &st), 0);
  EXPECT_TRUE(S_ISFIFO(st.st_mode));
}

}  // namespace
}  // namespace gpuwhy
