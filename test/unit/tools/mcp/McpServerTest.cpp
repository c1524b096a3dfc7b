//===- McpServerTest.cpp - `hotpath mcp`: the protocol, message by message ===//
#include "mcp/McpServer.h"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <sstream>
#include <unistd.h>

using namespace hotpath::tool::mcp;
using nlohmann::json;

namespace {

// The server's answers, one JSON value a line, to the lines of `Input`.
std::vector<json> talk(const std::string &Input) {
  std::istringstream In(Input);
  std::ostringstream Out;
  EXPECT_EQ(serve("/tmp", In, Out), 0);
  std::vector<json> Answers;
  std::istringstream Lines(Out.str());
  for (std::string L; std::getline(Lines, L);)
    Answers.push_back(json::parse(L));
  return Answers;
}

int errorCode(const json &A) { return A.at("error").at("code").get<int>(); }

} // namespace

TEST(McpServer, InitializeEchoesAKnownVersionElseItsNewest) {
  auto A = talk(
      R"({"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-03-26"}})"
      "\n"
      R"({"jsonrpc":"2.0","id":"two","method":"initialize","params":{"protocolVersion":"1999-01-01"}})"
      "\n");
  ASSERT_EQ(A.size(), 2u);
  EXPECT_EQ(A[0]["result"]["protocolVersion"], "2025-03-26");
  EXPECT_EQ(A[0]["result"]["serverInfo"]["name"], "hotpath");
  EXPECT_TRUE(A[0]["result"]["capabilities"].contains("tools"));
  EXPECT_EQ(A[1]["id"], "two");
  EXPECT_EQ(A[1]["result"]["protocolVersion"], "2025-11-25");
}

TEST(McpServer, ErrorsNeverEndTheServer) {
  auto A = talk("not json\n"
                "\n"
                R"({"id":1,"method":"ping"})"
                "\n"
                R"({"jsonrpc":"2.0","id":2,"method":"resources/list"})"
                "\n"
                R"({"jsonrpc":"2.0","method":"notifications/initialized"})"
                "\n"
                R"({"jsonrpc":"2.0","id":3,"method":"tools/call","params":{}})"
                "\n"
                R"({"jsonrpc":"2.0","id":4,"method":"ping"})");
  ASSERT_EQ(A.size(), 5u); // no answer to the blank line or the notification
  EXPECT_EQ(errorCode(A[0]), -32700);
  EXPECT_TRUE(A[0]["id"].is_null());
  EXPECT_EQ(errorCode(A[1]), -32600);
  EXPECT_EQ(errorCode(A[2]), -32601);
  EXPECT_EQ(errorCode(A[3]), -32602);
  EXPECT_EQ(A[4]["result"], json::object()); // the last line, unterminated
}

TEST(McpServer, ToolsAndTheirSchemas) {
  auto A = talk(R"({"jsonrpc":"2.0","id":1,"method":"tools/list"})"
                "\n");
  ASSERT_EQ(A.size(), 1u);
  const json &Tools = A[0]["result"]["tools"];
  ASSERT_EQ(Tools.size(), 8u);
  for (const json &T : Tools) {
    EXPECT_EQ(T["inputSchema"]["type"], "object") << T["name"];
    EXPECT_FALSE(T["description"].get<std::string>().empty());
  }
}

TEST(McpServer, ABatchIsAnsweredAsOne) {
  auto A = talk(R"([{"jsonrpc":"2.0","id":1,"method":"ping"},)"
                R"({"jsonrpc":"2.0","method":"notifications/cancelled"},)"
                R"({"jsonrpc":"2.0","id":2,"method":"nope"}])"
                "\n");
  ASSERT_EQ(A.size(), 1u);
  ASSERT_TRUE(A[0].is_array());
  ASSERT_EQ(A[0].size(), 2u);
  EXPECT_EQ(errorCode(A[0][1]), -32601);
}

TEST(McpServer, AnOverlongLineIsRefusedUnread) {
  std::string Long = "{\"x\":\"" + std::string(MaxMessageBytes + 10, 'a') +
                     "\"}\n" + R"({"jsonrpc":"2.0","id":9,"method":"ping"})" +
                     "\n";
  auto A = talk(Long);
  ASSERT_EQ(A.size(), 2u);
  EXPECT_EQ(errorCode(A[0]), -32700);
  EXPECT_EQ(A[1]["id"], 9);
}
