// rejected.txt as record-forms recorded it beside a command's other result (a dry run that was
// accepted, a manifest kubectl could not parse).
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <iterator>
#include <sstream>
#include <string>

#include "gpuwhy/read/readers.h"

namespace gpuwhy::readers {
namespace {

// A command's own result beside a rejection (recorded by record-forms: the other bad manifest
// accepted in a dry run, or one kubectl could not parse) ends the rejection before it and is kept
// apart: it shows the command ran, and it is no cause of the rejection.
TEST(Rejected, OtherResultsAreKeptApartFromRejections) {
  namespace fs = std::filesystem;
  int forms = 0;
  for (const auto& v : fs::directory_iterator(fs::path(GPUWHY_SOURCE_DIR) / "fixtures" / "captures")) {
    const fs::path sol = v.path() / "solution" / "forms" / "rejected.txt";
    if (!fs::is_directory(sol)) continue;
    for (const auto& f : fs::directory_iterator(sol)) {
      const std::string name = f.path().filename().string();
      if (!name.starts_with("other-result-") || name.find("-neither") != std::string::npos) continue;
      std::ifstream in(f.path(), std::ios::binary);
      const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
      const auto r = read_rejected(text);
      ASSERT_EQ(r.rejections.size(), 1U) << f.path();
      ASSERT_EQ(r.other_results.size(), 1U) << f.path();
      const bool lacks_mismatch = name.find("-no-mismatch") != std::string::npos;
      EXPECT_EQ(r.rejections[0].kinds.mismatch, !lacks_mismatch) << f.path();
      EXPECT_EQ(r.rejections[0].kinds.fraction, lacks_mismatch) << f.path();
      for (const auto& c : r.rejections[0].causes) {
        EXPECT_EQ(c.message.find("created"), std::string::npos) << f.path();
        EXPECT_EQ(c.message.find("error parsing"), std::string::npos) << f.path();
      }
      ++forms;
    }
  }
  EXPECT_GE(forms, 6) << "record-forms records the other-result- forms of the solution";
  // kubectl's other verbs are results too; a line that merely names an object is not.
  for (const std::string line :
       {"pod/bad-fraction configured", "pod/bad-fraction unchanged", "pod/bad-fraction serverside-applied",
        "error: the path \"k8s/x.yaml\" does not exist"}) {
    EXPECT_EQ(read_rejected(line + "\n").other_results.size(), 1U) << line;
  }
  for (const std::string line : {"pod/bad-fraction is the second", "see k8s/bad-fraction.yaml created by hand"}) {
    EXPECT_TRUE(read_rejected(line + "\n").other_results.empty()) << line;
  }
}

// Whether a file holds the two rejections the lab asks for: one showing the mismatch rule, another
// the integer rule.
bool paired(const RejectedFile& r) {
  for (std::size_t i = 0; i < r.rejections.size(); ++i) {
    for (std::size_t j = 0; j < r.rejections.size(); ++j) {
      if (i != j && r.rejections[i].kinds.mismatch && r.rejections[j].kinds.fraction) return true;
    }
  }
  return false;
}

// `| grep must` keeps a listed rejection's causes without their header: those of one manifest (one
// container, one refused value) stay one rejection, so a file pairs the two rules grepped exactly
// when it does whole. fraction-half-alone (requests 0.5, limits 1: both rules, one manifest) pairs
// neither way.
TEST(Rejected, CausesGreppedFromTheirHeaderStayOneRejection) {
  namespace fs = std::filesystem;
  int forms = 0;
  for (const auto& v : fs::directory_iterator(fs::path(GPUWHY_SOURCE_DIR) / "fixtures" / "captures")) {
    const fs::path dir = v.path() / "solution" / "forms" / "rejected.txt";
    if (!fs::is_directory(dir)) continue;
    for (const auto& f : fs::directory_iterator(dir)) {
      std::ifstream in(f.path(), std::ios::binary);
      const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
      std::string grepped;
      std::istringstream lines(text);
      for (std::string l; std::getline(lines, l);) {
        if (l.find("must") != std::string::npos) grepped += l + "\n";
      }
      const std::string name = f.path().filename().string();
      EXPECT_EQ(paired(read_rejected(grepped)), paired(read_rejected(text))) << f.path() << "\n" << grepped;
      if (name.starts_with("fraction-half-alone")) {
        EXPECT_FALSE(paired(read_rejected(grepped))) << f.path();
      }
      ++forms;
    }
  }
  EXPECT_GE(forms, 40);
  // The ≤1.33 form shows the integer rule's value as a Go struct: its string is the value.
  const std::string go =
      "* spec.containers[0].resources.requests[nvidia.com/gpu]: Invalid value: resource.Quantity{i:resource."
      "int64Amount{value:500, scale:-3}, d:resource.infDecAmount{Dec:(*inf.Dec)(nil)}, s:\"500m\", "
      "Format:\"DecimalSI\"}: must be an integer\n"
      "* spec.containers[0].resources.requests: Invalid value: \"500m\": must be equal to nvidia.com/gpu limit of 1\n";
  EXPECT_EQ(read_rejected(go).rejections.size(), 1U);
  const std::string two =
      "* spec.containers[0].resources.requests: Invalid value: \"2\": must be equal to nvidia.com/gpu limit of 1\n"
      "* spec.containers[0].resources.limits[nvidia.com/gpu]: Invalid value: \"500m\": must be an integer\n";
  EXPECT_TRUE(paired(read_rejected(two)));
}

}  // namespace
}  // namespace gpuwhy::readers
