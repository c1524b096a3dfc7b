//===- HotpathPass.cpp - The `hotpath` module pass ------------------------===//
//
// For every function that hotpath.toml or the source selects, injects the
// enter/exit hook calls (Rewrite.cpp), one descriptor record and a module
// constructor that registers the records (Descriptors.cpp). Reports every
// decision as a remark (-Rpass=hotpath, -Rpass-missed=hotpath) and, with
// HOTPATH_VERBOSE=1, on stderr.
//
//===----------------------------------------------------------------------===//
#include "HotpathPass.h"
#include "Compat.h"
#include "Config.h"
#include "Descriptors.h"
#include "InlineCost.h"
#include "Rewrite.h"
#include "Selection.h"
#include "SelfContained.h"
#include "WrapperFastPath.h"

#include "hotpath/abi.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/Statistic.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/DiagnosticInfo.h"
#include "llvm/IR/DiagnosticPrinter.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/Debug.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Regex.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <cstdlib>
#include <map>
#include <optional>

using namespace llvm;

namespace hotpath {

namespace {

constexpr const char *PassName = "hotpath";
constexpr const char *DoneMD = "hotpath.instrumented";

/// A hotpath.toml problem: clang prints `error: <file>:<line>:<col>: ...`
/// and fails the compile.
class ConfigError : public DiagnosticInfo {
  std::string Msg;

public:
  explicit ConfigError(std::string Msg)
      : DiagnosticInfo(kind(), DS_Error), Msg(std::move(Msg)) {}
  static int kind() {
    static const int K = getNextAvailablePluginDiagnosticKind();
    return K;
  }
  void print(DiagnosticPrinter &DP) const override { DP << Msg; }
};

#define DEBUG_TYPE "hotpath"

// Shown by `-mllvm -stats` (and -debug-only=hotpath prints each decision)
// where LLVM is built with statistics and assertions; Debian's release
// build has neither, and HOTPATH_VERBOSE=1 gives the same counts.
STATISTIC(NumWrapped, "Functions wrapped (marker and hooks)");
STATISTIC(NumFastPath, "Wrappers with the inline fast path");
STATISTIC(NumSelfContained,
          "Fast paths that leave the current call (self-contained)");
STATISTIC(NumOwnCountdowns,
          "Fast paths counting in a countdown of their own (not the table)");
STATISTIC(NumInPlace, "Functions with the hooks in place");
STATISTIC(NumNoRule, "Functions no rule selects");
STATISTIC(NumExcluded, "Functions excluded (exclude rule or HOTPATH_SKIP)");
STATISTIC(NumTooSmall, "Functions skipped under min_instructions");
STATISTIC(NumUnsupported, "Selected functions that cannot be measured");
STATISTIC(NumOtherSkips, "Functions skipped for another reason");

/// A skip's key in the HOTPATH_VERBOSE=1 summary: its kind, the pattern
/// for an exclusion ("excluded by '^std::'"), the kind of function the
/// rewrite cannot handle ("always_inline").
std::string summaryKey(const Selection &S, const UnsupportedReason &U) {
  if (U)
    return U.What;
  if (S.Skip == SkipKind::Excluded)
    return "excluded by '" + S.ExcludedBy + "'";
  return skipKindName(S.Skip);
}

struct Plan {
  Function *F;
  Selection Sel;
  std::string File;
  unsigned Line;
  bool Labelled;
};

class Instrumenter {
public:
  Instrumenter(Module &M, FunctionAnalysisManager *FAM)
      : M(M), FAM(FAM), D(M), FastTarget(fastPathTarget(M)),
        LocalGate(localGateTarget(M)) {
    // 1: what was instrumented, and a summary of the rest; 2: every
    // decision, one line each.
    const char *V = std::getenv("HOTPATH_VERBOSE");
    Verbose = !V ? 0 : StringRef(V) == "1" ? 1 : StringRef(V) == "2" ? 2 : 0;
    for (DICompileUnit *CU : M.debug_compile_units()) {
      CompileDir = std::string(CU->getDirectory());
      break;
    }
    if (CompileDir.empty()) {
      SmallString<256> Cwd;
      if (!sys::fs::current_path(Cwd))
        CompileDir = std::string(Cwd.str());
    }
    TUPath = normalizePath(M.getSourceFileName(), CompileDir);
  }

