# The tests of lab/, each file under the label it is run with (tests/CMakeLists.txt defines gpuwhy_tests).
gpuwhy_tests(corpus
  lab_names_test.cpp)
gpuwhy_tests(process
  lab_folder_test.cpp)
