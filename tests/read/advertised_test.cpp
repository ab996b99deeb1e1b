// Readers of advertised.txt (read_advertised) and of a student file's bytes (decode_file), table-driven
// on what kubectl really prints; `kubectl get nodes -o json` is the captured form of the lab's nodes.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <string>

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

// `kubectl get nodes -o json` of the lab's three nodes, as fixtures/cluster/record-forms captured it
// on the reference solution.
std::string nodes_o_json() {
  std::ifstream in(std::filesystem::path(GPUWHY_SOURCE_DIR) /
                   "fixtures/captures/v1.34.0/solution/forms/advertised.txt/json.txt");
  std::stringstream text;
  text << in.rdbuf();
  return text.str();
}

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

// NOLINTNEXTLINE(readability-function-size): the table of cases is data, a row each.
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
      {"advertised-json-twice",
       "$ kubectl get nodes -o json\n" + nodes_o_json() + "$ kubectl get nodes -o json\n" + nodes_o_json()},
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
  // A prompt alone, as a copy that ends at the next prompt holds it, in every shell's form.
  for (const char* p : {"PS C:\\Users\\kim>", "[root@lab gpuwhy]#", "controlplane:~$", "controlplane $", "\u276f",
                        "user@host:~/gpuwhy$"}) {
    EXPECT_TRUE(text::is_noise_line(p)) << p;
    const auto a = read_advertised(std::string("NAME GPU\nlab-node-0 2\nlab-node-1 <none>\nlab-node-2 <none>\n") + p);
    EXPECT_TRUE(a.problem.empty()) << p << ": " << a.problem;
    EXPECT_EQ(a.amounts.size(), 3U) << p;
  }
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

// `{.items[*].metadata.name} {.items[*].status.allocatable...}` prints the names, then only the
// amounts that exist: paired by place when as many, else unreadable (never the last name's amount).
TEST(Advertised, NamesAndAmountsPrintedApart) {
  for (const char* in : {"lab-node-0 lab-node-1 lab-node-2 2\n", "lab-node-0 lab-node-1 lab-node-2\n2\n",
                         "$ kubectl get nodes -o jsonpath='{.items[*].metadata.name} "
                         "{.items[*].status.allocatable.nvidia\\.com/gpu}'\nlab-node-0 lab-node-1 lab-node-2 2\n",
                         "lab-node-0 lab-node-1 2 2 0\n"}) {
    const auto a = read_advertised(in);
    EXPECT_EQ(a.problem, "reason.advertised.apart") << in;
    EXPECT_TRUE(a.amounts.empty()) << in;
  }
  const std::map<std::string, std::string> paired{{"lab-node-0", "2"}, {"lab-node-1", "0"}, {"lab-node-2", "0"}};
  for (const char* in : {"lab-node-0 lab-node-1 lab-node-2 2 0 0\n", "lab-node-0 lab-node-1 lab-node-2\n2 0 0\n"}) {
    const auto a = read_advertised(in);
    EXPECT_EQ(a.problem, "") << in;
    EXPECT_EQ(a.amounts, paired) << in;
  }
  // One name a row, as a range template prints them, keeps its pairs whatever the order; a header
  // over the amounts is a header.
  const auto ranged = read_advertised("lab-node-1\nlab-node-2\nlab-node-0 2\n");
  EXPECT_EQ(ranged.amounts.at("lab-node-0"), "2");
  EXPECT_EQ(ranged.amounts.at("lab-node-1"), "");
  EXPECT_EQ(read_advertised("NAME GPU\n2\n").problem, "") << "bare numbers under a header";
  EXPECT_TRUE(read_advertised("NAME GPU\n2\n").bare_numbers);
}

// `kubectl get nodes -L nvidia.com/gpu.count`: the label column after kubectl's default ones is
// what step 1 wrote, not what the node advertises; a custom column so headed is an amount.
TEST(Advertised, ALabelColumnIsNoAmount) {
  const auto labels = read_advertised(
      "NAME         STATUS   ROLES    AGE   VERSION      GPU.COUNT\n"
      "lab-node-0   Ready    <none>   12m   kwok-0.8.0   2\n"
      "lab-node-1   Ready    <none>   12m   kwok-0.8.0   \n"
      "lab-node-2   Ready    <none>   12m   kwok-0.8.0   \n");
  EXPECT_EQ(labels.problem, "reason.advertised.label-column");
  EXPECT_TRUE(labels.amounts.empty());
  const auto custom =
      read_advertised("NAME         GPU.COUNT\nlab-node-0   2\nlab-node-1   <none>\nlab-node-2   <none>\n");
  EXPECT_EQ(custom.problem, "");
  EXPECT_EQ(custom.amounts.at("lab-node-0"), "2");
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

}  // namespace
}  // namespace gpuwhy::readers
