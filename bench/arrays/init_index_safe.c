// Each cell holds its index; every cell is checked in a second loop.
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *) __attribute__((__nothrow__, __leaf__)) __attribute__((__noreturn__));
void reach_error() { __assert_fail("0", "init_index_safe.c", 3, "reach_error"); }
extern int __VERIFIER_nondet_int(void);
void __VERIFIER_assert(int cond) { if (!(cond)) { ERROR: {reach_error(); abort();} } return; }
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 0 || n > 10000) return 0;
  int a[10000];
  for (int i = 0; i < n; i++) a[i] = i;
  for (int j = 0; j < n; j++) __VERIFIER_assert(a[j] == j);
  return 0;
}
