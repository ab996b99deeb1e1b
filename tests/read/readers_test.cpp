// Readers of the student's files, table-driven on what kubectl really prints.
#include <gtest/gtest.h>

#include <set>

#include "gpuwhy/base/text.h"
#include "gpuwhy/read/readers.h"

namespace gpuwhy::readers {
namespace {

// ---- advertised.txt ------------------------------------------------------------------------

struct AdvCase {
  const char* name;
  std::string text;
  AdvertisedFormat format;
  std::map<std::string, std::string> amounts;
  bool all_none;
  bool bare;
  bool problem;
};

const char* kNodeListJson = R"({"apiVersion":"v1","kind":"List","items":[
 {"kind":"Node","metadata":{"name":"lab-node-0"},"status":{"capacity":{"cpu":"32","nvidia.com/gpu":"2"},"allocatable":{"cpu":"32","nvidia.com/gpu":"2"}}},
 {"kind":"Node","metadata":{"name":"lab-node-1"},"status":{"capacity":{"cpu":"32"},"allocatable":{"cpu":"32"}}},
 {"kind":"Node","metadata":{"name":"lab-node-2"},"status":{"capacity":{"cpu":"32"},"allocatable":{"cpu":"32"}}}]})";

const char* kNodeListYaml = R"(apiVersion: v1
items:
- apiVersion: v1
  kind: Node
  metadata:
    name: lab-node-0
  status:
    allocatable:
      cpu: "32"
      nvidia.com/gpu: "2"
    capacity:
      cpu: "32"
      nvidia.com/gpu: "2"
- apiVersion: v1
  kind: Node
  metadata:
    name: lab-node-1
  status:
    allocatable:
      cpu: "32"
kind: List
metadata:
  resourceVersion: ""
)";

// `kubectl get nodes -o json` of the lab's three nodes, as kubectl prints it.
const char* kNodesOJson = R"ADV({
    "apiVersion": "v1",
    "items": [
        {
            "apiVersion": "v1",
            "kind": "Node",
            "metadata": {
                "annotations": {
                    "kubectl.kubernetes.io/last-applied-configuration": "{\"apiVersion\":\"v1\",\"kind\":\"Node\",\"metadata\":{\"annotations\":{\"kwok.x-k8s.io/node\":\"fake\",\"node.alpha.kubernetes.io/ttl\":\"0\"},\"labels\":{\"kubernetes.io/arch\":\"amd64\",\"kubernetes.io/hostname\":\"lab-node-0\",\"kubernetes.io/os\":\"linux\",\"type\":\"kwok\"},\"name\":\"lab-node-0\"},\"spec\":{},\"status\":{\"allocatable\":{\"cpu\":\"32\",\"memory\":\"256Gi\",\"pods\":\"110\"},\"capacity\":{\"cpu\":\"32\",\"memory\":\"256Gi\",\"pods\":\"110\"}}}\n",
                    "kwok.x-k8s.io/node": "fake",
                    "node.alpha.kubernetes.io/ttl": "0"
                },
                "creationTimestamp": "2026-11-30T05:41:33Z",
                "labels": {
                    "beta.kubernetes.io/arch": "amd64",
                    "beta.kubernetes.io/os": "linux",
                    "kubernetes.io/arch": "amd64",
                    "kubernetes.io/hostname": "lab-node-0",
                    "kubernetes.io/os": "linux",
                    "nvidia.com/gpu.count": "2",
                    "nvidia.com/gpu.deploy.device-plugin": "true",
                    "nvidia.com/gpu.present": "true",
                    "nvidia.com/gpu.product": "NVIDIA-A100-SXM4-40GB",
                    "type": "kwok"
                },
                "name": "lab-node-0",
                "resourceVersion": "239",
                "uid": "03b9e2d4-8fbb-49b6-8302-140715483dc5"
            },
            "spec": {
                "taints": [
                    {
                        "effect": "NoSchedule",
                        "key": "nvidia.com/gpu",
                        "value": "present"
                    }
                ]
            },
            "status": {
                "addresses": [
                    {
                        "address": "10.0.1.1",
                        "type": "InternalIP"
                    }
                ],
                "allocatable": {
                    "cpu": "32",
                    "memory": "256Gi",
                    "nvidia.com/gpu": "2",
                    "pods": "110"
                },
                "capacity": {
                    "cpu": "32",
                    "memory": "256Gi",
                    "nvidia.com/gpu": "2",
                    "pods": "110"
                },
                "conditions": [
                    {
                        "lastHeartbeatTime": "2026-11-30T05:41:33Z",
                        "lastTransitionTime": "2026-11-30T05:41:33Z",
                        "message": "kubelet is posting ready status",
                        "reason": "KubeletReady",
                        "status": "True",
                        "type": "Ready"
                    },
                    {
                        "lastHeartbeatTime": "2026-11-30T05:41:33Z",
                        "lastTransitionTime": "2026-11-30T05:41:33Z",
                        "message": "kubelet has sufficient memory available",
                        "reason": "KubeletHasSufficientMemory",
                        "status": "False",
                        "type": "MemoryPressure"
                    },
                    {
                        "lastHeartbeatTime": "2026-11-30T05:41:33Z",
                        "lastTransitionTime": "2026-11-30T05:41:33Z",
                        "message": "kubelet has no disk pressure",
                        "reason": "KubeletHasNoDiskPressure",
                        "status": "False",
                        "type": "DiskPressure"
                    },
                    {
                        "lastHeartbeatTime": "2026-11-30T05:41:33Z",
                        "lastTransitionTime": "2026-11-30T05:41:33Z",
                        "message": "kubelet has sufficient PID available",
                        "reason": "KubeletHasSufficientPID",
                        "status": "False",
                        "type": "PIDPressure"
                    },
                    {
                        "lastHeartbeatTime": "2026-11-30T05:41:33Z",
                        "lastTransitionTime": "2026-11-30T05:41:33Z",
                        "message": "RouteController created a route",
                        "reason": "RouteCreated",
                        "status": "False",
                        "type": "NetworkUnavailable"
                    }
                ],
                "daemonEndpoints": {
                    "kubeletEndpoint": {
                        "Port": 0
                    }
                },
                "nodeInfo": {
                    "architecture": "amd64",
                    "bootID": "",
                    "containerRuntimeVersion": "kwok-0.8.0",
                    "kernelVersion": "kwok-0.8.0",
                    "kubeProxyVersion": "kwok-0.8.0",
                    "kubeletVersion": "kwok-0.8.0",
                    "machineID": "",
                    "operatingSystem": "linux",
                    "osImage": "",
                    "systemUUID": ""
                },
                "phase": "Running"
            }
        },
        {
            "apiVersion": "v1",
            "kind": "Node",
            "metadata": {
                "annotations": {
                    "kubectl.kubernetes.io/last-applied-configuration": "{\"apiVersion\":\"v1\",\"kind\":\"Node\",\"metadata\":{\"annotations\":{\"kwok.x-k8s.io/node\":\"fake\",\"node.alpha.kubernetes.io/ttl\":\"0\"},\"labels\":{\"kubernetes.io/arch\":\"amd64\",\"kubernetes.io/hostname\":\"lab-node-1\",\"kubernetes.io/os\":\"linux\",\"type\":\"kwok\"},\"name\":\"lab-node-1\"},\"spec\":{},\"status\":{\"allocatable\":{\"cpu\":\"32\",\"memory\":\"256Gi\",\"pods\":\"110\"},\"capacity\":{\"cpu\":\"32\",\"memory\":\"256Gi\",\"pods\":\"110\"}}}\n",
                    "kwok.x-k8s.io/node": "fake",
                    "node.alpha.kubernetes.io/ttl": "0"
                },
                "creationTimestamp": "2026-11-30T05:41:33Z",
                "labels": {
                    "beta.kubernetes.io/arch": "amd64",
                    "beta.kubernetes.io/os": "linux",
                    "kubernetes.io/arch": "amd64",
                    "kubernetes.io/hostname": "lab-node-1",
                    "kubernetes.io/os": "linux",
                    "type": "kwok"
                },
                "name": "lab-node-1",
                "resourceVersion": "229",
                "uid": "f686cea3-acaa-405e-b93c-79d1657f21e3"
            },
            "spec": {},
            "status": {
                "addresses": [
                    {
                        "address": "10.0.1.1",
                        "type": "InternalIP"
                    }
                ],
                "allocatable": {
                    "cpu": "32",
                    "memory": "256Gi",
                    "pods": "110"
                },
                "capacity": {
                    "cpu": "32",
                    "memory": "256Gi",
                    "pods": "110"
                },
                "conditions": [
                    {
                        "lastHeartbeatTime": "2026-11-30T05:41:33Z",
                        "lastTransitionTime": "2026-11-30T05:41:33Z",
                        "message": "kubelet is posting ready status",
                        "reason": "KubeletReady",
                        "status": "True",
                        "type": "Ready"
                    },
                    {
                        "lastHeartbeatTime": "2026-11-30T05:41:33Z",
                        "lastTransitionTime": "2026-11-30T05:41:33Z",
                        "message": "kubelet has sufficient memory available",
                        "reason": "KubeletHasSufficientMemory",
                        "status": "False",
                        "type": "MemoryPressure"
                    },
                    {
                        "lastHeartbeatTime": "2026-11-30T05:41:33Z",
                        "lastTransitionTime": "2026-11-30T05:41:33Z",
                        "message": "kubelet has no disk pressure",
                        "reason": "KubeletHasNoDiskPressure",
                        "status": "False",
                        "type": "DiskPressure"
                    },
                    {
                        "lastHeartbeatTime": "2026-11-30T05:41:33Z",
                        "lastTransitionTime": "2026-11-30T05:41:33Z",
                        "message": "kubelet has sufficient PID available",
                        "reason": "KubeletHasSufficientPID",
                        "status": "False",
                        "type": "PIDPressure"
                    },
                    {
                        "lastHeartbeatTime": "2026-11-30T05:41:33Z",
                        "lastTransitionTime": "2026-11-30T05:41:33Z",
                        "message": "RouteController created a route",
                        "reason": "RouteCreated",
                        "status": "False",
                        "type": "NetworkUnavailable"
                    }
                ],
                "daemonEndpoints": {
                    "kubeletEndpoint": {
                        "Port": 0
                    }
                },
                "nodeInfo": {
                    "architecture": "amd64",
                    "bootID": "",
                    "containerRuntimeVersion": "kwok-0.8.0",
                    "kernelVersion": "kwok-0.8.0",
                    "kubeProxyVersion": "kwok-0.8.0",
                    "kubeletVersion": "kwok-0.8.0",
                    "machineID": "",
                    "operatingSystem": "linux",
                    "osImage": "",
                    "systemUUID": ""
                },
                "phase": "Running"
            }
        },
        {
            "apiVersion": "v1",
            "kind": "Node",
            "metadata": {
                "annotations": {
                    "kubectl.kubernetes.io/last-applied-configuration": "{\"apiVersion\":\"v1\",\"kind\":\"Node\",\"metadata\":{\"annotations\":{\"kwok.x-k8s.io/node\":\"fake\",\"node.alpha.kubernetes.io/ttl\":\"0\"},\"labels\":{\"kubernetes.io/arch\":\"amd64\",\"kubernetes.io/hostname\":\"lab-node-2\",\"kubernetes.io/os\":\"linux\",\"type\":\"kwok\"},\"name\":\"lab-node-2\"},\"spec\":{},\"status\":{\"allocatable\":{\"cpu\":\"32\",\"memory\":\"256Gi\",\"pods\":\"110\"},\"capacity\":{\"cpu\":\"32\",\"memory\":\"256Gi\",\"pods\":\"110\"}}}\n",
                    "kwok.x-k8s.io/node": "fake",
                    "node.alpha.kubernetes.io/ttl": "0"
                },
                "creationTimestamp": "2026-11-30T05:41:33Z",
                "labels": {
                    "beta.kubernetes.io/arch": "amd64",
                    "beta.kubernetes.io/os": "linux",
                    "kubernetes.io/arch": "amd64",
                    "kubernetes.io/hostname": "lab-node-2",
                    "kubernetes.io/os": "linux",
                    "type": "kwok"
                },
                "name": "lab-node-2",
                "resourceVersion": "228",
                "uid": "461d090a-1dd1-4db7-b00a-76033beb2896"
            },
            "spec": {},
            "status": {
                "addresses": [
                    {
                        "address": "10.0.1.1",
                        "type": "InternalIP"
                    }
                ],
                "allocatable": {
                    "cpu": "32",
                    "memory": "256Gi",
                    "pods": "110"
                },
                "capacity": {
                    "cpu": "32",
                    "memory": "256Gi",
                    "pods": "110"
                },
                "conditions": [
                    {
                        "lastHeartbeatTime": "2026-11-30T05:41:33Z",
                        "lastTransitionTime": "2026-11-30T05:41:33Z",
                        "message": "kubelet is posting ready status",
                        "reason": "KubeletReady",
                        "status": "True",
                        "type": "Ready"
                    },
                    {
                        "lastHeartbeatTime": "2026-11-30T05:41:33Z",
                        "lastTransitionTime": "2026-11-30T05:41:33Z",
                        "message": "kubelet has sufficient memory available",
                        "reason": "KubeletHasSufficientMemory",
                        "status": "False",
                        "type": "MemoryPressure"
                    },
                    {
                        "lastHeartbeatTime": "2026-11-30T05:41:33Z",
                        "lastTransitionTime": "2026-11-30T05:41:33Z",
                        "message": "kubelet has no disk pressure",
                        "reason": "KubeletHasNoDiskPressure",
                        "status": "False",
                        "type": "DiskPressure"
                    },
                    {
                        "lastHeartbeatTime": "2026-11-30T05:41:33Z",
                        "lastTransitionTime": "2026-11-30T05:41:33Z",
                        "message": "kubelet has sufficient PID available",
                        "reason": "KubeletHasSufficientPID",
                        "status": "False",
                        "type": "PIDPressure"
                    },
                    {
                        "lastHeartbeatTime": "2026-11-30T05:41:33Z",
                        "lastTransitionTime": "2026-11-30T05:41:33Z",
                        "message": "RouteController created a route",
                        "reason": "RouteCreated",
                        "status": "False",
                        "type": "NetworkUnavailable"
                    }
                ],
                "daemonEndpoints": {
                    "kubeletEndpoint": {
                        "Port": 0
                    }
                },
                "nodeInfo": {
                    "architecture": "amd64",
                    "bootID": "",
                    "containerRuntimeVersion": "kwok-0.8.0",
                    "kernelVersion": "kwok-0.8.0",
                    "kubeProxyVersion": "kwok-0.8.0",
                    "kubeletVersion": "kwok-0.8.0",
                    "machineID": "",
                    "operatingSystem": "linux",
                    "osImage": "",
                    "systemUUID": ""
                },
                "phase": "Running"
            }
        }
    ],
    "kind": "List",
    "metadata": {
        "resourceVersion": ""
    }
}
)ADV";

