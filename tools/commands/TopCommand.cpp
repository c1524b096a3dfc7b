//===- TopCommand.cpp - `hotpath top FILE` --------------------------------===//
//
// Follows a snapshot file (HOTPATH_SNAPSHOT_PATH of a running program) in
// the terminal: plain ANSI (alternate screen, raw keys through termios),
// redrawn when the file changes and every --interval; the keys of
// TopView.h sort, `q` quits. --once prints one frame without escapes.
//
//===----------------------------------------------------------------------===//
#include "cli/CommandLine.h"
#include "commands/Commands.h"
#include "hotpath/report/ReportJson.h"
#include "hotpath/views/TopView.h"

#include <cerrno>
#include <csignal>
#include <cstdio>
#include <poll.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <termios.h>
#include <unistd.h>

namespace hotpath::tool {

namespace {

termios SavedTerm;
bool RawMode = false, AltScreen = false;

void restoreTerminal() {
  if (AltScreen) {
    const char Leave[] = "\x1b[?25h\x1b[?1049l";
    (void)!::write(1, Leave, sizeof Leave - 1);
    AltScreen = false;
  }
  if (RawMode) {
    tcsetattr(0, TCSAFLUSH, &SavedTerm);
    RawMode = false;
  }
}

void onStopSignal(int Sig) {
  restoreTerminal();
  signal(Sig, SIG_DFL);
  raise(Sig);
}

void terminalSize(size_t &Cols, size_t &Lines) {
  winsize W;
  if (ioctl(1, TIOCGWINSZ, &W) == 0 && W.ws_col && W.ws_row) {
    Cols = W.ws_col;
    Lines = W.ws_row;
  }
}

// The file's identity and version: a new snapshot replaces it (rename).
struct Stamp {
  ino_t Ino = 0;
  off_t Size = -1;
  timespec Mtime{};
  bool operator!=(const Stamp &O) const {
    return Ino != O.Ino || Size != O.Size || Mtime.tv_sec != O.Mtime.tv_sec ||
           Mtime.tv_nsec != O.Mtime.tv_nsec;
  }
};

bool stampOf(const std::string &Path, Stamp &S) {
  struct stat St;
  if (stat(Path.c_str(), &St) != 0)
    return false;
  S.Ino = St.st_ino;
  S.Size = St.st_size;
  S.Mtime = St.st_mtim;
  return true;
}

bool alive(int64_t Pid) {
  return Pid > 0 && (kill(pid_t(Pid), 0) == 0 || errno == EPERM);
}

} // namespace

namespace {

struct TopCommand {
  static const CommandInfo Info;
  std::string File, SortName = "total";
  bool Once = false;
  double Interval = 1.0;
  unsigned Rows = 0, NameWidth = 0;
  void declare(CLI::App &App);
  int run(const Invocation &I);
};

} // namespace

const CommandInfo TopCommand::Info = {
    "top",
    "follow a running program's snapshots in the terminal",
    "hotpath top FILE [--once] [--sort KEY] [--interval SECONDS] [--rows N] "
    "[--name-width N]",
    "Shows the busiest functions of a running program from the snapshot\n"
    "file it writes (HOTPATH_SNAPSHOT_INTERVAL, HOTPATH_SNAPSHOT_PATH),\n"
    "redrawn as the file changes: calls, calls per second and the share of\n"
    "a core over the last interval, avg, p95, total, bytes allocated.",
    "keys: t total, r rate (busy), c calls, s calls/s, a avg, p p95, m\n"
    "alloc; q quits. --once prints one frame for scripts.",
    "0 success, 2 FILE is not a report (with --once, or at the start)"};

void TopCommand::declare(CLI::App &App) {
  App.add_option("file", File, "the snapshot file (a report)")
      ->option_text("FILE");
  App.add_flag("--once", Once, "print one frame and exit");
  App.add_option("--sort", SortName,
                 "total (default), rate, calls, calls/s, avg, p95, alloc, or "
                 "the view's keys t r c s a p m")
      ->option_text("KEY")
      ->check(
          oneOf({"total", "rate", "calls", "calls/s", "avg", "p95", "alloc"},
                {"t", "r", "c", "s", "a", "p", "m"}));
  App.add_option("--interval", Interval, "seconds between redraws (default 1)")
      ->option_text("SECONDS")
      ->check(numberIn(0.05, 3600, "expects seconds from 0.05 to 3600"));
  App.add_option("--rows", Rows,
                 "function rows (default: what the terminal holds, or 20)")
      ->option_text("N")
      ->check(unsignedIn(1, 100000, "expects a number of rows from 1"));
  App.add_option("--name-width", NameWidth,
                 "columns of the function names (default: what the terminal "
                 "leaves; with --once to a pipe or file, whole names)")
      ->option_text("N")
      ->check(unsignedIn(8, 100000, "expects a number of columns from 8"));
}

int TopCommand::run(const Invocation &) {
  if (File.empty())
    return fail("missing FILE (usage: hotpath top FILE [--once])");
  views::TopSort Sort;
  views::topSortOfName(SortName, Sort); // checked by the option
  report::Report Cur;
  std::string Error;
  if (!report::readReportFile(File, Cur, Error))
    return fail(File + ": " + Error);
  size_t Cols = 100, Lines = 30;
  terminalSize(Cols, Lines);
  views::TopFrame F;
  F.Width = Cols;
  F.NameWidth = NameWidth;
  if (Once) {
    F.Title = "hotpath top: " + File;
    F.Rows = Rows ? Rows : 20;
    F.Help = false;
    if (!NameWidth && !isatty(1))
      F.NameWidth = SIZE_MAX; // for a script: whole names
    std::string Text = views::renderTop(Cur, nullptr, Sort, F);
    std::fwrite(Text.data(), 1, Text.size(), stdout);
    return std::fflush(stdout) == 0 ? ExitOk : ExitBadInput;
  }

  if (isatty(0) && tcgetattr(0, &SavedTerm) == 0) {
    termios Raw = SavedTerm;
    Raw.c_lflag &= ~tcflag_t(ICANON | ECHO);
    Raw.c_cc[VMIN] = 0;
    Raw.c_cc[VTIME] = 0;
    RawMode = tcsetattr(0, TCSAFLUSH, &Raw) == 0;
  }
  if (isatty(1)) {
    const char Enter[] = "\x1b[?1049h\x1b[?25l";
    (void)!::write(1, Enter, sizeof Enter - 1);
    AltScreen = true;
  }
  for (int Sig : {SIGINT, SIGTERM, SIGHUP})
    signal(Sig, onStopSignal);
  std::atexit(restoreTerminal);

  report::Report Prev;
  bool HavePrev = false;
  Stamp Seen;
  stampOf(File, Seen);
  bool Redraw = true;
  while (true) {
    Stamp Now;
    if (stampOf(File, Now) && Now != Seen) {
      report::Report Next;
      if (report::readReportFile(File, Next, Error)) {
        Prev = std::move(Cur);
        HavePrev = true;
        Cur = std::move(Next);
        Seen = Now;
        Redraw = true;
      }
    }
    if (Redraw) {
      terminalSize(Cols, Lines);
      F.Width = Cols;
      F.Height = Lines; // the frame fits, the keys line going first
      F.Rows = Rows ? Rows : Lines;
      F.Title = "hotpath top: " + File + " (" +
                (alive(Cur.M.Pid) ? "running" : "ended") + ")";
      std::string Text =
          "\x1b[H\x1b[2J" + renderTop(Cur, HavePrev ? &Prev : nullptr, Sort, F);
      std::fwrite(Text.data(), 1, Text.size(), stdout);
      std::fflush(stdout);
      Redraw = false;
    }
    pollfd P{0, POLLIN, 0};
    int R = poll(&P, 1, int(Interval * 1000));
    if (R > 0 && (P.revents & POLLIN)) {
      char C = 0;
      ssize_t N = ::read(0, &C, 1);
      if (N == 0 && !isatty(0))
        break; // stdin closed: nothing will ever ask to quit
      if (N == 1) {
        if (C == 'q' || C == 'Q')
          break;
        Redraw = views::topSortOfKey(C, Sort) || C == ' ';
      }
    } else if (R == 0) {
      Redraw = true; // "running"/"ended", and the terminal's size
    }
  }
  restoreTerminal();
  return ExitOk;
}

Command addTopCommand(CLI::App &Root) { return makeCommand<TopCommand>(Root); }

} // namespace hotpath::tool
