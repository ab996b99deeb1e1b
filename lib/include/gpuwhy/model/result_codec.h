#pragma once
/// A RunResult as compact bytes and back: what a batch keeps of a graded row (on disk or in
/// memory) while the rest of the class is read, instead of the row's objects. Every field of
/// every struct in result.h goes through one list of fields, so encoding and decoding cannot
/// disagree; decode(encode(r)) renders exactly as r does.

#include <string>
#include <string_view>

#include "gpuwhy/model/result.h"

namespace gpuwhy {

/// Appends `run` to `out`.
void encode(const RunResult& run, std::string& out);
/// The RunResult encoded at the front of `bytes`; `bytes` is advanced past it. Throws
/// Error(kParse) on bytes that are not a whole encoding.
RunResult decode_run(std::string_view& bytes);

/// The same for the plain values a row carries beside its run.
void encode_text(std::string_view text, std::string& out);
void encode_flag(bool value, std::string& out);
std::string decode_text(std::string_view& bytes);
bool decode_flag(std::string_view& bytes);

}  // namespace gpuwhy
