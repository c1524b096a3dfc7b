//===- Complexity.cpp - How a function's cost grows with its input --------===//
#include "hotpath/sizes/Complexity.h"

#include <algorithm>
#include <cmath>

namespace hotpath::sizes {

namespace {

constexpr Order AllOrders[] = {Order::Constant, Order::Log,       Order::Linear,
                               Order::LinLog,   Order::Quadratic, Order::Cubic};

// A bucket's weight: its calls, up to this many (a bucket of one call is
// one timing, noisy; past a few dozen the average is as good as it gets).
constexpr double CallsWeightCap = 32;
// A more complex class must beat the simplest good one by more than this
// (relative error, absolute and as a share) to be chosen; a class is good
// when its own error is at most GoodFit. Where no class fits well (a
// function linear up to a size and quadratic past it), the best one wins.
constexpr double MarginShare = 0.25, MarginAbsolute = 0.02, GoodFit = 0.15;

struct Candidate {
  bool Valid = false;
  double A = 0, B = 0, Err = 0, R2 = 0;
};

// Weighted least squares of t = a + b f on the relative error: each point
// weighs W = w / t^2. a >= 0, b > 0 (b = 0 is the constant class's).
Candidate fitOne(Order O, const std::vector<SizePoint> &P,
                 const std::vector<double> &W) {
  double S = 0, Sf = 0, St = 0, Sff = 0, Sft = 0, Sw = 0;
  for (size_t I = 0; I < P.size(); ++I) {
    double T = P[I].CostPerCall, F = growth(O, P[I].Size);
    double Wi = W[I] / (T * T);
    S += Wi, Sf += Wi * F, St += Wi * T, Sff += Wi * F * F, Sft += Wi * F * T;
    Sw += W[I];
  }
  Candidate C;
  if (O == Order::Constant) {
    C.A = St / S;
  } else {
    double Det = S * Sff - Sf * Sf;
    if (!(Det > 0))
      return C;
    C.B = (S * Sft - Sf * St) / Det;
    C.A = (St - C.B * Sf) / S;
    if (C.A < 0) { // through the origin
      C.A = 0;
      C.B = Sft / Sff;
    }
    if (!(C.B > 0))
      return C;
  }
  double Res = 0, Tot = 0, Mean = St / S;
  for (size_t I = 0; I < P.size(); ++I) {
    double T = P[I].CostPerCall, Wi = W[I] / (T * T);
    double E = T - (C.A + C.B * growth(O, P[I].Size));
    Res += Wi * E * E;
    Tot += Wi * (T - Mean) * (T - Mean);
  }
  C.Valid = true;
  C.Err = std::sqrt(Res / Sw);
  C.R2 = Tot > 0 ? 1 - Res / Tot : 1;
  return C;
}

} // namespace

const char *orderName(Order O) {
  switch (O) {
  case Order::Constant:
    return "O(1)";
  case Order::Log:
    return "O(log n)";
  case Order::Linear:
    return "O(n)";
  case Order::LinLog:
    return "O(n log n)";
  case Order::Quadratic:
    return "O(n^2)";
  case Order::Cubic:
    return "O(n^3)";
  }
  return "O(1)";
}

bool orderFromName(const std::string &Name, Order &Out) {
  for (Order O : AllOrders)
    if (Name == orderName(O)) {
      Out = O;
      return true;
    }
  return false;
}

double growth(Order O, double N) {
  N = std::max(N, 1.0);
  switch (O) {
  case Order::Constant:
    return 1;
  case Order::Log:
    return std::log2(N);
  case Order::Linear:
    return N;
  case Order::LinLog:
    return N * std::log2(N);
  case Order::Quadratic:
    return N * N;
  case Order::Cubic:
    return N * N * N;
  }
  return 1;
}

Fit fitComplexity(const std::vector<SizePoint> &Points) {
  Fit Out;
  std::vector<SizePoint> P;
  for (const SizePoint &S : Points)
    if (S.Calls && S.CostPerCall > 0 && std::isfinite(S.CostPerCall))
      P.push_back(S);
  double Lo = 0, Hi = 0;
  for (const SizePoint &S : P) {
    double N = std::max(S.Size, 1.0);
    Lo = Lo == 0 ? N : std::min(Lo, N);
    Hi = std::max(Hi, N);
  }
  if (P.size() < MinBuckets || Hi < Lo * MinSpan) {
    Out.Why = "not enough data: " + std::to_string(P.size()) +
              " size buckets with calls, sizes " +
              std::to_string(uint64_t(Lo)) + " to " +
              std::to_string(uint64_t(Hi)) + " (a fit needs " +
              std::to_string(MinBuckets) + " buckets spanning " +
              std::to_string(int(MinSpan)) + "x)";
    return Out;
  }
  std::vector<double> W;
  for (const SizePoint &S : P)
    W.push_back(std::min(double(S.Calls), CallsWeightCap));
  Candidate Best;
  Order BestOrder = Order::Constant;
  Candidate All[6];
  for (size_t I = 0; I < 6; ++I) {
    All[I] = fitOne(AllOrders[I], P, W);
    if (All[I].Valid && (!Best.Valid || All[I].Err < Best.Err)) {
      Best = All[I];
      BestOrder = AllOrders[I];
    }
  }
  // The simplest good class close enough to the best.
  for (size_t I = 0; I < 6; ++I)
    if (All[I].Valid && All[I].Err <= GoodFit &&
        All[I].Err <= Best.Err * (1 + MarginShare) + MarginAbsolute) {
      Best = All[I];
      BestOrder = AllOrders[I];
      break;
    }
  Out.Enough = true;
  Out.Class = BestOrder;
  Out.Constant = Best.A;
  Out.Factor = Best.B;
  Out.RelativeError = Best.Err;
  Out.RSquared = Best.R2;
  return Out;
}

} // namespace hotpath::sizes
