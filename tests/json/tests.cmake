# The tests of json/, each file under the label it is run with (tests/CMakeLists.txt defines gpuwhy_tests).
gpuwhy_tests(unit
  json_at_test.cpp)
gpuwhy_tests(corpus
  json_fast_test.cpp)
