// Reverse into a second array; the ends swap places.
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__((__nothrow__, __leaf__)) __attribute__((__noreturn__));
void reach_error() { __assert_fail("0", "reverse_safe.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error(); abort();} } return; }
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n <= 0 || n > 300) return 0;
  int a[300], b[300];
  for (int i = 0; i < n; i++) a[i] = __VERIFIER_nondet_int();
  for (int i = 0; i < n; i++) b[n - 1 - i] = a[i];
  __VERIFIER_assert(b[0] == a[n - 1]);
  return 0;
}
