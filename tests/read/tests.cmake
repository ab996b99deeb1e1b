# The tests of read/, each file under the label it is run with (tests/CMakeLists.txt defines gpuwhy_tests).
gpuwhy_tests(unit
  advertised_test.cpp
  advertised_around_test.cpp
  counts_test.cpp
  mentions_test.cpp
  readers_test.cpp
  rejected_test.cpp
  wrapped_test.cpp)
gpuwhy_tests(corpus
  forms_test.cpp)
gpuwhy_tests(process
  file_matrix_test.cpp)
