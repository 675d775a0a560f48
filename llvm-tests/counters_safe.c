// Two counters that move together under a nondeterministic choice: the loop
// survives clang -O2 (LLVM 19 cannot close it), and its invariant x == 2y, y <= i
// needs refinements at every level.
// verdict: safe
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 0 || n > 1000) return 0;
  int x = 0, y = 0;
  for (int i = 0; i < n; i++) {
    if (__VERIFIER_nondet_int()) {
      x += 2;
      y += 1;
    }
  }
  if (x != 2 * y || y > n) reach_error();
  return 0;
}
