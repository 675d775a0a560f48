// Linked with multi_helper.c: the helper's body decides the verdict.
// verdict: unsafe
// files: multi_helper.c
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int clamp(int x);
int main(void) {
  int x = __VERIFIER_nondet_int();
  if (clamp(x) == 10 && x != 10) reach_error();
  return 0;
}
