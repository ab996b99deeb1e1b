#pragma once
#include <CLI/CLI.hpp>

namespace gpuwhy::cli {
void setup_check(CLI::App& app, int& exit_code);
void setup_snapshot(CLI::App& app, int& exit_code);
void setup_list(CLI::App& app, int& exit_code);
}  // namespace gpuwhy::cli
