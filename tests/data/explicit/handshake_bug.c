/* handshake_safe.c with a bug: input 9 in state 1 ends the handshake
 * without passing through state 2. */
extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
int main(void) {
  int state = 0, seen = 0, rounds = 0;
  while (state != 3) {
    int input = __VERIFIER_nondet_int();
    if (state == 0) {
      if (input == 1) state = 1;
    } else if (state == 1) {
      state = input == 2 ? 2 : input == 9 ? 3 : 0;
    } else if (state == 2) {
      seen = 1;
      state = 3;
    }
    rounds++;
  }
  if (!seen) reach_error();
  return 0;
}
