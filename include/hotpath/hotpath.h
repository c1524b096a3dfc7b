/*===- hotpath/hotpath.h - Selection macros and the session API --*- C -*-===*
 *
 * Everything a program may write in its source to work with hotpath. None
 * of it is required: functions can be selected from hotpath.toml alone.
 *
 *   HOTPATH_MEASURE          measure this function
 *   HOTPATH_SKIP             never measure it, whatever hotpath.toml says
 *   HOTPATH_LABEL("name")    measure it and report it under this name
 *
 * The macros expand to `annotate` attributes that the pass reads; without
 * the pass they change nothing. Precedence:
 *   HOTPATH_SKIP > exclude > HOTPATH_MEASURE / HOTPATH_LABEL > include/files
 *===----------------------------------------------------------------------===*/
#ifndef HOTPATH_HOTPATH_H
#define HOTPATH_HOTPATH_H

#if defined(__clang__) || defined(__GNUC__)
#define HOTPATH_MEASURE __attribute__((annotate("hotpath.measure")))
#define HOTPATH_SKIP __attribute__((annotate("hotpath.skip")))
#define HOTPATH_LABEL(name) __attribute__((annotate("hotpath.label=" name)))
#else
#define HOTPATH_MEASURE
#define HOTPATH_SKIP
#define HOTPATH_LABEL(name)
#endif

#ifdef __cplusplus
extern "C" {
#endif

/* Begin a session explicitly (programs without an instrumented main, or
 * that want to measure a part of their run). Nested or repeated calls while
 * a session runs do nothing. */
void hotpath_session_begin(void);

/* End the session and write the report. Idempotent: only the first call
 * after a begin writes; later calls do nothing. */
void hotpath_session_end(void);

#ifdef __cplusplus
} /* extern "C" */

namespace hotpath {
/* RAII guard: begins a session on construction, ends it on destruction. */
class Session {
public:
  Session() { hotpath_session_begin(); }
  ~Session() { hotpath_session_end(); }
  Session(const Session &) = delete;
  Session &operator=(const Session &) = delete;
};
} // namespace hotpath
#endif

#endif /* HOTPATH_HOTPATH_H */
