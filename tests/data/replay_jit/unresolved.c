// calls a function no library defines: neither the JIT nor a link can run it
extern int __VERIFIER_nondet_int(void);
extern int ufo_test_nowhere(int);
extern void reach_error(void);
int main(void) {
  int x = __VERIFIER_nondet_int();
  if (ufo_test_nowhere(x) == 1)
    reach_error();
  return 0;
}
