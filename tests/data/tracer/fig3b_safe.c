/* Fig. 3(b) of Jaffar, Navas, Santosa (TRACER, §3): y >= 0 and n >= 0 are
   invariant (the slackened y == 0 and n == 0); with the exit's n >= N they
   refute the error after one trip through the loop. */
#include <assert.h>
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int y = __VERIFIER_nondet_int();
  int N = __VERIFIER_nondet_int();
  if (y != 0 || N > 1000)
    return 0;
  int n = 0;
  while (n < N) {
    y++;
    n++;
  }
  assert(y + n >= N);
  return 0;
}
