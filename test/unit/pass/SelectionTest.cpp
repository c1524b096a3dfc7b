//===- SelectionTest.cpp - Demangling, source marks and precedence --------===//
#include "Selection.h"

#include "llvm/AsmParser/Parser.h"
#include "llvm/Config/llvm-config.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/SourceMgr.h"

#include "gtest/gtest.h"

using namespace hotpath;
using namespace llvm;

namespace {

TEST(Demangle, ItaniumAndC) {
  EXPECT_EQ(demangleName("_ZN5myapp6Parser5parseEi"),
            "myapp::Parser::parse(int)");
  EXPECT_EQ(demangleName("compress_block"), "compress_block");
  EXPECT_EQ(demangleName("main"), "main");
  EXPECT_EQ(demangleName("_ZN12_GLOBAL__N_14helpEv"),
            "(anonymous namespace)::help()");
}

TEST(Demangle, NestedTemplatesCloseWithoutSpace) {
  // std::vector<std::vector<int>> as a parameter: LLVM 14 prints "> >".
  EXPECT_EQ(demangleName("_Z1fRKSt6vectorIS_IiSaIiEESaIS1_EE"),
            "f(std::vector<std::vector<int, std::allocator<int>>, "
            "std::allocator<std::vector<int, std::allocator<int>>>> const&)");
  EXPECT_EQ(demangleName("_Z1gI1AI1BIiEEEvv"), "g<A<B<int>>>()");
  // operator>> keeps its name.
  EXPECT_EQ(demangleName("_ZN1SrsEi"), "S::operator>>(int)");
}

TEST(Demangle, TemplateReturnTypesAreDropped) {
  // c++filt prints "int myapp::twice<int>(int)": "^myapp::" would miss it.
  EXPECT_EQ(demangleName("_ZN5myapp5twiceIiEET_S1_"), "myapp::twice<int>(int)");
  EXPECT_EQ(demangleName("_ZN2ns4makeISt6vectorIiSaIiEEEET_v"),
            "ns::make<std::vector<int, std::allocator<int>>>()");
  // Not a template: no return type in the mangling, nothing dropped.
  EXPECT_EQ(demangleName("_ZN2ns3getEv"), "ns::get()");
  // Darwin spelling.
  EXPECT_EQ(demangleName("__ZN2ns3getEv"), "ns::get()");
}

TEST(Demangle, CompilerSuffixesAreStripped) {
  EXPECT_EQ(demangleName("_Z3fooi.cold"), "foo(int)");
  EXPECT_EQ(demangleName("_Z3fooi.llvm.1234567890"), "foo(int)");
  EXPECT_EQ(demangleName("_Z3fooi.cold.1"), "foo(int)");
  EXPECT_EQ(demangleName("_Z3fooi.part.0"), "foo(int)");
  EXPECT_EQ(demangleName("helper.llvm.42"), "helper");
  EXPECT_EQ(demangleName("helper.cold"), "helper");
  EXPECT_EQ(demangleName("\1_Z3fooi"), "foo(int)");
}

TEST(Demangle, InvalidManglingIsKeptAsWritten) {
  EXPECT_EQ(demangleName("_Zfoo"), "_Zfoo");
  EXPECT_EQ(demangleName(""), "");
}

// Lambdas read as what they are, whichever way they were mangled, and
// their names no longer contain "::operator" (the suggested exclude).
TEST(Demangle, LambdasAreReadable) {
  EXPECT_EQ(demangleName("_ZZ6workeriPlENK3$_0clEl"),
            "worker(int, long*)::{lambda #1}(long)");
  // (The enclosing function template keeps its return type, as the
  // demangler prints local scopes.)
  EXPECT_EQ(demangleName("_ZZ3tplIiEiT_ENKUllE_clEl"),
            "int tpl<int>(int)::{lambda #1}(long)");
  EXPECT_EQ(demangleName("_ZZ3tplIiEiT_ENKUlS0_E_clIiEEDaS0_"),
            "int tpl<int>(int)::{lambda #1}<int>(int)");
  EXPECT_EQ(readableLambdas("f()::'lambda0'(int)::operator()(int) const"),
            "f()::{lambda #2}(int)");
  // Nested: a lambda inside a lambda.
  EXPECT_EQ(readableLambdas(
                "f()::$_0::operator()() const::$_1::operator()(int) const"),
            "f()::{lambda #1}()::{lambda #2}(int)");
  // A mutable lambda is not const; a functor keeps its operator().
  EXPECT_EQ(readableLambdas("g()::$_3::operator()(int)"),
            "g()::{lambda #4}(int)");
  EXPECT_EQ(readableLambdas("ns::Less::operator()(int, int) const"),
            "ns::Less::operator()(int, int) const");
  EXPECT_EQ(readableLambdas("h()::'lambdax'(int)::operator()(int) const"),
            "h()::'lambdax'(int)::operator()(int) const");
}

TEST(Internal, HooksAndMarkers) {
  EXPECT_TRUE(isHotpathInternal("__hotpath_enter"));
  EXPECT_TRUE(isHotpathInternal("_Z3fooi.hotpath.123456"));
  EXPECT_FALSE(isHotpathInternal("hotpath_session_begin"));
  EXPECT_FALSE(isHotpathInternal("_Z7hotpathv"));
}

/// A module with functions named in the Itanium scheme plus annotations.
class Select : public ::testing::Test {
protected:
  LLVMContext Ctx;
  std::unique_ptr<Module> M;

