// verdict: unsafe
// The claim C(n, k) <= n * n (n >= 1) first fails at n = 8, k = 4 (C(8, 4) = 70 > 64).
// Pascal's rule: a tree of two recursive calls per invocation.
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__((__nothrow__, __leaf__)) __attribute__((__noreturn__));
void reach_error() { __assert_fail("0", "binomial_unsafe.c", 6, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error(); abort();} } return; }
int binom(int n, int k) {
  if (k == 0 || k == n) return 1;
  return binom(n - 1, k - 1) + binom(n - 1, k);
}
int main(void) {
  int n = __VERIFIER_nondet_int();
  int k = __VERIFIER_nondet_int();
  if (n < 1 || n > 12) return 0;
  if (k < 0 || k > n) return 0;
  int c = binom(n, k);
  __VERIFIER_assert(c <= n * n);
  return 0;
}
