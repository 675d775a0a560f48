/* Fig. 3(a) of Jaffar, Navas, Santosa (TRACER, §3): the proof needs q only. */
#include <assert.h>
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int q = 1, x, y;
  if (__VERIFIER_nondet_int())
    x = 0;
  else
    x = 1;
  if (x > 0)
    y = 0;
  else
    y = 1;
  assert(q != 0);
  return y;
}
