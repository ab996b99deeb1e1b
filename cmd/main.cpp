// gpuwhy: grades the "why is my GPU pod Pending" lab. main parses flags and maps errors to
// exit codes once; the work happens in the subcommand files.
#include <exception>

#include <fmt/format.h>
#include <CLI/CLI.hpp>

#include "check.h"
#include "common.h"
#include "gpuwhy/error.h"

int main(int argc, char** argv) {
  using namespace gpuwhy;  // NOLINT(google-build-using-namespace)
  CLI::App app{"gpuwhy: grades the lab \"why does my GPU pod stay Pending\""};
  app.set_version_flag("--version", std::string("gpuwhy ") + GPUWHY_VERSION);
  app.require_subcommand(1);
  int exit_code = kExitPass;
  cli::setup_check(app, exit_code);
  cli::setup_snapshot(app, exit_code);
  cli::setup_list(app, exit_code);
  try {
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForAllHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForVersion& e) {
    return app.exit(e);
  } catch (const CLI::ParseError& e) {
    app.exit(e);
    return kExitUsage;
  } catch (const Error& e) {
    cli::print_error(e.what());
    return e.kind() == ErrorKind::kUsage ? kExitUsage : kExitIncomplete;
  } catch (const std::exception& e) {
    cli::print_error(e.what());
    return kExitIncomplete;
  }
  return exit_code;
}
