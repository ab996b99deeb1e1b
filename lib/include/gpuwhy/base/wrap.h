#pragma once
/// Text in lines that fit a terminal, counted in display columns.

#include <cstddef>
#include <string>
#include <string_view>
#include <vector>

namespace gpuwhy::text {

/// `s` in lines of at most `width` display columns (a wide character counts two), each after
/// `indent` and ending in a newline. Lines break at spaces, and between Japanese or Chinese
/// characters (never before closing nor after opening punctuation); Korean breaks at spaces, as
/// Korean text is set. A word wider than a line is cut on character boundaries.
std::string wrap(std::string_view s, std::size_t width, std::string_view indent);

/// A piece of text no line break may cut (unless it is wider than a line), and whether a space
/// stood before it: `s` cut where wrap() may break it. A run of ASCII between Japanese text
/// (`operator`, `k8s/trainer2.yaml`) is one piece.
struct BreakUnit {
  std::string text;
  bool space_before = false;
};
std::vector<BreakUnit> break_units(std::string_view s);

}  // namespace gpuwhy::text
