//===- AttributionTest.cpp - Samples joined to the measured functions -----===//
#include "hotpath/samples/Attribution.h"
#include "hotpath/samples/HotLines.h"

#include "gtest/gtest.h"

#include <cstdio>
#include <cstring>
#include <elf.h>
#include <link.h>
#include <unistd.h>

using namespace hotpath;
using namespace hotpath::samples;

// Two functions of this file: one plays a measured function, the other an
// unmeasured callee in which the samples land.
extern "C" __attribute__((noinline)) int hp_test_callee(int X) {
  return X * 3 + 1;
}
extern "C" __attribute__((noinline)) int hp_test_measured(int X) {
  return hp_test_callee(X) + 2;
}

// Plays one of hotpath's hooks.
extern "C" __attribute__((noinline)) int __hotpath_test_hook(int X) {
  return X ^ 5;
}

// Plays one of the runtime's stand-ins for a C library function (its
// malloc, its pthread_mutex_lock): the runtime's object, not a hook's name.
extern "C" __attribute__((noinline)) int hp_test_interposer(int X) {
  return hp_test_callee(X) ^ 9;
}

namespace {

int addObject(dl_phdr_info *Info, size_t, void *Data) {
  auto *S = static_cast<report::CpuSamplesSection *>(Data);
  if (!S->Objects.empty())
    return 1; // the program only
  report::SampledObject O;
  O.Path = "/proc/self/exe";
  O.Base = Info->dlpi_addr;
  for (int I = 0; I < Info->dlpi_phnum; ++I) {
    const ElfW(Phdr) &P = Info->dlpi_phdr[I];
    if (P.p_type == PT_LOAD && (P.p_flags & PF_X))
      O.Text.push_back({Info->dlpi_addr + P.p_vaddr,
                        Info->dlpi_addr + P.p_vaddr + P.p_memsz});
  }
  S->Objects.push_back(O);
  return 1;
}

report::CpuSamplesSection section() {
  report::CpuSamplesSection S;
  S.Present = true;
  dl_iterate_phdr(addObject, &S);
  S.Measured.push_back({"hp_test_measured", "hp_test_measured", "", 0, 7});
  return S;
}

} // namespace

TEST(Attribution, MeasuredSymbolOfMarkersAndWrappers) {
  EXPECT_EQ(measuredSymbolOf("_Z4workv.hotpath.123"), "_Z4workv");
  EXPECT_EQ(measuredSymbolOf("_Z4workv.hotpath_hooked.9"), "_Z4workv");
  EXPECT_EQ(measuredSymbolOf("_Z4workv"), "_Z4workv");
  EXPECT_EQ(measuredSymbolOf("f.hotpath.x1"), "f.hotpath.x1"); // not a hash
  EXPECT_EQ(measuredSymbolOf("f.hotpath."), "f.hotpath.");
  EXPECT_EQ(measuredSymbolOf("work.llvm.123"), "work.llvm.123");
}

// A sample in the callee whose chain goes through the measured function:
// self CPU of the measured one, the callee below it, the line of the call.
TEST(Attribution, SampleBelowAMeasuredFunction) {
  report::CpuSamplesSection S = section();
  uint64_t InCallee = uint64_t(&hp_test_callee) + 1;
  // A return address inside the measured function: its first instruction
  // after the start serves (looked up one byte back, still inside).
  uint64_t InMeasured = uint64_t(&hp_test_measured) + 2;
  S.Chains.push_back({{InCallee, InMeasured}, 3, 3000000, {}});
  S.Chains.push_back({{InMeasured}, 1, 1000000, {}});
  S.Chains.push_back({{InCallee}, 2, 2000000, {}}); // outside measured code
  Symbolizer Sym(S);
  SampleProfile P = attributeSamples(S, Sym);
  EXPECT_TRUE(Sym.warnings().empty());
  EXPECT_EQ(P.Samples, 6u);
  EXPECT_EQ(P.OutsideSamples, 2u);
  const FunctionCpu &M = P.ByFunction.at("hp_test_measured");
  EXPECT_EQ(M.SelfNs, 4000000u);
  EXPECT_EQ(M.TotalNs, 4000000u);
  EXPECT_EQ(M.SelfSamples, 4u);
  ASSERT_EQ(P.Chains.size(), 3u);
  ASSERT_EQ(P.Chains[0].Below.size(), 1u);
  EXPECT_EQ(P.Chains[0].Below[0].Name, "hp_test_callee");
  EXPECT_NE(P.Chains[0].Below[0].File.find("AttributionTest.cpp"),
            std::string::npos);
  EXPECT_EQ(P.Chains[0].Path, std::vector<std::string>{"hp_test_measured"});

  HotLines H = hotLines(P, "hp_test_measured");
  EXPECT_EQ(H.Samples, 4u);
  ASSERT_EQ(H.Callees.size(), 2u);
  EXPECT_EQ(H.Callees[0].What, "hp_test_callee");
  EXPECT_EQ(H.Callees[0].Samples, 3u);
  EXPECT_EQ(H.Callees[1].What, "(its own code)");
  std::string Text = renderHotLines(H, 0);
  EXPECT_NE(Text.find("75.0%"), std::string::npos) << Text;

  report::Report R;
  R.Timing.Present = true;
  R.Timing.Data.push_back({});
  R.Timing.Data[0].Name = "hp_test_measured";
  R.Timing.Data.push_back({});
  R.Timing.Data[1].Name = "other";
  addCpuToRows(R, P);
  EXPECT_EQ(R.Timing.Data[0].CpuNs, 4000000u);
  EXPECT_EQ(R.Timing.Data[1].CpuNs, 0u);
}

