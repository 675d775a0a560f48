/* Three branches, eight ways through them, six feasible: `ufo verify
   --engine tracer --tests DIR` writes a test per path it explores to the end. */
#include <assert.h>
#include <stdio.h>
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int a = __VERIFIER_nondet_int();
  int b = __VERIFIER_nondet_int();
  int s = 0;
  if (a > 10)
    s += 1;
  else
    s += 2;
  if (b < a)
    s += 4;
  if (a == 42)
    s += 8;
  printf("%d\n", s);
  assert(s != 10); /* 2 + 8 needs a <= 10 and a == 42 */
  return 0;
}
