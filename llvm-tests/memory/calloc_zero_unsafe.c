// A calloc'd block of a run-time size reads as zeroes, except where written.
// verdict: unsafe
// decided: O0 O2
#include <assert.h>
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 1 || n > 1000) return 0;
  int *z = calloc(n, sizeof(int));
  if (!z) return 0;
  int j = __VERIFIER_nondet_int();
  if (j < 0 || j >= n) return 0;
  z[j] = 1;
  int k = __VERIFIER_nondet_int();
  if (k < 0 || k >= n) return 0;
  assert(z[k] == 0);
  free(z);
  return 0;
}
