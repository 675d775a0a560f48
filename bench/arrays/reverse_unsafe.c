// Reverse into a second array, checked against the wrong end.
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__((__nothrow__, __leaf__)) __attribute__((__noreturn__));
void reach_error() { __assert_fail("0", "reverse_unsafe.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error(); abort();} } return; }
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n <= 1 || n > 300) return 0;
  int a[300], b[300];
  for (int i = 0; i < n; i++) a[i] = i;
  for (int i = 0; i < n; i++) b[n - 1 - i] = a[i];
  __VERIFIER_assert(b[0] == a[0]);
  return 0;
}
