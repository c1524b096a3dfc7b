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

// Messages that crashed or ended the server: 200 KB of nested '[' in
// params, id or an argument (SIGSEGV writing or copying them), and a
// jsonrpc member that is not a string (exit 2). Each gets its error and the
// server answers the next message.
TEST(McpServer, HostileMessagesGetTheirErrorAndTheServerGoesOn) {
  std::string Deep(200000, '[');
  std::string Input =
      R"({"jsonrpc":"2.0","id":1,"method":"ping","params":)" + Deep + "\n" +
      R"({"jsonrpc":"2.0","method":"ping","id":)" + Deep + "\n" +
      R"({"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"summary","arguments":{"report":)" +
      Deep + "}}}\n" + Deep + "\n" +
      R"({"jsonrpc":2,"id":3,"method":"ping"})"
      "\n"
      R"({"jsonrpc":null,"id":4,"method":"ping"})"
      "\n"
      R"({"jsonrpc":{"a":1},"id":5,"method":"ping"})"
      "\n"
      R"({"jsonrpc":"2.0","id":{"a":1},"method":"ping"})"
      "\n"
      R"({"jsonrpc":"2.0","id":6,"method":"ping"})"
      "\n";
  auto A = talk(Input);
  ASSERT_EQ(A.size(), 9u);
  for (size_t I = 0; I < 4; ++I) {
    EXPECT_EQ(errorCode(A[I]), -32700) << A[I];
    EXPECT_NE(A[I]["error"]["message"].get<std::string>().find(
                  "nested deeper than 64 levels"),
              std::string::npos);
  }
  for (size_t I = 4; I < 8; ++I)
    EXPECT_EQ(errorCode(A[I]), -32600) << A[I];
  EXPECT_EQ(A[4]["id"], 3);
  EXPECT_TRUE(A[7]["id"].is_null());
  EXPECT_EQ(A[8]["id"], 6);
  EXPECT_TRUE(A[8]["result"].is_object());
}

// A 4 MB line of one batch grew the server to 1.8 GB and answered 167 MB:
// a batch holds at most 64 messages, and its answers at most 4 MiB.
TEST(McpServer, BatchesAreBounded) {
  std::string Big = "[";
  for (int I = 0; I < 50000; ++I)
    Big += std::string(I ? "," : "") + R"({"jsonrpc":"2.0","id":)" +
           std::to_string(I) + R"(,"method":"ping"})";
  Big += "]\n";
  std::string Small = "[";
  for (int I = 0; I < 64; ++I)
    Small += std::string(I ? "," : "") + R"({"jsonrpc":"2.0","id":)" +
             std::to_string(I) + R"(,"method":"ping"})";
  Small += "]\n";
  auto A = talk(Big + Small + "[]\n");
  ASSERT_EQ(A.size(), 3u);
  EXPECT_EQ(errorCode(A[0]), -32600);
  EXPECT_EQ(A[0]["error"]["message"],
            "Invalid Request: a batch holds 1 to 64 messages");
  ASSERT_TRUE(A[1].is_array());
  EXPECT_EQ(A[1].size(), 64u);
  EXPECT_EQ(errorCode(A[2]), -32600);
}

// A tool's result is marked as the program's data (structuredContent), and
// every tool declares that shape.
TEST(McpServer, ToolResultsAreMarkedAsTheProgramsData) {
  auto A = talk(
      R"({"jsonrpc":"2.0","id":1,"method":"tools/list"})"
      "\n"
      R"({"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"list_reports","arguments":{}}})"
      "\n");
  ASSERT_EQ(A.size(), 2u);
  for (const json &T : A[0]["result"]["tools"])
    EXPECT_EQ(T["outputSchema"]["required"], json({"source", "data"})) << T;
  const json &S = A[1]["result"]["structuredContent"];
  EXPECT_NE(S["source"].get<std::string>().find("data from the profiled "
                                                "program"),
            std::string::npos);
  EXPECT_TRUE(S["data"].is_array()) << S;
}
