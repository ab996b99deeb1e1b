#include "test_paths.h"

namespace gpuwhy_test {
const char* source_dir() {
  return GPUWHY_TEST_SOURCE_DIR;
}
const char* binary() {
  return GPUWHY_TEST_BINARY;
}
}  // namespace gpuwhy_test
