/* Fig. 2 of Jaffar, Navas, Santosa (TRACER, §2), after BLAST's lock
   example: the loop's invariant keeps flag == 1 with a bug: the unlock forgets to count. */
#include <assert.h>
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int old = __VERIFIER_nondet_int();
  int lock = 0, new = old + 1, flag = 1;
  if (old > 1000000) return 0;
  while (new != old) {
    lock = 1;
    old = new;
    if (__VERIFIER_nondet_int()) {
      lock = 0;
      ;
    }
  }
  assert(flag == 1);
  assert(lock != 0);
  return 0;
}
