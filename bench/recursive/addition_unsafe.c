// verdict: unsafe
// The negative branch increments the accumulator, so add(m, n) = m - n for n < 0 (e.g. m = 0, n = -1).
// Tail recursion with an accumulator, for positive and negative n.
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__((__nothrow__, __leaf__)) __attribute__((__noreturn__));
void reach_error() { __assert_fail("0", "addition_unsafe.c", 6, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error(); abort();} } return; }
int add(int m, int n) {
  if (n == 0) return m;
  if (n > 0) return add(m + 1, n - 1);
  return add(m + 1, n + 1);
}
int main(void) {
  int m = __VERIFIER_nondet_int();
  int n = __VERIFIER_nondet_int();
  if (m < -20 || m > 20) return 0;
  if (n < -20 || n > 20) return 0;
  int r = add(m, n);
  __VERIFIER_assert(r == m + n);
  return 0;
}
