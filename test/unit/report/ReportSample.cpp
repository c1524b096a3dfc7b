//===- ReportSample.cpp - Writes a report from a made-up session ----------===//
//
// `hotpath_report_sample [--valgrind] [--no-alloc]` builds a
// fixed Snapshot and calls writeReport with the options of the
// environment (HOTPATH_*), exactly as the runtime does at session end. The
// lit tests of test/e2e/report use it to check real writer output (table,
// JSON against docs/report-schema.json, env handling) before, and
// independently of, the instrumented end-to-end runs.
//
//===----------------------------------------------------------------------===//
#include "TestSupport.h"
#include "hotpath/report/ReportJson.h"
#include "output/ReportWriter.h"

#include <cstdio>

#include <cstring>

using namespace hotpath::rt;

static void addFunction(Snapshot &S, const char *Name, const char *File,
                        uint32_t Line, uint64_t Calls, uint64_t BaseNs,
                        uint64_t Bytes) {
  uint32_t Id = uint32_t(S.Functions.size());
  FunctionInfo F;
  F.Id = Id;
  F.Name = Name;
  F.Symbol = std::string("_Z") + Name;
  F.File = File;
  F.Line = Line;
  S.Functions.push_back(F);
  FunctionTiming T;
  for (uint64_t I = 0; I < Calls; ++I)
    T.add(BaseNs + (I % 10) * BaseNs / 10); // 1.0x .. 1.9x of the base
  S.Timing.push_back(T);
  FunctionAlloc A;
  A.Calls = Calls;
  for (uint64_t I = 0; I < Calls; ++I) {
    A.Bytes += Bytes;
    A.BytesPerCall.record(Bytes);
  }
  A.Allocs = Bytes ? Calls : 0;
  A.FreedBytes = A.Bytes / 2;
  A.Frees = A.Allocs / 2;
  S.Alloc.push_back(A);
}

int main(int Argc, char **Argv) {
  // --model: the unit tests' hand-made report with every section (icount
  // included), as JSON on stdout, for the schema check.
  if (Argc > 1 && !std::strcmp(Argv[1], "--model")) {
    std::fputs(hotpath::report::writeJson(hotpath::report::sampleReport(), true)
                   .c_str(),
               stdout);
    return 0;
  }
  Snapshot S;
  S.StartUnixNs = 1767225600000000000ull; // 2026-01-01T00:00:00Z
  S.ElapsedNs = 250000000;                // 250 ms
  S.AllocTracked = true;
  for (int I = 1; I < Argc; ++I) {
    if (!std::strcmp(Argv[I], "--valgrind"))
      S.UnderValgrind = true;
    else if (!std::strcmp(Argv[I], "--no-alloc"))
      S.AllocTracked = false;
  }
  S.Functions.emplace_back(); // id 0 is unused
  S.Timing.emplace_back();
  S.Alloc.emplace_back();
  addFunction(S, "main", "demo.cpp", 40, 1, 240000000, 0);
  addFunction(S, "parse(std::string const&)", "parse.cpp", 12, 1000, 150000,
              64);
  addFunction(S, "std::vector<int> tokenize<char>(char const*)", "lex.h", 7,
              5000, 900, 4096);
  addFunction(S, "fib(int)", "demo.cpp", 3, 21891, 35, 0);
  addFunction(S, "never_called()", "demo.cpp", 30, 0, 0, 0);
  if (!S.AllocTracked)
    S.Alloc.clear();
  ThreadInfo Main;
  Main.Tid = 4242;
  Main.Name = "main";
  Main.Events = 55784;
  Main.AllocBytes = 20544000;
  Main.AllocUsableBytes = 20544000;
  Main.FreedBytes = 10272000;
  S.Threads.push_back(Main);
  ThreadInfo Worker;
  Worker.Tid = 4243;
  Worker.Events = 2000;
  Worker.Exited = true;
  S.Threads.push_back(Worker);
  S.Warnings.push_back("sample: made-up session");
  Options O = loadOptionsFromEnv();
  writeReport(S, O);
  return 0;
}
