# The tests of why/, each file under the label it is run with (tests/CMakeLists.txt defines gpuwhy_tests).
gpuwhy_tests(unit
  why_held_test.cpp
  why_test.cpp)
gpuwhy_tests(corpus
  why_lab_test.cpp)
gpuwhy_tests(process
  why_namespace_test.cpp)
