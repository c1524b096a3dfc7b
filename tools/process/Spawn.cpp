//===- Spawn.cpp - Run a child program and wait for it --------------------===//
#include "process/Spawn.h"

#include <cerrno>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <fcntl.h>
#include <spawn.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

extern char **environ;

namespace hotpath::tool {

ChildEnv::ChildEnv() {
  for (char **E = environ; *E; ++E)
    Vars.emplace_back(*E);
}

void ChildEnv::set(const std::string &Name, const std::string &Value) {
  unset(Name);
  Vars.push_back(Name + "=" + Value);
}

void ChildEnv::unset(const std::string &Name) {
  std::vector<std::string> Out;
  for (std::string &S : Vars)
    if (S.compare(0, Name.size() + 1, Name + "=") != 0)
      Out.push_back(std::move(S));
  Vars = std::move(Out);
}

namespace {
volatile sig_atomic_t Caught = 0;
bool Catching = false;
void onStop(int Sig) { Caught = Sig; }
} // namespace

void catchStopSignals() {
  Catching = true;
  for (int Sig : {SIGINT, SIGTERM, SIGHUP}) {
    struct sigaction A = {};
    A.sa_handler = onStop;
    sigemptyset(&A.sa_mask);
    sigaction(Sig, &A, nullptr);
  }
}

int stopSignal() { return Caught; }

void dieOfStopSignal() {
  int Sig = Caught ? Caught : SIGTERM;
  std::signal(Sig, SIG_DFL);
  std::raise(Sig);
  std::_Exit(128 + Sig);
}

SpawnResult spawnAndWait(const std::vector<std::string> &Argv,
                         const ChildEnv &Env, const SpawnOptions &Opts) {
  SpawnResult R;
  std::vector<char *> A, V;
  for (const std::string &S : Argv)
    A.push_back(const_cast<char *>(S.c_str()));
  A.push_back(nullptr);
  for (const std::string &S : Env.Vars)
    V.push_back(const_cast<char *>(S.c_str()));
  V.push_back(nullptr);
  posix_spawn_file_actions_t Actions;
  posix_spawn_file_actions_init(&Actions);
  if (Opts.StdoutToStderr)
    posix_spawn_file_actions_adddup2(&Actions, 2, 1);
  const int Flags = O_WRONLY | O_CREAT | O_TRUNC; // opened as fd 1 or 2
  if (!Opts.StdoutPath.empty())
    posix_spawn_file_actions_addopen(&Actions, 1, Opts.StdoutPath.c_str(),
                                     Flags, 0644);
  if (!Opts.StderrPath.empty())
    posix_spawn_file_actions_addopen(&Actions, 2, Opts.StderrPath.c_str(),
                                     Flags, 0644);
  pid_t Pid;
  int E = posix_spawnp(&Pid, A[0], &Actions, nullptr, A.data(), V.data());
  posix_spawn_file_actions_destroy(&Actions);
  if (E != 0) {
    R.Error = std::strerror(E);
    return R;
  }
  R.Started = true;
  if (Opts.MaxFileBytes) {
    struct rlimit L = {rlim_t(Opts.MaxFileBytes), rlim_t(Opts.MaxFileBytes)};
    prlimit(Pid, RLIMIT_FSIZE, &L, nullptr);
  }
  time_t Start = time(nullptr), Last = Start, KillAt = 0;
  bool Tty = isatty(2);
  bool Poll = Opts.Progress || Opts.TimeoutSeconds || Catching;
  int Status = 0;
  while (true) {
    pid_t W = waitpid(Pid, &Status, Poll ? WNOHANG : 0);
    if (W == Pid)
      break;
    time_t Now = time(nullptr);
    if (Opts.TimeoutSeconds && !R.TimedOut &&
        Now - Start >= time_t(Opts.TimeoutSeconds)) {
      R.TimedOut = true;
      kill(Pid, SIGKILL);
    }
    if (Caught && !R.Stopped) {
      R.Stopped = true;
      kill(Pid, SIGTERM);
      KillAt = Now + 2;
    }
    if (KillAt && Now >= KillAt)
      kill(Pid, SIGKILL);
    if (W < 0 && errno != EINTR) {
      R.Error = std::strerror(errno);
      R.ExitStatus = -1;
      return R;
    }
    if (Opts.Progress) {
      if (Now - Last >= (Tty ? 1 : 10)) {
        Last = Now;
        std::fprintf(stderr,
                     Tty ? "\rhotpath: %s ... %lds" : "hotpath: %s ... %lds\n",
                     Opts.Progress, long(Now - Start));
      }
    }
    if (Poll)
      usleep(Opts.Progress ? 100 * 1000 : 20 * 1000);
  }
  if (Opts.Progress && Tty && Last != Start)
    std::fputc('\n', stderr);
  if (WIFSIGNALED(Status)) {
    R.Signal = WTERMSIG(Status);
    R.ExitStatus = 128 + R.Signal;
  } else {
    R.ExitStatus = WEXITSTATUS(Status);
  }
  return R;
}

std::string findInPath(const std::string &Name) {
  if (Name.find('/') != std::string::npos)
    return access(Name.c_str(), X_OK) == 0 ? Name : "";
  const char *Path = std::getenv("PATH");
  std::string P = Path ? Path : "/usr/bin:/bin";
  size_t B = 0;
  while (B <= P.size()) {
    size_t E = P.find(':', B);
    if (E == std::string::npos)
      E = P.size();
    std::string Dir = P.substr(B, E - B);
    std::string F = (Dir.empty() ? "." : Dir) + "/" + Name;
    if (access(F.c_str(), X_OK) == 0)
      return F;
    B = E + 1;
  }
  return "";
}

} // namespace hotpath::tool
