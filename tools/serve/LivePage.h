//===- LivePage.h - `hotpath serve`'s live page -----------------*- C++ -*-===//
//
// One self-contained HTML page (no external script, style or font): the
// newest report's functions as a table sorted by a click on a column, and
// its flame graph; it asks /api/report every second (If-None-Match, so an
// unchanged snapshot costs a 304) and redraws when a new snapshot has
// come. A token in the page's own URL (?token=T) is sent with each request.
//
//===----------------------------------------------------------------------===//
#ifndef HOTPATH_TOOL_SERVE_LIVEPAGE_H
#define HOTPATH_TOOL_SERVE_LIVEPAGE_H

namespace hotpath::tool::serve {

const char *livePageHtml();

} // namespace hotpath::tool::serve

#endif // HOTPATH_TOOL_SERVE_LIVEPAGE_H
