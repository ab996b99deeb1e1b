# The tests of integrity/, each file under the label it is run with (tests/CMakeLists.txt defines gpuwhy_tests).
gpuwhy_tests(unit
  integrity_test.cpp)
gpuwhy_tests(corpus
  integrity_corpus_test.cpp)
