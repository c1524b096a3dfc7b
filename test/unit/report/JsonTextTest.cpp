//===- JsonTextTest.cpp - JsonText writes nlohmann's own bytes ------------===//
#include "hotpath/report/JsonText.h"

#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <random>

using hotpath::report::JsonText;
using OJson = nlohmann::ordered_json;

namespace {

std::string nlohmanns(const OJson &J) {
  return J.dump(-1, ' ', false, OJson::error_handler_t::replace);
}

template <typename T> std::string written(const T &V) {
  std::string Out;
  JsonText W(Out);
  W.value(V);
  return Out;
}

} // namespace

TEST(JsonText, StringsAsNlohmannWritesThem) {
  const std::string Strings[] = {
      "",
      "plain ascii name(int, char const*)",
      "a \"quoted\" \\ path",
      std::string("nul\0inside", 10),
      "\x01\x1f\b\f\n\r\t",
      "del \x7f",
      "utf-8: \xc3\xa9\xe2\x82\xac\xf0\x9f\x98\x80",
      "invalid: \xff\xfe end",
      "cut: \xe2\x82",
      "overlong: \xc0\xaf",
      "surrogate: \xed\xa0\x80",
  };
  for (const std::string &S : Strings)
    EXPECT_EQ(written(S), nlohmanns(OJson(S))) << S;
}

// Random bytes, most of them not UTF-8: whatever a symbol or path holds.
TEST(JsonText, RandomBytesAsNlohmannWritesThem) {
  std::mt19937 Gen(7);
  for (int I = 0; I < 2000; ++I) {
    std::string S(Gen() % 12, '\0');
    for (char &C : S)
      C = char(Gen() % 4 ? 0x20 + Gen() % 0x60 : Gen() % 256);
    ASSERT_EQ(written(S), nlohmanns(OJson(S)));
  }
}

TEST(JsonText, NumbersAsNlohmannWritesThem) {
  for (double D : {0.0, -0.0, 3.0, 12.5, 1e-5, 0.1, 1e300, 99.99999, 100.0 / 3,
                   std::numeric_limits<double>::quiet_NaN(),
                   std::numeric_limits<double>::infinity()})
    EXPECT_EQ(written(D), nlohmanns(OJson(D))) << D;
  for (uint64_t U : {uint64_t(0), uint64_t(42), ~uint64_t(0)})
    EXPECT_EQ(written(U), nlohmanns(OJson(U)));
  for (int64_t S : {int64_t(-1), std::numeric_limits<int64_t>::min()})
    EXPECT_EQ(written(S), nlohmanns(OJson(S)));
  EXPECT_EQ(written(true), "true");
}

TEST(JsonText, ContainersAsNlohmannWritesThem) {
  std::string Out;
  JsonText W(Out);
  W.beginObject();
  W.member("a", uint64_t(1));
  W.key("empty");
  W.beginArray();
  W.endArray();
  W.key("nested");
  W.beginArray();
  W.beginObject();
  W.endObject();
  W.beginArray();
  W.value(uint64_t(1));
  W.value("x");
  W.endArray();
  W.null();
  W.endArray();
  W.member("list", std::vector<std::string>{"p", "q"});
  W.member("doc", OJson{{"k", 1}});
  W.endObject();
  OJson J = OJson::object();
  J["a"] = 1;
  J["empty"] = OJson::array();
  J["nested"] = {OJson::object(), {1, "x"}, nullptr};
  J["list"] = {"p", "q"};
  J["doc"] = {{"k", 1}};
  EXPECT_EQ(Out, nlohmanns(J));
}