const char* kDescribe = R"(Name:               lab-node-0
Roles:              agent
Labels:             nvidia.com/gpu.present=true
Taints:             nvidia.com/gpu=present:NoSchedule
Capacity:
  cpu:             32
  memory:          256Gi
  nvidia.com/gpu:  2
  pods:            110
Allocatable:
  cpu:             32
  memory:          256Gi
  nvidia.com/gpu:  2
  pods:            110
System Info:
  Machine ID:


Name:               lab-node-1
Roles:              agent
Capacity:
  cpu:     32
  memory:  256Gi
  pods:    110
Allocatable:
  cpu:     32
  memory:  256Gi
  pods:    110
)";

const std::vector<AdvCase>& adv_cases() {
  static const std::vector<AdvCase> k{
      {"custom_columns",
       "NAME         GPU\nlab-node-0   2\nlab-node-1   <none>\nlab-node-2   <none>\n",
       AdvertisedFormat::kTable,
       {{"lab-node-0", "2"}, {"lab-node-1", ""}, {"lab-node-2", ""}},
       false,
       false,
       false},
      {"custom_columns_tabs_no_header",
       "lab-node-0\t2\nlab-node-1\t<none>\nlab-node-2\t0\n",
       AdvertisedFormat::kTable,
       {{"lab-node-0", "2"}, {"lab-node-1", ""}, {"lab-node-2", "0"}},
       false,
       false,
       false},
      {"two_amount_columns_prefers_allocatable",
       "NAME         CAPACITY   ALLOCATABLE\nlab-node-0   2          1\nlab-node-1   <none>     <none>\n",
       AdvertisedFormat::kTable,
       {{"lab-node-0", "1"}, {"lab-node-1", ""}},
       false,
       false,
       false},
      {"jsonpath_range_no_trailing_newline",
       "lab-node-0\t2\nlab-node-1\t\nlab-node-2\t",
       AdvertisedFormat::kTable,
       {{"lab-node-0", "2"}, {"lab-node-1", ""}, {"lab-node-2", ""}},
       false,
       false,
       false},
      {"jsonpath_colon_separator",
       "lab-node-0: 2\nlab-node-1: \nlab-node-2: \n",
       AdvertisedFormat::kTable,
       {{"lab-node-0", "2"}, {"lab-node-1", ""}, {"lab-node-2", ""}},
       false,
       false,
       false},
      {"json_list",
       kNodeListJson,
       AdvertisedFormat::kJson,
       {{"lab-node-0", "2"}, {"lab-node-1", ""}, {"lab-node-2", ""}},
       false,
       false,
       false},
      {"json_single_node",
       R"({"kind":"Node","metadata":{"name":"lab-node-0"},"status":{"capacity":{"nvidia.com/gpu":"2"}}})",
       AdvertisedFormat::kJson,
       {{"lab-node-0", "2"}},
       false,
       false,
       false},
      {"yaml_list",
       kNodeListYaml,
       AdvertisedFormat::kYaml,
       {{"lab-node-0", "2"}, {"lab-node-1", ""}},
       false,
       false,
       false},
      {"describe_nodes",
       kDescribe,
       AdvertisedFormat::kDescribe,
       {{"lab-node-0", "2"}, {"lab-node-1", ""}},
       false,
       false,
       false},
      {"pitfall_backslash_custom_columns",
       "NAME         GPU\nlab-node-0   <none>\nlab-node-1   <none>\nlab-node-2   <none>\n",
       AdvertisedFormat::kTable,
       {{"lab-node-0", ""}, {"lab-node-1", ""}, {"lab-node-2", ""}},
       true,
       false,
       false},
      {"pitfall_backslash_jsonpath",
       "lab-node-0\t\nlab-node-1\t\nlab-node-2\t\n",
       AdvertisedFormat::kTable,
       {{"lab-node-0", ""}, {"lab-node-1", ""}, {"lab-node-2", ""}},
       true,
       false,
       false},
      {"pitfall_bare_number_captured", "2\n\n\n", AdvertisedFormat::kBareNumbers, {}, false, true, false},
      {"pitfall_bare_number_no_newline", "2", AdvertisedFormat::kBareNumbers, {}, false, true, false},
      {"pitfall_bare_numbers_with_header",
       "GPU\n2\n<none>\n<none>\n",
       AdvertisedFormat::kBareNumbers,
       {},
       false,
       true,
       false},
      {"default_table_has_no_gpu_column",
       "NAME         STATUS   ROLES   AGE   VERSION\nlab-node-0   Ready    agent   5m    v1.34.0\n",
       AdvertisedFormat::kTable,
       {},
       false,
       false,
       true},
      // Class 1: custom-columns keep the header's case as typed.
      {"header_mixed_case",
       "Name         Gpu\nlab-node-0   2\nlab-node-1   <none>\n",
       AdvertisedFormat::kTable,
       {{"lab-node-0", "2"}, {"lab-node-1", ""}},
       false,
       false,
       false},
      {"header_lower_three_columns",
       "node         cap    alloc\nlab-node-0   2      2\nlab-node-1   <none> <none>\n",
       AdvertisedFormat::kTable,
       {{"lab-node-0", "2"}, {"lab-node-1", ""}},
       false,
       false,
       false},
      {"header_korean",
       "노드         GPU수\nlab-node-0   2\nlab-node-1   <none>\n",
       AdvertisedFormat::kTable,
       {{"lab-node-0", "2"}, {"lab-node-1", ""}},
       false,
       false,
       false},
      // Class 2: a prompt, a comment, blank lines above the output.
      {"prompt_and_comment_above_table",
       "# 노드별 GPU\n$ kubectl get nodes -o custom-columns=...\n\nNAME GPU\nlab-node-0 2\nlab-node-1 <none>\n",
       AdvertisedFormat::kTable,
       {{"lab-node-0", "2"}, {"lab-node-1", ""}},
       false,
       false,
       false},
      {"prompt_above_json",
       std::string("user@lab:~/gpuwhy$ kubectl get nodes -o json\n") + kNodeListJson,
       AdvertisedFormat::kJson,
       {{"lab-node-0", "2"}, {"lab-node-1", ""}, {"lab-node-2", ""}},
       false,
       false,
       false},
      {"comment_above_yaml",
       std::string("# kubectl get nodes -o yaml\n") + kNodeListYaml,
       AdvertisedFormat::kYaml,
       {{"lab-node-0", "2"}, {"lab-node-1", ""}},
       false,
       false,
       false},
      {"warning_and_note_above_json",
       std::string("Warning: v1 ComponentStatus is deprecated\nnodes below:\n") + kNodeListJson,
       AdvertisedFormat::kJson,
       {{"lab-node-0", "2"}, {"lab-node-1", ""}, {"lab-node-2", ""}},
       false,
       false,
       false},
      {"klog_line_above_table",
       "W1130 05:23:35.123456   12345 loader.go:223] Config not found\nNAME GPU\nlab-node-0 2\n",
       AdvertisedFormat::kTable,
       {{"lab-node-0", "2"}},
       false,
       false,
       false},
      {"note_above_yaml",
       std::string("node list:\n") + kNodeListYaml,
       AdvertisedFormat::kYaml,
       {{"lab-node-0", "2"}, {"lab-node-1", ""}},
       false,
       false,
       false},
      // Class 3: jsonpath with other separators, one pair a line or the whole range on one.
      {"jsonpath_equals",
       "lab-node-0=2\nlab-node-1=\nlab-node-2=\n",
       AdvertisedFormat::kTable,
       {{"lab-node-0", "2"}, {"lab-node-1", ""}, {"lab-node-2", ""}},
       false,
       false,
       false},
      {"jsonpath_colon_space",
       "lab-node-0: 2\nlab-node-1: \nlab-node-2:\n",
       AdvertisedFormat::kTable,
       {{"lab-node-0", "2"}, {"lab-node-1", ""}, {"lab-node-2", ""}},
       false,
       false,
       false},
      {"jsonpath_one_line",
       "lab-node-0=2 lab-node-1= lab-node-2= ",
       AdvertisedFormat::kTable,
       {{"lab-node-0", "2"}, {"lab-node-1", ""}, {"lab-node-2", ""}},
       false,
       false,
       false},
      {"jsonpath_arrow_quoted",
       "lab-node-0 -> \"2\"\nlab-node-1 -> \"\"\n",
       AdvertisedFormat::kTable,
       {{"lab-node-0", "2"}, {"lab-node-1", ""}},
       false,
       false,
       false},
      {"jsonpath_equals_all_empty",
       "lab-node-0=\nlab-node-1=\n",
       AdvertisedFormat::kTable,
       {{"lab-node-0", ""}, {"lab-node-1", ""}},
       true,
       false,
       false},
      // Class 13: full-width text from an IME.
      {"full_width",
       "ＮＡＭＥ　ＧＰＵ\nｌａｂ－ｎｏｄｅ－０　２\n",
       AdvertisedFormat::kTable,
       {{"lab-node-0", "2"}},
       false,
       false,
       false},
      {"empty", "  \n\n", AdvertisedFormat::kUnknown, {}, false, false, true},
      {"broken_json", "{\"items\": [", AdvertisedFormat::kJson, {}, false, false, true},
  };
  return k;
}

