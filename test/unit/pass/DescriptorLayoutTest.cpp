//===- DescriptorLayoutTest.cpp - The pass's records match abi.h ----------===//
//
// The pass writes hotpath_fn_desc records field by field and the fast path
// addresses runtime_id by index (DescriptorLayout.h); the runtime reads
// them through the C struct of include/hotpath/abi.h. This fails when the
// two disagree: a field added, moved or resized on one side only.
//
//===----------------------------------------------------------------------===//
#include "DescriptorLayout.h"

#include "hotpath/abi.h"

#include "llvm/IR/DataLayout.h"
#include "llvm/IR/LLVMContext.h"

#include <cstddef>
#include <gtest/gtest.h>

using namespace hotpath;

TEST(DescriptorLayout, OffsetsAndSizeAreAbiH) {
  llvm::LLVMContext Ctx;
  llvm::StructType *T = descriptorType(Ctx);
  // x86-64 Linux, the target the runtime is built for here.
  llvm::DataLayout DL("e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:"
                      "128-f80:128-n8:16:32:64-S128");
  const llvm::StructLayout *L = DL.getStructLayout(T);
  ASSERT_EQ(T->getNumElements(), unsigned(DescFieldCount));
  EXPECT_EQ(L->getSizeInBytes(), sizeof(hotpath_fn_desc));
  const size_t Offsets[DescFieldCount] = {
      offsetof(hotpath_fn_desc, abi_version),
      offsetof(hotpath_fn_desc, flags),
      offsetof(hotpath_fn_desc, hash),
      offsetof(hotpath_fn_desc, name),
      offsetof(hotpath_fn_desc, symbol),
      offsetof(hotpath_fn_desc, file),
      offsetof(hotpath_fn_desc, line),
      offsetof(hotpath_fn_desc, runtime_id)};
  for (unsigned I = 0; I < DescFieldCount; ++I)
    EXPECT_EQ(L->getElementOffset(I), Offsets[I]) << "field " << I;
  // The fast path's gate reads runtime_id by this index.
  EXPECT_EQ(L->getElementOffset(DescRuntimeId),
            offsetof(hotpath_fn_desc, runtime_id));
  EXPECT_EQ(DL.getTypeAllocSize(T->getElementType(DescRuntimeId)),
            sizeof(((hotpath_fn_desc *)nullptr)->runtime_id));
}
