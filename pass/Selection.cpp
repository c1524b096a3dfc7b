//===- Selection.cpp - Which functions the pass instruments ---------------===//
//
// Precedence: HOTPATH_SKIP > exclude > HOTPATH_MEASURE/LABEL >
// include/files. min_instructions and the inline-helper rule only filter
// what the config selected: an explicit HOTPATH_MEASURE in the source is
// never overruled by a size.
//
// Inline helpers: a function defined inline (linkonce_odr: in a class
// body, `inline`, a template) or static and called only directly, with
// fewer than InlineHelperInstructions, calling inline or static functions
// only (a lock, a system call, a virtual call, any out-of-line function
// keep a small wrapper measured), is what the optimiser inlines into its
// callers in the plain build; measured, each call costs tens of ns where
// the plain build spends one or two, and its callers' times are then
// mostly measuring (on leveldb, Slice::size, DecodeFixed32,
// ExtractUserKey). The linkage, not `inlinehint`, decides: it is the same
// at every -O level, so one source selects the same functions in every
// build. A function with a loop is never a helper (a loop can make it the
// hottest function whatever its size); `noinline` is not looked at, since
// clang puts it on every function at -O0. A function named by
// an include pattern that is a plain name (no regex operator) is measured
// whatever its size: the user asked for it.
//
//===----------------------------------------------------------------------===//
#include "Selection.h"
#include "Compat.h"

#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/Analysis/CFG.h"
#include "llvm/Demangle/Demangle.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/Function.h"
#include "llvm/IR/GlobalVariable.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/Path.h"

#include <cstdlib>
#include <cstring>

using namespace llvm;