  void parse(StringRef IR) {
#if LLVM_VERSION_MAJOR < 15
    Ctx.enableOpaquePointers(); // the IR below is written with `ptr`
#endif
    SMDiagnostic Err;
    M = parseAssemblyString(IR, Err, Ctx);
    ASSERT_TRUE(M) << Err.getMessage().str() << " at line " << Err.getLineNo();
  }
  Function &fn(StringRef Name) {
    Function *F = M->getFunction(Name);
    EXPECT_NE(F, nullptr) << Name.str();
    return *F;
  }
  Config config(StringRef Toml) {
    auto C = parseConfig(Toml, "/proj/hotpath.toml");
    if (!C) {
      ADD_FAILURE() << toString(C.takeError());
      return Config();
    }
    return *C;
  }
};

const char *const AnnotatedIR = R"(
source_filename = "/proj/src/a.cpp"
@.m = private unnamed_addr constant [16 x i8] c"hotpath.measure\00", section "llvm.metadata"
@.s = private unnamed_addr constant [13 x i8] c"hotpath.skip\00", section "llvm.metadata"
@.l = private unnamed_addr constant [24 x i8] c"hotpath.label=fast path\00", section "llvm.metadata"
@.o = private unnamed_addr constant [11 x i8] c"other.note\00", section "llvm.metadata"
@.f = private unnamed_addr constant [6 x i8] c"a.cpp\00", section "llvm.metadata"
@llvm.global.annotations = appending global [6 x { ptr, ptr, ptr, i32, ptr }] [
  { ptr, ptr, ptr, i32, ptr } { ptr @_ZN5myapp8measuredEv, ptr @.m, ptr @.f, i32 1, ptr null },
  { ptr, ptr, ptr, i32, ptr } { ptr @_ZN5myapp7skippedEv, ptr @.s, ptr @.f, i32 2, ptr null },
  { ptr, ptr, ptr, i32, ptr } { ptr @_ZN5myapp7labeledEv, ptr @.l, ptr @.f, i32 3, ptr null },
  { ptr, ptr, ptr, i32, ptr } { ptr @_ZN5myapp4bothEv, ptr @.m, ptr @.f, i32 4, ptr null },
  { ptr, ptr, ptr, i32, ptr } { ptr @_ZN5myapp4bothEv, ptr @.s, ptr @.f, i32 4, ptr null },
  { ptr, ptr, ptr, i32, ptr } { ptr @_ZN5myapp5plainEv, ptr @.o, ptr @.f, i32 5, ptr null }
], section "llvm.metadata"

define void @_ZN5myapp8measuredEv() { ret void }
define void @_ZN5myapp7skippedEv() { ret void }
define void @_ZN5myapp7labeledEv() { ret void }
define void @_ZN5myapp4bothEv() { ret void }
define void @_ZN5myapp5plainEv() { ret void }
define i32 @_ZN5myapp3bigEi(i32 %x) {
  %a = add i32 %x, 1
  %b = mul i32 %a, 3
  %c = sub i32 %b, %x
  ret i32 %c
}
define void @_ZN5myappplEv() { ret void }
define void @__hotpath_enter() { ret void }
define void @_ZN5myapp5plainEv.hotpath.42() { ret void }
)";

