extern int __VERIFIER_nondet_int(void);
extern void reach_error(void);
/* From an even start the loop never ends (i stays even and wraps): the
   error after it is never reached. C11 lets a compiler assume the loop ends
   (clang marks it mustprogress) and delete it; the replay must not. */
int main(void) {
  unsigned int i = __VERIFIER_nondet_int();
  while (i != 1)
    i += 2;
  reach_error();
  return 0;
}