// A file that is not the run's build is not read: its addresses stay
// unnamed, with one warning.
TEST(Attribution, ObjectOfAnotherBuildIsNotRead) {
  report::CpuSamplesSection S = section();
  S.Objects[0].BuildId = "00112233";
  S.Chains.push_back({{uint64_t(&hp_test_callee)}, 1, 1000000, {}});
  Symbolizer Sym(S);
  SampleProfile P = attributeSamples(S, Sym);
  ASSERT_EQ(P.Warnings.size(), 1u);
  EXPECT_NE(P.Warnings[0].find("rebuilt since the run"), std::string::npos);
  EXPECT_EQ(P.OutsideSamples, 1u);
  EXPECT_NE(P.Chains[0].Leaf.Name.find("+0x"), std::string::npos);
  std::vector<std::string> Notes = profileNotes(P);
  EXPECT_FALSE(Notes.empty());
}

// A sample in hotpath's own code under a measured function is the cost of
// measuring: counted apart, in no function's CPU.
TEST(Attribution, SamplesInTheHooksAreMeasuringCost) {
  report::CpuSamplesSection S = section();
  uint64_t InHook = uint64_t(&__hotpath_test_hook) + 1;
  uint64_t InMeasured = uint64_t(&hp_test_measured) + 2;
  S.Chains.push_back({{InHook, InMeasured}, 4, 4000000, {}});
  S.Chains.push_back({{InMeasured}, 1, 1000000, {}});
  Symbolizer Sym(S);
  SampleProfile P = attributeSamples(S, Sym);
  EXPECT_EQ(P.MeasuringSamples, 4u);
  EXPECT_EQ(P.ByFunction.at("hp_test_measured").SelfNs, 1000000u);
  std::vector<std::string> Notes = profileNotes(P);
  ASSERT_FALSE(Notes.empty());
  EXPECT_NE(Notes[0].find("hotpath's own code: 80.0%"), std::string::npos)
      << Notes[0];
}

// The runtime's stand-ins for the C library's functions forward to them:
// what malloc or the lock does below one is the program's work (the plain
// build does it too); only the stand-in's own instructions, and what a
// hook calls, are the cost of measuring.
TEST(Attribution, WhatAnInterposerForwardsToIsTheProgramsWork) {
  report::CpuSamplesSection S = section();
  // The stand-in in an object named as the runtime's (the test binary
  // itself under that name), listed first so that its address is found
  // there; the rest of the code in the program.
  std::string Link = ::testing::TempDir() + "/libhotpath_rt.so";
  std::remove(Link.c_str());
  char Exe[4096] = {};
  ASSERT_GT(readlink("/proc/self/exe", Exe, sizeof Exe - 1), 0);
  ASSERT_EQ(symlink(Exe, Link.c_str()), 0);
  report::SampledObject Rt = S.Objects[0];
  Rt.Path = Link;
  uint64_t Stub = uint64_t(&hp_test_interposer);
  Rt.Text = {{Stub, Stub + 4}};
  S.Objects.insert(S.Objects.begin(), Rt);

  uint64_t InCallee = uint64_t(&hp_test_callee) + 1;
  uint64_t InMeasured = uint64_t(&hp_test_measured) + 2;
  uint64_t InHook = uint64_t(&__hotpath_test_hook) + 2;
  // Below the stand-in: the program's.
  S.Chains.push_back({{InCallee, Stub + 2, InMeasured}, 3, 3000000, {}});
  // In the stand-in itself, and below a hook: measuring.
  S.Chains.push_back({{Stub + 1, InMeasured}, 2, 2000000, {}});
  S.Chains.push_back({{InCallee, InHook, InMeasured}, 1, 1000000, {}});
  Symbolizer Sym(S);
  SampleProfile P = attributeSamples(S, Sym);
  std::remove(Link.c_str());
  EXPECT_TRUE(Sym.warnings().empty());
  EXPECT_EQ(P.MeasuringSamples, 3u);
  // The stand-in's own samples track locks or allocations: no measured
  // call adds to them.
  EXPECT_EQ(P.StandInSamples, 2u);
  EXPECT_EQ(P.StandInNs, 2000000u);
  ASSERT_EQ(P.ByFunction.count("hp_test_measured"), 1u);
  EXPECT_EQ(P.ByFunction.at("hp_test_measured").SelfNs, 3000000u);
  ASSERT_EQ(P.Chains.size(), 1u);
  ASSERT_EQ(P.Chains[0].Below.size(), 2u);
  EXPECT_EQ(P.Chains[0].Below[0].Name, "hp_test_interposer");
  EXPECT_EQ(P.Chains[0].Below[1].Name, "hp_test_callee");
}
