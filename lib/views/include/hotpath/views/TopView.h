//===- TopView.h - The screen of `hotpath top` ------------------*- C++ -*-===//
//
// One frame of the live view from two reports of the same running
// program, the current snapshot and the one before it: the busiest
// functions by total time or by the rate over the last interval, with
// calls, calls per second, avg, p95 and bytes allocated, sorted by a key.
// Pure text (the command adds the terminal's escapes), so that `--once`
// and the tests see exactly what the screen shows.
//
//===----------------------------------------------------------------------===//
#ifndef HOTPATH_VIEWS_TOPVIEW_H
#define HOTPATH_VIEWS_TOPVIEW_H

#include "hotpath/report/Report.h"

#include <string>

namespace hotpath::views {

enum class TopSort { Total, Rate, Calls, CallRate, Avg, P95, Alloc };

/// The key that picks each sort ('t', 'r', 'c', 's', 'a', 'p', 'm'), and
/// the reverse; false for any other.
bool topSortOfKey(char Key, TopSort &Out);
bool topSortOfName(const std::string &Name, TopSort &Out);
const char *topSortName(TopSort S);

struct TopFrame {
  std::string Title;  // the file, and whether the program still runs
  size_t Width = 100; // columns
  size_t Rows = 20;   // function rows at most
  size_t Height = 0;  // lines the frame must fit in (0: no limit)
  // Columns of the names: 0 what the width leaves, SIZE_MAX the longest.
  size_t NameWidth = 0;
  bool Help = true; // the keys line
};

/// Cur: the newest report; Prev: the one before it (or null: no rate yet).
std::string renderTop(const report::Report &Cur, const report::Report *Prev,
                      TopSort Sort, const TopFrame &F);

} // namespace hotpath::views

#endif // HOTPATH_VIEWS_TOPVIEW_H
