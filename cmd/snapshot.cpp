// `gpuwhy snapshot`: collect once and write the versioned bundle that `check --snapshot` grades.
#include <fmt/format.h>

#include "check.h"
#include "common.h"
#include "gpuwhy/error.h"

namespace gpuwhy::cli {

namespace {
struct SnapshotOptions {
  std::string dir;
  ConnectionFlags conn;
  std::string output;
  bool no_dry_run = false;
};

int run_snapshot(const SnapshotOptions& o) {
  const std::string dir = resolve_dir(o.dir);
  Snapshot snap = collect_live(o.conn, dir, !o.no_dry_run);
  const std::string text = to_bundle(snap).dump(2) + "\n";
  const bool incomplete = report_live_problems(snap);
  if (o.output.empty() || o.output == "-") {
    fmt::print("{}", text);
  } else {
    write_file_atomic(o.output, text);
    fmt::print(stderr, "gpuwhy: wrote {} ({} apiserver requests)\n", o.output, snap.requests);
  }
  if (incomplete) return kExitIncomplete;
  return kExitPass;
}
}  // namespace

void setup_snapshot(CLI::App& app, int& exit_code) {
  auto opts = std::make_shared<SnapshotOptions>();
  CLI::App* sub = app.add_subcommand("snapshot", "Collect the files and the cluster once into a JSON bundle");
  sub->add_option("--dir", opts->dir, "The lab folder (default: . when it has k8s/ or out/, else /root/gpuwhy)");
  add_connection_flags(*sub, opts->conn);
  sub->add_option("--output,-o", opts->output, "Bundle file to write (default: standard output)");
  sub->add_flag("--no-dry-run", opts->no_dry_run, "Do not send the bad manifests as server-side dry-run creates");
  sub->callback([opts, &exit_code]() { exit_code = run_snapshot(*opts); });
}

}  // namespace gpuwhy::cli