class Advertised : public testing::TestWithParam<std::size_t> {};

TEST_P(Advertised, Reads) {
  const AdvCase& c = adv_cases()[GetParam()];
  const auto a = read_advertised(c.text);
  EXPECT_EQ(a.format, c.format) << to_string(a.format);
  EXPECT_EQ(a.all_none, c.all_none);
  EXPECT_EQ(a.bare_numbers, c.bare);
  EXPECT_EQ(!a.problem.empty(), c.problem) << a.problem;
  if (!c.problem && !c.bare) {
    EXPECT_EQ(a.amounts, c.amounts);
  }
}

INSTANTIATE_TEST_SUITE_P(KubectlShapes, Advertised, testing::Range<std::size_t>(0, adv_cases().size()),
                         [](const testing::TestParamInfo<std::size_t>& i) {
                           return std::string(adv_cases()[i.param].name);
                         });

// Class 14: the forms the held-out audit found misread, as a student saved them: the output
// pasted twice, another command's table first, `-o json` twice, a container's shell prompt,
// the GPU column first, a product label column headed GPU-PRODUCT before the amount.
TEST(Advertised, SeveralTablesPromptsAndColumnOrder) {
  const std::vector<std::pair<std::string, std::string>> cases{
      {"advertised-pasted-twice",
       R"ADV($ kubectl get nodes -o 'custom-columns=NAME:.metadata.name,GPU:.status.allocatable.nvidia\.com/gpu'
NAME         GPU
lab-node-0   2
lab-node-1   <none>
lab-node-2   <none>
$ kubectl get nodes -o 'custom-columns=NAME:.metadata.name,GPU:.status.allocatable.nvidia\.com/gpu'
NAME         GPU
lab-node-0   2
lab-node-1   <none>
lab-node-2   <none>
)ADV"},
      {"advertised-wide-then-custom-columns", R"ADV($ kubectl get nodes -o wide
NAME         STATUS   ROLES    AGE   VERSION   INTERNAL-IP   EXTERNAL-IP   OS-IMAGE    KERNEL-VERSION   CONTAINER-RUNTIME
lab-node-0   Ready    agent    12m   v1.34.0   10.0.0.1      <none>        <unknown>   <unknown>        <unknown>
lab-node-1   Ready    agent    12m   v1.34.0   10.0.0.2      <none>        <unknown>   <unknown>        <unknown>
lab-node-2   Ready    agent    12m   v1.34.0   10.0.0.3      <none>        <unknown>   <unknown>        <unknown>
$ kubectl get nodes -o 'custom-columns=NAME:.metadata.name,GPU:.status.allocatable.nvidia\.com/gpu'
NAME         GPU
lab-node-0   2
lab-node-1   <none>
lab-node-2   <none>
)ADV"},
      {"advertised-json-twice", "$ kubectl get nodes -o json\n" + std::string(kNodesOJson) +
                                    "$ kubectl get nodes -o json\n" + std::string(kNodesOJson)},
      {"advertised-bash-prompt",
       R"ADV(bash-5.1# kubectl get nodes -o 'custom-columns=NAME:.metadata.name,GPU:.status.allocatable.nvidia\.com/gpu'
NAME         GPU
lab-node-0   2
lab-node-1   <none>
lab-node-2   <none>
)ADV"},
      {"advertised-gpu-column-first", R"ADV(GPU      NAME
2        lab-node-0
<none>   lab-node-1
<none>   lab-node-2
)ADV"},
      {"advertised-gpu-product-column", R"ADV(NAME         GPU-PRODUCT             GPU
lab-node-0   NVIDIA-A100-SXM4-40GB   2
lab-node-1   <none>                  <none>
lab-node-2   <none>                  <none>
)ADV"},
  };
  for (const auto& [name, text] : cases) {
    const auto a = read_advertised(text);
    EXPECT_TRUE(a.problem.empty()) << name << ": " << a.problem;
    ASSERT_EQ(a.amounts.count("lab-node-0"), 1U) << name;
    EXPECT_EQ(a.amounts.at("lab-node-0"), "2") << name;
    EXPECT_EQ(a.amounts.size(), 3U) << name;
    for (const char* other : {"lab-node-1", "lab-node-2"}) EXPECT_EQ(a.amounts.at(other), "") << name;
  }
  // A wrong amount in the GPU column still shows, whichever column comes first.
  const auto wrong = read_advertised("GPU NAME\n1 lab-node-0\n<none> lab-node-1\n<none> lab-node-2\n");
  EXPECT_EQ(wrong.amounts.at("lab-node-0"), "1");
  // Prompt lines of a container shell or a lab host; a note after a value is not one.
  EXPECT_TRUE(text::is_noise_line("bash-5.1# kubectl get nodes"));
  EXPECT_TRUE(text::is_noise_line("controlplane $ kubectl get nodes"));
  EXPECT_TRUE(text::is_noise_line("sh-5.2$"));
  EXPECT_FALSE(text::is_noise_line("TAINT=nvidia.com/gpu=present:NoSchedule # note"));
  EXPECT_FALSE(text::is_noise_line("lab-node-0   2"));
}

