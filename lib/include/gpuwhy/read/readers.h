#pragma once
/// Tolerant readers of what the student saved in out/ (what kubectl really prints), plus
/// Kubernetes quantities and the step-8 answer words. Every reader is a pure function of
/// decoded UTF-8 text (see text::decode); none throws.

#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "gpuwhy/k8s/messages.h"
#include "gpuwhy/model/snapshot.h"

namespace gpuwhy::readers {

// ---- student files -----------------------------------------------------------------------

/// Why a student file could not be turned into text.
enum class FileProblem {
  kNone,
  kMissing,     ///< not there (or not collected)
  kNotRegular,  ///< a folder, a device ...
  kTooLarge,    ///< over lab::kMaxFileBytes
  kUnreadable,  ///< permission / I/O error
  kHardLink,    ///< a hard link: may alias a file outside the lab folder, never read
  kNotText,     ///< binary or invalid UTF-8 / UTF-16
};

/// A student file decoded to UTF-8 (BOM stripped, CRLF -> LF, UTF-16 converted).
struct TextFile {
  FileProblem problem = FileProblem::kNone;
  std::string text;    ///< decoded text when problem == kNone
  std::string reason;  ///< one line when problem != kNone
};
TextFile decode_file(const StudentFile& f);
/// A manifest (k8s/*.yaml) as kubectl reads its bytes (k8s::manifest_text): without a byte-order
/// mark, a byte that is not UTF-8 is U+FFFD, not a file that is not text.
TextFile decode_manifest_file(const StudentFile& f);

// ---- quantities --------------------------------------------------------------------------

/// A Kubernetes quantity as a student saved it (spaces and one pair of quotes around it allowed),
/// in thousandths: k8s::milli_value ("2" -> 2000, "500m" -> 500, "0.5" -> 500, "1k" -> 1000000).
/// nullopt for anything that is not a quantity.
std::optional<long long> quantity_milli(std::string_view text);
/// A value of a manifest or a live object, in thousandths, as the apiserver decodes it
/// (k8s::json_scaled_value: a string's text trimmed, "m" and null are 0, 2.5 is "2.5", 2500 milli).
std::optional<long long> json_quantity_milli(const nlohmann::json& value);

// ---- out/advertised.txt ------------------------------------------------------------------

/// kKeyed: `key: value` lines with no document around them (describe, -o yaml or -o json cut
/// down by grep, awk or head), read by the facts they show.
enum class AdvertisedFormat { kUnknown, kTable, kJson, kYaml, kDescribe, kBareNumbers, kKeyed };
std::string to_string(AdvertisedFormat f);

struct Advertised {
  AdvertisedFormat format = AdvertisedFormat::kUnknown;
  /// node -> amount as shown ("" for `<none>`, an empty jsonpath value, or a missing key). Where
  /// the output shows allocatable (a column headed *ALLOC*, the Allocatable: block, a node's
  /// status.allocatable, the last of a tab-separated jsonpath row's fields) that is the amount,
  /// even when it is empty: capacity alone gives the scheduler no room.
  std::map<std::string, std::string> amounts;
  /// node -> capacity amount, for the nodes whose capacity the output shows beside their
  /// allocatable amount ("" for none): the classic mistake (capacity 2, allocatable none) is
  /// told from the backslash pitfall by it.
  std::map<std::string, std::string> capacity;
  std::vector<std::string> order;  ///< node names in file order
  /// Pitfall 1: table/jsonpath rows exist and every amount is `<none>` or empty (the shell
  /// removed the backslash of `nvidia\.com/gpu`).
  bool all_none = false;
  /// Pitfall 2: only numbers, no node names (`-o jsonpath` without `.metadata.name`).
  bool bare_numbers = false;
  /// The amounts read without a node name, in file order (`<none>` for a placeholder): what the
  /// hint shows of a bare_numbers file.
  std::vector<std::string> bare;
  /// Why nothing could be read, as a catalog id ("reason.advertised.no-rows"; "" when fine), so
  /// the hint says it in the reader's language; `problem_detail` fills its {detail} (a parser's
  /// own message).
  std::string problem;
  std::string problem_detail;
};
/// Reads the facts (node names, their amounts) of any shape kubectl, jq or a shell give them:
/// custom-columns/table output (with or without header), `-o jsonpath` and go-template text
/// (maps printed inline, kubectl's `<none>` and `<no value>`), `-o name` (`node/NAME`), `-o json`
/// and any JSON value pairing names with amounts (a Node list, objects per node, `[name, amount]`
/// arrays, name -> amount maps, nested allocatable maps, JSON Lines), `-o yaml`, `kubectl
/// describe nodes`, each cut down by grep or wrapped in a shell session (prompts, `script`,
/// ANSI). The amount is the allocatable one when the output shows both (a column named *ALLOC*,
/// the Allocatable: block, an `allocatable` key), `<none>` there included; capacity only where
/// the output shows no allocatable at all.
Advertised read_advertised(std::string_view text);

// ---- out/rejected.txt --------------------------------------------------------------------

/// One apiserver rejection as kubectl printed it: a header and its causes.
struct Rejection {
  std::string header;  ///< the first line of the rejection
  std::string pod;     ///< the object name when the header names it
  std::vector<messages::Cause> causes;
  messages::RejectionKinds kinds;
};
struct RejectedFile {
  std::vector<Rejection> rejections;
  /// What else kubectl printed as a command's result: an object it created, configured or left
  /// unchanged (`pod/bad-fraction created (server dry run)`), or its own error before the apiserver
  /// saw anything (`error: error parsing k8s/bad-fraction.yaml: ...`). Each such line shows a
  /// command that ran and was not refused by the apiserver.
  std::vector<std::string> other_results;
};
/// Groups `The Pod "x" is invalid: ...` (single cause), `The Pod "x" is invalid:` + `* ...`
/// lines (several causes) and `Error from server (Invalid): error when creating ...` lines, in
/// any order; a line wrapped by the terminal continues the cause before it. Prompt and comment
/// lines end a rejection, and so does a command's other result (other_results); other lines
/// before any rejection are ignored.
RejectedFile read_rejected(std::string_view text);

// ---- out/tainted.txt, out/exhausted.txt --------------------------------------------------

/// Every scheduler message in the file, whatever kubectl output it was copied from: plain
/// (jsonpath), `-o yaml`, `-o json`, `describe pod` Events, `get events`; prompts and comments
/// around it are ignored. Empty when there is none.
std::vector<messages::SchedulerMessage> read_scheduler_file(std::string_view text);

// ---- out/gate-report.txt -----------------------------------------------------------------

struct GateReport {
  /// key (upper case) -> value (may be empty: `TAINT=`); first occurrence wins. Keys are
  /// matched case-insensitively.
  std::map<std::string, std::string> values;
  std::vector<std::string> duplicates;  ///< keys seen more than once
  std::vector<std::string> unknown;     ///< keys that are not one of the seven
  std::vector<std::string> missing;     ///< of the seven keys, those not seen
  std::vector<std::string> malformed;   ///< lines that are neither KEY=VALUE nor KEY: VALUE
  int nonblank_lines = 0;
  /// Values of a duplicated key differ (the first one cannot be trusted).
  std::vector<std::string> conflicting;
};
GateReport read_gate_report(std::string_view text);

// ---- step-8 answer words -----------------------------------------------------------------

enum class Answer {
  kUnknown,
  kAffirmative,
  kNegative,
  kNumbers,
  kDevices,
  /// A node label (`labels`, `라벨`; step 1's nvidia.com/gpu.count): no number the scheduler
  /// reads, whatever counts beside it (`count label`, `GPU 개수 라벨`).
  kLabels,
  kNegator,    ///< a word that turns an affirmative around ("not", "않음", "ない"); alone: negative
  kAmbiguous,  ///< both a yes-word and a no-word (`yes/no`), or no answer at all (`n/a`)
  /// A word that says something is allowed ("allowed", "허용", "可能"): FRACTIONAL's wrong
  /// answer, and no answer at all to REQUESTS_EQUAL_LIMITS. A yes- or no-word beside it decides.
  kPermissive,
  /// A word that says two things differ ("different", "mismatch", "다르면", "불일치"): read only
  /// in an answer about equality (REQUESTS_EQUAL_LIMITS), where it is a no, turned into a yes by a
  /// no-word or negator beside it ("must not differ", "다르면 안 됨", "mismatch rejected").
  kDiffer
};
std::string to_string(Answer a);

/// One row of THE word table (English, Korean, Japanese; compared case-insensitively).
struct AnswerWord {
  std::string_view word;
  Answer answer;
};
/// THE table.
const std::vector<AnswerWord>& answer_words();
/// Korean and Japanese endings a table word may carry (필수임, 거절됨, 숫자만, 必須です).
const std::vector<std::string_view>& answer_suffixes();
/// Classifies a gate-report value (NFKC-normalised, case-insensitive): the whole value first;
/// else the answer proper before its explanation (`no (must be an integer)`), where a yes-word
/// and a no-word together are ambiguous and a negator turns a yes-word around; else the first
/// word of the explanation. Surrounding quotes and final punctuation are ignored. With
/// `about_equality` (the answer to "must two things be equal?"), words that say they differ count
/// (kDiffer): differing refused is a yes, differing allowed or only said is a no; elsewhere they
/// say nothing (`정수 외 다른 값 불가` is FRACTIONAL's no).
Answer classify_answer(std::string_view value, bool about_equality = false);

/// Whether a FRACTIONAL answer states the integer rule (true: only whole numbers, `정수`,
/// `integer required`, `整数が必要`) or says it need not hold (false: `정수일 필요 없음`, `need
/// not be an integer`); none when it names no integer, or names fractions too, or begins with a
/// yes (the answer words decide those).
std::optional<bool> integer_rule(std::string_view value);

/// A count the student wrote, read like kubectl users write it: the leading number counts when
/// it is whole (`2`, `２`, `2개`, `2 (trainer, trainer2)`, `2 GPUs`), written as any quantity
/// Kubernetes reads as that whole number (`2.0`, `2000m`; `2k` is 2000); `1.5`, `500m`, `2,5`,
/// `abc` are none. A sum worked out counts as its total (`1+1`, `1 (trainer) + 1 (trainer2)`,
/// `1 + 1 = 2`); a sum whose written total is another number is none. A small count may be a
/// word (`two`, `둘`, `두 개`, `二つ`) and follow a word for "in all" (`total 2`, `총 2개`). A
/// count beside another (several_counts) is none.
std::optional<long long> leading_count(std::string_view value);
/// Whether `value` starts with a count but names another with it, so that leading_count reads
/// none: another number (`2 or 3`, `2-3`, `2, 3`, `1 → 2`, `2개 또는 3개`; not the same again,
/// `2 (2 GPUs)`, the parts adding up to it, `2 (1 + 1)`, nor the whole it is part of, `1 of 2`),
/// a hedge (`2?`, `2 or more`) or a fraction (`2 / 2`).
bool several_counts(std::string_view value);

/// The same for an amount of `resource`, which may name it first as kubectl's maps and describe
/// do: `nvidia.com/gpu: 2`, `nvidia.com/gpu=2`, `nvidia.com/gpu 2` count 2.
std::optional<long long> leading_count(std::string_view value, std::string_view resource);
/// several_counts for an amount of `resource`, which may name it first.
bool several_counts(std::string_view value, std::string_view resource);

}  // namespace gpuwhy::readers
