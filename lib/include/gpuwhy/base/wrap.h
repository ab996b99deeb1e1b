#pragma once
/// Text in lines that fit a terminal, counted in display columns.

#include <cstddef>
#include <string>
#include <string_view>

namespace gpuwhy::text {

/// `s` in lines of at most `width` display columns (a wide character counts two), each after
/// `indent` and ending in a newline. Lines break at spaces, and between Japanese or Chinese
/// characters (never before closing nor after opening punctuation); Korean breaks at spaces, as
/// Korean text is set. A word wider than a line is cut on character boundaries.
std::string wrap(std::string_view s, std::size_t width, std::string_view indent);

}  // namespace gpuwhy::text