// Where a form shows allocatable, that is the amount, `<none>` included: capacity 2 beside an
// allocatable without the GPU is the lab's classic mistake, not an advertised 2. The capacity
// shown beside it is kept, so the check can name the mistake. Capacity stands in only where
// the form shows no allocatable at all.
TEST(Advertised, AllocatableIsTheAmountWhereTheFormShowsIt) {
  const std::map<std::string, std::string> none_on_gpu_node{{"lab-node-0", ""}, {"lab-node-1", ""}, {"lab-node-2", ""}};
  const std::map<std::string, std::string> two_on_gpu_node{{"lab-node-0", "2"}, {"lab-node-1", ""}, {"lab-node-2", ""}};
  struct Case {
    const char* name;
    std::string text;
    std::map<std::string, std::string> amounts;
    std::string capacity_of_gpu_node;  // "-" when the form shows no capacity beside allocatable
  };
  const std::vector<Case> cases{
      {"columns-both-upper",
       "NAME         CAPACITY   ALLOCATABLE\nlab-node-0   2          <none>\nlab-node-1   <none>     <none>\n"
       "lab-node-2   <none>     <none>\n",
       none_on_gpu_node, "2"},
      {"columns-both-reversed",
       "name  alloc  cap\nlab-node-0  <none>  2\nlab-node-1  <none>  <none>\nlab-node-2  <none>  <none>\n",
       none_on_gpu_node, "2"},
      {"columns-both-set",
       "NAME CAPACITY ALLOCATABLE\nlab-node-0 2 2\nlab-node-1 <none> <none>\nlab-node-2 <none> <none>\n",
       two_on_gpu_node, "2"},
      {"no-headers-both", "lab-node-0   2   <none>\nlab-node-1   <none>   <none>\nlab-node-2   <none>   <none>\n",
       none_on_gpu_node, "2"},
      {"jsonpath-tab-both", "lab-node-0\t2\t\nlab-node-1\t\t\nlab-node-2\t\t\n", none_on_gpu_node, "2"},
      // The file's last line lost its trailing tabs to an editor: the other lines still count.
      {"jsonpath-tab-both-last-trimmed", "lab-node-1\t\t\nlab-node-2\t\t\nlab-node-0\t2", none_on_gpu_node, "2"},
      {"jsonpath-tab-both-set", "lab-node-0\t2\t2\nlab-node-1\t\t\nlab-node-2\t\t\n", two_on_gpu_node, "2"},
      {"jsonpath-tab-capacity-only-form", "lab-node-0\t2\nlab-node-1\t\nlab-node-2\t\n", two_on_gpu_node, "-"},
      {"capacity-column-only", "NAME GPU\nlab-node-0 2\nlab-node-1 <none>\nlab-node-2 <none>\n", two_on_gpu_node, "-"},
      {"json-allocatable-without-gpu",
       R"({"kind":"List","items":[
 {"metadata":{"name":"lab-node-0"},"status":{"capacity":{"cpu":"32","nvidia.com/gpu":"2"},"allocatable":{"cpu":"32"}}},
 {"metadata":{"name":"lab-node-1"},"status":{"capacity":{"cpu":"32"},"allocatable":{"cpu":"32"}}},
 {"metadata":{"name":"lab-node-2"},"status":{"capacity":{"cpu":"32"},"allocatable":{"cpu":"32"}}}]})",
       none_on_gpu_node, "2"},
      {"json-no-allocatable-map",
       R"({"kind":"List","items":[
 {"metadata":{"name":"lab-node-0"},"status":{"capacity":{"nvidia.com/gpu":"2"}}},
 {"metadata":{"name":"lab-node-1"},"status":{"capacity":{}}},
 {"metadata":{"name":"lab-node-2"},"status":{"capacity":{}}}]})",
       two_on_gpu_node, "-"},
      {"yaml-allocatable-without-gpu",
       "apiVersion: v1\nkind: List\nitems:\n- metadata:\n    name: lab-node-0\n  status:\n    allocatable:\n"
       "      cpu: \"32\"\n    capacity:\n      cpu: \"32\"\n      nvidia.com/gpu: \"2\"\n- metadata:\n    name: "
       "lab-node-1\n"
       "  status:\n    allocatable:\n      cpu: \"32\"\n    capacity:\n      cpu: \"32\"\n- metadata:\n"
       "    name: lab-node-2\n  status:\n    allocatable:\n      cpu: \"32\"\n    capacity:\n      cpu: \"32\"\n",
       none_on_gpu_node, "2"},
      {"describe-allocatable-without-gpu",
       "Name:               lab-node-0\nRoles:              agent\nCapacity:\n  cpu:             32\n"
       "  nvidia.com/gpu:  2\nAllocatable:\n  cpu:             32\nSystem Info:\n  Machine ID:\n"
       "Name:               lab-node-1\nCapacity:\n  cpu:  32\nAllocatable:\n  cpu:  32\n"
       "Name:               lab-node-2\nCapacity:\n  cpu:  32\nAllocatable:\n  cpu:  32\n",
       none_on_gpu_node, "2"},
      {"describe-both-set",
       "Name:               lab-node-0\nCapacity:\n  nvidia.com/gpu:  2\nAllocatable:\n  nvidia.com/gpu:  2\n"
       "Name:               lab-node-1\nCapacity:\n  cpu:  32\nAllocatable:\n  cpu:  32\n"
       "Name:               lab-node-2\nCapacity:\n  cpu:  32\nAllocatable:\n  cpu:  32\n",
       two_on_gpu_node, "2"},
  };
  for (const auto& c : cases) {
    const auto a = read_advertised(c.text);
    EXPECT_TRUE(a.problem.empty()) << c.name << ": " << a.problem;
    EXPECT_EQ(a.amounts, c.amounts) << c.name;
    const auto cap = a.capacity.find("lab-node-0");
    EXPECT_EQ(cap == a.capacity.end() ? std::string("-") : cap->second, c.capacity_of_gpu_node) << c.name;
    // Capacity 2 shown beside it: not the backslash pitfall (every amount <none>).
    EXPECT_FALSE(a.all_none) << c.name;
  }
  // Every column and field <none>: still the pitfall.
  EXPECT_TRUE(
      read_advertised("NAME CAPACITY ALLOCATABLE\nlab-node-0 <none> <none>\nlab-node-1 <none> <none>\n").all_none);
  EXPECT_TRUE(read_advertised("lab-node-0\t\t\nlab-node-1\t\t\n").all_none);
}