namespace hotpath {
namespace {

/// The C string an annotation operand points to (through casts and
/// zero-index GEPs on LLVM 14's typed pointers).
std::optional<StringRef> annotationString(const Value *V) {
  const auto *GV = dyn_cast<GlobalVariable>(V->stripPointerCasts());
  if (!GV || !GV->hasInitializer())
    return std::nullopt;
  const auto *Data = dyn_cast<ConstantDataSequential>(GV->getInitializer());
  if (!Data || !Data->isString())
    return std::nullopt;
  StringRef S = Data->getAsString();
  return S.substr(0, S.find('\0'));
}

std::string configName(const Config &Cfg) {
  StringRef File = sys::path::filename(Cfg.Path);
  return File.empty() ? "hotpath.toml" : File.str();
}

} // namespace

bool isHotpathInternal(StringRef Symbol) {
  return compat::startsWith(Symbol, "__hotpath_") ||
         Symbol.find(".hotpath.") != StringRef::npos;
}

DenseMap<const Function *, SourceMarks> collectSourceMarks(const Module &M) {
  DenseMap<const Function *, SourceMarks> Marks;
  const GlobalVariable *GA = M.getNamedGlobal("llvm.global.annotations");
  if (!GA || !GA->hasInitializer())
    return Marks;
  const auto *Arr = dyn_cast<ConstantArray>(GA->getInitializer());
  if (!Arr)
    return Marks;
  for (const Use &U : Arr->operands()) {
    const auto *Entry = dyn_cast<ConstantStruct>(U.get());
    if (!Entry || Entry->getNumOperands() < 2)
      continue;
    const auto *F =
        dyn_cast<Function>(Entry->getOperand(0)->stripPointerCasts());
    std::optional<StringRef> Text = annotationString(Entry->getOperand(1));
    if (!F || !Text || !compat::startsWith(*Text, "hotpath."))
      continue;
    SourceMarks &SM = Marks[F];
    if (*Text == "hotpath.measure") {
      SM.Measure = true;
    } else if (*Text == "hotpath.skip") {
      SM.Skip = true;
    } else if (compat::startsWith(*Text, "hotpath.label=")) {
      SM.Measure = true;
      // Several labels on one declaration chain: the first one written wins.
      StringRef Label = Text->drop_front(strlen("hotpath.label="));
      if (SM.Label.empty())
        SM.Label = Label.str();
    }
  }
  return Marks;
}

namespace {
// Index just past the parenthesised list that starts at S[Open] == '(', or
// npos.
size_t closeParen(const std::string &S, size_t Open) {
  int Depth = 0;
  for (size_t I = Open; I < S.size(); ++I) {
    Depth += S[I] == '(' ? 1 : S[I] == ')' ? -1 : 0;
    if (Depth == 0)
      return I + 1;
  }
  return std::string::npos;
}
} // namespace

std::string readableLambdas(std::string S) {
  // clang names a lambda of an internal-linkage context `$_N` (N numbers
  // the unit's unnamed types), the demangler an Itanium-mangled one
  // 'lambda'(params), 'lambda0'(params), ... (the second, third, ...).
  // Either way its body is `...::operator()(params) const`: shown as
  // `{lambda #K}(params)`, so that the name says what it is and the
  // "::operator" exclude that drops overloaded operators keeps lambdas.
  const std::string Call = "::operator()";
  for (size_t At = 0; (At = S.find(Call, At)) != std::string::npos;) {
    size_t Begin = S.rfind("::", At - 1);
    Begin = Begin == std::string::npos ? 0 : Begin + 2;
    std::string Closure = S.substr(Begin, At - Begin);
    std::string Number;
    if (Closure.size() > 2 && Closure.compare(0, 2, "$_") == 0 &&
        Closure.find_first_not_of("0123456789", 2) == std::string::npos) {
      Number =
          std::to_string(std::strtoull(Closure.c_str() + 2, nullptr, 10) + 1);
    } else if (Closure.compare(0, 7, "'lambda") == 0) {
      size_t Quote = Closure.find('\'', 7);
      if (Quote == std::string::npos || Quote + 1 >= Closure.size() ||
          Closure[Quote + 1] != '(' ||
          closeParen(Closure, Quote + 1) != Closure.size()) {
        At += Call.size();
        continue;
      }
      std::string K = Closure.substr(7, Quote - 7);
      if (K.find_first_not_of("0123456789") != std::string::npos) {
        At += Call.size();
        continue;
      }
      Number = K.empty()
                   ? "1"
                   : std::to_string(std::strtoull(K.c_str(), nullptr, 10) + 2);
    } else {
      At += Call.size(); // a functor's operator(): a name of its own
      continue;
    }
    std::string Replacement = "{lambda #" + Number + "}";
    S.replace(Begin, At + Call.size() - Begin, Replacement);
    At = Begin + Replacement.size();
    // Lambdas are const unless mutable: the qualifier only adds noise.
    if (At < S.size() && S[At] == '<') { // generic lambda: operator()<T>
      int Depth = 0;
      for (; At < S.size(); ++At) {
        Depth += S[At] == '<' ? 1 : S[At] == '>' ? -1 : 0;
        if (Depth == 0) {
          ++At;
          break;
        }
      }
    }
    if (At < S.size() && S[At] == '(') {
      size_t End = closeParen(S, At);
      if (End != std::string::npos && S.compare(End, 6, " const") == 0 &&
          (End + 6 == S.size() || S.compare(End + 6, 2, "::") == 0))
        S.erase(End, 6);
    }
  }
  return S;
}

std::string demangleName(StringRef Symbol) {
  StringRef S = Symbol;
  if (compat::startsWith(S, "\1")) // asm label marker: the rest is the symbol
    S = S.drop_front();
  // Compiler clones (.cold, .llvm.123, .part.0, .isra.0, .constprop.0, a
  // rename to f.1 ...) are the same source function: mangled and C names
  // never contain '.', so everything from the first one is such a suffix.
  size_t Dot = S.find('.', 1);
  if (Dot != StringRef::npos)
    S = S.substr(0, Dot);
  if (compat::startsWith(S, "__Z")) // Darwin's extra underscore
    S = S.drop_front();
  if (!compat::startsWith(S, "_Z"))
    return S.str();
  std::string Mangled = S.str();
  ItaniumPartialDemangler PD;
  if (PD.partialDemangle(Mangled.c_str()))
    return Mangled; // not a valid mangling (for this LLVM's demangler)
  size_t N = 0;
  char *Full = PD.finishDemangle(nullptr, &N);
  if (!Full)
    return Mangled;
  std::string D = Full;
  std::free(Full);
  // Function templates mangle their return type: "int ns::f<int>(int)".
  // Drop it so that "^ns::" selects templates like every other function.
  if (PD.isFunction()) {
    N = 0;
    if (char *Ret = PD.getFunctionReturnType(nullptr, &N)) {
      std::string R = Ret;
      std::free(Ret);
      if (!R.empty() && D.size() > R.size() && D.compare(0, R.size(), R) == 0 &&
          D[R.size()] == ' ')
        D.erase(0, R.size() + 1);
    }
  }
  // LLVM 14's demangler writes "vector<vector<int> >", LLVM 19's ">>".
  std::string Out;
  Out.reserve(D.size());
  for (size_t I = 0; I < D.size(); ++I) {
    if (D[I] == ' ' && !Out.empty() && Out.back() == '>' && I + 1 < D.size() &&
        D[I + 1] == '>')
      continue;
    Out.push_back(D[I]);
  }
  return readableLambdas(Out);
}

namespace {
/// Instructions that are bookkeeping rather than code, and that clang emits
/// differently at -O0 and -O1+ (lifetime markers, cleanup slots, the
/// blocks and switches around them, __builtin_expect) or with -g.
bool isExpect(const Value *V) {
  const auto *II = dyn_cast<IntrinsicInst>(V);
  return II && II->getIntrinsicID() == Intrinsic::expect;
}

bool isBookkeeping(const Instruction &I) {
  if (const auto *II = dyn_cast<IntrinsicInst>(&I))
    return II->isAssumeLikeIntrinsic() || isExpect(II);
  // __builtin_expect(c, v) at -O1+: llvm.expect on `(long)c`, then a test
  // against 0. -O0 has the same cast and test when `c` is an integer, but
  // branches on a bool `c` directly: then the zext and the test are extra.
  if (const auto *Ext = dyn_cast<ZExtInst>(&I))
    if (Ext->getSrcTy()->isIntegerTy(1) && Ext->hasOneUse() &&
        isExpect(*Ext->user_begin()))
      return true;
  if (isa<ICmpInst>(I) && isExpect(I.getOperand(0))) {
    const auto *Arg = cast<IntrinsicInst>(I.getOperand(0))->getArgOperand(0);
    const auto *Ext = dyn_cast<ZExtInst>(Arg);
    return Ext && Ext->getSrcTy()->isIntegerTy(1);
  }
  if (isa<AllocaInst>(I) || isa<SwitchInst>(I) || isa<UnreachableInst>(I))
    return true;
  // Typed pointers (LLVM 14): the i8* casts that lifetime markers take.
  if (isa<BitCastInst>(I) && !I.use_empty() &&
      llvm::all_of(I.users(), [](const User *U) {
        const auto *II = dyn_cast<IntrinsicInst>(U);
        return II && II->isAssumeLikeIntrinsic();
      }))
    return true;
  if (const auto *Br = dyn_cast<BranchInst>(&I)) {
    if (Br->isUnconditional())
      return true;
    // Clang's "is this cleanup active" flags: i1 slots (user bools are i8
    // in memory), tested before lifetime.end at -O1+ only.
    const auto *L = dyn_cast<LoadInst>(Br->getCondition());
    return L && isa<AllocaInst>(L->getPointerOperand());
  }
  if (const auto *L = dyn_cast<LoadInst>(&I))
    return isa<AllocaInst>(L->getPointerOperand());
  if (const auto *St = dyn_cast<StoreInst>(&I))
    return isa<AllocaInst>(St->getPointerOperand());
  return false;
}
} // namespace

unsigned countInstructions(const Function &F) {
  if (F.isDeclaration())
    return 0;
  // Only the normal path: clang gives scopes extra landing pads at -O1+.
  SmallPtrSet<const BasicBlock *, 32> Seen;
  SmallVector<const BasicBlock *, 32> Work{&F.getEntryBlock()};
  unsigned N = 0;
  while (!Work.empty()) {
    const BasicBlock *BB = Work.pop_back_val();
    if (BB->isEHPad() || !Seen.insert(BB).second)
      continue;
    for (const Instruction &I : *BB)
      N += !isBookkeeping(I);
    const Instruction *T = BB->getTerminator();
    if (!T)
      continue;
    if (const auto *Inv = dyn_cast<InvokeInst>(T)) {
      Work.push_back(Inv->getNormalDest());
      continue;
    }
    for (unsigned I = 0, E = T->getNumSuccessors(); I != E; ++I)
      Work.push_back(T->getSuccessor(I));
  }
  return N;
}

std::string sourceFileOf(const Function &F) {
  if (const DISubprogram *SP = F.getSubprogram()) {
    StringRef File = SP->getFilename();
    if (!File.empty()) {
      StringRef Dir = SP->getDirectory();
      return normalizePath(File, Dir.empty() ? StringRef()
                                             : StringRef(normalizePath(Dir)));
    }
  }
  const Module *M = F.getParent();
  if (!M || M->getSourceFileName().empty())
    return "";
  return normalizePath(M->getSourceFileName());
}

Selection selectFunction(const Function &F, const SourceMarks &Marks,
                         const Config *Cfg, StringRef SourceFile,
                         PlainInlinesFn PlainInlines) {
  Selection S;
  std::string Demangled = demangleName(F.getName());
  S.Name = Demangled;
  S.Demangled = Demangled;
  if (isHotpathInternal(F.getName())) {
    S.Skip = SkipKind::Internal;
    S.Reason = "part of hotpath itself";
    return S;
  }
  if (F.isIntrinsic()) {
    S.Skip = SkipKind::Intrinsic;
    S.Reason = "LLVM intrinsic";
    return S;
  }
  // Thunks (_ZTh/_ZTv/_ZTc) adjust `this` and jump to the real function,
  // which is measured itself: wrapping them too would count calls twice.
  if (compat::startsWith(F.getName(), "_ZTh") ||
      compat::startsWith(F.getName(), "_ZTv") ||
      compat::startsWith(F.getName(), "_ZTc")) {
    S.Skip = SkipKind::Thunk;
    S.Reason = "thunk: the function it forwards to is measured instead";
    return S;
  }
  if (!Marks.Label.empty())
    S.Name = Marks.Label;
  if (Marks.Skip) {
    S.Skip = SkipKind::SkipMark;
    S.Reason = "HOTPATH_SKIP";
    return S;
  }
  if (Cfg) {
    for (const NamePattern &P : Cfg->Exclude)
      if (P.Re->match(Demangled)) {
        S.Skip = SkipKind::Excluded;
        S.ExcludedBy = P.Source;
        S.Reason = "excluded by '" + P.Source + "' (" + configName(*Cfg) + ":" +
                   std::to_string(P.Line) + ")";
        return S;
      }
  }
  if (!Marks.Label.empty() || Marks.Measure) {
    S.Selected = true;
    S.Reason = Marks.Label.empty() ? "HOTPATH_MEASURE"
                                   : "HOTPATH_LABEL(\"" + Marks.Label + "\")";
    return S;
  }
  if (!Cfg) {
    S.Skip = SkipKind::NoRule;
    S.Reason = "no rule selects it (no hotpath.toml, no HOTPATH_MEASURE)";
    return S;
  }
  std::string Why;
  bool Named = false; // by a pattern that is a plain name: always measured
  for (const NamePattern &P : Cfg->Include)
    if (P.Re->match(Demangled)) {
      Named = isPlainName(P.Source);
      Why = std::string(Named ? "named by include '"
                              : "matches include regex '") +
            P.Source + "' in " + configName(*Cfg) + ":" +
            std::to_string(P.Line);
      break;
    }
  if (Why.empty() && !Cfg->FileGlobs.empty()) {
    std::string File =
        SourceFile.empty() ? sourceFileOf(F) : normalizePath(SourceFile);
    if (const FileGlob *G = matchFiles(*Cfg, File))
      Why = "defined in " + File + ", which matches files glob '" + G->Source +
            "' in " + configName(*Cfg) + ":" + std::to_string(G->Line);
  }
  if (Why.empty()) {
    S.Skip = SkipKind::NoRule;
    S.Reason = "no rule selects it";
    return S;
  }
  if (Named) {
    S.Selected = true;
    S.Reason = Why;
    return S;
  }
  // Defined inline, or static and only ever called directly (a static
  // function whose address is taken is called through a pointer, which
  // the plain build does not inline). One with a loop: never a helper.
  bool Inline = F.hasLinkOnceODRLinkage();
  bool Static = F.hasLocalLinkage() && !F.hasAddressTaken();
  // A helper that calls out (a lock, I/O, any out-of-line function) does
  // real work: measured.
  if (!Cfg->MeasureInlineHelpers && !F.isDeclaration() && (Inline || Static) &&
      !keptOutOfLine(F) && PlainInlines && !callsOut(F)) {
    if (std::optional<std::string> How = PlainInlines(F)) {
      S.Skip = SkipKind::InlineHelper;
      // A `noinline` of the source's (seen at -O1+ only) keeps the call:
      // the reason does not say the plain build inlines it.
      bool Called = F.hasFnAttribute(Attribute::NoInline) &&
                    !F.hasFnAttribute(Attribute::OptimizeNone);
      S.Reason = Why + ", but is an inline helper (" +
                 (Inline ? "defined inline, " : "static, ") + *How +
                 ", calling only inline or static functions): " +
                 (Called ? "" : "the plain build inlines it, and ") +
                 "measuring it would cost more than it takes "
                 "(measure_inline_helpers = true measures it)";
      return S;
    }
  } else if (!Cfg->MeasureInlineHelpers && !F.isDeclaration() &&
             (Inline || Static) && !keptOutOfLine(F) && !PlainInlines) {
    unsigned N = countInstructions(F);
    if (N < InlineHelperInstructions && !callsOut(F)) {
      S.Skip = SkipKind::InlineHelper;
      S.Reason =
          Why + ", but is an inline helper (" +
          (Inline ? "defined inline, " : "static, ") + std::to_string(N) +
          " IR instructions, fewer than " +
          std::to_string(InlineHelperInstructions) +
          ", calling only inline or static functions): the plain build inlines "
          "it, and measuring it would cost more than it takes "
          "(measure_inline_helpers = true measures it)";
      return S;
    }
  }
  if (Cfg->MinInstructions && !F.isDeclaration()) {
    unsigned N = countInstructions(F);
    if (N < Cfg->MinInstructions) {
      S.Skip = SkipKind::TooSmall;
      S.Reason = Why + ", but has " + std::to_string(N) +
                 " IR instructions, fewer than min_instructions = " +
                 std::to_string(Cfg->MinInstructions) + " (" +
                 configName(*Cfg) + ":" +
                 std::to_string(Cfg->MinInstructionsLine) + ")";
      return S;
    }
  }
  S.Selected = true;
  S.Reason = Why;
  return S;
}

bool isPlainName(StringRef Pattern) {
  return !Pattern.empty() &&
         Pattern.find_first_of(".^$*+?()[]{}|\\") == StringRef::npos;
}

bool keptOutOfLine(const Function &F) {
  // A loop, not `noinline`: at -O0 clang marks every function noinline
  // (with optnone), so the source's attribute can be seen at -O1+ only,
  // and -O0 and -O2 would select differently.
  SmallVector<std::pair<const BasicBlock *, const BasicBlock *>, 4> BackEdges;
  FindFunctionBackedges(F, BackEdges);
  return !BackEdges.empty();
}

bool callsOut(const Function &F) {
  for (const BasicBlock &BB : F)
    for (const Instruction &I : BB) {
      const auto *CB = dyn_cast<CallBase>(&I);
      if (!CB || isa<IntrinsicInst>(CB))
        continue;
      const Function *Callee = CB->getCalledFunction();
      // Virtual, through a pointer, or defined in one file only. Only a
      // callee every includer defines (inline, a template, static) keeps
      // the choice the same in every file: the linker keeps one file's
      // copy of the helper. An `extern template` member is a declaration
      // at -O0 and an available_externally body above it: out at every
      // level.
      if (!Callee || Callee->isDeclaration() ||
          !(Callee->hasLinkOnceLinkage() || Callee->hasLocalLinkage()))
        return true;
    }
  return false;
}

UnsupportedReason unsupportedReason(const Function &F) {
  if (F.isDeclaration())
    return {"declaration", "no body in this module"};
  if (F.hasFnAttribute(Attribute::Naked))
    return {"naked function", "no prologue where a hook could run"};
  if (F.hasFnAttribute(Attribute::AlwaysInline))
    return {"always_inline", "it must disappear into its callers"};
  if (F.hasAvailableExternallyLinkage())
    return {"available_externally",
            "the definition that runs is in another module"};
  for (const Argument &A : F.args()) {
    if (A.hasInAllocaAttr())
      return {"inalloca argument", "its stack slot cannot be forwarded"};
    if (A.hasPreallocatedAttr())
      return {"preallocated argument", "its stack slot cannot be forwarded"};
  }
  return {};
}

const char *skipKindName(SkipKind K) {
  switch (K) {
  case SkipKind::None:
    return "selected";
  case SkipKind::Internal:
    return "part of hotpath";
  case SkipKind::Intrinsic:
    return "LLVM intrinsic";
  case SkipKind::Thunk:
    return "thunk";
  case SkipKind::SkipMark:
    return "HOTPATH_SKIP";
  case SkipKind::Excluded:
    return "excluded";
  case SkipKind::NoRule:
    return "no rule";
  case SkipKind::InlineHelper:
    return "inline helper";
  case SkipKind::TooSmall:
    return "under min_instructions";
  case SkipKind::Unsupported:
    return "cannot be measured";
  }
  return "";
}

} // namespace hotpath
