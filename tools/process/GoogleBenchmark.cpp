//===- GoogleBenchmark.cpp - What `hotpath bench` knows of a suite --------===//
#include "process/GoogleBenchmark.h"

#include "hotpath/support/FileRead.h"
#include "hotpath/support/Strings.h"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cctype>
#include <csignal>
#include <string_view>

namespace hotpath::tool::gbench {

namespace {

constexpr uint64_t ListOutputLimit = 64u << 20;
constexpr unsigned ListTimeoutSeconds = 120;

// Runs the suite with Args, its stdout and stderr to files in TmpDir and no
// hotpath report (nothing is measured while listing).
SpawnResult runQuiet(const std::string &Exe, std::vector<std::string> Args,
                     const std::string &TmpDir, std::string &Out,
                     std::string &Err) {
  Args.insert(Args.begin(), Exe);
  ChildEnv E;
  E.set("HOTPATH_OUTPUT_FORMAT", "none");
  E.unset("HOTPATH_BENCH");
  SpawnOptions O;
  O.StdoutPath = TmpDir + "/suite.out";
  O.StderrPath = TmpDir + "/suite.err";
  // A suite that answers with endless output, or never answers, is cut
  // off: what is read is bounded anyway (below).
  O.MaxFileBytes = ListOutputLimit;
  O.TimeoutSeconds = ListTimeoutSeconds;
  SpawnResult R = spawnAndWait(Args, E, O);
  std::string Ignored;
  support::readRegularFile(O.StdoutPath, ListOutputLimit, Out, Ignored);
  support::readRegularFile(O.StderrPath, 1u << 20, Err, Ignored);
  return R;
}

} // namespace

bool listBenchmarks(const std::string &Exe,
                    const std::vector<std::string> &UserArgs,
                    const std::string &Filter, const std::string &TmpDir,
                    std::vector<std::string> &Names, std::string &Error) {
  std::vector<std::string> Args = UserArgs;
  Args.push_back("--benchmark_list_tests=true");
  if (!Filter.empty())
    Args.push_back("--benchmark_filter=" + Filter);
  std::string Out, Err;
  SpawnResult R = runQuiet(Exe, Args, TmpDir, Out, Err);
  if (!R.Started) {
    Error = "cannot run " + Exe + ": " + R.Error;
    return false;
  }
  if (R.TimedOut || R.Signal == SIGXFSZ) {
    Error = Exe + " --benchmark_list_tests=true " +
            (R.TimedOut ? "did not end within " +
                              std::to_string(ListTimeoutSeconds) + " s"
                        : std::string("wrote more than 64 MiB")) +
            ": killed (is it a Google Benchmark program?)";
    return false;
  }
  if (R.ExitStatus != 0) {
    Error = Exe + " --benchmark_list_tests=true failed (exit status " +
            std::to_string(R.ExitStatus) + ")" +
            (Err.empty() ? "" : ": " + std::string(support::firstLine(Err)));
    return false;
  }
  support::LineReader Lines(Out);
  for (std::string_view Line; Lines.next(Line);)
    if (!support::trim(Line).empty())
      Names.emplace_back(support::firstLine(Line));
  return true;
}

bool takesIterationSuffix(const std::string &Exe,
                          const std::vector<std::string> &UserArgs,
                          const std::string &TmpDir) {
  std::vector<std::string> Args = UserArgs;
  Args.push_back("--benchmark_list_tests=true");
  Args.push_back("--benchmark_min_time=1x");
  std::string Out, Err;
  SpawnResult R = runQuiet(Exe, Args, TmpDir, Out, Err);
  // 1.7 says "... is expected to be a double" (and exits 1 from
  // BENCHMARK_MAIN, though a main of the suite's own may go on).
  return R.Started && R.ExitStatus == 0 &&
         Err.find("benchmark_min_time") == std::string::npos;
}

std::vector<std::string> runFlags(const std::string &Name, uint64_t N,
                                  bool IterationSuffix) {
  std::vector<std::string> F = {"--benchmark_filter=" + exactFilter(Name)};
  if (IterationSuffix) {
    F.push_back("--benchmark_min_time=" + std::to_string(N) + "x");
    F.push_back("--benchmark_repetitions=1");
  } else {
    F.push_back("--benchmark_min_time=0");
    F.push_back("--benchmark_repetitions=" + std::to_string(N));
  }
  // Each run's own line; aggregates are computed from them anyway.
  F.push_back("--benchmark_report_aggregates_only=false");
  F.push_back("--benchmark_display_aggregates_only=false");
  return F;
}

std::string exactFilter(const std::string &Name) {
  std::string R = "^";
  for (char C : Name) {
    // ']' and '}' are literals on their own; escaping them is undefined in
    // POSIX, and libstdc++'s std::regex rejects it in some builds.
    if (std::string_view(".[()*+?{|^$\\").find(C) != std::string_view::npos)
      R += '\\';
    R += C;
  }
  return R + "$";
}

std::string fileStem(const std::string &Name) {
  std::string S;
  for (unsigned char C : Name)
    S += C == '/'                                                ? '-'
         : (std::isalnum(C) || C == '.' || C == '_' || C == '-') ? char(C)
                                                                 : '_';
  if (S.empty() || S[0] == '.')
    S.insert(S.begin(), '_');
  return S;
}

bool readResults(const std::string &Path, const std::string &Name, Results &Out,
                 std::string &Error) {
  std::string Text;
  if (!support::readRegularFile(Path, 64u << 20, Text, Error)) {
    Error = Path + ": " + Error;
    return false;
  }
  nlohmann::json J = nlohmann::json::parse(Text, nullptr, false);
  if (J.is_discarded() || !J.is_object() || !J.contains("benchmarks") ||
      !J["benchmarks"].is_array()) {
    Error = Path + ": not Google Benchmark JSON results";
    return false;
  }
  for (const nlohmann::json &B : J["benchmarks"]) {
    if (!B.is_object())
      continue;
    auto Str = [&](const char *K) {
      return B.contains(K) && B[K].is_string() ? B[K].get<std::string>() : "";
    };
    if (Str("run_type") == "aggregate")
      continue;
    std::string RunName =
        Str("run_name").empty() ? Str("name") : Str("run_name");
    if (RunName != Name)
      continue;
    ++Out.Runs;
    if (B.contains("iterations") && B["iterations"].is_number_unsigned())
      Out.Iterations += B["iterations"].get<uint64_t>();
    if (B.contains("threads") && B["threads"].is_number_unsigned())
      Out.Threads = std::max<uint64_t>(1, B["threads"].get<uint64_t>());
    if (B.contains("error_occurred") && B["error_occurred"].is_boolean() &&
        B["error_occurred"].get<bool>())
      Out.ErrorMessage = Str("error_message");
  }
  if (!Out.Runs) {
    Error = Path + ": no run of " + Name;
    return false;
  }
  return true;
}

} // namespace hotpath::tool::gbench