  bool run();

private:
  bool loadConfig();
  void decide(Function &F, const SourceMarks &Marks);
  void instrument(Plan &P);
  void leaveOut(Function &F, const Selection &S, const std::string &File,
                unsigned Line, uint32_t Why);
  void remark(Function &F, bool Done, StringRef Name, const Twine &Why);
  void noteIncludes(const Selection &S);
  void callBodiesFromForeignCode();
  void summarize();

  Module &M;
  FunctionAnalysisManager *FAM; // the target's costs (InlineCost.h)
  Descriptors D;
  MeasuringLocations Locs; // debug locations of what the pass adds
  bool FastTarget;      // wrappers get the inline fast path (WrapperFastPath.h)
  bool LocalGate;       // ... in the executable's form
  unsigned Verbose = 0; // HOTPATH_VERBOSE
  unsigned Instrumented = 0;
  unsigned LocalGates = 0; // wrappers whose gate needs defineRuntimeState
  // Verbose: skipped functions by kind of reason, and which include
  // patterns matched a function of this unit.
  std::map<std::string, unsigned> SkippedBy;
  std::vector<bool> IncludeMatched;
  std::string CompileDir, TUPath;
  std::optional<Config> Cfg;
  SmallPtrSet<const Function *, 4> Resolvers; // and what they call
  DenseMap<Function *, Function *> MarkerOf;  // wrapped function -> body
  SmallVector<Plan, 16> Plans;
  // Selected but left out (HOTPATH_FN_LEFT_OUT): registered only with the
  // module's measured functions, so that a unit with none still needs no
  // runtime.
  SmallVector<FnRecord, 8> LeftOut;
  // Functions whose fast path leaves the current call as it is.
  std::optional<SelfContained> Contained;
};

bool Instrumenter::loadConfig() {
  auto Found = findConfigFile(M.getSourceFileName(), CompileDir);
  if (!Found) {
    M.getContext().diagnose(ConfigError(toString(Found.takeError())));
    return false;
  }
  if (!*Found)
    return true;
  auto C = hotpath::loadConfig(**Found);
  if (!C) {
    M.getContext().diagnose(ConfigError(toString(C.takeError())));
    return false;
  }
  Cfg = std::move(*C);
  return true;
}

void Instrumenter::remark(Function &F, bool Done, StringRef Name,
                          const Twine &Why) {
  LLVMContext &Ctx = F.getContext();
  // LLVMContext::diagnose filters by -pass-remarks / -Rpass itself; the
  // check avoids building messages nobody asked for.
  bool Remarks = Ctx.getLLVMRemarkStreamer() ||
                 Ctx.getDiagHandlerPtr()->isAnyRemarkEnabled(PassName);
  if (!Verbose && !Remarks)
    return;
  std::string Reason = Why.str();
  if (Verbose) {
    if (Done)
      errs() << "hotpath: instrumented " << Name << " (" << Reason << ")\n";
    else if (Verbose >= 2)
      errs() << "hotpath: skipped " << Name << ": " << Reason << "\n";
  }
  if (!Remarks)
    return;
  if (Done)
    Ctx.diagnose(OptimizationRemark(PassName, "Instrumented", &F)
                 << "instrumented " << Name << " (" << Reason << ")");
  else
    Ctx.diagnose(OptimizationRemarkMissed(PassName, "Skipped", &F)
                 << "skipped " << Name << ": " << Reason);
}

void Instrumenter::decide(Function &F, const SourceMarks &Marks) {
  std::string File = F.getSubprogram() ? sourceFileOf(F) : TUPath;
  unsigned Line = F.getSubprogram() ? F.getSubprogram()->getLine() : 0;
  auto PlainInlines = [&](const Function &G) -> std::optional<std::string> {
    if (!FAM)
      return std::nullopt;
    int Cost = bodyInlineCost(
        G, FAM->getResult<TargetIRAnalysis>(const_cast<Function &>(G)));
    if (Cost >= inlineThreshold())
      return std::nullopt;
    return "inline cost " + std::to_string(std::max(Cost, 0)) +
           ", under -O2's threshold of " + std::to_string(inlineThreshold());
  };
  Selection S = selectFunction(F, Marks, Cfg ? &*Cfg : nullptr, File,
                               FAM ? PlainInlinesFn(PlainInlines) : nullptr);
  if (Verbose && !F.isDeclaration())
    noteIncludes(S);
  if (!S.Selected && Cfg && Cfg->Main && F.getName() == "main" &&
      !F.isDeclaration()) {
    // Not a skip: `main = true` gives main the session instead.
    if (Verbose)
      errs() << "hotpath: main: begins and ends the session (main = true in "
             << sys::path::filename(Cfg->Path) << ":" << Cfg->MainLine
             << "); not measured itself: " << S.Reason << "\n";
    return;
  }
  if (!S.Selected) {
    // Declarations that nothing selected are not worth a line.
    if (F.isDeclaration())
      return;
    switch (S.Skip) {
    case SkipKind::NoRule:
      ++NumNoRule;
      break;
    case SkipKind::SkipMark:
    case SkipKind::Excluded:
      ++NumExcluded;
      break;
    case SkipKind::TooSmall:
      ++NumTooSmall;
      break;
    default:
      ++NumOtherSkips;
    }
    if (Verbose)
      ++SkippedBy[summaryKey(S, {})];
    LLVM_DEBUG(dbgs() << "hotpath: skip " << F.getName() << ": " << S.Reason
                      << "\n");
    remark(F, false, S.Name.empty() ? F.getName() : StringRef(S.Name),
           S.Reason);
    if (S.Skip == SkipKind::InlineHelper || S.Skip == SkipKind::TooSmall)
      leaveOut(F, S, File, Line,
               S.Skip == SkipKind::InlineHelper ? HOTPATH_LEFT_OUT_INLINE_HELPER
                                                : HOTPATH_LEFT_OUT_TOO_SMALL);
    return;
  }
  UnsupportedReason Unsupported = unsupportedReason(F);
  // An ifunc resolver, and what it calls, runs while the dynamic loader
  // relocates the object, before the hooks' GOT entries are usable.
  if (!Unsupported && Resolvers.count(&F))
    Unsupported = {"ifunc resolver or called by one",
                   "runs before relocations are done"};
  if (Unsupported) {
    ++NumUnsupported;
    LLVM_DEBUG(dbgs() << "hotpath: cannot measure " << F.getName() << ": "
                      << Unsupported.text() << "\n");
    if (Verbose)
      ++SkippedBy[summaryKey(S, Unsupported)];
    remark(F, false, S.Name, Unsupported.text());
    // A declaration's or an available_externally body's function is
    // another unit's to measure.
    if (!F.isDeclaration() && !F.hasAvailableExternallyLinkage())
      leaveOut(F, S, File, Line, HOTPATH_LEFT_OUT_UNSUPPORTED);
    return;
  }
  Plans.push_back(
      {&F, std::move(S), std::move(File), Line, !Marks.Label.empty()});
}

void Instrumenter::leaveOut(Function &F, const Selection &S,
                            const std::string &File, unsigned Line,
                            uint32_t Why) {
  FnRecord R;
  R.Hash = functionHash(F, TUPath);
  R.Flags = HOTPATH_FN_LEFT_OUT | Why << HOTPATH_LEFT_OUT_SHIFT |
            (F.hasLocalLinkage() ? HOTPATH_FN_INTERNAL : 0);
  R.Name = S.Name.empty() ? demangleName(F.getName()) : S.Name;
  R.Symbol = std::string(F.getName());
  R.File = File;
  R.Line = Line;
  LeftOut.push_back(std::move(R));
}

void Instrumenter::instrument(Plan &P) {
  Function &F = *P.F;
  std::string InPlace = inPlaceReason(F);
  FnRecord R;
  R.Hash = functionHash(F, TUPath);
  // main runs once: its wrapper keeps the plain hook sequence, which the
  // session hooks of `main = true` bracket.
  bool FastPath = InPlace.empty() && F.getName() != "main" && FastTarget;
  R.Flags = (P.Labelled ? HOTPATH_FN_LABELLED : 0) |
            (InPlace.empty() ? 0 : HOTPATH_FN_IN_PLACE) |
            (FastPath ? HOTPATH_FN_FAST_PATH : 0) |
            (FastPath && LocalGate ? HOTPATH_FN_LOCAL_GATE : 0) |
            (F.getName() == "main" && Cfg && Cfg->Main ? HOTPATH_FN_MAIN : 0) |
            (F.hasLocalLinkage() ? HOTPATH_FN_INTERNAL : 0);
  R.Name = P.Sel.Name;
  R.Symbol = std::string(F.getName());
  R.File = P.File;
  R.Line = P.Line;
  ++Instrumented;
  if (InPlace.empty())
    remark(F, true, R.Name, P.Sel.Reason);
  else
    remark(F, true, R.Name, P.Sel.Reason + "; hooks in place: " + InPlace);

  GlobalVariable *OwnCountdown =
      FastPath && LocalGate ? createOwnCountdown(F, R.Hash) : nullptr;
  Constant *Desc = D.create(R, OwnCountdown);
  LLVM_DEBUG(dbgs() << "hotpath: " << (InPlace.empty() ? "wrap " : "in place ")
                    << F.getName() << (FastPath ? " (fast path)" : "") << "\n");
  if (InPlace.empty()) {
    ++NumWrapped;
    NumFastPath += FastPath;
    LocalGates += FastPath && LocalGate;
    // A call that cannot allocate or lock need not be the current one.
    bool SetsCurrent = FastPath && !Contained->contains(F);
    NumSelfContained += FastPath && !SetsCurrent;
    NumOwnCountdowns += OwnCountdown != nullptr;
    wrapFunction(F, R.Hash, Desc, D.hooks(), FastPath, SetsCurrent, LocalGate,
                 OwnCountdown, Locs);
    if (Function *Marker =
            M.getFunction((F.getName() + ".hotpath." + utostr(R.Hash)).str()))
      MarkerOf[&F] = Marker;
  } else {
    ++NumInPlace;
    instrumentInPlace(F, Desc, D.hooks(), Locs);
  }
}

// Code whose definition runs in another module (available_externally:
// the members of an extern template, std::string::append) calls that
// module's own helpers when the inliner leaves it a call: measured by no
// one. Where the inliner takes it, its calls of the program's measured
// copies of those helpers would count; and the inliner decides per body (a
// marker out of line, its copy inlined into a wrapper's fast path), so the
// same build counted them in one mode and not in another. Its calls go to
// the helpers' bodies, unmeasured, wherever it lands.
void Instrumenter::callBodiesFromForeignCode() {
  for (Function &G : M)
    if (G.hasAvailableExternallyLinkage())
      for (Instruction &I : instructions(G))
        if (auto *Call = dyn_cast<CallBase>(&I))
          if (Function *Callee = Call->getCalledFunction())
            if (auto It = MarkerOf.find(Callee); It != MarkerOf.end())
              Call->setCalledFunction(It->second);
}

void Instrumenter::noteIncludes(const Selection &S) {
  if (!Cfg)
    return;
  IncludeMatched.resize(Cfg->Include.size());
  for (size_t I = 0; I < Cfg->Include.size(); ++I)
    if (!IncludeMatched[I] && Cfg->Include[I].Re->match(S.Demangled))
      IncludeMatched[I] = true;
}

// One line for the unit: counts by kind instead of a line per skip (which
// HOTPATH_VERBOSE=2 prints), then each include pattern that matched nothing
// here, with a case-insensitive near miss when there is one.
void Instrumenter::summarize() {
  std::string Unit = sys::path::filename(TUPath).str();
  unsigned Skipped = 0;
  std::vector<std::pair<unsigned, std::string>> Kinds;
  for (auto &[Kind, N] : SkippedBy) {
    Skipped += N;
    Kinds.push_back({N, Kind});
  }
  std::sort(Kinds.begin(), Kinds.end(), [](const auto &A, const auto &B) {
    return A.first != B.first ? A.first > B.first : A.second < B.second;
  });
  errs() << "hotpath: " << Unit << ": " << Instrumented << " instrumented, "
         << Skipped << " skipped";
  for (size_t I = 0; I < Kinds.size(); ++I)
    errs() << (I ? ", " : ": ") << Kinds[I].first << " " << Kinds[I].second;
  if (Skipped && Verbose < 2)
    errs() << " (HOTPATH_VERBOSE=2 lists each)";
  errs() << "\n";
  if (!Cfg)
    return;
  IncludeMatched.resize(Cfg->Include.size());
  for (size_t I = 0; I < Cfg->Include.size(); ++I) {
    if (IncludeMatched[I])
      continue;
    const NamePattern &P = Cfg->Include[I];
    errs() << "hotpath: " << Unit << ": include pattern '" << P.Source << "' ("
           << sys::path::filename(Cfg->Path) << ":" << P.Line
           << ") matched no function of this unit";
    Regex Folded(P.Source, Regex::IgnoreCase);
    for (Function &F : M)
      if (!F.isDeclaration() && Folded.match(demangleName(F.getName()))) {
        errs() << " (patterns are case-sensitive: '" << P.Source
               << "' ignoring case matches " << demangleName(F.getName())
               << ")";
        break;
      }
    errs() << "\n";
  }
}

bool Instrumenter::run() {
  // Running twice (opt -passes=hotpath,hotpath, or an LTO flow that runs
  // the pre-link pipeline again) must not wrap the wrappers.
  if (M.getNamedMetadata(DoneMD))
    return false;
  if (!loadConfig())
    return false;

  auto Marks = collectSourceMarks(M);
  // Resolvers and every function of this module they reach by direct
  // calls: they run while the loader relocates (a -z now library, any
  // static executable), before the runtime can take a call.
  SmallVector<const Function *, 8> Reach;
  for (const GlobalIFunc &IF : M.ifuncs())
    if (const Function *R = IF.getResolverFunction())
      if (Resolvers.insert(R).second)
        Reach.push_back(R);
  while (!Reach.empty()) {
    const Function *F = Reach.pop_back_val();
    for (const Instruction &I : instructions(*F))
      if (const auto *Call = dyn_cast<CallBase>(&I))
        if (const Function *Callee = Call->getCalledFunction())
          if (!Callee->isDeclaration() && Resolvers.insert(Callee).second)
            Reach.push_back(Callee);
  }
  SmallVector<Function *, 64> Fns;
  for (Function &F : M)
    if (F.hasName() && !F.isIntrinsic() && !isHotpathInternal(F.getName()))
      Fns.push_back(&F);
  for (Function *F : Fns) {
    auto It = Marks.find(F);
    decide(*F, It == Marks.end() ? SourceMarks() : It->second);
  }

  // Only where something is wrapped, before any function changes.
  if (FastTarget && !Plans.empty()) {
    DenseSet<const Function *> Measured;
    for (const Plan &P : Plans)
      if (definedOnceInProgram(*P.F))
        Measured.insert(P.F);
    Contained.emplace(M, Measured);
  }
  SmallVector<Function *, 16> Done;
  for (Plan &P : Plans) {
    instrument(P);
    Done.push_back(P.F);
  }
  callBodiesFromForeignCode();
  if (LocalGates)
    defineRuntimeState(M);
  if (Verbose)
    summarize();
  dropPurity(M, Done);

  Function *Main = M.getFunction("main");
  bool WithMain = Cfg && Cfg->Main && Main && !Main->isDeclaration();
  if (WithMain)
    instrumentMain(*Main, D.mainHooks(), Locs);
  if (Done.empty() && !WithMain)
    return false;
  for (const FnRecord &R : LeftOut)
    D.create(R);
  D.emitRegistration();
  M.getOrInsertNamedMetadata(DoneMD);
  return true;
}

} // namespace

PreservedAnalyses HotpathPass::run(Module &M, ModuleAnalysisManager &MAM) {
  Instrumenter I(
      M, &MAM.getResult<FunctionAnalysisManagerModuleProxy>(M).getManager());
  return I.run() ? PreservedAnalyses::none() : PreservedAnalyses::all();
}

} // namespace hotpath
