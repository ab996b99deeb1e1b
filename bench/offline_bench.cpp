// Offline grading throughput, two figures:
//  - in process: how many bundles per second one core grades, end to end (bounded JSON parse +
//    from_bundle + checks::grade (checks, causes, integrity) + native JSON report), as
//    `gpuwhy check --snapshot` does for a class folder; pinned to one CPU, wall time and this
//    thread's CPU time (the second is the figure on a machine shared with other work);
//  - the real CLI: `gpuwhy check --snapshot FOLDER --format json -o FILE --jobs N` over a folder
//    of --copies bundles (the captures, repeated), for --jobs 1 and --jobs <cores>.
// With --batch-rss N[,N...] it measures instead the peak RSS of a batch in every batch format
// (json, csv, table, html, markdown, and html with --pages, --roster and --due: the instructor's
// page in full) over folders of N bundles, against a 64 MB bound.
//
// Usage: gpuwhy_bench [--seconds S] [--copies N] [--no-cli] [--batch-rss 2000,10000] [bundle.json ...]
// Without bundles it uses every fixtures/captures/<version>/<scenario>/bundle.json.
#include <sched.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <memory>
#include <sstream>
#include <stdexcept>
#include <string>
#include <string_view>
#include <thread>
#include <vector>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "checks.h"
#include "gpuwhy/base/error.h"
#include "gpuwhy/base/files.h"
#include "gpuwhy/integrity/integrity.h"
#include "gpuwhy/model/bundle.h"
#include "gpuwhy/model/snapshot.h"
#include "gpuwhy/render/render.h"
#include "grade.h"
#include "view.h"

namespace fs = std::filesystem;