// Every shape kubectl, jq or a shell give the facts in is read for them, by class: the amounts
// of the three nodes (lab-node-0 allocatable 2, the others none), whatever the shape.
TEST(Advertised, ReadsTheFactsOfEveryShape) {
  const std::map<std::string, std::string> want{{"lab-node-0", "2"}, {"lab-node-1", ""}, {"lab-node-2", ""}};
  const std::vector<std::pair<const char*, std::string>> shapes{
      {"go-template <no value>", "lab-node-0 2\nlab-node-1 <no value>\nlab-node-2 <no value>\n"},
      {"go-template map",
       "lab-node-0 map[cpu:32 memory:256Gi nvidia.com/gpu:2 pods:110]\n"
       "lab-node-1 map[cpu:32 memory:256Gi pods:110]\nlab-node-2 map[cpu:32 pods:110]\n"},
      {"jsonpath map",
       "lab-node-0\t{\"cpu\":\"32\",\"nvidia.com/gpu\":\"2\"}\nlab-node-1\t{\"cpu\":\"32\"}\n"
       "lab-node-2\t{\"cpu\":\"32\"}\n"},
      {"-o name", "node/lab-node-0 2\nnode/lab-node-1\nnode/lab-node-2\n"},
      {"-o name pasted", "node/lab-node-0\t2\nnode/lab-node-1\t\nnode/lab-node-2\t\n"},
      {"script",
       "Script started on 2026-12-04 21:53:35+00:00 [COMMAND=\"kubectl get nodes\" TERM=\"xterm\"]\n"
       "NAME         GPU\nlab-node-0   2\nlab-node-1   <none>\nlab-node-2   <none>\n\n"
       "Script done on 2026-12-04 21:53:36+00:00 [COMMAND_EXIT_CODE=\"0\"]\n"},
      {"interactive script",
       "\x1b[?2004hbash-5.2# kubectl get nodes\n\x1b[?2004l\nNAME         GPU\nlab-node-0   2\nlab-node-1   <none>\n"
       "lab-node-2   <none>\n\x1b[?2004hbash-5.2# exit\n\x1b[?2004l\nexit\n"},
      {"jq objects",
       "{\n  \"node\": \"lab-node-0\",\n  \"gpu\": \"2\"\n}\n{\n  \"node\": \"lab-node-1\",\n  \"gpu\": null\n}\n"
       "{\n  \"node\": \"lab-node-2\",\n  \"gpu\": null\n}\n"},
      {"jq coloured",
       "\x1b[1;39m[\x1b[0m\"lab-node-0\",\"2\"\x1b[1;39m]\x1b[0m\n[\"lab-node-1\",null]\n[\"lab-node-2\",null]\n"},
      {"jq lines",
       "{\"name\":\"lab-node-0\",\"allocatable\":\"2\"}\n{\"name\":\"lab-node-1\",\"allocatable\":null}\n"
       "{\"name\":\"lab-node-2\",\"allocatable\":null}\n"},
      {"jq pairs", "[[\"lab-node-0\",\"2\"],[\"lab-node-1\",null],[\"lab-node-2\",null]]"},
      {"jq from_entries", "{\"lab-node-0\": \"2\", \"lab-node-1\": null, \"lab-node-2\": null}"},
      {"jq nested",
       "[{\"name\":\"lab-node-0\",\"allocatable\":{\"cpu\":\"32\",\"nvidia.com/gpu\":\"2\"}},"
       "{\"name\":\"lab-node-1\",\"allocatable\":{\"cpu\":\"32\"}},{\"name\":\"lab-node-2\",\"allocatable\":{\"cpu\":"
       "\"32\"}}]"},
      {"jq name then map",
       "\"lab-node-0\"\n{\"cpu\":\"32\",\"nvidia.com/gpu\":\"2\"}\n\"lab-node-1\"\n{\"cpu\":\"32\"}\n"
       "\"lab-node-2\"\n{\"cpu\":\"32\"}\n"},
      {"jq -r", "lab-node-0 2\nlab-node-1 null\nlab-node-2 null\n"},
      {"jq strings", "\"lab-node-0 2\"\n\"lab-node-1 none\"\n\"lab-node-2 none\"\n"},
      {"jq filtered maps", "{\"lab-node-0\":{\"nvidia.com/gpu\":\"2\"},\"lab-node-1\":{},\"lab-node-2\":{}}"},
      {"jq @csv", "\"lab-node-0\",\"2\",\"2\"\n\"lab-node-1\",,\n\"lab-node-2\",,\n"},
      {"jq -r // none", "lab-node-0: 2\nlab-node-1: none\nlab-node-2: none\n"},
      {"go-template printf", "lab-node-0=2\nlab-node-1=<nil>\nlab-node-2=<nil>\n"},
      {"custom-columns map",
       "NAME         ALLOCATABLE\nlab-node-0   map[cpu:32 nvidia.com/gpu:2 pods:110]\n"
       "lab-node-1   map[cpu:32 pods:110]\nlab-node-2   map[cpu:32 pods:110]\n"},
      {"watch",
       "Every 2.0s: kubectl get nodes -o custom-columns=...   host: Fri Dec  4 22:09:27 2026\n\n"
       "NAME         GPU\nlab-node-0   2\nlab-node-1   <none>\nlab-node-2   <none>\n"},
  };
  for (const auto& [name, text] : shapes) {
    const auto a = read_advertised(text);
    EXPECT_TRUE(a.problem.empty()) << name << ": " << a.problem;
    EXPECT_FALSE(a.bare_numbers) << name;
    EXPECT_EQ(a.amounts, want) << name;
  }
  // Both maps shown: allocatable is the amount, capacity kept beside it.
  const auto both = read_advertised(
      "{\"lab-node-0\":{\"capacity\":{\"cpu\":\"32\",\"nvidia.com/gpu\":\"2\"},\"allocatable\":{\"cpu\":\"32\"}},"
      "\"lab-node-1\":{\"capacity\":{\"cpu\":\"32\"},\"allocatable\":{\"cpu\":\"32\"}}}");
  EXPECT_EQ(both.amounts.at("lab-node-0"), "");
  EXPECT_EQ(both.capacity.at("lab-node-0"), "2");
  // A delimited row keeps its empty fields in place: capacity 2, allocatable empty.
  const auto csv = read_advertised("\"lab-node-0\",\"2\",\n\"lab-node-1\",,\n");
  EXPECT_EQ(csv.amounts.at("lab-node-0"), "");
  EXPECT_EQ(csv.capacity.at("lab-node-0"), "2");
  // Amounts without names: bare numbers, each amount read kept for the hint.
  for (const std::string text : {"\"2\"\nnull\nnull\n", "[{\"cpu\":\"32\",\"nvidia.com/gpu\":\"2\"},{\"cpu\":\"32\"}]",
                                 "{\"cpu\":\"32\",\"nvidia.com/gpu\":\"2\"} {\"cpu\":\"32\"}"}) {
    const auto a = read_advertised(text);
    EXPECT_TRUE(a.bare_numbers) << text;
    EXPECT_TRUE(a.amounts.empty()) << text;
    ASSERT_FALSE(a.bare.empty()) << text;
    EXPECT_EQ(a.bare.front(), "2") << text;
  }
  // The amount of the wrong node is read as it is paired.
  const auto wrong = read_advertised("{\"lab-node-0\":null,\"lab-node-1\":null,\"lab-node-2\":\"2\"}");
  EXPECT_EQ(wrong.amounts.at("lab-node-2"), "2");
  EXPECT_EQ(wrong.amounts.at("lab-node-0"), "");
}

TEST(Advertised, DecodesBomCrlfAndUtf16First) {
  StudentFile f{StudentFile::State::kOk, "\xEF\xBB\xBFNAME         GPU\r\nlab-node-0   2\r\nlab-node-1   <none>\r\n",
                "", 0};
  auto t = decode_file(f);
  ASSERT_EQ(t.problem, FileProblem::kNone);
  auto a = read_advertised(t.text);
  EXPECT_EQ(a.amounts.at("lab-node-0"), "2");
  EXPECT_EQ(a.amounts.at("lab-node-1"), "");

  std::string utf16 = "\xFF\xFE";
  for (char ch : std::string("lab-node-0\t2\n")) {
    utf16 += ch;
    utf16 += '\0';
  }
  t = decode_file(StudentFile{StudentFile::State::kOk, utf16, "", 0});
  ASSERT_EQ(t.problem, FileProblem::kNone);
  EXPECT_EQ(read_advertised(t.text).amounts.at("lab-node-0"), "2");
}

TEST(DecodeFile, NamesEveryProblem) {
  EXPECT_EQ(decode_file(StudentFile{}).problem, FileProblem::kMissing);
  EXPECT_EQ(decode_file(StudentFile{StudentFile::State::kTooLarge, "", "2 MiB", 0}).problem, FileProblem::kTooLarge);
  EXPECT_EQ(decode_file(StudentFile{StudentFile::State::kNotRegular, "", "a folder", 0}).problem,
            FileProblem::kNotRegular);
  EXPECT_EQ(decode_file(StudentFile{StudentFile::State::kUnreadable, "", "EACCES", 0}).problem,
            FileProblem::kUnreadable);
  const auto bin = decode_file(StudentFile{StudentFile::State::kOk, std::string("a\0b", 3), "", 3});
  EXPECT_EQ(bin.problem, FileProblem::kNotText);
  EXPECT_FALSE(bin.reason.empty());
  EXPECT_EQ(decode_file(StudentFile{StudentFile::State::kOk, std::string(2UL * 1024 * 1024, 'a'), "", 0}).problem,
            FileProblem::kTooLarge);
}

// ---- quantities ----------------------------------------------------------------------------

TEST(Quantity, ParsesKubernetesForms) {
  const std::vector<std::pair<std::string, std::optional<long long>>> cases{{"2", 2000},
                                                                            {"\"2\"", 2000},
                                                                            {"500m", 500},
                                                                            {"0.5", 500},
                                                                            {"1.5", 1500},
                                                                            {"1k", 1000000},
                                                                            {"1Ki", 1024000},
                                                                            {"1e3", 1000000},
                                                                            {"0", 0},
                                                                            {" 3 ", 3000},
                                                                            {"abc", std::nullopt},
                                                                            {"", std::nullopt},
                                                                            {"2x", std::nullopt},
                                                                            {"<none>", std::nullopt},
                                                                            {"-1", -1000}};
  for (const auto& [in, want] : cases) EXPECT_EQ(quantity_milli(in), want) << in;
  EXPECT_EQ(json_quantity_milli(nlohmann::json(1)), 1000);
  EXPECT_EQ(json_quantity_milli(nlohmann::json(0.5)), 500);
  EXPECT_EQ(json_quantity_milli(nlohmann::json("500m")), 500);
  EXPECT_EQ(json_quantity_milli(nlohmann::json(true)), std::nullopt);
}

// ---- rejected.txt --------------------------------------------------------------------------

