/* handshake_safe.c with a bug: input 9 in state 2 leads to state 5, which
 * the protocol never allows. */
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int main(void) {
  int state = 0, rounds = 0;
  while (state != 3 && state != 5) {
    int input = __VERIFIER_nondet_int();
    if (state == 0) {
      if (input == 1) state = 1;
    } else if (state == 1) {
      state = input == 2 ? 2 : 0;
    } else if (state == 2) {
      state = input == 9 ? 5 : 3;
    }
    rounds++;
  }
  if (state == 5) reach_error();
  return 0;
}
