// verdict: unsafe
// The claim *acc <= 4 * n first fails at n = 8 (36 > 32).
// A recursive function that writes through a pointer argument.
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__((__nothrow__, __leaf__)) __attribute__((__noreturn__));
void reach_error() { __assert_fail("0", "sum_ptr_unsafe.c", 6, "reach_error"); }
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
  __VERIFIER_assert(s <= 4 * n);
  return 0;
}
