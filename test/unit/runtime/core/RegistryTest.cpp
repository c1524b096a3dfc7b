//===- RegistryTest.cpp - Dense ids, merged by hash -----------------------===//
//
// The registry's hash table starts small and grows as modules register
// their functions: every id must survive the growth, and a function
// registered again (an inline function in another module) must get the id
// it had.
//
//===----------------------------------------------------------------------===//
#include "core/Registry.h"

#include "hotpath/abi.h"

#include <gtest/gtest.h>

#include <cstdint>
#include <set>
#include <string>
#include <vector>

namespace {

// Records reachable for the process's life, as a module's are (and as
// LeakSanitizer wants).
std::vector<hotpath_fn_desc *> &records(uint64_t Base, uint32_t N) {
  static auto *Keep = new std::vector<std::vector<hotpath_fn_desc *> *>;
  auto *Out = new std::vector<hotpath_fn_desc *>;
  Keep->push_back(Out);
  for (uint32_t I = 0; I < N; ++I) {
    auto *Name = new std::string("f" + std::to_string(I));
    Out->push_back(new hotpath_fn_desc{
        HOTPATH_ABI_VERSION, 0, Base + uint64_t(I) * 0x9e3779b97f4a7c15u,
        Name->c_str(), Name->c_str(), "t.cpp", 1, 0});
  }
  return *Out;
}

} // namespace

// 5,000 functions in modules of 500: the table grows past its first size
// (4096 slots, half full at 2048) twice.
TEST(RegistryTest, IdsSurviveTheTableGrowingAndRepeatsMerge) {
  using namespace hotpath::rt;
  constexpr uint32_t N = 5000, Module = 500;
  uint32_t Before = functionCount();
  std::vector<hotpath_fn_desc *> &First = records(0x5eed, N);
  for (uint32_t I = 0; I < N; I += Module)
    __hotpath_register(First.data() + I, Module, HOTPATH_ABI_VERSION);
  EXPECT_EQ(functionCount(), Before + N);
  std::set<uint32_t> Ids;
  for (hotpath_fn_desc *D : First) {
    ASSERT_NE(D->runtime_id, 0u);
    Ids.insert(D->runtime_id);
    EXPECT_EQ(functionRecord(D->runtime_id).Hash, D->hash);
  }
  EXPECT_EQ(Ids.size(), size_t(N));

  // The same functions from another module: the same ids, no new ones.
  std::vector<hotpath_fn_desc *> &Again = records(0x5eed, N);
  __hotpath_register(Again.data(), N, HOTPATH_ABI_VERSION);
  EXPECT_EQ(functionCount(), Before + N);
  for (uint32_t I = 0; I < N; ++I)
    EXPECT_EQ(Again[I]->runtime_id, First[I]->runtime_id) << I;
}