TEST_F(Select, CollectSourceMarks) {
  parse(AnnotatedIR);
  auto Marks = collectSourceMarks(*M);
  EXPECT_TRUE(Marks.lookup(&fn("_ZN5myapp8measuredEv")).Measure);
  EXPECT_FALSE(Marks.lookup(&fn("_ZN5myapp8measuredEv")).Skip);
  EXPECT_TRUE(Marks.lookup(&fn("_ZN5myapp7skippedEv")).Skip);
  EXPECT_TRUE(Marks.lookup(&fn("_ZN5myapp7labeledEv")).Measure);
  EXPECT_EQ(Marks.lookup(&fn("_ZN5myapp7labeledEv")).Label, "fast path");
  EXPECT_TRUE(Marks.lookup(&fn("_ZN5myapp4bothEv")).Skip);
  EXPECT_TRUE(Marks.lookup(&fn("_ZN5myapp4bothEv")).Measure);
  // Annotations that are not hotpath's leave no mark.
  EXPECT_EQ(Marks.count(&fn("_ZN5myapp5plainEv")), 0u);
  EXPECT_EQ(Marks.size(), 4u);
}

TEST_F(Select, NoAnnotationsNoMarks) {
  parse("define void @f() { ret void }");
  EXPECT_TRUE(collectSourceMarks(*M).empty());
}

TEST_F(Select, Precedence) {
  parse(AnnotatedIR);
  auto Marks = collectSourceMarks(*M);
  auto sel = [&](StringRef Name, const Config *C) {
    Function &F = fn(Name);
    return selectFunction(F, Marks.lookup(&F), C, "");
  };
  // Without a config only the source marks select.
  EXPECT_TRUE(sel("_ZN5myapp8measuredEv", nullptr).Selected);
  EXPECT_EQ(sel("_ZN5myapp8measuredEv", nullptr).Reason, "HOTPATH_MEASURE");
  EXPECT_EQ(sel("_ZN5myapp8measuredEv", nullptr).Name, "myapp::measured()");
  EXPECT_FALSE(sel("_ZN5myapp5plainEv", nullptr).Selected);
  EXPECT_EQ(sel("_ZN5myapp5plainEv", nullptr).Reason,
            "no rule selects it (no hotpath.toml, no HOTPATH_MEASURE)");
  Selection L = sel("_ZN5myapp7labeledEv", nullptr);
  EXPECT_TRUE(L.Selected);
  EXPECT_EQ(L.Name, "fast path");
  EXPECT_EQ(L.Reason, "HOTPATH_LABEL(\"fast path\")");

  // HOTPATH_SKIP beats everything, even HOTPATH_MEASURE and include.
  Config All = config("[functions]\ninclude = [\"^myapp::\"]\n");
  EXPECT_FALSE(sel("_ZN5myapp7skippedEv", &All).Selected);
  EXPECT_EQ(sel("_ZN5myapp7skippedEv", &All).Reason, "HOTPATH_SKIP");
  EXPECT_FALSE(sel("_ZN5myapp4bothEv", &All).Selected);
  EXPECT_EQ(sel("_ZN5myapp4bothEv", &All).Reason, "HOTPATH_SKIP");

  // include selects by demangled name.
  Selection P = sel("_ZN5myapp5plainEv", &All);
  EXPECT_TRUE(P.Selected);
  EXPECT_EQ(P.Reason, "matches include regex '^myapp::' in hotpath.toml:2");
  EXPECT_EQ(P.Name, "myapp::plain()");

  // exclude beats include and HOTPATH_MEASURE / HOTPATH_LABEL.
  Config Ex = config("[functions]\ninclude = [\"^myapp::\"]\n"
                     "exclude = [\"measured|labeled\", \"::operator\"]\n");
  Selection E = sel("_ZN5myapp8measuredEv", &Ex);
  EXPECT_FALSE(E.Selected);
  EXPECT_EQ(E.Reason, "excluded by 'measured|labeled' (hotpath.toml:3)");
  EXPECT_FALSE(sel("_ZN5myapp7labeledEv", &Ex).Selected);
  EXPECT_EQ(sel("_ZN5myappplEv", &Ex).Reason,
            "excluded by '::operator' (hotpath.toml:3)");
  EXPECT_TRUE(sel("_ZN5myapp5plainEv", &Ex).Selected);

  // HOTPATH_MEASURE beats a config that selects nothing.
  Config None = config("[functions]\ninclude = [\"^nothing$\"]\n");
  EXPECT_TRUE(sel("_ZN5myapp8measuredEv", &None).Selected);
  EXPECT_EQ(sel("_ZN5myapp5plainEv", &None).Reason, "no rule selects it");

  // The kind of each skip, which the statistics and the verbose summary
  // count by, without reading the sentence.
  EXPECT_EQ(sel("_ZN5myapp5plainEv", &None).Skip, SkipKind::NoRule);
  EXPECT_EQ(sel("_ZN5myapp7skippedEv", &All).Skip, SkipKind::SkipMark);
  EXPECT_EQ(E.Skip, SkipKind::Excluded);
  EXPECT_EQ(E.ExcludedBy, "measured|labeled");
  EXPECT_EQ(P.Skip, SkipKind::None);
  EXPECT_STREQ(skipKindName(SkipKind::NoRule), "no rule");
}

