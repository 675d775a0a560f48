// verdict: unsafe
// A negative multiplier loses its sign: mult(1, -1) = 1 but mult(-1, 1) = -1 (a = 1, b = -1).
// Linear recursion; the negative case forgets to negate n.
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__((__nothrow__, __leaf__)) __attribute__((__noreturn__));
void reach_error() { __assert_fail("0", "mult_commutative_unsafe.c", 6, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error(); abort();} } return; }
int mult(int n, int m) {
  if (m < 0) return mult(n, -m);
  if (m == 0) return 0;
  return n + mult(n, m - 1);
}
int main(void) {
  int a = __VERIFIER_nondet_int();
  int b = __VERIFIER_nondet_int();
  if (a < -15 || a > 15) return 0;
  if (b < -15 || b > 15) return 0;
  __VERIFIER_assert(mult(a, b) == mult(b, a));
  return 0;
}
