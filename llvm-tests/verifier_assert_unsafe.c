// __VERIFIER_assert defined in the file, as SV-COMP tasks do; it is inlined.
// verdict: unsafe
extern void abort(void);
extern void __assert_fail(const char *, const char *, unsigned int, const char *);
void reach_error() { __assert_fail("0", "verifier_assert_unsafe.c", 4, "reach_error"); }
void __VERIFIER_assert(int cond) { if (!cond) { ERROR: { reach_error(); abort(); } } return; }
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int a = __VERIFIER_nondet_int();
  if (a < 0 || a > 100) return 0;
  int s = 0;
  for (int i = 0; i < a; i++) s += 3;
  __VERIFIER_assert(s != 30);
  return 0;
}
