# The tests of base/, each file under the label it is run with (tests/CMakeLists.txt defines gpuwhy_tests).
gpuwhy_tests(unit
  env_once_test.cpp
  ordered_pool_test.cpp
  scratch_test.cpp
  time_test.cpp)
gpuwhy_tests(process
  deadline_test.cpp)
