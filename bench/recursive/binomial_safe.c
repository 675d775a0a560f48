// verdict: safe
// C(n, k) <= 2^(n-1) for n >= 1, since C(n, k) = C(n-1, k-1) + C(n-1, k).
// Pascal's rule: a tree of two recursive calls per invocation.
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__((__nothrow__, __leaf__)) __attribute__((__noreturn__));
void reach_error() { __assert_fail("0", "binomial_safe.c", 6, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error(); abort();} } return; }
int binom(int n, int k) {
  if (k == 0 || k == n) return 1;
  return binom(n - 1, k - 1) + binom(n - 1, k);
}
int main(void) {
  int n = __VERIFIER_nondet_int();
  int k = __VERIFIER_nondet_int();
  if (n < 0 || n > 12) return 0;
  if (k < 0 || k > n) return 0;
  int c = binom(n, k);
  __VERIFIER_assert(n == 0 || c <= (1 << (n - 1)));
  return 0;
}
