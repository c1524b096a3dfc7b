//===- JsonFieldsTest.cpp - The checked reader every section goes through -===//
#include "hotpath/report/JsonFields.h"

#include <gtest/gtest.h>

using namespace hotpath::report::json;

namespace {

template <typename Fn> std::string errorOf(Fn F) {
  try {
    F();
  } catch (const ReadError &E) {
    return E.what();
  }
  return "";
}

} // namespace

TEST(JsonFields, NamesThePlaceAndWhatWasThere) {
  Json O = Json::parse(R"({"a": {"n": "7", "xs": [1, -2], "rows": [{}, 3]}})");
  const Json &A = O["a"];
  EXPECT_EQ(errorOf([&] { unsignedAt(A, "s", "n"); }),
            "s.n: expected a non-negative integer, got a string");
  EXPECT_EQ(errorOf([&] { stringAt(A, "s", "missing"); }),
            "s.missing: missing");
  EXPECT_EQ(errorOf([&] { unsignedsAt(A, "s", "xs"); }),
            "s.xs[1]: expected a non-negative integer, got an integer");
  EXPECT_EQ(errorOf([&] { arrayAt(A, "s", "n"); }),
            "s.n: expected an array, got a string");
  EXPECT_EQ(
      errorOf([&] { forEachObject(A, "s", "rows", [](auto &, auto &) {}); }),
      "s.rows[1]: expected an object, got an integer");
  // At the top level the path is the key alone.
  EXPECT_EQ(errorOf([&] { need(O, "", "b"); }), "b: missing");
}

TEST(JsonFields, OptionalFieldsMayBeNullOrAbsent) {
  Json O = Json::parse(R"({"s": null, "b": true, "bad": 1})");
  EXPECT_FALSE(optStringAt(O, "m", "s"));
  EXPECT_FALSE(optStringAt(O, "m", "absent"));
  EXPECT_EQ(optBoolAt(O, "m", "b"), true);
  EXPECT_EQ(errorOf([&] { optBoolAt(O, "m", "bad"); }),
            "m.bad: expected a boolean or null, got an integer");
}