TEST(Rejected, CapturedSolution) {
  const auto r = read_rejected(
      "The Pod \"bad-mismatch\" is invalid: spec.containers[0].resources.requests: Invalid value: \"2\": must be "
      "equal to nvidia.com/gpu limit of 1\n"
      "The Pod \"bad-fraction\" is invalid: \n"
      "* spec.containers[0].resources.limits[nvidia.com/gpu]: Invalid value: \"500m\": must be an integer\n"
      "* spec.containers[0].resources.requests[nvidia.com/gpu]: Invalid value: \"500m\": must be an integer\n");
  ASSERT_EQ(r.rejections.size(), 2U);
  EXPECT_EQ(r.rejections[0].pod, "bad-mismatch");
  EXPECT_TRUE(r.rejections[0].kinds.mismatch);
  EXPECT_FALSE(r.rejections[0].kinds.fraction);
  EXPECT_EQ(r.rejections[1].pod, "bad-fraction");
  EXPECT_EQ(r.rejections[1].causes.size(), 2U);
  EXPECT_TRUE(r.rejections[1].kinds.fraction);
}

TEST(Rejected, OtherShapes) {
  // Aggregate of two objects in one apply, old wording without " of N", CRLF.
  auto r = read_rejected(
      "Error from server (Invalid): error when creating \"k8s/bad.yaml\": Pod \"bad-mismatch\" is invalid: "
      "spec.containers[0].resources.requests: Invalid value: \"2\": must be equal to nvidia.com/gpu limit\r\n"
      "Error from server (Invalid): error when creating \"k8s/bad.yaml\": Pod \"bad-fraction\" is invalid: "
      "spec.containers[0].resources.limits[nvidia.com/gpu]: Invalid value: resource.Quantity{i:resource.int64Amount{"
      "value:5, scale:-1}, d:resource.infDecAmount{Dec:(*inf.Dec)(nil)}, s:\"\", Format:\"DecimalSI\"}: must be an "
      "integer\r\n");
  ASSERT_EQ(r.rejections.size(), 2U);
  EXPECT_TRUE(r.rejections[0].kinds.mismatch);
  EXPECT_EQ(r.rejections[1].pod, "bad-fraction");
  EXPECT_TRUE(r.rejections[1].kinds.fraction);
  // Only the second (overwritten file).
  r = read_rejected(
      "The Pod \"bad-fraction\" is invalid: \n* spec.containers[0].resources.limits[nvidia.com/gpu]: Invalid value: "
      "\"500m\": must be an integer\n");
  ASSERT_EQ(r.rejections.size(), 1U);
  EXPECT_TRUE(r.rejections[0].kinds.fraction);
  // stdout only: nothing.
  EXPECT_TRUE(read_rejected("").rejections.empty());
  EXPECT_TRUE(read_rejected("pod/trainer created\n").rejections.empty());
}

// Class 6: either order, a wrapped cause, prompts between, a message that shows both rules.
TEST(Rejected, AnyOrderWrappedAndBothRules) {
  const std::string mismatch =
      "The Pod \"bad-mismatch\" is invalid: spec.containers[0].resources.requests: Invalid value: \"2\": must be "
      "equal to nvidia.com/gpu limit of 1\n";
  const std::string fraction_wrapped =
      "The Pod \"bad-fraction\" is invalid: \n"
      "* spec.containers[0].resources.limits[nvidia.com/gpu]: Invalid value: "
      "resource.Quantity{i:resource.int64Amount{\n"
      "value:5, scale:-1}, s:\"\", Format:\"DecimalSI\"}:\n"
      "must be an integer\n";
  auto r = read_rejected("$ kubectl apply -f k8s/bad-fraction.yaml 2>&1 | tee -a out/rejected.txt\n" +
                         fraction_wrapped + "# 두 번째\n$ kubectl apply -f k8s/bad-mismatch.yaml\n" + mismatch);
  ASSERT_EQ(r.rejections.size(), 2U);
  EXPECT_TRUE(r.rejections[0].kinds.fraction) << "a cause wrapped over three lines is one cause";
  EXPECT_FALSE(r.rejections[0].kinds.mismatch);
  EXPECT_TRUE(r.rejections[1].kinds.mismatch);
  // A 0.5 request with limit 1: one refusal, both rules.
  r = read_rejected(
      "The Pod \"bad-fraction\" is invalid: \n"
      "* spec.containers[0].resources.requests: Invalid value: \"500m\": must be equal to nvidia.com/gpu limit of 1\n"
      "* spec.containers[0].resources.requests[nvidia.com/gpu]: Invalid value: \"500m\": must be an integer\n");
  ASSERT_EQ(r.rejections.size(), 1U);
  EXPECT_TRUE(r.rejections[0].kinds.mismatch);
  EXPECT_TRUE(r.rejections[0].kinds.fraction);
  // A comment that quotes the phrase is not a rejection.
  EXPECT_TRUE(read_rejected("# must be an integer 에러가 나야 함\n").rejections.empty());
  // Nor is a note without the comment sign: a rejection is the apiserver's, framed by kubectl's
  // header or in the apiserver's own `<field>: Invalid value: ...` form.
  for (const char* note : {"note: the first one must be equal to the limit\n",
                           "requests must be equal to limits, and the amount must be an integer\n",
                           "요청과 제한은 must be equal to 여야 하고 must be an integer 여야 함\n",
                           "Limit must be set 이라고 나와야 합니다\n"}) {
    EXPECT_TRUE(read_rejected(note).rejections.empty()) << note;
  }
  r = read_rejected(
      "spec.containers[0].resources.requests: Invalid value: \"2\": must be equal to nvidia.com/gpu limit of 1\n\n"
      "* spec.containers[0].resources.limits[nvidia.com/gpu]: Invalid value: \"500m\": must be an integer\n");
  ASSERT_EQ(r.rejections.size(), 2U) << "the causes without their headers are still the apiserver's";
  EXPECT_TRUE(r.rejections[0].kinds.mismatch);
  EXPECT_TRUE(r.rejections[1].kinds.fraction);
  // Two rejections on one line (`echo $(...)`, joined by hand): each is its own.
  const std::string m =
      "The Pod \"bad-mismatch\" is invalid: spec.containers[0].resources.requests: Invalid value: \"2\": must be equal "
      "to nvidia.com/gpu limit of 1";
  const std::string f =
      "The Pod \"bad-fraction\" is invalid: spec.containers[0].resources.limits[nvidia.com/gpu]: Invalid value: "
      "\"500m\": must be an integer";
  const std::string e =
      "Error from server (Invalid): error when creating \"k8s/bad-fraction.yaml\": Pod \"bad-fraction\" is invalid: "
      "spec.containers[0].resources.limits[nvidia.com/gpu]: Invalid value: \"500m\": must be an integer";
  const auto join = [](const std::string& a, const char* sep, const std::string& b) {
    std::string out = a;
    out += sep;
    out += b;
    return out;
  };
  for (const std::string& line :
       {join(m, " ; ", f), join(m, " ", f), join(m, ", ", f), join(f, " ", m), join(m, " ", e)}) {
    r = read_rejected(line + "\n");
    ASSERT_EQ(r.rejections.size(), 2U) << line;
    EXPECT_NE(r.rejections[0].kinds.mismatch, r.rejections[1].kinds.mismatch) << line;
    EXPECT_NE(r.rejections[0].kinds.fraction, r.rejections[1].kinds.fraction) << line;
    EXPECT_EQ(r.rejections[0].pod == "bad-mismatch", r.rejections[1].pod == "bad-fraction") << line;
  }
}

// Classes 4 and 5: every message in the file, from every kubectl output.
TEST(SchedulerFile, EveryMessageInEveryForm) {
  const std::string taint =
      "0/3 nodes are available: 1 node(s) had untolerated taint {nvidia.com/gpu: present}, 2 node(s) didn't match "
      "Pod's node affinity/selector. preemption: 0/3 nodes are available: 3 Preemption is not helpful for scheduling.";
  const std::string insufficient =
      "0/3 nodes are available: 3 Insufficient nvidia.com/gpu. preemption: 0/3 nodes are available: 1 No preemption "
      "victims found for incoming pod, 2 Preemption is not helpful for scheduling.";
  // Plain, then both kinds in one file: two messages, tails not counted as messages.
  auto m = read_scheduler_file(taint + "\n" + insufficient + "\n");
  ASSERT_EQ(m.size(), 2U);
  EXPECT_TRUE(m[0].blames_taint());
  EXPECT_TRUE(m[1].insufficient("nvidia.com/gpu"));
  // -o yaml: single-quoted, '' for ', folded.
  m = read_scheduler_file(
      "  - lastProbeTime: null\n    message: '0/3 nodes are available: 1 node(s) had untolerated taint "
      "{nvidia.com/gpu:\n"
      "      present}, 2 node(s) didn''t match Pod''s node affinity/selector. preemption:\n"
      "      0/3 nodes are available: 3 Preemption is not helpful for scheduling.'\n    reason: Unschedulable\n");
  ASSERT_EQ(m.size(), 1U);
  EXPECT_EQ(m[0].reasons.size(), 2U);
  EXPECT_TRUE(m[0].blames_taint());
  EXPECT_TRUE(m[0].blames_selector()) << m[0].main;
  // -o json fragment that does not parse on its own: escapes undone as text.
  m = read_scheduler_file(
      "\"message\": \"0/3 nodes are available: 3 Insufficient nvidia.com/gpu. preemption: 0/3 nodes "
      "are available: 3 Preemption is not helpful for scheduling.\",\n\"reason\": \"Unschedulable\"");
  ASSERT_EQ(m.size(), 1U);
  EXPECT_TRUE(m[0].insufficient("nvidia.com/gpu"));
  EXPECT_EQ(m[0].reasons.size(), 1U);
  // Old wording without a tail, closed by a YAML quote: the next field is not a reason.
  m = read_scheduler_file(
      "message: '0/3 nodes are available: 3 Insufficient nvidia.com/gpu.'\nreason: Unschedulable\n");
  ASSERT_EQ(m.size(), 1U);
  EXPECT_EQ(m[0].reasons.size(), 1U);
  // get events: one message a row.
  m = read_scheduler_file(
      "LAST SEEN   TYPE      REASON             OBJECT         MESSAGE\n"
      "10s         Warning   FailedScheduling   pod/trainer3   " +
      insufficient + "\n5s          Warning   FailedScheduling   pod/trainer3   " + insufficient + "\n");
  ASSERT_EQ(m.size(), 2U);
  EXPECT_TRUE(m[1].insufficient("nvidia.com/gpu"));
  EXPECT_EQ(m[0].available, 0) << "the 3 of pod/trainer3 is not part of 0/3";
  EXPECT_EQ(m[0].total, 3);
  // A terminal that wrapped the message in the middle of words.
  m = read_scheduler_file(
      "0/3 nodes are avai\nlable: 1 node(s) had untoler\nated taint {nvidia.com/gpu: present}, 2 no\n"
      "de(s) didn't match Pod's node affinity/selector. preemption: 0/3 nodes are available: 3 "
      "Preemption is not helpful for scheduling.");
  ASSERT_EQ(m.size(), 1U);
  EXPECT_TRUE(m[0].blames_taint());
  EXPECT_TRUE(m[0].blames_selector());
  EXPECT_TRUE(read_scheduler_file("# 0/3 nodes are available: 3 Insufficient nvidia.com/gpu.\n").empty())
      << "a comment is not a message";
}

