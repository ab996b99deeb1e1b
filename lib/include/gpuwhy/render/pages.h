#pragma once
// A batch's student pages (`--pages DIR`): each student's own report page beside the class page, written as the batch
// is graded, never over a file gpuwhy did not write.

#include <cstddef>
#include <filesystem>
#include <functional>
#include <map>
#include <set>
#include <string>
#include <string_view>

#include "gpuwhy/i18n/i18n.h"

namespace gpuwhy::render {

/// Longest page file name before ".html", in bytes.
inline constexpr std::size_t kMaxPageName = 180;
/// The list of the pages gpuwhy wrote into a --pages folder, one file name per line.
inline constexpr std::string_view kPagesList = ".gpuwhy-pages";
/// The lock file beside the list (kPagesList + this), held while the list is merged and written.
inline constexpr std::string_view kPagesLockSuffix = ".lock";

/// The file name (without ".html") of the page of `id`: ASCII letters, digits and '-' as they are,
/// every other byte as "_xx" (two lower-case hex digits), so distinct ids never share a name, no
/// name starts with '.', and none holds a character Windows refuses (<>:"/\|?*, controls) or ends
/// in a dot or a space; "" is "_". A Windows device name (CON, PRN, AUX, NUL, COM1-9, LPT1-9, any
/// case) has its last byte escaped too ("CON" is "CO_4e"). A name longer than kMaxPageName is cut (never inside a
/// "_xx") and ends with "__" and 16 hex digits of a hash of the whole id: escaping never writes "__", so a cut name is
/// never another id's whole one.
std::string page_name(std::string_view id);

/// `rel`, a relative path, as a URL path: '/' between its parts, every byte but the URL-unreserved
/// ones (A-Z a-z 0-9 - . _ ~) percent-encoded ("%E1%84%80").
std::string url_path(const std::filesystem::path& rel);

/// The link from the class report's folder `report_dir` to the page at `page` (both made absolute
/// and normalised first), relative, as url_path gives it: "pages/alice.html", "../pages/a_2e.html".
std::string page_link(const std::filesystem::path& page, const std::filesystem::path& report_dir);

/// Writes the pages of one batch into `dir` (created, mode 0755, when missing). A page is written
/// where no file is, or replaced (files::write_atomic) when it is a regular file `dir`/kPagesList
/// names; any other file there is left as it is (a warning naming it, no page). A name that
/// differs only in case from a file of the folder or another page of the batch gets "~2", "~3"
/// ... (macOS and Windows would see one file). finish() adds the batch's names to that list once
/// the batch is graded: under an flock of `dir`/kPagesList + kPagesLockSuffix it reads the list as
/// it is then and writes it back atomically with the new names, so batches sharing the folder
/// never lose each other's entries.
class PageWriter {
 public:
  /// Where a line the user reads goes (`warning`: a page left out; else an error), in the
  /// writer's language; none: the lines are dropped.
  using Say = std::function<void(bool warning, const std::string& line)>;
  /// Throws Error(kIo) naming `dir` when the folder cannot be made.
  PageWriter(const std::string& dir, const std::filesystem::path& report_dir, i18n::Lang lang, Say say = {});

  /// Writes `html` as the page of `id` (a second page for one id in a batch, or one whose name
  /// differs only in case from another's, gets "~2", "~3" ... after its name); returns its link from the report's
  /// folder, or "" when it was not written (said through `say`; the batch is then incomplete: failed()).
  std::string write(std::string_view id, const std::string& html);
  /// Writes the list of pages; false when it could not be written (said through `say`).
  bool finish();
  /// A page or the list could not be written.
  [[nodiscard]] bool failed() const { return failed_; }

 private:
  std::string unique_name(std::string_view id);
  void say_line(bool warning, const std::string& line) const;

  std::filesystem::path dir_;
  std::filesystem::path report_dir_;
  i18n::Lang lang_;
  Say say_;
  std::set<std::string> listed_;   ///< the names kPagesList held, and the ones written since
  std::set<std::string> written_;  ///< the names written in this batch
  /// Every name in the folder and of this batch, by its letters in lower case.
  std::map<std::string, std::set<std::string>> taken_;
  bool failed_ = false;
  bool list_unusable_ = false;  ///< kPagesList is there but cannot be read: it is not written over
};

}  // namespace gpuwhy::render
