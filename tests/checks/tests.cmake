# The tests of checks/, each file under the label it is run with (tests/CMakeLists.txt defines gpuwhy_tests).
gpuwhy_tests(unit
  batch_once_test.cpp
  causes_test.cpp
  checks_test.cpp
  facts_test.cpp
  options_test.cpp
  saved_files_test.cpp
  step8_grades_test.cpp
  variations_test.cpp)
gpuwhy_tests(corpus
  affinity_grades_test.cpp
  manifest_grades_test.cpp
  metamorphic_test.cpp
  quantity_grades_test.cpp
  reads_test.cpp
  resources_grades_test.cpp
  toleration_grades_test.cpp)
