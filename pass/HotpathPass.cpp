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
#include "FastPath.h"
#include "Rewrite.h"
#include "Selection.h"

#include "hotpath/abi.h"

#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/DiagnosticInfo.h"
#include "llvm/IR/DiagnosticPrinter.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <cstdlib>
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

std::string absolute(StringRef Path, StringRef Dir) {
  SmallString<256> S;
  if (sys::path::is_absolute(Path) || Dir.empty())
    S = Path;
  else
    sys::path::append(S, Dir, Path);
  sys::path::remove_dots(S, /*remove_dot_dot=*/true);
  return std::string(S.str());
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
  explicit Instrumenter(Module &M) : M(M), D(M), FastTarget(fastPathTarget(M)) {
    const char *V = std::getenv("HOTPATH_VERBOSE");
    Verbose = V && StringRef(V) == "1";
    for (DICompileUnit *CU : M.debug_compile_units()) {
      CompileDir = std::string(CU->getDirectory());
      break;
    }
    if (CompileDir.empty()) {
      SmallString<256> Cwd;
      if (!sys::fs::current_path(Cwd))
        CompileDir = std::string(Cwd.str());
    }
    TUPath = absolute(M.getSourceFileName(), CompileDir);
  }

  bool run();

private:
  bool loadConfig();
  void decide(Function &F, const SourceMarks &Marks);
  void instrument(Plan &P);
  void remark(Function &F, bool Done, StringRef Name, const Twine &Why);

  Module &M;
  Descriptors D;
  bool FastTarget; // wrappers get the inline fast path (FastPath.h)
  bool Verbose = false;
  std::string CompileDir, TUPath;
  std::optional<Config> Cfg;
  SmallPtrSet<const Function *, 4> Resolvers;
  SmallVector<Plan, 16> Plans;
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
    else
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
  std::string File = TUPath;
  unsigned Line = 0;
  if (DISubprogram *SP = F.getSubprogram()) {
    File = absolute(SP->getFilename(), SP->getDirectory());
    Line = SP->getLine();
  }
  Selection S = selectFunction(F, Marks, Cfg ? &*Cfg : nullptr, File);
  if (!S.Selected) {
    // Declarations that nothing selected are not worth a line.
    if (!F.isDeclaration())
      remark(F, false, S.Name.empty() ? F.getName() : StringRef(S.Name),
             S.Reason);
    return;
  }
  std::string Unsupported = unsupportedReason(F);
  // An ifunc resolver runs while the dynamic loader relocates the object,
  // before the hooks' GOT entries are usable.
  if (Unsupported.empty() && Resolvers.count(&F))
    Unsupported = "ifunc resolver: runs before relocations are done";
  if (!Unsupported.empty()) {
    remark(F, false, S.Name, Unsupported);
    return;
  }
  Plans.push_back(
      {&F, std::move(S), std::move(File), Line, !Marks.Label.empty()});
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
            (F.getName() == "main" ? HOTPATH_FN_MAIN : 0) |
            (F.hasLocalLinkage() ? HOTPATH_FN_INTERNAL : 0);
  R.Name = P.Sel.Name;
  R.Symbol = std::string(F.getName());
  R.File = P.File;
  R.Line = P.Line;
  if (InPlace.empty())
    remark(F, true, R.Name, P.Sel.Reason);
  else
    remark(F, true, R.Name, P.Sel.Reason + "; hooks in place: " + InPlace);

  Constant *Desc = D.create(R);
  if (InPlace.empty())
    wrapFunction(F, R.Hash, Desc, D.hooks(), FastPath);
  else
    instrumentInPlace(F, Desc, D.hooks());
}

bool Instrumenter::run() {
  // Running twice (opt -passes=hotpath,hotpath, or an LTO flow that runs
  // the pre-link pipeline again) must not wrap the wrappers.
  if (M.getNamedMetadata(DoneMD))
    return false;
  if (!loadConfig())
    return false;

  auto Marks = collectSourceMarks(M);
  for (const GlobalIFunc &IF : M.ifuncs())
    if (const Function *R = IF.getResolverFunction())
      Resolvers.insert(R);
  SmallVector<Function *, 64> Fns;
  for (Function &F : M)
    if (F.hasName() && !F.isIntrinsic() &&
        F.getName().find(".hotpath.") == StringRef::npos)
      Fns.push_back(&F);
  for (Function *F : Fns) {
    auto It = Marks.find(F);
    decide(*F, It == Marks.end() ? SourceMarks() : It->second);
  }

  SmallVector<Function *, 16> Done;
  for (Plan &P : Plans) {
    instrument(P);
    Done.push_back(P.F);
  }
  dropPurity(M, Done);

  Function *Main = M.getFunction("main");
  bool WithMain = Cfg && Cfg->Main && Main && !Main->isDeclaration();
  if (WithMain)
    instrumentMain(*Main, D.mainHooks());
  if (Done.empty() && !WithMain)
    return false;
  D.emitRegistration();
  M.getOrInsertNamedMetadata(DoneMD);
  return true;
}

} // namespace

PreservedAnalyses HotpathPass::run(Module &M, ModuleAnalysisManager &) {
  Instrumenter I(M);
  return I.run() ? PreservedAnalyses::none() : PreservedAnalyses::all();
}

} // namespace hotpath
