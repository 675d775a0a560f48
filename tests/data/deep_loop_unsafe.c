// Twelve iterations of the loop reach the error: a counterexample deeper than
// the first bounds BMC tries, which Spacer finds with the loop head kept as a
// predicate (its body inlined).
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int main(void) {
  int x = 0, y = 0;
  while (__VERIFIER_nondet_int()) {
    if (__VERIFIER_nondet_int()) x++; else y++;
    if (x == 6 && y == 6) reach_error();
  }
  return 0;
}
