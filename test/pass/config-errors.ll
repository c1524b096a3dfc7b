; A bad hotpath.toml stops the compile with the file, the line, the column
; and the problem (SPEC 3.2): nothing is silently ignored.
;
; RUN: env HOTPATH_CONFIG=%S/Inputs/config-bad-regex.toml \
; RUN:   not %opt -passes=hotpath -S %s -o /dev/null 2>&1 \
; RUN:   | FileCheck %s --check-prefix=REGEX
; REGEX: error: {{.*}}Inputs{{/|\\}}config-bad-regex.toml:3:3: invalid regex '^myapp::(parser' in 'include': parentheses not balanced
;
; RUN: env HOTPATH_CONFIG=%S/Inputs/config-bad-syntax.toml \
; RUN:   not %opt -passes=hotpath -S %s -o /dev/null 2>&1 \
; RUN:   | FileCheck %s --check-prefix=SYNTAX
; SYNTAX: error: {{.*}}config-bad-syntax.toml:4:1: Error while parsing array: expected comma or closing ']', saw 'm'
;
; RUN: env HOTPATH_CONFIG=%S/Inputs/config-unknown-key.toml \
; RUN:   not %opt -passes=hotpath -S %s -o /dev/null 2>&1 \
; RUN:   | FileCheck %s --check-prefix=KEY
; KEY: error: {{.*}}config-unknown-key.toml:4:1: unknown key 'excludes' in [functions] (did you mean 'exclude'?); allowed keys: include, exclude, files, main, min_instructions, measure_inline_helpers
;
; RUN: env HOTPATH_CONFIG=%S/Inputs/config-unknown-table.toml \
; RUN:   not %opt -passes=hotpath -S %s -o /dev/null 2>&1 \
; RUN:   | FileCheck %s --check-prefix=TABLE
; TABLE: error: {{.*}}config-unknown-table.toml:4:2: unknown table [function]; hotpath.toml has one table: [functions]
;
; RUN: env HOTPATH_CONFIG=%S/Inputs/config-bad-type.toml \
; RUN:   not %opt -passes=hotpath -S %s -o /dev/null 2>&1 \
; RUN:   | FileCheck %s --check-prefix=TYPE
; TYPE: error: {{.*}}config-bad-type.toml:2:8: 'main' must be a boolean (true or false), not a string
;
; RUN: env HOTPATH_CONFIG=%S/Inputs/config-negative.toml \
; RUN:   not %opt -passes=hotpath -S %s -o /dev/null 2>&1 \
; RUN:   | FileCheck %s --check-prefix=NEG
; NEG: error: {{.*}}config-negative.toml:3:20: 'min_instructions' must be a non-negative integer, not -5
;
; HOTPATH_CONFIG naming a missing file is an error, not "no config".
; RUN: env HOTPATH_CONFIG=%S/Inputs/config-does-not-exist.toml \
; RUN:   not %opt -passes=hotpath -S %s -o /dev/null 2>&1 \
; RUN:   | FileCheck %s --check-prefix=MISSING
; MISSING: error: HOTPATH_CONFIG={{.*}}config-does-not-exist.toml: no such file

define i32 @f(i32 %x) {
  ret i32 %x
}
