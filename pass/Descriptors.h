//===- Descriptors.h - Hook declarations and descriptor records -*- C++ -*-===//
//
// Emits the pass's side of include/hotpath/abi.h into a module: the hook
// declarations, one `hotpath_fn_desc` record per instrumented function, and
// a constructor that hands the records to __hotpath_register.
//
//===----------------------------------------------------------------------===//
#ifndef HOTPATH_PASS_DESCRIPTORS_H
#define HOTPATH_PASS_DESCRIPTORS_H

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/IR/DerivedTypes.h"
#include "llvm/IR/GlobalVariable.h"
#include "llvm/IR/Module.h"

#include <cstdint>
#include <string>

namespace hotpath {

/// The runtime functions the instrumented code calls (abi.h); null until
/// declared.
struct Hooks {
  llvm::FunctionCallee Enter;     // void __hotpath_enter(hotpath_fn_desc *)
  llvm::FunctionCallee Exit;      // void __hotpath_exit(hotpath_fn_desc *)
  llvm::FunctionCallee MainBegin; // void __hotpath_main_begin(void)
  llvm::FunctionCallee MainEnd;   // void __hotpath_main_end(void)
};

/// What the descriptor of one function says.
struct FnRecord {
  uint64_t Hash = 0;
  uint32_t Flags = 0; // HOTPATH_FN_*
  std::string Name;   // demangled name or label
  std::string Symbol; // mangled symbol
  std::string File;   // "" when unknown
  unsigned Line = 0;  // 0 when unknown
};

/// The N of `<symbol>.hotpath.<N>`: MD5 of the symbol, and for
/// internal-linkage functions of the translation unit's path too, so that
/// two `static helper()` in two files are two functions.
uint64_t functionHash(const llvm::Function &F, llvm::StringRef TUPath);

class Descriptors {
public:
  explicit Descriptors(llvm::Module &M);

  /// Declares the enter/exit hooks (nounwind, nonlazybind: called through
  /// the GOT without a PLT stub, like -fno-plt).
  const Hooks &hooks();
  /// Declares the session hooks for `main = true` as well.
  const Hooks &mainHooks();

  /// Creates the record for one function; returns it as the pointer that
  /// the hooks receive. `OwnCountdown`: the function's thread-local
  /// countdown (createOwnCountdown), or null when it counts in the table.
  llvm::Constant *create(const FnRecord &R,
                         llvm::GlobalVariable *OwnCountdown = nullptr);

  /// Adds the constructor that registers every record created so far.
  /// Does nothing when there are none.
  void emitRegistration();

  /// The constructor's priority in llvm.global_ctors (docs/abi.md).
  static constexpr int CtorPriority = 0;

private:
  llvm::Constant *cstring(llvm::StringRef S);

  llvm::Module &M;
  llvm::StructType *DescTy = nullptr;
  Hooks H;
  llvm::SmallVector<llvm::Constant *, 16> Records;
  llvm::SmallVector<llvm::GlobalVariable *, 16> OwnCountdowns; // by record
  llvm::StringMap<llvm::Constant *> Strings;
};

} // namespace hotpath

#endif // HOTPATH_PASS_DESCRIPTORS_H