// ---- gate-report.txt -----------------------------------------------------------------------

TEST(GateReport, Solution) {
  const auto g = read_gate_report(
      "ALLOCATABLE=2\nUSED=2\nPENDING=2\nTAINT=nvidia.com/gpu=present:NoSchedule\nREQUESTS_EQUAL_LIMITS=yes\n"
      "FRACTIONAL=no\nSCHEDULER_SEES=numbers\n");
  EXPECT_EQ(g.nonblank_lines, 7);
  EXPECT_TRUE(g.missing.empty());
  EXPECT_TRUE(g.malformed.empty());
  EXPECT_EQ(g.values.at("TAINT"), "nvidia.com/gpu=present:NoSchedule");
  EXPECT_EQ(g.values.at("USED"), "2");
}

TEST(GateReport, ColonSpacesOrderCaseAndBlankLines) {
  const auto g = read_gate_report(
      "\nSCHEDULER_SEES : numbers\n\nTAINT: nvidia.com/gpu=present:NoSchedule\r\nallocatable = 2\nUSED=  2  \n"
      "PENDING:2\nREQUESTS_EQUAL_LIMITS=\"yes\"\nFRACTIONAL = no\n");
  EXPECT_EQ(g.nonblank_lines, 7);
  EXPECT_TRUE(g.missing.empty());
  EXPECT_TRUE(g.malformed.empty()) << g.malformed.front();
  EXPECT_EQ(g.values.at("ALLOCATABLE"), "2");
  EXPECT_EQ(g.values.at("TAINT"), "nvidia.com/gpu=present:NoSchedule");
  EXPECT_EQ(g.values.at("REQUESTS_EQUAL_LIMITS"), "yes");
  EXPECT_EQ(g.values.at("USED"), "2");
}

// SPEC: exactly seven non-blank lines. A comment, a prompt or a fence is an eighth line (the
// format fails), and a value with a note after it is still its line.
TEST(GateReport, CommentsAreLinesAndNotesStayOnTheirLine) {
  const auto g = read_gate_report(
      "# 8단계\nALLOCATABLE=2\nUSED=2 # kubectl describe node lab-node-0\nPENDING=2 # kubectl get pods\n"
      "TAINT=nvidia.com/gpu=present:NoSchedule\nREQUESTS_EQUAL_LIMITS=yes\nFRACTIONAL=no\nSCHEDULER_SEES=numbers\n");
  EXPECT_EQ(g.nonblank_lines, 8);
  EXPECT_EQ(g.malformed, (std::vector<std::string>{"# 8단계"}));
  EXPECT_TRUE(g.missing.empty());
  EXPECT_EQ(g.values.at("USED"), "2 # kubectl describe node lab-node-0");
  EXPECT_EQ(g.values.at("PENDING"), "2 # kubectl get pods");
}

TEST(GateReport, Problems) {
  const auto g = read_gate_report("USED=2\nUSED=3\nPENDING=1\nPENDING=1\nCOLOR=blue\njust words\n=2\nTAINT=\n");
  EXPECT_EQ(g.duplicates, (std::vector<std::string>{"USED", "PENDING"}));
  EXPECT_EQ(g.conflicting, (std::vector<std::string>{"USED"}));
  EXPECT_EQ(g.unknown, (std::vector<std::string>{"COLOR"}));
  EXPECT_EQ(g.malformed, (std::vector<std::string>{"just words", "=2"}));
  EXPECT_EQ(g.missing,
            (std::vector<std::string>{"ALLOCATABLE", "REQUESTS_EQUAL_LIMITS", "FRACTIONAL", "SCHEDULER_SEES"}));
  EXPECT_EQ(g.values.at("USED"), "2");
  EXPECT_EQ(g.values.at("TAINT"), "");
  EXPECT_EQ(g.nonblank_lines, 8);
}

// ---- answer words --------------------------------------------------------------------------

TEST(AnswerWords, EveryRowOfTheTable) {
  std::set<std::string> seen;
  for (const auto& row : answer_words()) {
    EXPECT_TRUE(seen.insert(std::string(row.word)).second) << "duplicate word " << row.word;
    // A negator alone ("not", "아님") is a no.
    const Answer want = row.answer == Answer::kNegator ? Answer::kNegative : row.answer;
    EXPECT_EQ(classify_answer(row.word), want) << row.word;
    std::string upper(row.word);
    for (char& ch : upper) {
      if (ch >= 'a' && ch <= 'z') ch = static_cast<char>(ch - 'a' + 'A');
    }
    EXPECT_EQ(classify_answer(upper), want) << upper;
  }
}

TEST(AnswerWords, SpecExamplesAndForms) {
  using A = Answer;
  const std::vector<std::pair<std::string, A>> cases{{"yes", A::kAffirmative},
                                                     {"True", A::kAffirmative},
                                                     {"REQUIRED", A::kAffirmative},
                                                     {"must", A::kAffirmative},
                                                     {"equal", A::kAffirmative},
                                                     {"same", A::kAffirmative},
                                                     {"예", A::kAffirmative},
                                                     {"네", A::kAffirmative},
                                                     {"필수", A::kAffirmative},
                                                     {"같음", A::kAffirmative},
                                                     {"はい", A::kAffirmative},
                                                     {"\"yes\"", A::kAffirmative},
                                                     {"yes.", A::kAffirmative},
                                                     {"yes, they must", A::kAffirmative},
                                                     {"no", A::kNegative},
                                                     {"false", A::kNegative},
                                                     {"Rejected", A::kNegative},
                                                     {"forbidden", A::kNegative},
                                                     {"invalid", A::kNegative},
                                                     {"denied", A::kNegative},
                                                     {"불가", A::kNegative},
                                                     {"거절", A::kNegative},
                                                     {"금지", A::kNegative},
                                                     {"not allowed", A::kNegative},
                                                     {"いいえ", A::kNegative},
                                                     {"不可", A::kNegative},
                                                     {"number", A::kNumbers},
                                                     {"Numbers", A::kNumbers},
                                                     {"count", A::kNumbers},
                                                     {"quantity", A::kNumbers},
                                                     {"allocatable", A::kNumbers},
                                                     {"숫자", A::kNumbers},
                                                     {"数字", A::kNumbers},
                                                     {"devices", A::kDevices},
                                                     {"GPU", A::kDevices},
                                                     {"hardware", A::kDevices},
                                                     {"장치", A::kDevices},
                                                     {"デバイス", A::kDevices},
                                                     {"maybe", A::kUnknown},
                                                     {"", A::kUnknown},
                                                     {"2", A::kUnknown}};
  for (const auto& [in, want] : cases) EXPECT_EQ(classify_answer(in), want) << in;
}