namespace {

struct Input {
  std::string path;
  std::string text;
};

std::vector<Input> load(const std::vector<std::string>& args) {
  std::vector<std::string> paths = args;
  if (paths.empty()) {
    const fs::path root = fs::path(GPUWHY_SOURCE_DIR) / "fixtures" / "captures";
    std::error_code ec;
    for (auto it = fs::recursive_directory_iterator(root, ec); it != fs::recursive_directory_iterator(); ++it) {
      if (it->path().filename() == "bundle.json") paths.push_back(it->path().string());
    }
    std::sort(paths.begin(), paths.end());
  }
  std::vector<Input> out;
  for (const auto& p : paths) {
    std::ifstream in(p, std::ios::binary);
    if (!in) {
      fmt::print(stderr, "gpuwhy_bench: cannot read {}\n", p);
      std::exit(2);
    }
    std::ostringstream ss;
    ss << in.rdbuf();
    out.push_back({p, ss.str()});
  }
  return out;
}

double thread_cpu_seconds() {
  timespec ts{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return static_cast<double>(ts.tv_sec) + static_cast<double>(ts.tv_nsec) / 1e9;
}

// CPU seconds spent in each part of grade_one, summed over the bundles graded.
struct Phases {
  double parse = 0;
  double snapshot = 0;
  double grade = 0;  // checks::grade: the checks, their causes and integrity
  double render = 0;
  double free = 0;  ///< destroying the report, the results and the snapshot's DOM
};

// The whole offline path for one bundle; returns the report size so nothing is optimised away.
// With `ph`, each part's CPU time is added to it (four clock reads per bundle).
std::size_t grade_one(const Input& in, Phases* ph = nullptr) {
  double t0 = ph != nullptr ? thread_cpu_seconds() : 0;
  const auto lap = [&](double Phases::*part) {
    if (ph == nullptr) return;
    const double t = thread_cpu_seconds();
    ph->*part += t - t0;
    t0 = t;
  };
  nlohmann::json j = gpuwhy::parse_bundle_json(in.text, in.path);  // as `gpuwhy check --snapshot` does
  lap(&Phases::parse);
  auto snap = std::make_unique<const gpuwhy::Snapshot>(gpuwhy::from_bundle(std::move(j), in.path));
  lap(&Phases::snapshot);
  // Graded as `gpuwhy check` grades: the checks, their causes and integrity (checks::grade).
  gpuwhy::RunMeta meta = gpuwhy::checks::meta_for(*snap, gpuwhy::i18n::Lang::kEn, "2026-01-01T00:00:00Z");
  auto run = std::make_unique<const gpuwhy::RunResult>(gpuwhy::checks::grade(*snap, {}, meta));
  lap(&Phases::grade);
  auto report = std::make_unique<const std::string>(gpuwhy::render::json(*run, {}));
  const std::size_t n = report->size();
  lap(&Phases::render);
  report.reset();
  run.reset();
  snap.reset();
  lap(&Phases::free);
  return n;
}

struct CliRun {
  double seconds = -1;  ///< wall time; negative when it did not grade
  long max_rss_kb = 0;  ///< the child's peak RSS
};

// Runs the real binary (not pinned: it is started before the bench pins itself), its table to
// /dev/null: its wall time and peak RSS.
CliRun run_cli(const std::vector<std::string>& argv) {
  (void)std::fflush(stdout);  // else the child's copy of the buffer is printed twice
  const auto start = std::chrono::steady_clock::now();
  const pid_t pid = ::fork();
  if (pid < 0) return {};
  if (pid == 0) {
    if (std::freopen("/dev/null", "w", stdout) == nullptr) ::_exit(126);
    std::vector<char*> args;
    for (const auto& a : argv) args.push_back(const_cast<char*>(a.c_str()));  // NOLINT
    args.push_back(nullptr);
    ::execv(args[0], args.data());
    ::_exit(127);
  }
  int status = 0;
  struct rusage ru {};
  ::wait4(pid, &status, 0, &ru);
  const double s = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  // 0, 1 and 3 are grades; 2 (usage) or a signal means the run is not a measurement.
  const bool graded = WIFEXITED(status) && WEXITSTATUS(status) != 2 && WEXITSTATUS(status) <= 3;
  return {graded ? s : -1, ru.ru_maxrss};
}

// `gpuwhy check --snapshot FOLDER` with `copies` bundles (the inputs repeated), --jobs 1 and N.
int bench_cli(const std::vector<Input>& inputs, std::size_t copies) {
  char tmpl[] = "/tmp/gpuwhy-bench-XXXXXX";
  if (::mkdtemp(tmpl) == nullptr) return 1;
  const fs::path dir = fs::path(tmpl) / "class";
  fs::create_directories(dir);
  for (std::size_t i = 0; i < copies; ++i) {
    std::ofstream(dir / ("s" + std::to_string(100000 + i) + ".json"), std::ios::binary)
        << inputs[i % inputs.size()].text;
  }
  const unsigned cores = std::max(1U, std::thread::hardware_concurrency());
  int rc = 0;
  for (const unsigned jobs : {1U, cores}) {
    const CliRun run = run_cli({GPUWHY_BINARY, "check", "--snapshot", dir.string(), "--format", "json", "-o",
                                (fs::path(tmpl) / "report.json").string(), "--jobs", std::to_string(jobs)});
    const double s = run.seconds;
    if (s < 0) {
      fmt::print(stderr, "gpuwhy_bench: {} check --jobs {} did not grade the batch\n", GPUWHY_BINARY, jobs);
      rc = 1;
      continue;
    }
    fmt::print(
        "CLI: gpuwhy check --snapshot <{} bundles> --format json -o FILE --jobs {}: {:.2f} s, {:.1f} bundles/s, "
        "peak RSS {:.1f} MB\n",
        copies, jobs, s, static_cast<double>(copies) / s, static_cast<double>(run.max_rss_kb) / 1024.0);
  }
  std::error_code ec;
  fs::remove_all(tmpl, ec);
  return rc;
}

/// The most peak RSS a batch may take, in every format, whatever its size (kept per submission:
/// one short line; the class page's numbers are sums).
constexpr double kBatchRssBoundMb = 64.0;

// `gpuwhy check --snapshot FOLDER --format F -o FILE` for every batch format, over folders of
// each size in `sizes`: peak RSS, against kBatchRssBoundMb. Returns 1 when one is over it.
int bench_batch_rss(const std::vector<Input>& inputs, const std::vector<std::size_t>& sizes) {
  char tmpl[] = "/tmp/gpuwhy-bench-XXXXXX";
  if (::mkdtemp(tmpl) == nullptr) return 1;
  const fs::path dir = fs::path(tmpl) / "class";
  fs::create_directories(dir);
  std::size_t made = 0;
  int rc = 0;
  for (const std::size_t n : sizes) {
    for (; made < n; ++made) {
      std::ofstream(dir / ("s" + std::to_string(100000 + made) + ".json"), std::ios::binary)
          << inputs[made % inputs.size()].text;
    }
    // The roster names every submission and ten more who did not submit.
    {
      std::ofstream roster(fs::path(tmpl) / "roster.txt");
      for (std::size_t i = 0; i < n + 10; ++i) roster << "s" << (100000 + i) << "\n";
    }
    // The instructor's page in full: the class page with a page per student, the roster and a
    // due time, as README's "The instructor's view" runs it.
    const std::vector<std::string> monday{"--pages",  (fs::path(tmpl) / "pages").string(),
                                          "--roster", (fs::path(tmpl) / "roster.txt").string(),
                                          "--due",    "2026-12-01T15:40:00+09:00"};
    for (const char* format : {"json", "csv", "table", "html", "markdown", "html+pages"}) {
      const bool full = std::string_view(format) == "html+pages";
      std::vector<std::string> argv{GPUWHY_BINARY, "check",
                                    "--snapshot",  dir.string(),
                                    "--format",    full ? "html" : format,
                                    "-o",          (fs::path(tmpl) / "report").string()};
      if (full) argv.insert(argv.end(), monday.begin(), monday.end());
      const CliRun run = run_cli(argv);
      const double mb = static_cast<double>(run.max_rss_kb) / 1024.0;
      const bool ok = run.seconds >= 0 && mb <= kBatchRssBoundMb;
      fmt::print("batch RSS: {} bundles, --format {:<10}: {:.1f} s, peak RSS {:.1f} MB (bound {:.0f} MB: {})\n", n,
                 format, run.seconds, mb, kBatchRssBoundMb, ok ? "ok" : "OVER");
      if (!ok) rc = 1;
    }
  }
  std::error_code ec;
  fs::remove_all(tmpl, ec);
  return rc;
}

void pin_to_one_cpu() {
  cpu_set_t allowed;
  CPU_ZERO(&allowed);
  if (sched_getaffinity(0, sizeof(allowed), &allowed) == 0) {
    for (int c = 0; c < CPU_SETSIZE; ++c) {
      if (CPU_ISSET(c, &allowed)) {
        cpu_set_t one;
        CPU_ZERO(&one);
        CPU_SET(c, &one);
        sched_setaffinity(0, sizeof(one), &one);
        break;
      }
    }
  }
}

// CPU time of integrity alone (integrity::check and integrity::published, as checks::grade calls
// them), per bundle, in microseconds: each bundle read into a snapshot (not timed) and its
// integrity timed right after, as grade finds the snapshot. Part of grade's figure, shown on its
// own. `findings` counts what was found, so nothing is optimised away.
double integrity_only(const std::vector<Input>& inputs, double seconds, std::size_t& findings) {
  std::size_t rounds = 0;
  double spent = 0;
  const double start = thread_cpu_seconds();
  while (thread_cpu_seconds() - start < seconds || rounds == 0) {
    for (const auto& in : inputs) {
      const gpuwhy::Snapshot snap = gpuwhy::from_bundle(gpuwhy::parse_bundle_json(in.text, in.path), in.path);
      const double t0 = thread_cpu_seconds();
      findings += gpuwhy::integrity::check(snap).size() + gpuwhy::integrity::published(snap).size() + 1;
      spent += thread_cpu_seconds() - t0;
    }
    ++rounds;
  }
  return 1e6 * spent / static_cast<double>(rounds * inputs.size());
}

// Where checks::run's time goes, per bundle in microseconds: building the View, each check,
// and the causes; each bundle read into a snapshot first (not timed). The five costliest checks
// are printed by name.
void grade_parts(const std::vector<Input>& inputs, double seconds, std::size_t& sink) {
  const auto& all = gpuwhy::checks::all();
  std::vector<double> per_check(all.size(), 0.0);
  double view_s = 0;
  double causes_s = 0;
  std::size_t rounds = 0;
  const double start = thread_cpu_seconds();
  while (thread_cpu_seconds() - start < seconds || rounds == 0) {
    for (const auto& in : inputs) {
      const gpuwhy::Snapshot snap = gpuwhy::from_bundle(gpuwhy::parse_bundle_json(in.text, in.path), in.path);
      double t0 = thread_cpu_seconds();
      const gpuwhy::checks::View view(snap);
      double t1 = thread_cpu_seconds();
      view_s += t1 - t0;
      gpuwhy::RunResult r;
      for (std::size_t i = 0; i < all.size(); ++i) {
        gpuwhy::CheckResult cr;
        cr.id = std::string(all[i].id);
        cr.step = all[i].step;
        cr.points = all[i].points;
        t0 = thread_cpu_seconds();
        cr.outcome = all[i].run(view);
        t1 = thread_cpu_seconds();
        per_check[i] += t1 - t0;
        r.checks.push_back(std::move(cr));
      }
      t0 = thread_cpu_seconds();
      gpuwhy::checks::attribute_causes(view, r);
      causes_s += thread_cpu_seconds() - t0;
      sink += r.checks.size();
    }
    ++rounds;
  }
  const double per = 1e6 / static_cast<double>(rounds * inputs.size());
  double checks_s = 0;
  for (const double c : per_check) checks_s += c;
  std::vector<std::size_t> order(all.size());
  for (std::size_t i = 0; i < order.size(); ++i) order[i] = i;
  std::sort(order.begin(), order.end(), [&](std::size_t a, std::size_t b) { return per_check[a] > per_check[b]; });
  std::string top;
  for (std::size_t k = 0; k < std::min<std::size_t>(5, order.size()); ++k) {
    top += fmt::format("{}{} {:.0f}", k == 0 ? "" : ", ", all[order[k]].id, per_check[order[k]] * per);
  }
  fmt::print("of grade, the View {:.0f} us, the {} checks {:.0f} us (costliest: {}), causes {:.0f} us per bundle\n",
             view_s * per, all.size(), checks_s * per, top, causes_s * per);
}

struct Args {
  double seconds = 3.0;
  std::size_t copies = 2000;
  bool cli = true;
  std::vector<std::size_t> rss_sizes;
  std::vector<std::string> bundles;
};

Args parse_args(int argc, char** argv) {
  Args out;
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    if (a == "--seconds" && i + 1 < argc) {
      out.seconds = std::strtod(argv[++i], nullptr);
    } else if (a == "--copies" && i + 1 < argc) {
      out.copies = std::strtoul(argv[++i], nullptr, 10);
    } else if (a == "--no-cli") {
      out.cli = false;
    } else if (a == "--batch-rss" && i + 1 < argc) {
      std::stringstream list(argv[++i]);
      for (std::string n; std::getline(list, n, ',');) out.rss_sizes.push_back(std::strtoul(n.c_str(), nullptr, 10));
    } else {
      out.bundles.push_back(a);
    }
  }
  return out;
}

// Bundles per second on this (pinned) core for `seconds`, printed; adds the reports' bytes.
void bench_throughput(const std::vector<Input>& inputs, double seconds, std::size_t& report_bytes) {
  std::size_t bytes = 0;
  for (const auto& in : inputs) bytes += in.text.size();
  using clock = std::chrono::steady_clock;
  const auto start = clock::now();
  const double cpu_start = thread_cpu_seconds();
  const auto until = start + std::chrono::duration<double>(seconds);
  std::size_t graded = 0;
  while (clock::now() < until) {
    for (const auto& in : inputs) report_bytes += grade_one(in);
    graded += inputs.size();
  }
  const double elapsed = std::chrono::duration<double>(clock::now() - start).count();
  const double cpu = thread_cpu_seconds() - cpu_start;
  fmt::print("gpuwhy_bench: {} bundle(s), {:.1f} KiB on average, {} checks each\n", inputs.size(),
             static_cast<double>(bytes) / static_cast<double>(inputs.size()) / 1024.0, gpuwhy::checks::all().size());
  fmt::print("graded {} bundles in {:.2f} s on one core: {:.1f} bundles/s ({:.3f} ms per bundle)\n", graded, elapsed,
             static_cast<double>(graded) / elapsed, 1000.0 * elapsed / static_cast<double>(graded));
  fmt::print("CPU time {:.2f} s: {:.1f} bundles per CPU second\n", cpu, static_cast<double>(graded) / cpu);
}

// Where the time goes: more passes over the inputs (at least one), each part timed; printed.
void bench_phases(const std::vector<Input>& inputs, double seconds, std::size_t& report_bytes) {
  Phases ph;
  std::size_t rounds = 0;
  const double phase_start = thread_cpu_seconds();
  while (thread_cpu_seconds() - phase_start < std::min(seconds, 2.0) || rounds == 0) {
    for (const auto& in : inputs) report_bytes += grade_one(in, &ph);
    ++rounds;
  }
  const double per = 1e6 / static_cast<double>(rounds * inputs.size());
  const double total = ph.parse + ph.snapshot + ph.grade + ph.render + ph.free;
  fmt::print(
      "per bundle (CPU): parse {:.0f} us, snapshot {:.0f} us, grade (checks, causes, integrity) {:.0f} us, render "
      "{:.0f} us, free {:.0f} us; total {:.0f} us\n",
      ph.parse * per, ph.snapshot * per, ph.grade * per, ph.render * per, ph.free * per, total * per);
  const double integrity_us = integrity_only(inputs, std::min(seconds, 2.0), report_bytes);
  fmt::print("of grade, integrity (check and published) alone: {:.0f} us per bundle\n", integrity_us);
  grade_parts(inputs, std::min(seconds, 2.0), report_bytes);
}

}  // namespace

int main(int argc, char** argv) {
  const Args args = parse_args(argc, argv);
  const auto inputs = load(args.bundles);
  if (inputs.empty()) {
    fmt::print(stderr, "gpuwhy_bench: no bundles (record captures under fixtures/captures or pass paths)\n");
    return 2;
  }
  if (!args.rss_sizes.empty()) return bench_batch_rss(inputs, args.rss_sizes);
  // The CLI first, before this process pins itself (a child would inherit the one CPU).
  const int cli_rc = args.cli && args.copies > 0 ? bench_cli(inputs, args.copies) : 0;
  // One core: pin to the first CPU this process may use, so the figure is per core.
  pin_to_one_cpu();
  std::size_t report_bytes = 0;
  try {
    for (const auto& in : inputs) report_bytes += grade_one(in);  // warm-up, and fail early on a bad bundle
  } catch (const std::exception& e) {
    fmt::print(stderr, "gpuwhy_bench: {}\n", e.what());
    return 1;
  }
  bench_throughput(inputs, args.seconds, report_bytes);
  bench_phases(inputs, args.seconds, report_bytes);
  return report_bytes > 0 ? cli_rc : 1;
}
