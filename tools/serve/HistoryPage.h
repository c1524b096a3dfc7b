//===- HistoryPage.h - A series plotted (serve --history) ------*- C++ -*-===//
//
//   /history       the page: each series of a function and metric plotted,
//                  the runs in order, the change points marked
//   /api/history   ?function=F&metric=M[&machine=CPU&branch=B&last=N]: the
//                  runs, the series and their change points (JSON)
// The store is opened for each request (an SQLite file, or a PostgreSQL
// server that runners keep adding to): the page shows what is stored now.
//
//===----------------------------------------------------------------------===//
#ifndef HOTPATH_TOOL_SERVE_HISTORYPAGE_H
#define HOTPATH_TOOL_SERVE_HISTORYPAGE_H

#include <map>
#include <string>

namespace hotpath::tool::serve {

/// The JSON of /api/history for the request's parameters; false with
/// Error (one line) when the store cannot be read or a parameter is bad.
bool historyJson(const std::string &StoreUrl,
                 const std::map<std::string, std::string> &Params,
                 std::string &Json, std::string &Error);

const char *historyPageHtml();

} // namespace hotpath::tool::serve

#endif // HOTPATH_TOOL_SERVE_HISTORYPAGE_H
