//===- Selection.h - Which functions the pass instruments -------*- C++ -*-===//
//
// Decides, for one function, whether it is measured and why:
//   HOTPATH_SKIP > exclude > HOTPATH_MEASURE / HOTPATH_LABEL > include/files
// and, for selected functions, whether the rewrite can handle them
// (docs/rewrite.md: naked, always_inline, available_externally, declarations,
// inalloca/preallocated are skipped with a reason).
//
//===----------------------------------------------------------------------===//
#ifndef HOTPATH_PASS_SELECTION_H
#define HOTPATH_PASS_SELECTION_H

#include "Config.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringRef.h"

#include <optional>
#include <string>

namespace llvm {
class Function;
class Module;
} // namespace llvm

namespace hotpath {

/// What the source said about a function through its `annotate` attributes
/// (collected from @llvm.global.annotations).
struct SourceMarks {
  bool Measure = false;
  bool Skip = false;
  std::string Label; // from HOTPATH_LABEL("..."), "" when none
};

/// Reads @llvm.global.annotations ("hotpath.measure", "hotpath.skip",
/// "hotpath.label=<name>").
llvm::DenseMap<const llvm::Function *, SourceMarks>
collectSourceMarks(const llvm::Module &M);

/// Demangles an Itanium / C name and normalises it so that every LLVM
/// version prints one function the same way (`>>`, never `> >`).
std::string demangleName(llvm::StringRef Symbol);

/// A lambda's call operator as `{lambda #K}(params)`: `f(int)::$_0::
/// operator()(long) const` and `f(int)::'lambda'(long)::operator()(long)
/// const` both become `f(int)::{lambda #1}(long)` (docs/selection.md).
std::string readableLambdas(std::string Name);

/// Why a function is not measured: the pass's statistics and the
/// HOTPATH_VERBOSE=1 summary count by it; Selection::Reason says it in full.
enum class SkipKind {
  None,         // selected
  Internal,     // part of hotpath itself
  Intrinsic,    // an LLVM intrinsic
  Thunk,        // forwards to a function measured instead
  SkipMark,     // HOTPATH_SKIP
  Excluded,     // an exclude pattern (Selection::ExcludedBy)
  NoRule,       // nothing selects it
  InlineHelper, // the plain build inlines it (measure_inline_helpers)
  TooSmall,     // under min_instructions
  Unsupported,  // selected, but the rewrite cannot handle it
};
/// The summary's words for a kind ("no rule", "HOTPATH_SKIP", ...).
const char *skipKindName(SkipKind K);

struct Selection {
  bool Selected = false;
  SkipKind Skip = SkipKind::None;
  std::string ExcludedBy; // the exclude pattern, with SkipKind::Excluded
  std::string Reason;     // why, for -Rpass / -Rpass-missed / HOTPATH_VERBOSE
  std::string Name;       // the name to report: the label or the demangled name
  std::string Demangled;  // what the patterns are matched against
};

/// The decision for `F`. `Cfg` may be null (no hotpath.toml): only the
/// source marks select then. `SourceFile` is the function's file from debug
/// info, else the translation unit's own path.
/// `PlainInlines`, when given, says whether the plain build inlines F and
/// why (InlineCost.h: "inline cost 35, under -O2's threshold of 225"), or
/// nothing; without it the rule counts instructions (tests, fuzzers).
using PlainInlinesFn =
    llvm::function_ref<std::optional<std::string>(const llvm::Function &)>;
Selection selectFunction(const llvm::Function &F, const SourceMarks &Marks,
                         const Config *Cfg, llvm::StringRef SourceFile,
                         PlainInlinesFn PlainInlines = nullptr);

/// Why `F` cannot be rewritten at all: What is the kind of function
/// ("always_inline"), Why the explanation; What is null when it can be.
struct UnsupportedReason {
  const char *What = nullptr;
  const char *Why = "";
  explicit operator bool() const { return What != nullptr; }
  /// "always_inline: it must disappear into its callers".
  std::string text() const { return std::string(What) + ": " + Why; }
};
UnsupportedReason unsupportedReason(const llvm::Function &F);

// What selectFunction decides with, for the driver and the tests too.

/// The absolute, normalised path of the file that defines `F`: from its
/// DISubprogram (file joined with the compile directory), else the
/// module's source file name.
std::string sourceFileOf(const llvm::Function &F);

/// The size min_instructions compares with: IR instructions, without
/// debug and lifetime intrinsics and unconditional branches, so that a
/// function has the same size at -O0 and -O2, with and without -g.
unsigned countInstructions(const llvm::Function &F);

/// An include pattern with no regex operator names a function: what it
/// matches is measured whatever its size.
bool isPlainName(llvm::StringRef Pattern);

/// A loop in F keeps it out of line: never an inline helper. (`noinline`
/// does not: clang puts it on every function at -O0.)
bool keptOutOfLine(const llvm::Function &F);

/// Below this size (countInstructions) a function defined inline, or
/// static and only called directly, that calls only inline or static
/// functions (!callsOut) is an inline helper, left out unless
/// measure_inline_helpers = true.
constexpr unsigned InlineHelperInstructions = 20;

/// Whether F calls a function that not every module including F defines:
/// a declaration, an out-of-line or available_externally function, or
/// through a pointer; intrinsics do not count. The same answer in every
/// module, at every -O level.
bool callsOut(const llvm::Function &F);

/// hotpath's own hooks (`__hotpath_*`) and marker functions
/// (`<symbol>.hotpath.<N>`): never selected, never wrapped twice.
bool isHotpathInternal(llvm::StringRef Symbol);

} // namespace hotpath

#endif // HOTPATH_PASS_SELECTION_H
