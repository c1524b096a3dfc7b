//===- DescriptorLayout.h - hotpath_fn_desc as the pass emits it ----------===//
//
// The one place the pass spells out `hotpath_fn_desc` (include/hotpath/
// abi.h): its IR type and the index of each field. Descriptors.cpp builds
// records with it, WrapperFastPath.cpp addresses runtime_id with it, and
// test/unit/pass/DescriptorLayoutTest.cpp checks both against abi.h's
// offsets and size, so that the two cannot drift apart.
//
//===----------------------------------------------------------------------===//
#ifndef HOTPATH_PASS_DESCRIPTORLAYOUT_H
#define HOTPATH_PASS_DESCRIPTORLAYOUT_H

#include "Compat.h"

#include "llvm/IR/DerivedTypes.h"

namespace hotpath {

/// Field indices of hotpath_fn_desc, in abi.h's order.
enum DescField : unsigned {
  DescAbiVersion = 0, // uint32_t abi_version
  DescFlags,          // uint32_t flags
  DescHash,           // uint64_t hash
  DescName,           // const char *name
  DescSymbol,         // const char *symbol
  DescFile,           // const char *file
  DescLine,           // uint32_t line
  DescRuntimeId,      // uint32_t runtime_id
  DescFieldCount
};

/// { i32, i32, i64, ptr, ptr, ptr, i32, i32 }: hotpath_fn_desc.
inline llvm::StructType *descriptorType(llvm::LLVMContext &Ctx) {
  llvm::Type *I32 = llvm::Type::getInt32Ty(Ctx);
  llvm::Type *I64 = llvm::Type::getInt64Ty(Ctx);
  llvm::Type *Ptr = compat::ptrTy(Ctx);
  llvm::Type *Fields[DescFieldCount] = {I32, I32, I64, Ptr, Ptr, Ptr, I32, I32};
  return llvm::StructType::get(Ctx, llvm::ArrayRef<llvm::Type *>(Fields));
}

} // namespace hotpath

#endif // HOTPATH_PASS_DESCRIPTORLAYOUT_H
