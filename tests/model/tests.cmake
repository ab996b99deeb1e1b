# The tests of model/, each file under the label it is run with (tests/CMakeLists.txt defines gpuwhy_tests).
gpuwhy_tests(unit
  bundle_drop_test.cpp
  bundle_load_test.cpp
  result_codec_test.cpp)
