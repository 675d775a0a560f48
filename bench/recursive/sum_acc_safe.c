// verdict: safe
// sum_acc(n, 0) = 1 + 2 + ... + n = n * (n + 1) / 2 for n in 0..24.
// Tail recursion with an accumulator.
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__((__nothrow__, __leaf__)) __attribute__((__noreturn__));
void reach_error() { __assert_fail("0", "sum_acc_safe.c", 6, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error(); abort();} } return; }
int sum_acc(int n, int acc) {
  if (n == 0) return acc;
  return sum_acc(n - 1, acc + n);
}
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 0 || n > 24) return 0;
  int r = sum_acc(n, 0);
  __VERIFIER_assert(2 * r == n * (n + 1));
  return 0;
}
