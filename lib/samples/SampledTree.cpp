//===- SampledTree.cpp - Sampled frames below the measured paths ----------===//
#include "hotpath/samples/SampledTree.h"

#include <algorithm>
#include <map>
#include <optional>
#include <tuple>

namespace hotpath::samples {

namespace {

using report::TreeNode;

struct Builder {
  report::CallTree &T;
  // (parent, name, kind) -> node; parent -1 for the roots.
  std::map<std::tuple<int64_t, std::string, std::string>, size_t> Index;

  explicit Builder(report::CallTree &T) : T(T) {
    for (size_t I = 0; I < T.Nodes.size(); ++I)
      Index[{T.Nodes[I].Parent, T.Nodes[I].Name, T.Nodes[I].Kind}] = I;
  }

  // The child `Name` of `Parent`: a measured one when the tree has it
  // (measured children are looked up first), else a sampled one, made;
  // Measured: made as a measured one (a tree of the samples alone).
  size_t child(int64_t Parent, const std::string &Name,
               const SampledFrame *Where, bool MayBeMeasured,
               bool Measured = false) {
    if (MayBeMeasured || Measured)
      if (auto It = Index.find({Parent, Name, ""}); It != Index.end())
        return It->second;
    std::string Kind = Measured ? "" : "sampled";
    auto Key = std::make_tuple(Parent, Name, Kind);
    if (auto It = Index.find(Key); It != Index.end())
      return It->second;
    TreeNode N;
    N.Parent = Parent;
    N.Name = Name;
    N.Kind = Kind;
    if (Where) {
      N.File = Where->File;
      N.Line = Where->Line;
      N.Inlined = Where->Inlined;
    }
    T.Nodes.push_back(N);
    Index[Key] = T.Nodes.size() - 1;
    return T.Nodes.size() - 1;
  }
};

// Parents first, siblings by total descending, as the runtime writes them.
void reorder(report::CallTree &T) {
  size_t N = T.Nodes.size();
  std::vector<std::vector<size_t>> Kids(N);
  std::vector<size_t> Roots;
  for (size_t I = 0; I < N; ++I)
    (T.Nodes[I].Parent < 0 ? Roots : Kids[size_t(T.Nodes[I].Parent)])
        .push_back(I);
  auto ByTotal = [&](size_t A, size_t B) {
    return T.Nodes[A].Total != T.Nodes[B].Total
               ? T.Nodes[A].Total > T.Nodes[B].Total
               : A < B;
  };
  std::vector<size_t> Order, Stack;
  std::sort(Roots.begin(), Roots.end(), ByTotal);
  // Breadth by level keeps parents before children.
  Order = Roots;
  for (size_t K = 0; K < Order.size(); ++K) {
    std::vector<size_t> &C = Kids[Order[K]];
    std::sort(C.begin(), C.end(), ByTotal);
    Order.insert(Order.end(), C.begin(), C.end());
  }
  std::vector<int64_t> NewIndex(N);
  for (size_t K = 0; K < N; ++K)
    NewIndex[Order[K]] = int64_t(K);
  std::vector<TreeNode> Out;
  Out.reserve(N);
  for (size_t Old : Order) {
    TreeNode Node = T.Nodes[Old];
    if (Node.Parent >= 0)
      Node.Parent = NewIndex[size_t(Node.Parent)];
    Out.push_back(std::move(Node));
  }
  T.Nodes = std::move(Out);
}

} // namespace

void addSampledFrames(report::CallTree &T, const SampleProfile &P) {
  if (P.Chains.empty())
    return;
  // The default and count modes keep no paths: the samples' alone, the
  // measured functions on them as measured nodes (counts above, samples
  // below), with samples for calls and CPU for times.
  bool Alone = !T.Present;
  if (Alone) {
    T = report::CallTree();
    T.Present = true;
    T.Estimated = true;
    T.FromSamples = true;
    T.Description = "Call paths seen by the CPU samples (the run kept no "
                    "paths of its own): calls are samples, times CPU.";
  }
  size_t Measured = T.Nodes.size();
  Builder B(T);
  for (const AttributedChain &C : P.Chains) {
    if (C.Path.empty())
      continue; // outside measured code: no place in the tree
    int64_t At = -1;
    bool InTree = true;
    for (const std::string &Name : C.Path) {
      size_t N = B.child(At, Name, nullptr, InTree, Alone);
      InTree = T.Nodes[N].Kind.empty();
      At = int64_t(N);
      if (Alone || !InTree) {
        T.Nodes[N].Calls += C.Count;
        T.Nodes[N].Total += C.CpuNs;
      }
    }
    for (const SampledFrame &F : C.Below) {
      size_t N = B.child(At, F.Name, &F, false);
      // Inlined only if it is wherever the samples saw it.
      T.Nodes[N].Inlined &= F.Inlined;
      T.Nodes[N].Calls += C.Count;
      T.Nodes[N].Total += C.CpuNs;
      At = int64_t(N);
    }
    // The sample's own place: where the chain ends.
    std::optional<uint64_t> &Own = T.Nodes[size_t(At)].CpuSelf;
    Own = Own.value_or(0) + C.CpuNs;
  }
  // Each measured node's sampled children fit in what its measured
  // children leave of its total.
  std::vector<uint64_t> MeasuredKids(T.Nodes.size()),
      SampledKids(T.Nodes.size());
  for (size_t I = 0; I < T.Nodes.size(); ++I)
    if (int64_t Pa = T.Nodes[I].Parent; Pa >= 0)
      (T.Nodes[I].Kind == "sampled" ? SampledKids : MeasuredKids)[size_t(Pa)] +=
          T.Nodes[I].Total;
  std::vector<double> Scale(T.Nodes.size(), 1.0);
  for (size_t I = 0; I < Measured; ++I) {
    uint64_t Room = T.Nodes[I].Total > MeasuredKids[I]
                        ? T.Nodes[I].Total - MeasuredKids[I]
                        : 0;
    if (SampledKids[I] > Room)
      Scale[I] = SampledKids[I] ? double(Room) / double(SampledKids[I]) : 0;
  }
  // Scales pass down through sampled subtrees (parents come first).
  std::vector<double> Down(T.Nodes.size(), 1.0);
  for (size_t I = Measured; I < T.Nodes.size(); ++I) {
    int64_t Pa = T.Nodes[I].Parent;
    double F = Pa < 0                  ? 1.0
               : size_t(Pa) < Measured ? Scale[size_t(Pa)]
                                       : Down[size_t(Pa)];
    Down[I] = F;
    T.Nodes[I].Total = uint64_t(double(T.Nodes[I].Total) * F);
  }
  // Self: total less the children's.
  std::vector<uint64_t> Kids(T.Nodes.size());
  for (size_t I = 0; I < T.Nodes.size(); ++I)
    if (int64_t Pa = T.Nodes[I].Parent; Pa >= 0)
      Kids[size_t(Pa)] += T.Nodes[I].Total;
  for (size_t I = 0; I < T.Nodes.size(); ++I)
    T.Nodes[I].Self =
        T.Nodes[I].Total > Kids[I] ? T.Nodes[I].Total - Kids[I] : 0;
  reorder(T);
}

} // namespace hotpath::samples
