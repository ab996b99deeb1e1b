# The tests of kube/, each file under the label it is run with (tests/CMakeLists.txt defines gpuwhy_tests).
gpuwhy_tests(unit
  kube_config_test.cpp
  kube_paging_test.cpp)
gpuwhy_tests(process
  hostile_lists_test.cpp
  kube_client_test.cpp
  prefetch_test.cpp
  secrets_test.cpp
  watch_test.cpp)
