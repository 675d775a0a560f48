// Fuzz program f2026000577 (scripts/fuzz --program 2026000577): at -O0 under lia,
// Spacer's ground refutation of its clauses (x2 * x2 is nonlinear) kept Z3's nlsat
// deaf to the interrupt, 10 s past the run's limit. The oracle reaches the error.
// verdict: unsafe
extern void reach_error(void);
extern int __VERIFIER_nondet_int(void);
extern unsigned int __VERIFIER_nondet_uint(void);

int main(void) {
  unsigned int x1 = __VERIFIER_nondet_uint();
  int x2 = __VERIFIER_nondet_int();
  int x3 = __VERIFIER_nondet_int();
  if (x1 > 20u) return 0;
  if (x2 < 0 || x2 > 255) return 0;
  x1 = ((x1 + x3) - ((x3 < x1) ? x3 : x2));
  if (((unsigned short)x1) <= (-2)) {
    x3 = (x3 / 8);
  }
  x2 = ((-6) == 0u ? 32767u : (x1 % (-6)));
  unsigned long v4 = (((-7) == 0u ? 0u : (x1 / (-7))) - (x1 + x3));
  x3 >>= 5;
  v4 = (((int)((unsigned int)x2 * (unsigned int)x2)) + ((long long)x2 - x2));
  if (v4 != x1) reach_error();
  return 0;
}
