# The tests of k8s/, each file under the label it is run with (tests/CMakeLists.txt defines gpuwhy_tests).
gpuwhy_tests(unit
  k8s_affinity_test.cpp
  k8s_affinity_valid_test.cpp
  k8s_manifest_syntax_test.cpp
  k8s_quantity_test.cpp
  k8s_requests_test.cpp
  k8s_resources_valid_test.cpp
  k8s_rules_test.cpp
  k8s_pod_fields_valid_test.cpp
  k8s_taints_test.cpp
  k8s_toleration_valid_test.cpp
  k8s_validity_versions_test.cpp
  messages_test.cpp)
