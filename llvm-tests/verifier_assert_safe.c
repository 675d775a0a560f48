// __VERIFIER_assert declared but not defined: a builtin. __VERIFIER_assume restricts inputs.
// verdict: safe
extern int __VERIFIER_nondet_int(void);
extern void __VERIFIER_assert(int);
extern void __VERIFIER_assume(int);
int main(void) {
  int a = __VERIFIER_nondet_int();
  __VERIFIER_assume(a > 0 && a < 1000);
  int s = 0;
  for (int i = 0; i < a; i++) s += 2;
  __VERIFIER_assert(s >= 0);
  return 0;
}
