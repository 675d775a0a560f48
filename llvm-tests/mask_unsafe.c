// Bit operations with constant masks must be encoded, never skipped.
// verdict: unsafe
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int main(void) {
  int x = __VERIFIER_nondet_int();
  int low = x & 255;
  int flipped = x ^ -1;
  if (low == 200 && flipped == -457) reach_error();
  return 0;
}
