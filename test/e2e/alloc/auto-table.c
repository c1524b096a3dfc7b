// The table format: the allocation table appears only when a measured
// function allocated; a table of zeros says nothing, even when
// functions-alloc is asked for explicitly (one rule for every renderer).
// JSON keeps the section either way (hotpath diff compares two runs'
// sections).
// UNSUPPORTED: sanitizer
// (ASan owns malloc there: allocation tracking is off, no table to show.)
// RUN: env HOTPATH_CONFIG=%S/Inputs/hotpath.toml %clang -O1 %s -o %t %rt_shared
// RUN: env HOTPATH_OUTPUT_FORMAT=table %t 2> %t.none.txt > /dev/null
// RUN: %FileCheck %s --check-prefix=NONE < %t.none.txt
// RUN: env HOTPATH_OUTPUT_FORMAT=table %t alloc 2> %t.alloc.txt > /dev/null
// RUN: %FileCheck %s --check-prefix=ALLOC < %t.alloc.txt
// RUN: env HOTPATH_OUTPUT_FORMAT=table HOTPATH_REPORT=functions-timing,functions-alloc %t 2> %t.explicit.txt > /dev/null
// RUN: %FileCheck %s --check-prefix=NONE < %t.explicit.txt
// RUN: env HOTPATH_OUTPUT_FORMAT=table HOTPATH_REPORT=functions-timing,functions-alloc %t alloc 2> %t.explicit-alloc.txt > /dev/null
// RUN: %FileCheck %s --check-prefix=ALLOC < %t.explicit-alloc.txt
// RUN: env HOTPATH_OUTPUT_FORMAT=json HOTPATH_OUTPUT_PATH=%t.json %t > /dev/null
// RUN: %FileCheck %s --check-prefix=JSON < %t.json
// NONE: timing - 
// NONE-NOT: alloc - 
// ALLOC: alloc - 
// JSON: "functions_alloc":
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

__attribute__((noinline)) int app_sum(int n) {
  int s = 0;
  for (int i = 0; i < n; ++i)
    s += i;
  return s;
}

__attribute__((noinline)) int app_buffer(int n) {
  char *volatile p = malloc(n);
  int r = p ? n : 0;
  free(p);
  return r;
}

int main(int argc, char **argv) {
  int s = app_sum(100);
  if (argc > 1 && !strcmp(argv[1], "alloc"))
    s += app_buffer(64);
  printf("%d\n", s);
  return 0;
}
