// Where the tests find the source tree and the built gpuwhy. Force-included into every test
// translation unit (tests/CMakeLists.txt): the two absolute paths live in test_paths.cpp alone, so
// every other test object is the same in any clone and ccache reuses it (scripts/test sets its
// base directory to the repository).
#pragma once

namespace gpuwhy_test {
const char* source_dir();  ///< the repository root (CMAKE_SOURCE_DIR)
const char* binary();      ///< the built gpuwhy
}  // namespace gpuwhy_test

#define GPUWHY_SOURCE_DIR (::gpuwhy_test::source_dir())
#define GPUWHY_BINARY (::gpuwhy_test::binary())
