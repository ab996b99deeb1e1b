# The tests of yaml/, each file under the label it is run with (tests/CMakeLists.txt defines gpuwhy_tests).
gpuwhy_tests(unit
  yaml_test.cpp)
gpuwhy_tests(corpus
  yaml_block_test.cpp)
