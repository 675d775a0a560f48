// A calloc'd block of a run-time size reads as zeroes.
// verdict: safe
// decided: O0 O2 (spacer-cells)
#include <assert.h>
#include <stdlib.h>
extern int __VERIFIER_nondet_int(void);
int main(void) {
  int n = __VERIFIER_nondet_int();
  if (n < 1 || n > 1000) return 0;
  int *z = calloc(n, sizeof(int));
  if (!z) return 0;
  int k = __VERIFIER_nondet_int();
  if (k < 0 || k >= n) return 0;
  assert(z[k] == 0);
  free(z);
  return 0;
}
