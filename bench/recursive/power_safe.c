// verdict: safe
// Naive power b^e agrees with square-and-multiply power for b in -3..3, e in 0..10.
// Linear recursion compared against halving recursion.
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__((__nothrow__, __leaf__)) __attribute__((__noreturn__));
void reach_error() { __assert_fail("0", "power_safe.c", 6, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error(); abort();} } return; }
int power(int b, int e) {
  if (e == 0) return 1;
  return b * power(b, e - 1);
}
int fast_power(int b, int e) {
  if (e == 0) return 1;
  int h = fast_power(b, e / 2);
  if (e % 2 == 0) return h * h;
  return b * h * h;
}
int main(void) {
  int b = __VERIFIER_nondet_int();
  int e = __VERIFIER_nondet_int();
  if (b < -3 || b > 3) return 0;
  if (e < 0 || e > 10) return 0;
  __VERIFIER_assert(power(b, e) == fast_power(b, e));
  return 0;
}
