//===- CallgrindParserTest.cpp - The format reader on synthetic input -----===//
#include "hotpath/callgrind/CallgrindAttribution.h"
#include "hotpath/callgrind/CallgrindNames.h"
#include "hotpath/callgrind/CallgrindProfile.h"

#include <gtest/gtest.h>

#include <random>

using namespace hotpath::callgrind;

namespace {

// Compressed names of every kind, compressed positions (+N, -N, *, hex),
// fi/fe, calls with their inclusive cost line, recursion and ThinLTO
// suffixes, jumps, and two parts in one file.
const char *Sample = R"(# callgrind format
version: 1
creator: callgrind-3.19.0
pid: 42
cmd:  ./prog
part: 1

desc: I1 cache: 32768 B, 64 B, 8-way associative
desc: Trigger: Client Request: hotpath

positions: instr line
events: Ir Dr
summary: 1000 10

ob=(1) /bin/prog
fl=(1) /src/a.c
fn=(1) main
0x1000 10 5 1
+4 +1 3
cob=(1)
cfi=(2) /src/b.c
cfn=(2) f(int) [clone .hotpath.123]
calls=2 0x2000 20
* * 400 4
jump=1 +8 *
jcnd=1/2 +8 *
-2 -1 2
cfn=(3) g.hotpath.77.llvm.9
calls=1 0x3000 30
* * 100
fi=(3) /src/inl.h
+2 5 7
fe=(1)
+1 11 1

fl=(2)
fn=(2)
0x2000 20 300 3
cfn=(4) f(int) [clone .hotpath.123]'2
calls=1 0x2000 20
* * 50
fn=(4)
0x2000 20 50

fn=(3)
0x3000 30 100
totals: 1000 10

part: 2
desc: Trigger: Program termination
positions: instr line
events: Ir Dr
fl=(1)
fn=(1)
0x1000 10 9
totals: 9 0
)";

TEST(ParserTest, EveryCompressionKind) {
  Profile P;
  std::string E;
  ASSERT_TRUE(parseProfile(Sample, P, E)) << E;
  ASSERT_EQ(P.Parts.size(), 2u);
  const Part &A = P.Parts[0];
  EXPECT_EQ(A.Pid, 42);
  EXPECT_EQ(A.PartNumber, 1u);
  EXPECT_EQ(A.Trigger, "Client Request: hotpath");
  EXPECT_EQ(A.Events, (std::vector<std::string>{"Ir", "Dr"}));
  EXPECT_EQ(A.total(), (Cost{1000, 10}));
  auto Incl = A.inclusiveLikeAnnotate();
  // main's self: 5 + 3 + 2 in a.c, 7 under inl.h (fi), 1 back in a.c (fe).
  EXPECT_EQ(Incl[(FunctionKey{"/src/a.c", "main"})][0],
            5u + 3 + 2 + 1 + 400 + 100);
  EXPECT_EQ(Incl[(FunctionKey{"/src/inl.h", "main"})][0], 7u);
  EXPECT_EQ(Incl[(FunctionKey{"/src/b.c", "f(int) [clone .hotpath.123]"})][0],
            400u);
  EXPECT_EQ(Incl[(FunctionKey{"/src/b.c", "f(int) [clone .hotpath.123]'2"})][0],
            50u);
  // cfn without cfi: the callee is in the current file (b.c, from cfi=).
  EXPECT_EQ(Incl[(FunctionKey{"/src/a.c", "g.hotpath.77.llvm.9"})][0], 100u);
  EXPECT_EQ(P.Parts[1].Trigger, "Program termination");
  EXPECT_EQ(P.Parts[1].total()[0], 9u);

  Attribution At = attribute({A});
  ASSERT_EQ(At.Markers.count(123), 1u);
  EXPECT_EQ(At.Markers[123].Calls, 3u); // 2 + 1 recursive
  EXPECT_EQ(At.Markers[123].Raw, 450u); // recursion counts again
  EXPECT_EQ(At.Markers[77].Calls, 1u);
  EXPECT_EQ(At.Markers[77].Raw, 100u);
  EXPECT_EQ(At.Totals[0], 1000u);
}

TEST(ParserTest, SummaryWhenNoTotals) {
  Profile P;
  std::string E;
  ASSERT_TRUE(parseProfile("events: Ir\nsummary: 77\nfn=a\n1 5\n", P, E)) << E;
  EXPECT_EQ(P.Parts[0].total()[0], 77u);
  ASSERT_TRUE(parseProfile("events: Ir\nfn=a\n1 5\nfn=b\n2 6\n", P, E)) << E;
  EXPECT_EQ(P.Parts[0].total()[0], 11u); // computed, as callgrind_annotate
  // A default "positions: line" part; "(below main)" is a name, not an id.
  ASSERT_TRUE(parseProfile("events: Ir\nfn=(below main)\n1 5\n", P, E)) << E;
  EXPECT_EQ(P.Parts[0].Functions[0].Key.Name, "(below main)");
}

