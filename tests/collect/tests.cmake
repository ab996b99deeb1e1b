# The tests of collect/, each file under the label it is run with (tests/CMakeLists.txt defines gpuwhy_tests).
gpuwhy_tests(process
  collect_test.cpp
  no_dry_run_test.cpp)
