/* Fig. 3(b) of Jaffar, Navas, Santosa (TRACER, §3): with a bug: two trips reach
   the error (N = 2). */
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
  assert(y + n != 4);
  return 0;
}
