// rejected.txt as record-forms recorded it beside a command's other result (a dry run that was
// accepted, a manifest kubectl could not parse).
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <iterator>
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

}  // namespace
}  // namespace gpuwhy::readers
