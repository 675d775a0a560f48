// clang turns (x == 16 || x == 0) into a mask test (x & ~16) == 0.
// verdict: safe
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int main(void) {
  int x = __VERIFIER_nondet_int();
  if (x == 16 || x == 0) {
    if (x != 0 && x != 16) reach_error();
    if ((x & 1) != 0) reach_error();
  }
  return 0;
}
