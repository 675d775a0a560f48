// verdict: safe
// The recursive maximum of a[0..n-1] is at least every element (n in 1..4, values in 0..3).
// Recursion over a pointer argument: max_arr(a + 1, n - 1).
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__((__nothrow__, __leaf__)) __attribute__((__noreturn__));
void reach_error() { __assert_fail("0", "array_max_safe.c", 6, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error(); abort();} } return; }
int max_arr(int *a, int n) {
  if (n == 1) return a[0];
  int m = max_arr(a + 1, n - 1);
  return a[0] > m ? a[0] : m;
}
int main(void) {
  int a[4];
  int n = __VERIFIER_nondet_int();
  if (n < 1 || n > 4) return 0;
  for (int i = 0; i < 4; i++) {
    a[i] = __VERIFIER_nondet_int();
    if (a[i] < 0 || a[i] > 3) return 0;
  }
  int m = max_arr(a, n);
  for (int i = 0; i < n; i++) {
    __VERIFIER_assert(m >= a[i]);
  }
  return 0;
}