TEST_F(Select, HotpathItselfIsNeverSelected) {
  parse(AnnotatedIR);
  Config All = config("[functions]\ninclude = [\".*\"]\n");
  EXPECT_FALSE(selectFunction(fn("__hotpath_enter"), {}, &All, "").Selected);
  Selection S = selectFunction(fn("_ZN5myapp5plainEv.hotpath.42"),
                               {true, false, ""}, &All, "");
  EXPECT_FALSE(S.Selected);
  EXPECT_EQ(S.Reason, "part of hotpath itself");
}

TEST_F(Select, ThunksAreNeverSelected) {
  parse("define void @_ZThn8_N1B1fEv() { ret void }\n"
        "define void @_ZTv0_n24_N1B1gEv() { ret void }\n"
        "define void @_ZN1B1fEv() { ret void }\n");
  Config C = config("[functions]\ninclude = [\"B::\"]\n");
  Selection S = selectFunction(fn("_ZThn8_N1B1fEv"), {}, &C, "");
  EXPECT_FALSE(S.Selected);
  EXPECT_EQ(S.Name, "non-virtual thunk to B::f()");
  EXPECT_EQ(S.Reason, "thunk: the function it forwards to is measured instead");
  EXPECT_FALSE(
      selectFunction(fn("_ZTv0_n24_N1B1gEv"), {true, false, ""}, &C, "")
          .Selected);
  EXPECT_TRUE(selectFunction(fn("_ZN1B1fEv"), {}, &C, "").Selected);
}

TEST_F(Select, MinInstructionsFiltersOnlyTheConfig) {
  parse(AnnotatedIR);
  auto Marks = collectSourceMarks(*M);
  Config C = config("[functions]\ninclude = [\"^myapp::\"]\n"
                    "min_instructions = 3\n");
  Selection Small = selectFunction(fn("_ZN5myapp5plainEv"), {}, &C, "");
  EXPECT_FALSE(Small.Selected);
  EXPECT_EQ(Small.Reason,
            "matches include regex '^myapp::' in hotpath.toml:2, but has 1 IR "
            "instructions, fewer than min_instructions = 3 (hotpath.toml:3)");
  EXPECT_TRUE(selectFunction(fn("_ZN5myapp3bigEi"), {}, &C, "").Selected);
  // An explicit HOTPATH_MEASURE wins over the size threshold.
  Function &Measured = fn("_ZN5myapp8measuredEv");
  EXPECT_TRUE(
      selectFunction(Measured, Marks.lookup(&Measured), &C, "").Selected);
}