TEST(NamesTest, MarkersAndSuffixes) {
  uint64_t N = 0;
  EXPECT_TRUE(markerHash("f(int) [clone .hotpath.123]", N));
  EXPECT_EQ(N, 123u);
  EXPECT_TRUE(
      markerHash("ns::f(int) [clone .hotpath.18446744073709551615]'2", N));
  EXPECT_EQ(N, 18446744073709551615u);
  EXPECT_TRUE(markerHash("f(int) [clone .hotpath.5] [clone .llvm.99]", N));
  EXPECT_EQ(N, 5u);
  EXPECT_TRUE(markerHash("c_func.hotpath.6.llvm.12'3", N));
  EXPECT_EQ(N, 6u);
  EXPECT_TRUE(markerHash("co(int) [clone .hotpath.8.resume]", N));
  EXPECT_EQ(N, 8u);
  EXPECT_FALSE(markerHash("f(int) [clone .hotpath.5.cold]", N));
  EXPECT_FALSE(markerHash("f.hotpath.", N));
  EXPECT_FALSE(markerHash("f.hotpath.12a", N));
  EXPECT_FALSE(markerHash("f.hotpath.99999999999999999999", N)); // > 2^64
  EXPECT_FALSE(markerHash("plain(int)", N));
  EXPECT_TRUE(isHookFunction("__hotpath_enter"));
  EXPECT_TRUE(isHookFunction("__hotpath_exit'2"));
  EXPECT_FALSE(isHookFunction("__hotpath_main_end"));
}

TEST(NamesTest, HookedThunksAreNotMarkers) {
  uint64_t N = 0;
  EXPECT_TRUE(thunkHash("f(int) [clone .hotpath_hooked.123]", N));
  EXPECT_EQ(N, 123u);
  EXPECT_TRUE(thunkHash("c_func.hotpath_hooked.6.llvm.12'3", N));
  EXPECT_EQ(N, 6u);
  EXPECT_FALSE(markerHash("f(int) [clone .hotpath_hooked.123]", N));
  EXPECT_FALSE(thunkHash("f(int) [clone .hotpath.123]", N));
  EXPECT_FALSE(thunkHash("f.hotpath_hooked.7.cold", N));
  EXPECT_FALSE(isHookFunction("f.hotpath_hooked.7"));
}

void expectOneLineError(const std::string &Text, const char *Want) {
  Profile P;
  std::string E;
  EXPECT_FALSE(parseProfile(Text, P, E)) << Text;
  EXPECT_EQ(E.find('\n'), std::string::npos) << E;
  EXPECT_FALSE(E.empty());
  if (Want)
    EXPECT_NE(E.find(Want), std::string::npos) << E;
}

TEST(ParserTest, MalformedInputIsOneLine) {
  expectOneLineError("", "not a Callgrind file");
  expectOneLineError("hello world\n", "unknown line");
  expectOneLineError("events: Ir\nfn=(3)\n", "line 2: name (3) used before");
  expectOneLineError("events: Ir\nfn=a\ncfn=b\ncalls=1 5\n", "truncated");
  expectOneLineError("events: Ir\nfn=a\ncfn=b\ncalls=1 5\nfn=c\n",
                     "not followed by its cost line");
  expectOneLineError("events: Ir\nfn=a\n1 2 3\n", "2 costs but 1 events");
  expectOneLineError("events: Ir\nfn=a\n1 99999999999999999999999\n",
                     "invalid cost");
  expectOneLineError("events: Ir\nfn=a\n0xZZ 1\n", "invalid position");
  expectOneLineError("events: Ir\n1 2\n", "before any fn=");
  expectOneLineError("fn=a\n1 2\n", "before the events");
  expectOneLineError("version: 7\nevents: Ir\n", "unsupported format version");
  expectOneLineError("events: Ir\ncalls=1 2\n", "without a cfn=");
  expectOneLineError(std::string("events: Ir\nfn=a\n1 2\n\0garbage", 26),
                     "NUL");
  expectOneLineError("events: Ir\nfi=x\n", "before any fn=");
  expectOneLineError("positions: bogus\n", "unknown position");
}

// Every truncation of a valid file, and random damage, parses or gives one
// line: never a crash.
TEST(ParserTest, TruncationsAndGarbageNeverCrash) {
  std::string S = Sample;
  for (size_t N = 0; N <= S.size(); ++N) {
    Profile P;
    std::string E;
    if (!parseProfile(S.substr(0, N), P, E))
      EXPECT_EQ(E.find('\n'), std::string::npos);
  }
  std::mt19937 Rng(7);
  for (int Round = 0; Round < 2000; ++Round) {
    std::string T = S;
    for (int K = 0; K < 4; ++K)
      T[Rng() % T.size()] = char(Rng() % 256);
    Profile P;
    std::string E;
    if (!parseProfile(T, P, E))
      EXPECT_EQ(E.find('\n'), std::string::npos);
    attribute(P.Parts); // whatever was read must be usable
  }
}

TEST(AttributionTest, CacheEstimate) {
  std::vector<std::string> Ev = {"Ir",   "Dr",   "Dw",   "I1mr", "D1mr",
                                 "D1mw", "ILmr", "DLmr", "DLmw"};
  EXPECT_EQ(estimatedCycles({1000, 0, 0, 1, 2, 3, 4, 5, 6}, Ev),
            1000u + 10 * 6 + 100 * 15);
  EXPECT_EQ(estimatedCycles({1000}, {"Ir"}), 1000u);
}

} // namespace
