//===- McpServer.cpp - A Model Context Protocol server over stdio ---------===//
#include "mcp/McpServer.h"
#include "mcp/McpTools.h"

#include "hotpath/report/Version.h"

#include <nlohmann/json.hpp>

#include <algorithm>

namespace hotpath::tool::mcp {

using nlohmann::json;

namespace {

// The protocol versions this server speaks, newest first (the official
// SDKs' list: a client asking for one of them gets it back).
const char *const Versions[] = {"2025-11-25", "2025-06-18", "2025-03-26",
                                "2024-11-05"};

json error(const json &Id, int Code, const std::string &Message) {
  return {{"jsonrpc", "2.0"},
          {"id", Id},
          {"error", {{"code", Code}, {"message", Message}}}};
}

// How deep arrays and objects nest in a JSON text, read without parsing
// (nlohmann's parser is iterative, but copying and writing a value
// recurse: 200 KB of '[' overflowed the stack).
size_t nesting(const std::string &Text) {
  size_t Depth = 0, Max = 0;
  bool InString = false;
  for (size_t I = 0; I < Text.size(); ++I) {
    char C = Text[I];
    if (InString) {
      if (C == '\\')
        ++I;
      else if (C == '"')
        InString = false;
    } else if (C == '"') {
      InString = true;
    } else if (C == '[' || C == '{') {
      Max = std::max(Max, ++Depth);
    } else if ((C == ']' || C == '}') && Depth) {
      --Depth;
    }
  }
  return Max;
}

json result(const json &Id, json Result) {
  return {{"jsonrpc", "2.0"}, {"id", Id}, {"result", std::move(Result)}};
}

json initialize(const json &Params) {
  std::string Asked;
  if (Params.is_object() && Params.contains("protocolVersion") &&
      Params["protocolVersion"].is_string())
    Asked = Params["protocolVersion"].get<std::string>();
  std::string Version = Versions[0];
  for (const char *V : Versions)
    if (Asked == V)
      Version = V;
  return {{"protocolVersion", Version},
          {"capabilities", {{"tools", {{"listChanged", false}}}}},
          {"serverInfo",
           {{"name", "hotpath"}, {"version", report::hotpathVersion()}}},
          {"instructions",
           "Profiles of C and C++ programs (hotpath reports). Start with "
           "list_reports, then summary and top_functions; diff compares two "
           "runs under a regression policy."}};
}

// A tool's result as structured content: marked as the program's data,
// the JSON itself when the text is JSON, else the text.
json programData(const std::string &Text) {
  json Data = json::parse(Text, nullptr, /*allow_exceptions=*/false);
  return {{"source", ProgramDataSource},
          {"data", Data.is_discarded() ? json(Text) : std::move(Data)}};
}

// The answer to one message, or null for a notification.
json handle(const McpTools &Tools, const json &M) {
  // The id is echoed only when it is one a request may have.
  json Id = nullptr;
  if (M.is_object() && M.contains("id") &&
      (M["id"].is_string() || M["id"].is_number_integer()))
    Id = M["id"];
  if (!M.is_object() || !M.contains("jsonrpc") || !M["jsonrpc"].is_string() ||
      M["jsonrpc"].get<std::string>() != "2.0" || !M.contains("method") ||
      !M["method"].is_string())
    return error(Id, -32600, "Invalid Request");
  bool Notification = !M.contains("id");
  if (!Notification && Id.is_null() && !M["id"].is_null())
    return error(nullptr, -32600, "Invalid Request: id");
  std::string Method = M["method"].get<std::string>();
  json Params = M.value("params", json::object());
  if (Notification)
    return nullptr; // notifications/initialized, cancelled, ...
  if (Method == "initialize")
    return result(Id, initialize(Params));
  if (Method == "ping")
    return result(Id, json::object());
  if (Method == "tools/list")
    return result(Id, {{"tools", Tools.list()}});
  if (Method == "tools/call") {
    if (!Params.is_object() || !Params.contains("name") ||
        !Params["name"].is_string())
      return error(Id, -32602, "Invalid params: tools/call needs a name");
    json Args = Params.value("arguments", json::object());
    try {
      bool IsError = false;
      std::string Text =
          Tools.call(Params["name"].get<std::string>(), Args, IsError);
      json R = {{"content", json::array({{{"type", "text"}, {"text", Text}}})}};
      if (IsError)
        R["isError"] = true;
      else
        R["structuredContent"] = programData(Text);
      return result(Id, R);
    } catch (const InvalidParams &E) {
      return error(Id, -32602, std::string("Invalid params: ") + E.what());
    } catch (const std::exception &E) {
      return error(Id, -32603, std::string("Internal error: ") + E.what());
    }
  }
  return error(Id, -32601, "Method not found: " + Method);
}

// handle(), and an internal error for anything it did not foresee: no
// message ends the server.
json safely(const McpTools &Tools, const json &M) {
  try {
    return handle(Tools, M);
  } catch (const std::exception &E) {
    return error(nullptr, -32603, std::string("Internal error: ") + E.what());
  }
}

} // namespace

int serve(const std::string &Dir, std::istream &In, std::ostream &Out,
          const std::string &HistoryStore) {
  McpTools Tools(Dir, HistoryStore);
  std::string Line;
  auto Send = [&](const json &J) {
    Out << J.dump(-1, ' ', false, json::error_handler_t::replace) << "\n";
    Out.flush();
  };
  while (true) {
    Line.clear();
    bool Long = false;
    int C;
    while ((C = In.get()) != EOF && C != '\n') {
      if (Line.size() < MaxMessageBytes)
        Line.push_back(char(C));
      else
        Long = true;
    }
    if (C == EOF && Line.empty())
      return 0;
    if (Line.find_first_not_of(" \t\r") == std::string::npos)
      continue;
    if (Long) {
      Send(error(nullptr, -32700, "Parse error: a message over 4 MiB"));
      continue;
    }
    if (nesting(Line) > MaxMessageDepth) {
      Send(error(nullptr, -32700,
                 "Parse error: nested deeper than " +
                     std::to_string(MaxMessageDepth) + " levels"));
      continue;
    }
    json M = json::parse(Line, nullptr, /*allow_exceptions=*/false);
    if (M.is_discarded()) {
      Send(error(nullptr, -32700, "Parse error"));
      continue;
    }
    if (M.is_array()) { // a batch (protocol 2025-03-26)
      if (M.empty() || M.size() > MaxBatchMessages) {
        Send(error(nullptr, -32600,
                   "Invalid Request: a batch holds 1 to " +
                       std::to_string(MaxBatchMessages) + " messages"));
        continue;
      }
      json Answers = json::array();
      size_t Bytes = 0;
      for (const json &E : M) {
        json A = Bytes > MaxBatchAnswerBytes
                     ? error(E.is_object() && E.contains("id") &&
                                     (E["id"].is_string() ||
                                      E["id"].is_number_integer())
                                 ? E["id"]
                                 : json(nullptr),
                             -32603,
                             "Internal error: the batch's answer is over " +
                                 std::to_string(MaxBatchAnswerBytes >> 20) +
                                 " MiB; send this request alone")
                     : safely(Tools, E);
        if (!A.is_null()) {
          Bytes += A.dump().size();
          Answers.push_back(std::move(A));
        }
      }
      if (!Answers.empty())
        Send(Answers);
      continue;
    }
    json A = safely(Tools, M);
    if (!A.is_null())
      Send(A);
  }
}

} // namespace hotpath::tool::mcp