TEST_F(Select, CountInstructionsIgnoresBookkeeping) {
  // The same function as clang emits it at -O0 (plain) and at -O1+
  // (lifetime markers, a cleanup-active flag, __builtin_expect on a bool,
  // a landing pad): one size.
  parse(R"(
declare void @g(ptr)
declare i32 @__gxx_personality_v0(...)
declare void @llvm.lifetime.start.p0(i64, ptr)
declare void @llvm.lifetime.end.p0(i64, ptr)
declare i64 @llvm.expect.i64(i64, i64)

define i32 @at_o0(i32 %x) {
  %a = alloca i32
  store i32 %x, ptr %a
  %v = load i32, ptr %a
  %c = icmp sgt i32 %v, 3
  br i1 %c, label %then, label %done
then:
  call void @g(ptr %a)
  br label %done
done:
  %r = add i32 %v, 1
  ret i32 %r
}

define i32 @at_o2(i32 %x) personality ptr @__gxx_personality_v0 {
  %a = alloca i32
  %flag = alloca i1
  call void @llvm.lifetime.start.p0(i64 4, ptr %a)
  store i32 %x, ptr %a
  store i1 true, ptr %flag
  %v = load i32, ptr %a
  %c = icmp sgt i32 %v, 3
  %z = zext i1 %c to i64
  %e = call i64 @llvm.expect.i64(i64 %z, i64 0)
  %t = icmp ne i64 %e, 0
  br i1 %t, label %then, label %cleanup
then:
  invoke void @g(ptr %a) to label %cleanup unwind label %lpad
cleanup:
  %f = load i1, ptr %flag
  br i1 %f, label %end, label %done
end:
  call void @llvm.lifetime.end.p0(i64 4, ptr %a)
  br label %done
done:
  %r = add i32 %v, 1
  ret i32 %r
lpad:
  %lp = landingpad { ptr, i32 } cleanup
  call void @g(ptr %a)
  resume { ptr, i32 } %lp
}

define i32 @expect_int(i32 %x) {
  %z = zext i32 %x to i64
  %e = call i64 @llvm.expect.i64(i64 %z, i64 1)
  %t = icmp ne i64 %e, 0
  br i1 %t, label %a, label %b
a:
  ret i32 1
b:
  ret i32 0
}
)");
  // icmp, conditional br, call/invoke, add, ret.
  EXPECT_EQ(countInstructions(fn("at_o0")), 5u);
  EXPECT_EQ(countInstructions(fn("at_o2")), 5u);
  // An integer condition keeps its cast and test (-O0 has them too).
  EXPECT_EQ(countInstructions(fn("expect_int")), 5u);
  EXPECT_EQ(countInstructions(fn("g")), 0u);
}

TEST_F(Select, FilesGlobs) {
  parse(AnnotatedIR);
  Config C = config("[functions]\nfiles = [\"src/*.cpp\"]\n");
  // From the module's source file name when there is no debug info.
  Selection S = selectFunction(fn("_ZN5myapp5plainEv"), {}, &C, "");
  EXPECT_TRUE(S.Selected);
  EXPECT_EQ(S.Reason, "defined in /proj/src/a.cpp, which matches files glob "
                      "'src/*.cpp' in hotpath.toml:2");
  // The caller's file wins (debug info says another file).
  EXPECT_FALSE(selectFunction(fn("_ZN5myapp5plainEv"), {}, &C, "/proj/inc/a.h")
                   .Selected);
  EXPECT_TRUE(
      selectFunction(fn("_ZN5myapp5plainEv"), {}, &C, "/proj/src/../src/b.cpp")
          .Selected);
}

