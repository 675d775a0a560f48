// A variable that clang -O2 describes by two values (a DIArgList in its debug record).
// verdict: unsafe
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int main(void) {
  int a = __VERIFIER_nondet_int();
  int b = __VERIFIER_nondet_int();
  int d = a - b;
  int s = a * b;
  if (a > 5 && b > 2 && s == 21) reach_error();
  return d;
}