// Class 7: the forms students really write, in Korean and Japanese too; one answer with an
// explanation reads by its answer; both a yes and a no is ambiguous.
TEST(AnswerWords, StudentForms) {
  using A = Answer;
  const std::vector<std::pair<std::string, A>> cases{{"일치", A::kAffirmative},
                                                     {"같아야 함", A::kAffirmative},
                                                     {"필수임", A::kAffirmative},
                                                     {"예 (같아야 함)", A::kAffirmative},
                                                     {"네, 동일해야 합니다", A::kAffirmative},
                                                     {"必須です", A::kAffirmative},
                                                     {"同じ", A::kAffirmative},
                                                     {"yes (must be equal)", A::kAffirmative},
                                                     {"must be equal", A::kAffirmative},
                                                     {"ＹＥＳ", A::kAffirmative},
                                                     {"거절됨", A::kNegative},
                                                     {"금지됨", A::kNegative},
                                                     {"불가능", A::kNegative},
                                                     {"안 됨", A::kNegative},
                                                     {"안됨", A::kNegative},
                                                     {"아니요, 정수만 가능", A::kNegative},
                                                     {"정수만", A::kNegative},
                                                     {"いいえ", A::kNegative},
                                                     {"不可能", A::kNegative},
                                                     {"整数のみ", A::kNegative},
                                                     {"no, must be an integer", A::kNegative},
                                                     {"no (not allowed)", A::kNegative},
                                                     {"must be an integer", A::kNegative},
                                                     {"not equal", A::kNegative},
                                                     {"같지 않음", A::kNegative},
                                                     {"not required", A::kNegative},
                                                     {"숫자만", A::kNumbers},
                                                     {"숫자임", A::kNumbers},
                                                     {"개수", A::kNumbers},
                                                     {"GPU 개수", A::kNumbers},
                                                     {"GPU count", A::kNumbers},
                                                     {"number of GPUs", A::kNumbers},
                                                     {"数値", A::kNumbers},
                                                     {"GPUの個数", A::kNumbers},
                                                     {"숫자로 봄", A::kNumbers},
                                                     {"必要ない", A::kNegative},
                                                     {"필수 아님", A::kNegative},
                                                     {"GPU", A::kDevices},
                                                     {"장치", A::kDevices},
                                                     {"physical devices", A::kDevices},
                                                     {"yes/no", A::kAmbiguous},
                                                     {"yes no", A::kAmbiguous},
                                                     {"n/a", A::kAmbiguous},
                                                     {"N/A", A::kAmbiguous},
                                                     {"예/아니오", A::kAmbiguous},
                                                     {"true / false", A::kAmbiguous},
                                                     {"?", A::kAmbiguous}};
  for (const auto& [in, want] : cases)
    EXPECT_EQ(classify_answer(in), want) << in << " -> " << to_string(classify_answer(in));
}

// Class 7b: the answers the held-out audit found misread. "Not A but B" in three languages means
// B (the negated word is after an English negator, before a Korean or Japanese one); "must be
// whole" restricts; the Korean polite endings (-습니다, -합니다, -됩니다) and the quiz marks O / X.
TEST(AnswerWords, ContrastsPoliteEndingsAndMarks) {
  using A = Answer;
  const std::vector<std::pair<std::string, A>> cases{
      {"not devices but numbers", A::kNumbers},
      {"not devices, numbers", A::kNumbers},
      {"Not the GPUs themselves but the numbers in node status", A::kNumbers},
      {"numbers rather than devices", A::kNumbers},
      {"numbers instead of devices", A::kNumbers},
      {"numbers, not devices", A::kNumbers},
      {"장치가 아니라 숫자", A::kNumbers},
      {"장치가 아니라 숫자를 봄", A::kNumbers},
      {"실제 장치 말고 개수", A::kNumbers},
      {"장치 대신 숫자", A::kNumbers},
      {"デバイスではなく数", A::kNumbers},
      {"デバイスじゃなくて数値", A::kNumbers},
      {"not numbers but devices", A::kDevices},
      {"숫자가 아니라 장치", A::kDevices},
      {"数ではなくデバイス", A::kDevices},
      {"devices rather than numbers", A::kDevices},
      {"GPU 개수", A::kNumbers},
      {"must be a whole number", A::kNegative},
      {"must be whole numbers", A::kNegative},
      {"must be integers", A::kNegative},
      {"only integer", A::kNegative},
      {"no, GPU counts must be integers", A::kNegative},
      {"안 됩니다", A::kNegative},
      {"안됩니다", A::kNegative},
      {"허용되지 않습니다", A::kNegative},
      {"아닙니다", A::kNegative},
      {"불가능합니다", A::kNegative},
      {"거절됩니다", A::kNegative},
      {"できません", A::kNegative},
      {"必要ありません", A::kNegative},
      {"같습니다", A::kAffirmative},
      {"맞습니다", A::kAffirmative},
      {"필요합니다", A::kAffirmative},
      {"동일합니다", A::kAffirmative},
      {"같지 않습니다", A::kNegative},
      {"O", A::kAffirmative},
      {"X", A::kNegative},
      {"\u25CB", A::kAffirmative},
      {"\u00D7", A::kNegative}};
  for (const auto& [in, want] : cases)
    EXPECT_EQ(classify_answer(in), want) << in << " -> " << to_string(classify_answer(in));
}

// Class 13: decomposed Hangul (macOS) reads like composed.
// The second audit: a no-word turned around by a negator next to it says yes (`not rejected`,
// `금지 아님`), contractions are words (`isn't`), and an answer whose words say nothing (`not
// numbers`) is not read from its explanation.
TEST(AnswerWords, NegatedNoWordsContractionsAndEmptyAnswers) {
  using A = Answer;
  const std::vector<std::pair<std::string, Answer>> cases{
      // fractional allowed after all: the wrong answer to FRACTIONAL
      {"not rejected", A::kAffirmative},
      {"not forbidden", A::kAffirmative},
      {"not invalid", A::kAffirmative},
      {"not denied", A::kAffirmative},
      {"not false", A::kAffirmative},
      {"isn't rejected", A::kAffirmative},
      {"isn\u2019t rejected", A::kAffirmative},
      {"never rejected", A::kAffirmative},
      {"no longer rejected", A::kAffirmative},
      {"allowed (not rejected)", A::kAffirmative},
      {"거절 안 됨", A::kAffirmative},
      {"금지 아님", A::kAffirmative},
      {"거절되지 않음", A::kAffirmative},
      {"禁止ではない", A::kAffirmative},
      // still no
      {"no", A::kNegative},
      {"never", A::kNegative},
      {"rejected", A::kNegative},
      {"not allowed", A::kNegative},
      {"no, not allowed", A::kNegative},
      {"안 됨", A::kNegative},
      {"불가, 안 됨", A::kNegative},
      {"소수는 안 됨", A::kNegative},
      {"허용되지 않음", A::kNegative},
      {"no (must be an integer)", A::kNegative},
      // REQUESTS_EQUAL_LIMITS turned around
      {"isn't required", A::kNegative},
      {"don't have to be equal", A::kNegative},
      {"doesn't need to be the same", A::kNegative},
      {"required", A::kAffirmative},
      // SCHEDULER_SEES: the count denied is no numbers answer
      {"not numbers", A::kUnknown},
      {"not count", A::kUnknown},
      {"숫자 아님", A::kUnknown},
      {"numbers", A::kNumbers},
      {"not devices but numbers", A::kNumbers},
      // no answer at all
      {"I don't know", A::kAmbiguous},
      {"모름", A::kAmbiguous},
      {"わからない", A::kAmbiguous},
  };
  for (const auto& [text, want] : cases) EXPECT_EQ(classify_answer(text), want) << text;
}

TEST(AnswerWords, DecomposedHangul) {
  // 예 = U+110B U+1168 decomposed; 불가능 decomposed jamo.
  EXPECT_EQ(classify_answer("\u110B\u1168"), Answer::kAffirmative);
  EXPECT_EQ(classify_answer(text::nfc("\u1107\u116E\u11AF\u1100\u1161\u1102\u1173\u11BC")), Answer::kNegative);
  EXPECT_EQ(classify_answer("\u1107\u116E\u11AF\u1100\u1161\u1102\u1173\u11BC"), Answer::kNegative);
}

// Class 12: a count with a unit or a note counts by its leading number.
TEST(LeadingCount, UnitsAndNotes) {
  const std::vector<std::pair<std::string, std::optional<long long>>> cases{{"2", 2},
                                                                            {" 2 ", 2},
                                                                            {"2개", 2},
                                                                            {"2 (trainer, trainer2)", 2},
                                                                            {"2 GPUs", 2},
                                                                            {"２", 2},
                                                                            {"2個", 2},
                                                                            {"0", 0},
                                                                            {"1.5", std::nullopt},
                                                                            {"2,5", std::nullopt},
                                                                            {"2/3", std::nullopt},
                                                                            {"2k", std::nullopt},
                                                                            {"500m", std::nullopt},
                                                                            {"abc", std::nullopt},
                                                                            {"", std::nullopt},
                                                                            {"-1", std::nullopt}};
  for (const auto& [in, want] : cases) EXPECT_EQ(leading_count(in), want) << in;
}

// Class 2: what counts as noise around kubectl's output, and what does not.
TEST(Noise, PromptsCommentsFences) {
  for (const char* l :
       {"$ kubectl get nodes", "# 주석", "#", "// note", "```", "```text", "% kubectl get pods",
        "root@lab:~/gpuwhy# kubectl get nodes", "user@host:~$ cat out/x.txt",
        "[root@lab gpuwhy]# kubectl apply -f k8s/", "kubectl get pod cpu-only", "PS C:\\lab> kubectl get nodes", "$",
        "Warning: resource namespaces/gpu-why is missing the annotation",
        "E1130 05:23:35.123456   12345 memcache.go:265] couldn't get current server API group list"}) {
    EXPECT_TRUE(text::is_noise_line(l)) << l;
  }
  for (const char* l : {"NAME GPU", "lab-node-0   2", "The Pod \"x\" is invalid: spec: x", "ALLOCATABLE=2",
                        "0/3 nodes are available: 3 Insufficient nvidia.com/gpu.", "  Warning  FailedScheduling  5s",
                        "* spec.containers[0].resources.limits[nvidia.com/gpu]: Invalid value"}) {
    EXPECT_FALSE(text::is_noise_line(l)) << l;
  }
}

}  // namespace
}  // namespace gpuwhy::readers
