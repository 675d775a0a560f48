// The maximum misses the last cell.
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__((__nothrow__, __leaf__)) __attribute__((__noreturn__));
void reach_error() { __assert_fail("0", "max_unsafe.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error(); abort();} } return; }
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n <= 1 || n > 1000) return 0;
  int a[1000];
  for (int i = 0; i < n; i++) a[i] = __VERIFIER_nondet_int();
  int max = a[0];
  for (int i = 1; i < n - 1; i++)
    if (a[i] > max) max = a[i];
  int x = __VERIFIER_nondet_int();
  if (x < 0 || x >= n) return 0;
  __VERIFIER_assert(a[x] <= max);
  return 0;
}
