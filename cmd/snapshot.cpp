// `gpuwhy snapshot`: collect once and write the versioned bundle that `check --snapshot` grades.
#include <fmt/format.h>

#include "check.h"
#include "common.h"
#include "gpuwhy/base/error.h"
#include "gpuwhy/base/files.h"
#include "gpuwhy/base/text.h"
#include "gpuwhy/i18n/i18n.h"

namespace gpuwhy::cli {

namespace {
struct SnapshotOptions {
  std::string dir;
  ConnectionFlags conn;
  std::string output;
  bool output_given = false;
  bool no_dry_run = false;
};

int run_snapshot(const SnapshotOptions& o, i18n::Lang lang) {
  if (o.output_given) checks::refuse_output_target(o.output, "", lang);  // flag mistakes before the folder
  const std::string dir = checks::resolve_dir(o.dir, lang);
  checks::Kubeconfig kc = checks::load_kubeconfig(o.conn);
  if (o.output_given) {
    std::vector<checks::Input> in = kc.read;
    for (checks::Input& f : checks::lab_inputs(dir)) in.push_back(std::move(f));
    checks::refuse_output_over_inputs(o.output, in, lang);
  }
  Snapshot snap = collect_live(std::move(kc), o.conn, dir, !o.no_dry_run);
  // A lab folder path that is not UTF-8 must not abort the snapshot (json type_error 316): such
  // bytes are replaced (U+FFFD) in the bundle's text fields; file contents keep their bytes (base64).
  const std::string text = to_bundle(snap).dump(2, ' ', false, nlohmann::json::error_handler_t::replace) + "\n";
  const bool incomplete = report_live_problems(snap);
  if (o.output.empty() || o.output == "-") {
    fmt::print("{}", text);
  } else {
    files::write_atomic(o.output, text);
    fmt::print(stderr, "gpuwhy: {}\n",
               text::sanitize_terminal(i18n::render(msg("cli.wrote", {{"file", o.output},
                                                                      {"count", std::to_string(snap.requests)},
                                                                      {"bytes", std::to_string(snap.bytes_received)}}),
                                                    lang)));
  }
  if (incomplete) return kExitIncomplete;
  return kExitPass;
}
}  // namespace

void setup_snapshot(CLI::App& app, int& exit_code, i18n::Lang lang) {
  const auto t = [lang](const char* id) { return i18n::text(id, lang); };
  auto opts = std::make_shared<SnapshotOptions>();
  CLI::App* sub = app.add_subcommand("snapshot", t("cli.snapshot"));
  sub->add_option("--dir", opts->dir, t("cli.opt.dir"));
  add_connection_flags(*sub, opts->conn, lang);
  CLI::Option* output = sub->add_option("--output,-o", opts->output, t("cli.opt.bundle-output"));
  sub->add_flag("--no-dry-run", opts->no_dry_run, t("cli.opt.no-dry-run"));
  sub->callback([opts, lang, output, &exit_code]() {
    opts->output_given = output->count() > 0;
    exit_code = run_snapshot(*opts, lang);
  });
}

}  // namespace gpuwhy::cli
