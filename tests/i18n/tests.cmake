# The tests of i18n/, each file under the label it is run with (tests/CMakeLists.txt defines gpuwhy_tests).
gpuwhy_tests(unit
  i18n_fragments_test.cpp
  i18n_test.cpp)
gpuwhy_tests(corpus
  lang_words_test.cpp)
