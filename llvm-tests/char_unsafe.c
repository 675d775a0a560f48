// unsigned char wraps at 256.
// verdict: unsafe
extern unsigned char __VERIFIER_nondet_uchar(void);
extern void reach_error(void);
int main(void) {
  unsigned char c = __VERIFIER_nondet_uchar();
  unsigned char d = c + 10;
  if (d < c && c == 250) reach_error();
  return 0;
}
