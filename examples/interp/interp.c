/* A small stack-based bytecode interpreter, in plain C.
 *
 * It assembles a tiny program from text (one instruction per line), then
 * interprets it: `fib` computes Fibonacci numbers the slow, recursive way,
 * so the interpreter spends its time in calls, arithmetic and branches.
 *
 *   interp [n]      prints fib(0..n) (default n = 20)
 *
 * Nothing in this file knows about hotpath: hotpath.toml beside it selects
 * the functions to measure by their names.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

enum opcode {
  OP_PUSH, /* push the immediate                  */
  OP_ARG,  /* push the current frame's argument   */
  OP_ADD,  /* a b -> a + b                        */
  OP_SUB,  /* a b -> a - b                        */
  OP_LT,   /* a b -> (a < b)                      */
  OP_JZ,   /* pop; jump to the immediate if zero  */
  OP_JMP,  /* jump to the immediate               */
  OP_CALL, /* pop the argument, call the function */
  OP_RET,  /* return the top of the stack         */
};

struct insn {
  enum opcode op;
  long imm;
};

#define MAX_CODE 256
#define MAX_LABELS 32
#define STACK_SIZE 4096

struct program {
  struct insn code[MAX_CODE];
  int size;
  char labels[MAX_LABELS][16];
  int label_pc[MAX_LABELS];
  int nlabels;
};

struct vm {
  const struct program *prog;
  long stack[STACK_SIZE];
  int sp;
  long steps; /* instructions executed */
};

/* fib(n) = n < 2 ? n : fib(n - 1) + fib(n - 2) */
static const char *const fib_source = "fib:\n"
                                      "  arg\n"
                                      "  push 2\n"
                                      "  lt\n"
                                      "  jz recurse\n"
                                      "  arg\n"
                                      "  ret\n"
                                      "recurse:\n"
                                      "  arg\n"
                                      "  push 1\n"
                                      "  sub\n"
                                      "  call fib\n"
                                      "  arg\n"
                                      "  push 2\n"
                                      "  sub\n"
                                      "  call fib\n"
                                      "  add\n"
                                      "  ret\n";

static int vm_find_label(const struct program *p, const char *name) {
  for (int i = 0; i < p->nlabels; ++i)
    if (strcmp(p->labels[i], name) == 0)
      return i;
  return -1;
}

static void vm_fail(const char *what, const char *line) {
  fprintf(stderr, "interp: %s: '%s'\n", what, line);
  exit(2);
}

/* Two passes: labels first, so that jumps and calls may refer forward. */
static void vm_assemble(const char *src, struct program *p) {
  static const struct {
    const char *name;
    enum opcode op;
    int operand; /* 0 none, 1 number, 2 label */
  } table[] = {{"push", OP_PUSH, 1}, {"arg", OP_ARG, 0},   {"add", OP_ADD, 0},
               {"sub", OP_SUB, 0},   {"lt", OP_LT, 0},     {"jz", OP_JZ, 2},
               {"jmp", OP_JMP, 2},   {"call", OP_CALL, 2}, {"ret", OP_RET, 0}};
  memset(p, 0, sizeof *p);
  for (int pass = 0; pass < 2; ++pass) {
    int pc = 0;
    for (const char *line = src; *line;) {
      const char *end = strchr(line, '\n');
      size_t len = end ? (size_t)(end - line) : strlen(line);
      char buf[64], word[16], arg[16];
      if (len >= sizeof buf)
        vm_fail("line too long", line);
      memcpy(buf, line, len);
      buf[len] = '\0';
      line += len + (end != NULL);
      int n = sscanf(buf, " %15[a-z_0-9:] %15s", word, arg);
      if (n < 1)
        continue;
      size_t wl = strlen(word);
      if (word[wl - 1] == ':') {
        if (pass == 0) {
          word[wl - 1] = '\0';
          strcpy(p->labels[p->nlabels], word);
          p->label_pc[p->nlabels++] = pc;
        }
        continue;
      }
      size_t k = 0;
      while (k < sizeof table / sizeof table[0] && strcmp(table[k].name, word))
        ++k;
      if (k == sizeof table / sizeof table[0])
        vm_fail("unknown instruction", buf);
      if ((table[k].operand != 0) != (n == 2))
        vm_fail("wrong operand", buf);
      if (pass == 1) {
        struct insn *in = &p->code[pc];
        in->op = table[k].op;
        if (table[k].operand == 1) {
          in->imm = strtol(arg, NULL, 10);
        } else if (table[k].operand == 2) {
          int l = vm_find_label(p, arg);
          if (l < 0)
            vm_fail("unknown label", buf);
          in->imm = p->label_pc[l];
        }
      }
      if (++pc == MAX_CODE)
        vm_fail("program too long", buf);
    }
    p->size = pc;
  }
}

static void vm_push(struct vm *m, long v) {
  if (m->sp == STACK_SIZE) {
    fputs("interp: stack overflow\n", stderr);
    exit(3);
  }
  m->stack[m->sp++] = v;
}

static long vm_pop(struct vm *m) { return m->stack[--m->sp]; }

/* Runs the function at `pc` with argument `arg` until its `ret`. A bytecode
 * call is a C call, so every interpreted call is one call of vm_execute. */
static long vm_execute(struct vm *m, int pc, long arg) {
  const struct insn *code = m->prog->code;
  for (;;) {
    const struct insn *in = &code[pc++];
    ++m->steps;
    switch (in->op) {
    case OP_PUSH:
      vm_push(m, in->imm);
      break;
    case OP_ARG:
      vm_push(m, arg);
      break;
    case OP_ADD: {
      long b = vm_pop(m);
      vm_push(m, vm_pop(m) + b);
      break;
    }
    case OP_SUB: {
      long b = vm_pop(m);
      vm_push(m, vm_pop(m) - b);
      break;
    }
    case OP_LT: {
      long b = vm_pop(m);
      vm_push(m, vm_pop(m) < b);
      break;
    }
    case OP_JZ:
      if (vm_pop(m) == 0)
        pc = (int)in->imm;
      break;
    case OP_JMP:
      pc = (int)in->imm;
      break;
    case OP_CALL:
      vm_push(m, vm_execute(m, (int)in->imm, vm_pop(m)));
      break;
    case OP_RET:
      return vm_pop(m);
    }
  }
}

static long vm_call(struct vm *m, const char *fn, long arg) {
  int l = vm_find_label(m->prog, fn);
  if (l < 0)
    vm_fail("no such function", fn);
  return vm_execute(m, m->prog->label_pc[l], arg);
}

int main(int argc, char **argv) {
  long n = argc > 1 ? strtol(argv[1], NULL, 10) : 20;
  if (n < 0 || n > 40) {
    fputs("usage: interp [n], 0 <= n <= 40\n", stderr);
    return 2;
  }
  static struct program prog;
  vm_assemble(fib_source, &prog);
  static struct vm m;
  m.prog = &prog;
  for (long i = 0; i <= n; ++i)
    printf("fib(%ld) = %ld\n", i, vm_call(&m, "fib", i));
  printf("%ld bytecode instructions executed\n", m.steps);
  return 0;
}