TEST_F(Select, SourceFileFromDebugInfo) {
  parse(R"(
source_filename = "tu.cpp"
define void @f() !dbg !5 { ret void }
!llvm.dbg.cu = !{!0}
!llvm.module.flags = !{!3}
!0 = distinct !DICompileUnit(language: DW_LANG_C_plus_plus, file: !1, emissionKind: LineTablesOnly)
!1 = !DIFile(filename: "tu.cpp", directory: "/proj/build")
!2 = !DIFile(filename: "../src/inc/f.h", directory: "/proj/build")
!3 = !{i32 2, !"Debug Info Version", i32 3}
!4 = !DISubroutineType(types: !{})
!5 = distinct !DISubprogram(name: "f", scope: !2, file: !2, line: 1, type: !4, spFlags: DISPFlagDefinition, unit: !0)
)");
  EXPECT_EQ(sourceFileOf(fn("f")), "/proj/src/inc/f.h");
  Config C = config("[functions]\nfiles = [\"src/**/*.h\"]\n");
  EXPECT_TRUE(selectFunction(fn("f"), {}, &C, sourceFileOf(fn("f"))).Selected);
  EXPECT_TRUE(selectFunction(fn("f"), {}, &C, "").Selected);
}

TEST_F(Select, RegexOverLongTemplateNames) {
  // A deeply nested template: the demangled name is many kilobytes.
  std::string Mangled = "_Z3runI";
  for (int I = 0; I < 300; ++I)
    Mangled += "St4pairIi";
  Mangled += "i";
  for (int I = 0; I < 300; ++I)
    Mangled += "E";
  Mangled += "EvT_";
  parse("define void @" + Mangled + "(ptr %p) { ret void }");
  std::string Name = demangleName(Mangled);
  ASSERT_GT(Name.size(), 5000u) << Name;
  EXPECT_EQ(Name.find("> >"), std::string::npos);
  Config C = config("[functions]\ninclude = [\"^run<(std::pair<int, )+\"]\n"
                    "exclude = [\"int>{200}\"]\n");
  Selection S = selectFunction(fn(Mangled), {}, &C, "");
  EXPECT_FALSE(S.Selected);
  EXPECT_EQ(S.Reason, "excluded by 'int>{200}' (hotpath.toml:3)");
  Config C2 = config("[functions]\ninclude = [\"^run<(std::pair<int, )+\"]\n");
  EXPECT_TRUE(selectFunction(fn(Mangled), {}, &C2, "").Selected);
}

TEST_F(Select, UnsupportedReasons) {
  parse(R"(
declare void @decl()
define void @naked() naked { unreachable }
define void @ai() alwaysinline { ret void }
define available_externally void @ae() { ret void }
define void @ia(ptr inalloca(i32) %p) { ret void }
define void @pa(ptr preallocated(i32) %p) { ret void }
define void @va(i32 %n, ...) { ret void }
define void @rt() returns_twice { ret void }
define void @ok() { ret void }
)");
  EXPECT_EQ(unsupportedReason(fn("decl")).text(),
            "declaration: no body in this module");
  EXPECT_EQ(unsupportedReason(fn("naked")).text(),
            "naked function: no prologue where a hook could run");
  EXPECT_EQ(unsupportedReason(fn("ai")).text(),
            "always_inline: it must disappear into its callers");
  EXPECT_EQ(unsupportedReason(fn("ae")).text(),
            "available_externally: the definition that runs is in another "
            "module");
  EXPECT_EQ(unsupportedReason(fn("ia")).text(),
            "inalloca argument: its stack slot cannot be forwarded");
  EXPECT_EQ(unsupportedReason(fn("pa")).text(),
            "preallocated argument: its stack slot cannot be forwarded");
  EXPECT_FALSE(unsupportedReason(fn("va")));
  EXPECT_FALSE(unsupportedReason(fn("rt")));
  EXPECT_FALSE(unsupportedReason(fn("ok")));
}

} // namespace
