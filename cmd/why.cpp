// `gpuwhy why POD [-n NAMESPACE] | --all`: the flags turned into the library's calls: read what
// the model needs (collect/why_inputs.h), run the pure scheduler-filter model (why/why.h) and
// print its tables or JSON (why/render.h). Read-only: GETs only.
#include "why.h"

#include <unistd.h>

#include <algorithm>
#include <memory>

#include <fmt/format.h>

#include "common.h"
#include "completion.h"
#include "gpuwhy/base/error.h"
#include "gpuwhy/base/sys.h"
#include "gpuwhy/collect/why_inputs.h"
#include "gpuwhy/kube/kube.h"
#include "gpuwhy/why/render.h"

namespace gpuwhy::cli {

namespace {

using nlohmann::json;

struct WhyOptions {
  std::string pod;
  std::string ns;  ///< -n; else the kubeconfig context's namespace, else "default" (as kubectl)
  bool all = false;
  std::string format = "table";
  std::string lang;
  ConnectionFlags conn;
};

kube::Client connect(const ConnectionFlags& flags) {
  LiveConnection c = connect_live(checks::load_kubeconfig(flags), flags);
  if (!c.cfg) throw Error(c.why.kind, c.why.message);
  return kube::Client(std::move(*c.cfg), c.opts);
}

// "pod/NAME" or "NAME" (kubectl's forms); a DNS-1123 subdomain.
std::string pod_name(const std::string& arg, i18n::Lang lang) {
  std::string name = arg;
  for (const char* prefix : {"pod/", "pods/", "po/"}) {
    if (name.rfind(prefix, 0) == 0) name = name.substr(std::string_view(prefix).size());
  }
  const bool ok = !name.empty() && name.size() <= 253 && std::all_of(name.begin(), name.end(), [](char c) {
    return (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9') || c == '-' || c == '.';
  });
  if (!ok) throw Error(ErrorKind::kUsage, i18n::render(msg("cli.error.why-bad-pod", {{"pod", arg}}), lang));
  return name;
}

int run_why(const WhyOptions& o, i18n::Lang lang) {
  if (o.all == !o.pod.empty()) throw Error(ErrorKind::kUsage, i18n::text("cli.error.why-pod-or-all", lang));
  if (o.format != "table" && o.format != "json") {
    throw Error(ErrorKind::kUsage,
                with_suggestion(i18n::render(msg("cli.error.unknown-format", {{"format", o.format}}), lang), o.format,
                                {"table", "json"}, lang));
  }
  const std::string name = o.all ? std::string() : pod_name(o.pod, lang);
  kube::Client client = connect(o.conn);
  const WhyInputs in = read_why_inputs(client, o.ns, name);
  if (in.pod_missing) {
    std::string where;
    for (const auto& ns : in.elsewhere) where += (where.empty() ? "" : ", ") + ns;
    const std::string line =
        in.elsewhere.empty()
            ? i18n::render(msg("cli.error.why-no-pod", {{"namespace", in.ns}, {"pod", name}}), lang)
            : i18n::render(
                  msg("cli.error.why-no-pod-elsewhere",
                      {{"namespace", in.ns}, {"pod", name}, {"namespaces", where}, {"other", in.elsewhere.front()}}),
                  lang);
    print_error(line);
    return kExitFail;
  }
  const std::vector<why::Verdict> verdicts =
      why::explain_each(in.targets, in.nodes, in.bound, in.events, why::wording_for(in.server_version), in.pdbs,
                        in.pdbs_read, in.namespaces);
  if (o.format == "json") {
    fmt::print("{}\n",
               why::report(verdicts, in.server_version, lang).dump(2, ' ', false, json::error_handler_t::replace));
  } else {
    // The terminal's width (TIOCGWINSZ), else COLUMNS, else 80, as `check`'s table.
    const bool tty = ::isatty(STDOUT_FILENO) != 0;
    fmt::print(
        "{}", why::render_tables(verdicts, in.ns, lang,
                                 sys::table_width(tty ? sys::terminal_columns(STDOUT_FILENO) : 0, sys::environment())));
  }
  return why::exit_code(verdicts);
}

}  // namespace

void setup_why(CLI::App& app, int& exit_code, i18n::Lang lang) {
  const auto t = [lang](const char* id) { return i18n::text(id, lang); };
  auto opts = std::make_shared<WhyOptions>();
  CLI::App* sub = app.add_subcommand("why", t("cli.why"));
  sub->add_option("pod", opts->pod, t("cli.opt.why-pod"));
  sub->add_option("--namespace,-n", opts->ns, t("cli.opt.namespace"));
  sub->add_flag("--all", opts->all, t("cli.opt.why-all"));
  sub->add_option("--format", opts->format, t("cli.opt.why-format"))
      ->capture_default_str()
      ->check(choices({"table", "json"}));
  add_lang_option(*sub, opts->lang, lang);
  add_connection_flags(*sub, opts->conn, lang);
  sub->callback([opts, &exit_code]() { exit_code = run_why(*opts, lang_from(opts->lang)); });
}

}  // namespace gpuwhy::cli
