// Accumulator recursion: `tailcallelim` makes it a loop, proved SAFE (tests/cli.rs).
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int f(int n) { return n <= 0 ? 0 : 1 + f(n - 1); }
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (f(n) < 0) reach_error();
  return 0;
}
