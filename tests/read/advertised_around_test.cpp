// Readers of advertised.txt (read_advertised): the output among what else a student saves with
// it (another command's output, headings, notes, units).
#include <gtest/gtest.h>

#include <map>
#include <string>
#include <vector>

#include "gpuwhy/read/readers.h"

namespace gpuwhy::readers {
namespace {

// The GPU table among another command's output (describe cut by grep, a `-L` table, a jsonpath
// map line above it): the reading that pairs nodes with amounts is the answer.
TEST(Advertised, TheTableBesideAnotherCommandsOutputIsRead) {
  const std::string table = "NAME         GPU\nlab-node-0   2\nlab-node-1   <none>\nlab-node-2   <none>\n";
  const std::map<std::string, std::string> two{{"lab-node-0", "2"}, {"lab-node-1", ""}, {"lab-node-2", ""}};
  for (const std::string& other :
       {std::string("$ kubectl describe node lab-node-0 | grep -A5 Allocatable\nAllocatable:\n  cpu:             32\n"
                    "  memory:          256Gi\n  nvidia.com/gpu:  2\n  pods:            110\nSystem Info:\n"),
        std::string("$ kubectl get nodes -L nvidia.com/gpu.count\n"
                    "NAME         STATUS   ROLES    AGE    VERSION      GPU.COUNT\n"
                    "lab-node-0   Ready    <none>   6m2s   kwok-0.8.0   2\n"
                    "lab-node-1   Ready    <none>   6m2s   kwok-0.8.0   \nlab-node-2   Ready    <none>   6m2s   "
                    "kwok-0.8.0   \n"),
        std::string("{\"cpu\":\"32\",\"memory\":\"256Gi\",\"nvidia.com/gpu\":\"2\",\"pods\":\"110\"}\n")}) {
    std::string first = other;
    first += "$ kubectl get nodes -o custom-columns=...\n";
    first += table;
    for (const auto& text : {first, table + other}) {
      const auto a = read_advertised(text);
      EXPECT_EQ(a.problem, "") << text;
      EXPECT_EQ(a.amounts, two) << text;
    }
  }
}

// A capacity column beside another GPU column: that one is allocatable (`GPU_CAP GPU`), so the
// classic mistake (capacity 2, allocatable none) reads as such whatever the columns are called.
TEST(Advertised, AGpuColumnBesideACapacityColumnIsAllocatable) {
  const auto a = read_advertised(
      "NAME         GPU_CAP   GPU\nlab-node-0   2         <none>\nlab-node-1   <none>    <none>\n"
      "lab-node-2   <none>    <none>\n");
  EXPECT_EQ(a.amounts.at("lab-node-0"), "");
  EXPECT_EQ(a.capacity.at("lab-node-0"), "2");
  const auto set = read_advertised("NAME GPU_CAP GPU\nlab-node-0 2 2\nlab-node-1 <none> <none>\n");
  EXPECT_EQ(set.amounts.at("lab-node-0"), "2");
}

// A plain word (`done`, `looks good`, `gpus`) where the output names its nodes with a digit, a
// dash or a dot: a note on a line of its own, a unit after an amount; never a node. A node with
// a plain name that shows an amount is still read.
TEST(Advertised, APlainWordIsANoteWhereNodesAreNamedOtherwise) {
  const std::map<std::string, std::string> two{{"lab-node-0", "2"}, {"lab-node-1", ""}, {"lab-node-2", ""}};
  for (const std::string& output :
       {std::string("lab-node-0   2\nlab-node-1   <none>\nlab-node-2   <none>\n"),
        std::string("lab-node-0 2\nlab-node-1\nlab-node-2\n"), std::string("lab-node-0=2 lab-node-1= lab-node-2=\n"),
        std::string("lab-node-0\t2\t2\nlab-node-1\t\t\nlab-node-2\t\t\n"),
        std::string("Name: lab-node-0\n  nvidia.com/gpu: 2\nName: lab-node-1\nName: lab-node-2\n")}) {
    for (const char* note : {"done\n", "ok, done\n", "looks good\n", "only lab-node-0 has gpus\n"}) {
      const auto a = read_advertised(output + note);
      EXPECT_EQ(a.problem, "") << output << note;
      if (output.find("Name:") == std::string::npos) {
        EXPECT_EQ(a.amounts, two) << output << note;
      }
      EXPECT_EQ(a.amounts.count("done") + a.amounts.count("only") + a.amounts.count("looks"), 0U) << output << note;
    }
  }
  const auto units = read_advertised("lab-node-0 2 gpus\nlab-node-1 0 gpus\nlab-node-2 0 gpus\n");
  EXPECT_EQ(units.amounts,
            (std::map<std::string, std::string>{{"lab-node-0", "2"}, {"lab-node-1", "0"}, {"lab-node-2", "0"}}));
  const auto bare = read_advertised("2\n<none>\n<none>\ndone\n");
  EXPECT_TRUE(bare.bare_numbers);
  EXPECT_EQ(bare.bare, (std::vector<std::string>{"2", "<none>", "<none>"}));
  const auto plain = read_advertised("minikube 2\ndone\n");
  EXPECT_EQ(plain.amounts.at("minikube"), "2");
  EXPECT_EQ(plain.amounts.count("done"), 1U) << "where nodes have plain names, a word is a name";
}

}  // namespace
}  // namespace gpuwhy::readers
