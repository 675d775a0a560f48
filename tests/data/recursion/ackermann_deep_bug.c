#include <assert.h>
extern int __VERIFIER_nondet_int(void);
/* ack(3, 3) = 61 takes 2432 calls, 62 frames deep: no bound reaches it */
static int ack(int m, int n) { if (m == 0) return n + 1; if (n == 0) return ack(m - 1, 1); return ack(m - 1, ack(m, n - 1)); }
int main(void) { int m = __VERIFIER_nondet_int(), n = __VERIFIER_nondet_int();
  if (m < 0 || m > 3 || n < 0 || n > 3) return 0; assert(ack(m, n) != 61); return 0; }
