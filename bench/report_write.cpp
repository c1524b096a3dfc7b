// What writing a compact JSON report costs: a report read from a file
// written again, as the runtime writes it when the program exits
// (report::writeJson), beside nlohmann's dump of the same report as a
// document already built (what writing cost before JsonText, without the
// building). Alternating rounds, the median of each.
//
// Built by hand from the build tree's objects (from the source folder):
//   B=build/lib; clang++-19 -O2 -std=c++17 -Ilib/report/include
//     -Ilib/support/include bench/report_write.cpp
//     $B/report/CMakeFiles/hotpath_report.dir/*.o
//     $B/support/CMakeFiles/hotpath_support.dir/*.o -o /tmp/report_write
//   /tmp/report_write REPORT.json
#include "hotpath/report/ReportJson.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <fstream>
#include <sstream>
#include <vector>

using namespace hotpath::report;
using Clock = std::chrono::steady_clock;

int main(int Argc, char **Argv) {
  if (Argc != 2) {
    std::fprintf(stderr, "usage: report_write REPORT.json\n");
    return 2;
  }
  std::ifstream In(Argv[1]);
  std::stringstream Text;
  Text << In.rdbuf();
  Report R;
  std::string Error;
  if (!parseReport(Text.str(), R, Error)) {
    std::fprintf(stderr, "report_write: %s\n", Error.c_str());
    return 2;
  }
  nlohmann::ordered_json Document = toJson(R);
  const int Rounds = 15, Writes = 10;
  std::vector<double> Streamed, Dumped;
  size_t Bytes = 0;
  for (int Round = 0; Round < Rounds; ++Round) {
    auto T0 = Clock::now();
    for (int I = 0; I < Writes; ++I)
      Bytes = writeJson(R, false).size();
    auto T1 = Clock::now();
    for (int I = 0; I < Writes; ++I)
      Document.dump(-1, ' ', false,
                    nlohmann::ordered_json::error_handler_t::replace);
    auto T2 = Clock::now();
    Streamed.push_back(
        std::chrono::duration<double, std::milli>(T1 - T0).count() / Writes);
    Dumped.push_back(
        std::chrono::duration<double, std::milli>(T2 - T1).count() / Writes);
  }
  std::sort(Streamed.begin(), Streamed.end());
  std::sort(Dumped.begin(), Dumped.end());
  std::printf("%zu bytes: writeJson %.2f ms, nlohmann's dump of the built "
              "document %.2f ms (medians of %d rounds)\n",
              Bytes, Streamed[Rounds / 2], Dumped[Rounds / 2], Rounds);
}
