// Nested loops: the inner counter never exceeds the outer bound.
// (LLVM 19's -O2 leaves no loop here: tests/fig1.rs uses counters_safe.c at O2)
// verdict: safe
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 0 || n > 1000) return 0;
  int total = 0;
  for (int i = 0; i < n; i++) {
    for (int j = 0; j < i; j++) {
      if (j >= n) reach_error();
      total++;
    }
  }
  return total;
}
