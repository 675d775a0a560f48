// verdict: safe
// sum_into adds n, n-1, ..., 1 into *acc, which ends up n * (n + 1) / 2 (n in 0..20).
// A recursive function that writes through a pointer argument.
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__((__nothrow__, __leaf__)) __attribute__((__noreturn__));
void reach_error() { __assert_fail("0", "sum_ptr_safe.c", 6, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error(); abort();} } return; }
void sum_into(int n, int *acc) {
  if (n <= 0) return;
  *acc = *acc + n;
  sum_into(n - 1, acc);
}
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 0 || n > 20) return 0;
  int s = 0;
  sum_into(n, &s);
  __VERIFIER_assert(2 * s == n * (n + 1));
  return 0;
}
